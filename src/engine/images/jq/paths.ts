/** jq's getpath / setpath / delpaths (jv_aux.c), on values that are never mutated in place. */
import { indexValue, SIZE_LIMIT, sliceValue } from './ops';
import { compare, isObject, JqError, JqLimit, typeName, type Json } from './value';

export function getPath(v: Json, p: Json[]): Json {
  let cur = v;
  for (const k of p) {
    if (cur === null) return null;
    cur = indexValue(cur, k);
  }
  return cur;
}

function setKey(t: Json, k: Json, value: Json): Json {
  if (typeof k === 'string') {
    if (t === null || isObject(t)) {
      const m = new Map(t ?? []);
      m.set(k, value);
      return m;
    }
    throw new JqError(`Cannot index ${typeName(t)} with "${k}"`);
  }
  if (typeof k === 'number') {
    if (t === null || Array.isArray(t)) {
      const a = [...(t ?? [])];
      let i = Math.floor(k);
      if (i < 0) {
        i += a.length;
        if (i < 0) throw new JqError('Out of bounds negative array index');
      }
      if (i > SIZE_LIMIT) throw new JqLimit('size');
      while (a.length < i) a.push(null);
      a[i] = value;
      return a;
    }
    throw new JqError(`Cannot index ${typeName(t)} with number`);
  }
  if (isObject(k) && (t === null || Array.isArray(t))) {
    const a = t ?? [];
    if (!Array.isArray(value)) throw new JqError('A slice of an array can only be assigned another array');
    const len = a.length;
    const cur = sliceValue(a, k.get('start') ?? null, k.get('end') ?? null) as Json[];
    let s = (k.get('start') ?? 0) as number;
    if (s < 0) s = Math.max(0, s + len);
    s = Math.min(Math.floor(s), len);
    return [...a.slice(0, s), ...value, ...a.slice(s + cur.length)];
  }
  throw new JqError(`Cannot update field at object index of ${typeName(t)}`);
}

export function setPath(v: Json, p: Json[], value: Json): Json {
  if (p.length === 0) return value;
  const [k, ...rest] = p;
  const child = v === null ? null : indexValue(v, k!);
  return setKey(v, k!, setPath(child, rest, value));
}

function deleteOne(v: Json, p: Json[]): Json {
  if (v === null || p.length === 0) return p.length === 0 ? null : v;
  const k = p[0]!;
  const rest = p.slice(1);
  if (rest.length > 0) {
    const child = indexValue(v, k!);
    if (child === null) return v;
    return setKey(v, k!, deleteOne(child, rest));
  }
  if (isObject(v) && typeof k === 'string') {
    const m = new Map(v);
    m.delete(k);
    return m;
  }
  if (Array.isArray(v) && typeof k === 'number') {
    const i = Math.floor(k < 0 ? v.length + k : k);
    if (i < 0 || i >= v.length) return v;
    return [...v.slice(0, i), ...v.slice(i + 1)];
  }
  if (Array.isArray(v) && isObject(k)) {
    const cur = sliceValue(v, k.get('start') ?? null, k.get('end') ?? null) as Json[];
    let s = (k.get('start') ?? 0) as number;
    if (s < 0) s = Math.max(0, s + v.length);
    s = Math.min(Math.floor(s), v.length);
    return [...v.slice(0, s), ...v.slice(s + cur.length)];
  }
  if (typeof k === 'string') throw new JqError(`Cannot delete field at object index of ${typeName(v)}`);
  throw new JqError(`Cannot delete field at index of ${typeName(v)}`);
}

/** delpaths: longest paths first, so deleting an element does not shift the next one's index. */
export function deletePaths(v: Json, paths: Json[][]): Json {
  const sorted = [...paths].sort((a, b) => -compare(a, b));
  let out = v;
  for (const p of sorted) out = deleteOne(out, p);
  return out;
}
