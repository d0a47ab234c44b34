/**
 * Where and how long a message token travels: along the routed edge between the two boxes (the
 * model's geometry, no DOM), with its label beside the path where it covers no box's text; which
 * new trace records to animate; and how long a flight lasts at the current playback speed. Pure.
 */
import type { TraceRecord } from '../../engine/core/trace';
import type { ComponentSummary } from '../../protocol/messages';
import { hopEndpoints, isNoise } from './actors';
import { TEXT_PX } from './boxes';
import type { FlowGraph } from './data';
import { routeBetween } from './model';
import { labelBeside, labelNear } from './labels';
import type { Point, Rect } from './route';
import { textWidth } from './text';

export type { Point, Rect };

/** Milliseconds a token takes at `speed` (1 = real time): 700 ms / speed, kept watchable. */
export function tokenDuration(speed: number): number {
  const s = Number.isFinite(speed) && speed > 0 ? speed : 1;
  return Math.round(Math.min(2000, Math.max(120, 700 / s)));
}

/** At most this many tokens fly at once; when playing fast only the latest are drawn. */
export const MAX_TOKENS = 6;

/**
 * The records that became current since `prevSeq` and deserve a token, oldest first, at most
 * `max`. Background chatter (Events, Lease renewals) is skipped unless it is the only new record
 * (a learner stepping onto it should see it move). Moving backwards in time shows only the
 * record now current.
 */
export function newHops(prevSeq: number, trace: readonly TraceRecord[], max = MAX_TOKENS): TraceRecord[] {
  const last = trace[trace.length - 1];
  if (!last || last.seq === prevSeq) return [];
  if (last.seq < prevSeq) return [last];
  const fresh: TraceRecord[] = [];
  let count = 0;
  for (let i = trace.length - 1; i >= 0 && trace[i]!.seq > prevSeq; i--) {
    count++;
    const r = trace[i]!;
    if (!isNoise(r) && fresh.length < max) fresh.push(r);
  }
  if (fresh.length === 0 && count === 1) return [last];
  return fresh.reverse();
}

/** A short label for the token, from the record's detail: the verb and the object's kind (`POST Pod`). */
export function tokenLabel(r: TraceRecord): string {
  const label = verbOf(r);
  return label.length > 24 ? `${label.slice(0, 23)}…` : label;
}

/** Exhaustive over kinds and their detail variants: a new one does not compile until it has a label. */
function verbOf(r: TraceRecord): string {
  const obj = r.object?.kind;
  const about = (verb: string): string => (obj && verb.length < 12 ? `${verb} ${obj}` : verb);
  switch (r.kind) {
    case 'request':
      return r.detail.type === 'resource' ? about(r.detail.method) : `${r.detail.method} ${r.detail.path}`;
    // kube-apiserver's pipeline stages: their kind names them.
    case 'authn':
    case 'authz':
    case 'mutating-admission':
    case 'validation':
    case 'validating-admission':
      return r.kind;
    case 'etcd-write':
      return about('Txn');
    case 'etcd-read':
      return about('Range');
    case 'etcd-commit':
      return r.detail.type === 'committed' ? `rev ${r.detail.revision}` : r.detail.type === 'failed' ? 'commit failed' : 'raft election';
    case 'response':
      return r.detail.type === 'status' ? about(String(r.detail.code)) : 'network error';
    case 'watch':
      return r.detail.type === 'event' ? about(r.detail.event) : 'watch ended';
    case 'reconcile':
      return r.detail.type === 'sync' ? 'reconcile' : r.detail.type === 'error' ? 'sync error' : 'resync';
    case 'schedule':
      return r.detail.result === 'scheduled' ? `→ ${r.detail.selected}` : 'unschedulable';
    case 'cri':
    case 'csi':
      return r.detail.call;
    case 'cni':
      return `CNI ${r.detail.op}`;
    case 'oci':
      return `${r.detail.runtime} ${r.detail.op}`;
    case 'probe':
      return `${r.detail.probe} ${r.detail.result}`;
    case 'event':
      return 'reason' in r.detail && r.detail.reason ? `Event ${r.detail.reason}` : 'Event';
    case 'lease':
      return `${r.detail.method} Lease`;
    case 'process':
      return `exit ${r.detail.exitCode}`;
    case 'pleg':
      return 'PLEG relist';
    case 'fault':
      return r.detail.action;
    case 'proxy':
      return r.detail.type === 'sync' ? 'sync rules' : r.detail.protocol === 'tcp' ? 'connect' : (r.detail.method ?? 'GET');
    default: {
      const never: never = r;
      return String(never);
    }
  }
}

export type Flight =
  | { seq: number; label: string; kind: 'travel'; points: Point[]; labelAt: Rect }
  | { seq: number; label: string; kind: 'pulse'; box: Rect; labelAt: Rect };

/** The token label's box: bold TEXT_PX words in a bordered pill (diagram.css .diagram-token-label). */
export function labelSize(label: string): { w: number; h: number } {
  return { w: textWidth(label, TEXT_PX, true) + 18, h: 20 };
}

/**
 * Where a record's token goes: along the route between two boxes, or a pulse on one box for a
 * self-hop; its label beside the route (or the box), off every box's text.
 */
export function flightFor(r: TraceRecord, graph: FlowGraph, components: ReadonlyMap<string, ComponentSummary>, leaders: ReadonlySet<string>): Flight | undefined {
  const ends = hopEndpoints(r, components, leaders);
  // A big cluster's workers are drawn as the node grid: their messages leave and reach it.
  const from = graph.drawnIn ? graph.drawnIn(ends.from) : ends.from;
  const to = graph.drawnIn ? graph.drawnIn(ends.to) : ends.to;
  const a = graph.boxes.get(from);
  const b = graph.boxes.get(to);
  if (!a || !b) return undefined;
  const label = tokenLabel(r);
  const size = labelSize(label);
  if (from === to) return { seq: r.seq, label, kind: 'pulse', box: a, labelAt: labelNear(a, size, graph.texts) };
  const points = routeBetween(graph, from, to);
  if (!points) return undefined;
  return { seq: r.seq, label, kind: 'travel', points, labelAt: labelBeside(points, size, graph.texts, [b, a]) };
}
