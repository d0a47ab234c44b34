/**
 * A container's log buffer: lines are appended and the oldest dropped past LOG_CAP (with 20 %
 * slack, so trimming is occasional), like the kubelet's log rotation. A leaf module, so the shell
 * (output.ts) and the container's network (container-net.ts, where a server logs a request from
 * its own container) append the same way without importing each other.
 */
import type { LogLine } from './types';

export const LOG_CAP = 5_000;

export function pushLog(m: { logs: LogLine[]; dropped: number }, line: LogLine): void {
  m.logs.push(line);
  if (m.logs.length > LOG_CAP * 1.2) {
    const drop = m.logs.length - LOG_CAP;
    m.logs.splice(0, drop);
    m.dropped += drop;
  }
}

/**
 * Counts one request to the app with PID `pid` and returns how many it answered before (the
 * tutorial's server.js logs `Total Requests: ${++requests}`). The map is made with the machine, so
 * nested machines (pipeline stages, `$(…)`) share it; a forecast's copy counts on its own copy.
 */
export function countRequest(m: { served?: Record<number, number> }, pid: number): number {
  const served = (m.served ??= {});
  const before = served[pid] ?? 0;
  served[pid] = before + 1;
  return before;
}
