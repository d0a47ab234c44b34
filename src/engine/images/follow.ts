/**
 * `tail -f` of a file as it grows, for a command run over an exec stream (`kubectl exec POD --
 * tail -f /var/log/app.log`, or the line typed at an attached shell): the command blocks where
 * tail waits, and the file's layer keeps a follower (FsLayer.followers) that every later write to
 * that file appends to, whoever writes it — the container's own script as the process model
 * reaches its moment, another exec, another container writing a shared volume. A client holding
 * the stream reads what it gathered (process.ts readFollowed) as simulated time passes. Nobody
 * following costs one absent-field check per write.
 *
 * When each write shows: GNU tail (coreutils images) is woken by inotify at once; BusyBox tail
 * sleeps a second between reads (`-s` defaults to 1; recorded: writes at 0.3 s and 0.5 s after
 * it started come out together at 1.0 s, one at 1.7 s at 2.0 s).
 *
 * Approximate: tail follows one file (several print `==> f <==` headers as they alternate: not
 * followed), and only when it writes straight to the stream (`tail -f f | grep x` or a redirect:
 * not followed); a write that replaces the file (`>`) is shown whole, without GNU's `file truncated`
 * notice; a follower nobody reads lasts FOLLOW_MS, the client's bound on a wait.
 */
import type { FsLayer } from './fs';

/** How long a follower lives unread: kubectl's bound on any wait (MAX_WAIT_MS, 15 minutes). */
export const FOLLOW_MS = 15 * 60_000;

/** An open `tail -f` on a file of a layer: the writes since the client last read it. */
export interface FileFollower {
  id: number;
  /** The file's path in the layer. */
  path: string;
  /** Dropped after this simulated moment if still unread. */
  until: number;
  wrote: { at: number; text: string }[];
}

/** Which follower a stream reads: the file as the command named it, and how tail reads it. */
export interface FollowRef {
  id: number;
  path: string;
  /** When tail started; `poll` ms between its reads (BusyBox), absent when woken at once (inotify). */
  from: number;
  poll?: number;
}

/** A new follower of `path` in `layer`; its id. */
export function addFollower(layer: FsLayer, path: string, now: number): number {
  const list = (layer.followers ??= []);
  const id = (list.reduce((n, f) => Math.max(n, f.id), 0) || 0) + 1;
  list.push({ id, path, until: now + FOLLOW_MS, wrote: [] });
  return id;
}

/** A write of `text` to `path` in `layer` at `at` (all of a replaced file's new content): its followers gather it. */
export function noteWrite(layer: FsLayer, path: string, text: string, at: number): void {
  const list = layer.followers;
  if (!list) return;
  const live = list.filter((f) => f.until >= at);
  for (const f of live) if (f.path === path && text !== '') f.wrote.push({ at, text });
  if (live.length === 0) delete layer.followers;
  else if (live.length !== list.length) layer.followers = live;
}

/** What follower `id` gathered, taken (and the follower closed when `close`); undefined when it is gone. */
export function takeWrites(layer: FsLayer, id: number, now: number, close: boolean): { at: number; text: string }[] | undefined {
  const f = layer.followers?.find((x) => x.id === id);
  if (!f) return undefined;
  const out = f.wrote.filter((w) => w.at <= now);
  f.wrote = f.wrote.filter((w) => w.at > now);
  f.until = now + FOLLOW_MS;
  if (close) {
    layer.followers = layer.followers!.filter((x) => x !== f);
    if (layer.followers.length === 0) delete layer.followers;
  }
  return out;
}

/** When tail prints a write made at `at`: at once, or at its next read (every `poll` ms from `from`). */
export function shownAt(ref: FollowRef, at: number): number {
  if (ref.poll === undefined) return at;
  return ref.from + Math.ceil((at - ref.from) / ref.poll) * ref.poll;
}
