/**
 * A container's CPU counter (cAdvisor's usageCoreNanoSeconds) and working set at a moment, as
 * the kubelet's /metrics/resource reports them: the process's own load curve (images/resources.ts)
 * at the request rate `sim load` sends it, integrated from the container's start, plus what the
 * requests it served one by one cost (servedCpuNanos).
 */
import { coreNanos, cpuMillicores, memoryUsageBytes, servedCpuNanos } from '../images/process';
import type { ContainerRecord } from '../node/runtime-state';
import type { World } from '../world';
import type { CpuCheckpoint } from './state';

/** When the container stopped burning CPU (its exit), if it has. */
function endOf(c: ContainerRecord): number {
  return c.finishedAt ?? Infinity;
}

/** The request rate the container serves at `t` (its last checkpoint's, 0 before any). */
export function rpsAt(w: World, c: ContainerRecord, t: number): number {
  let rps = 0;
  for (const cp of w.traffic?.cpu[c.id] ?? []) if (cp.at <= t) rps = cp.rps;
  return rps;
}

/** Cumulative CPU of the container at `t` (nanocore-seconds); 0 before it started. */
export function cpuNanosAt(w: World, c: ContainerRecord, t: number): number {
  const p = c.process;
  const start = c.startedAt;
  if (!p || start === undefined) return 0;
  const until = Math.min(t, endOf(c));
  if (until <= start) return 0;
  let from: CpuCheckpoint = { at: start, nanos: 0, rps: 0 };
  for (const cp of w.traffic?.cpu[c.id] ?? []) if (cp.at <= until) from = cp;
  return from.nanos + coreNanos(cpuMillicores(p, until, from.rps), until - from.at) + servedCpuNanos(p, until);
}

/** Working set at `t` (bytes): the process's resident memory. */
export function workingSetAt(c: ContainerRecord, t: number): number {
  if (!c.process || c.startedAt === undefined || t < c.startedAt || t >= endOf(c)) return 0;
  return memoryUsageBytes(c.process, t);
}

/** The container runs at `t` (started, not yet exited). */
export function runningAt(c: ContainerRecord, t: number): boolean {
  return c.startedAt !== undefined && c.startedAt <= t && t < endOf(c) && c.process !== undefined;
}
