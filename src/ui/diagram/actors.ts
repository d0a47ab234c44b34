/**
 * Where a trace record's sender and receiver are drawn. The trace names actors, not boxes:
 * controllers run inside kube-controller-manager, a kubelet's NodeStageVolume goes to the CSI
 * plugin on its own node, and faults come from the instructor (the user at the keyboard) and
 * name fault targets (`node/node-2`). Pure: unit-tested as data.
 */
import type { TraceRecord } from '../../engine/core/trace';
import type { ComponentSummary } from '../../protocol/messages';

/** The controllers kube-controller-manager runs, by their actor (trace) names, in start order; engine/controllers/registry.ts is the source, and this list must follow it. */
export const KCM_CONTROLLERS = [
  'endpoint-controller',
  'endpointslice-controller',
  'replication-controller',
  'pod-garbage-collector',
  'resourcequota-controller',
  'namespace-controller',
  'service-account-controller',
  'generic-garbage-collector',
  'daemon-set-controller',
  'job-controller',
  'deployment-controller',
  'replicaset-controller',
  'horizontal-pod-autoscaler',
  'disruption-controller',
  'statefulset-controller',
  'cronjob-controller',
  'csrsigning',
  'csrapproving',
  'csrcleaner',
  'node-ipam-controller',
  'node-controller',
  'persistent-volume-binder',
  'root-ca-cert-publisher',
  'taint-eviction-controller',
  'ttl-after-finished-controller',
  'ttl-controller',
  'clusterrole-aggregation-controller',
  'service-cidrs-controller',
  'validatingadmissionpolicy-status-controller',
  'bootstrap-signer',
  'token-cleaner',
] as const;

/** Optional controllers (`sim controller start sample`) run beside kube-controller-manager's own (samplecontroller/registry.ts). */
export const OPTIONAL_CONTROLLERS = ['sample-controller'] as const;

const CONTROLLER_ACTORS: ReadonlySet<string> = new Set([...KCM_CONTROLLERS, ...OPTIONAL_CONTROLLERS]);

/** The controllers cloud-controller-manager runs (controllers/cloud/registry.ts), drawn in its box. */
export const CCM_CONTROLLERS = ['cloud-node-controller', 'service-controller'] as const;

const CLOUD_CONTROLLER_ACTORS: ReadonlySet<string> = new Set(CCM_CONTROLLERS);

/** Diagram id of the CSI node plugin box drawn inside a node (the engine has one `csi` component). */
export const csiNodeId = (host: string): string => `csi-node/${host}`;
/** Diagram id of a machine's box (control plane or worker). */
export const nodeGroupId = (host: string): string => `node:${host}`;
export const USER_ID = 'user';

/** Events and Lease renewals: real messages, but background chatter that hides what happened. */
export function isNoise(r: TraceRecord): boolean {
  return r.kind === 'event' || r.kind === 'lease';
}

/** The last record worth lighting up: background chatter is skipped. */
export function lastHop(trace: readonly TraceRecord[]): TraceRecord | undefined {
  for (let i = trace.length - 1; i >= 0; i--) {
    const r = trace[i]!;
    if (!isNoise(r)) return r;
  }
  return undefined;
}

/** The controller-manager instance controllers are drawn in: the leader, else a running one, else any. */
export function managerBox(components: ReadonlyMap<string, ComponentSummary>, leaders: ReadonlySet<string>, kind: 'kube-controller-manager' | 'cloud-controller-manager' = 'kube-controller-manager'): string | undefined {
  let running: string | undefined;
  let any: string | undefined;
  for (const c of components.values()) {
    if (c.kind !== kind) continue;
    if (leaders.has(c.id)) return c.id;
    if (c.running) running ??= c.id;
    any ??= c.id;
  }
  return running ?? any;
}

/** The box an actor or fault-target name is drawn as (unknown names are returned unchanged). */
export function drawnAs(actor: string, components: ReadonlyMap<string, ComponentSummary>, leaders: ReadonlySet<string> = new Set()): string {
  if (components.has(actor)) return actor;
  if (actor === 'instructor') return USER_ID;
  // A real kubectl talking to `reconcile serve` is drawn where the terminal's kubectl is.
  if (actor === 'kubectl-external') return drawnAs('kubectl', components, leaders);
  if (CONTROLLER_ACTORS.has(actor)) return managerBox(components, leaders) ?? actor;
  if (CLOUD_CONTROLLER_ACTORS.has(actor)) return managerBox(components, leaders, 'cloud-controller-manager') ?? actor;
  const slash = actor.indexOf('/');
  if (actor.startsWith('node/') || actor.startsWith('network/')) return nodeGroupId(actor.slice(slash + 1));
  // A fault on a whole kind (`etcd` in the ha topology): drawn at its first instance.
  for (const c of components.values()) if (c.kind === actor) return c.id;
  return actor;
}

/** The two boxes a record travels between (equal for a self-hop such as an apiserver stage). */
export function hopEndpoints(r: TraceRecord, components: ReadonlyMap<string, ComponentSummary>, leaders: ReadonlySet<string> = new Set()): { from: string; to: string } {
  let from = drawnAs(r.from, components, leaders);
  let to = drawnAs(r.to, components, leaders);
  // kubelet → CSI: NodeStage/NodePublish go to the node plugin on the kubelet's machine.
  const host = (id: string): string | undefined => components.get(id)?.host;
  if (r.kind === 'csi' && from !== to) {
    if (components.get(to)?.kind === 'csi' && components.get(from)?.kind === 'kubelet') to = csiNodeId(host(from)!);
    else if (components.get(from)?.kind === 'csi' && components.get(to)?.kind === 'kubelet') from = csiNodeId(host(to)!);
  }
  // The OCI runtime has no box of its own (scene.ts): its work pulses on the container runtime's.
  if (r.kind === 'oci') to = from;
  return { from, to };
}
