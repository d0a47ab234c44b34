/**
 * python3 in the official python images. `python3 -m http.server` — the one-line web server of
 * countless tutorials — runs as CPython 3.11/3.12's http.server does (recorded from Python 3.11.7
 * on this machine; 3.12's module prints the same): a directory listing, the file asked for, its
 * 404 page, its access log on stderr. Its "Serving HTTP on …" line goes to stdout, which in a
 * container is a pipe Python block-buffers: `kubectl logs` shows it only when the process is
 * unbuffered (`-u`, or PYTHONUNBUFFERED set), a classic surprise the simulator keeps.
 * `--version`/`-V` print the image's version (`Python 3.12.11`, as this machine's 3.11.7 prints its
 * own). `-c CODE` runs when it is the short env-and-exit kind manifests carry (python-snippet.ts).
 * Anything else (other code, a script, the REPL with no TTY) finishes at once with status 0 and
 * no output: the interpreter itself is not modelled.
 */
import type { AppReply, AppRequest, AppRun, DirLister, DocrootReader } from './app';
import type { HttpHead } from './types';
import type { ServerSpec } from './catalog-types';
import type { Outcome, ProgramContext } from './programs';
import { normalizePath } from './fs';
import { httpDate } from '../../k8s/http-text';
import { EPOCH_MS } from '../../k8s/time';
import { isRelease, notSimulated } from './lang-tools';
import { runPythonSnippet } from './python-snippet';

const MiB = 1024 * 1024;

/** http.server's SimpleHTTPRequestHandler.send_error page for a 404 (Python 3.11.7, 335 bytes). */
const NOT_FOUND =
  '<!DOCTYPE HTML>\n<html lang="en">\n    <head>\n        <meta charset="utf-8">\n        <title>Error response</title>\n    </head>\n    <body>\n        <h1>Error response</h1>\n        <p>Error code: 404</p>\n        <p>Message: File not found.</p>\n        <p>Error code explanation: 404 - Nothing matches the given URI.</p>\n    </body>\n</html>\n';

function htmlEscape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** urllib.parse.quote with its default safe '/': letters, digits, `_.-~` and `/` stay. */
function quote(s: string): string {
  return encodeURIComponent(s)
    .replace(/%2F/g, '/')
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** list_directory: entries sorted case-insensitively, directories with a trailing slash (3.11.7's bytes). */
export function directoryListing(displayPath: string, entries: readonly { name: string; dir: boolean }[]): string {
  const sorted = [...entries].sort((a, b) => (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : a.name.toLowerCase() > b.name.toLowerCase() ? 1 : 0));
  const title = `Directory listing for ${htmlEscape(displayPath)}`;
  const items = sorted.map((e) => {
    const name = e.dir ? `${e.name}/` : e.name;
    return `<li><a href="${quote(name)}">${htmlEscape(name)}</a></li>\n`;
  });
  return `<!DOCTYPE HTML>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>${title}</title>\n</head>\n<body>\n<h1>${title}</h1>\n<hr>\n<ul>\n${items.join('')}</ul>\n<hr>\n</body>\n</html>\n`;
}

/** mimetypes.guess_type for the files a learner is likely to serve; anything else is a download. */
function contentType(path: string): string {
  const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  const known: Record<string, string> = { html: 'text/html', htm: 'text/html', txt: 'text/plain', json: 'application/json', css: 'text/css', js: 'text/javascript', yaml: 'application/yaml', yml: 'application/yaml' };
  return Object.hasOwn(known, ext) ? known[ext]! : 'application/octet-stream';
}

/**
 * SimpleHTTPRequestHandler.do_GET over the served directory: a directory without its slash is
 * redirected (301, `Location` the path with its slash and the query kept), with one its
 * index.html or a listing; a file is sent as it is; anything else is the 404 page. Each answer
 * has the head http.server writes (HTTP/1.0, `Content-type` as send_header spells it for a file
 * or a listing, `Last-Modified` for a file, send_error's `Connection: close` for an error),
 * recorded from Python 3.11.7's http.server on this machine.
 */
export function pythonHttp(run: AppRun, rawPath: string, query: string, readFile: DocrootReader, listDir: DirLister | undefined, req: AppRequest, now: number): AppReply {
  const method = req.method ?? 'GET';
  if (method !== 'GET' && method !== 'HEAD') return unsupported(run, method, now);
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    path = rawPath;
  }
  const root = run.docroot ?? '/';
  const full = normalizePath(`.${path}`, root);
  const head = (status: number, reason: string, headers: [string, string][]): HttpHead => ({ version: 'HTTP/1.0', reason, headers: [['Server', server(run)], ['Date', httpDate(EPOCH_MS + now)], ...headers] });
  const sent = (body: string, type: string, file?: string): AppReply => {
    const modified = file === undefined ? [] : ([['Last-Modified', httpDate(EPOCH_MS + (req.mtime?.(file) ?? run.startedAt))]] as [string, string][]);
    return { kind: 'reply', status: 200, body, contentType: type, delayMs: 0, head: head(200, 'OK', [['Content-type', type], ['Content-Length', String(body.length)], ...modified]) };
  };
  const found = readFile(full);
  if (found.kind === 'dir') {
    if (!path.endsWith('/')) {
      const location = `${rawPath}/${query ? `?${query}` : ''}`;
      return { kind: 'reply', status: 301, body: '', contentType: 'text/html', delayMs: 0, head: head(301, 'Moved Permanently', [['Location', location], ['Content-Length', '0']]) };
    }
    const indexPath = `${full === '/' ? '' : full}/index.html`;
    const index = readFile(indexPath);
    if (index.kind === 'file') return sent(index.content, 'text/html', indexPath);
    return sent(directoryListing(path, listDir?.(full) ?? []), 'text/html; charset=utf-8');
  }
  if (found.kind === 'file' && !path.endsWith('/')) return sent(found.content, contentType(full), full);
  const errorType = 'text/html;charset=utf-8';
  return { kind: 'reply', status: 404, body: NOT_FOUND, contentType: errorType, delayMs: 0, head: head(404, 'File not found', [['Connection', 'close'], ['Content-Type', errorType], ['Content-Length', String(NOT_FOUND.length)]]) };
}

function server(run: AppRun): string {
  return `SimpleHTTP/0.6 Python/${run.version}`;
}

/**
 * BaseHTTPRequestHandler's answer to a method its handler has no do_ for (POST, PUT, DELETE …):
 * send_error(501, "Unsupported method (%r)"), recorded from Python 3.11.7's http.server here:
 * the message is the HTTP/1.0 reason phrase, the page says it again with the status's description.
 * Approximate: the Server header names the image's Python version.
 */
function unsupported(run: AppRun, method: string, now: number): AppReply {
  const message = `Unsupported method ('${method}')`;
  const body = `<!DOCTYPE HTML>\n<html lang="en">\n    <head>\n        <meta charset="utf-8">\n        <title>Error response</title>\n    </head>\n    <body>\n        <h1>Error response</h1>\n        <p>Error code: 501</p>\n        <p>Message: ${htmlEscape(message)}.</p>\n        <p>Error code explanation: 501 - Server does not support this operation.</p>\n    </body>\n</html>\n`;
  const headers: [string, string][] = [['Server', server(run)], ['Date', httpDate(EPOCH_MS + now)], ['Connection', 'close'], ['Content-Type', 'text/html;charset=utf-8'], ['Content-Length', String(body.length)]];
  return { kind: 'reply', status: 501, body, contentType: 'text/html;charset=utf-8', delayMs: 0, head: { version: 'HTTP/1.0', reason: message, headers } };
}

/** What the access log says before the request line for an error (send_error's log_error). */
export function pythonErrorMessage(status: number, method: string): string | undefined {
  if (status === 404) return 'File not found';
  if (status === 501) return `Unsupported method ('${method}')`;
  return undefined;
}

function pythonServer(port: number): ServerSpec {
  return { listen: [{ port, protocol: 'http' }], startupMs: 90, routes: {}, notFound: { status: 404, body: NOT_FOUND }, logStyle: 'python-http', memoryBytes: 18 * MiB };
}

/** `python3 [-u] -m http.server [PORT] [-b ADDR] [-d DIR]`; everything else ends at once. */
export function python3(argv: string[], pc: ProgramContext): Outcome {
  // `--version`/`-V` (Modules/main.c pymain_run_python → Py_GetVersion's first word): `Python 3.12.11` on stdout.
  if (argv[1] === '--version' || argv[1] === '-V') {
    const version = pc.env['PYTHON_VERSION'] ?? pc.version;
    // A frozen `python:3.8` tag does not say its release: no version is made up (lang-images.ts).
    if (!isRelease(version)) return notSimulated(argv, pc);
    pc.io.out(`Python ${version}\n`);
    return { k: 'done', status: 0, ms: 20 };
  }
  let unbuffered = (pc.env['PYTHONUNBUFFERED'] ?? '') !== '';
  let i = 1;
  for (; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '-u') unbuffered = true;
    else if (/^-[BEIOqsv]+$/.test(a)) continue;
    else break;
  }
  if (argv[i] === '-c' && argv[i + 1] !== undefined) {
    const r = runPythonSnippet(argv[i + 1]!, pc.env);
    if (r) {
      // stdout is block-buffered unless -u: flushed at exit, after a sys.exit message on stderr.
      if (unbuffered) pc.io.out(r.stdout);
      if (r.stderr) pc.io.err(r.stderr);
      if (!unbuffered) pc.io.out(r.stdout);
      return { k: 'done', status: r.status, ms: 40 };
    }
  }
  if (argv[i] !== '-m' || argv[i + 1] !== 'http.server') return { k: 'done', status: 0, ms: 40 };
  const rest = argv.slice(i + 2);
  let port = 8000;
  let bind = '0.0.0.0';
  let dir = pc.cwd ?? '/';
  for (let j = 0; j < rest.length; j++) {
    const a = rest[j]!;
    const v = (long: string, short: string): string | undefined => (a === long || a === short ? rest[++j] : a.startsWith(`${long}=`) ? a.slice(long.length + 1) : undefined);
    let x: string | undefined;
    if ((x = v('--bind', '-b')) !== undefined) bind = x;
    else if ((x = v('--directory', '-d')) !== undefined) dir = normalizePath(x, pc.cwd ?? '/');
    else if (/^\d+$/.test(a)) port = Number(a);
  }
  const start = { name: 'python3', version: pc.version, behaviour: { kind: 'serve' as const, server: pythonServer(port) }, argv, style: 'python-http' as const, docroot: dir, listing: true as const };
  // Buffered stdout: the start line stays in Python's buffer and never reaches the log.
  const banner: [number, 'stdout', string][] = unbuffered ? [[90, 'stdout', `Serving HTTP on ${bind} port ${port} (http://${bind}:${port}/) ...`]] : [];
  return { k: 'app', start: { ...start, banner } };
}
