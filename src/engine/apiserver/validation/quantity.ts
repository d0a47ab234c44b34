/**
 * resource.Quantity as the decoder and validators see it: the parse errors UnmarshalJSON
 * returns, and Quantity.String()'s canonical form (`2`, `500m`, `1Gi`, `1536Mi`) that
 * validation messages print.
 */
import { parseMilli } from '../../../k8s/quantity';

const SPLIT_RE = '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$';
export const ERR_FORMAT_WRONG = `quantities must match the regular expression '${SPLIT_RE}'`;
const ERR_NUMERIC = 'unable to parse numeric part of quantity';
const ERR_SUFFIX = "unable to parse quantity's suffix";

const SUFFIXES = new Set(['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei', 'n', 'u', 'm', 'k', 'M', 'G', 'T', 'P', 'E']);

/** ParseQuantity's error for `s`, or undefined when it parses. */
export function quantityError(s: string): string | undefined {
  const m = new RegExp(SPLIT_RE).exec(s.trim());
  if (!m) return ERR_FORMAT_WRONG;
  if (!/^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)$/.test(m[1]!)) return ERR_NUMERIC;
  const suffix = m[2]!;
  if (!SUFFIXES.has(suffix) && !/^[eE][-+]?[0-9]+$/.test(suffix)) return ERR_SUFFIX;
  return undefined;
}

const BINARY: [string, number][] = [
  ['Ei', 2 ** 60],
  ['Pi', 2 ** 50],
  ['Ti', 2 ** 40],
  ['Gi', 2 ** 30],
  ['Mi', 2 ** 20],
  ['Ki', 2 ** 10],
];
const DECIMAL: [string, number][] = [
  ['E', 1e18],
  ['P', 1e15],
  ['T', 1e12],
  ['G', 1e9],
  ['M', 1e6],
  ['k', 1e3],
];

function decimalCanonical(milli: number): string {
  const sign = milli < 0 ? '-' : '';
  const abs = Math.abs(milli);
  if (abs % 1000 !== 0) return `${sign}${abs}m`;
  const v = abs / 1000;
  for (const [s, mult] of DECIMAL) if (v >= mult && v % mult === 0) return `${sign}${v / mult}${s}`;
  return `${sign}${v}`;
}

/** Quantity.String(): the canonical form for the value's format (binary suffixes stay binary). */
export function canonicalQuantity(q: string | number): string {
  const milli = parseMilli(q);
  if (milli === undefined) return String(q);
  const binary = typeof q === 'string' && /[KMGTPE]i$/.test(q.trim());
  if (!binary || milli % 1000 !== 0) return decimalCanonical(milli);
  const bytes = milli / 1000;
  const abs = Math.abs(bytes);
  if (abs < 1024) return decimalCanonical(milli);
  for (const [s, mult] of BINARY) if (abs >= mult && abs % mult === 0) return `${bytes / mult}${s}`;
  return String(bytes);
}
