/**
 * `kubectl debug node/NAME --image=IMAGE` (pkg/cmd/debug: visitNode → generateNodeDebugPod): a
 * Pod named `node-debugger-<node>-xxxxx`, bound to the node by `nodeName` (no scheduler), with
 * `restartPolicy: Never`, one toleration that tolerates every taint (`operator: Exists`, so the
 * control-plane's NoSchedule taint too), the label `app.kubernetes.io/managed-by: kubectl-debug`,
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
import type { Env } from '../env';

export interface NodeDebugOptions {
  args: string[];
  argsOnly: boolean;
  container: string;
  env: { name: string; value: string }[];
  image: string;
  interactive: boolean;
  tty: boolean;
  quiet: boolean;
  pullPolicy: string;
  profile: string;
}

type SecurityContext = { privileged?: boolean; runAsNonRoot?: boolean; allowPrivilegeEscalation?: boolean; capabilities?: { add?: string[]; drop?: string[] }; seccompProfile?: { type: string } };

function sc(c: Container): SecurityContext {
  return (c.securityContext ??= {}) as SecurityContext;
}

function addCapability(c: Container, cap: string): void {
  const s = sc(c);
  s.capabilities ??= {};
  (s.capabilities.add ??= []).push(cap);
}

/** mountRootPartition: the host's `/` as the volume `host-root`, mounted at `/host`. */
function mountRootPartition(pod: Pod, c: Container): void {
  (pod.spec.volumes ??= []).push({ name: 'host-root', hostPath: { path: '/' } });
  (c.volumeMounts ??= []).push({ mountPath: '/host', name: 'host-root' });
}

function useHostNamespaces(pod: Pod): void {
  pod.spec.hostNetwork = true;
  pod.spec.hostPID = true;
  pod.spec.hostIPC = true;
}

/** Each profile's Apply for the node style (profiles.go), in its order. */
function applyNodeProfile(profile: string, pod: Pod, c: Container): void {
  switch (profile) {
    case 'legacy':
      mountRootPartition(pod, c);
      useHostNamespaces(pod);
      return;
    case 'general':
      mountRootPartition(pod, c);
      delete c.securityContext;
      useHostNamespaces(pod);
      return;
    case 'baseline':
      delete c.securityContext;
      return;
    case 'restricted': {
      delete c.securityContext;
      const s = sc(c);
      s.runAsNonRoot = true;
      s.capabilities = { drop: ['ALL'] };
      s.allowPrivilegeEscalation = false;
      s.seccompProfile = { type: 'RuntimeDefault' };
      return;
    }
    case 'netadmin':
      addCapability(c, 'NET_ADMIN');
      addCapability(c, 'NET_RAW');
      useHostNamespaces(pod);
      return;
    case 'sysadmin':
      sc(c).privileged = true;
      useHostNamespaces(pod);
      mountRootPartition(pod, c);
      return;
    default:
      return;
  }
}

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
  applyNodeProfile(o.profile, pod, c);
  return pod;
}
