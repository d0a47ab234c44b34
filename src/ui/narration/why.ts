/**
 * why(record): the one plain sentence that says why a message exists, where the message alone
 * would puzzle a learner — a 404 that is not a failure, a watch event that is nobody's reply, a
 * controller writing status, the first readiness probe failing. Undefined where the message
 * speaks for itself. Reads only kinds and typed details (engine/core/trace.ts).
 *
 * `before` is the trace up to and including the record (read backwards a bounded distance);
 * `after` is what the tape holds after it. Looking ahead is sound here: the tape is a recording,
 * and a kubectl command's requests are all on it once the command has run (kubectl apply's GET is
 * only recognisable as apply's by the POST or PATCH that follows it).
 */
import type { TraceRecord, TraceRecordOf } from '../../engine/core/trace';
import type { MessageKey } from '../i18n/catalog';
import type { Say } from './words';
import { WHY_LOOKAHEAD } from './lookahead';

export { WHY_LOOKAHEAD };

/** How far narration looks back (a request's record) and ahead (kubectl's next request, lookahead.ts). */
const LOOKBACK = 600;

type ResourceRequest = Extract<TraceRecordOf<'request'>['detail'], { type: 'resource' }>;

function resource(r: TraceRecordOf<'request'>): ResourceRequest | undefined {
  return r.detail.type === 'resource' ? r.detail : undefined;
}

function requestOf(before: readonly TraceRecord[], requestId: number | undefined): TraceRecordOf<'request'> | undefined {
  if (requestId === undefined) return undefined;
  for (let i = before.length - 1, seen = 0; i >= 0 && seen < LOOKBACK; i--, seen++) {
    const r = before[i]!;
    if (r.kind === 'request' && r.requestId === requestId) return r;
  }
  return undefined;
}

/** kubectl's next request after a GET of the same object in the same command: a create or patch means `kubectl apply`. */
function applyFollows(get: TraceRecordOf<'request'>, after: readonly TraceRecord[]): boolean {
  const d = resource(get);
  if (!d || d.verb !== 'get' || !d.name) return false;
  for (const r of after) {
    if (r.kind !== 'request' || r.from !== get.from) continue;
    const next = resource(r);
    // One kubectl invocation runs within its own simulated millisecond; a later one is another command.
    if (!next || r.at !== get.at) return false;
    // kubectl exec/cp/attach GET the Pod too, then create its `exec` subresource: not an apply.
    if (next.subresource !== undefined) return false;
    return next.resource === d.resource && next.namespace === d.namespace && (next.verb === 'create' || (next.verb === 'patch' && next.name === d.name));
  }
  return false;
}

function isController(id: string): boolean {
  return id.endsWith('-controller') || id === 'kube-controller-manager' || id === 'generic-garbage-collector' || id === 'root-ca-cert-publisher';
}

/** How recently a container must have started for a failing readiness probe to be its first ones. */
const JUST_STARTED_MS = 60_000;

/**
 * Whether `kubelet` started a container shortly before `at` (Event records do not name their Pod,
 * so the node stands for it: a readiness failure right after a start is the app still starting).
 */
function startedJustBefore(before: readonly TraceRecord[], kubelet: string, at: number): boolean {
  for (let i = before.length - 1, seen = 0; i >= 0 && seen < LOOKBACK; i--, seen++) {
    const r = before[i]!;
    if (at - r.at > JUST_STARTED_MS) return false;
    if (r.kind === 'cri' && r.from === kubelet && r.detail.call === 'StartContainer') return true;
  }
  return false;
}

/**
 * The Deployment controller's status write right after it created a ReplicaSet (same reconcile,
 * same millisecond): the one that records the new revision annotation, which the status
 * subresource keeps for Deployments.
 */
function recordsRevision(r: TraceRecordOf<'request'>, d: ResourceRequest, before: readonly TraceRecord[]): boolean {
  if (r.from !== 'deployment-controller' || d.resource !== 'deployments' || d.subresource !== 'status') return false;
  for (let i = before.length - 2, seen = 0; i >= 0 && seen < LOOKBACK; i--, seen++) {
    const p = before[i]!;
    if (p.at !== r.at) return false;
    if (p.kind !== 'request' || p.from !== r.from) continue;
    const prev = resource(p);
    return prev?.verb === 'create' && prev.resource === 'replicasets' && prev.namespace === d.namespace;
  }
  return false;
}

function whyRequest(say: Say, r: TraceRecordOf<'request'>, before: readonly TraceRecord[], after: readonly TraceRecord[]): string | undefined {
  const d = resource(r);
  if (!d) return undefined;
  if (r.from === 'kubectl' && applyFollows(r, after)) return say('narr.why.applyGet');
  if (r.from.startsWith('kubelet/') && d.resource === 'nodes') return say('narr.why.nodeHeartbeat');
  if (d.subresource === 'binding') return say('narr.why.bind');
  if (recordsRevision(r, d, before)) return say('narr.why.revision');
  if (d.subresource === 'status' && (d.verb === 'update' || d.verb === 'patch')) {
    if (r.from.startsWith('kubelet/') && d.resource === 'pods') return say('narr.why.kubeletStatus');
    if (isController(r.from)) return say('narr.why.controllerStatus');
  }
  return undefined;
}

function whyResponse(say: Say, r: TraceRecordOf<'response'>, before: readonly TraceRecord[], after: readonly TraceRecord[]): string | undefined {
  const d = r.detail;
  if (d.type !== 'status') return undefined;
  if (d.code === 404 && r.to === 'kubectl') {
    const req = requestOf(before, r.requestId);
    return req && applyFollows(req, after) ? say('narr.why.applyNotFound') : undefined;
  }
  if (d.code === 409) return say('narr.why.conflict');
  return undefined;
}

function whyEvent(say: Say, r: TraceRecordOf<'event'>, before: readonly TraceRecord[]): string | undefined {
  const d = r.detail;
  if (!('reason' in d) || d.reason !== 'Unhealthy' || !r.from.startsWith('kubelet/')) return undefined;
  // kubelet's Event message names the probe: `Readiness probe failed: …` (the Event's own text, not the trace summary).
  if (d.message.startsWith('Liveness probe')) return say('narr.why.livenessFailing');
  if (!d.message.startsWith('Readiness probe')) return undefined;
  return say(startedJustBefore(before, r.from, r.at) ? 'narr.why.firstNotReady' : 'narr.why.readinessFailing');
}

function whyProbe(say: Say, r: TraceRecordOf<'probe'>): string | undefined {
  const d = r.detail;
  if (d.probe === 'readiness') return say(d.result === 'success' ? 'narr.why.ready' : 'narr.why.notReadyAgain');
  if (d.probe === 'liveness' && d.result === 'failure') return say('narr.why.livenessFailed');
  return undefined;
}

const CRI_WHY: Partial<Record<TraceRecordOf<'cri'>['detail']['call'], MessageKey>> = {
  RunPodSandbox: 'narr.why.sandbox',
  PullImage: 'narr.why.pull',
};

function whyLease(say: Say, r: TraceRecordOf<'lease'>): string | undefined {
  if (r.detail.error !== undefined || r.detail.method === 'DELETE' || r.detail.name === '') return undefined;
  if (r.detail.namespace === 'kube-node-lease') return say('narr.why.nodeLease');
  return r.detail.namespace === 'kube-system' ? say('narr.why.leaderLease') : undefined;
}

export function why(say: Say, r: TraceRecord, before: readonly TraceRecord[], after: readonly TraceRecord[]): string | undefined {
  switch (r.kind) {
    case 'request':
      return whyRequest(say, r, before, after);
    case 'response':
      return whyResponse(say, r, before, after);
    case 'watch':
      return r.detail.type === 'event' && !r.detail.dropped ? say('narr.why.watchEvent', { resource: r.detail.resource }) : undefined;
    case 'reconcile':
      return r.detail.type === 'sync' ? say('narr.why.reconcile') : undefined;
    case 'schedule':
      return r.detail.result === 'scheduled' ? say('narr.why.schedule') : undefined;
    case 'etcd-write':
      return say('narr.why.etcdWrite');
    case 'etcd-read':
      return say('narr.why.etcdRead');
    case 'etcd-commit':
      return r.detail.type === 'committed' ? say('narr.why.etcdCommit') : undefined;
    case 'cri': {
      const key = CRI_WHY[r.detail.call];
      return key ? say(key) : undefined;
    }
    case 'cni':
      return r.detail.op === 'ADD' && 'ip' in r.detail ? say('narr.why.cni') : undefined;
    case 'oci':
      return r.detail.op === 'create' ? say('narr.why.oci') : undefined;
    case 'probe':
      return whyProbe(say, r);
    case 'event':
      return whyEvent(say, r, before);
    case 'lease':
      return whyLease(say, r);
    // The relist that finds a container started is the step between StartContainer and Running.
    case 'pleg':
      return r.detail.events.some((e) => e.type === 'ContainerStarted' && e.container !== undefined) ? say('narr.why.pleg') : undefined;
    case 'authn':
    case 'authz':
    case 'mutating-admission':
    case 'validation':
    case 'validating-admission':
    case 'csi':
    case 'process':
    case 'fault':
    case 'proxy':
      return undefined;
    default: {
      const never: never = r;
      return String(never);
    }
  }
}
