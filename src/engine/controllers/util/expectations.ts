/**
 * ControllerExpectations (pkg/controller/controller_utils.go): what a controller has asked the
 * apiserver to create or delete but not yet seen in its informer cache. While expectations are
 * pending, the controller does not recount — otherwise a Pod created a moment ago and not yet
 * watched would be created twice. Deletions are tracked by Pod key (UIDTrackingControllerExpectations)
 * so each is observed exactly once. Entries expire after 5 minutes, as upstream.
 */
export const EXPECTATIONS_TIMEOUT = 5 * 60_000;

export interface Expectation {
  add: number;
  del: number;
  /** Keys of the Pods whose deletion is expected. */
  deleting: Set<string>;
  /** When the expectations were set (simulated ms). */
  at: number;
}

export type Expectations = Map<string, Expectation>;

export function expectCreations(exp: Expectations, key: string, n: number, now: number): void {
  exp.set(key, { add: n, del: 0, deleting: new Set(), at: now });
}

export function expectDeletions(exp: Expectations, key: string, podKeys: string[], now: number): void {
  exp.set(key, { add: 0, del: podKeys.length, deleting: new Set(podKeys), at: now });
}

/** SetExpectations: creations and deletions asked for in one sync. */
export function expectChanges(exp: Expectations, key: string, creations: number, podKeys: string[], now: number): void {
  exp.set(key, { add: creations, del: podKeys.length, deleting: new Set(podKeys), at: now });
}

export function creationObserved(exp: Expectations, key: string): void {
  const e = exp.get(key);
  if (e) e.add--;
}

export function deletionObserved(exp: Expectations, key: string, podKey: string): void {
  const e = exp.get(key);
  if (!e || !e.deleting.delete(podKey)) return;
  e.del--;
}

/** SatisfiedExpectations: nothing pending, expired, or never set. */
export function satisfiedExpectations(exp: Expectations, key: string, now: number): boolean {
  const e = exp.get(key);
  if (!e) return true;
  if (e.add <= 0 && e.del <= 0) return true;
  return now - e.at > EXPECTATIONS_TIMEOUT;
}
