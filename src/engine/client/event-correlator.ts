/**
 * client-go's EventCorrelator (tools/record/events_cache.go), one per recorder, run on every
 * Event before it reaches kube-apiserver. In upstream's order:
 * 1. EventAggregator: Events that differ only in their message (same source, object, type,
 *    reason) — once 10 distinct messages were seen with no 10-minute gap — become one Event
 *    whose message starts "(combined from similar events): ".
 * 2. eventLogger: an Event seen before (same key) becomes a patch of the stored one, its count
 *    taken from this cache — not from the server.
 * 3. EventSourceObjectSpamFilter: each source may send 25 Events about one object, then one
 *    every 5 minutes (a token bucket). A dropped Event still counted in step 2, so the next one
 *    let through jumps: `(x31 over 12m)` after `(x25 over 5m)`, with LAST SEEN standing still
 *    in between — what a long CrashLoopBackOff shows on a real cluster.
 * Plain data stamped with simulated time, so it lives in the World and snapshots carry it.
 */
import { newTokenBucket, tryAccept, type RateLimit, type TokenBucket } from './flowcontrol';

/** maxLruCacheEntries: each of the three caches forgets its least recently used entry past this. */
export const EVENT_CACHE_ENTRIES = 4096;
/** defaultAggregateMaxEvents / defaultAggregateIntervalInSeconds. */
export const AGGREGATE_MAX_EVENTS = 10;
export const AGGREGATE_INTERVAL_MS = 600_000;
/** defaultSpamBurst / defaultSpamQPS: 25 Events, then one every 300 s. */
export const SPAM_LIMIT: RateLimit = { burst: 25, qps: 1 / 300 };
/** EventAggregatorByReasonMessageFunc's prefix. */
export const COMBINED_PREFIX = '(combined from similar events): ';

/** What the correlator reads of an Event (the fields upstream's keys are built from). */
export interface CorrelatedEvent {
  involved: { kind: string; namespace: string; name: string; uid: string; apiVersion: string; fieldPath: string };
  type: string;
  reason: string;
  message: string;
}

interface Observation {
  count: number;
  firstTimestamp: string;
  /** The stored Event's namespace and name, what a later occurrence patches ('' until stored). */
  namespace: string;
  name: string;
}

interface SimilarEvents {
  /** Distinct messages seen, oldest first (a set: upstream's sets.String). */
  messages: string[];
  lastAt: number;
}

export interface EventCorrelatorState {
  /** The recorder's process (ComponentBase.epoch): a restarted process starts with empty caches. */
  epoch: number;
  /** eventLogger: event key (or aggregate key) → the last occurrence. */
  observed: Map<string, Observation>;
  /** EventAggregator: aggregate key → messages seen. */
  similar: Map<string, SimilarEvents>;
  /** Spam filter: source + object → its token bucket. */
  spam: Map<string, TokenBucket>;
}

export function newEventCorrelator(epoch: number): EventCorrelatorState {
  return { epoch, observed: new Map(), similar: new Map(), spam: new Map() };
}

/**
 * lru.Cache's Get followed by Add, as the correlator always pairs them: the entry for `k` (made
 * by `make` when missing, forgetting the least recently used past the cap) becomes the most
 * recently used. Callers update the returned entry in place.
 */
function lru<V>(m: Map<string, V>, k: string, make: () => V): { v: V; found: boolean } {
  const v = m.get(k);
  if (v !== undefined) {
    m.delete(k);
    m.set(k, v);
    return { v, found: true };
  }
  const made = make();
  m.set(k, made);
  if (m.size > EVENT_CACHE_ENTRIES) m.delete(m.keys().next().value!);
  return { v: made, found: false };
}

const SEP = '\u0000';

/** getSpamKey: source and object, not the reason — one budget for everything said about it. */
function spamKey(source: string, e: CorrelatedEvent): string {
  const o = e.involved;
  return `${source}${SEP}${o.kind}${SEP}${o.namespace}${SEP}${o.name}${SEP}${o.uid}${SEP}${o.apiVersion}`;
}

export type Correlation =
  /** The spam filter dropped it (its occurrence still counted). */
  | { kind: 'skip' }
  /**
   * Write it: patch `stored` to this count, message and lastTimestamp when there is one;
   * otherwise (or when the patch finds it gone) create it with this count and firstTimestamp.
   */
  | { kind: 'write'; key: string; message: string; combined: boolean; count: number; firstTimestamp: string; stored?: { namespace: string; name: string } };

/**
 * EventCorrelate for an Event from `source` at `now` (ms; `nowText` its RFC 3339 form). The
 * caller writes what it says and, once the server accepted it, calls `observed`.
 */
export function correlate(s: EventCorrelatorState, source: string, e: CorrelatedEvent, now: number, nowText: string): Correlation {
  const sk = spamKey(source, e);
  // EventAggregatorByReasonFunc's aggregate key is everything but the message; getEventKey is
  // everything, the container's fieldPath included.
  const aggKey = `${sk}${SEP}${e.type}${SEP}${e.reason}`;
  let key = `${aggKey}${SEP}${e.involved.fieldPath}${SEP}${e.message}`;
  let message = e.message;
  let combined = false;
  const similar = lru(s.similar, aggKey, () => ({ messages: [] as string[], lastAt: now })).v;
  if (now - similar.lastAt > AGGREGATE_INTERVAL_MS) similar.messages = [];
  if (!similar.messages.includes(e.message)) similar.messages.push(e.message);
  similar.lastAt = now;
  if (similar.messages.length >= AGGREGATE_MAX_EVENTS) {
    // PopAny keeps the set below the threshold; Go's map order is random, the oldest is ours.
    similar.messages.shift();
    key = aggKey;
    message = COMBINED_PREFIX + e.message;
    combined = true;
  }
  const out = observe(s, key, message, combined, nowText);
  const bucket = lru(s.spam, sk, () => newTokenBucket(SPAM_LIMIT, now)).v;
  return tryAccept(bucket, SPAM_LIMIT, now) ? out : { kind: 'skip' };
}

/** eventObserve: counts the occurrence, whether or not the spam filter lets it through. */
function observe(s: EventCorrelatorState, key: string, message: string, combined: boolean, nowText: string): Correlation {
  const { v: last, found } = lru(s.observed, key, () => ({ count: 0, firstTimestamp: nowText, namespace: '', name: '' }));
  last.count++;
  const out: Correlation = { kind: 'write', key, message, combined, count: last.count, firstTimestamp: last.firstTimestamp };
  if (found && last.name !== '') out.stored = { namespace: last.namespace, name: last.name };
  return out;
}

/** updateState: the server's copy (its name) is what the next occurrence patches. */
export function observed(s: EventCorrelatorState, key: string, namespace: string, name: string): void {
  const o = s.observed.get(key);
  if (o) {
    o.namespace = namespace;
    o.name = name;
  }
}
