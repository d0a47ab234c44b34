/**
 * `curl -v`'s trace on stderr for one plain HTTP/1.1 exchange, as each curl release words it
 * (lib/ and src/tool_cb_dbg.c at the release's tag in github:curl/curl):
 * - 7.47.0: `*   Trying IP...` (connect.c), `* Connected to H (IP) port P (#0)` (url.c).
 * - 7.88.1: `*   Trying IP:PORT...` (cf-socket.c); recorded on this machine against a local server.
 * - 8.5.0: show_resolve_info (hostip.c: `Host H:P was resolved.`, `IPv6: (none)`, `IPv4: …`, for
 *   a name only) and `Connected to H (IP) port P` without the connection number.
 * - 8.14.1, 8.15.0: then `using HTTP/1.x` (url.c Curl_verboseconnect) and, once the request is
 *   out, `Request completely sent off` or `upload completely sent off: N bytes` (request.c).
 * - 8.16.0, 8.17.0: `Established connection to H (IP port P) from SRC port SPORT ` (cfilters.c,
 *   with its trailing blank) instead of `Connected to`, no `using HTTP/1.x`, and
 *   `Connection #0 to host H:P left intact` (multi.c).
 * Header lines are written as they went over the wire (CRLF); `} [N bytes data]` and
 * `{ [N bytes data]` stand for a body when stdout is not a terminal (tool_cb_dbg.c: the body is
 * shown there otherwise).
 * A refused connection (recorded with 7.88.1 here: `curl -v http://127.0.0.1:8099/` with nothing
 * listening): `connect to IP port P failed: Connection refused` (8.5 and later add `from SRC port
 * N`, cf-socket.c), the failure as failf words it, then `Closing connection 0` (7.x), `Closing
 * connection` (8.5, url.c) or `closing connection #0` (8.14 and later, conncache.c); 8.5 and
 * later try localhost's ::1 before 127.0.0.1.
 * Approximate: an `https://` exchange shows the same lines, without the TLS handshake's; a
 * connection that times out shows none; a redirect's hops show no `Issue another request` line; a
 * name other than localhost is tried at its IPv4 addresses alone (`IPv6: (none)`).
 */
import { fnv1a } from '../../k8s/sha256';

export interface VerboseExchange {
  version: string;
  host: string;
  port: number;
  ip: string;
  /** The client's address for this connection (8.16's `from` part). */
  source: string;
  /** Seeds the client's ephemeral port. */
  at: number;
  /** The request head as sent: request line and headers, without CRLFs. */
  request: string[];
  /** The request body's length, when one was sent. */
  sent?: number;
  /** The response head as received: status line and headers. */
  response: string[];
  received: number;
  /** stdout is the terminal: no `[N bytes data]` notes. */
  terminal: boolean;
}

function release(version: string): [number, number] {
  const [a = 0, b = 0] = version.split('.').map((x) => Number.parseInt(x, 10));
  return [a, b];
}

const atLeast = (v: string, major: number, minor: number): boolean => {
  const [a, b] = release(v);
  return a > major || (a === major && b >= minor);
};

const IPV4 = /^\d+\.\d+\.\d+\.\d+$/;

/**
 * The lines before the request: resolving and connecting. `refused`: addresses tried first that
 * refused (localhost's ::1 when the server listens on 127.0.0.1 only), each with its own lines.
 */
export function verboseConnect(x: Pick<VerboseExchange, 'version' | 'host' | 'port' | 'ip' | 'source' | 'at'>, ips: string[], refused: string[] = []): string {
  const v = x.version;
  let out = '';
  const v6 = ips.filter((ip) => ip.includes(':'));
  const v4 = ips.filter((ip) => !ip.includes(':'));
  if (atLeast(v, 8, 5) && !IPV4.test(x.host)) out += `* Host ${x.host}:${x.port} was resolved.\n* IPv6: ${v6.join(', ') || '(none)'}\n* IPv4: ${v4.join(', ') || '(none)'}\n`;
  for (const ip of refused) out += refusedAttempt(x, ip);
  // cf-socket.c prints an IPv6 address in brackets.
  const addr = x.ip.includes(':') ? `[${x.ip}]` : x.ip;
  out += atLeast(v, 7, 60) ? `*   Trying ${addr}:${x.port}...\n` : `*   Trying ${addr}...\n`;
  if (atLeast(v, 8, 16)) {
    // Linux's ephemeral range (32768–60999); a stable pick per connection.
    const sport = 32768 + (fnv1a(`${x.source}>${x.ip}:${x.port}@${x.at}`) % 28232);
    out += `* Established connection to ${x.host} (${x.ip} port ${x.port}) from ${x.source} port ${sport} \n`;
  } else if (atLeast(v, 8, 5)) {
    out += `* Connected to ${x.host} (${x.ip}) port ${x.port}\n`;
    if (atLeast(v, 8, 14)) out += '* using HTTP/1.x\n';
  } else out += `* Connected to ${x.host} (${x.ip}) port ${x.port} (#0)\n`;
  return out;
}

/** The request as sent, and what 8.14 and later say once it is out. */
export function verboseRequest(x: Pick<VerboseExchange, 'version' | 'request' | 'sent' | 'terminal'>): string {
  let out = x.request.map((l) => `> ${l}\r\n`).join('') + '> \r\n';
  if (x.sent !== undefined && x.sent > 0 && !x.terminal) out += `} [${x.sent} bytes data]\n`;
  if (atLeast(x.version, 8, 14)) out += x.sent !== undefined && x.sent > 0 ? `* upload completely sent off: ${x.sent} bytes\n` : '* Request completely sent off\n';
  return out;
}

/** The response head as received, and the body's note. */
export function verboseResponse(x: Pick<VerboseExchange, 'response' | 'received' | 'terminal'>): string {
  return x.response.map((l) => `< ${l}\r\n`).join('') + '< \r\n' + (x.received > 0 && !x.terminal ? `{ [${x.received} bytes data]\n` : '');
}

/** A connection every address of the name refused: each attempt, then curl's failure. */
export function verboseRefused(x: Pick<VerboseExchange, 'version' | 'host' | 'port' | 'ip' | 'source' | 'at'>, ips: string[], failure: string): string {
  const v = x.version;
  let out = atLeast(v, 8, 5) && !IPV4.test(x.host) ? `* Host ${x.host}:${x.port} was resolved.\n* IPv6: ${ips.filter((ip) => ip.includes(':')).join(', ') || '(none)'}\n* IPv4: ${ips.filter((ip) => !ip.includes(':')).join(', ') || '(none)'}\n` : '';
  for (const ip of ips) out += refusedAttempt(x, ip);
  return `${out}* ${failure}\n`;
}

/** One address tried and refused: `Trying`, then cf-socket.c's failure line. */
function refusedAttempt(x: Pick<VerboseExchange, 'version' | 'port' | 'source' | 'at'>, ip: string): string {
  const v = x.version;
  const addr = ip.includes(':') ? `[${ip}]` : ip;
  let out = atLeast(v, 7, 60) ? `*   Trying ${addr}:${x.port}...\n` : `*   Trying ${addr}...\n`;
  const src = ip === '::1' || ip.startsWith('127.') ? ip : x.source;
  const sport = 32768 + (fnv1a(`${src}>${ip}:${x.port}@${x.at}`) % 28232);
  out += atLeast(v, 8, 5) ? `* connect to ${ip} port ${x.port} from ${src} port ${sport} failed: Connection refused\n` : `* connect to ${ip} port ${x.port} failed: Connection refused\n`;
  return out;
}

/** The line a connection that failed ends with. */
export function verboseClosed(version: string): string {
  return atLeast(version, 8, 14) ? '* closing connection #0\n' : atLeast(version, 8, 5) ? '* Closing connection\n' : '* Closing connection 0\n';
}

/** The last line: the connection goes back to the pool. */
export function verboseDone(x: Pick<VerboseExchange, 'version' | 'host' | 'port'>): string {
  return atLeast(x.version, 8, 16) ? `* Connection #0 to host ${x.host}:${x.port} left intact\n` : `* Connection #0 to host ${x.host} left intact\n`;
}
