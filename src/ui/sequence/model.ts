/**
 * Projects the trace onto a sequence diagram: participants in the syllabus's order and one
 * message per hop. Pure, so the view memoises it on (trace, options) and the mermaid export,
 * the HTML list and the tests all read the same projection.
 *
 * Invariants: messages keep trace order (ascending seq); every message's `from`/`to` is a
 * listed participant; participants are only those that appear in the projected messages.
 */
import type { TraceKind, TraceObject, TraceRecord, TraceRecordOf } from '../../engine/core/trace';

export interface SequenceOptions {
  /**
   * Fold kube-apiserver's internal stages (authn … validating-admission) into one self-message per
   * request, and leave out the runtime's OCI hops (runc/crun create, start): the same level of
   * detail, below the messages between components a learner follows first.
   */
  collapseApiserver: boolean;
  /** Keep only this object's causal chain. */
  object?: TraceObject;
  /**
   * Drop the background that otherwise drowns the apply-to-running story: Normal Events, Lease
   * traffic (leader election, node Leases) and node heartbeats (kubelet's writes to its Node and
   * the Node MODIFIED watch events). Warning Events stay: they are what something went wrong says.
   */
  hideBackground: boolean;
}

export interface Participant {
  id: string;
  label: string;
}

/** `stages` is a collapsed run of apiserver stage records. */
export type MessageKind = TraceKind | 'stages';

/**
 * What a message is to its receiver: a `call` (a request, a CRI or CNI call), the `reply` to one
 * (an HTTP response, etcd's commit), a `watch-event` kube-apiserver pushes to a watcher without
 * being asked, or `self` work inside one component (reconcile, scheduling, apiserver stages).
 */
export type MessageRole = 'call' | 'reply' | 'watch-event' | 'self';

export interface SequenceMessage {
  /** Seq of the (first) trace record this message stands for. */
  seq: number;
  /** Seq of the last trace record folded into it (equals `seq` unless collapsed). */
  lastSeq: number;
  /** Every trace record folded into it, ascending (one unless collapsed). */
  seqs: number[];
  at: number;
  /** The sender: the arrow starts here. */
  from: string;
  /** The receiver: the arrow ends here (a reply goes back to the caller, a watch event to the watcher). */
  to: string;
  text: string;
  kind: MessageKind;
  role: MessageRole;
  /** Replies and notifications (`-->>` in the syllabus): responses, watch events, etcd commits. */
  dashed: boolean;
  self: boolean;
}

export interface Sequence {
  participants: Participant[];
  messages: SequenceMessage[];
}

const STAGES: ReadonlySet<TraceKind> = new Set<TraceKind>(['authn', 'authz', 'mutating-admission', 'validation', 'validating-admission']);
const DASHED: ReadonlySet<TraceKind> = new Set<TraceKind>(['response', 'watch', 'etcd-commit']);

export function isApiserverStage(kind: TraceKind): boolean {
  return STAGES.has(kind);
}

function roleOf(r: TraceRecord): MessageRole {
  if (r.from === r.to) return 'self';
  if (r.kind === 'watch' && r.detail.type === 'event') return 'watch-event';
  if (r.kind === 'response' || r.kind === 'etcd-commit') return 'reply';
  return 'call';
}

/**
 * Records before the first projected one that classification may read: every hop of a request
 * (request, stages, etcd, response) is traced within the same handler call, so its request
 * record is at most a few records back.
 */
export const CLASSIFY_LOOKBACK = 64;

/** kube-controller-manager's TTL controller, as its syncs name it (controllers/ttl.ts). */
const TTL_CONTROLLER = 'ttl';

/** A kubelet writing or reading its own Node: the heartbeat that says the node is alive. */
function isNodeHeartbeat(r: TraceRecordOf<'request'>): boolean {
  return r.from.startsWith('kubelet/') && r.detail.type === 'resource' && r.detail.resource === 'nodes';
}

/**
 * Tells background records apart. Requests are recognised by their request record, so the
 * classifier must see records in trace order, starting early enough (CLASSIFY_LOOKBACK) to have
 * met the request of any hop it is asked about.
 */
export class BackgroundFilter {
  private readonly heartbeats = new Set<number>();

  /** Reads a record that precedes the projected ones (context only). */
  observe(r: TraceRecord): void {
    if (r.kind === 'request' && r.requestId !== undefined && isNodeHeartbeat(r)) this.heartbeats.add(r.requestId);
  }

  /** Whether `r` is background; records must be passed in trace order. */
  test(r: TraceRecord): boolean {
    this.observe(r);
    switch (r.kind) {
      case 'lease':
        return true;
      // A request on events without an Event body, or a Normal Event: bookkeeping. A Warning is news.
      case 'event':
        return !('type' in r.detail) || r.detail.type !== 'Warning';
      case 'watch':
        return r.detail.type === 'event' && r.detail.event === 'MODIFIED' && r.object?.kind === 'Node';
      // The TTL controller looks at every Node update (heartbeats included) and nearly always has
      // nothing to do; the rare annotation it writes stays a visible request.
      case 'reconcile':
        return r.detail.type === 'sync' && r.detail.controller === TTL_CONTROLLER;
      default:
        return r.requestId !== undefined && this.heartbeats.has(r.requestId);
    }
  }
}

/** Reconcile records carry no object; the controller says which kind its workqueue key names. */
const RECONCILED_KIND: Readonly<Record<string, string>> = {
  deployment: 'Deployment',
  replicaset: 'ReplicaSet',
};

function recordObject(r: TraceRecord): TraceObject | undefined {
  if (r.object) return r.object;
  if (r.kind !== 'reconcile' || r.detail.type === 'resync') return undefined;
  const kind = RECONCILED_KIND[r.detail.controller];
  if (!kind) return undefined;
  // A workqueue key is `namespace/name`, or `name` for a cluster-scoped object.
  const key = r.detail.key;
  const slash = key.indexOf('/');
  return slash < 0 ? { kind, name: key } : { kind, namespace: key.slice(0, slash), name: key.slice(slash + 1) };
}

/**
 * A name ending in '-' is a generateName (the ReplicaSet controller's POST before the apiserver
 * picks the suffix), so it stands for every name it can generate.
 */
export function objectMatches(rec: TraceObject, want: TraceObject): boolean {
  if (rec.kind.toLowerCase() !== want.kind.toLowerCase()) return false;
  if (want.namespace !== undefined && rec.namespace !== undefined && rec.namespace !== want.namespace) return false;
  if (rec.name === want.name) return true;
  return rec.name.endsWith('-') && want.name.length > rec.name.length && want.name.startsWith(rec.name);
}

/** Records about `want`, plus every record of an API request that touched it (so request → stages → etcd → response stays whole). */
function causalChain(trace: readonly TraceRecord[], want: TraceObject): TraceRecord[] {
  const requests = new Set<number>();
  const direct = new Set<number>();
  for (const r of trace) {
    const o = recordObject(r);
    if (o && objectMatches(o, want)) {
      direct.add(r.seq);
      if (r.requestId !== undefined) requests.add(r.requestId);
    }
  }
  return trace.filter((r) => direct.has(r.seq) || (r.requestId !== undefined && requests.has(r.requestId)));
}

function stagesText(kinds: ReadonlySet<TraceKind>): string {
  const parts: string[] = [];
  if (kinds.has('authn')) parts.push('authn');
  if (kinds.has('authz')) parts.push('authz');
  if (kinds.has('mutating-admission') || kinds.has('validating-admission')) parts.push('admission');
  if (kinds.has('validation')) parts.push('validation');
  return parts.join(', ');
}

/** Syllabus order: who starts the story first, then down the control plane to the node. */
function rank(id: string): number {
  if (id === 'user') return 0;
  // `kubectl-external`: a real kubectl talking to `reconcile serve` (the page attached to it).
  if (id === 'kubectl' || id === 'kubectl-external') return 1;
  if (id.startsWith('kube-apiserver')) return 2;
  if (id.startsWith('etcd')) return 3;
  if (id === 'deployment-controller') return 4;
  if (id === 'replicaset-controller') return 5;
  if (id === 'kube-scheduler' || id.startsWith('kube-scheduler-')) return 7;
  if (id.startsWith('kubelet/')) return 8;
  if (id.startsWith('container-runtime/')) return 9;
  if (id.startsWith('runc/') || id.startsWith('crun/')) return 9.5;
  if (id.startsWith('cni/')) return 10;
  if (id === 'csi' || id.startsWith('csi/')) return 11;
  if (id.startsWith('kube-proxy/')) return 12;
  // Everything else in the trace is a kube-controller-manager controller or its host.
  return 6;
}

const naturally = new Intl.Collator('en', { numeric: true });

const FIXED_LABELS: Readonly<Record<string, string>> = {
  user: 'User',
  'deployment-controller': 'Deployment controller',
  'replicaset-controller': 'ReplicaSet controller',
  csi: 'CSI',
  'kubectl-external': 'kubectl (external)',
};

export function participantLabel(id: string): string {
  const fixed = FIXED_LABELS[id];
  if (fixed) return fixed;
  const slash = id.indexOf('/');
  if (slash < 0) return id;
  const role = id.slice(0, slash);
  const where = id.slice(slash + 1);
  const name = role === 'container-runtime' ? 'CRI runtime' : role === 'cni' ? 'CNI' : role === 'csi' ? 'CSI' : role;
  return `${name} (${where})`;
}

/**
 * The messages of `trace[start…]`; the records before `start` are context only (they let the
 * background filter recognise the requests the first projected hops belong to).
 */
export function toSequence(trace: readonly TraceRecord[], opts: SequenceOptions, start = 0): Sequence {
  const background = new BackgroundFilter();
  for (let i = Math.max(0, start - CLASSIFY_LOOKBACK); i < start && i < trace.length; i++) background.observe(trace[i]!);
  const projected = start > 0 ? trace.slice(start) : trace;
  const source = opts.object ? causalChain(projected, opts.object) : projected;
  const messages: SequenceMessage[] = [];
  // Index of the open collapsed message per requestId, so later stages fold into it.
  const folded = new Map<number, { index: number; kinds: Set<TraceKind> }>();

  for (const r of source) {
    // The filter sees every record (hidden or not) so it knows every request's origin.
    if (background.test(r) && opts.hideBackground) continue;
    if (opts.collapseApiserver && r.kind === 'oci') continue;
    if (opts.collapseApiserver && STAGES.has(r.kind)) {
      const key = r.requestId ?? -r.seq;
      const open = folded.get(key);
      if (open) {
        open.kinds.add(r.kind);
        const m = messages[open.index]!;
        m.lastSeq = r.seq;
        m.seqs.push(r.seq);
        m.text = stagesText(open.kinds);
        continue;
      }
      const kinds = new Set<TraceKind>([r.kind]);
      folded.set(key, { index: messages.length, kinds });
      messages.push({ seq: r.seq, lastSeq: r.seq, seqs: [r.seq], at: r.at, from: r.from, to: r.to, text: stagesText(kinds), kind: 'stages', role: 'self', dashed: false, self: r.from === r.to });
      continue;
    }
    messages.push({ seq: r.seq, lastSeq: r.seq, seqs: [r.seq], at: r.at, from: r.from, to: r.to, text: r.summary, kind: r.kind, role: roleOf(r), dashed: DASHED.has(r.kind), self: r.from === r.to });
  }

  const ids = new Set<string>();
  for (const m of messages) {
    ids.add(m.from);
    ids.add(m.to);
  }
  const participants = [...ids]
    .sort((a, b) => rank(a) - rank(b) || naturally.compare(a, b))
    .map((id) => ({ id, label: participantLabel(id) }));
  return { participants, messages };
}

/** Index of the message showing trace seq `cursor` (the last one at or before it); latest when undefined; -1 if none. */
export function cursorIndex(messages: readonly SequenceMessage[], cursor: number | undefined): number {
  if (cursor === undefined) return messages.length - 1;
  let lo = 0;
  let hi = messages.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (messages[mid]!.seq <= cursor) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}
