/**
 * Reading and writing JSON object fields by names that come from the user (a label key, a
 * manifest's field, a patch). Plain objects inherit `constructor`, `toString`, `__proto__`, …
 * from Object.prototype, so `o[key]` finds a function where the data has nothing, and
 * `o['__proto__'] = v` replaces the prototype instead of adding a field. These see own fields
 * only, as Go's maps and structs do.
 */

/** `o[key]` if `o` has its own field `key`, else undefined. */
export function own(o: object | undefined, key: string): unknown {
  return o !== undefined && Object.hasOwn(o, key) ? (o as Record<string, unknown>)[key] : undefined;
}

/** Sets the own field `key` (even `__proto__`) to `v`. */
export function setOwn(o: Record<string, unknown>, key: string, v: unknown): void {
  if (key === '__proto__') Object.defineProperty(o, key, { value: v, writable: true, enumerable: true, configurable: true });
  else o[key] = v;
}
