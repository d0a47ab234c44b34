/**
 * Store-shaped fixtures for the diagram's unit tests: component summaries as the worker reports
 * them for the basic topology, trace records and Pods. Nothing in the app imports this.
 */
import type { KObject, Node, Pod, Taint } from '../../k8s/types';
import type { TraceDetails, TraceKind, TraceRecord } from '../../engine/core/trace';
import type { ComponentSummary } from '../../protocol/messages';

export function comps(list: [string, ComponentSummary['kind'], string][]): Map<string, ComponentSummary> {
  return new Map(list.map(([id, kind, host]) => [id, { id, kind, host, running: true }]));
}

const nodeParts = (host: string): [string, ComponentSummary['kind'], string][] => [
  [`kubelet/${host}`, 'kubelet', host],
  [`container-runtime/${host}`, 'container-runtime', host],
  [`cni/${host}`, 'cni', host],
  [`kube-proxy/${host}`, 'kube-proxy', host],
];

export const BASIC = comps([
  ['kubectl', 'kubectl', 'workstation'],
  ['etcd', 'etcd', 'control-plane'],
  ['kube-apiserver', 'kube-apiserver', 'control-plane'],
  ['kube-scheduler', 'kube-scheduler', 'control-plane'],
  ['kube-controller-manager', 'kube-controller-manager', 'control-plane'],
  ['csi', 'csi', 'control-plane'],
  ...nodeParts('control-plane'),
  ...nodeParts('node-1'),
  ...nodeParts('node-2'),
]);

/** Three control-plane machines with one instance each of the four, and two workers. */
export const HA = (() => {
  const ha = new Map(BASIC);
  for (const id of ['etcd', 'kube-apiserver', 'kube-scheduler', 'kube-controller-manager', ...nodeParts('control-plane').map(([i]) => i)]) ha.delete(id);
  const out = new Map<string, ComponentSummary>();
  for (const [id, c] of ha) if (c.kind === 'kubectl') out.set(id, c);
  for (const i of [1, 2, 3]) {
    for (const kind of ['etcd', 'kube-apiserver', 'kube-scheduler', 'kube-controller-manager'] as const) out.set(`${kind}-${i}`, { id: `${kind}-${i}`, kind, host: `control-plane-${i}`, running: true });
    for (const [id, kind, host] of nodeParts(`control-plane-${i}`)) out.set(id, { id, kind, host, running: true });
  }
  out.set('csi', { id: 'csi', kind: 'csi', host: 'control-plane-1', running: true });
  for (const [id, c] of ha) if (!out.has(id)) out.set(id, c);
  return out;
})();

/** A Node object with its Ready condition (`undefined`: none yet) and taints. */
export function node(name: string, ready: 'True' | 'False' | 'Unknown' | undefined, taints: Taint[] = []): [string, KObject] {
  const n: Node = { apiVersion: 'v1', kind: 'Node', metadata: { name }, spec: { taints }, status: ready ? { conditions: [{ type: 'Ready', status: ready }] } : {} } as Node;
  return [`nodes/${name}`, n];
}

/** BASIC with some components changed (running, details). */
export function withComponent(base: ReadonlyMap<string, ComponentSummary>, id: string, patch: Partial<ComponentSummary>): Map<string, ComponentSummary> {
  const out = new Map(base);
  out.set(id, { ...base.get(id)!, ...patch });
  return out;
}

const POD = { namespace: 'default', name: 'web' };

/** A plausible detail for each kind, for tests that care only about who talked to whom. */
const SAMPLE: { [K in TraceKind]: TraceDetails[K] } = {
  request: { type: 'resource', method: 'POST', verb: 'create', path: '/api/v1/namespaces/default/pods', group: '', version: 'v1', resource: 'pods', namespace: 'default', user: 'kubernetes-admin' },
  authn: { user: 'kubernetes-admin' },
  authz: { allowed: true, verb: 'create', resource: 'pods' },
  'mutating-admission': { result: 'unchanged' },
  validation: { result: 'valid' },
  'validating-admission': { result: 'admitted', operation: 'create' },
  'etcd-write': { op: 'create', key: '/registry/pods/default/web' },
  'etcd-commit': { type: 'committed', revision: 2, quorum: 1, members: 1 },
  'etcd-read': { key: '/registry/pods/default/web' },
  response: { type: 'status', code: 201, reason: 'Created' },
  watch: { type: 'event', event: 'ADDED', resource: 'pods', dropped: false },
  reconcile: { type: 'sync', controller: 'replicaset', key: 'default/web' },
  schedule: { result: 'scheduled', pod: POD, evaluated: 1, total: 1, feasible: 1, scores: [], selected: 'node-1' },
  cri: { service: 'RuntimeService', call: 'CreateContainer', pod: POD, container: 'c' },
  cni: { op: 'ADD', pod: POD, ip: '10.244.1.2' },
  oci: { runtime: 'runc', op: 'create', id: 'a'.repeat(64), pod: POD, container: 'web' },
  csi: { call: 'NodePublishVolume', volume: 'pv-1', path: '/var/lib/kubelet/pods/uid/volumes/kubernetes.io~csi/pv-1/mount' },
  probe: { probe: 'readiness', pod: POD, container: 'c', result: 'success' },
  event: { type: 'Normal', reason: 'Scheduled', message: 'Successfully assigned default/web to node-1' },
  lease: { method: 'PUT', namespace: 'kube-system', name: 'kube-scheduler' },
  process: { pod: POD, podUID: 'uid', container: 'c', exitCode: 0, reason: 'Completed' },
  pleg: { pod: POD, podUID: 'uid', events: [{ type: 'ContainerStarted', container: 'c' }] },
  fault: { target: 'kube-scheduler', active: true, action: 'stop' },
  proxy: { type: 'sync', services: 1, endpoints: 1 },
};

/** A record as the engine would send it; `summary` is a placeholder, since no view reads it. */
export function rec<K extends TraceKind = 'request'>(seq: number, from: string, to: string, kind?: K, detail?: TraceDetails[K]): TraceRecord {
  const k = kind ?? 'request';
  return { seq, at: seq, from, to, kind: k, detail: detail ?? SAMPLE[k], summary: '-' } as TraceRecord;
}

export function pod(name: string, node: string, status: Pod['status'] = { phase: 'Pending' }, containers = ['c'], meta: { namespace?: string; owner?: string } = {}): [string, KObject] {
  const namespace = meta.namespace ?? 'default';
  const metadata: Pod['metadata'] = { name, namespace };
  if (meta.owner) metadata.ownerReferences = [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: meta.owner, uid: `uid-${meta.owner}`, controller: true }];
  return [`pods/${namespace}/${name}`, { apiVersion: 'v1', kind: 'Pod', metadata, spec: { nodeName: node, containers: containers.map((c) => ({ name: c, image: 'nginx' })) }, status } as Pod];
}

/** A Running Pod whose containers are all ready, as kubectl shows it: 1/1 Running; `ready` is its Ready condition. */
export function runningPod(name: string, node: string, ready: 'True' | 'False' = 'True', owner?: string): [string, KObject] {
  const status: Pod['status'] = {
    phase: 'Running',
    conditions: [{ type: 'Ready', status: ready }],
    containerStatuses: [{ name: 'c', ready: true, restartCount: 0, image: 'nginx', imageID: '', state: { running: { startedAt: 'x' } }, lastState: {} }],
  };
  return pod(name, node, status, ['c'], owner ? { owner } : {});
}
