/**
 * What a control-plane process writes to stderr, kept per run the way containerd keeps the log
 * of a static Pod's current container and of the one before it (`kubectl logs --previous`).
 * Only processes that run as static Pods keep a log (their run begins in dispatch.ts); for any
 * other component writing is a no-op. Retention is bounded: the last two runs, each trimmed to
 * its newest MAX_LINES lines.
 */
import type { ComponentBase } from '../core/component';
import type { LogLine } from '../images/types';

export const MAX_LINES = 1000;
const MAX_RUNS = 2;

export interface ProcessLogRun {
  startedAt: number;
  lines: LogLine[];
}

export interface ProcessLog {
  runs: ProcessLogRun[];
  /** Lines written since the process first started. */
  written: number;
  /** The last line's time and sub-millisecond digits (see subMicros). */
  lastAt?: number;
  lastSub?: number;
}

/** A new run of the process (a start, or a restart after a stop). */
export function beginRun(c: ComponentBase, at: number): void {
  const log = (c.log ??= { runs: [], written: 0 });
  log.runs.push({ startedAt: at, lines: [] });
  if (log.runs.length > MAX_RUNS) log.runs.splice(0, log.runs.length - MAX_RUNS);
}

/** Appends one line to the current run; returns the line's ordinal, or undefined when none is kept. */
export function writeLine(c: ComponentBase, at: number, text: string): number | undefined {
  const run = c.log?.runs[c.log.runs.length - 1];
  if (!c.log || !run) return undefined;
  run.lines.push({ at, stream: 'stderr', text });
  if (run.lines.length > MAX_LINES * 1.2) run.lines.splice(0, run.lines.length - MAX_LINES);
  return c.log.written++;
}

/**
 * The microseconds below the simulated millisecond for a new line at `at` (undefined when the
 * process keeps no log): they vary from line to line and rise within one millisecond, so lines
 * written in the same millisecond stay in order.
 */
export function subMicros(c: ComponentBase, at: number): number | undefined {
  const log = c.log;
  if (!log?.runs.length) return undefined;
  const n = log.written;
  const sub = log.lastAt === at ? Math.min(999, (log.lastSub ?? 0) + 3 + ((n * 7919) % 41)) : (n * 7919 + 211) % 500;
  log.lastAt = at;
  log.lastSub = sub;
  return sub;
}

/** The current run's lines, or the previous run's; undefined when there is no such run. */
export function runLines(c: ComponentBase, previous: boolean): LogLine[] | undefined {
  const runs = c.log?.runs ?? [];
  return runs[runs.length - (previous ? 2 : 1)]?.lines;
}
