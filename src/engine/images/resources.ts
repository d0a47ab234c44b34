/**
 * What the runtime and metrics need beyond the contract: resident memory over time (kubectl top)
 * and how the process reacts to SIGTERM when the runtime stops it.
 */
import { appAlive, memoryAt, serverOf, type AppRun } from './app';
import type { LoadCurve } from './catalog-types';
import { nginxLogsNotices, renderTemplate } from './app-logs';
import { slashTime } from './clock';
import { appStyle, deadAt, processExit, pushExtra, redisTerm, sync, type ProcessState } from './process';
import type { LogLine, ProcessExit } from './types';
import { own as ownField } from '../../k8s/own';

/** Resident memory at `now` (for metrics: `kubectl top`). */
export function memoryUsageBytes(p: ProcessState, now: number): number {
  if (p.startError || deadAt(p, now)) return 0;
  sync(p, now);
  const shell = p.machine.dialect !== null || p.machine.apps.length === 0 ? 1 << 20 : 0;
  return shell + p.machine.apps.reduce((sum, a) => sum + memoryAt(a, now), 0);
}

/** A server whose image declares no load curve: 1m idle, 0.5m per request/s. */
export const LOAD_DEFAULT: LoadCurve = { idleMillicores: 1, millicoresPerRps: 0.5 };

/**
 * CPU use at `at` in millicores while PID 1 serves `rps` requests per second: each live server
 * app's idle baseline, plus PID 1's cost per request, plus the threads that spin forever (stress's
 * CPU hogs), which CFS throttles to the container's CPU limit. Other non-server programs (shells,
 * sleep, jobs waiting on timers) burn nothing measurable.
 */
export function cpuMillicores(p: ProcessState, at: number, rps: number): number {
  if (p.startError || deadAt(p, at)) return 0;
  // The apps exist once the process has run up to `at` (as memoryUsageBytes does).
  sync(p, at);
  let m = 0;
  let busy = 0;
  for (const a of p.machine.apps) {
    if (!appAlive(a, at)) continue;
    busy += a.busyMillicores ?? 0;
    const server = serverOf(a.behaviour);
    if (!server) continue;
    const curve = server.load ?? LOAD_DEFAULT;
    m += curve.idleMillicores + (a.pid === 1 ? rps * curve.millicoresPerRps : 0);
  }
  const limit = p.input.cpuLimitMillicores;
  return limit === undefined ? m + busy : Math.min(m + busy, Math.max(m, limit));
}

/** Millicores for `ms` milliseconds, in nanocore-seconds (cAdvisor's usageCoreNanoSeconds). */
export function coreNanos(millicores: number, ms: number): number {
  return millicores * ms * 1000;
}

/**
 * One request `app` served at `now`: its load curve's cost per request/s is the CPU it takes (m
 * millicores per request/s is m ms of one core). Under a CPU limit the counter grows no faster
 * than the limit since the last request (CFS throttling), however many requests arrive; it never
 * lends back time it was idle beyond that. Returns how long the work takes (whole ms): what the
 * client waits for beyond the network.
 */
export function chargeRequest(p: ProcessState, now: number, app: AppRun): number {
  const server = serverOf(app.behaviour);
  const cpuMs = (server?.load ?? LOAD_DEFAULT).millicoresPerRps;
  if (cpuMs <= 0) return 0;
  const s = (p.served ??= { at: p.input.startedAt, nanos: 0, marks: [] });
  const want = s.nanos + coreNanos(cpuMs, 1000);
  const limit = p.input.cpuLimitMillicores;
  // What the counter read before this request, kept once a second for readers of a past moment.
  const last = s.marks.length - 2;
  if (last < 0 || now - s.marks[last]! >= MARK_EVERY_MS) {
    s.marks.push(s.at, s.nanos);
    while (s.marks.length > 2 && s.marks[0]! < now - KEEP_MARKS_MS) s.marks.splice(0, 2);
  }
  s.nanos = limit === undefined ? want : Math.min(want, s.nanos + coreNanos(limit, now - s.at));
  s.at = now;
  // One request runs on one core at most, and on the limit's share of one when that is less.
  return Math.floor((cpuMs * 1000) / Math.min(limit ?? 1000, 1000));
}

/** How often the served-CPU counter keeps a reading, and for how long (metrics-server reads the last two scrapes). */
const MARK_EVERY_MS = 1_000;
const KEEP_MARKS_MS = 10 * 60_000;

/**
 * The CPU the requests served one by one cost up to `t` (nanocore-seconds): the counter, or for a
 * moment before the last request the last reading taken by then (at most a second old).
 */
export function servedCpuNanos(p: ProcessState, t: number): number {
  const s = p.served;
  if (!s) return 0;
  if (s.at <= t) return s.nanos;
  let n = 0;
  for (let i = 0; i + 1 < s.marks.length && s.marks[i]! <= t; i += 2) n = s.marks[i + 1]!;
  return n;
}

interface Shutdown {
  ms: number;
  code: number;
  lines: (t: number, app: AppRun) => LogLine[];
}

const SHUTDOWN: Record<string, Shutdown> = {
  nginx: { ms: 40, code: 0, lines: (t, a) => (nginxLogsNotices(a, appStyle(a)) ? [{ at: t, stream: 'stderr', text: `${slashTime(t)} [notice] ${a.pid + (a.pidBase ?? 0)}#${a.pid + (a.pidBase ?? 0)}: signal 15 (SIGTERM) received, exiting` }] : []) },
  httpd: { ms: 60, code: 0, lines: () => [] },
  /** redis-persist.ts redisShutdown logs it and writes the final RDB (signalTerm). */
  'redis-server': { ms: 80, code: 0, lines: () => [] },
  postgres: { ms: 400, code: 0, lines: () => [] },
  mysqld: { ms: 1500, code: 0, lines: () => [] },
  etcd: { ms: 100, code: 0, lines: () => [] },
  'http-echo': { ms: 20, code: 0, lines: () => [] },
  /** Go without signal handling as PID 1: the runtime exits with status 2 (agnhost pause: its own os.Exit(2)). */
  agnhost: { ms: 1, code: 2, lines: () => [] },
  /** serve_hostname.go: `log.Panicf("Terminating after receiving signal: %s.\n", sig)`; the goroutine trace that follows is not modelled. */
  serve_hostname: {
    ms: 1,
    code: 2,
    lines: (t) => [
      { at: t, stream: 'stderr', text: `${slashTime(t)} Terminating after receiving signal: terminated.` },
      { at: t, stream: 'stderr', text: 'panic: Terminating after receiving signal: terminated.' },
    ],
  },
  pause: { ms: 1, code: 0, lines: () => [] },
};

/**
 * SIGTERM at `now` (StopContainer). Returns when and how the process ends by itself, or
 * undefined when it ignores the signal — PID 1 without a handler (`sh -c`, `sleep`, C programs)
 * ignores SIGTERM, so the runtime SIGKILLs it at the end of the grace period (exit 137).
 */
export function signalTerm(p: ProcessState, now: number): ProcessExit | undefined {
  const own = processExit(p);
  if (own && own.at <= now) return own;
  sync(p, now);
  const m = p.machine;
  const pid1 = m.apps.find((a) => a.pid === 1 && appAlive(a, now));
  let plan: Shutdown | undefined;
  if (pid1) {
    const style = appStyle(pid1);
    plan = (ownField(SHUTDOWN, pid1.name) as Shutdown | undefined) ?? (pid1.name === 'stress' ? undefined : style === 'go-slog' ? { ms: 150, code: 0, lines: (t) => [{ at: t, stream: 'stdout', text: `{"time":"${renderTemplate(pid1, 'go-slog', '{time}', t)}","level":"INFO","msg":"shutting down","signal":"terminated"}` }] } : { ms: 100, code: 0, lines: () => [] });
  } else if (m.trapsTerm) plan = { ms: 10, code: 0, lines: () => [] };
  if (!plan) return undefined;
  const exit: ProcessExit = { at: now + plan.ms, exitCode: plan.code, reason: plan.code === 0 ? 'Completed' : 'Error' };
  if (own && own.at < exit.at) return own;
  if (pid1) pushExtra(p, plan.lines(now, pid1));
  if (pid1?.redis) redisTerm(p, now, pid1);
  p.terminated = exit;
  return exit;
}

