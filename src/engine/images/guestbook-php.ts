/**
 * What gb-frontend's guestbook.php (guestbook-files.ts) answers, run by mod_php 7.4 with
 * `display_errors` on (its first lines): with `?cmd=set&value=V` Predis SETs `guestbook` to V on
 * redis-leader and it prints `{"message": "Updated"}`; with any other `cmd` it GETs `guestbook`
 * from redis-follower and prints `{"data": "<value>"}` (the value as is, not JSON-escaped); the
 * hosts are the Services' names, or $REDIS_LEADER_SERVICE_HOST / $REDIS_FOLLOWER_SERVICE_HOST
 * when GET_HOSTS_FROM=env. The connection is the container's (DNS, the Service, kube-proxy).
 * $_GET decodes the query string as PHP does (`+` is a space, %XX bytes).
 *
 * Approximate: without `cmd` the real page is phpinfo()'s long report; here its title and first
 * table only. A Redis that cannot be reached ends the script with Predis' uncaught
 * ConnectionException as display_errors prints it, the stack trace left out.
 */
import type { Route } from './catalog-types';
import type { Reply } from './redis-reply';
import { GB_PHP } from './guestbook-images';
import { utf8Bytes, utf8Decode } from '../../k8s/utf8';

/** The container's way to a redis-server (container-net.ts's redis: a name is resolved first). */
export type PhpRedis = (host: string, port: number, commands: string[][]) => { kind: 'replies'; replies: Reply[] } | { kind: 'refused' | 'timeout' | 'not-redis' | 'unresolved' };

const SCRIPT = '/var/www/html/guestbook.php';

/** PHP's urldecode for $_GET: `+` → space, `%XX` → the byte (read as UTF-8 afterwards). */
function urldecode(s: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '+') bytes.push(32);
    else if (c === '%' && /^[0-9a-fA-F]{2}$/.test(s.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...utf8Bytes(c));
  }
  return utf8Decode(bytes);
}

/** $_GET: the last of a repeated name wins, as in PHP. */
function query(q: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of q.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    out.set(urldecode(eq < 0 ? part : part.slice(0, eq)), eq < 0 ? '' : urldecode(part.slice(eq + 1)));
  }
  return out;
}

/** The 1-based line of `needle` in the script (for PHP's notices). */
function lineOf(script: string, needle: string): number {
  return script.slice(0, script.indexOf(needle)).split('\n').length;
}

const json = (body: string): Route => ({ status: 200, body, contentType: 'application/json' });

function unreachable(kind: string, host: string): string {
  const why = kind === 'unresolved' ? 'php_network_getaddresses: getaddrinfo failed: Name or service not known' : kind === 'timeout' ? 'Connection timed out' : 'Connection refused';
  return `<br />\n<b>Fatal error</b>:  Uncaught Predis\\Connection\\ConnectionException: ${why} [tcp://${host}:6379] in /var/www/html/vendor/predis/predis/src/Connection/AbstractConnection.php:155\n`;
}

/** guestbook.php's answer to `?rawQuery`; `script` is the file's text (for line numbers). */
export function guestbookPhp(rawQuery: string, env: (name: string) => string | undefined, redis: PhpRedis, script: string): Route {
  const get = query(rawQuery);
  const cmd = get.get('cmd');
  if (cmd === undefined) {
    return { status: 200, contentType: 'text/html; charset=UTF-8', body: `<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "DTD/xhtml1-transitional.dtd">\n<html xmlns="http://www.w3.org/1999/xhtml"><head>\n<title>PHP ${GB_PHP.slice(4)} - phpinfo()</title></head>\n<body><div class="center">\n<h1 class="p">PHP Version ${GB_PHP.slice(4)}</h1>\n</div></body></html>\n` };
  }
  const fromEnv = env('GET_HOSTS_FROM') === 'env';
  if (cmd === 'set') {
    const host = fromEnv ? (env('REDIS_LEADER_SERVICE_HOST') ?? '') : 'redis-leader';
    let notice = '';
    const value = get.get('value');
    if (value === undefined) notice = `<br />\n<b>Notice</b>:  Undefined index: value in <b>${SCRIPT}</b> on line <b>${lineOf(script, "$_GET['value']")}</b><br />\n`;
    const w = redis(host, 6379, [['SET', 'guestbook', value ?? '']]);
    if (w.kind !== 'replies') return json(notice + unreachable(w.kind, host));
    return json(`${notice}{"message": "Updated"}`);
  }
  const host = fromEnv ? (env('REDIS_FOLLOWER_SERVICE_HOST') ?? '') : 'redis-follower';
  const w = redis(host, 6379, [['GET', 'guestbook']]);
  if (w.kind !== 'replies') return json(unreachable(w.kind, host));
  const r = w.replies[0];
  return json(`{"data": "${r?.t === 'bulk' ? r.v : ''}"}`);
}
