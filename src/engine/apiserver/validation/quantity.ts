/**
 * resource.Quantity as the decoder and validators see it: the parse errors UnmarshalJSON
 * returns, and Quantity.String()'s canonical form (`2`, `500m`, `1Gi`, `1536Mi`) that
 * validation messages print.
 */

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

/** Quantity.String(): the canonical form for the value's format (binary suffixes stay binary). */
export { canonical as canonicalQuantity } from '../../../k8s/resource-list';
