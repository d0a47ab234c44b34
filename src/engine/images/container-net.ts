/**
 * Where a request from inside the container goes: its own apps on localhost / the Pod IP, names
 * through the Pod's resolver (resolv.conf as the kubelet writes it, queries to the cluster DNS
 * its node published with setClusterDns), a few public test hosts, and — for kubectl exec
 * only — the caller's NetworkView.
 */
import { appHttp, appLogStyle, listensOn } from './app';
import { accessLines } from './app-logs';
import { countRequest, pushLog } from './log-buffer';
import { CLUSTER_DNS, searchList } from './base-fs';
import { INTERNET } from './catalog-data';
import { dirEntries, stat, writeAs, writeFile, written, type FileIds } from './fs';
import { redisExchange } from './redis-persist';
import { zkExchange } from './zookeeper-app';
import type { ZkIo, ZkRequest } from './zookeeper-server';
import { processIds } from './output';
import type { HttpRequest, LogLine } from './types';
import type { Machine, RunContext } from './machine';
import type { DnsExchange, DnsReply, Net, NetAnswer, Resolution } from './net-tools';
import { own } from '../../k8s/own';
import { handshake } from './tls';
import { publicReply, replyHead } from './internet';
import { plainToTls } from './http-wire';
import { wordpressServe } from './wordpress-serve';
import { mysqlExchange } from './mysql-serve';
import { mysqlHostOf } from './mysql-host';

/** Who signed an app's own certificate: no CA a client has. */
const SELF_SIGNED = 'self-signed';

/** resolv.conf's `options ndots:5`: names with fewer dots try the search list first. */
const NDOTS = 5;
/**
 * glibc's resolver defaults (RES_TIMEOUT 5 s, RES_DFLRETRY 2): a query nobody answers fails
 * after 10 s, and res_nsearch stops at that name instead of trying the next search domain.
 */
export const LIBC_DNS_TIMEOUT_MS = 10_000;

/**
 * musl's resolver (res_msend): RESOLV_TIMEOUT 5 s for the whole exchange, its two attempts
 * sharing it (a resend every 2.5 s), so a query nobody answers fails after 5 s (recorded with musl
 * 1.2.3: "Try again" after 5 s), where glibc's waits twice its 5 s.
 */
const MUSL_DNS_TIMEOUT_MS = 5_000;

/** How long the image's libc waits for a query nobody answers. */
function unansweredLookupMs(ctx: RunContext): number {
  return ctx.image.userland.libc === 'musl' ? MUSL_DNS_TIMEOUT_MS : LIBC_DNS_TIMEOUT_MS;
}

/**
 * How long getaddrinfo takes over a refused query. glibc's send_dg connects its UDP socket, so
 * the ICMP error ends it with ECONNREFUSED, and res_nsearch gives up on the whole search list:
 * EAI_AGAIN at once (recorded: `getent hosts kubernetes` exit 2, wget's "Temporary failure in
 * name resolution", BusyBox wget's `bad address`, all within a few ms). musl sends from an
 * unconnected socket, which is never told, so it waits as for no answer at all.
 */
function refusedLookupMs(ctx: RunContext): number {
  return ctx.image.userland.libc === 'musl' ? MUSL_DNS_TIMEOUT_MS : DNS_RTT_MS;
}
/** What one answered exchange with CoreDNS costs (simulated). */
const DNS_RTT_MS = 1;

const IPV4 = /^\d+\.\d+\.\d+\.\d+$/;

/** FNV-1a: a stable index from the process's seed, the moment and the name (no PRNG draw). */
function pick(seed: number, clock: number, name: string, n: number): number {
  let h = 0x811c9dc5;
  for (const ch of `${seed}:${clock}:${name}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return h % n;
}

/** CoreDNS's answer for one A query: the kubernetes plugin for cluster.local, `forward` for the rest. */
/** The request's Host header, as AppRequest carries it. */
function hostOf(headers: readonly (readonly [string, string])[]): { host?: string } {
  const host = headers.find(([k]) => k.toLowerCase() === 'host')?.[1];
  return host === undefined ? {} : { host };
}

function answer(ctx: RunContext, name: string): DnsReply {
  const fqdn = name.replace(/\.$/, '').toLowerCase();
  if (ctx.net?.resolve) {
    // An exec caller's view of the cluster stands in for CoreDNS.
    const r = ctx.net.resolve(fqdn);
    if (r && r.fqdn === fqdn) return { rcode: 'NOERROR', ips: r.ips, authoritative: true };
  }
  const dns = ctx.dns;
  if (fqdn === 'cluster.local' || fqdn.endsWith('.cluster.local')) {
    const ips = dns ? (own(dns.records, fqdn) as string[] | undefined) : undefined;
    if (ips) return { rcode: 'NOERROR', ips, authoritative: true };
    // kubeadm's Corefile has `pods insecure`: a-b-c-d.<ns>.pod.cluster.local answers a.b.c.d.
    const pod = dns ? /^(\d+)-(\d+)-(\d+)-(\d+)\.[a-z0-9-]+\.pod\.cluster\.local$/.exec(fqdn) : null;
    if (pod) return { rcode: 'NOERROR', ips: [pod.slice(1, 5).join('.')], authoritative: true };
    return { rcode: 'NXDOMAIN' };
  }
  const pub = own(INTERNET, fqdn) as (typeof INTERNET)[string] | undefined;
  return pub ? { rcode: 'NOERROR', ips: [pub.ip], authoritative: false } : { rcode: 'NXDOMAIN' };
}

const REFUSED: DnsExchange<never> = { kind: 'refused' };
const UNANSWERED: DnsExchange<never> = { kind: 'timeout' };

/**
 * One UDP socket's exchange with the nameserver: its A queries, answered in order, or what came
 * back instead. Behind a ClusterIP the socket's conntrack entry pins one endpoint, chosen the way
 * kube-proxy's random match would be. kube-dns without a ready endpoint is REJECTed by the node
 * itself, and an endpoint Pod with nothing on 53 answers port unreachable: refused. An endpoint
 * nobody holds, a NetworkPolicy drop, or no rule at all: never answered.
 */
function exchange(ctx: RunContext, clock: number, names: string[]): DnsExchange<DnsReply[]> {
  const route = ctx.dns?.route;
  switch (route?.kind) {
    case undefined:
      break;
    case 'unrouted':
      return UNANSWERED;
    case 'reject':
      return REFUSED;
    case 'dnat': {
      const i = pick(ctx.seed, clock, names[0] ?? '', route.endpoints.length);
      // A NetworkPolicy that drops the query looks like a server that never answers.
      const dropped = ctx.net?.dnsReachable?.(i) === false;
      const state = dropped ? 'gone' : route.endpoints[i]!;
      ctx.net?.dnsSent?.(i, state === 'serving');
      if (state === 'closed') return REFUSED;
      if (state === 'gone') return UNANSWERED;
      break;
    }
    default: {
      const never: never = route;
      return never;
    }
  }
  return { kind: 'answered', answer: names.map((name) => answer(ctx, name)) };
}

/** The uplink's DNS behind a machine's stub resolver: public names only, nothing of cluster.local. */
function upstream(name: string): DnsReply {
  const pub = own(INTERNET, name.replace(/\.$/, '').toLowerCase()) as (typeof INTERNET)[string] | undefined;
  return pub ? { rcode: 'NOERROR', ips: [pub.ip], authoritative: false } : { rcode: 'NXDOMAIN', authoritative: false };
}

export function network(m: Machine, ctx: RunContext): Net {
  const stub = ctx.stub;
  const search = stub ? stub.search : searchList(ctx.namespace);
  const nameserver = stub ? stub.nameserver : (ctx.dns?.nameserver ?? CLUSTER_DNS);
  /** /etc/hosts first, then getaddrinfo's walk of the search list under ndots. */
  const lookup = (name: string): Resolution => {
    if (name === 'localhost') return { kind: 'found', fqdn: 'localhost', ips: ['127.0.0.1'], ms: 0 };
    if (name === ctx.hostname) return { kind: 'found', fqdn: name, ips: [ctx.podIP], ms: 0 };
    if (IPV4.test(name)) return { kind: 'found', fqdn: name, ips: [name], ms: 0 };
    if (stub) {
      const a = upstream(name);
      return a.rcode === 'NOERROR' ? { kind: 'found', fqdn: name.replace(/\.$/, ''), ips: a.ips, ms: DNS_RTT_MS } : { kind: 'nxdomain', ms: DNS_RTT_MS };
    }
    if (ctx.net?.resolve) {
      const r = ctx.net.resolve(name);
      return r ? { kind: 'found', ...r, ms: DNS_RTT_MS } : { kind: 'nxdomain', ms: DNS_RTT_MS };
    }
    const bare = name.replace(/\.$/, '');
    const dots = bare.split('.').length - 1;
    const suffixed = search.map((s) => `${bare}.${s}`);
    const candidates = name.endsWith('.') ? [bare] : dots >= NDOTS ? [bare, ...suffixed] : [...suffixed, bare];
    let ms = 0;
    for (const fqdn of candidates) {
      const r = exchange(ctx, m.clock + ms, [fqdn]);
      if (r.kind === 'timeout') return { kind: 'again', ms: ms + unansweredLookupMs(ctx) };
      if (r.kind === 'refused') return { kind: 'again', ms: ms + refusedLookupMs(ctx) };
      ms += DNS_RTT_MS;
      const a = r.answer[0]!;
      if (a.rcode === 'NOERROR' && a.ips.length > 0) return { kind: 'found', fqdn, ips: a.ips, ms };
    }
    return { kind: 'nxdomain', ms };
  };
  const self = new Set(['localhost', '127.0.0.1', '0.0.0.0', ctx.hostname, ctx.podIP]);
  const publicHost = (ip: string): boolean => Object.values(INTERNET).some((h) => h.ip === ip);
  const net: Net = {
    connect(ip, port) {
      if (self.has(ip)) return m.apps.some((a) => listensOn(a, port, m.clock)) || ctx.net?.loopback?.connect(port, ip === ctx.hostname || ip === 'localhost' ? '127.0.0.1' : ip) ? 'open' : 'refused';
      if (publicHost(ip)) {
        if (ctx.net?.egress?.(ip, port, 'TCP') === false) return 'timeout';
        // Approximate: the public test hosts serve 80 and 443 and (like most hosts) drop the rest.
        return port === 80 || port === 443 ? 'open' : 'timeout';
      }
      return ctx.net?.connect?.(ip, port) ?? 'refused';
    },
    echo(ip, seq) {
      const t = pick(ctx.seed, m.clock, `${ip}#${seq}`, 1000) / 1000;
      if (self.has(ip)) return { rttMs: 0.02 + 0.04 * t, ttl: 64 };
      if (publicHost(ip)) {
        if (ctx.net?.egress?.(ip, 0, 'ICMP') === false) return undefined;
        // Approximate: a host some routers away on the Internet.
        return { rttMs: 9 + 4 * t, ttl: 56 };
      }
      return ctx.net?.ping?.(ip, seq);
    },
    // Loopback leaves from loopback; anything else from the Pod's own address.
    source: (ip) => (ip === '::1' ? '::1' : ip.startsWith('127.') ? '127.0.0.1' : ctx.podIP),
    nameserver,
    search,
    lookup,
    query: (names) => (stub ? { kind: 'answered', answer: names.map(upstream) } : exchange(ctx, m.clock, names)),
    queryAt(server, names) {
      if (server === nameserver) return net.query(names);
      // Cluster DNS by its address from a machine with a resolver of its own: the node's kube-proxy rule to CoreDNS.
      if (stub && ctx.dns && server === ctx.dns.nameserver) return exchange(ctx, m.clock, names);
      return UNANSWERED;
    },
    reverse(ip) {
      // The uplink has no PTR for the cluster's or the lab network's addresses (approximate: nor for the public hosts').
      if (stub) return { kind: 'answered', answer: null };
      const r = exchange(ctx, m.clock, [ip]);
      if (r.kind !== 'answered') return r;
      // A Service's ClusterIP (a one-address record); Pod IPs' dashed names are left out.
      for (const [fqdn, ips] of Object.entries(ctx.dns?.records ?? {})) if (ips.length === 1 && ips[0] === ip) return { kind: 'answered', answer: fqdn };
      return { kind: 'answered', answer: null };
    },
    redis(host, port, commands) {
      if (self.has(host)) {
        const app = m.apps.find((a) => listensOn(a, port, m.clock));
        if (app?.redis) {
          const proc = {
            read: (path: string) => {
              const f = stat(m.fs, ctx.base, path);
              return f.kind === 'file' ? f.content : undefined;
            },
            write: (path: string, content: string, at: number, append?: boolean) => writeFile(m.fs, ctx.base, path, content, append === true, at),
            log: (lines: LogLine[]) => {
              for (const l of lines) pushLog(m, l);
            },
          };
          return { kind: 'replies', replies: redisExchange(app, commands, proc, m.clock) };
        }
        if (app) return { kind: 'not-redis', first: listensOn(app, port, m.clock)?.protocol === 'tcp' ? '' : 'H' };
        return ctx.net?.loopback?.redis?.(port, commands) ?? { kind: 'refused' };
      }
      const r = lookup(host);
      if (r.kind !== 'found') return { kind: 'unresolved', ms: r.ms, ...(r.kind === 'again' ? { timeout: true as const } : {}) };
      const ip = r.ips[0]!;
      if (publicHost(ip)) return ctx.net?.egress?.(ip, port, 'TCP') === false || (port !== 80 && port !== 443) ? { kind: 'timeout' } : { kind: 'not-redis', first: port === 80 ? 'H' : '' };
      return ctx.net?.redis?.(ip, port, commands) ?? { kind: 'refused' };
    },
    mysql(host, port, req) {
      if (self.has(host)) {
        const app = m.apps.find((a) => listensOn(a, port, m.clock));
        if (app && app.name !== 'mysqld') return { kind: 'not-mysql' };
        if (app) return { kind: 'reply', reply: mysqlExchange(app, req, mysqlHostOf(m, ctx, m.vars, m.clock), m.clock, host === ctx.podIP || host === ctx.hostname ? ctx.podIP : host === 'localhost' ? 'localhost' : '127.0.0.1') };
        return ctx.net?.loopback?.mysql?.(port, req) ?? { kind: 'refused' };
      }
      const r = lookup(host);
      if (r.kind !== 'found') return { kind: 'unresolved', ms: r.ms, ...(r.kind === 'again' ? { timeout: true as const } : {}) };
      const ip = r.ips[0]!;
      if (self.has(ip)) return this.mysql!(ip, port, req);
      if (publicHost(ip)) return ctx.net?.egress?.(ip, port, 'TCP') === false || (port !== 80 && port !== 443) ? { kind: 'timeout' } : { kind: 'not-mysql' };
      return ctx.net?.mysql?.(ip, port, req) ?? { kind: 'refused' };
    },
    zk(host, port, req) {
      if (self.has(host)) {
        const app = m.apps.find((a) => a.zk && listensOn(a, port, m.clock));
        if (!app) return { kind: 'refused' };
        const who = (): FileIds => processIds(m, ctx);
        const io: ZkIo = {
          read: (path) => {
            const f = stat(m.fs, ctx.base, path);
            return f.kind === 'file' ? f.content : undefined;
          },
          list: (dir) => dirEntries(m.fs, ctx.base, dir).map((e) => e.name),
          write: (path, content) => writeAs(m.fs, ctx.base, path, content, m.clock, who),
          log: (lines) => {
            for (const l of lines) pushLog(m, l);
          },
        };
        const from = host === ctx.podIP || host === ctx.hostname ? ctx.podIP : '127.0.0.1';
        const sent: ZkRequest = req.kind === '4lw' || req.kind === 'session' ? { ...req, from } : req;
        return zkExchange(app, port, sent, m.clock, io, (addr, r) => this.zk!(addr.host, addr.electionPort, r));
      }
      const r = lookup(host);
      if (r.kind !== 'found') return { kind: r.kind === 'again' ? 'timeout' : 'refused' };
      const ip = r.ips[0]!;
      if (self.has(ip)) return this.zk!(ip, port, req);
      return ctx.net?.zk?.(ip, port, req) ?? { kind: 'refused' };
    },
    fetch(host, port, req) {
      if (self.has(host)) {
        const ip = host === ctx.podIP ? ctx.podIP : req.loopbackIpv6 && host === 'localhost' ? '::1' : '127.0.0.1';
        const wp = selfWordPress(m, ctx, net, port, req, ip);
        if (wp) return wp;
        for (const a of m.apps) {
          const r = appHttp(
            a,
            m.clock,
            port,
            req.path,
            (p) => stat(m.fs, ctx.base, p),
            (dir) => dirEntries(m.fs, ctx.base, dir),
            { method: req.method, mtime: (p) => written(m.fs, ctx.base, p)?.at ?? ctx.base.meta?.(p)?.mtime, ...hostOf(req.headers) },
          );
          if (r.kind === 'refused') continue;
          if (r.kind === 'hang') return { kind: 'timeout', ip, connected: true };
          // A TLS port presents the app's own self-signed certificate; a plain one no TLS at all.
          const failure = req.tls ? handshake(req.tls, r.kind === 'reply' && r.tls ? { issuerPem: SELF_SIGNED, names: [ctx.hostname] } : undefined) : undefined;
          if (failure) return { kind: 'tls-failed', ip, failure };
          if (r.kind === 'eof') return { kind: 'reply', ip, status: 0, body: '' };
          if (r.kind === 'reply') {
            // The server logs a request from its own container as any other (nginx: `127.0.0.1 - - […]`).
            const header = (name: string): string | undefined => req.headers.find(([k]) => k.toLowerCase() === name)?.[1];
            const hit = { at: m.clock, clientIP: ip, path: req.path, status: r.status, bytes: r.body.length, userAgent: header('user-agent') ?? '-', seq: m.logs.length, method: req.method, served: countRequest(m, a.pid) };
            const host = header('host');
            for (const l of accessLines(a, appLogStyle(a), host === undefined ? hit : { ...hit, host })) pushLog(m, l);
          }
          if (r.tls && !req.tls) return { kind: 'reply', ip, ...plainToTls() };
          return { kind: 'reply', ip, status: r.status, body: r.body, contentType: r.contentType, ...(r.head ? { head: r.head } : {}), ...(r.delayMs > 0 ? { ms: r.delayMs } : {}) };
        }
        // The Pod's other containers share this loopback (a sidecar reaching the main container).
        const sib = ctx.net?.loopback?.http(port, req, ip);
        if (sib === 'hang') return { kind: 'timeout', ip, connected: true };
        if (sib) {
          if (sib.closed) return { kind: 'empty', ip };
          if (sib.tlsFailure) return { kind: 'tls-failed', ip, failure: sib.tlsFailure };
          if (req.tls && !sib.tls) return { kind: 'tls-failed', ip, failure: { kind: 'not-tls' } };
          const v4 = sib.ipv4Only && ip === '::1' ? { ipv4Only: true as const } : {};
          return { kind: 'reply', ip: v4.ipv4Only ? '127.0.0.1' : ip, status: sib.status, body: sib.body, ...(sib.head ? { head: sib.head } : {}), ...(sib.contentType !== undefined ? { contentType: sib.contentType } : {}), ...(sib.delayMs ? { ms: sib.delayMs } : {}), ...v4 };
        }
        return { kind: 'refused', ip };
      }
      const r = lookup(host);
      if (r.kind !== 'found') return { kind: 'unresolved', ms: r.ms };
      const ip = r.ips[0]!;
      const pub = Object.values(INTERNET).find((h) => h.ip === ip);
      if (pub) {
        if (ctx.net?.egress?.(ip, port, 'TCP') === false) return { kind: 'timeout', ip };
        const failure = req.tls ? handshake(req.tls, { names: [r.fqdn] }) : undefined;
        if (failure) return { kind: 'tls-failed', ip, failure };
        const page = publicReply(r.fqdn, req.path);
        if (!page) return { kind: 'refused', ip };
        const head = replyHead(page);
        return { kind: 'reply', ip, status: page.status, body: page.body, contentType: page.contentType, ...(head ? { head } : {}) };
      }
      const reply = ctx.net?.http?.(ip, port, req.path, req);
      if (reply === undefined) return { kind: 'refused', ip };
      if (reply === 'timeout') return { kind: 'timeout', ip };
      if (reply === 'hang') return { kind: 'timeout', ip, connected: true };
      if (reply.tlsFailure) return { kind: 'tls-failed', ip, failure: reply.tlsFailure };
      return { kind: 'reply', ip, status: reply.status, body: reply.body, ...(reply.head ? { head: reply.head } : {}), ...(reply.contentType !== undefined ? { contentType: reply.contentType } : {}), ...(reply.delayMs ? { ms: reply.delayMs } : {}) };
    },
  };
  return net;
}

/**
 * WordPress in this container answering a request from the container itself (`curl localhost`):
 * wordpress-serve.ts, logged as Apache logs any client. Undefined: no WordPress on that port.
 */
function selfWordPress(m: Machine, ctx: RunContext, net: Net, port: number, req: HttpRequest, ip: string): NetAnswer | undefined {
  const app = m.apps.find((a) => listensOn(a, port, m.clock));
  if (!app) return undefined;
  const header = (name: string): string | undefined => req.headers.find(([k]) => k.toLowerCase() === name)?.[1];
  const a = wordpressServe(app, appLogStyle(app), (p) => stat(m.fs, ctx.base, p), (name) => own(m.vars, name) as string | undefined, net, { path: req.path, method: req.method, host: header('host'), at: m.clock });
  if (!a) return undefined;
  const hit = { at: m.clock + a.delayMs, clientIP: ip, path: req.path, status: a.status, bytes: a.body.length, userAgent: header('user-agent') ?? '-', seq: m.logs.length, method: req.method, served: countRequest(m, app.pid), sent: a.sent };
  for (const l of accessLines(app, appLogStyle(app), hit)) pushLog(m, l);
  return { kind: 'reply', ip, status: a.status, body: a.body, head: a.head, ...(a.delayMs > 0 ? { ms: a.delayMs } : {}) };
}
