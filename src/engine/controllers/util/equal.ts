/**
 * apimachinery's equality.Semantic.DeepEqual for JSON-shaped values: key order does not matter,
 * and an absent field, null, an empty list and an empty map are all the same "nil" — which is
 * how Go compares a decoded object with one it built itself.
 */
function isEmpty(v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    for (const k of Object.keys(o)) if (o[k] !== undefined) return false;
    return true;
  }
  return false;
}

const isOwnEnumerable = Object.prototype.propertyIsEnumerable;

/**
 * Runs on every reconcile's status comparison, so it avoids allocating a key-union Set or
 * closures; the answer is the same as comparing `ao[k]`/`bo[k]` over the union of own keys.
 */
export function semanticEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (isEmpty(a) && isEmpty(b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    if (a.length !== bb.length) return false;
    // `i in a` mirrors Array.prototype.every, which skips holes.
    for (let i = 0; i < a.length; i++) if (i in a && !semanticEqual(a[i], bb[i])) return false;
    return true;
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  for (const k of Object.keys(ao)) if (!semanticEqual(ao[k], bo[k])) return false;
  for (const k of Object.keys(bo)) if (!isOwnEnumerable.call(ao, k) && !semanticEqual(ao[k], bo[k])) return false;
  return true;
}

/** JSON with object keys sorted and empty/absent fields dropped, so equal values print equally. */
export function canonicalJson(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o)
    .filter((k) => !isEmpty(o[k]))
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`).join(',')}}`;
}
