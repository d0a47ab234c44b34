/**
 * jq 1.6's operators on values (jv_aux.c, builtin.c): indexing, slicing, iteration and the
 * arithmetic, with their messages (a value in a message is cut to 14 characters, as jq's
 * 15-byte buffer cuts it).
 */
import { truncated } from './print';
import { compare, equal, isObject, JqError, JqLimit, typeName, type JObject, type Json } from './value';

const show = (v: Json): string => `${typeName(v)} (${truncated(v, 15)})`;

/** Code points, as jq counts string positions. */
export const codePoints = (s: string): string[] => Array.from(s);

function clampSlice(len: number, from: Json, to: Json): [number, number] {
  if ((from !== null && typeof from !== 'number') || (to !== null && typeof to !== 'number')) throw new JqError('Start and end indices of an array slice must be numbers');
  let s = from === null ? 0 : from;
  let e = to === null ? len : to;
  if (s < 0) s += len;
  if (e < 0) e += len;
  s = Math.min(Math.max(s, 0), len);
  e = Math.min(Math.max(e, 0), len);
  if (e < s) e = s;
  return [Math.floor(s), Math.ceil(e)];
}

export function sliceValue(t: Json, from: Json, to: Json): Json {
  if (t === null) return null;
  if (typeof t === 'string') {
    const cps = codePoints(t);
    const [s, e] = clampSlice(cps.length, from, to);
    return cps.slice(s, e).join('');
  }
  if (Array.isArray(t)) {
    const [s, e] = clampSlice(t.length, from, to);
    return t.slice(s, e);
  }
  throw new JqError(`Cannot index ${typeName(t)} with object`);
}

export function indexValue(t: Json, k: Json): Json {
  if (isObject(t) && typeof k === 'string') return t.get(k) ?? null;
  if (Array.isArray(t) && typeof k === 'number') {
    // jv_get: a fractional index finds nothing.
    if (!Number.isInteger(k)) return null;
    const i = Math.floor(k < 0 ? t.length + k : k);
    return i >= 0 && i < t.length ? t[i]! : null;
  }
  if (t === null && (typeof k === 'string' || typeof k === 'number' || isObject(k))) return null;
  if (isObject(k) && (Array.isArray(t) || typeof t === 'string')) return sliceValue(t, k.get('start') ?? null, k.get('end') ?? null);
  if (Array.isArray(t) && Array.isArray(k)) return indicesOf(t, k);
  if (typeof k === 'string') throw new JqError(`Cannot index ${typeName(t)} with string "${k}"`);
  throw new JqError(`Cannot index ${typeName(t)} with ${typeName(k)}`);
}

/** `.[[1,2]]` / indices: where the subarray starts. */
export function indicesOf(t: Json[], k: Json[]): Json {
  if (k.length === 0) return null;
  const out: number[] = [];
  for (let i = 0; i + k.length <= t.length; i++) if (k.every((x, j) => equal(t[i + j]!, x))) out.push(i);
  return out;
}

export function iterateValue(t: Json): [Json, Json][] {
  if (Array.isArray(t)) return t.map((v, i) => [i, v]);
  if (isObject(t)) return [...t].map(([k, v]) => [k, v]);
  throw new JqError(`Cannot iterate over ${show(t)}`);
}

function deepMerge(a: JObject, b: JObject): JObject {
  const out = new Map(a);
  for (const [k, v] of b) {
    const old = out.get(k);
    out.set(k, old !== undefined && isObject(old) && isObject(v) ? deepMerge(old, v) : v);
  }
  return out;
}

/** The most a value built here may hold (characters or elements): past it the page would run out of memory. */
export const SIZE_LIMIT = 10_000_000;

function repeat(s: string, n: number): Json {
  if (n <= 0) return null;
  if (s.length * n > SIZE_LIMIT) throw new JqLimit('size');
  let out = s;
  for (let i = n - 1; i > 0; i--) out += s;
  return out;
}

export function binop(op: string, l: Json, r: Json): Json {
  switch (op) {
    case '+':
      if (l === null) return r;
      if (r === null) return l;
      if (typeof l === 'number' && typeof r === 'number') return l + r;
      if (typeof l === 'string' && typeof r === 'string') return l + r;
      if (Array.isArray(l) && Array.isArray(r)) return [...l, ...r];
      if (isObject(l) && isObject(r)) return new Map([...l, ...r]);
      throw new JqError(`${show(l)} and ${show(r)} cannot be added`);
    case '-':
      if (typeof l === 'number' && typeof r === 'number') return l - r;
      if (Array.isArray(l) && Array.isArray(r)) return l.filter((x) => !r.some((y) => equal(x, y)));
      throw new JqError(`${show(l)} and ${show(r)} cannot be subtracted`);
    case '*':
      if (typeof l === 'number' && typeof r === 'number') return l * r;
      if (typeof l === 'string' && typeof r === 'number') return repeat(l, r);
      if (typeof l === 'number' && typeof r === 'string') return repeat(r, l);
      if (isObject(l) && isObject(r)) return deepMerge(l, r);
      throw new JqError(`${show(l)} and ${show(r)} cannot be multiplied`);
    case '/':
      if (typeof l === 'number' && typeof r === 'number') {
        if (r === 0) throw new JqError(`${show(l)} and ${show(r)} cannot be divided because the divisor is zero`);
        return l / r;
      }
      if (typeof l === 'string' && typeof r === 'string') return splitString(l, r);
      throw new JqError(`${show(l)} and ${show(r)} cannot be divided`);
    case '%':
      if (typeof l === 'number' && typeof r === 'number') {
        const b = Math.trunc(r);
        if (b === 0) throw new JqError(`${show(l)} and ${show(r)} cannot be divided (remainder) because the divisor is zero`);
        const x = Math.trunc(l) % Math.abs(b);
        return x === 0 ? 0 : x;
      }
      throw new JqError(`${show(l)} and ${show(r)} cannot be divided`);
    case '==':
      return equal(l, r);
    case '!=':
      return !equal(l, r);
    case '<':
      return compare(l, r) < 0;
    case '<=':
      return compare(l, r) <= 0;
    case '>':
      return compare(l, r) > 0;
    case '>=':
      return compare(l, r) >= 0;
  }
  throw new JqError(`unknown operator ${op}`);
}

/** jv_string_split: an empty separator splits into… jq 1.6 returns the string's bytes as one-char strings. */
export function splitString(s: string, sep: string): Json {
  if (s === '') return [];
  if (sep === '') return codePoints(s);
  return s.split(sep);
}

export { show };
