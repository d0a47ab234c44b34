/**
 * nginx's answers as its static and index modules give them and its header filter frames them:
 * which method gets what (ngx_http_static_module.c, ngx_http_index_module.c at release-1.29.1),
 * its built-in error pages (ngx_http_special_response.c) and the response head
 * (ngx_http_header_filter_module.c: Server, Date, Content-Type, Content-Length, Last-Modified,
 * Connection, ETag, Accept-Ranges — in that order, `server_tokens on`, keep-alive as curl asks).
 * Approximate: every file is `text/html` (mime.types is not consulted).
 */
import type { Route } from './catalog-types';
import type { HttpHead } from './types';
import { httpDate } from '../../k8s/http-text';
import { EPOCH_MS } from '../../k8s/time';

/** What the docroot holds at the request's path: a file, a directory, a directory without index.html, nothing. */
export type DocrootEntry = 'file' | 'dir' | 'forbidden' | 'missing';

export type NginxOutcome = DocrootEntry | 'not-allowed';

/**
 * The static handler refuses any method but GET, HEAD and POST before it looks at the path
 * (405); the index module sends `/` on to index.html whatever the method among those three; a
 * POST that reaches an existing file is refused after the file was found (405), so a POST to a
 * missing one is still 404 and to a directory still 301.
 */
export function nginxStatic(method: string, entry: DocrootEntry): NginxOutcome {
  if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') return 'not-allowed';
  if (method === 'POST' && entry === 'file') return 'not-allowed';
  return entry;
}

/**
 * `version` (`1.13.5`) is an nginx release before major.minor.patch. Anything that is not a full
 * nginx release number (a course image's own `1.0`) counts as recent.
 */
export function nginxBefore(version: string, major: number, minor: number, patch: number): boolean {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  if (!m) return false;
  const v = [Number(m[1]), Number(m[2]), Number(m[3])];
  const w = [major, minor, patch];
  for (let i = 0; i < 3; i++) if (v[i] !== w[i]) return v[i]! < w[i]!;
  return false;
}

/**
 * nginx's built-in error pages use CRLF line ends (153 bytes for a 6-character version, 157 for
 * 405's longer title); before 1.15.4 the body tag was `<body bgcolor="white">` (nginx commit
 * 8117b3f5a, "Removed bgcolor attribute on body in error pages and autoindex"). `{version}` is
 * filled with the running nginx's.
 */
export function nginxErrorPage(status: number, title: string, version: string): Route {
  const body = nginxBefore(version, 1, 15, 4) ? '<body bgcolor="white">' : '<body>';
  return { status, contentType: 'text/html', body: `<html>\r\n<head><title>${status} ${title}</title></head>\r\n${body}\r\n<center><h1>${status} ${title}</h1></center>\r\n<hr><center>nginx/{version}</center>\r\n</body>\r\n</html>\r\n` };
}

/** ngx_http_error_405_page: what a PUT, DELETE (or a POST to a file) gets. */
export function nginxNotAllowed(version: string): Route {
  return nginxErrorPage(405, 'Not Allowed', version);
}

/**
 * The head of an error page (301, 404, 403, 405): no Last-Modified, ETag or Accept-Ranges; a
 * `location` goes between Content-Length and Connection, where the header filter writes it.
 * Times are simulated ms.
 */
export function nginxErrorHead(version: string, status: number, length: number, now: number, location?: string): HttpHead {
  return {
    version: 'HTTP/1.1',
    reason: status === 405 ? 'Not Allowed' : status === 403 ? 'Forbidden' : status === 404 ? 'Not Found' : status === 301 ? 'Moved Permanently' : '',
    headers: [
      ['Server', `nginx/${version}`],
      ['Date', httpDate(EPOCH_MS + now)],
      ['Content-Type', 'text/html'],
      ['Content-Length', String(length)],
      ...(location === undefined ? [] : [['Location', location] as [string, string]]),
      ['Connection', 'keep-alive'],
    ],
  };
}

/**
 * Where a directory asked for without its slash is sent: the static module's Location is the URI
 * with `/` (and `?args` when there are any) appended; the header filter makes it absolute
 * (`absolute_redirect on`, the default) with the request's host — the Host header without its
 * port, else the address the connection reached — and the port nginx listens on, left out when it
 * is 80 (`port_in_redirect on`), never the port the client dialled: through a port-forward to
 * 8080 the redirect still names port 80's URL.
 */
export function nginxDirLocation(host: string, listenPort: number, path: string, query: string): string {
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]!;
  return `http://${name.toLowerCase()}${listenPort === 80 ? '' : `:${listenPort}`}${path}/${query ? `?${query}` : ''}`;
}

/**
 * A served file's head. ETag is `"<mtime seconds>-<size>"` in hex (ngx_http_set_etag); the
 * reason phrase is nginx's own (`200 OK`).
 */
export function nginxFileHead(version: string, contentType: string, length: number, now: number, mtime: number): HttpHead {
  const secs = Math.floor((EPOCH_MS + mtime) / 1000);
  return {
    version: 'HTTP/1.1',
    reason: 'OK',
    headers: [
      ['Server', `nginx/${version}`],
      ['Date', httpDate(EPOCH_MS + now)],
      ['Content-Type', contentType],
      ['Content-Length', String(length)],
      ['Last-Modified', httpDate(secs * 1000)],
      ['Connection', 'keep-alive'],
      ['ETag', `"${secs.toString(16)}-${length.toString(16)}"`],
      ['Accept-Ranges', 'bytes'],
    ],
  };
}
