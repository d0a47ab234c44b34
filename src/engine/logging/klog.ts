/**
 * klog's text format, as every Kubernetes component writes it at the default verbosity:
 * `I0901 09:00:17.123456       1 leaderelection.go:257] attempting to acquire leader lease ...`
 * (severity, month and day, time with microseconds, the thread id — 1 in a container — and the
 * caller's file:line). Structured calls (InfoS / logr) print `"Message" key="value" ...`.
 */
import { rfc3339Micro } from '../../k8s/time';
import type { SimMillis } from '../core/ids';
import type { ComponentBase } from '../core/component';
import type { SimCore } from '../sim-core';
import { subMicros, writeLine } from './process-log';

export type Severity = 'I' | 'W' | 'E';

export type KlogValue = string | number | boolean | readonly string[];

/** `2025-09-01T09:00:17.123000Z`: the simulated time, to the millisecond. */
function stamp(at: number): string {
  return rfc3339Micro(at as SimMillis);
}

/** `09:00:17.123457`: the simulated millisecond and `sub` microseconds below it. */
export function micros(at: number, sub: number): string {
  return `${stamp(at).slice(11, 23)}${String(sub).padStart(3, '0')}`;
}

/** `YYYY-MM-DD` of the simulated time. */
export function dateOf(at: number): string {
  return stamp(at).slice(0, 10);
}

export function klogHeader(sev: Severity, at: number, sub: number): string {
  const s = stamp(at);
  return `${sev}${s.slice(5, 7)}${s.slice(8, 10)} ${micros(at, sub)} ${'1'.padStart(7)} `;
}

function value(v: KlogValue): string {
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return `[${v.map((s) => JSON.stringify(s)).join(',')}]`;
}

/** A structured message: `"msg" k1="v1" k2=2`. */
export function structured(msg: string, kv: readonly (readonly [string, KlogValue])[] = []): string {
  return [JSON.stringify(msg), ...kv.map(([k, v]) => `${k}=${value(v)}`)].join(' ');
}

/** Writes one klog line to the process's log (a no-op for processes that keep none). */
export function klog(w: SimCore, c: ComponentBase, sev: Severity, caller: string, message: string): void {
  const sub = subMicros(c, w.now);
  if (sub === undefined) return;
  writeLine(c, w.now, `${klogHeader(sev, w.now, sub)}${caller}] ${message}`);
}
