/**
 * Where each fault sits on the timeline: a start marker, an end marker and the band between,
 * positioned as a percentage of [tape.baseNow, tape.frontierNow] like the milestone markers in
 * PlaybackBar. Overlapping faults get separate lanes so none hides another. Pure.
 */
import type { FaultSpan } from './faults';

export const MAX_LANES = 3;

export interface FaultMarker {
  key: string;
  target: string;
  span: FaultSpan;
  /** Percentages of the track (0–100); `start` undefined when it began before the tape. */
  start: number | undefined;
  end: number | undefined;
  /** The band: from `start` (or 0) to `end` (or the frontier, 100). */
  from: number;
  to: number;
  lane: number;
}

function pct(ms: number, start: number, end: number): number {
  const span = Math.max(1, end - start);
  return Math.min(100, Math.max(0, ((ms - start) / span) * 100));
}

export function faultMarkers(spans: readonly FaultSpan[], startMs: number, endMs: number): FaultMarker[] {
  const laneEnds: number[] = [];
  return spans.map((span, i) => {
    const start = span.start ? pct(span.start.at, startMs, endMs) : undefined;
    const end = span.end ? pct(span.end.at, startMs, endMs) : undefined;
    const from = start ?? 0;
    const to = end ?? 100;
    // First lane whose last band ended before this one starts; else the least recently used.
    let lane = laneEnds.findIndex((e) => e < from);
    if (lane < 0) lane = laneEnds.length < MAX_LANES ? laneEnds.length : laneEnds.indexOf(Math.min(...laneEnds));
    laneEnds[lane] = to;
    return { key: `${span.target}@${span.start?.seq ?? 'base'}#${i}`, target: span.target, span, start, end, from, to, lane };
  });
}
