/**
 * Per-controller scratch state kept in `ctx.data` (plain Maps and Sets, so the World stays
 * structured-cloneable) and the multimap indexes controllers keep instead of scanning whole
 * informer caches: at 30,000 Pods a reconcile may only touch the objects its key is about.
 */
import type { ControllerContext } from '../framework';

/** The controller's typed state, created on first use (again after a leader change wipes `data`). */
export function stateOf<T extends object>(ctx: ControllerContext, init: () => T): T {
  return (ctx.data['state'] ??= init()) as T;
}

/** index value → object keys (`namespace/name`). */
export type KeyIndex = Map<string, Set<string>>;

export function indexAdd(idx: KeyIndex, value: string, key: string): void {
  let set = idx.get(value);
  if (!set) idx.set(value, (set = new Set()));
  set.add(key);
}

export function indexRemove(idx: KeyIndex, value: string, key: string): void {
  const set = idx.get(value);
  if (!set) return;
  set.delete(key);
  if (set.size === 0) idx.delete(value);
}

/** Moves `key` from the bucket `from` to the bucket `to` (either may be undefined). */
export function indexMove(idx: KeyIndex, key: string, from: string | undefined, to: string | undefined): void {
  if (from === to) return;
  if (from !== undefined) indexRemove(idx, from, key);
  if (to !== undefined) indexAdd(idx, to, key);
}

export function indexKeys(idx: KeyIndex, value: string): readonly string[] {
  const set = idx.get(value);
  return set ? [...set] : [];
}
