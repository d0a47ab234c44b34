/**
 * The served cluster's change feed: every committed version, in commit order, kept in a bounded
 * history (kube-apiserver's watch cache) and pushed to open watches. It reads the Simulation's
 * change log (`recordChanges` + `drainDiff`), which observes commits without changing them, so
 * serving never moves the cluster: no watch is registered inside the engine and no PRNG draw is
 * made, and a served run stays the run the headless runner would make.
 *
 * Invariants: `revision` of an entry is etcd's revision after its commit (a stored object's
 * resourceVersion; a deletion takes the next revision, as every commit bumps it by one); entries
 * are in increasing revision; `prev` is the version the entry replaced (undefined for a create).
 */
import type { KObject } from '../k8s/types';
import type { Simulation, WorldDiff } from '../engine/index';

export interface FeedEntry {
  revision: number;
  /** Simulated time the entry was read from the engine: its commit time, to within one progress step. */
  at: number;
  resource: string;
  key: string;
  /** The stored version, or undefined for a deletion. */
  object: KObject | undefined;
  prev: KObject | undefined;
}

export type FeedListener = (entries: readonly FeedEntry[]) => void;

/**
 * Sees every drained diff whole (trace records, component changes, the change log), including
 * those without a commit: the attached pages' hosts (attach/host.ts). drainDiff has one consumer,
 * this feed, so it hands each diff on rather than letting a second reader drain.
 */
export type DiffListener = (diff: WorldDiff) => void;

/** Enough history for a client that re-lists rarely; older resourceVersions are answered 410. */
export const HISTORY_LIMIT = 20_000;

export class Feed {
  private readonly history: FeedEntry[] = [];
  /** The latest version of every live object, for a deletion's last state. */
  private readonly latest = new Map<string, KObject>();
  private readonly listeners = new Set<FeedListener>();
  private readonly diffListeners = new Set<DiffListener>();
  private revision: number;
  /** Every revision after this one is still in the history. */
  private oldest: number;

  constructor(private readonly sim: Simulation) {
    sim.recordChanges();
    sim.drainDiff();
    for (const { key, object } of sim.storedObjects()) this.latest.set(key, object);
    this.revision = sim.revision;
    this.oldest = this.revision;
    // A long advance pumps as it goes, so watchers see commits near the simulated time they happened.
    sim.onProgress = () => this.pump();
  }

  /** The oldest resourceVersion a watch may start from (exclusive): anything older is Expired. */
  get oldestRevision(): number {
    return this.oldest;
  }

  get currentRevision(): number {
    return this.revision;
  }

  subscribe(listener: FeedListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  subscribeDiffs(listener: DiffListener): () => void {
    this.diffListeners.add(listener);
    return () => this.diffListeners.delete(listener);
  }

  /** Entries with a revision above `after`, in order. */
  since(after: number): FeedEntry[] {
    let lo = 0;
    let hi = this.history.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.history[mid]!.revision <= after) lo = mid + 1;
      else hi = mid;
    }
    return this.history.slice(lo);
  }

  /** Moves what the engine committed since the last pump into the history and to every listener. */
  pump(): void {
    const diff = this.sim.drainDiff();
    for (const l of [...this.diffListeners]) l(diff);
    const log = diff.log;
    if (!log.length) return;
    const fresh: FeedEntry[] = [];
    for (const rec of log) {
      const resource = rec.key.slice(0, rec.key.indexOf('/'));
      const prev = this.latest.get(rec.key);
      const object = rec.object ?? undefined;
      const rv = Number(object?.metadata.resourceVersion);
      this.revision = object && Number.isFinite(rv) ? rv : this.revision + 1;
      if (object) this.latest.set(rec.key, object);
      else this.latest.delete(rec.key);
      fresh.push({ revision: this.revision, at: this.sim.now, resource, key: rec.key, object, prev });
    }
    for (const e of fresh) this.history.push(e);
    if (this.history.length > HISTORY_LIMIT) {
      const dropped = this.history.splice(0, this.history.length - HISTORY_LIMIT);
      this.oldest = dropped[dropped.length - 1]!.revision;
    }
    for (const l of [...this.listeners]) l(fresh);
  }
}
