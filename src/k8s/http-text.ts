/**
 * HTTP's words as Go's net/http writes them, shared by every layer that prints an exchange: the
 * engine's servers and curl (images/http-wire.ts), kubectl's -v log (request-log.ts) and
 * `reconcile serve`'s hand-written responses.
 */
import { civil } from './time';

/** net/http's StatusText for the codes the simulation answers. */
const STATUS_TEXT: ReadonlyMap<number, string> = new Map([
  [101, 'Switching Protocols'], [200, 'OK'], [201, 'Created'], [202, 'Accepted'], [204, 'No Content'],
  [301, 'Moved Permanently'], [302, 'Found'], [400, 'Bad Request'], [401, 'Unauthorized'], [403, 'Forbidden'],
  [404, 'Not Found'], [405, 'Method Not Allowed'], [406, 'Not Acceptable'], [409, 'Conflict'], [410, 'Gone'],
  [415, 'Unsupported Media Type'], [422, 'Unprocessable Entity'], [429, 'Too Many Requests'],
  [500, 'Internal Server Error'], [502, 'Bad Gateway'], [503, 'Service Unavailable'], [504, 'Gateway Timeout'],
]);

/** The reason phrase of a status code; '' for one not listed. */
export function statusText(code: number): string {
  return STATUS_TEXT.get(code) ?? '';
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Go's http.TimeFormat of a Unix time in ms: `Mon, 01 Sep 2025 09:00:17 GMT` (a Date header). */
export function httpDate(unixMs: number): string {
  const c = civil(unixMs);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${DAYS[c.weekday]}, ${pad(c.d)} ${MONTHS[c.mo - 1]} ${c.y} ${pad(c.h)}:${pad(c.mi)}:${pad(c.s)} GMT`;
}
