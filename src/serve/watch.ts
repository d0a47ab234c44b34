/**
 * `?watch=true`: a stream of WatchEvents (one JSON object per line, chunked) from the served
 * cluster's change feed, with the watch cache's semantics:
 * - no resourceVersion (or "0"): ADDED for every current match, then every change after it;
 * - resourceVersion N: every change after N, or one ERROR event (410 Expired, "too old resource
 *   version") when N is older than the history holds, as the cacher's error watcher sends it;
 * - an object that starts matching the selectors arrives ADDED, one that stops matching DELETED;
 * - `sendInitialEvents=true` (client-go's watch list, kubectl 1.35's default for informers): ADDED
 *   for every current match, then a BOOKMARK annotated `k8s.io/initial-events-end`;
 * - `allowWatchBookmarks=true`: a BOOKMARK with the current resourceVersion after each simulated
 *   minute without an event;
 * - with a Table Accept header each event's object is a one-row Table, column definitions only
 *   on the first (handlers/response.go sets NoHeaders after it).
 */
import type { ServerResponse } from 'node:http';
import { filterMatches, type WatchFilter } from '../engine/index';
import type { KObject } from '../k8s/types';
import { apiVersionOf, type ResourceInfo } from '../k8s/resources';
import type { FeedEntry } from './feed';
import type { ServedCluster } from './cluster';
import { failure, tooOld } from './status';
import { toTable, type IncludeObject } from '../kubectl/printers/server-table';
import { toServed } from '../k8s/served-versions';

export interface WatchSpec {
  info: ResourceInfo;
  filter: WatchFilter;
  /** `metadata.name` of a watch on one object (`/pods/web?watch=true`). */
  name?: string;
  resourceVersion: string | undefined;
  bookmarks: boolean;
  /** `sendInitialEvents=true` (a watch list): state first, then an initial-events-end bookmark. */
  sendInitialEvents: boolean;
  table: { includeObject: IncludeObject } | undefined;
  /** Wall seconds after which the server ends the watch (the client re-lists or re-watches). */
  timeoutSeconds: number | undefined;
}

type EventType = 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';

/** Simulated time between two bookmarks of a quiet watch (the watch cache sends them about once a minute). */
const BOOKMARK_EVERY_MS = 60_000;

export function serveWatch(res: ServerResponse, cluster: ServedCluster, spec: WatchSpec): void {
  const { feed, sim } = cluster;
  res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache, private', 'Transfer-Encoding': 'chunked' });
  // A watch with nothing to say yet must still answer: the client waits for the headers.
  res.flushHeaders();
  let headersSent = false;
  let lastEventAt: number = sim.now;

  const matches = (o: KObject | undefined): o is KObject =>
    o !== undefined && (spec.name === undefined || o.metadata.name === spec.name) && filterMatches(spec.filter, o);

  const currentMatches = (): KObject[] => {
    const current = sim.objects(spec.info.resource).filter((o) => matches(o));
    return current.sort((a, b) => Number(a.metadata.resourceVersion) - Number(b.metadata.resourceVersion));
  };
  const send = (type: EventType, object: unknown): void => {
    res.write(JSON.stringify({ type, object }) + '\n');
  };
  const sendObject = (type: EventType, stored: KObject, at: number): void => {
    lastEventAt = at;
    // A watch at a converted version (autoscaling/v1 HPAs) carries that version's objects; a
    // Table is printed from the stored object (toTable converts the row's object).
    if (!spec.table) return send(type, toServed(spec.info, stored));
    const obj = stored;
    // Cells (AGE) as printed when the change happened, not when it is sent.
    send(type, toTable(spec.info, [obj], at, obj.metadata.resourceVersion ?? '', { noHeaders: headersSent, includeObject: spec.table.includeObject }));
    headersSent = true;
  };
  const deliver = (entries: readonly FeedEntry[]): void => {
    for (const e of entries) {
      if (e.resource !== spec.info.resource) continue;
      const now = matches(e.object);
      const before = matches(e.prev);
      if (now) sendObject(before ? 'MODIFIED' : 'ADDED', e.object!, e.at);
      else if (before) {
        // The last state, at the revision that removed it from view.
        const last = e.object ?? e.prev!;
        sendObject('DELETED', { ...last, metadata: { ...last.metadata, resourceVersion: String(e.revision) } }, e.at);
      }
    }
    if (spec.bookmarks && sim.now - lastEventAt >= BOOKMARK_EVERY_MS) {
      lastEventAt = sim.now;
      send('BOOKMARK', { kind: spec.info.kind, apiVersion: apiVersionOf(spec.info), metadata: { resourceVersion: String(feed.currentRevision) } });
    }
  };

  const rv = spec.resourceVersion;
  if (spec.sendInitialEvents) {
    // A watch list (client-go's WatchListClient): the current state as ADDED events, then a
    // bookmark marking their end, then changes.
    for (const o of currentMatches()) sendObject('ADDED', o, sim.now);
    send('BOOKMARK', { kind: spec.info.kind, apiVersion: apiVersionOf(spec.info), metadata: { resourceVersion: String(feed.currentRevision), annotations: { 'k8s.io/initial-events-end': 'true' } } });
  } else if (rv === undefined || rv === '' || rv === '0') {
    for (const o of currentMatches()) sendObject('ADDED', o, sim.now);
  } else {
    const from = Number(rv);
    if (!Number.isInteger(from) || from < 0) {
      send('ERROR', failure({ code: 400, reason: 'BadRequest', message: `invalid resource version: ${rv}` }));
      res.end();
      return;
    }
    if (from < feed.oldestRevision) {
      send('ERROR', failure(tooOld(from, feed.oldestRevision)));
      res.end();
      return;
    }
    deliver(feed.since(from));
  }

  const unsubscribe = feed.subscribe(deliver);
  const timer = spec.timeoutSeconds ? setTimeout(() => res.end(), spec.timeoutSeconds * 1000) : undefined;
  const close = (): void => {
    unsubscribe();
    if (timer) clearTimeout(timer);
  };
  res.on('close', close);
  res.on('finish', close);
}
