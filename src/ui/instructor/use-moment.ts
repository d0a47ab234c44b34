/**
 * The moment shown, as the instructor views read it: active faults derived from the tape at the
 * playhead, and a Moment for symptoms() (time rounded down to the second: every statement is in
 * whole seconds, so the card does not recompute on every animation frame).
 */
import { useMemo } from 'react';
import { useApp } from '../store/react';
import type { AppState } from '../store/store';
import { activeFaults, type FaultSpan } from './faults';
import { useTapeThrough } from '../store/use-tape';
import type { Moment } from './moment';

const selectSeq = (s: AppState) => s.cluster.seq;
const selectObjects = (s: AppState) => s.cluster.objects;
const selectComponents = (s: AppState) => s.cluster.components;
const selectSecond = (s: AppState) => Math.floor(s.cluster.now / 1000) * 1000;
const selectEpoch = (s: AppState) => s.connection.epochMs;

export function useActiveFaults(): ReadonlyMap<string, FaultSpan> {
  // Active faults at the playhead read the records up to it only.
  const tape = useTapeThrough(0);
  const seq = useApp(selectSeq);
  return useMemo(() => activeFaults(tape, seq), [tape, seq]);
}

/** Undefined until the worker said when simulated time 0 is (object timestamps need it). */
export function useMoment(): Moment | undefined {
  const active = useActiveFaults();
  const objects = useApp(selectObjects);
  const components = useApp(selectComponents);
  const now = useApp(selectSecond);
  const epochMs = useApp(selectEpoch);
  return useMemo(() => (epochMs === undefined ? undefined : { objects, components, active, now, epochMs }), [objects, components, active, now, epochMs]);
}
