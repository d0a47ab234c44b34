/**
 * The watch stream behind `get -w`, `rollout status`, `wait`, `delete --wait` and `drain`.
 * kubectl opens one watch and receives committed changes; here the change feed is etcd's
 * keyspace itself (read through `sim.objects`, which neither traces nor costs a request),
 * checked while simulated time advances. One event per object per observed revision, in
 * commit order.
 */
import type { KObject } from '../k8s/types';
import { filterMatches, type Simulation, type WatchFilter } from '../engine/index';
import { throwIfCutShort } from './interrupt';

export interface WatchEvent {
  type: 'ADDED' | 'MODIFIED' | 'DELETED';
  obj: KObject;
}

function key(o: KObject): string {
  return `${o.metadata.namespace ?? ''}/${o.metadata.name ?? ''}`;
}

export class ObjectWatch {
  private readonly seen = new Map<string, KObject>();
  private lastRevision: number;

  constructor(
    private readonly sim: Simulation,
    private readonly resource: string,
    private readonly filter: WatchFilter & { names?: string[] },
    initial: KObject[],
  ) {
    for (const o of initial) this.seen.set(key(o), o);
    this.lastRevision = sim.revision;
  }

  private matches(o: KObject): boolean {
    if (this.filter.names && !this.filter.names.includes(o.metadata.name ?? '')) return false;
    return filterMatches(this.filter, o);
  }

  /** Changes since the last poll. */
  poll(): WatchEvent[] {
    const events: WatchEvent[] = [];
    const present = new Set<string>();
    for (const o of this.sim.objects(this.resource)) {
      if (!this.matches(o)) continue;
      const k = key(o);
      present.add(k);
      const prev = this.seen.get(k);
      if (!prev) events.push({ type: 'ADDED', obj: structuredClone(o) });
      else if (prev.metadata.resourceVersion !== o.metadata.resourceVersion) events.push({ type: 'MODIFIED', obj: structuredClone(o) });
    }
    events.sort((a, b) => Number(a.obj.metadata.resourceVersion ?? 0) - Number(b.obj.metadata.resourceVersion ?? 0));
    for (const [k, o] of this.seen) if (!present.has(k)) events.push({ type: 'DELETED', obj: o });
    for (const e of events) {
      if (e.type === 'DELETED') this.seen.delete(key(e.obj));
      else this.seen.set(key(e.obj), e.obj);
    }
    return events;
  }

  /** Current view of the watched objects (as of the last poll). */
  objects(): KObject[] {
    return [...this.seen.values()];
  }

  /**
   * Advances simulated time until at least one event arrives or `maxMs` passes. Returns the
   * events (empty when the window ran out). Throws `Interrupted` when a Ctrl+C (the
   * Simulation's horizon) ends the window early with nothing to report.
   */
  next(maxMs: number): WatchEvent[] {
    if (maxMs <= 0) return [];
    let found: WatchEvent[] = [];
    const start = this.sim.now;
    const res = this.sim.runUntil(() => {
      if (this.sim.revision === this.lastRevision) return false;
      this.lastRevision = this.sim.revision;
      found = this.poll();
      return found.length > 0;
    }, maxMs);
    if (res.reason === 'idle') this.sim.advance(Math.max(0, start + maxMs - this.sim.now));
    if (found.length === 0) throwIfCutShort(this.sim, start + maxMs);
    return found;
  }
}
