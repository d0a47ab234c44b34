/**
 * An open container stream as simulated time passes, shared by `kubectl logs -f` (the body of
 * the pods/log response: the kubelet streams the container's CRI log file), `kubectl attach`
 * and `kubectl run -i` / `--attach` without a terminal (the process's stdout and stderr, which
 * the same file records): what the container writes from the moment the stream is open.
 *
 * Each line is written out stamped with the moment the container wrote it (the CRI log's
 * timestamp), so the page's terminal reveals it then — a container printing a line a second shows
 * a line a second — whenever this loop happened to read it. So the loop neither polls each
 * simulated second nor spins the engine: it sleeps on a watch of the streams' Pods, waking when
 * one changes (a container stopping, the Pod going) or after READ_EVERY_MS, and then reads each
 * log once (Simulation.followLog: the request already made, read on without a new trace hop, as
 * one follow is one request). A stream ends when its container stops (one already stopped, or a
 * `--previous` one, ends at once: the kubelet's follow stops at the end of a file no running
 * container writes) or its Pod is deleted; every stream at the request timeout, MAX_WAIT_MS or
 * MAX_STREAM_LINES (StreamBound) — never for being quiet — or at Ctrl+C, which still writes what
 * was written before it (the Interrupted is rethrown after).
 *
 * Several streams come out in the order their lines were written, as parallelConsumeRequest's
 * concurrent readers print them (RFC 3339 UTC with fixed-width nanoseconds orders as text; the
 * sort is stable, so same-instant lines keep stream order).
 *
 * Approximate: `attach` and `run -i` read the CRI log's records too, where the real ones carry the
 * raw stream — so text a container writes without a newline (`printf a; sleep 5; echo b`) comes
 * out when its line ends rather than at once (the bytes are the same). A Pod deleted at once (`--force --grace-period=0`) ends its stream with what the
 * last read saw; the real stream would have carried the lines written since.
 */
import type { KObject, Pod } from '../../k8s/types';
import { parseTimestamp } from '../../k8s/time';
import { cutLongLine } from '../../k8s/cri-log';
import type { Env } from '../env';
import { Interrupted } from '../interrupt';
import { ObjectWatch, type WatchEvent } from '../watch';
import { StreamBound } from '../wait-util';
import { prefixed, type LogStream } from './logs-stream';

/**
 * How long the loop sleeps at most between two reads when no Pod changes: it bounds how far
 * past MAX_STREAM_LINES's line (or a stalled kubelet's return) the stream runs, not when a line
 * is shown.
 */
export const READ_EVERY_MS = 10_000;

export interface FollowOptions {
  /** `--timestamps`: each line keeps the kubelet's RFC 3339 timestamp. */
  timestamps?: boolean;
  /** `--previous`: the last terminated instance, which writes nothing more. */
  previous?: boolean;
  /** `--request-timeout` in ms (0: none). */
  timeoutMs: number;
  /** The simulated moment the stream opened (default: now); lines written after it come out. */
  from?: number;
  /**
   * `--limit-bytes`: the kubelet ends each stream once it has sent this many bytes, counting
   * what `sent` (by stream) says its first read already did.
   */
  limitBytes?: number;
  sent?: readonly number[];
}

interface Live {
  s: LogStream;
  /** Lines written up to this simulated moment have been written out. */
  readAt: number;
  done: boolean;
  /** Bytes the stream may still send (--limit-bytes). */
  left: number;
}

interface Line {
  at: number;
  stamp: string;
  text: string;
  prefix: string;
}

/** The container ended (regular, init or ephemeral): its stream is over. */
export function containerEnded(pod: Pod, name: string): boolean {
  const all = [...(pod.status?.containerStatuses ?? []), ...(pod.status?.initContainerStatuses ?? []), ...(pod.status?.ephemeralContainerStatuses ?? [])];
  return all.some((c) => c.name === name && c.state?.terminated !== undefined);
}

/** What the container wrote after `l.readAt`, as timestamped lines; none when the log cannot be read now (it is read again later). */
function linesSince(env: Env, l: Live, o: FollowOptions): Line[] {
  const text = env.sim.followLog(l.s.pod.metadata.namespace ?? '', l.s.pod.metadata.name ?? '', { container: l.s.container, timestamps: true, ...(o.previous ? { previous: true } : {}) });
  if (text === undefined) return [];
  const out: Line[] = [];
  for (const line of criRecordTexts(text)) {
    const space = line.indexOf(' ');
    if (space < 0) continue;
    const stamp = line.slice(0, space);
    const at = parseTimestamp(stamp);
    if (at <= l.readAt || l.left <= 0) continue;
    const whole = o.timestamps ? line : line.slice(space + 1);
    const kept = whole.slice(0, l.left);
    l.left -= kept.length;
    out.push({ at, stamp, text: kept, prefix: l.s.prefix });
  }
  if (l.left <= 0) l.done = true;
  l.readAt = env.sim.now;
  return out;
}

/** The kubelet's fixed-width RFC 3339 stamp and its space, which begins every record it sends. */
const STAMP = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{9}Z /y;

/**
 * The timestamped records of a log body, each with its stamp: an F record ends at its newline; a
 * P record (src/k8s/cri-log.ts) has none, so it ends where the next stamp begins — right after
 * its 16 KiB when it was cut there, or, for the last ones written as the streams closed, at the
 * first stamp that follows (text shaped like a stamp inside such a record would split it).
 */
function criRecordTexts(text: string): string[] {
  const out: string[] = [];
  const stampAt = (j: number): boolean => {
    STAMP.lastIndex = j;
    return STAMP.test(text);
  };
  for (let i = 0; i < text.length; ) {
    const from = i + 31;
    const nl = text.indexOf('\n', from);
    let end = nl < 0 ? text.length : nl + 1;
    const cut = cutLongLine(text.slice(from, nl < 0 ? text.length : nl));
    if (cut && stampAt(from + cut[0].length)) end = from + cut[0].length;
    else if (nl < 0) {
      for (let j = from; j < text.length; j++) {
        if (stampAt(j)) {
          end = j;
          break;
        }
      }
    }
    out.push(text.slice(i, end));
    i = end;
  }
  return out;
}

function endedBy(events: WatchEvent[], s: LogStream): boolean {
  const name = s.pod.metadata.name;
  return events.some((e) => e.obj.metadata.name === name && (e.type === 'DELETED' || containerEnded(e.obj as Pod, s.container)));
}

/** Streams what `streams`' containers write from now on, each line at the moment it was written, until they end. */
export function followStreams(env: Env, streams: LogStream[], o: FollowOptions): void {
  if (streams.length === 0) return;
  const bound = new StreamBound(env.sim, o.timeoutMs);
  const pods = [...new Map(streams.map((s) => [s.pod.metadata.name ?? '', s.pod])).values()];
  const watch = new ObjectWatch(env.sim, 'pods', { namespace: streams[0]!.pod.metadata.namespace ?? '', names: pods.map((p) => p.metadata.name ?? '') }, pods as KObject[]);
  const live: Live[] = streams.map((s, i) => {
    const left = o.limitBytes === undefined ? Infinity : o.limitBytes - (o.sent?.[i] ?? 0);
    return { s, readAt: o.from ?? env.sim.now, done: o.previous === true || left <= 0 || containerEnded(s.pod, s.container), left };
  });
  while (live.some((l) => !l.done)) {
    const left = bound.left();
    if (left <= 0) return;
    let events: WatchEvent[] = [];
    let cut: Interrupted | undefined;
    try {
      events = watch.next(Math.min(left, READ_EVERY_MS));
    } catch (e) {
      if (!(e instanceof Interrupted)) throw e;
      cut = e;
    }
    const fresh: Line[] = [];
    for (const l of live) {
      if (l.done) continue;
      const gone = events.some((e) => e.type === 'DELETED' && e.obj.metadata.name === l.s.pod.metadata.name);
      if (!gone) fresh.push(...linesSince(env, l, o));
      l.done ||= endedBy(events, l.s);
    }
    fresh.sort((a, b) => (a.stamp < b.stamp ? -1 : a.stamp > b.stamp ? 1 : 0));
    for (const f of fresh) {
      bound.wrote(f.text);
      env.out.outAt(prefixed(f.text, f.prefix), f.at);
    }
    if (cut) throw cut;
  }
}
