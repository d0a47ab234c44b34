import { describe, expect, it } from 'vitest';
import { resolveImage } from './catalog';
import { directoryListing } from './python';
import { processLogs, serveHttp, startProcess } from './process';
import type { ProcessInput } from './types';

/** `python3 -m http.server 8765` in a directory holding a.txt and sub/, fetched with curl (Python 3.11.7, 255 bytes). */
const RECORDED_LISTING =
  '<!DOCTYPE HTML>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Directory listing for /</title>\n</head>\n<body>\n<h1>Directory listing for /</h1>\n<hr>\n<ul>\n<li><a href="a.txt">a.txt</a></li>\n<li><a href="sub/">sub/</a></li>\n</ul>\n<hr>\n</body>\n</html>\n';

function python(argv: string[], extra: Partial<ProcessInput> = {}) {
  return startProcess({ image: resolveImage('python:3.12-slim'), command: argv, env: {}, ports: {}, startedAt: 0, restartCount: 0, seed: 3, podIP: '10.244.1.5', hostname: 'py', ...extra });
}

describe("python3 -m http.server, as tutorials start it in a Pod", () => {
  it('lists a directory byte for byte as CPython does (case-insensitive order, directories with a slash)', () => {
    expect(directoryListing('/', [{ name: 'sub', dir: true }, { name: 'a.txt', dir: false }])).toBe(RECORDED_LISTING);
    expect(RECORDED_LISTING.length).toBe(255);
    expect(directoryListing('/x y/', [{ name: 'B c', dir: false }, { name: 'a', dir: true }])).toContain('<li><a href="a/">a/</a></li>\n<li><a href="B%20c">B c</a></li>\n');
  });

  it('serves the working directory on 8000: a listing, a file, its 404 page, and the access log on stderr', () => {
    const p = python(['python', '-m', 'http.server']);
    const listing = serveHttp(p, 5_000, 8000, '/', '10.244.2.7');
    expect(listing?.status).toBe(200);
    expect(listing?.body).toContain('<li><a href="etc/">etc/</a></li>');
    expect(serveHttp(p, 5_100, 8000, '/etc/hostname')?.body).toBe('py\n');
    const missing = serveHttp(p, 5_200, 8000, '/nope', '10.244.2.7');
    expect(missing?.status).toBe(404);
    expect(missing?.body).toContain('<p>Message: File not found.</p>');
    expect(missing?.body.length).toBe(335);
    const logs = processLogs(p, 6_000).map((l) => `${l.stream}: ${l.text}`);
    expect(logs).toEqual([
      'stderr: 10.244.2.7 - - [01/Sep/2025 09:00:05] "GET / HTTP/1.1" 200 -',
      'stderr: 10.244.0.1 - - [01/Sep/2025 09:00:05] "GET /etc/hostname HTTP/1.1" 200 -',
      'stderr: 10.244.2.7 - - [01/Sep/2025 09:00:05] code 404, message File not found',
      'stderr: 10.244.2.7 - - [01/Sep/2025 09:00:05] "GET /nope HTTP/1.1" 404 -',
    ]);
  });

  it('answers a method it has no handler for (POST, DELETE) with 501, as recorded from Python 3.11.7', () => {
    const p = python(['python', '-m', 'http.server']);
    const post = serveHttp(p, 5_000, 8000, '/', '10.244.2.7', 'curl/8.17.0', 'POST');
    expect(post?.status).toBe(501);
    expect(post?.body).toContain("        <p>Message: Unsupported method ('POST').</p>\n        <p>Error code explanation: 501 - Server does not support this operation.</p>\n");
    expect(post?.body.length).toBe(357);
    expect(post?.head).toMatchObject({ version: 'HTTP/1.0', reason: "Unsupported method ('POST')" });
    expect(post?.head?.headers.map(([k]) => k)).toEqual(['Server', 'Date', 'Connection', 'Content-Type', 'Content-Length']);
    // HEAD is served: do_HEAD is the GET without the body.
    expect(serveHttp(p, 5_100, 8000, '/etc/hostname', '10.244.2.7', 'curl/8.17.0', 'HEAD')).toMatchObject({ status: 200, body: '' });
    expect(processLogs(p, 6_000).map((l) => l.text)).toEqual([
      "10.244.2.7 - - [01/Sep/2025 09:00:05] code 501, message Unsupported method ('POST')",
      '10.244.2.7 - - [01/Sep/2025 09:00:05] "POST / HTTP/1.1" 501 -',
      '10.244.2.7 - - [01/Sep/2025 09:00:05] "HEAD /etc/hostname HTTP/1.1" 200 -',
    ]);
  });

  it('writes the heads http.server writes (recorded from Python 3.11.7): HTTP/1.0, Content-type, Last-Modified, a 301 with its Location', () => {
    const p = python(['python', '-m', 'http.server']);
    const names = (r: ReturnType<typeof serveHttp>) => r?.head?.headers.map(([k]) => k);
    const file = serveHttp(p, 5_000, 8000, '/etc/hostname', '10.244.2.7', 'curl/8.17.0', 'HEAD');
    expect(file?.head).toMatchObject({ version: 'HTTP/1.0', reason: 'OK' });
    expect(names(file)).toEqual(['Server', 'Date', 'Content-type', 'Content-Length', 'Last-Modified']);
    expect(file?.head?.headers[2]).toEqual(['Content-type', 'application/octet-stream']);
    expect(file?.head?.headers[3]).toEqual(['Content-Length', '3']);
    const listing = serveHttp(p, 5_000, 8000, '/etc/', '10.244.2.7');
    expect(names(listing)).toEqual(['Server', 'Date', 'Content-type', 'Content-Length']);
    expect(listing?.head?.headers[2]).toEqual(['Content-type', 'text/html; charset=utf-8']);
    // A directory without its slash: the path with one, the query kept, no body.
    const moved = serveHttp(p, 5_000, 8000, '/etc?x=1', '10.244.2.7');
    expect(moved).toMatchObject({ status: 301, body: '', head: { version: 'HTTP/1.0', reason: 'Moved Permanently' } });
    expect(moved?.head?.headers.slice(2)).toEqual([['Location', '/etc/?x=1'], ['Content-Length', '0']]);
    const missing = serveHttp(p, 5_000, 8000, '/nope', '10.244.2.7');
    expect(missing?.head).toMatchObject({ version: 'HTTP/1.0', reason: 'File not found' });
    expect(names(missing)).toEqual(['Server', 'Date', 'Connection', 'Content-Type', 'Content-Length']);
  });

  it('prints "Serving HTTP on" only when unbuffered: stdout to a pipe is block-buffered', () => {
    expect(processLogs(python(['python3', '-m', 'http.server', '9000']), 5_000)).toEqual([]);
    const u = processLogs(python(['python3', '-u', '-m', 'http.server', '9000']), 5_000).map((l) => l.text);
    expect(u).toEqual(['Serving HTTP on 0.0.0.0 port 9000 (http://0.0.0.0:9000/) ...']);
    const env = processLogs(python(['python3', '-m', 'http.server', '--bind', '127.0.0.1', '-d', '/tmp'], { env: { PYTHONUNBUFFERED: '1' } }), 5_000).map((l) => l.text);
    expect(env).toEqual(['Serving HTTP on 127.0.0.1 port 8000 (http://127.0.0.1:8000/) ...']);
  });
});
