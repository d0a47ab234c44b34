/**
 * Where a command's output goes: the container log (CRI log records as containerd cuts them:
 * src/k8s/cri-log.ts; bounded like log rotation), a file in the container, /dev/null, or a capture buffer for `$(…)` and pipes.
 */
import { normalizePath, resolveLinks, writeFile, type BaseFs } from './fs';
import type { Machine, RunContext, Sink } from './machine';
import { pushLog } from './log-buffer';
import { criRecords } from '../../k8s/cri-log';
import { runUser } from './proc-container';
import type { FileIds } from './fs';
import type { ScreenFrame } from '../../k8s/procps-watch-screen';

/** The process's uid and gid: what a file it creates in a volume is owned by. */
export function processIds(m: Machine, ctx: RunContext): FileIds {
  const u = runUser(m, ctx);
  return [u?.uid ?? 0, u?.gid ?? 0];
}

export { pushLog };

/** Writes `text` to a sink at time `at`. A log sink keeps an unended line open (Machine.logOpen). */
export function emit(m: Machine, ctx: RunContext, sink: Sink, text: string, at: number): void {
  if (text === '') return;
  switch (sink.k) {
    case 'log': {
      const { records, open } = criRecords(m.logOpen[sink.stream], text);
      m.logOpen[sink.stream] = open;
      for (const r of records) pushLog(m, r.partial ? { at, stream: sink.stream, text: r.text, partial: true } : { at, stream: sink.stream, text: r.text });
      return;
    }
    case 'file':
      writeFile(m.fs, ctx.base, sink.path, text, true, at, () => processIds(m, ctx));
      return;
    case 'capture':
      sink.buf.push(text);
      sink.tee?.chunks.push({ stream: sink.tee.stream, text });
      sink.times?.push(at);
      return;
    case 'null':
      return;
  }
}

/**
 * A full-screen program's screen at `at`: only a terminal's capture (the line's own output, a
 * client's stream) carries one; elsewhere it is dropped (approximate: a real program's escape
 * sequences would land in a file or pipe).
 */
export function emitScreen(sink: Sink, frame: ScreenFrame, at: number): void {
  if (sink.k !== 'capture' || !sink.tee) return;
  sink.buf.push('');
  sink.tee.chunks.push({ stream: sink.tee.stream, text: '', screen: frame });
  sink.times?.push(at);
}

/**
 * Where a redirection to `path` goes (`/dev/null`, `/proc/1/fd/1` reach the container log), after
 * the image's links (`> /var/log/nginx/access.log` is `> /dev/stdout`, the shell's own stdout).
 */
export function sinkFor(m: Machine, path: string, base: BaseFs): Sink {
  const p = resolveLinks(m.fs, base, normalizePath(path, m.cwd));
  if (p === '/dev/null') return { k: 'null' };
  if (p === '/dev/stdout' || p === '/proc/self/fd/1') return m.out;
  if (p === '/dev/stderr' || p === '/proc/self/fd/2') return m.err;
  if (p === '/proc/1/fd/1') return { k: 'log', stream: 'stdout' };
  if (p === '/proc/1/fd/2') return { k: 'log', stream: 'stderr' };
  return { k: 'file', path: p };
}

