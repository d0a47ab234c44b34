/**
 * BusyBox nc and telnet: a TCP connection from inside the container, and what comes back on it.
 * Where the connection lands is the `Net`'s (container-net.ts: the container's own ports, the
 * cluster through kube-proxy's rules and NetworkPolicy). The busybox image and Alpine build nc
 * with CONFIG_NC_110_COMPAT (networking/nc_bloaty.c, nc 1.10's options and messages);
 * recorded from BusyBox 1.36.1 built with that config (`-zv` open/refused/timed out, `-vv`,
 * bad address, bad port, a piped HTTP request) and from its telnet (networking/telnet.c).
 *
 * A connection carries bytes, and the cluster's apps answer requests: what nc sends is read as
 * an HTTP request (`printf 'GET / HTTP/1.0\r\n\r\n' | nc web 80`) and the raw response printed.
 * Approximate: anything else on stdin is sent to a server that says nothing back (a real nginx
 * would answer 400), and UDP (`-u`) has no handshake to fail, so it reports open.
 */
import type { Net } from './net-tools';
import type { ToolEnv, ToolResult } from './tools';
import { libcGetopt } from './tool-types';
import type { HttpRequest } from './types';
import { headBlock } from './http-wire';
import { getopt, getopt32, messageOf } from '../../k8s/getopt';

const BANNER = 'BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\n';
const NC_USAGE = `${BANNER}Usage: nc [OPTIONS] HOST PORT  - connect\nnc [OPTIONS] -l -p PORT [HOST] [PORT]  - listen\n\n\t-e PROG\tRun PROG after connect (must be last)\n\t-l\tListen mode, for inbound connects\n\t-lk\tWith -e, provides persistent server\n\t-p PORT\tLocal port\n\t-s ADDR\tLocal address\n\t-w SEC\tTimeout for connects and final net reads\n\t-i SEC\tDelay interval for lines sent\n\t-n\tDon't do DNS resolution\n\t-u\tUDP mode\n\t-b\tAllow broadcasts\n\t-v\tVerbose\n\t-o FILE\tHex dump traffic\n\t-z\tZero-I/O mode (scanning)\n`;
const TELNET_USAGE = `${BANNER}Usage: telnet [-a] [-l USER] HOST [PORT]\n\nConnect to telnet server\n\n\t-a\tAutomatic login with $USER variable\n\t-l USER\tAutomatic login as USER\n`;

/** Linux gives up on an unanswered SYN after tcp_syn_retries (6) retransmissions: 1+2+…+64 s. */
export const SYN_TIMEOUT_MS = 127_000;
/**
 * How long a server keeps an idle HTTP/1.1 connection: nginx's `keepalive_timeout 65` (the
 * image's nginx.conf). Approximate for other servers (a Go net/http server without an
 * IdleTimeout never closes one).
 */
const KEEPALIVE_MS = 65_000;
/** What one exchange inside the cluster costs (simulated). */
const RTT_MS = 1;

/** bb_lookup_port: a number in 0…65535 (the images have no /etc/services to name one). */
function port(text: string | undefined): number | undefined {
  if (text === undefined) return 0;
  return /^\d+$/.test(text) && Number(text) <= 65535 ? Number(text) : undefined;
}

/** The request an HTTP client would have written, read back from the bytes nc sends. */
export function parseRequest(bytes: string): (HttpRequest & { closes: boolean; version: string }) | undefined {
  const end = bytes.search(/\r?\n\r?\n/);
  if (end < 0) return undefined;
  const lines = bytes.slice(0, end).split(/\r?\n/);
  const m = /^([A-Z]+) (\S+) (HTTP\/1\.[01])$/.exec(lines[0] ?? '');
  if (!m) return undefined;
  const headers = lines.slice(1).map((l): [string, string] => {
    const i = l.indexOf(':');
    return i < 0 ? [l, ''] : [l.slice(0, i), l.slice(i + 1).trim()];
  });
  const conn = headers.find(([k]) => k.toLowerCase() === 'connection')?.[1].toLowerCase();
  // HTTP/1.0 closes after the response unless asked to keep alive; HTTP/1.1 keeps it unless told to close.
  const closes = m[3] === 'HTTP/1.0' ? conn !== 'keep-alive' : conn === 'close';
  const body = bytes.slice(end).replace(/^\r?\n\r?\n/, '');
  return { method: m[1]!, path: m[2]!, headers, ...(body ? { body } : {}), closes, version: m[3]! };
}

interface NcOptions {
  zero: boolean;
  verbose: number;
  waitS: number;
  udp: boolean;
  listen: boolean;
  args: string[];
}

/**
 * getopt32("np:s:ubvw:+lki:o:z") over glibc: flags cluster, a value may follow in the same word,
 * options may follow the host. A word `-e` ends them first (nc_bloaty's scan before getopt): what
 * follows is the program to run, not modelled.
 */
function ncOptions(argv: string[], env: ToolEnv): NcOptions | { status: number } {
  const o: NcOptions = { zero: false, verbose: 0, waitS: 0, udp: false, listen: false, args: [] };
  const e = argv.indexOf('-e');
  const walked = getopt(e < 0 ? argv : argv.slice(0, e), getopt32('np:s:ubvw:lki:o:z'), ({ key, value }): { status: number } | undefined => {
    if (key === 'w') {
      if (!/^\d+$/.test(value!)) {
        env.io.err(`nc: invalid number '${value!}'\n`);
        return { status: 1 };
      }
      o.waitS = Number(value);
    } else if (key === 'z') o.zero = true;
    else if (key === 'v') o.verbose++;
    else if (key === 'u') o.udp = true;
    else if (key === 'l' || key === 'k') o.listen = true;
    return undefined;
  });
  if (walked.k === 'error') {
    env.io.err(`nc: ${messageOf(libcGetopt(env), walked.error)}\n${NC_USAGE}`);
    return { status: 1 };
  }
  if (walked.k === 'stopped') return walked.value;
  o.args = walked.operands;
  if (o.args.length > 2) {
    env.io.err(NC_USAGE);
    return { status: 1 };
  }
  return o;
}

/** BusyBox nc (nc_bloaty.c): connect, report per -v, then shovel stdin out and the reply back. */
export function nc(argv: string[], env: ToolEnv, net: Net): ToolResult {
  const o = ncOptions(argv, env);
  if ('status' in o) return o;
  // Listen mode waits for a connection, and nothing in the cluster dials a container's nc.
  if (o.listen) return { status: 0, block: true };
  const [host, portText] = o.args;
  if (host === undefined) {
    env.io.err(NC_USAGE);
    return { status: 1 };
  }
  const p = port(portText);
  if (p === undefined) {
    env.io.err(`nc: bad port '${portText}'\n`);
    return { status: 1 };
  }
  const r = net.lookup(host);
  if (r.kind !== 'found') {
    env.io.err(`nc: bad address '${host}'\n`);
    return { status: 1, ms: r.ms };
  }
  const ip = r.ips[0]!;
  let ms = r.ms;
  const dotted = `${ip}:${p}`;
  const stats = (sent: number, rcvd: number): void => {
    if (o.verbose > 1) env.io.err(`sent ${sent}, rcvd ${rcvd}\n`);
  };
  const failed = (why: 'refused' | 'timeout'): ToolResult => {
    ms += why === 'timeout' ? (o.waitS > 0 ? o.waitS * 1000 : SYN_TIMEOUT_MS) : RTT_MS;
    env.io.at?.(ms);
    // "if we're scanning at a 'one -v' verbosity level, don't print refusals."
    if (o.verbose > 1 || (o.verbose > 0 && why === 'timeout')) env.io.err(`nc: ${host} (${dotted}): ${why === 'refused' ? 'Connection refused' : 'Connection timed out'}\n`);
    stats(0, 0);
    return { status: 1, ms };
  };
  const opened = (): void => {
    ms += RTT_MS;
    env.io.at?.(ms);
    if (o.verbose > 0) env.io.err(`${host} (${dotted}) open\n`);
  };
  const stdin = env.io.stdin;
  const req = o.zero || o.udp ? undefined : parseRequest(stdin);
  if (!req) {
    const state = o.udp ? 'open' : (net.connect?.(ip, p) ?? 'refused');
    if (state !== 'open') return failed(state);
    opened();
    if (o.udp && o.zero) ms += o.waitS * 1000;
    // Its stdin sent and shut down, the server (which heard no request) closes its end.
    stats(o.zero ? 0 : stdin.length, 0);
    return { status: 0, ms };
  }
  const a = net.fetch(ip, p, req);
  switch (a.kind) {
    case 'unresolved':
    case 'refused':
      return failed('refused');
    case 'timeout':
      if (!a.connected) return failed('timeout');
      opened();
      // Connected and never answered: nc waits for the reply for as long as -w allows, twice.
      if (o.waitS === 0) return { status: 0, block: true };
      ms += 2 * o.waitS * 1000;
      stats(stdin.length, 0);
      return { status: 0, ms };
    case 'tls-failed':
      throw new Error('nc sends no TLS handshake');
    case 'empty':
      opened();
      stats(stdin.length, 0);
      return { status: 0, ms };
    case 'reply': {
      opened();
      const text = headBlock(a.status, a.head, [['Content-Type', a.contentType ?? 'text/plain'], ['Content-Length', String(a.body.length)]]) + (req.method === 'HEAD' ? '' : a.body);
      ms += RTT_MS;
      env.io.at?.(ms);
      env.io.out(text);
      if (!req.closes) {
        // The server keeps the connection for the next request: nc reads on until -w runs out
        // twice (readwrite's netretry), or until the server closes the idle connection.
        ms += o.waitS > 0 ? Math.min(2 * o.waitS * 1000, KEEPALIVE_MS) : KEEPALIVE_MS;
        env.io.at?.(ms);
      }
      stats(stdin.length, text.length);
      return { status: 0, ms };
    }
    default: {
      const never: never = a;
      return never;
    }
  }
}

/**
 * BusyBox telnet. It prints `Connected to HOST` with printf, so on a pipe it comes out at exit,
 * after anything written straight to the fd. Its stdin's EOF ends it at once (doexit(0)): piped
 * input is sent and telnet has quit before the reply comes back — what a terminal shows as just
 * `Connected to web`. On a terminal it stays until the remote closes (not modelled: it waits).
 */
export function telnet(argv: string[], env: ToolEnv, net: Net): ToolResult {
  const args: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '-l') i++;
    else if (a !== '-a') args.push(a);
  }
  const [host, portText] = args;
  if (host === undefined || args.length > 2) {
    env.io.err(TELNET_USAGE);
    return { status: 1 };
  }
  const p = portText === undefined ? 23 : port(portText);
  if (p === undefined) {
    env.io.err(`telnet: bad port '${portText}'\n`);
    return { status: 1 };
  }
  const r = net.lookup(host);
  if (r.kind !== 'found') {
    env.io.err(`telnet: bad address '${host}'\n`);
    return { status: 1, ms: r.ms };
  }
  const ip = r.ips[0]!;
  const req = env.io.terminal ? undefined : parseRequest(env.io.stdin);
  const state = req ? fetchState(net, ip, p, req) : (net.connect?.(ip, p) ?? 'refused');
  if (state !== 'open') {
    const ms = r.ms + (state === 'timeout' ? SYN_TIMEOUT_MS : RTT_MS);
    env.io.at?.(ms);
    env.io.err(`telnet: can't connect to remote host (${ip}): ${state === 'refused' ? 'Connection refused' : 'Connection timed out'}\n`);
    return { status: 1, ms };
  }
  env.io.out(`Connected to ${host}\n`);
  if (env.io.terminal) return { status: 0, block: true };
  return { status: 0, ms: r.ms + 2 * RTT_MS };
}

/** Whether a connection that then carried `req` was accepted (the server does see the request). */
function fetchState(net: Net, ip: string, p: number, req: HttpRequest): 'open' | 'refused' | 'timeout' {
  const a = net.fetch(ip, p, req);
  if (a.kind === 'refused' || a.kind === 'unresolved') return 'refused';
  if (a.kind === 'timeout') return a.connected ? 'open' : 'timeout';
  return 'open';
}

/** /etc/services names nc resolves and prints (`[tcp/http]`); others print `*`. Only the well-known ports below 1024. */
const SERVICES: Readonly<Record<string, number>> = { ssh: 22, telnet: 23, smtp: 25, domain: 53, http: 80, https: 443 };

/**
 * netcat-openbsd (netshoot and agnhost install it over BusyBox's nc), recorded from Debian's
 * 1.219: `-zv` open (`Connection to HOST PORT port [tcp/http] succeeded!`, with `(IP)` after a
 * name), refused and `-w` timed out (only with -v), a name that does not resolve (always; musl's
 * text, as the images are Alpine), a missing or invalid port, a piped HTTP request. Without -N
 * it keeps reading after stdin's end until the server closes or -w finds the line idle. A
 * ZooKeeper server answers a four-letter word on its client port (zookeeper-server.ts).
 */
export function ncOpenbsd(argv: string[], env: ToolEnv, net: Net): ToolResult {
  let zero = false;
  let verbose = false;
  let udp = false;
  let waitS = 0;
  const args: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('-') || a === '-') {
      args.push(a);
      continue;
    }
    for (let j = 1; j < a.length; j++) {
      const c = a[j]!;
      if ('IiMmOPpqsTVWwXx'.includes(c)) {
        const v = j + 1 < a.length ? a.slice(j + 1) : argv[++i];
        if (c === 'w') waitS = Number(v) || 0;
        break;
      }
      if (c === 'z') zero = true;
      else if (c === 'v') verbose = true;
      else if (c === 'u') udp = true;
      else if (c === 'l' || c === 'k') return { status: 0, block: true };
    }
  }
  const [host, portText] = args;
  if (host === undefined || portText === undefined) {
    env.io.err(host === undefined ? 'usage: nc [-46CDdFhklNnrStUuvZz] [-I length] [-i interval] [-M ttl]\n\t  [-m minttl] [-O length] [-P proxy_username] [-p source_port]\n\t  [-q seconds] [-s sourceaddr] [-T keyword] [-V rtable] [-W recvlimit]\n\t  [-w timeout] [-X proxy_protocol] [-x proxy_address[:port]]\n\t  [destination] [port]\n' : 'nc: missing port number\n');
    return { status: 1 };
  }
  const p = /^\d+$/.test(portText) && Number(portText) <= 65535 ? Number(portText) : SERVICES[portText];
  if (p === undefined) {
    env.io.err(`nc: port number invalid: ${portText}\n`);
    return { status: 1 };
  }
  const r = net.lookup(host);
  if (r.kind !== 'found') {
    env.io.err(`nc: getaddrinfo for host "${host}" port ${p}: Name does not resolve\n`);
    return { status: 1, ms: r.ms };
  }
  const ip = r.ips[0]!;
  let ms = r.ms;
  const proto = udp ? 'udp' : 'tcp';
  const failed = (why: 'refused' | 'timeout'): ToolResult => {
    ms += why === 'refused' ? RTT_MS : waitS > 0 ? waitS * 1000 : SYN_TIMEOUT_MS;
    env.io.at?.(ms);
    if (verbose) {
      const text = why === 'refused' ? 'failed: Connection refused' : waitS > 0 ? 'timed out: Operation now in progress' : 'failed: Connection timed out';
      env.io.err(`nc: connect to ${host}${host === ip ? '' : ` (${ip})`} port ${p} (${proto}) ${text}\n`);
    }
    return { status: 1, ms };
  };
  const opened = (): void => {
    ms += RTT_MS;
    env.io.at?.(ms);
    const name = Object.entries(SERVICES).find(([, n]) => n === p)?.[0] ?? '*';
    if (verbose) env.io.err(`Connection to ${host}${host === ip ? '' : ` (${ip})`} ${p} port [${proto}/${name}] succeeded!\n`);
  };
  const req = zero || udp ? undefined : parseRequest(env.io.stdin);
  // A ZooKeeper four-letter word (`echo ruok | nc 127.0.0.1 2181`, zookeeper-ready): the server
  // answers it and closes the connection, which ends nc.
  const word = zero || udp ? null : /^([a-z]{4})\n?$/.exec(env.io.stdin);
  const zk = word && net.zk ? net.zk(ip, p, { kind: '4lw', word: word[1]!, from: ip.startsWith('127.') ? '127.0.0.1' : (net.source?.(ip) ?? ip) }) : undefined;
  if (zk?.kind === 'text') {
    opened();
    env.io.out(zk.text);
    return { status: 0, ms: ms + RTT_MS };
  }
  if (!req) {
    const state = udp ? 'open' : (net.connect?.(ip, p) ?? 'refused');
    if (state !== 'open') return failed(state);
    opened();
    return { status: 0, ms };
  }
  const a = net.fetch(ip, p, req);
  if (a.kind === 'unresolved' || a.kind === 'refused') return failed('refused');
  if (a.kind === 'timeout' && !a.connected) return failed('timeout');
  opened();
  if (a.kind === 'reply') {
    ms += RTT_MS;
    env.io.at?.(ms);
    env.io.out(headBlock(a.status, a.head, [['Content-Type', a.contentType ?? 'text/plain'], ['Content-Length', String(a.body.length)]]) + (req.method === 'HEAD' ? '' : a.body));
  }
  // The server keeps the connection (or never answers): -w ends an idle one, the server's
  // keep-alive timeout a kept one; a server that never answers holds it until interrupted.
  if (a.kind === 'reply' && req.closes) return { status: 0, ms };
  if (a.kind === 'empty') return { status: 0, ms };
  if (waitS > 0) return { status: 0, ms: ms + Math.min(waitS * 1000, KEEPALIVE_MS) };
  return a.kind === 'reply' ? { status: 0, ms: ms + KEEPALIVE_MS } : { status: 0, block: true };
}
