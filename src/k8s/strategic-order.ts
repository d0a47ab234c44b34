/**
 * The order of a merged list (normalizeElementOrder) and the check that a patch's list agrees
 * with its `$setElementOrder` directive (validatePatchWithSetOrderList), for strategic-merge.ts.
 */
import { goValue } from './printers/util';
import { StrategicMergeError } from './strategic-error';
import { isMap } from './strategic-patch';

type Json = unknown;
type JsonMap = Record<string, Json>;

export type KeyOf = (x: Json) => Json;
export const itself: KeyOf = (x) => x;
export const byKey =
  (key: string): KeyOf =>
  (x) =>
    isMap(x) && Object.hasOwn(x, key) ? x[key] : undefined;

/**
 * normalizeElementOrder: `merged`'s items that `order` names, in its order, with the others (the
 * server's own) merged in by their place in `live` (mergeSortedSlice).
 */
export function inElementOrder(merged: Json[], order: Json[], live: Json, keyOf: KeyOf): Json[] {
  const rank = new Map<Json, number>();
  order.forEach((o, i) => {
    const k = keyOf(o);
    if (k !== undefined && !rank.has(k)) rank.set(k, i);
  });
  const liveIndex = new Map<Json, number>();
  if (Array.isArray(live)) {
    live.forEach((x, i) => {
      const k = keyOf(x);
      if (k !== undefined && !liveIndex.has(k)) liveIndex.set(k, i);
    });
  }
  const named = merged.filter((x) => rank.has(keyOf(x))).sort((a, b) => rank.get(keyOf(a))! - rank.get(keyOf(b))!);
  const serverOnly = merged.filter((x) => !rank.has(keyOf(x))).sort((a, b) => (liveIndex.get(keyOf(a)) ?? 0) - (liveIndex.get(keyOf(b)) ?? 0));
  const out: Json[] = [];
  let i = 0;
  let j = 0;
  while (i < serverOnly.length || j < named.length) {
    if (j >= named.length) out.push(serverOnly[i++]);
    else if (i >= serverOnly.length) out.push(named[j++]);
    else {
      const li = liveIndex.get(keyOf(serverOnly[i])) ?? -1;
      const ri = liveIndex.get(keyOf(named[j])) ?? -1;
      out.push(li >= 0 && ri >= 0 && li < ri ? serverOnly[i++] : named[j++]);
    }
  }
  return out;
}

/**
 * validatePatchWithSetOrderList: the patch's items (deletions aside) must come in the
 * directive's order and be among its items.
 */
export function validateOrder(sent: Json[], order: Json[], mergeKey: string | undefined): void {
  if (order.length === 0 || sent.length === 0) return;
  const items = mergeKey ? sent.filter((p) => !(isMap(p) && p['$patch'] === 'delete')) : sent;
  const keyOf = mergeKey ? byKey(mergeKey) : itself;
  let i = 0;
  let j = 0;
  while (i < items.length && j < order.length) {
    if (isMap(items[i]) && Object.hasOwn(items[i] as JsonMap, '$patch')) {
      i++;
      continue;
    }
    if (keyOf(items[i]) === keyOf(order[j])) i++;
    j++;
  }
  // A plain error upstream, which the patch handler answers as an Internal error.
  if (i < items.length) throw new StrategicMergeError(`The order in patch list:\n${goValue(sent)}\n doesn't match $setElementOrder list:\n${goValue(order)}\n`, 500);
}

