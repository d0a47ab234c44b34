/**
 * resource.Quantity arithmetic with its format, and the ResourceList helpers quota code uses
 * (k8s.io/apiserver/pkg/quota/v1/resources.go: Add, Subtract, Mask, LessThanOrEqual). A value is
 * held in exact integer milli-units (quantity.ts) beside the format its string was written in,
 * because Quantity.String() prints in that format: `128Mi` stays binary, `0` and `500m` decimal,
 * and a sum keeps the first non-zero operand's format, as Quantity.Add does.
 */
import { parseMilli } from './quantity';
import type { ResourceList } from './types';

export type QuantityFormat = 'DecimalSI' | 'BinarySI';

export interface Qty {
  milli: number;
  format: QuantityFormat;
}

export const ZERO: Qty = { milli: 0, format: 'DecimalSI' };

/** How UnmarshalJSON infers the format: a binary suffix is BinarySI, anything else decimal. */
export function formatOf(s: string | number): QuantityFormat {
  return typeof s === 'string' && /[KMGTPE]i$/.test(s.trim()) ? 'BinarySI' : 'DecimalSI';
}

export function parseQty(s: string | number | undefined): Qty | undefined {
  if (s === undefined) return undefined;
  const milli = parseMilli(typeof s === 'string' ? s.trim() : s);
  return milli === undefined ? undefined : { milli, format: formatOf(s) };
}

/** A malformed or absent value counts as zero (validation refuses it before quota math sees it). */
export function qty(s: string | number | undefined): Qty {
  return parseQty(s) ?? ZERO;
}

const DECIMAL: [string, number][] = [
  ['E', 1e18],
  ['P', 1e15],
  ['T', 1e12],
  ['G', 1e9],
  ['M', 1e6],
  ['k', 1e3],
];
const BINARY: [string, number][] = [
  ['Ei', 2 ** 60],
  ['Pi', 2 ** 50],
  ['Ti', 2 ** 40],
  ['Gi', 2 ** 30],
  ['Mi', 2 ** 20],
  ['Ki', 2 ** 10],
];

function decimalString(milli: number): string {
  const sign = milli < 0 ? '-' : '';
  const abs = Math.abs(milli);
  if (abs % 1000 !== 0) return `${sign}${abs}m`;
  const v = abs / 1000;
  for (const [s, mult] of DECIMAL) if (v >= mult && v % mult === 0) return `${sign}${v / mult}${s}`;
  return `${sign}${v}`;
}

/** Quantity.String(): canonical in its format; a binary value under 1024 or with a fraction prints decimal. */
export function qtyString(q: Qty): string {
  if (q.format !== 'BinarySI' || q.milli % 1000 !== 0) return decimalString(q.milli);
  const bytes = q.milli / 1000;
  const abs = Math.abs(bytes);
  if (abs < 1024) return decimalString(q.milli);
  for (const [s, mult] of BINARY) if (abs >= mult && abs % mult === 0) return `${bytes / mult}${s}`;
  return String(bytes);
}

/** The canonical form of a quantity as written (`1000m` → `1`, `2048Mi` → `2Gi`); unparseable text is kept. */
export function canonical(s: string | number): string {
  const q = parseQty(s);
  return q ? qtyString(q) : String(s);
}

const EXACT = /^[+-]?([0-9]*)(?:\.([0-9]*))?(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E)?$/;
const DECIMAL_EXP: Record<string, number> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const BINARY_EXP: Record<string, number> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };

/**
 * What Quantity's JSON round trip stores for a value (UnmarshalJSON then MarshalJSON): `0.5` →
 * `500m`, `1.5Gi` → `1536Mi`, a JSON number → its string. Only values the milli-unit model
 * holds exactly are rewritten; a nano or micro value (`100u`), an exponent (`1e3`, kept in
 * DecimalExponent form upstream) or one past 2^53 milli-units is left as written.
 */
export function roundTripQuantity(v: string | number): string | number {
  const text = typeof v === 'number' ? String(v) : v.trim();
  const m = EXACT.exec(text);
  if (!m || (m[1] === '' && !m[2])) return v;
  const frac = m[2] ?? '';
  const suffix = m[3] ?? '';
  // The value in nano-units, exactly.
  let nano = BigInt(`${m[1] || '0'}${frac}`) * 10n ** BigInt(Math.max(0, 9 - frac.length));
  if (frac.length > 9) return v;
  if (suffix in BINARY_EXP) nano *= 2n ** BigInt(BINARY_EXP[suffix]!);
  else {
    const e = DECIMAL_EXP[suffix]!;
    if (e >= 0) nano *= 10n ** BigInt(e);
    else if (nano % 10n ** BigInt(-e) !== 0n) return v;
    else nano /= 10n ** BigInt(-e);
  }
  if (nano % 1_000_000n !== 0n) return v;
  const milli = nano / 1_000_000n;
  if (milli > BigInt(Number.MAX_SAFE_INTEGER)) return v;
  return qtyString({ milli: Number(milli) * (text.startsWith('-') ? -1 : 1), format: formatOf(text) });
}

/** Quantity.Value(): whole units, rounded up. */
export function qtyValue(q: Qty): number {
  return Math.ceil(q.milli / 1000);
}

/** Quantity.Add: the receiver's format is kept unless it is zero. */
export function addQty(a: Qty, b: Qty): Qty {
  return { milli: a.milli + b.milli, format: a.milli === 0 ? b.format : a.format };
}

export function cmpQty(a: Qty, b: Qty): number {
  return Math.sign(a.milli - b.milli);
}

/** A ResourceList of parsed quantities, keyed by resource name. */
export type Usage = Map<string, Qty>;

export function usageOf(list: ResourceList | undefined): Usage {
  const out: Usage = new Map();
  for (const [k, v] of Object.entries(list ?? {})) out.set(k, qty(v));
  return out;
}

export function toResourceList(u: Usage): ResourceList {
  const out: ResourceList = {};
  for (const k of [...u.keys()].sort()) out[k] = qtyString(u.get(k)!);
  return out;
}

/** quota.Add: every key of either list, summed where both have it. */
export function addUsage(a: Usage, b: Usage): Usage {
  const out: Usage = new Map(a);
  for (const [k, v] of b) out.set(k, out.has(k) ? addQty(out.get(k)!, v) : v);
  return out;
}

/** quota.SubtractWithNonNegativeResult. */
export function subtractNonNegative(a: Usage, b: Usage): Usage {
  const out: Usage = new Map();
  for (const [k, v] of a) {
    const o = b.get(k);
    const milli = o ? v.milli - o.milli : v.milli;
    out.set(k, { milli: Math.max(0, milli), format: v.format });
  }
  return out;
}

/** quota.Mask: only the named keys. */
export function maskUsage(u: Usage, names: Iterable<string>): Usage {
  const out: Usage = new Map();
  for (const n of names) if (u.has(n)) out.set(n, u.get(n)!);
  return out;
}

export function removeZeros(u: Usage): Usage {
  const out: Usage = new Map();
  for (const [k, v] of u) if (v.milli !== 0) out.set(k, v);
  return out;
}

/** quota.Equals: the same keys with equal values. */
export function usageEquals(a: Usage, b: Usage): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) {
    const o = b.get(k);
    if (!o || o.milli !== v.milli) return false;
  }
  return true;
}

/** quota.LessThanOrEqual: whether every key of `a` that `b` limits fits, and the keys that do not (sorted). */
export function lessThanOrEqual(a: Usage, b: Usage): { ok: boolean; exceeded: string[] } {
  const exceeded: string[] = [];
  for (const [k, v] of a) {
    const limit = b.get(k);
    if (limit && v.milli > limit.milli) exceeded.push(k);
  }
  exceeded.sort();
  return { ok: exceeded.length === 0, exceeded };
}

/** The resource quota admission's prettyPrint: `pods=1,requests.cpu=500m`, sorted by name. */
export function prettyUsage(u: Usage): string {
  return [...u.keys()]
    .sort()
    .map((k) => `${k}=${qtyString(u.get(k)!)}`)
    .join(',');
}
