/**
 * Debian's apache2 as the php:*-apache images run it (`apache2-foreground`, mpm_prefork with
 * mod_php): its start-up lines on stderr and the access log the image links to stdout.
 *
 * Start-up (seen in guestbook frontend transcripts, `kubectl logs` of gb-frontend):
 *   AH00558: apache2: Could not reliably determine the server's fully qualified domain name, using <pod IP>. …  (twice: config check, then start)
 *   [<date>] [mpm_prefork:notice] [pid 1] AH00163: Apache/2.4.38 (Debian) PHP/7.4.33 configured -- resuming normal operations
 *   [<date>] [core:notice] [pid 1] AH00094: Command line: 'apache2 -D FOREGROUND'
 * Access: 000-default.conf's `CustomLog … combined`, whose %O counts the bytes sent, head
 * included. Approximate: the head is the one Apache sends a curl client over keep-alive as
 * modelled in headBytes (an ETag of typical length; no Vary when the type is not compressible).
 */
import { httpdTime } from './clock';
import type { AppRun } from './app';
import type { LogLine } from './types';
import { GB_APACHE, GB_PHP } from './guestbook-images';
import type { Hit } from './app-logs';

const line = (at: number, text: string, stream: LogLine['stream'] = 'stdout'): LogLine => ({ at, stream, text });

/** The server's product tokens (ServerSpec.apache; the guestbook's php:7.4-apache when unset). */
function tokens(run: AppRun): { server: string; php: string } {
  return ('server' in run.behaviour ? run.behaviour.server?.apache : undefined) ?? { server: GB_APACHE, php: GB_PHP };
}

export function apache2Banner(run: AppRun): LogLine[] {
  const s = run.startedAt;
  const t = tokens(run);
  const up = run.listenAt;
  const ah = `AH00558: apache2: Could not reliably determine the server's fully qualified domain name, using ${run.podIP}. Set the 'ServerName' directive globally to suppress this message`;
  return [
    line(s, ah, 'stderr'),
    line(s, ah, 'stderr'),
    line(up, `[${httpdTime(up)}] [mpm_prefork:notice] [pid ${run.pid}] AH00163: ${t.server} ${t.php} configured -- resuming normal operations`, 'stderr'),
    line(up, `[${httpdTime(up)}] [core:notice] [pid ${run.pid}] AH00094: Command line: 'apache2 -D FOREGROUND'`, 'stderr'),
  ];
}

const crlf = (s: string): number => s.length + 2;

/** The response head's bytes: status line, headers, blank line. */
function headBytes(hit: Hit): number {
  const status = hit.status === 200 ? 'HTTP/1.1 200 OK' : hit.status === 404 ? 'HTTP/1.1 404 Not Found' : `HTTP/1.1 ${hit.status}`;
  const fixed = [status, 'Date: Mon, 07 Dec 2026 07:00:00 GMT', `Server: ${GB_APACHE}`, `Content-Length: ${hit.bytes}`, 'Keep-Alive: timeout=5, max=100', 'Connection: Keep-Alive'];
  const php = hit.path.split('?')[0]!.endsWith('.php');
  const extra =
    hit.status === 404
      ? ['Content-Type: text/html; charset=iso-8859-1']
      : php
        ? [`X-Powered-By: ${GB_PHP}`, 'Content-Type: application/json']
        : ['Last-Modified: Tue, 09 Jul 2024 17:46:07 GMT', 'ETag: "398-61cd51f5b8dc0"', 'Accept-Ranges: bytes', 'Vary: Accept-Encoding', hit.path.endsWith('.js') ? 'Content-Type: application/javascript' : 'Content-Type: text/html'];
  return [...fixed, ...extra].reduce((n, h) => n + crlf(h), 0) + 2;
}

/** One request in Apache's `combined` format; `hit.sent`, when set, is what %O counts (a head the app framed itself). */
export function apache2Access(hit: Hit, when: string, req: string): LogLine {
  const sent = hit.sent ?? (hit.method === 'HEAD' ? headBytes(hit) : headBytes(hit) + hit.bytes);
  return line(hit.at, `${hit.clientIP} - - [${when}] ${req} ${hit.status} ${sent} "-" "${hit.userAgent}"`);
}
