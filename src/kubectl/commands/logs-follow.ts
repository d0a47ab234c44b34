/**
 * `kubectl logs -f`: each stream prints what it has (with --tail, --since, --limit-bytes
 * applied), then what its container writes from then on, each line at the moment it was written
 * (container-stream.ts); several streams (a selector, --all-containers) are followed side by side,
 * their new lines in the order they were written, as parallelConsumeRequest's concurrent readers
 * print them. A stream ends when its container stops or its Pod is deleted; following ends when
 * every stream has, at the request timeout, or at Ctrl+C; with `--limit-bytes`, once it has sent
 * that many bytes (counted in characters).
 */
import type { LogOptions } from '../../engine/index';
import type { Flags } from '../flags';
import { requestTimeout, type Env } from '../env';
import { followStreams } from './container-stream';
import { prefixed, readLog, type LogStream } from './logs-stream';

export function followLogs(env: Env, flags: Flags, streams: LogStream[], opts: LogOptions): void {
  const sent = streams.map((s) => {
    const first = readLog(env, s, opts);
    env.out.out(prefixed(first, s.prefix));
    return first.length;
  });
  followStreams(env, streams, {
    timeoutMs: requestTimeout(flags),
    ...(opts.timestamps ? { timestamps: true } : {}),
    ...(opts.previous ? { previous: true } : {}),
    ...(opts.limitBytes !== undefined ? { limitBytes: opts.limitBytes, sent } : {}),
  });
}
