/**
 * Applies a strategic merge patch (apimachinery's StrategicMergeMapPatch): kube-apiserver's patch
 * handler and kubectl's client-side dry run both use it. Copy-on-write: only the paths the patch
 * touches are new; what it leaves alone is the target's own value and what it sets is the patch's
 * own (callers that keep the result and must share nothing copy it).
 *
 * A map is merged as mergeMap does, in its order: `$patch: replace` makes the patch the value;
 * `$retainKeys` first drops the target's keys it does not name; each `$setElementOrder/<list>`
 * merges its list and orders it; then the other keys merge one by one (`null` deletes); last,
 * each `$deleteFromPrimitiveList/<list>` removes its scalars.
 *
 * A list merged by key (merge-keys.ts) merges item by item (`$patch: delete` removes one); a list
 * of scalars merged as a set gains the patch's new values. Either comes out in
 * normalizeElementOrder's order: the patch's items in the patch's order — or the
 * `$setElementOrder/<list>` directive's, when the patch carries one — with the items only the
 * server has merged in by their live order (one goes in front of a patch item when the live list
 * has it in front of that item; a new item goes in front of them). Any other list is replaced.
 */
import { patchMetaOf, type PatchMeta } from './merge-keys';
import { own, setOwn } from './own';
import { isMap } from './strategic-patch';
import { goValue } from './printers/util';
import { byKey, inElementOrder, itself, validateOrder } from './strategic-order';
import { StrategicMergeError } from './strategic-error';

type Json = unknown;
type JsonMap = Record<string, Json>;

export { StrategicMergeError } from './strategic-error';

export interface MergeOptions {
  /**
   * Replace lists of scalars instead of merging them as sets: server-side apply's merge, whose
   * field sets (apiserver/apply/fieldset.ts) own such a list as one atomic field.
   */
  readonly atomicScalarLists?: boolean;
  /** The object's kind, when the target does not say (a status patch's target is the status alone). */
  readonly kind?: string;
}

/** The options, and the object's kind, which pins a few fields' tags (merge-keys.ts). */
interface Run extends MergeOptions {
  readonly kind: string;
}

function kindOf(v: Json): string {
  const k = isMap(v) ? v['kind'] : undefined;
  return typeof k === 'string' ? k : '';
}

const RETAIN_KEYS = '$retainKeys';
const SET_ELEMENT_ORDER = '$setElementOrder';
const DELETE_FROM_PRIMITIVE_LIST = '$deleteFromPrimitiveList';

/** The strategic merge of `patch` into `target` (the top-level object, usually). */
export function strategicMerge(target: Json, patch: Json, opts: MergeOptions = {}): Json {
  return mergeValue(target, patch, '', '', { ...opts, kind: opts.kind ?? (kindOf(target) || kindOf(patch)) });
}

/** `field`'s value merged, the field being a key of the map the field `parent` holds. */
function mergeValue(target: Json, patch: Json, field: string, parent: string, opts: Run): Json {
  if (isMap(patch)) {
    // mergeMapHandler: a map tagged replace (a PodDisruptionBudget's selector) is the patch's.
    if (isMap(target) && patchMetaOf(field, parent, opts.kind).replace) return stripDirectives(patch);
    return mergeMap(target, patch, field, opts);
  }
  if (Array.isArray(patch)) return mergeList(patchMetaOf(field, parent, opts.kind), field, target, patch, opts);
  return patch;
}

function isDirective(k: string): boolean {
  // '$' first: the patch handler's hot path (every kubelet status patch) is plain keys.
  return k.charCodeAt(0) === 36 && (k === RETAIN_KEYS || k.startsWith(SET_ELEMENT_ORDER) || k.startsWith(DELETE_FROM_PRIMITIVE_LIST));
}

/** The list a `<prefix>/<list>` directive names (extractKey). */
function directiveList(k: string, prefix: string, message: string): string {
  if (k.charAt(prefix.length) !== '/') throw new StrategicMergeError(message);
  return k.slice(prefix.length + 1);
}

function mergeMap(target: Json, patch: JsonMap, field: string, opts: Run): JsonMap {
  // handleDirectiveInMergeMap: with `$patch: replace` the patch, minus the directive, is the
  // whole new value (`kubectl rollout undo daemonset` sends its template this way); with
  // `$patch: delete` the map is left empty.
  if (Object.hasOwn(patch, '$patch')) {
    const directive = patch['$patch'];
    if (directive === 'replace') {
      const { $patch: _directive, ...rest } = patch;
      return stripDirectives(rest) as JsonMap;
    }
    if (directive === 'delete') return {};
    throw new StrategicMergeError(`unknown patch type: ${goValue(directive)} in map: ${goValue(patch)}`, 500);
  }
  const out: JsonMap = isMap(target) ? { ...target } : {};
  let directives = false;
  for (const k in patch) if (Object.hasOwn(patch, k) && isDirective(k)) directives = true;
  const ordered = directives ? applyDirectivesFirst(out, patch, field, opts) : undefined;
  for (const k in patch) {
    if (!Object.hasOwn(patch, k) || (directives && (isDirective(k) || ordered?.has(k)))) continue;
    const v = patch[k];
    // A map that is only a directive (`$patch: delete`) for a key the target lacks, or holds no
    // map under, is dropped: removeDirectives.
    if (v === null || (isMap(v) && Object.hasOwn(v, '$patch') && !isMap(own(out, k)))) delete out[k];
    else setOwn(out, k, mergeValue(own(out, k), v, k, field, opts));
  }
  if (directives) {
    for (const k in patch) {
      if (Object.hasOwn(patch, k) && k.startsWith(DELETE_FROM_PRIMITIVE_LIST)) deleteFromList(out, k, patch[k], field, opts);
    }
  }
  return out;
}

/** `$retainKeys`, then the `$setElementOrder` lists; returns the lists these merged. */
function applyDirectivesFirst(out: JsonMap, patch: JsonMap, field: string, opts: Run): Set<string> {
  if (Object.hasOwn(patch, RETAIN_KEYS)) retainKeys(out, patch);
  const ordered = new Set<string>();
  for (const k in patch) {
    if (!Object.hasOwn(patch, k) || !k.startsWith(SET_ELEMENT_ORDER)) continue;
    const list = directiveList(k, SET_ELEMENT_ORDER, 'invalid patch format of setElementOrder list');
    if (orderList(out, patch, list, patch[k], field, opts)) ordered.add(list);
  }
  return ordered;
}

/**
 * applyRetainKeysDirective: the target keeps only the keys the directive names, and the patch
 * may set no other key (deleting one, or a list directive, is fine).
 */
function retainKeys(out: JsonMap, patch: JsonMap): void {
  const keep = patch[RETAIN_KEYS];
  if (!Array.isArray(keep)) throw new StrategicMergeError('invalid patch format of retainKeys');
  for (const k in patch) {
    if (!Object.hasOwn(patch, k) || patch[k] === null || k === RETAIN_KEYS || k === '$patch') continue;
    if (k.startsWith(DELETE_FROM_PRIMITIVE_LIST) || k.startsWith(SET_ELEMENT_ORDER)) continue;
    if (!keep.includes(k)) throw new StrategicMergeError('invalid patch format of retainKeys');
  }
  for (const k of Object.keys(out)) if (!keep.includes(k)) delete out[k];
}

/**
 * mergePatchIntoOriginal: the list merged with the patch's items (or the live list, or the
 * patch's, when only one has it), then in the directive's order. False when the list has no
 * merge strategy to order by; the main pass merges it then.
 */
function orderList(out: JsonMap, patch: JsonMap, list: string, order: Json, field: string, opts: Run): boolean {
  const meta = patchMetaOf(list, field, opts.kind);
  const keyOf = meta.mergeKey ? byKey(meta.mergeKey) : meta.scalarSet && !opts.atomicScalarLists ? itself : undefined;
  const live = own(out, list);
  const sent = own(patch, list);
  if (!keyOf || !Array.isArray(order) || (sent !== undefined && !Array.isArray(sent))) return false;
  if (sent) validateOrder(sent, order, meta.mergeKey);
  let merged: Json[];
  if (Array.isArray(live) && sent) merged = mergeList(meta, list, live, sent, opts);
  else if (sent) merged = removeDirectives(sent) as Json[];
  else if (Array.isArray(live)) merged = live;
  else return false;
  setOwn(out, list, inElementOrder(merged, order, live, keyOf));
  return true;
}

function mergeList(meta: PatchMeta, field: string, cur: Json, patch: Json[], opts: Run): Json[] {
  if (meta.scalarSet && !opts.atomicScalarLists) return Array.isArray(cur) ? mergeScalarSet(cur, patch) : patch;
  const key = meta.mergeKey;
  // mergeSliceWithSpecialElements: `$patch: replace` makes the patch's other items the list;
  // deletions go first, then the rest merge into the live items.
  if (key && patch.some((p) => isMap(p) && p['$patch'] === 'replace')) return patch.filter((p) => !(isMap(p) && Object.hasOwn(p, '$patch')));
  // A list the target lacks takes the patch's items, directives removed (mergeMap's removeDirectives).
  if (!Array.isArray(cur)) return removeDirectives(patch) as Json[];
  // mergeSliceWithSpecialElements reads every directive first (a deletion must name its key; an
  // unknown directive fails), then mergeSliceWithoutSpecialElements wants the key on every other
  // item. mergepatch.ErrNoMergeKey and ErrBadPatchType are plain errors: a 500 without a reason.
  const noKey = (m: JsonMap): StrategicMergeError => new StrategicMergeError(`map: ${goValue(m)} does not contain declared merge key: ${key}`, 500);
  if (key) {
    for (const p of patch) {
      if (!isMap(p) || !Object.hasOwn(p, '$patch')) continue;
      const directive = p['$patch'];
      if (directive === 'delete' && !Object.hasOwn(p, key)) throw noKey(p);
      if (directive === 'merge') throw new StrategicMergeError('merging lists cannot yet be specified in the patch', 500);
      if (directive !== 'delete') throw new StrategicMergeError(`unknown patch type: ${goValue(directive)} in map: ${goValue(p)}`, 500);
    }
  }
  const keyless = key ? patch.find((p) => isMap(p) && !Object.hasOwn(p, key) && !Object.hasOwn(p, '$patch')) : undefined;
  if (keyless) throw noKey(keyless as JsonMap);
  if (!key || !patch.every(isMap)) return patch;
  let live = cur;
  const items: JsonMap[] = [];
  for (const p of patch as JsonMap[]) {
    if (p['$patch'] === 'delete') live = live.filter((c) => !(isMap(c) && c[key] === p[key]));
    else items.push(p);
  }
  const out = live.slice();
  for (const p of items) {
    const i = out.findIndex((c) => isMap(c) && c[key] === p[key]);
    if (i >= 0) out[i] = mergeMap(out[i], p, field, opts);
    else out.push(mergeMap({}, p, field, opts));
  }
  return inElementOrder(out, items, live, byKey(key));
}

/**
 * mergeSlice on scalars: the live values and the patch's, each once, ordered as a merged list
 * is. A patch of `[]` leaves the list as it is: only `null` or the deletion list take values out.
 */
function mergeScalarSet(cur: Json[], patch: Json[]): Json[] {
  if (cur.length === 0 && patch.length === 0) return cur;
  return inElementOrder([...new Set([...cur, ...patch])], patch, cur, itself);
}

/**
 * `$deleteFromPrimitiveList/<list>`: the scalars leave a set-merged list. As upstream's mergeMap
 * treats it like the list's own key, a null deletes the list, a list the target lacks is set to
 * the values, and a list without the merge strategy is replaced by them.
 */
function deleteFromList(out: JsonMap, k: string, values: Json, field: string, opts: Run): void {
  const list = directiveList(k, DELETE_FROM_PRIMITIVE_LIST, 'invalid patch format of primitive list');
  const cur = own(out, list);
  if (values === null) delete out[list];
  else if (!Array.isArray(cur) || !Array.isArray(values)) setOwn(out, list, values);
  else {
    const meta = patchMetaOf(list, field, opts.kind);
    if (meta.scalarSet && !opts.atomicScalarLists) setOwn(out, list, cur.filter((v) => !values.includes(v)));
    // A keyed list's items are maps, never the scalars this names: upstream fails on the mixed types.
    else if (!meta.mergeKey) setOwn(out, list, values);
  }
}

/**
 * removeDirectives, with discardNullValuesFromPatch before it: a map holding `$patch` is dropped
 * whole (a deletion of what is not there), and nulls go.
 */
function removeDirectives(v: Json): Json {
  if (Array.isArray(v)) return v.filter((x) => !(isMap(x) && Object.hasOwn(x, '$patch'))).map(removeDirectives);
  if (!isMap(v)) return v;
  const out: JsonMap = {};
  for (const k in v) {
    const x = v[k];
    if (Object.hasOwn(v, k) && x !== null && !(isMap(x) && Object.hasOwn(x, '$patch'))) setOwn(out, k, removeDirectives(x));
  }
  return out;
}

/** A replaced value carries no directives and no nulls (they mean "absent" in a patch). */
function stripDirectives(v: Json): Json {
  if (Array.isArray(v)) return v.map(stripDirectives);
  if (!isMap(v)) return v;
  const out: JsonMap = {};
  for (const k in v) {
    const x = v[k];
    if (Object.hasOwn(v, k) && x !== null && k !== '$patch') setOwn(out, k, stripDirectives(x));
  }
  return out;
}
