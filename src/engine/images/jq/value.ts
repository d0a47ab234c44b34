/**
 * jq's values as JS data (objects are Maps, so key order is insertion order as jq 1.6 keeps it,
 * and a key such as "1" is not moved first as a JS object would), their order (jq's sort order:
 * null < false < true < numbers < strings < arrays < objects), and the error jq raises.
 */
export type Json = null | boolean | number | string | Json[] | JObject;
export type JObject = Map<string, Json>;

export const isObject = (v: Json): v is JObject => v instanceof Map;

export function typeName(v: Json): string {
  if (v === null) return 'null';
  if (typeof v === 'boolean') return 'boolean';
  if (typeof v === 'number') return 'number';
  if (typeof v === 'string') return 'string';
  return Array.isArray(v) ? 'array' : 'object';
}

/** An error a filter raised (`error(x)` raises x itself; most carry a message string). */
export class JqError extends Error {
  constructor(readonly value: Json) {
    super(typeof value === 'string' ? value : 'jq error');
  }
}

/**
 * The terminal's budget ran out (`repeat(1)`, `range(1e12)`, a runaway recursion): the real jq
 * would run on, but the page must answer. Not an error a `try` sees.
 */
export class JqLimit extends Error {}

/** `break $label`: unwinds to its label, not an error a `try` sees. */
export class JqBreak extends Error {
  constructor(readonly label: number) {
    super('break');
  }
}

const RANK: Record<string, number> = { null: 0, boolean: 1, number: 3, string: 4, array: 5, object: 6 };
const rank = (v: Json): number => (v === true ? 2 : RANK[typeName(v)]!);

/** Code-point order, as jq compares UTF-8 bytes. */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x < y ? -1 : 1;
    if (x > 0xffff) i++;
  }
  return a.length < b.length ? -1 : a.length > b.length ? 1 : 0;
}

export const sortedKeys = (o: JObject): string[] => [...o.keys()].sort(compareStrings);

export function compare(a: Json, b: Json): number {
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra < rb ? -1 : 1;
  if (typeof a === 'number') {
    // jq 1.6 sorts nan below every number (and below itself: `nan < nan` is true).
    if (Number.isNaN(a)) return -1;
    if (Number.isNaN(b as number)) return 1;
    return a < (b as number) ? -1 : a > (b as number) ? 1 : 0;
  }
  if (typeof a === 'string') return compareStrings(a, b as string);
  if (Array.isArray(a)) {
    const bb = b as Json[];
    for (let i = 0; i < a.length && i < bb.length; i++) {
      const c = compare(a[i]!, bb[i]!);
      if (c !== 0) return c;
    }
    return a.length - bb.length < 0 ? -1 : a.length > bb.length ? 1 : 0;
  }
  if (isObject(a)) {
    const bo = b as JObject;
    const c = compare(sortedKeys(a), sortedKeys(bo));
    if (c !== 0) return c;
    for (const k of sortedKeys(a)) {
      const d = compare(a.get(k)!, bo.get(k)!);
      if (d !== 0) return d;
    }
  }
  return 0;
}

export const equal = (a: Json, b: Json): boolean => compare(a, b) === 0;

export const truthy = (v: Json): boolean => v !== null && v !== false;

/** Plain JS data (a parsed manifest) as a jq value. */
export function fromPlain(v: unknown): Json {
  if (v === null || v === undefined) return null;
  if (typeof v === 'boolean' || typeof v === 'number' || typeof v === 'string') return v;
  if (Array.isArray(v)) return v.map(fromPlain);
  return new Map(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, fromPlain(x)]));
}
