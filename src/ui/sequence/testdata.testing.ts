/**
 * Test support: trace records of a real run — `kubectl apply -f go-api.yaml` on seed 1, the worker
 * host in-process, records as the page receives them in diffs — cut down to one story: the
 * Deployment's GET (404) and create, the ReplicaSet's create, one Pod from generateName to
 * readiness, its Events and one Lease read. Records are found by what they are (their detail),
 * not by seq, so the fixture follows the engine as it changes.
 */
import { readFileSync } from 'node:fs';
import type { TraceRecord } from '../../engine/core/trace';
import { PROTOCOL_VERSION } from '../../protocol/messages';
import { createSimHost } from '../../worker/host';

/** A record as JSON spells it: ids and times without their compile-time brands. */
export type RawRecord = Omit<TraceRecord, 'at' | 'from' | 'to'> & { at: number; from: string; to: string };

/** Brands are compile-time only (engine/core/ids.ts), so this is a cast, not a conversion. */
export const records = (raw: readonly RawRecord[]): readonly TraceRecord[] => raw as readonly TraceRecord[];

export interface GoApiRun {
  /** The story's records, in trace order. */
  trace: readonly TraceRecord[];
  /** The followed Pod (the ReplicaSet controller's first) and its ReplicaSet. */
  pod: string;
  replicaSet: string;
  /** Every record of each API request in the story: request, stages, etcd, response. */
  requests: Record<'getDeployment' | 'createDeployment' | 'createReplicaSet' | 'createPod' | 'bind', readonly TraceRecord[]>;
  /** Single hops of the story. */
  hops: Record<
    | 'watchDeployment'
    | 'reconcileDeployment'
    | 'podCreatedEvent'
    | 'watchPodReplicaSet'
    | 'watchPodScheduler'
    | 'schedule'
    | 'scheduledEvent'
    | 'sandbox'
    | 'cniAdd'
    | 'pull'
    | 'lease'
    | 'createContainer'
    | 'startContainer'
    | 'readiness',
    TraceRecord
  >;
  /** The whole run after the apply, unfiltered. */
  all: readonly TraceRecord[];
  /** When the cluster was handed over (the snapshot's `bootedAt`): `T+0` of every time label. */
  bootedAt: number;
}

let cached: GoApiRun | undefined;

function fullRun(): { trace: TraceRecord[]; bootedAt: number } {
  const out: TraceRecord[] = [];
  let bootedAt = 0;
  const host = createSimHost((m) => {
    if (m.type === 'snapshot') bootedAt = m.bootedAt;
    if (m.type === 'diff') out.push(...structuredClone(m.trace));
    if (m.type === 'error') throw new Error(m.message);
  });
  const manifest = readFileSync(new URL('../../../examples/manifests/go-api.yaml', import.meta.url), 'utf8');
  host.handle({ type: 'init', protocol: PROTOCOL_VERSION, epoch: 1, seed: 1, topology: 'basic', files: { 'go-api.yaml': manifest } });
  ['kubectl apply -f go-api.yaml', 'sim advance 20s'].forEach((line, i) => host.handle({ type: 'command', id: i + 1, line }));
  return { trace: out, bootedAt };
}

function first(all: readonly TraceRecord[], what: string, pred: (r: TraceRecord) => boolean): TraceRecord {
  const r = all.find(pred);
  if (!r) throw new Error(`the go-api run has no ${what}`);
  return r;
}

/** The request record `pred` picks, with every record that shares its requestId. */
function request(all: readonly TraceRecord[], what: string, pred: (d: Extract<TraceRecord, { kind: 'request' }>) => boolean): TraceRecord[] {
  const req = first(all, what, (r) => r.kind === 'request' && pred(r));
  return all.filter((r) => r.requestId === req.requestId);
}

export function goApiRun(): GoApiRun {
  if (cached) return cached;
  const { trace: all, bootedAt } = fullRun();
  const api = (r: Extract<TraceRecord, { kind: 'request' }>) => (r.detail.type === 'resource' ? r.detail : undefined);
  const createPod = request(all, 'Pod create', (r) => r.from === 'replicaset-controller' && api(r)?.verb === 'create' && api(r)?.resource === 'pods');
  const created = createPod.find((r) => r.kind === 'response');
  const pod = created?.kind === 'response' && created.detail.type === 'status' ? (created.detail.object?.name ?? '') : '';
  const replicaSet = pod.slice(0, pod.lastIndexOf('-'));
  const aboutPod = (r: TraceRecord) => r.object?.kind === 'Pod' && r.object.name === pod;
  const requests: GoApiRun['requests'] = {
    getDeployment: request(all, 'Deployment GET', (r) => r.from === 'kubectl' && api(r)?.verb === 'get' && api(r)?.resource === 'deployments'),
    createDeployment: request(all, 'Deployment create', (r) => r.from === 'kubectl' && api(r)?.verb === 'create'),
    createReplicaSet: request(all, 'ReplicaSet create', (r) => r.from === 'deployment-controller' && api(r)?.verb === 'create' && api(r)?.resource === 'replicasets'),
    createPod,
    bind: request(all, 'binding', (r) => api(r)?.subresource === 'binding' && api(r)?.name === pod),
  };
  const bound = requests.bind.at(-1)!.seq;
  const cri = (call: string) => first(all, call, (r) => r.kind === 'cri' && r.detail.call === call && aboutPod(r));
  const hops: GoApiRun['hops'] = {
    watchDeployment: first(all, 'Deployment ADDED', (r) => r.kind === 'watch' && r.to === 'deployment-controller' && r.object?.kind === 'Deployment'),
    reconcileDeployment: first(all, 'Deployment reconcile', (r) => r.kind === 'reconcile' && r.detail.type === 'sync' && r.detail.key === 'default/go-api'),
    podCreatedEvent: first(all, 'SuccessfulCreate', (r) => r.kind === 'event' && 'reason' in r.detail && r.detail.reason === 'SuccessfulCreate' && r.detail.message.endsWith(pod)),
    watchPodReplicaSet: first(all, 'Pod ADDED to the ReplicaSet controller', (r) => r.kind === 'watch' && r.to === 'replicaset-controller' && aboutPod(r)),
    watchPodScheduler: first(all, 'Pod ADDED to kube-scheduler', (r) => r.kind === 'watch' && r.to === 'kube-scheduler' && aboutPod(r)),
    schedule: first(all, 'schedule', (r) => r.kind === 'schedule' && r.detail.pod.name === pod),
    scheduledEvent: first(all, 'Scheduled', (r) => r.kind === 'event' && 'reason' in r.detail && r.detail.reason === 'Scheduled' && r.detail.message.includes(`/${pod} `)),
    sandbox: cri('RunPodSandbox'),
    cniAdd: first(all, 'CNI ADD', (r) => r.kind === 'cni' && r.detail.op === 'ADD' && r.detail.pod.name === pod),
    pull: cri('PullImage'),
    lease: first(all, 'Lease renewal', (r) => r.kind === 'lease' && r.seq > bound && r.from === 'kube-controller-manager' && r.detail.method === 'PUT'),
    createContainer: cri('CreateContainer'),
    startContainer: cri('StartContainer'),
    readiness: first(all, 'readiness', (r) => r.kind === 'probe' && r.detail.probe === 'readiness' && r.detail.result === 'success' && r.detail.pod.name === pod),
  };
  const picked = new Set<TraceRecord>([...Object.values(requests).flat(), ...Object.values(hops)]);
  cached = { trace: all.filter((r) => picked.has(r)), pod, replicaSet, requests, hops, all, bootedAt };
  return cached;
}
