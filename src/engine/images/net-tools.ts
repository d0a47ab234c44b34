/**
 * wget (BusyBox), curl and nslookup as learners use them inside Pods, printing what those tools
 * print. Where a request goes is decided by the caller's `Net` (own ports on localhost/the Pod
 * IP, a few public hosts, and the cluster network when an exec supplies one); curl is curl.ts.
 */
import { normalizePath, writeFile } from './fs';
import { LIBC_DNS_TIMEOUT_MS } from './container-net';
import type { Tool, ToolEnv, ToolResult } from './tools';
import type { EchoReply, HttpHead, HttpRequest, RedisWire, TlsFailure } from './types';
import { parseUrl, reasonPhrase, splitHeader, urlAuthority } from './http-wire';
import { curl } from './curl';
import { nc, ncOpenbsd, telnet } from './tools-nc';
import { ping, pingIputils } from './tools-ping';
import { host, nslookupBind } from './tools-host';
import { dig } from './tools-dig';
import { apk } from './tools-apk';
import { aptGet } from './tools-apt';
import { getent } from './tools-getent';
import { redisCli } from './redis-cli';
import { mysqlClient } from './mysql-client';
import { ncatTool } from './ncat-clone';
import type { MysqlDial, MysqlRequest } from './mysql-wire';
import { zkCli } from './zkcli';
import type { ZkReply, ZkRequest } from './zookeeper-server';

export type NetAnswer =
  /** getaddrinfo failed (NXDOMAIN everywhere on the search list, or no DNS answer); `ms` spent resolving. */
  | { kind: 'unresolved'; ms: number }
  | { kind: 'refused'; ip: string }
  /** Nothing came back: the SYN went unanswered, or (`connected`) the server accepted and never replied. */
  | { kind: 'timeout'; ip: string; connected?: true }
  /** An `https://` handshake the client gave up on: no request was sent. */
  | { kind: 'tls-failed'; ip: string; failure: TlsFailure }
  /** The server accepted the connection and closed it without a byte (curl's (52)). */
  | { kind: 'empty'; ip: string }
  /**
   * `ms`: how long the server took to answer (its handler and the CPU the request cost).
   * `ipv4Only`: a loopback server bound to 127.0.0.1 alone: a client that tried ::1 first was refused there.
   */
  | { kind: 'reply'; ip: string; status: number; body: string; contentType?: string; head?: HttpHead; ms?: number; ipv4Only?: true };

/** One A query's reply. `authoritative`: CoreDNS's own zone (cluster.local) rather than a forwarded name. */
export type DnsReply = { rcode: 'NOERROR'; ips: string[]; authoritative: boolean } | { rcode: 'NXDOMAIN'; authoritative?: boolean };

/**
 * What came back on one UDP socket sent to a nameserver: the answer; an ICMP port unreachable
 * (kube-proxy's REJECT for kube-dns without endpoints, or an endpoint Pod with nothing on 53),
 * which a connected socket reads as ECONNREFUSED at once; or nothing at all.
 */
export type DnsExchange<T> = { kind: 'answered'; answer: T } | { kind: 'refused' } | { kind: 'timeout' };

/**
 * getaddrinfo's outcome and the simulated time it took. `again` is EAI_AGAIN: no usable answer
 * came (the nameserver never answered, or refused: glibc gives up at once, musl waits it out).
 */
export type Resolution = { kind: 'found'; fqdn: string; ips: string[]; ms: number } | { kind: 'nxdomain'; ms: number } | { kind: 'again'; ms: number };

export interface Net {
  /** resolv.conf's nameserver and search list. */
  nameserver: string;
  search: string[];
  /** One request to `host:port` (a name is resolved first). */
  fetch(host: string, port: number, req: HttpRequest): NetAnswer;
  /** getaddrinfo(3): /etc/hosts, then the search list under ndots:5. */
  lookup(name: string): Resolution;
  /** A queries sent together on one socket to the nameserver: the replies in order. */
  query(names: string[]): DnsExchange<DnsReply[]>;
  /** The same, sent to `server` by address (`dig @SERVER`, `nslookup NAME SERVER`). */
  queryAt?(server: string, names: string[]): DnsExchange<DnsReply[]>;
  /** PTR for `ip`: the name, null for NXDOMAIN. */
  reverse(ip: string): DnsExchange<string | null>;
  /**
   * A TCP handshake with `ip:port` and nothing sent (nc, telnet); with `echo`, only a container's
   * network has it (the laptop's shell runs none of the tools that use them).
   */
  connect?(ip: string, port: number): 'open' | 'refused' | 'timeout';
  /** ICMP echo `seq` to `ip`: the reply, or undefined when none comes back. */
  echo?(ip: string, seq: number): EchoReply | undefined;
  /** The local address a connection to `ip` leaves from (`curl -v` names it). */
  source?(ip: string): string;
  /** redis-cli's commands on one connection to `host:port` (a name is resolved first). */
  redis?(host: string, port: number, commands: string[][]): RedisDial;
  /** A mysql client's connection to `host:port` (a name is resolved first; `localhost` is the container's own mysqld). */
  mysql?(host: string, port: number, req: MysqlRequest): MysqlDial;
  /** One connection to a ZooKeeper server at `host:port` (zookeeper-server.ts): a four-letter word, a session, a peer's message. */
  zk?(host: string, port: number, req: ZkRequest): ZkReply;
}

/** Where redis-cli's connection got: the name did not resolve (`timeout`: no usable DNS answer, EAI_AGAIN), or what the wire brought back. */
export type RedisDial = RedisWire | { kind: 'unresolved'; ms: number; timeout?: true };

export type NetTool = (args: string[], env: ToolEnv, net: Net) => ToolResult;

const WGET_USAGE = 'BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: wget [-cqS] [--spider] [-O FILE] [-o LOGFILE] [--header STR]\n\t[--post-data STR | --post-file FILE] [-Y on/off]\n\t[--no-check-certificate] [-P DIR] [-U AGENT] [-T SEC] URL...\n';

/**
 * BusyBox wget: progress on stderr, `-O -` to stdout, `-q` quiet, `-T` timeout, `--header`,
 * `--post-data` (a POST), `-U` (User-Agent), `-S` (the server's status line and headers on
 * stderr, two blanks before each, whatever `-q` says), `--spider` (still a GET: wget.c sends
 * POST or GET only). Its TLS client checks no certificate, and says so unless told not to check.
 * The request as networking/wget.c (1_36_1, unchanged since 1_35_0) writes it: Host and
 * User-Agent unless `--header` gave them, `Connection: close`, the `--header`s, then for
 * `--post-data` Content-Type (unless given) and Content-Length. Recorded with BusyBox 1.35.
 */
/** wget.c's redir_limit. */
const WGET_REDIRECTS = 5;

const wget: NetTool = (args, env, net) => {
  let out: string | undefined;
  let quiet = false;
  let spider = false;
  let noCheck = false;
  let postData: string | undefined;
  let agent = 'Wget';
  let serverResponse = false;
  let timeoutS = 900;
  const headers: [string, string][] = [];
  const urls: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const long = (name: string): string | undefined => (a === name ? args[++i] : a.startsWith(`${name}=`) ? a.slice(name.length + 1) : undefined);
    let v: string | undefined;
    if ((v = long('--timeout')) !== undefined) timeoutS = Number(v) || timeoutS;
    else if (a === '--spider') spider = true;
    else if (a === '--no-check-certificate') noCheck = true;
    else if ((v = long('--output-document')) !== undefined) out = v;
    else if ((v = long('--header')) !== undefined) headers.push(splitHeader(v));
    else if ((v = long('--post-data')) !== undefined) postData = v;
    else if ((v = long('--user-agent')) !== undefined) agent = v;
    else if (a === '--quiet') quiet = true;
    else if (a === '--server-response') serverResponse = true;
    else if (/^-[a-zA-Z]/.test(a)) {
      for (let j = 1; j < a.length; j++) {
        const c = a[j]!;
        if (c === 'q') quiet = true;
        else if (c === 'S') serverResponse = true;
        else if (c === 'O' || c === 'T' || c === 'U') {
          const val = j + 1 < a.length ? a.slice(j + 1) : (args[++i] ?? '');
          if (c === 'O') out = val;
          else if (c === 'U') agent = val;
          else timeoutS = Number(val) || timeoutS;
          break;
        }
      }
    } else urls.push(a);
  }
  const url = parseUrl(urls[0] ?? '');
  if (!url) {
    // BusyBox 1.35/1.36: a URL with no host fails its lookup (`wget: bad address ':30489'`).
    env.io.err(urls[0] === undefined ? WGET_USAGE : `wget: bad address '${urlAuthority(urls[0])}'\n`);
    return { status: 1 };
  }
  let hop = url;
  let redirects = 0;
  let spent = 0;
  let a: NetAnswer;
  // A 30x with a Location is followed (wget.c: status 300-303, at most 5 hops): each hop
  // connects again and says so. Recorded with BusyBox 1.35: `wget http://127.0.0.1:8099/examples/app/pod.yaml`
  // through a 301 to http://localhost:8099/… printed both `Connecting to` lines, then saved pod.yaml.
  for (;;) {
    const https = hop.scheme === 'https';
    const given = new Set(headers.map(([k]) => k.toLowerCase()));
    const post: [string, string][] = postData === undefined ? [] : [...(given.has('content-type') ? [] : [['Content-Type', 'application/x-www-form-urlencoded'] as [string, string]]), ['Content-Length', String(postData.length)]];
    const req: HttpRequest = {
      method: postData !== undefined ? 'POST' : 'GET',
      path: hop.path,
      headers: [...(given.has('host') ? [] : [['Host', hop.host] as [string, string]]), ...(given.has('user-agent') ? [] : [['User-Agent', agent] as [string, string]]), ['Connection', 'close'], ...headers, ...post],
      ...(postData !== undefined ? { body: postData } : {}),
      ...(https ? { tls: { serverName: hop.host, insecure: true } } : {}),
    };
    a = net.fetch(hop.host, hop.port, req);
    if (a.kind === 'unresolved') {
      env.io.err(`wget: bad address '${hop.host}'\n`);
      return { status: 1, ms: spent + a.ms };
    }
    const defaultPort = https ? 443 : 80;
    if (!quiet) env.io.err(`Connecting to ${hop.host}${hop.port !== defaultPort ? `:${hop.port}` : ''} (${a.ip}:${hop.port})\n`);
    if (a.kind === 'refused') {
      env.io.err(`wget: can't connect to remote host (${a.ip}): Connection refused\n`);
      return { status: 1, ms: spent + 2 };
    }
    if (a.kind === 'timeout') {
      env.io.err('wget: download timed out\n');
      return { status: 1, ms: spent + timeoutS * 1000 };
    }
    // spawn_ssl_client: printed whatever -q says, once the TCP connection is up.
    if (https && !noCheck) env.io.err('wget: note: TLS certificate validation not implemented\n');
    // Only the laptop's own listeners close a connection unanswered, and the laptop has no wget.
    if (a.kind === 'empty') throw new Error('wget: an empty reply comes only from the laptop\'s listeners');
    if (a.kind === 'tls-failed') {
      // Approximate: BusyBox's TLS code dies on the plain-HTTP reply with its own record error.
      env.io.err('wget: error getting response: Connection reset by peer\n');
      return { status: 1, ms: spent + 5 };
    }
    // -S: the status line as read; the headers only when wget reads on (it stops at an error status).
    if (serverResponse) env.io.err(`  ${statusLine(a)}\n${a.status >= 400 ? '' : `${responseHeaders(a).map(([k, v]) => `  ${k}: ${v}\n`).join('')}  \n`}`);
    const location = a.status >= 300 && a.status <= 303 ? a.head?.headers.find(([k]) => k.toLowerCase() === 'location')?.[1] : undefined;
    const next = location === undefined ? undefined : parseUrl(location);
    if (!next) break;
    if (++redirects === WGET_REDIRECTS) {
      env.io.err('wget: too many redirections\n');
      return { status: 1, ms: spent + 15 };
    }
    spent += 15 + (a.ms ?? 0);
    hop = next;
  }
  // The server's own time to answer: a slower one than -T allows is a timeout.
  const server = a.ms ?? 0;
  if (server >= timeoutS * 1000) {
    env.io.err('wget: download timed out\n');
    return { status: 1, ms: spent + timeoutS * 1000 };
  }
  if (a.status >= 400) {
    env.io.err(`wget: server returned error: ${statusLine(a)}\n`);
    return { status: 1, ms: spent + 15 + server };
  }
  if (spider) {
    if (!quiet) env.io.err('remote file exists\n');
    return { status: 0, ms: spent + 15 + server };
  }
  const base = url.path.split('?')[0]!.split('/').pop() || 'index.html';
  const target = out ?? base;
  const meter = (name: string): string => `${name.slice(0, 20).padEnd(20)} 100% |${'*'.repeat(32)}| ${String(a.body.length).padStart(5)}  0:00:00 ETA\n`;
  if (target === '-') {
    // Recorded (BusyBox 1.35, `wget -O - URL`): the meter names the file `-`.
    if (!quiet) env.io.err(`writing to stdout\n${meter('-')}`);
    env.io.out(a.body);
    if (!quiet) env.io.err('written to stdout\n');
  } else {
    writeFile(env.fs, env.base, normalizePath(target, env.cwd), a.body, false);
    if (!quiet) {
      const name = target.split('/').pop() ?? target;
      env.io.err(`saving to '${target}'\n${meter(name)}'${target}' saved\n`);
    }
  }
  return { status: 0, ms: spent + 40 + server + Math.min(2000, a.body.length / 50) };
};


type Reply = Extract<NetAnswer, { kind: 'reply' }>;

/** The status line as wget reads it (it speaks HTTP/1.1 only). */
function statusLine(a: Reply): string {
  return a.head ? `${a.head.version === 'HTTP/2' ? 'HTTP/1.1' : a.head.version} ${a.status} ${a.head.reason || reasonPhrase(a.status)}` : `HTTP/1.1 ${a.status} ${reasonPhrase(a.status)}`;
}

/** The response's headers: the server's own, or what a plain app's answer amounts to. */
function responseHeaders(a: Reply): [string, string][] {
  return a.head?.headers ?? [['Content-Type', a.contentType ?? 'text/plain'], ['Content-Length', String(a.body.length)]];
}

/** BusyBox's nslookup waits this long for its server (G.default_timeout, 5 s) before giving up… */
const NSLOOKUP_TIMEOUT_MS = 5_000;
/** …sending its queries again halfway (G.default_retry 2: retry_interval = timeout / retry). */
const NSLOOKUP_RETRIES = 2;

/**
 * send_queries() (networking/nslookup.c, the same in 1_35_0 and 1_36_1) when no reply came: it
 * writes every query on one connected UDP socket, then polls. Refused, the ICMP error from the
 * node's own REJECT (or a Pod there) is on the socket before the second write, which fails:
 * `write to '<server>': Connection refused`, and it gives up at once. A single query (a PTR)
 * writes fine, its poll wakes on the error — `read: Connection refused` — and it waits out the
 * timeout, resending once halfway, where the same happens again. Unanswered, it says nothing
 * until the timeout. Recorded with BusyBox 1.35 against a closed port 53 (2 queries: 1 ms;
 * 1 query: 5 s, two `read:` lines). Approximate: a refusal from a Pod on another node comes back
 * after the later writes, which the model does not tell apart.
 */
function nslookupNoReply(env: ToolEnv, server: string, why: 'refused' | 'timeout', queries: number): ToolResult {
  const gaveUp = ';; connection timed out; no servers could be reached\n\n';
  if (why === 'refused' && queries > 1) {
    env.io.err(`nslookup: write to '${server}': Connection refused\n`);
    env.io.out(gaveUp);
    return { status: 1, ms: 1 };
  }
  if (why === 'refused') {
    for (let i = 0; i < NSLOOKUP_RETRIES; i++) {
      env.io.at?.((i * NSLOOKUP_TIMEOUT_MS) / NSLOOKUP_RETRIES);
      env.io.err('nslookup: read: Connection refused\n');
    }
  }
  env.io.at?.(NSLOOKUP_TIMEOUT_MS);
  env.io.out(gaveUp);
  return { status: 1, ms: NSLOOKUP_TIMEOUT_MS };
}

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
  const sent = net.query(names);
  // An A and an AAAA query for each name.
  if (sent.kind !== 'answered') return nslookupNoReply(env, net.nameserver, sent.kind, names.length * 2);
  const replies = sent.answer;
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
  const sent = net.reverse(ip);
  if (sent.kind !== 'answered') return nslookupNoReply(env, net.nameserver, sent.kind, 1);
  const rev = sent.answer;
  const head = `Server:\t\t${net.nameserver}\nAddress:\t${net.nameserver}:53\n\n`;
  if (rev === null) {
    env.io.out(`${head}** server can't find ${arpa}: NXDOMAIN\n\n`);
    return { status: 1, ms: 5 };
  }
  env.io.out(`${head}${arpa}\tname = ${rev}\n\n`);
  return { status: 0, ms: 5 };
}

/**
 * BusyBox 1.28's nslookup: getaddrinfo for the server's name (a PTR) and for the name asked.
 * Approximate: the image's uClibc is taken to wait out a refused PTR query as an unanswered one.
 */
function nslookupLibc(name: string, env: ToolEnv, net: Net): ToolResult {
  let ms = 0;
  const rev = net.reverse(net.nameserver);
  if (rev.kind !== 'answered') ms += LIBC_DNS_TIMEOUT_MS;
  const server = rev.kind === 'answered' ? rev.answer : null;
  env.io.out(`Server:    ${net.nameserver}\nAddress 1: ${net.nameserver}${server ? ` ${server}` : ''}\n\n`);
  const r = net.lookup(name);
  ms += r.ms;
  if (r.kind !== 'found') {
    env.io.err(`nslookup: can't resolve '${name}'\n`);
    return { status: 1, ms: Math.max(ms, 10) };
  }
  const lines = r.ips.map((ip, i) => {
    const back = net.reverse(ip);
    const ptr = back.kind === 'answered' ? back.answer : null;
    return `Address ${i + 1}: ${ip}${ptr ? ` ${ptr}` : ''}\n`;
  });
  env.io.out(`Name:      ${name}\n${lines.join('')}`);
  return { status: 0, ms: Math.max(ms, 5) };
}

/**
 * The BIND release dig's banner names. Approximate: bind-tools is whichever release the image's
 * Alpine had when it was built; the format is 9.18's (tools-dig.ts).
 */
const DIG_VERSION = '9.18.49';

const NET_TOOLS: ReadonlyMap<string, NetTool> = new Map<string, NetTool>([
  ['wget', wget],
  ['curl', curl],
  ['nslookup', nslookup],
  ['nc', nc],
  ['ping', ping],
  ['telnet', telnet],
  ['dig', (args, env, net) => dig(args, env, net, env.bindVersion ?? DIG_VERSION)],
  ['apk', apk],
  ['apt-get', (args, env, net) => aptGet(args, env, net, 'apt-get')],
  ['apt', (args, env, net) => aptGet(args, env, net, 'apt')],
  ['host', host],
  ['nslookup-bind', nslookupBind],
  ['getent', getent],
  ['nc-openbsd', ncOpenbsd],
  ['ping-iputils', pingIputils],
  ['redis-cli', redisCli],
  ['mysql', mysqlClient],
  ['ncat', ncatTool],
  ['zkCli.sh', zkCli],
]);

/** Binds a network to the tools so the interpreter can treat them like any other Tool. */
export function netTool(name: string, net: Net): Tool | undefined {
  const t = NET_TOOLS.get(name);
  return t ? (args, env) => t(args, env, net) : undefined;
}
