/**
 * Defaulting writes fields into objects that must keep the Go struct's field order (a stored
 * object is printed in the order its keys were written): the admissionregistration defaulters
 * share these two steps.
 */

/** Moves the known keys into `order`, the rest after them as they were. */
export function reorder(o: object, order: readonly string[]): void {
  const rec = o as Record<string, unknown>;
  const entries = Object.entries(rec);
  for (const [k] of entries) delete rec[k];
  for (const k of order) {
    const e = entries.find(([key]) => key === k);
    if (e) rec[k] = e[1];
  }
  for (const [k, v] of entries) if (!order.includes(k)) rec[k] = v;
}

/** A rule's scope defaults to `*` (SetDefaults_Rule); true when it was unset. */
export function defaultRuleScope(r: { scope?: string }, order: readonly string[]): boolean {
  if (r.scope !== undefined) return false;
  r.scope = '*';
  reorder(r, order);
  return true;
}
