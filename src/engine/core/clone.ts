/**
 * `cloneData(v)`: a deep copy of the plain JSON-shaped data the API objects are made of, as
 * structuredClone would make it, only faster. Node's structuredClone serialises and deserialises
 * through V8's ValueSerializer, which dominated kube-apiserver's write path (every create/update/
 * patch clones the object). This walks the value directly:
 *   - own enumerable string keys are copied in Object.keys order (the order structuredClone keeps),
 *     undefined values included, -0 and NaN as they are;
 *   - an object reached twice (an alias) is copied twice, as it would be after a trip through
 *     JSON — which is what the API server's objects are: decoded from a request's bytes, nothing in
 *     them shared. Keeping aliases took a Map lookup and insert per object, a tenth of the walk;
 *   - a cycle (the walk deeper than MAX_DEPTH) is not plain data;
 *   - named properties on an array are left behind, as JSON leaves them.
 * Anything else — class instances, Maps/Sets/Dates, null-prototype objects, sparse arrays,
 * functions and symbols (which make structuredClone throw), cycles — hands the whole value to
 * structuredClone itself, so odd inputs behave exactly as before.
 */

/** Returned from the walk when the value is not plain data and structuredClone must decide. */
const NOT_PLAIN: unique symbol = Symbol('notPlain');

/** Deeper than any API object nests; past it the value is taken for a cycle. */
const MAX_DEPTH = 200;

function cloneInto(v: unknown, depth: number): unknown {
  if (typeof v !== 'object') {
    return typeof v === 'function' || typeof v === 'symbol' ? NOT_PLAIN : v;
  }
  if (v === null) return v;
  if (depth > MAX_DEPTH) return NOT_PLAIN;
  const proto = Object.getPrototypeOf(v) as unknown;
  if (proto === Array.prototype) {
    const src = v as unknown[];
    const n = src.length;
    const out: unknown[] = [];
    for (let i = 0; i < n; i++) {
      const e = src[i];
      // A hole reads as undefined; structuredClone keeps it a hole.
      if (e === undefined && !(i in src)) return NOT_PLAIN;
      const c = cloneInto(e, depth + 1);
      if (c === NOT_PLAIN) return NOT_PLAIN;
      out.push(c);
    }
    return out;
  }
  if (proto !== Object.prototype) return NOT_PLAIN;
  const src = v as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  // for-in reads the map's enum cache (Object.keys allocated an array per object); with
  // Object.prototype as the prototype it visits exactly the own enumerable keys, in their order.
  for (const k in src) {
    // Assigning `__proto__` would set the prototype rather than define an own key.
    if (k === '__proto__') return NOT_PLAIN;
    const c = cloneInto(src[k], depth + 1);
    if (c === NOT_PLAIN) return NOT_PLAIN;
    out[k] = c;
  }
  return out;
}

export function cloneData<T>(v: T): T {
  const c = cloneInto(v, 0);
  return c === NOT_PLAIN ? structuredClone(v) : (c as T);
}
