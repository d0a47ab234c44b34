/**
 * Timestamps as programs inside containers print them, from simulated milliseconds. Built on
 * core/time so the wall clock the apps see is the same one the rest of the cluster shows.
 */
import type { SimMillis } from '../core/ids';
import { EPOCH_MS, rfc1123z, rfc3339Micro } from '../../k8s/time';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export interface WallClock {
  y: string;
  mo: string;
  d: string;
  h: string;
  mi: string;
  s: string;
  ms: string;
  mon: string;
  wd: string;
}

export function wall(t: number): WallClock {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.(\d{3})/.exec(rfc3339Micro(t as SimMillis))!;
  return { y: m[1]!, mo: m[2]!, d: m[3]!, h: m[4]!, mi: m[5]!, s: m[6]!, ms: m[7]!, mon: MONTHS[Number(m[2]) - 1]!, wd: rfc1123z(t as SimMillis).slice(0, 3) };
}

/** `date +FORMAT` for the common conversions. */
export function dateFormat(t: number, fmt: string): string {
  const c = wall(t);
  const epoch = Math.floor((t + EPOCH_MS) / 1000);
  return fmt.replace(/%([a-zA-Z%])/g, (whole, k: string) => {
    switch (k) {
      case 'Y': return c.y;
      case 'm': return c.mo;
      case 'd': return c.d;
      case 'e': return String(Number(c.d)).padStart(2, ' ');
      case 'H': return c.h;
      case 'M': return c.mi;
      case 'S': return c.s;
      case 's': return String(epoch);
      case 'N': return `${c.ms}000000`;
      case 'T': return `${c.h}:${c.mi}:${c.s}`;
      case 'F': return `${c.y}-${c.mo}-${c.d}`;
      case 'D': return `${c.mo}/${c.d}/${c.y.slice(2)}`;
      case 'a': return c.wd;
      case 'b': return c.mon;
      case 'Z': return 'UTC';
      case 'z': return '+0000';
      case '%': return '%';
      default: return whole;
    }
  });
}

/** nginx error log / Go `log`: `2025/09/01 09:00:12`. */
export function slashTime(t: number): string {
  const c = wall(t);
  return `${c.y}/${c.mo}/${c.d} ${c.h}:${c.mi}:${c.s}`;
}

/** Common Log Format: `01/Sep/2025:09:00:12 +0000`. */
export function clfTime(t: number): string {
  const c = wall(t);
  return `${c.d}/${c.mon}/${c.y}:${c.h}:${c.mi}:${c.s} +0000`;
}

/** Python's BaseHTTPRequestHandler.log_date_time_string: `01/Sep/2025 09:00:12`. */
export function pyLogTime(t: number): string {
  const c = wall(t);
  return `${c.d}/${c.mon}/${c.y} ${c.h}:${c.mi}:${c.s}`;
}

/** Apache error log: `Mon Sep 01 09:00:12.345678 2025`. */
export function httpdTime(t: number): string {
  const c = wall(t);
  return `${c.wd} ${c.mon} ${c.d} ${c.h}:${c.mi}:${c.s}.${c.ms}${String((t * 7) % 1000).padStart(3, '0')} ${c.y}`;
}

/** Redis: `01 Sep 2025 09:00:12.345`. */
export function redisTime(t: number): string {
  const c = wall(t);
  return `${c.d} ${c.mon} ${c.y} ${c.h}:${c.mi}:${c.s}.${c.ms}`;
}

/** Go log/slog JSON time: `2025-09-01T09:00:12.345Z`. */
export function isoMillis(t: number): string {
  const c = wall(t);
  return `${c.y}-${c.mo}-${c.d}T${c.h}:${c.mi}:${c.s}.${c.ms}Z`;
}

/** fluentd / postgres style: `2025-09-01 09:00:12 +0000`. */
export function spaceTime(t: number): string {
  const c = wall(t);
  return `${c.y}-${c.mo}-${c.d} ${c.h}:${c.mi}:${c.s} +0000`;
}

/** klog header time: `0901 09:00:12.345678` (after the severity letter). */
export function klogTime(t: number): string {
  const c = wall(t);
  return `${c.mo}${c.d} ${c.h}:${c.mi}:${c.s}.${c.ms}${String((t * 13) % 1000).padStart(3, '0')}`;
}

/** Postgres log prefix time: `2025-09-01 09:00:12.345 UTC`. */
export function pgTime(t: number): string {
  const c = wall(t);
  return `${c.y}-${c.mo}-${c.d} ${c.h}:${c.mi}:${c.s}.${c.ms} UTC`;
}
