/**
 * When the narrator speaks. Stepping and seeking speak at once; while playing (possibly at 20×)
 * it speaks at most once per PLAYING_INTERVAL_MS, always the latest message, so a screen reader
 * is never queued minutes behind the picture.
 */
export const PLAYING_INTERVAL_MS = 1500;

export interface AnnouncerState {
  /** Seq of the record spoken last. */
  lastSeq: number | undefined;
  /** Wall-clock ms of the last announcement. */
  lastAt: number | undefined;
}

export type Decision = { kind: 'now' } | { kind: 'wait'; ms: number } | { kind: 'skip' };

export function decide(state: AnnouncerState, seq: number, playing: boolean, nowMs: number): Decision {
  if (seq === state.lastSeq) return { kind: 'skip' };
  if (!playing || state.lastAt === undefined) return { kind: 'now' };
  const since = nowMs - state.lastAt;
  return since >= PLAYING_INTERVAL_MS ? { kind: 'now' } : { kind: 'wait', ms: PLAYING_INTERVAL_MS - since };
}
