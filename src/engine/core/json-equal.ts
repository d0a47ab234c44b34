/**
 * `JSON.stringify(a) === JSON.stringify(b)` without building either string: the kubelet compares
 * every Node status it computes (image lists and all) with the one it last posted. Plain objects
 * and arrays are walked in key order, skipping what JSON omits (undefined, functions, symbols)
 * and printing those as null inside arrays, as JSON does; anything else (a Date, a class
 * instance, NaN) is compared by its JSON text, so the answer is always the strings' answer.
 */

function plain(v: object): boolean {
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === Array.prototype;
}

/** Whether JSON leaves an object's key out (and prints an array element as null). */
function omitted(v: unknown): boolean {
  return v === undefined || typeof v === 'function' || typeof v === 'symbol';
}

export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || !plain(a) || !plain(b)) {
    return JSON.stringify(a) === JSON.stringify(b);
  }
  const isList = Array.isArray(a);
  if (isList !== Array.isArray(b)) return false;
  if (isList) {
    const xa = a as unknown[];
    const xb = b as unknown[];
    if (xa.length !== xb.length) return false;
    for (let i = 0; i < xa.length; i++) {
      const ea = omitted(xa[i]) ? null : xa[i];
      const eb = omitted(xb[i]) ? null : xb[i];
      if (!jsonEqual(ea, eb)) return false;
    }
    return true;
  }
  const oa = a as Record<string, unknown>;
  const ob = b as Record<string, unknown>;
  const ka = Object.keys(oa);
  const kb = Object.keys(ob);
  let j = 0;
  for (const k of ka) {
    if (omitted(oa[k])) continue;
    while (j < kb.length && omitted(ob[kb[j]!])) j++;
    if (j >= kb.length || kb[j] !== k || !jsonEqual(oa[k], ob[k])) return false;
    j++;
  }
  while (j < kb.length && omitted(ob[kb[j]!])) j++;
  return j === kb.length;
}
