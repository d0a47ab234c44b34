/**
 * resource.Quantity parsing. Values are held as integer milli-units so that cpu `200m` and memory
 * `128Mi` both stay exact: cpu 200m → 200, memory 128Mi → 134217728000.
 */
const BINARY: Record<string, number> = { Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40, Pi: 2 ** 50, Ei: 2 ** 60 };
const DECIMAL: Record<string, number> = { n: 1e-9, u: 1e-6, m: 1e-3, '': 1, k: 1e3, M: 1e6, G: 1e9, T: 1e12, P: 1e15, E: 1e18 };

const QUANTITY = /^([+-]?[0-9]+(?:\.[0-9]*)?|[+-]?\.[0-9]+)(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E|[eE][+-]?[0-9]+)?$/;

export function isQuantity(s: string): boolean {
  return QUANTITY.test(s);
}

/**
 * Parsed quantity texts: a cluster uses a handful of distinct ones (`50m`, `64Mi`) and reads them
 * on every admission, QoS and scheduling pass. A pure function of the text, bounded like
 * imageDefinition's memo.
 */
const PARSED = new Map<string, number | undefined>();
const PARSED_CAP = 4096;

/** Milli-units of a quantity string or number, or undefined when it is not a valid quantity. */
export function parseMilli(q: string | number | undefined): number | undefined {
  if (q === undefined) return undefined;
  if (typeof q === 'number') return Math.round(q * 1000);
  const hit = PARSED.get(q);
  if (hit !== undefined || PARSED.has(q)) return hit;
  const v = parseText(q);
  if (PARSED.size >= PARSED_CAP) PARSED.clear();
  PARSED.set(q, v);
  return v;
}

function parseText(q: string): number | undefined {
  const m = q.match(QUANTITY);
  if (!m) return undefined;
  const num = Number(m[1]);
  const suffix = m[2] ?? '';
  let mult: number;
  if (suffix in BINARY) mult = BINARY[suffix]!;
  else if (suffix in DECIMAL) mult = DECIMAL[suffix]!;
  else mult = 10 ** Number(suffix.slice(1));
  return Math.ceil(num * mult * 1000 - 1e-6);
}

/** A quantity's value as a float, unrounded (orders `1n` before `2n`), or undefined when it is not one. */
export function quantityValue(q: string): number | undefined {
  const m = q.match(QUANTITY);
  if (!m) return undefined;
  const suffix = m[2] ?? '';
  const mult = suffix in BINARY ? BINARY[suffix]! : suffix in DECIMAL ? DECIMAL[suffix]! : 10 ** Number(suffix.slice(1));
  return Number(m[1]) * mult;
}

/** Milli-units, treating an absent or malformed value as zero. */
export function milli(q: string | number | undefined): number {
  return parseMilli(q) ?? 0;
}

/** Formats cpu milli-units the way Kubernetes canonicalises them: `200m`, `2`, `1500m`. */
export function formatCpu(m: number): string {
  return m % 1000 === 0 ? String(m / 1000) : `${m}m`;
}

/** Formats memory milli-units canonically with the largest exact binary suffix: `128Mi`, `3956Mi`. */
export function formatMemory(m: number): string {
  const bytes = Math.round(m / 1000);
  for (const s of ['Ei', 'Pi', 'Ti', 'Gi', 'Mi', 'Ki'] as const) {
    const v = BINARY[s]!;
    if (bytes >= v && bytes % v === 0) return `${bytes / v}${s}`;
  }
  return String(bytes);
}

/** ParseQuantity's errors, as Quantity.UnmarshalJSON returns them to the decoder. */
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
