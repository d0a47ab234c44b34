/**
 * `kubectl logs -f`: each stream prints what it has (with --tail applied), then what its
 * container writes while simulated time advances; several streams (a selector, --all-containers)
 * are followed side by side, as parallelConsumeRequest does: their new lines come out in the
 * order they were written (read with the kubelet's timestamps, which are dropped again unless
 * --timestamps asked for them), as concurrent readers would print them. A stream ends when its container stops or its Pod is deleted; following
 * ends when every stream has, when nothing new appears for STREAM_IDLE_MS, or at the request
 * timeout.
 */
import type { KObject, Pod } from '../../k8s/types';
import type { LogOptions } from '../../engine/index';
import type { Flags } from '../flags';
import { requestTimeout, type Env } from '../env';
import { ObjectWatch } from '../watch';
import { StreamBound } from '../wait-util';
import { prefixed, readLog, type LogStream } from './logs-stream';

function containerStopped(pod: Pod, name: string): boolean {
  const statuses = [...(pod.status?.containerStatuses ?? []), ...(pod.status?.initContainerStatuses ?? [])];
  return statuses.some((c) => c.name === name && c.state?.terminated !== undefined);
}

export function followLogs(env: Env, flags: Flags, streams: LogStream[], opts: LogOptions): void {
  for (const s of streams) env.out.out(prefixed(readLog(env, s, opts), s.prefix));
  if (streams.length === 0) return;
  const bound = new StreamBound(env.sim, requestTimeout(flags));
  const pods = [...new Map(streams.map((s) => [s.pod.metadata.name ?? '', s.pod])).values()];
  const watch = new ObjectWatch(env.sim, 'pods', { namespace: streams[0]!.pod.metadata.namespace ?? '', names: pods.map((p) => p.metadata.name ?? '') }, pods as KObject[]);
  const whole: LogOptions = { ...opts, timestamps: true };
  delete whole.tailLines;
  const live = streams.map((s) => ({ s, all: readLog(env, s, whole), done: false }));
  for (;;) {
    const window = bound.window();
    if (window <= 0) return;
    const events = watch.next(window);
    let grew = false;
    const fresh: { at: string; line: string; prefix: string }[] = [];
    for (const l of live) {
      if (l.done) continue;
      const next = readLog(env, l.s, whole);
      if (next.length > l.all.length && next.startsWith(l.all)) {
        for (const line of next.slice(l.all.length).split(/(?<=\n)/)) {
          const space = line.indexOf(' ');
          fresh.push({ at: line.slice(0, space), line: opts.timestamps ? line : line.slice(space + 1), prefix: l.s.prefix });
        }
      }
      grew ||= next !== l.all;
      l.all = next;
      const name = l.s.pod.metadata.name;
      l.done = events.some((e) => e.obj.metadata.name === name && (e.type === 'DELETED' || containerStopped(e.obj as Pod, l.s.container)));
    }
    // RFC 3339 UTC with fixed-width nanoseconds orders as text; the sort is stable, so lines
    // written at the same instant keep stream order.
    fresh.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
    for (const f of fresh) {
      bound.wrote(f.line);
      env.out.out(prefixed(f.line, f.prefix));
    }
    if (live.every((l) => l.done) || (!grew && events.length === 0)) return;
  }
}
