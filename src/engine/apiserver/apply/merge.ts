/**
 * The merge of an applied configuration into the live object, at the granularity of the field
 * sets (fieldset.ts), as structured-merge-diff's typed/merge.go does it: structs and maps merge
 * key by key, a list-map's items by all their keys and a set's by value (both in SMD's order:
 * the live items, with the shared ones in the applied order and new ones where the applied
 * configuration puts them), and an atomic list, struct or map (or any scalar) is replaced whole.
 * A null in the configuration removes the field, as the merge patch this replaced did.
 */
import { cloneData } from '../../core/clone';
import { itemSegment, rootSchema, structOf } from './fieldset';
import type { FieldSchema, StructSchema } from '../../../k8s/list-types';

type Json = unknown;

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** The live object with the configuration merged in (a new object; neither input changes). */
export function mergeApplied(live: Record<string, unknown>, config: Record<string, unknown>): Record<string, unknown> {
  return mergeStruct(live, config, rootSchema(config.kind ?? live.kind));
}

function mergeStruct(lhs: Record<string, unknown>, rhs: Record<string, unknown>, struct: StructSchema | undefined, map?: FieldSchema): Record<string, unknown> {
  const out: Record<string, unknown> = { ...lhs };
  const elem: FieldSchema | undefined = map?.t === undefined ? undefined : { t: map.t };
  for (const [k, v] of Object.entries(rhs)) {
    if (v === null) delete out[k];
    else out[k] = mergeValue(lhs[k], v, map ? elem : struct?.[k]);
  }
  return out;
}

function mergeValue(lhs: Json, rhs: Json, fs: FieldSchema | undefined): Json {
  if (lhs === undefined || fs?.a) return cloneData(rhs);
  if (Array.isArray(lhs) && Array.isArray(rhs) && (fs?.l === 'set' || fs?.l === 'map')) return mergeList(lhs, rhs, fs) ?? cloneData(rhs);
  if (isObject(lhs) && isObject(rhs)) return mergeStruct(lhs, rhs, fs?.m ? undefined : structOf(fs), fs?.m ? fs : undefined);
  return cloneData(rhs);
}

/** typed/merge.go visitListItems; undefined when an item has no segment (then the list is replaced). */
function mergeList(lhs: unknown[], rhs: unknown[], fs: FieldSchema): unknown[] | undefined {
  const lSegs = lhs.map((i) => itemSegment(i, fs));
  const rSegs = rhs.map((i) => itemSegment(i, fs));
  if (lSegs.some((s) => s === undefined) || rSegs.some((s) => s === undefined)) return undefined;
  const lIndex = new Map(lSegs.map((s, i) => [s!, i] as const));
  const rIndex = new Map(rSegs.map((s, i) => [s!, i] as const));
  const struct = structOf(fs);
  const item = (seg: string): unknown => {
    const l = lIndex.has(seg) ? lhs[lIndex.get(seg)!] : undefined;
    const r = rIndex.has(seg) ? rhs[rIndex.get(seg)!] : undefined;
    if (r === undefined) return cloneData(l);
    if (l === undefined || fs.l === 'set') return cloneData(r);
    return isObject(l) && isObject(r) ? mergeStruct(l, r, struct) : cloneData(r);
  };
  const shared = rSegs.filter((s) => lIndex.has(s!)) as string[];
  let next = shared.shift();
  const merged = new Set<string>();
  const out: unknown[] = [];
  for (let lI = 0, rI = 0; lI < lSegs.length || rI < rSegs.length; ) {
    if (lI < lSegs.length && rI < rSegs.length) {
      const seg = lSegs[lI]!;
      if (seg === rSegs[rI]) {
        merged.add(seg);
        out.push(item(seg));
        lI++;
        rI++;
        next = shared.shift();
        continue;
      }
      if (rIndex.has(seg) && next !== undefined && next !== seg) {
        lI++;
        continue;
      }
    }
    if (lI < lSegs.length) {
      const seg = lSegs[lI]!;
      if (!rIndex.has(seg)) {
        out.push(item(seg));
        lI++;
        continue;
      } else if (merged.has(seg)) lI++;
    }
    if (rI < rSegs.length) {
      const seg = rSegs[rI]!;
      merged.add(seg);
      out.push(item(seg));
      rI++;
      if (next === seg) next = shared.shift();
    }
  }
  return out;
}
