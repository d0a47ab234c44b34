/**
 * The sequence view at scale: instead of every message (tens of thousands per simulated second
 * at 1,000 nodes), messages per second on each arrow, from the engine's exact per-second counts
 * (engine/core/trace-rates.ts, carried on the tape). Per-node participants of one role (every
 * node's kubelet, runtime, CNI, kube-proxy…) fold into one participant, so 1,000 kubelets
 * renewing their Leases are one arrow with its rate, not 1,000 rows.
 *
 * Pure: the view memoises it on (tape, the moment shown); tests read it as data.
 */
import type { TraceKind } from '../../engine/core/trace';
import type { TraceRateCount } from '../../protocol/messages';
import { participantLabel } from './model';

/** Simulated seconds the rates average over, ending at the moment shown. */
export const RATE_WINDOW_SECONDS = 5;

/** Arrows listed (the busiest); the rest are summed into `others`. */
export const RATE_ROWS = 30;

/** A participant of the rates view: one component, or every node's component of one role. */
export interface RateParticipant {
  id: string;
  /** For a group: the role (`kubelet`) and how many of them sent or received in the window. */
  group?: { role: string; members: number };
}

export interface RateArrow {
  from: RateParticipant;
  to: RateParticipant;
  kind: TraceKind;
  /** Messages in the window, and per simulated second. */
  count: number;
  perSecond: number;
}

export interface Rates {
  /** Simulated seconds averaged over (fewer than the window early in a run). */
  seconds: number;
  /** Every message in the window, per second. */
  totalPerSecond: number;
  /** The busiest arrows, busiest first. */
  arrows: RateArrow[];
  /** Arrows beyond RATE_ROWS, and their messages per second together. */
  others: { arrows: number; perSecond: number };
}

/** Roles that run once per node: their id is `role/node`. */
const PER_NODE = new Set(['kubelet', 'container-runtime', 'cni', 'kube-proxy', 'runc', 'crun', 'csi']);

/** The group a component id belongs to (`kubelet/node-7` → `kubelet/*`), or the id itself. */
export function groupId(id: string): string {
  const slash = id.indexOf('/');
  return slash > 0 && PER_NODE.has(id.slice(0, slash)) ? `${id.slice(0, slash)}/*` : id;
}

/** The role of a group id, undefined for a single component. */
export function groupRole(id: string): string | undefined {
  return id.endsWith('/*') ? id.slice(0, -2) : undefined;
}

/** One second's counts with node roles folded: a few dozen arrows instead of thousands of hops. */
interface GroupedSecond {
  arrows: Map<string, { from: string; to: string; kind: TraceKind; count: number }>;
  members: Map<string, Set<string>>;
  total: number;
}

/**
 * Grouping is the expensive part (a second at 1,000 nodes holds thousands of hops) and a
 * second's counts never change once the tape holds them (an update replaces the array), so it
 * is done once per array while the playhead moves over the window again and again.
 */
const grouped = new WeakMap<readonly TraceRateCount[], GroupedSecond>();

function groupSecond(counts: readonly TraceRateCount[]): GroupedSecond {
  const had = grouped.get(counts);
  if (had) return had;
  const g: GroupedSecond = { arrows: new Map(), members: new Map(), total: 0 };
  const member = (group: string, id: string): void => {
    if (group === id) return;
    let m = g.members.get(group);
    if (!m) g.members.set(group, (m = new Set()));
    m.add(id);
  };
  for (const c of counts) {
    const from = groupId(c.from);
    const to = groupId(c.to);
    member(from, c.from);
    member(to, c.to);
    const key = `${c.kind}\u0000${from}\u0000${to}`;
    const a = g.arrows.get(key);
    if (a) a.count += c.count;
    else g.arrows.set(key, { from, to, kind: c.kind, count: c.count });
    g.total += c.count;
  }
  grouped.set(counts, g);
  return g;
}

/**
 * Messages per second per arrow over the RATE_WINDOW_SECONDS ending at simulated time `now`
 * (the seconds the tape holds counts for; the current second counts as far as it has got).
 */
export function toRates(perSecond: ReadonlyMap<number, readonly TraceRateCount[]>, now: number, window = RATE_WINDOW_SECONDS, rows = RATE_ROWS): Rates {
  const current = Math.floor(now / 1000);
  let first = Number.POSITIVE_INFINITY;
  const arrows = new Map<string, { from: string; to: string; kind: TraceKind; count: number }>();
  const members = new Map<string, Set<string>>();
  let total = 0;
  for (let s = current - window + 1; s <= current; s++) {
    const counts = perSecond.get(s);
    if (!counts) continue;
    first = Math.min(first, s);
    const g = groupSecond(counts);
    for (const [key, x] of g.arrows) {
      const a = arrows.get(key);
      if (a) a.count += x.count;
      else arrows.set(key, { ...x });
    }
    for (const [group, ids] of g.members) {
      const m = members.get(group);
      if (!m) members.set(group, new Set(ids));
      else for (const id of ids) m.add(id);
    }
    total += g.total;
  }
  // Early in a run the window is shorter than RATE_WINDOW_SECONDS: divide by what it covers.
  const seconds = Number.isFinite(first) ? Math.max(1, Math.min(window, current - first + 1)) : window;
  const participant = (id: string): RateParticipant => {
    const role = groupRole(id);
    return role === undefined ? { id } : { id, group: { role, members: members.get(id)?.size ?? 0 } };
  };
  const sorted = [...arrows.values()].sort((a, b) => b.count - a.count || a.from.localeCompare(b.from) || a.to.localeCompare(b.to) || a.kind.localeCompare(b.kind));
  const shown = sorted.slice(0, rows);
  const rest = sorted.slice(rows).reduce((n, a) => n + a.count, 0);
  return {
    seconds,
    totalPerSecond: total / seconds,
    arrows: shown.map((a) => ({ from: participant(a.from), to: participant(a.to), kind: a.kind, count: a.count, perSecond: a.count / seconds })),
    others: { arrows: sorted.length - shown.length, perSecond: rest / seconds },
  };
}

/** A single participant's usual label; a group's is built by the view (it is translated). */
export function singleLabel(p: RateParticipant): string {
  return participantLabel(p.id);
}
