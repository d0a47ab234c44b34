/**
 * curl as a learner uses it in a Pod: body to stdout, progress meter on stderr unless `-s`,
 * `-S` errors back, `-f` fails on HTTP errors, `-i`/`-I` the response head (`-I`/`--head` sends a
 * HEAD), `-X`, `-H`, `-A`, `-d` (a POST with Content-Length and a form Content-Type),
 * `-o`, `-O` (the URL's file name), `-L` (follow a redirect's Location, at most 50 times:
 * --max-redirs' default), `-w '%{http_code}'`, `-m`, `-v` (curl-verbose.ts), `-V`/`--version`.
 * Which curl it is — its version, User-Agent and `--version` text — is the image's
 * (curl-builds.ts; the laptop's is curlimages/curl:latest's). For `https://` it verifies the
 * server as OpenSSL does (`-k` skips that, `--cacert FILE` trusts that bundle instead of the
 * system store), offers h2, and presents `--cert FILE` (`--key FILE`) as its client certificate.
 * `-m` bounds the whole transfer, `--connect-timeout` the connection alone.
 * Approximate: the progress meter is printed whenever `-s` is not given and the body does not
 * go to the terminal (isatty(1): an attached shell's line without `>`/`|`), only on success; its speeds are fixed; TLS
 * error texts are 8.17.0's whichever curl runs.
 */
import { normalizePath, stat, writeFile } from './fs';
import { headBlock, parseUrl, splitHeader } from './http-wire';
import type { Net, NetAnswer, NetTool } from './net-tools';
import type { HttpRequest, TlsFailure } from './types';
import { DEFAULT_CURL, type CurlBuild } from './curl-builds';
import { stdoutIsTty } from './tool-types';
import { verboseClosed, verboseConnect, verboseDone, verboseRefused, verboseRequest, verboseResponse } from './curl-verbose';

/** The statuses -L follows (curl follows any 3xx with a Location; these are the ones servers send). */
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** --max-redirs' default. */
const MAX_REDIRS = 50;

const OPENSSL = 'OpenSSL/3.5.4';

/** CURL_CA_CERT_ERRORMSG (tool_operate.c): printed after a (60) error line. */
const CA_CERT_HELP = 'More details here: https://curl.se/docs/sslcerts.html\n\ncurl failed to verify the legitimacy of the server and therefore could not\nestablish a secure connection to it. To learn more about this situation and\nhow to fix it, please visit the webpage mentioned above.\n';

interface Options {
  silent: boolean;
  showErrors: boolean;
  fail: boolean;
  head: boolean;
  include: boolean;
  insecure: boolean;
  http1: boolean;
  location: boolean;
  remoteName: boolean;
  verbose: boolean;
  version: boolean;
  userAgent?: string;
  cacert?: string;
  cert?: string;
  key?: string;
  method?: string;
  data?: string;
  headers: [string, string][];
  outFile?: string;
  writeOut?: string;
  maxTimeS?: number;
  connectTimeoutS?: number;
  url?: string;
}

/** Short options that take a value (the rest of the word, or the next word). */
const SHORT_VALUE = new Set(['o', 'w', 'H', 'X', 'd', 'm', 'A', 'u', 'x', 'e', 'E', 'b', 'c', 'T', 'F']);

function parse(args: string[]): Options {
  const o: Options = { silent: false, showErrors: false, fail: false, head: false, include: false, insecure: false, http1: false, location: false, remoteName: false, verbose: false, version: false, headers: [] };
  const set = (opt: string, v: string | undefined): void => {
    switch (opt) {
      case 'o':
      case '--output':
        o.outFile = v;
        break;
      case 'w':
      case '--write-out':
        o.writeOut = v;
        break;
      case 'H':
      case '--header':
        if (v !== undefined) o.headers.push(splitHeader(v));
        break;
      case 'X':
      case '--request':
        o.method = v;
        break;
      case 'd':
      case '--data':
      case '--data-raw':
      case '--data-binary':
        o.data = o.data === undefined ? v : `${o.data}&${v ?? ''}`;
        break;
      case 'm':
      case '--max-time':
        o.maxTimeS = Number(v) || undefined;
        break;
      case '--connect-timeout':
        o.connectTimeoutS = Number(v) || undefined;
        break;
      case 'A':
      case '--user-agent':
        o.userAgent = v;
        break;
      case '--cacert':
        o.cacert = v;
        break;
      case 'E':
      case '--cert':
        o.cert = v;
        break;
      case '--key':
        o.key = v;
        break;
    }
  };
  const LONG_VALUE = new Set(['--output', '--write-out', '--header', '--request', '--data', '--data-raw', '--data-binary', '--max-time', '--connect-timeout', '--user-agent', '--cacert', '--cert', '--key', '--user', '--proxy', '--referer', '--cookie']);
  const FLAGS: Record<string, keyof Options> = { s: 'silent', S: 'showErrors', f: 'fail', I: 'head', i: 'include', k: 'insecure', L: 'location', O: 'remoteName', v: 'verbose', V: 'version' };
  const LONG_FLAGS: Record<string, keyof Options> = { '--silent': 'silent', '--show-error': 'showErrors', '--fail': 'fail', '--head': 'head', '--include': 'include', '--insecure': 'insecure', '--http1.1': 'http1', '--location': 'location', '--remote-name': 'remoteName', '--verbose': 'verbose', '--version': 'version' };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (LONG_VALUE.has(a)) set(a, args[++i]);
    else if (a in LONG_FLAGS) (o[LONG_FLAGS[a]!] as boolean) = true;
    else if (/^-[a-zA-Z0-9#:]+$/.test(a)) {
      for (let j = 1; j < a.length; j++) {
        const c = a[j]!;
        if (SHORT_VALUE.has(c)) {
          set(c, j + 1 < a.length ? a.slice(j + 1) : args[++i]);
          break;
        }
        const flag = FLAGS[c];
        if (flag) (o[flag] as boolean) = true;
      }
    } else if (!a.startsWith('-') && o.url === undefined) o.url = a;
  }
  return o;
}

/** curl 8.5 and later resolve `localhost` themselves, ::1 first (hostip.c get_localhost). */
function localhost6(build: CurlBuild, host: string): boolean {
  const [major = 0, minor = 0] = build.version.split('.').map((x) => Number.parseInt(x, 10));
  return (major > 8 || (major === 8 && minor >= 5)) && (host.toLowerCase() === 'localhost' || host.toLowerCase().endsWith('.localhost'));
}

/** The method curl infers: HEAD for -I, POST for -d, else GET. */
function inferred(o: Options): string {
  return o.head ? 'HEAD' : o.data !== undefined ? 'POST' : 'GET';
}

/**
 * The request curl sends (lib/http.c's order): Host (with the port when it is not the scheme's),
 * User-Agent (`-A`, else `curl/<version>`) and Accept, the user's `-H` headers (one naming a
 * default replaces it; an empty value removes it), then for `-d` Content-Length and, unless `-H`
 * gave one, Content-Type. Recorded with curl 7.88.1: `curl -d 'a=1&b=2' URL` sends
 * `Content-Length: 7` then `Content-Type: application/x-www-form-urlencoded`.
 */
function request(o: Options, url: { host: string; port: number; scheme: string; path: string }, build: CurlBuild): HttpRequest {
  const given = new Set(o.headers.map(([k]) => k.toLowerCase()));
  const standard = url.scheme === 'https' ? 443 : 80;
  const defaults: [string, string][] = [
    ['Host', url.port === standard ? url.host : `${url.host}:${url.port}`],
    ['User-Agent', o.userAgent ?? `curl/${build.version}`],
    ['Accept', '*/*'],
  ];
  const content: [string, string][] = [];
  if (o.data !== undefined) {
    content.push(['Content-Length', String(o.data.length)]);
    if (!given.has('content-type')) content.push(['Content-Type', 'application/x-www-form-urlencoded']);
  }
  const headers = [...defaults.filter(([k]) => !given.has(k.toLowerCase())), ...o.headers.filter(([, v]) => v !== ''), ...content];
  const v6 = localhost6(build, url.host);
  return { method: o.method ?? inferred(o), path: url.path, headers, ...(o.data !== undefined ? { body: o.data } : {}), ...(v6 ? { loopbackIpv6: true as const } : {}) };
}

/**
 * curl 8.17.0's words for a handshake it gave up on (lib/vtls/openssl.c at tag curl-8_17_0): it
 * handshakes without verifying, then checks the name (ossl_verifyhost) before the chain
 * (ossl_check_peer: `SSL certificate OpenSSL verify result: %s (%ld)`, X509_verify_cert_error_string
 * and its code); an SSL_connect error is `TLS connect error: ` and ossl_strerror, which starts
 * with the OpenSSL version since 8.12. (The 7.88.1 on this machine says `SSL certificate problem:
 * …` and `target host name`: the lines 8.17's Apple SecTrust rework changed.)
 */
function tlsError(host: string, f: TlsFailure): { code: number; message: string } {
  switch (f.kind) {
    case 'not-tls':
      return { code: 35, message: `TLS connect error: ${OPENSSL}: error:0A00010B:SSL routines::wrong version number` };
    case 'unknown-issuer':
      return { code: 60, message: 'SSL certificate OpenSSL verify result: unable to get local issuer certificate (20)' };
    case 'self-signed-in-chain':
      return { code: 60, message: 'SSL certificate OpenSSL verify result: self-signed certificate in certificate chain (19)' };
    case 'name-mismatch':
      return { code: 60, message: `SSL: no alternative certificate subject name matches target ${f.ipv4 ? 'ipv4 address' : 'hostname'} '${host}'` };
    default: {
      const never: never = f;
      return never;
    }
  }
}

const PEM_HINT = '(no key found, wrong pass phrase, or wrong file format?)';

/**
 * What OpenSSL refuses while curl sets up the handshake: a CA bundle with no certificate (77), a
 * client certificate or its key (`--key`, else the `--cert` file) that is missing or no PEM (58).
 * Recorded with curl 7.88.1 / OpenSSL 3.0: `--cert nope.crt` → `could not load PEM client
 * certificate from nope.crt, OpenSSL error error:80000002:system library::No such file or
 * directory, (no key found, …)`, a file with no PEM block → `error:0480006C:PEM routines::no
 * start line`, `--cert cli.crt` alone → `unable to set private key file: 'cli.crt' type PEM`.
 * 8.17.0 words two of them its own way (lib/vtls/openssl.c at curl-8_17_0): ossl_strerror puts
 * the OpenSSL version before the error, and a CA file that loads nothing is `error adding trust
 * anchors from file: FILE` (7.88.1: `error setting certificate file: FILE`).
 * Approximate: a key that does not match its certificate is not noticed.
 */
function tlsSetupError(o: Options, read: (path: string) => string | undefined): { code: number; message: string } | undefined {
  if (o.cacert !== undefined && !read(o.cacert)?.includes('-----BEGIN CERTIFICATE-----')) return { code: 77, message: `error adding trust anchors from file: ${o.cacert}` };
  if (o.cert === undefined) return undefined;
  const cert = read(o.cert);
  if (cert === undefined) return { code: 58, message: `could not load PEM client certificate from ${o.cert}, OpenSSL error ${OPENSSL}: error:80000002:system library::No such file or directory, ${PEM_HINT}` };
  if (!cert.includes('-----BEGIN CERTIFICATE-----')) return { code: 58, message: `could not load PEM client certificate from ${o.cert}, OpenSSL error ${OPENSSL}: error:0480006C:PEM routines::no start line, ${PEM_HINT}` };
  const keyFile = o.key ?? o.cert;
  if (!/-----BEGIN (?:RSA |EC )?PRIVATE KEY-----/.test(read(keyFile) ?? '')) return { code: 58, message: `unable to set private key file: '${keyFile}' type PEM` };
  return undefined;
}

/**
 * Linux's own give-up on a SYN nobody answers (tcp_syn_retries 6, backoff from 1 s), which
 * comes before curl's 300 s default connect timeout. Recorded: `curl -sS http://192.168.77.5/`
 * into a tun device nothing reads printed `curl: (28) Failed to connect to 192.168.77.5 port
 * 80 after 134205 ms: Couldn't connect to server` (curl 7.88.1; 8.x's connect.c has the same
 * failf, with 8.9's wording of the error: couldNotConnect).
 */
export const SYN_GIVE_UP_MS = 134_205;

/**
 * curl_easy_strerror(CURLE_COULDNT_CONNECT): `Couldn't connect to server` until 8.8, `Could not
 * connect to server` from 8.9.0 (lib/strerror.c, curl c074ba64a8 "code: language cleanup in
 * comments", 2024-07-01); trixie's 8.14.1 printed the latter here.
 */
function couldNotConnect(version: string): string {
  const [major = 0, minor = 0] = version.split('.').map((x) => Number.parseInt(x, 10) || 0);
  return major > 8 || (major === 8 && minor >= 9) ? 'Could not connect to server' : "Couldn't connect to server";
}

/**
 * A SYN nobody answers (a Pod IP from outside the cluster, a dropped packet): whichever of
 * `-m`, `--connect-timeout` and the kernel ends the wait first. Recorded (curl 7.88.1; 8.x's
 * multi.c and connect.c have the same failf strings), the elapsed time one past the deadline:
 * `-m 2` → `curl: (28) Connection timed out after 2001 milliseconds`;
 * `--connect-timeout 2` → `curl: (28) Failed to connect to H port 80 after 2001 ms: Timeout was reached`.
 */
function connectTimedOut(o: Options, version: string, host: string, port: number, failWith: (status: number, message: string, ms: number) => { status: number; ms: number }): { status: number; ms: number } {
  const max = o.maxTimeS === undefined ? Infinity : o.maxTimeS * 1000;
  const connect = o.connectTimeoutS === undefined ? Infinity : o.connectTimeoutS * 1000;
  if (Math.min(max, connect) >= SYN_GIVE_UP_MS) return failWith(28, `Failed to connect to ${host} port ${port} after ${SYN_GIVE_UP_MS} ms: ${couldNotConnect(version)}`, SYN_GIVE_UP_MS);
  if (max <= connect) return failWith(28, `Connection timed out after ${max + 1} milliseconds`, max);
  return failWith(28, `Failed to connect to ${host} port ${port} after ${connect + 1} ms: Timeout was reached`, connect);
}

/** The meter's first line (tool_progress.c), printed as the transfer starts; recorded with 7.88.1. */
const METER_HEAD = '  % Total    % Received % Xferd  Average Speed   Time    Time     Time  Current\n                                 Dload  Upload   Total   Spent    Left  Speed\n';
const METER_ZERO = '  0     0    0     0    0     0      0      0 --:--:-- --:--:-- --:--:--     0';
const meterDone = (n: number): string => `100 ${String(n).padStart(5)}  100 ${String(n).padStart(5)}    0     0   600k      0 --:--:-- --:--:-- --:--:--  600k`;

export const curl: NetTool = (args, env, net) => {
  const o = parse(args);
  const build = env.curl ?? DEFAULT_CURL;
  if (o.version) {
    env.io.out(build.versionText);
    return { status: 0 };
  }
  // tool_operate.c's note, printed before the transfer while tracing and not silenced.
  const method = o.method?.toUpperCase();
  if (o.verbose && !o.silent && method !== undefined && method === inferred(o)) env.io.err(`Note: Unnecessary use of -X or --request, ${method} is already inferred.\n`);
  let url = parseUrl(o.url ?? '');
  const errs = !o.silent || o.showErrors;
  if (!url) {
    // No URL at all is a usage error; one without a host is CURLE_URL_MALFORMAT (curl 7.88/8.x wording).
    if (o.url === undefined) {
      env.io.err("curl: try 'curl --help' or 'curl --manual' for more information\n");
      return { status: 2 };
    }
    if (errs) env.io.err('curl: (3) URL using bad/illegal format or missing URL\n');
    return { status: 3 };
  }
  const code = (status: number): void => {
    if (o.writeOut !== undefined) env.io.out(o.writeOut.replace(/%\{(?:http_code|response_code)\}/g, String(status).padStart(3, '0')).replace(/\\n/g, '\n'));
  };
  const failWith = (status: number, message: string, ms: number): { status: number; ms: number } => {
    code(0);
    if (errs) env.io.err(`curl: (${status}) ${message}\n${status === 60 ? CA_CERT_HELP : ''}`);
    return { status, ms };
  };
  // -O names the file after the URL as typed (a redirect does not rename it).
  if (o.remoteName) {
    const name = url.path.replace(/[?#].*$/, '').split('/').pop() ?? '';
    if (name === '') {
      if (errs) env.io.err('curl: (23) Remote filename has no length\n');
      return { status: 23 };
    }
    o.outFile = name;
  }
  const read = (path: string): string | undefined => {
    const f = stat(env.fs, env.base, normalizePath(path, env.cwd));
    return f.kind === 'file' ? f.content : undefined;
  };
  let heads = '';
  let trace = '';
  let redirects = 0;
  let a: NetAnswer;
  for (;;) {
    const req = request(o, url, build);
    if (url.scheme === 'https') {
      // OpenSSL loads the files when it sets up the handshake: after the name resolved.
      const setupError = tlsSetupError(o, read);
      if (setupError) {
        const r = net.lookup(url.host);
        if (r.kind !== 'found') return failWith(6, `Could not resolve host: ${url.host}`, r.ms);
        return failWith(setupError.code, setupError.message, r.ms);
      }
      const caBundle = o.cacert === undefined ? undefined : read(o.cacert);
      const certificatePem = o.cert === undefined ? undefined : read(o.cert);
      req.tls = { serverName: url.host, insecure: o.insecure, ...(caBundle !== undefined ? { caBundle } : {}), ...(certificatePem !== undefined ? { certificatePem } : {}), ...(o.http1 ? {} : { h2: true }) };
    }
    a = net.fetch(url.host, url.port, req);
    if (o.verbose && a.kind === 'reply') trace += exchangeTrace(build, url, req, a, net, env.clock, stdoutIsTty(env.io));
    const location = o.location && a.kind === 'reply' && REDIRECTS.has(a.status) ? a.head?.headers.find(([k]) => k.toLowerCase() === 'location')?.[1] : undefined;
    const next = location === undefined ? undefined : parseUrl(location);
    if (a.kind !== 'reply' || !next) break;
    if (redirects === MAX_REDIRS) return failWith(47, `Maximum (${MAX_REDIRS}) redirects followed`, 5);
    redirects++;
    // -i and -I show every response's head on the way.
    if (o.include || o.head) heads += headBlock(a.status, a.head, []);
    url = next;
  }
  switch (a.kind) {
    case 'unresolved':
      return failWith(6, `Could not resolve host: ${url.host}`, a.ms);
    case 'refused': {
      // 7.47.0's connect.c words it without the time (`Failed to connect to %s port %ld: %s`).
      const message = build.version.startsWith('7.4') ? `Failed to connect to ${url.host} port ${url.port}: Connection refused` : `Failed to connect to ${url.host} port ${url.port} after 0 ms: ${couldNotConnect(build.version)}`;
      if (o.verbose) {
        const meter = !o.silent && !(stdoutIsTty(env.io) && (o.outFile === undefined || o.outFile === '-'));
        // curl resolves localhost itself: 7.88 to 127.0.0.1 then ::1 (recorded here), 8.5 on the other way round.
        const local = url.host.toLowerCase() === 'localhost' && !build.version.startsWith('7.4');
        const refusedIp = local ? (localhost6(build, url.host) ? ['::1', '127.0.0.1'] : ['127.0.0.1', '::1']) : [a.ip];
        env.io.err(`${meter ? `${METER_HEAD}\r${METER_ZERO}` : ''}${verboseRefused({ version: build.version, host: url.host, port: url.port, ip: a.ip, source: net.source?.(a.ip) ?? a.ip, at: env.clock }, refusedIp, message)}${meter ? `\r${METER_ZERO}\n` : ''}${verboseClosed(build.version)}`);
      }
      return failWith(7, message, 1);
    }
    case 'timeout': {
      if (!a.connected) return connectTimedOut(o, build.version, url.host, url.port, failWith);
      const ms = (o.maxTimeS ?? 300) * 1000;
      return failWith(28, o.maxTimeS !== undefined ? `Operation timed out after ${ms} milliseconds with 0 bytes received` : `Failed to connect to ${url.host} port ${url.port} after ${ms} ms: Timeout was reached`, ms);
    }
    case 'empty':
      // Recorded: curl 7.88.1 against a listener that closes the connection unanswered.
      return failWith(52, 'Empty reply from server', 1);
    case 'tls-failed': {
      const e = tlsError(url.host, a.failure);
      return failWith(e.code, e.message, 3);
    }
    case 'reply':
      break;
  }
  // The server's own time to answer; -m cuts a slower one short.
  const server = a.ms ?? 0;
  if (o.maxTimeS !== undefined && server >= o.maxTimeS * 1000) {
    const ms = o.maxTimeS * 1000;
    return failWith(28, `Operation timed out after ${ms} milliseconds with 0 bytes received`, ms);
  }
  if (o.fail && a.status >= 400) {
    code(a.status);
    if (o.verbose) env.io.err(trace);
    if (errs) env.io.err(`curl: (22) The requested URL returned error: ${a.status}\n`);
    return { status: 22, ms: 5 + server };
  }
  const head = o.head || o.include ? headBlock(a.status, a.head, [['Content-Type', a.contentType ?? 'text/plain'], ['Content-Length', String(a.body.length)]]) : '';
  const body = o.head ? heads + head : heads + head + a.body;
  // tool_operate.c: no meter while the body goes to the terminal (it would garble it).
  const meter = !o.silent && !(stdoutIsTty(env.io) && (o.outFile === undefined || o.outFile === '-'));
  const toFile = o.outFile !== undefined && o.outFile !== '-';
  if (o.verbose) {
    // Recorded (7.88.1, `curl -v URL 2>&1`): the meter's zero line, the trace right after it on
    // the same line, the body, the meter's last line, then the connection's fate.
    env.io.err(`${meter ? `${METER_HEAD}\r${METER_ZERO}` : ''}${trace}`);
    if (toFile) writeFile(env.fs, env.base, normalizePath(o.outFile!, env.cwd), body, false);
    else env.io.out(body);
    env.io.err(`${meter ? `\r${meterDone(body.length)}\n` : ''}${verboseDone({ version: build.version, host: url.host, port: url.port })}`);
  } else {
    if (meter) env.io.err(`${METER_HEAD}${meterDone(body.length)}\n`);
    if (toFile) writeFile(env.fs, env.base, normalizePath(o.outFile!, env.cwd), body, false);
    else env.io.out(body);
  }
  code(a.status);
  return { status: 0, ms: 5 + server + Math.min(2000, a.body.length / 50) };
};

/** One exchange's `-v` lines: connecting, the request as sent, the response head as received. */
function exchangeTrace(build: CurlBuild, url: { host: string; port: number }, req: HttpRequest, a: Extract<NetAnswer, { kind: 'reply' }>, net: Net, at: number, terminal: boolean): string {
  // A listener reached over loopback answers on ::1 too (the laptop's port-forward, a Pod's apps),
  // but one bound to 127.0.0.1 alone (a node's kubelet healthz) refuses ::1 first.
  const ip = req.loopbackIpv6 && a.ip.startsWith('127.') && !a.ipv4Only ? '::1' : a.ip;
  const x = { version: build.version, host: url.host, port: url.port, ip, source: ip === '::1' ? '::1' : (net.source?.(ip) ?? ip), at };
  const request = [`${req.method} ${req.path} HTTP/1.1`, ...req.headers.map(([k, v]) => `${k}: ${v}`)];
  const block = headBlock(a.status, a.head, [['Content-Type', a.contentType ?? 'text/plain'], ['Content-Length', String(a.body.length)]]);
  return (
    verboseConnect(x, ip === '::1' || a.ipv4Only ? ['::1', '127.0.0.1'] : [ip], a.ipv4Only ? ['::1'] : []) +
    verboseRequest({ version: build.version, request, ...(req.body !== undefined ? { sent: req.body.length } : {}), terminal }) +
    verboseResponse({ response: block.split('\r\n').slice(0, -2), received: a.body.length, terminal })
  );
}
