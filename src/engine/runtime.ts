/**
 * The few primitives every component uses to act in the world: schedule a message, set a
 * timer, draw jitter, record a trace hop, mark state as changed for the next diff.
 */
import { queuePush } from './core/event-queue';
import type { ComponentId, SimMillis } from './core/ids';
import { nextFloat, nextUint32 } from './core/rng';
import { appendTrace, type TraceKind, type TraceObject, type TraceRecord } from './core/trace';
import type { KObject } from '../k8s/types';
import type { ComponentBase } from './components';
import type { Message, World } from './world';

export function schedule(w: World, delay: number, to: ComponentId, msg: Message): void {
  queuePush(w.queue, { at: (w.now + Math.max(0, Math.round(delay))) as SimMillis, seq: w.queueSeq++, to, msg });
}

/**
 * A timer for `self`. It is tagged with the component's epoch, so a timer set before a crash
 * never fires into the restarted process.
 */
export function setTimer(w: World, self: ComponentBase, delay: number, name: string, arg?: string): void {
  schedule(w, delay, self.id, arg === undefined ? { type: 'timer', epoch: self.epoch, name } : { type: 'timer', epoch: self.epoch, name, arg });
}

/** `base` ± `fraction` (default ±50%), drawn from the world's PRNG; never below 0. */
export function jitter(w: World, base: number, fraction = 0.5): number {
  if (base <= 0) return 0;
  const f = 1 - fraction + 2 * fraction * nextFloat(w.rng);
  return Math.max(0, Math.round(base * f));
}

/** client-go's wait.Jitter: `base` + up to `factor`×`base`. */
export function jitterUp(w: World, base: number, factor: number): number {
  return Math.round(base + nextFloat(w.rng) * factor * base);
}

export function randomIndex(w: World, n: number): number {
  return nextUint32(w.rng) % n;
}

export function traceRef(obj: KObject): TraceObject {
  const ref: TraceObject = { kind: obj.kind, name: obj.metadata.name ?? '' };
  if (obj.metadata.namespace) ref.namespace = obj.metadata.namespace;
  return ref;
}

export interface TraceInput {
  from: ComponentId;
  to: ComponentId;
  kind: TraceKind;
  summary: string;
  object?: TraceObject | undefined;
  resourceVersion?: string | undefined;
  requestId?: number | undefined;
  fault?: { target: string; active: boolean } | undefined;
}

/**
 * Records a hop. While `w.traceMuted` is set (a quiet request is being served: Events and Lease
 * renewals, which would drown the picture) nothing is recorded and undefined is returned.
 */
export function trace(w: World, t: TraceInput): TraceRecord | undefined {
  if (w.traceMuted) return undefined;
  const rec: Omit<TraceRecord, 'seq'> = { at: w.now, from: t.from, to: t.to, kind: t.kind, summary: t.summary };
  if (t.object) rec.object = t.object;
  if (t.resourceVersion !== undefined) rec.resourceVersion = t.resourceVersion;
  if (t.requestId !== undefined) rec.requestId = t.requestId;
  if (t.fault) rec.fault = t.fault;
  return appendTrace(w.trace, rec);
}

export function markComponentChanged(w: World, id: ComponentId): void {
  w.changes.components.add(id);
}

export function markObjectChanged(w: World, key: string, how: 'added' | 'updated' | 'removed'): void {
  const prev = w.changes.objects.get(key);
  if (prev === undefined) w.changes.objects.set(key, how);
  else if (prev === 'added' && how === 'removed') w.changes.objects.delete(key);
  else if (prev === 'added') return;
  else if (prev === 'removed' && how === 'added') w.changes.objects.set(key, 'updated');
  else w.changes.objects.set(key, how);
}

export function component<T extends ComponentBase>(w: World, id: ComponentId): T | undefined {
  return w.components.get(id) as T | undefined;
}
