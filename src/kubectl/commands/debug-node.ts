/**
 * `kubectl debug node/NAME --image=IMAGE` (pkg/cmd/debug: visitNode → generateNodeDebugPod): a
 * Pod named `node-debugger-<node>-xxxxx`, bound to the node by `nodeName` (no scheduler), with
 * `restartPolicy: Never`, one toleration that tolerates every taint (`operator: Exists`, so the
 * control-plane's NoSchedule taint too), the label `app.kubernetes.io/managed-by: kubectl-debug`
 * (since v1.34),
 * and what the profile adds for the node style (profiles.go): the host's PID, network and IPC
 * namespaces and the node's `/` as the hostPath volume `host-root` mounted at `/host`.
 *
 * Recorded with kubectl v1.35.2 against `reconcile serve` (each profile's stored Pod):
 *   general   /host + host namespaces, no securityContext (clearSecurityContext)
 *   legacy    /host + host namespaces
 *   baseline  neither, no securityContext
 *   restricted neither; runAsNonRoot, capabilities drop ALL, seccompProfile RuntimeDefault
 *             (and allowPrivilegeEscalation: false, which profiles.go sets)
 *   netadmin  host namespaces, capabilities add NET_ADMIN, NET_RAW; no /host
 *   sysadmin  /host + host namespaces, privileged
 * and `Creating debugging pod node-debugger-node-1-g8mbc with container debugger on node node-1.`
 */
import type { Container, Node, Pod } from '../../k8s/types';
import { randomSuffixes } from '../rand-suffix';
import { applyProfile, type DebugContainerOptions, type KeepFlags } from './debug-profiles';
import type { Env } from '../env';

/** The keep flags play no part in the node style. */
const NO_KEEP: KeepFlags = { labels: true, annotations: true, liveness: true, readiness: true, startup: true, initContainers: true };

export type NodeDebugOptions = DebugContainerOptions;

/** generateNodeDebugPod: the Pod to create, after printing kubectl's line naming it. */
export function nodeDebugPod(env: Env, o: NodeDebugOptions, node: Node): Pod {
  const nodeName = node.metadata.name ?? '';
  const cn = o.container || 'debugger';
  // nameSuffixFunc(5): kubectl's own randomness, drawn from the node and the moment.
  const pn = `node-debugger-${nodeName}-${randomSuffixes(`${node.metadata.uid ?? nodeName}/${env.sim.now}`)()}`;
  if (!o.quiet) env.out.out(`Creating debugging pod ${pn} with container ${cn} on node ${nodeName}.\n`);
  const c: Container = { name: cn };
  if (o.args.length) {
    if (o.argsOnly) c.args = o.args;
    else c.command = o.args;
  }
  if (o.env.length) c.env = o.env;
  if (o.image) c.image = o.image;
  if (o.pullPolicy) c.imagePullPolicy = o.pullPolicy as NonNullable<Container['imagePullPolicy']>;
  c.resources = {};
  if (o.interactive) c.stdin = true;
  c.terminationMessagePolicy = 'File';
  if (o.tty) c.tty = true;
  const pod: Pod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: pn, labels: { 'app.kubernetes.io/managed-by': 'kubectl-debug' } },
    spec: { containers: [c], nodeName, restartPolicy: 'Never', tolerations: [{ operator: 'Exists' }] },
  };
  applyProfile(o.profile, 'node', pod, cn, NO_KEEP);
  return pod;
}
