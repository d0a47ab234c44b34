/**
 * The few primitives every component uses to act in the world: schedule a message, set a
 * timer, draw jitter, record a trace hop, mark state as changed for the next diff. They need
 * only the SimCore slice (clock, queue, PRNG, trace, change set), never the whole World.
 */
import { queuePush } from './core/event-queue';
import type { ComponentId, SimMillis } from './core/ids';
import { nextFloat, nextUint32, seedRng, type RngState } from './core/rng';
import { appendTrace, type TraceDetails, type TraceKind, type TraceObject, type TraceRecord } from './core/trace';
import { summarize } from './core/trace-summary';
import type { KObject } from '../k8s/types';
import type { ComponentBase } from './core/component';
import type { Message, SimCore } from './sim-core';

export function schedule(w: SimCore, delay: number, to: ComponentId, msg: Message): void {
  queuePush(w.queue, { at: (w.now + Math.max(0, Math.round(delay))) as SimMillis, seq: w.queueSeq++, to, msg });
}

/**
 * A timer for `self`. It is tagged with the component's epoch, so a timer set before a crash
 * never fires into the restarted process.
 */
export function setTimer(w: SimCore, self: ComponentBase, delay: number, name: string, arg?: string): void {
  schedule(w, delay, self.id, arg === undefined ? { type: 'timer', epoch: self.epoch, name } : { type: 'timer', epoch: self.epoch, name, arg });
}

/** `base` ± `fraction` (default ±50%), drawn from the world's PRNG; never below 0. */
export function jitter(w: Pick<SimCore, 'rng'>, base: number, fraction = 0.5): number {
  if (base <= 0) return 0;
  const f = 1 - fraction + 2 * fraction * nextFloat(w.rng);
  return Math.max(0, Math.round(base * f));
}

/** client-go's wait.Jitter: `base` + up to `factor`×`base`. */
export function jitterUp(w: SimCore, base: number, factor: number): number {
  return Math.round(base + nextFloat(w.rng) * factor * base);
}

export function randomIndex(w: SimCore, n: number): number {
  return nextUint32(w.rng) % n;
}

/** Runs `fn` with `rng` as the world's PRNG, the shared one put back after. */
export function withRng<T>(w: Pick<SimCore, 'rng'>, rng: RngState, fn: () => T): T {
  const shared = w.rng;
  w.rng = rng;
  try {
    return fn();
  } finally {
    w.rng = shared;
  }
}

/**
 * Runs `fn` with the world's PRNG swapped for a stream of its own (seeded from the world's seed
 * mixed with `stream`): what it draws (an object's uid) leaves every later draw of the shared
 * stream as it was, so adding such objects does not reshuffle every recorded run.
 */
export function withRngStream<T>(w: Pick<SimCore, 'rng'> & { seed: number }, stream: number, fn: () => T): T {
  return withRng(w, seedRng(w.seed ^ stream), fn);
}

export function traceRef(obj: KObject): TraceObject {
  const ref: TraceObject = { kind: obj.kind, name: obj.metadata.name ?? '' };
  if (obj.metadata.namespace) ref.namespace = obj.metadata.namespace;
  return ref;
}

/**
 * One hop as its emitter states it: the kind, the detail that kind carries (checked against the
 * kind), and what it is about. The English summary is rendered from the detail.
 */
export type TraceInput = {
  [K in TraceKind]: {
    from: ComponentId;
    to: ComponentId;
    kind: K;
    detail: TraceDetails[K];
    object?: TraceObject | undefined;
    resourceVersion?: string | undefined;
    requestId?: number | undefined;
  };
}[TraceKind];

/**
 * Records a hop. While `w.traceMuted` is set (a quiet request is being served: Events and Lease
 * renewals, which would drown the picture) nothing is recorded and undefined is returned.
 */
export function trace(w: SimCore, t: TraceInput): TraceRecord | undefined {
  if (w.traceMuted) return undefined;
  return appendTrace(w.trace, traceRecord(w.now, t, summarize(t)));
}

/**
 * The record in its final key order (seq, at, from, to, kind, detail, summary, then whichever of
 * object, resourceVersion, requestId are set). Each combination is one literal, so a record is
 * allocated in its final shape: adding the optional keys afterwards grew every record an
 * out-of-object property array, and at scale every Pod leaves about seventy records.
 */
function traceRecord(at: SimMillis, t: TraceInput, summary: string): TraceRecord {
  const { from, to, kind, detail, object, resourceVersion: rv, requestId: id } = t;
  let rec;
  if (object) {
    if (rv !== undefined) {
      rec = id !== undefined ? { seq: 0, at, from, to, kind, detail, summary, object, resourceVersion: rv, requestId: id } : { seq: 0, at, from, to, kind, detail, summary, object, resourceVersion: rv };
    } else rec = id !== undefined ? { seq: 0, at, from, to, kind, detail, summary, object, requestId: id } : { seq: 0, at, from, to, kind, detail, summary, object };
  } else if (rv !== undefined) {
    rec = id !== undefined ? { seq: 0, at, from, to, kind, detail, summary, resourceVersion: rv, requestId: id } : { seq: 0, at, from, to, kind, detail, summary, resourceVersion: rv };
  } else rec = id !== undefined ? { seq: 0, at, from, to, kind, detail, summary, requestId: id } : { seq: 0, at, from, to, kind, detail, summary };
  return rec as TraceRecord;
}

export function markComponentChanged(w: SimCore, id: ComponentId): void {
  w.changes.components.add(id);
}

export function markObjectChanged(w: SimCore, key: string, how: 'added' | 'updated' | 'removed'): void {
  const prev = w.changes.objects.get(key);
  if (prev === undefined) w.changes.objects.set(key, how);
  else if (prev === 'added' && how === 'removed') w.changes.objects.delete(key);
  else if (prev === 'added') return;
  else if (prev === 'removed' && how === 'added') w.changes.objects.set(key, 'updated');
  else w.changes.objects.set(key, how);
}
