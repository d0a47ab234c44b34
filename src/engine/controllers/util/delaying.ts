/**
 * client-go's delaying queue for a controller's own AddAfter calls (workqueue/delaying_queue.go,
 * waitingForQueue): a key already waiting keeps its wake when the new one would come no sooner,
 * so the sync that runs at the earliest wake is the only one. `waiting` is key → simulated time
 * of the pending wake, kept in the controller's state.
 *
 * Returns whether a wake must be armed `delay` from now. The engine's timers cannot be moved, so
 * a wake brought forward leaves the later one armed (it then finds the key already synced).
 */
export function addAfter(waiting: Map<string, number>, key: string, now: number, delay: number): boolean {
  const readyAt = now + delay;
  const pending = waiting.get(key);
  if (pending !== undefined && pending > now && pending <= readyAt) return false;
  waiting.set(key, readyAt);
  return true;
}
