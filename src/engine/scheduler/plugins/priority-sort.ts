/**
 * PrioritySort (QueueSort): higher spec.priority first; equal priorities in the order they were
 * (re)queued. activeQ's heap orders by `queueSortKey`, which encodes exactly `less`.
 */
export const NAME = 'PrioritySort';

export interface SortablePod {
  priority: number;
  /** When the Pod was last added to the queue (simulated ms). */
  timestamp: number;
}

export function less(a: SortablePod, b: SortablePod): boolean {
  return a.priority > b.priority || (a.priority === b.priority && a.timestamp < b.timestamp);
}

/** `less` as a sort key: ascending keys pop first. */
export function queueSortKey(p: SortablePod): [number, number] {
  return [-p.priority, p.timestamp];
}
