/**
 * wget (BusyBox), curl and nslookup as learners use them inside Pods, printing what those tools
 * print. Where a request goes is decided by the caller's `Fetch` (own ports on localhost/the Pod
 * IP, a few public hosts, and the cluster network when an exec supplies one).
 */
import { normalizePath, writeFile } from './fs';
import { LIBC_DNS_TIMEOUT_MS } from './container-net';
import type { Tool, ToolEnv, ToolResult } from './tools';

export type NetAnswer =
  /** getaddrinfo failed (NXDOMAIN everywhere on the search list, or no DNS answer); `ms` spent resolving. */
  | { kind: 'unresolved'; ms: number }
  | { kind: 'refused'; ip: string }
  | { kind: 'timeout'; ip: string }
  | { kind: 'reply'; ip: string; status: number; body: string; contentType?: string };

/** One A query's reply. `authoritative`: CoreDNS's own zone (cluster.local) rather than a forwarded name. */
export type DnsReply = { rcode: 'NOERROR'; ips: string[]; authoritative: boolean } | { rcode: 'NXDOMAIN' };

/** getaddrinfo's outcome and the simulated time it took. */
export type Resolution = { kind: 'found'; fqdn: string; ips: string[]; ms: number } | { kind: 'nxdomain'; ms: number } | { kind: 'timeout'; ms: number };

export interface Net {
  /** resolv.conf's nameserver and search list. */
  nameserver: string;
  search: string[];
  fetch(host: string, port: number, path: string): NetAnswer;
  /** getaddrinfo(3): /etc/hosts, then the search list under ndots:5. */
  lookup(name: string): Resolution;
  /** A queries sent together on one socket to the nameserver: the replies in order, or undefined on no answer. */
  query(names: string[]): DnsReply[] | undefined;
  /** PTR for `ip`: the name, null for NXDOMAIN, undefined on no answer. */
  reverse(ip: string): string | null | undefined;
}

interface Url {
  scheme: string;
  host: string;
  port: number;
  path: string;
  text: string;
}

function parseUrl(raw: string): Url | undefined {
  const m = /^(?:([a-z]+):\/\/)?([^/:?#]+)(?::(\d+))?([^#]*)$/i.exec(raw);
  if (!m) return undefined;
  const scheme = (m[1] ?? 'http').toLowerCase();
  const port = m[3] ? Number(m[3]) : scheme === 'https' ? 443 : 80;
  return { scheme, host: m[2]!, port, path: m[4] || '/', text: raw.includes('://') ? raw : `http://${raw}` };
}

const REASONS: Record<number, string> = { 200: 'OK', 201: 'Created', 204: 'No Content', 301: 'Moved Permanently', 302: 'Found', 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout' };
export const reasonPhrase = (status: number): string => REASONS[status] ?? '';

type NetTool = (args: string[], env: ToolEnv, net: Net) => ToolResult;

/** BusyBox wget: progress on stderr, `-O -` to stdout, `-q` quiet, `-T` timeout. */
const wget: NetTool = (args, env, net) => {
  let out: string | undefined;
  let quiet = false;
  let spider = false;
  let timeoutS = 900;
  const urls: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.startsWith('--timeout=')) timeoutS = Number(a.slice(10)) || timeoutS;
    else if (a === '--spider') spider = true;
    else if (a.startsWith('--output-document=')) out = a.slice(18);
    else if (a === '--quiet') quiet = true;
    else if (/^-[a-zA-Z]/.test(a)) {
      for (let j = 1; j < a.length; j++) {
        const c = a[j]!;
        if (c === 'q') quiet = true;
        else if (c === 'O' || c === 'T') {
          const v = j + 1 < a.length ? a.slice(j + 1) : (args[++i] ?? '');
          if (c === 'O') out = v;
          else timeoutS = Number(v) || timeoutS;
          break;
        }
      }
    } else urls.push(a);
  }
  const url = parseUrl(urls[0] ?? '');
  if (!url) {
    env.io.err('BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: wget [-cqS] [--spider] [-O FILE] [-o LOGFILE] [--header STR]\n\t[--post-data STR | --post-file FILE] [-Y on/off]\n\t[--no-check-certificate] [-P DIR] [-U AGENT] [-T SEC] URL...\n');
    return { status: 1 };
  }
  const a = net.fetch(url.host, url.port, url.path);
  if (a.kind === 'unresolved') {
    env.io.err(`wget: bad address '${url.host}'\n`);
    return { status: 1, ms: a.ms };
  }
  if (!quiet) env.io.err(`Connecting to ${url.host}${url.port !== 80 ? `:${url.port}` : ''} (${a.ip}:${url.port})\n`);
  if (a.kind === 'refused') {
    env.io.err(`wget: can't connect to remote host (${a.ip}): Connection refused\n`);
    return { status: 1, ms: 2 };
  }
  if (a.kind === 'timeout') {
    env.io.err('wget: download timed out\n');
    return { status: 1, ms: timeoutS * 1000 };
  }
  if (a.status >= 400) {
    env.io.err(`wget: server returned error: HTTP/1.1 ${a.status} ${reasonPhrase(a.status)}\n`);
    return { status: 1, ms: 15 };
  }
  if (spider) {
    if (!quiet) env.io.err('remote file exists\n');
    return { status: 0, ms: 15 };
  }
  const base = url.path.split('?')[0]!.split('/').pop() || 'index.html';
  const target = out ?? base;
  if (target === '-') {
    env.io.out(a.body);
  } else {
    writeFile(env.fs, env.base, normalizePath(target, env.cwd), a.body, false);
    if (!quiet) {
      const name = target.split('/').pop() ?? target;
      env.io.err(`saving to '${target}'\n${name.slice(0, 20).padEnd(20)} 100% |${'*'.repeat(32)}| ${String(a.body.length).padStart(5)}  0:00:00 ETA\n'${target}' saved\n`);
    }
  }
  return { status: 0, ms: 40 + Math.min(2000, a.body.length / 50) };
};

/** curl 8.x: body to stdout, progress meter on stderr unless -s, `-f` fails on HTTP errors. */
const curl: NetTool = (args, env, net) => {
  let silent = false;
  let showErrors = false;
  let fail = false;
  let head = false;
  let outFile: string | undefined;
  let writeOut: string | undefined;
  let maxTimeS: number | undefined;
  const urls: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--silent') silent = true;
    else if (a === '--fail') fail = true;
    else if (a === '--head') head = true;
    else if (a === '--max-time' || a === '-m' || a === '--connect-timeout') maxTimeS = Number(args[++i]) || undefined;
    else if (a === '-o' || a === '--output') outFile = args[++i];
    else if (a === '-w' || a === '--write-out') writeOut = args[++i];
    else if (a === '-X' || a === '-H' || a === '-d' || a === '--data' || a === '--header' || a === '--request' || a === '-A' || a === '-u') i++;
    else if (/^-[a-zA-Z]+$/.test(a)) {
      for (const c of a.slice(1)) {
        if (c === 's') silent = true;
        else if (c === 'S') showErrors = true;
        else if (c === 'f') fail = true;
        else if (c === 'I') head = true;
      }
    } else if (!a.startsWith('-')) urls.push(a);
  }
  const url = parseUrl(urls[0] ?? '');
  const errs = !silent || showErrors;
  if (!url) {
    env.io.err("curl: try 'curl --help' or 'curl --manual' for more information\n");
    return { status: 2 };
  }
  const a = net.fetch(url.host, url.port, url.path);
  const code = (status: number): void => {
    if (writeOut !== undefined) env.io.out(writeOut.replace(/%\{http_code\}/g, String(status).padStart(3, '0')).replace(/\\n/g, '\n'));
  };
  if (a.kind === 'unresolved') {
    code(0);
    if (errs) env.io.err(`curl: (6) Could not resolve host: ${url.host}\n`);
    return { status: 6, ms: a.ms };
  }
  if (a.kind === 'refused') {
    code(0);
    if (errs) env.io.err(`curl: (7) Failed to connect to ${url.host} port ${url.port} after 0 ms: Couldn't connect to server\n`);
    return { status: 7, ms: 1 };
  }
  if (a.kind === 'timeout') {
    const ms = (maxTimeS ?? 300) * 1000;
    code(0);
    if (errs) env.io.err(`curl: (28) ${maxTimeS !== undefined ? `Operation timed out after ${ms} milliseconds with 0 bytes received` : `Failed to connect to ${url.host} port ${url.port} after ${ms} ms: Timeout was reached`}\n`);
    return { status: 28, ms };
  }
  if (fail && a.status >= 400) {
    code(a.status);
    if (errs) env.io.err(`curl: (22) The requested URL returned error: ${a.status}\n`);
    return { status: 22, ms: 5 };
  }
  const body = head ? `HTTP/1.1 ${a.status} ${reasonPhrase(a.status)}\r\nContent-Type: ${a.contentType ?? 'text/plain'}\r\nContent-Length: ${a.body.length}\r\n\r\n` : a.body;
  if (!silent) {
    const n = String(body.length).padStart(5);
    env.io.err(`  % Total    % Received % Xferd  Average Speed   Time    Time     Time  Current\n                                 Dload  Upload   Total   Spent    Left  Speed\n100 ${n}  100 ${n}    0     0   600k      0 --:--:-- --:--:-- --:--:--  600k\n`);
  }
  if (outFile !== undefined) writeFile(env.fs, env.base, normalizePath(outFile, env.cwd), body, false);
  else env.io.out(body);
  code(a.status);
  return { status: 0, ms: 5 + Math.min(2000, a.body.length / 50) };
};

/** BusyBox's nslookup waits this long for its server (G.default_timeout, 5 s) before giving up. */
const NSLOOKUP_TIMEOUT_MS = 5_000;

/**
 * BusyBox nslookup. 1.28 and older resolve through libc (the search list under ndots) and print
 * the old format; the applet rewritten in 1.29 sends its own A and AAAA queries to the resolv.conf
 * nameserver, trying the search domains only for a name without a dot, and prints each reply
 * (all on stdout). Any NXDOMAIN among them makes it exit 1, even when another search domain
 * answered — so `nslookup myservice` exits 1 in a Pod while `nslookup myservice.default.svc.cluster.local` exits 0.
 */
const nslookup: NetTool = (args, env, net) => {
  const name = args.find((a) => !a.startsWith('-')) ?? '';
  const [major = 0, minor = 0] = env.version.split('.').map((x) => Number.parseInt(x, 10));
  if (name === '') {
    env.io.err('BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: nslookup [-type=QUERY_TYPE] [-debug] HOST [DNS_SERVER]\n\nQuery DNS about HOST\n\nQUERY_TYPE: soa,ns,a,aaaa,cname,mx,txt,ptr,srv,any\n');
    return { status: 1 };
  }
  if (env.flavour === 'busybox' && major === 1 && minor <= 28) return nslookupLibc(name, env, net);
  if (/^\d+\.\d+\.\d+\.\d+$/.test(name)) return nslookupPtr(name, env, net);
  const names = name.includes('.') ? [name] : net.search.map((s) => `${name}.${s}`);
  const replies = net.query(names);
  if (!replies) {
    env.io.out(';; connection timed out; no servers could be reached\n\n');
    return { status: 1, ms: NSLOOKUP_TIMEOUT_MS };
  }
  let out = `Server:\t\t${net.nameserver}\nAddress:\t${net.nameserver}:53\n\n`;
  let failed = false;
  // The A queries go out first, then the AAAA ones; CoreDNS answers them in that order. Cluster
  // names have no AAAA records: an existing name's AAAA reply is empty (NODATA), a blank line.
  for (const aaaa of [false, true]) {
    replies.forEach((r, i) => {
      if (r.rcode === 'NXDOMAIN') {
        out += `** server can't find ${names[i]}: NXDOMAIN\n\n`;
        failed = true;
        return;
      }
      if (!r.authoritative) out += 'Non-authoritative answer:\n';
      if (!aaaa) for (const ip of r.ips) out += `Name:\t${names[i]!.replace(/\.$/, '')}\nAddress: ${ip}\n`;
      out += '\n';
    });
  }
  env.io.out(out);
  return { status: failed ? 1 : 0, ms: 5 };
};

/** An address asked about: one PTR query for its in-addr.arpa name. */
function nslookupPtr(ip: string, env: ToolEnv, net: Net): ToolResult {
  const arpa = `${ip.split('.').reverse().join('.')}.in-addr.arpa`;
  const rev = net.reverse(ip);
  if (rev === undefined) {
    env.io.out(';; connection timed out; no servers could be reached\n\n');
    return { status: 1, ms: NSLOOKUP_TIMEOUT_MS };
  }
  const head = `Server:\t\t${net.nameserver}\nAddress:\t${net.nameserver}:53\n\n`;
  if (rev === null) {
    env.io.out(`${head}** server can't find ${arpa}: NXDOMAIN\n\n`);
    return { status: 1, ms: 5 };
  }
  env.io.out(`${head}${arpa}\tname = ${rev}\n\n`);
  return { status: 0, ms: 5 };
}

/** BusyBox 1.28's nslookup: getaddrinfo for the server's name (a PTR) and for the name asked. */
function nslookupLibc(name: string, env: ToolEnv, net: Net): ToolResult {
  let ms = 0;
  const server = net.reverse(net.nameserver);
  if (server === undefined) ms += LIBC_DNS_TIMEOUT_MS;
  env.io.out(`Server:    ${net.nameserver}\nAddress 1: ${net.nameserver}${server ? ` ${server}` : ''}\n\n`);
  const r = net.lookup(name);
  ms += r.ms;
  if (r.kind !== 'found') {
    env.io.err(`nslookup: can't resolve '${name}'\n`);
    return { status: 1, ms: Math.max(ms, 10) };
  }
  const lines = r.ips.map((ip, i) => {
    const rev = net.reverse(ip);
    return `Address ${i + 1}: ${ip}${rev ? ` ${rev}` : ''}\n`;
  });
  env.io.out(`Name:      ${name}\n${lines.join('')}`);
  return { status: 0, ms: Math.max(ms, 5) };
}

const NET_TOOLS: ReadonlyMap<string, NetTool> = new Map([
  ['wget', wget],
  ['curl', curl],
  ['nslookup', nslookup],
]);

/** Binds a network to the tools so the interpreter can treat them like any other Tool. */
export function netTool(name: string, net: Net): Tool | undefined {
  const t = NET_TOOLS.get(name);
  return t ? (args, env) => t(args, env, net) : undefined;
}
