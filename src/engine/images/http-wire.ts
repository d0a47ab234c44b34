/**
 * What curl and wget share about HTTP on the wire: URLs as they parse them, reason phrases, the
 * response head as `curl -i` prints it, and the one fixed answer of a Go server's TLS port to a
 * plain-HTTP request.
 */
import type { HttpHead } from './types';
import { httpDate, statusText } from '../../k8s/http-text';

export interface Url {
  scheme: string;
  host: string;
  port: number;
  path: string;
  text: string;
}

/**
 * A URL as curl and wget take it (no scheme: http). Undefined when it has no host — `http://:30489`
 * (what `curl http://"$(minikube ip):$NODE_PORT"` becomes without minikube) is not the host `http`.
 */
export function parseUrl(raw: string): Url | undefined {
  const s = /^([a-z][a-z0-9+.-]*):\/\//i.exec(raw);
  const m = /^([^/:?#]+)(?::(\d+))?([^#]*)$/.exec(s ? raw.slice(s[0].length) : raw);
  if (!m) return undefined;
  const scheme = (s?.[1] ?? 'http').toLowerCase();
  const port = m[2] ? Number(m[2]) : scheme === 'https' ? 443 : 80;
  return { scheme, host: m[1]!, port, path: m[3] || '/', text: s ? raw : `http://${raw}` };
}

/** The host and port part of a URL as written (BusyBox wget names it in `bad address '…'`). */
export function urlAuthority(raw: string): string {
  const rest = raw.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  return /^[^/?#]*/.exec(rest)![0];
}

export const reasonPhrase = statusText;

/**
 * net/http's answer when a TLS listener's first bytes look like HTTP (server.go serve: "Client
 * sent an HTTP request to an HTTPS server."): an HTTP/1.0 400 with no headers, then the
 * connection closes, so the client reads the body to the end.
 */
export function plainToTls(): { status: number; body: string; head: HttpHead } {
  return { status: 400, body: 'Client sent an HTTP request to an HTTPS server.\n', head: { version: 'HTTP/1.0', reason: 'Bad Request', headers: [] } };
}

/** The status line and headers as `curl -i` prints them (CRLF line ends, a blank line after). */
export function headBlock(status: number, head: HttpHead | undefined, fallback: [string, string][]): string {
  const h = head ?? { version: 'HTTP/1.1' as const, reason: reasonPhrase(status), headers: fallback };
  // HTTP/2 carries no reason phrase: curl prints the code and a space.
  const line = h.version === 'HTTP/2' ? `HTTP/2 ${status} ` : `${h.version} ${status} ${h.reason}`;
  return `${line}\r\n${h.headers.map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`;
}

/** `Name: value` as a header line is split (the value's leading blanks dropped). */
export function splitHeader(line: string): [string, string] {
  const colon = line.indexOf(':');
  return colon < 0 ? [line, ''] : [line.slice(0, colon), line.slice(colon + 1).trimStart()];
}

/**
 * A Go net/http response head: the handler's headers sorted, then Content-Length and Date — over
 * HTTP/2 lowercased (the h2 server writes them so), over HTTP/1.1 canonical with Date first.
 */
export function goHead(h2: boolean, status: number, headers: [string, string][], bodyLength: number, date: string): HttpHead {
  const sorted = [...headers].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (h2) return { version: 'HTTP/2', reason: '', headers: [...sorted.map(([k, v]): [string, string] => [k.toLowerCase(), v]), ['content-length', String(bodyLength)], ['date', date]] };
  return { version: 'HTTP/1.1', reason: reasonPhrase(status), headers: [...sorted, ['Date', date], ['Content-Length', String(bodyLength)]] };
}

export { httpDate };

