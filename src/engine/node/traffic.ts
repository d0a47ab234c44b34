/**
 * Traffic into the cluster's network: one HTTP GET sent from a node (`sim curl`), the way `curl`
 * on that machine would send it. The node's kube-proxy rules (as last programmed, so stale while
 * that kube-proxy is down) DNAT a Service address to one endpoint, drawn from the world PRNG like
 * iptables' random match; the container process listening there answers. A Service with no ready
 * endpoint is REJECTed; an endpoint no Pod holds any more does not answer at all. Each request is
 * a `proxy` hop on the trace. What is said about the outcome is the caller's (kubectl/sim/curl.ts).
 *
 * A TCP connection that sends no request (`nc -z`, telnet) takes the same path and is a hop too,
 * marked `protocol: 'tcp'` (no HTTP method, a `tcp://` URL). An ICMP echo (ping) meets none of
 * kube-proxy's rules, so it is no hop; it is answered by the Pod or node holding the address.
 */
import type { MysqlRequest, MysqlWire } from '../images/mysql-wire';
import type { ComponentId } from '../core/ids';
import { nextInt } from '../core/rng';
import type { NamespacedName } from '../core/trace';
import { markComponentChanged, trace } from '../runtime';
import type { World } from '../world';
import { listensOn, mysqlPrimary, processExit, redisFeed, redisReplicate, replicateMysql, serveMysql, serveRedis, serveRequest, serveZk } from './app';
import { replicationEvents } from '../images/mysql-serve';
import type { ZkReply, ZkRequest } from '../images/zookeeper-server';
import { armExit } from './exits';
import { cniPluginOf } from './cni-plugin';
import { runtimeOf, settleSharers } from './cri';
import { proxyOf, resolveFromNode } from './kube-proxy';
import type { RuleMatch } from './proxy-rules';
import { nodeNetns } from './netns';
import { sourceFor } from '../images/route-lookup';
import type { ContainerRecord, SandboxRecord } from './runtime-state';
import type { EchoReply, HttpAnswer, HttpHead, HttpRequest, NetworkView, RedisWire, TlsFailure } from '../images/types';
import { hostListener, listenerId, machineAt, serveListener, type HostListener } from './host-listeners';
import { checkConnection, type Dropped, type Endpoint as PolicyEndpoint } from './netpol/enforce';
import { cniDnsReachable } from './netpol/dns';
import { trackConnection, trackDatagram } from './conntrack-table';
import { dnsEndpoint } from './cluster-dns';
import { CLUSTER_DNS } from '../images/base-fs';

export interface HttpGet {
  /** The node the request leaves from. */
  from: string;
  /** A Service name (resolved in `namespace`), a ClusterIP, a node IP (NodePort) or a Pod IP. */
  host: string;
  port: number;
  path: string;
  namespace: string;
  /** The Pod the request leaves from (`kubectl exec`); unset: the node itself (`sim curl`). */
  source?: { pod: NamespacedName; ip: string };
  /**
   * The machine outside the cluster that sent it to `from`'s address (`workstation`: curl on
   * the learner's laptop); `from`'s kernel and kube-proxy rules take it from there, and the
   * trace names this as its origin. Unset: it leaves from `from` itself.
   */
  origin?: string;
  /** The address `origin` sends from (the laptop's 10.0.0.1): what a server sees when no rule masquerades. */
  originIP?: string;
  /** What a client in a Pod sends (method, headers, TLS); unset: a plain GET of `path`. */
  request?: HttpRequest;
  /**
   * The host process that sends it, as the trace names the hop's sender (kube-apiserver for
   * `pods/proxy`); unset: the node's kube-proxy, whose rules the packet meets (`sim curl`).
   */
  via?: ComponentId;
}

/** What the process at the endpoint did with the request. */
export type HttpReply =
  /** No Pod holds the endpoint's address: nothing answers (the client times out). */
  | { kind: 'no-listener' }
  /** The Pod is there but nothing listens on the port. */
  | { kind: 'refused' }
  /** The app accepted the connection and never answers. */
  | { kind: 'hang' }
  /** A TCP-only server closed the connection on an HTTP request. */
  | { kind: 'closed' }
  /** A node's NetworkPolicy rules dropped the packet (the client times out). */
  | { kind: 'dropped'; dropped: Dropped }
  /** An `https://` client gave up on the handshake: no request was sent. */
  | { kind: 'tls-failed'; failure: TlsFailure }
  | { kind: 'answer'; status: number; body: string; head?: HttpHead; contentType?: string; delayMs?: number };

export type HttpGetResult =
  | { kind: 'no-node' }
  | { kind: 'no-proxy' }
  | { kind: 'unknown-host' }
  /** The Service's rule has no ready endpoint: iptables REJECTs. */
  | { kind: 'no-endpoints'; clusterIP: string }
  /** A name no rule catches and that is no IP: nothing routes it. */
  | { kind: 'unroutable' }
  /** From outside to a node port or balancer address of an externalTrafficPolicy Local Service with no endpoint on that node: dropped. */
  | { kind: 'no-local-endpoint'; service: string }
  | {
      kind: 'sent';
      /** The address the client dialled (the ClusterIP, or the Pod IP given). */
      dialled: { ip: string; port: number };
      /** `podIP:port` the packet reached. */
      endpoint: string;
      /** The Service (`namespace/name`) whose rule sent it there; unset for a Pod IP dialled directly. */
      service?: string;
      /** The Pod holding the endpoint's address, if any. */
      pod?: NamespacedName;
      /** The host-network process that answered at a node's address (`kube-apiserver-1`). */
      listener?: ComponentId;
      reply: HttpReply;
    };

interface Listener {
  runtime: ComponentId;
  node: string;
  sandbox: SandboxRecord;
  containers: ContainerRecord[];
}

/**
 * Whatever holds `ip` on any node now: a ready sandbox and its running containers. Decided by the
 * containers' own state, not by whether containerd runs: containers belong to their shims, so they
 * keep serving while the runtime is stopped (node/runtime.ts), and a powered-off machine's
 * containers have exited and its sandboxes gone NotReady (the runtime's stop hook) — the same
 * state the kubelet's probes read.
 */
function findListener(w: World, ip: string): Listener | undefined {
  for (const m of w.machines) {
    const rt = runtimeOf(w, m);
    if (!rt) continue;
    for (const sb of rt.sandboxes.values()) {
      if (sb.state !== 'SANDBOX_READY' || sb.hostNetwork || sb.ip !== ip) continue;
      const containers = [...rt.containers.values()].filter((c) => c.sandboxId === sb.id && c.state === 'CONTAINER_RUNNING' && c.process);
      return { runtime: rt.id, node: m, sandbox: sb, containers };
    }
  }
  return undefined;
}

/** A plain GET of the path: what `sim curl` and a request without details send. */
function requestOf(req: HttpGet): HttpRequest {
  return req.request ?? { method: 'GET', path: req.path, headers: [] };
}

type Sent = Omit<Extract<HttpGetResult, { kind: 'sent' }>, 'reply'>;

/** Where a connection to `endpoint` lands: what holds the address, past the policy rules. */
interface Arrival {
  sent: Sent;
  l: Listener | undefined;
  host: HostListener | undefined;
  nodeIP: string;
  port: number;
}

/**
 * The hop on the trace and the policy check shared by a request and a bare connection; a
 * dropped connection comes back as its result.
 */
function arrive(w: World, req: HttpGet, proxy: ComponentId, dialled: { ip: string; port: number }, endpoint: string, service: string | undefined, carries: 'http' | 'tcp'): Arrival | Extract<HttpGetResult, { kind: 'sent' }> {
  const [ip = '', portText = '0'] = endpoint.split(':');
  const port = Number(portText);
  const nodeIP = w.machineSpecs.get(req.from)?.ip ?? '';
  const l = findListener(w, ip);
  const pod = l ? { namespace: l.sandbox.podNamespace, name: l.sandbox.podName } : undefined;
  // No Pod holds the address: a machine's own address reaches its host-network processes.
  const machine = l ? undefined : machineAt(w, ip);
  const host = machine === undefined ? undefined : hostListener(w, req.from, machine, port);
  const listener = host && host.kind !== 'unreachable' && host.kind !== 'refused' ? listenerId(host) : undefined;
  const http = requestOf(req);
  trace(w, {
    from: req.via ?? proxy,
    to: l?.runtime ?? listener ?? proxy,
    kind: 'proxy',
    detail: {
      type: 'traffic',
      ...(carries === 'tcp' ? { protocol: 'tcp' as const } : http.method !== 'GET' ? { method: http.method } : {}),
      url: carries === 'tcp' ? `tcp://${dialled.ip}:${dialled.port}` : `${http.tls ? 'https' : 'http'}://${dialled.ip}:${dialled.port}${req.path}`,
      fromNode: req.origin ?? req.from,
      ...(req.source ? { fromPod: req.source.pod } : {}),
      ...(service !== undefined ? { service } : {}),
      endpoint,
      ...(pod ? { pod } : {}),
      ...(machine !== undefined ? { host: machine } : {}),
      ...(listener !== undefined ? { listener } : {}),
    },
    ...(pod ? { object: { kind: 'Pod', ...pod } } : {}),
  });
  const sent = { kind: 'sent' as const, dialled, endpoint, ...(service !== undefined ? { service } : {}), ...(pod ? { pod } : {}), ...(listener !== undefined ? { listener } : {}) };
  const src: PolicyEndpoint = req.source ? { kind: 'pod', ip: req.source.ip, node: req.from, pod: req.source.pod } : { kind: 'host', ip: nodeIP, node: req.from };
  const dst: PolicyEndpoint = l && pod ? { kind: 'pod', ip, node: l.node, pod } : { kind: 'host', ip };
  const dropped = checkConnection(w, src, dst, port, 'TCP');
  if (dropped) return { ...sent, reply: { kind: 'dropped', dropped } };
  return { sent, l, host, nodeIP, port };
}

/** How kube-proxy's rule caught the packet: by which address, and whether its Service keeps external traffic local. */
interface Nat {
  via: RuleMatch;
  local: boolean;
}

/**
 * The client address the serving Pod sees (echoserver's client_address, access logs). Pod to
 * Pod, through a ClusterIP or not, keeps its source: kube-proxy DNATs and does not masquerade,
 * except a Pod reaching itself through its Service (the hairpin rule). Traffic from outside to a
 * node port or a balancer address is marked for masquerade (KUBE-MARK-MASQ in KUBE-EXT) unless
 * the Service's externalTrafficPolicy is Local: MASQUERADE rewrites the source to the address
 * the node's route toward the Pod leaves by — cni0's for a Pod on the node (flannel), flannel.1's
 * or the node's own for one elsewhere — while Local keeps the client's. Approximate: the node's
 * own requests (`sim curl`, a node shell) arrive from its address whatever the route.
 */
function clientAddress(w: World, req: HttpGet, l: Listener, nodeIP: string, nat: Nat | undefined): string {
  if (req.origin !== undefined && nat && nat.via !== 'cluster-ip') {
    if (nat.local) return req.originIP ?? nodeIP;
    return sourceFor(nodeNetns(w, req.from), l.sandbox.ip) ?? nodeIP;
  }
  return req.source && req.source.ip !== l.sandbox.ip ? req.source.ip : nodeIP;
}

/** The finished connection in the conntrack tables of the nodes it crossed (conntrack-table.ts). */
function track(w: World, req: Omit<HttpGet, 'path' | 'request' | 'via'>, a: Arrival, seenAs: string): void {
  if (!a.l) return;
  const client = req.source?.ip ?? (req.origin !== undefined ? (req.originIP ?? a.nodeIP) : a.nodeIP);
  trackConnection(w, { fromNode: req.from, endpointNode: a.l.node, client, dialled: a.sent.dialled, endpoint: { ip: a.l.sandbox.ip, port: a.port }, seenAs });
}

/** Sends the request to `endpoint` (`podIP:port`); `dialled` is the address the client used. */
function deliver(w: World, req: HttpGet, proxy: ComponentId, dialled: { ip: string; port: number }, endpoint: string, service: string | undefined, nat?: Nat): HttpGetResult {
  const a = arrive(w, req, proxy, dialled, endpoint, service, 'http');
  if ('reply' in a) return a;
  const { sent, l, host, nodeIP, port } = a;
  const http = requestOf(req);
  if (host) {
    switch (host.kind) {
      case 'unreachable':
        return { ...sent, reply: { kind: 'no-listener' } };
      case 'refused':
        return { ...sent, reply: { kind: 'refused' } };
      case 'kube-apiserver':
      case 'kubelet':
      case 'kube-proxy-health':
      case 'kube-proxy-healthz': {
        // The request leaves from a container on the sender's machine: drawn at its runtime.
        const a = serveListener(w, host, runtimeOf(w, req.from)?.id ?? proxy, http);
        if (a.tlsFailure) return { ...sent, reply: { kind: 'tls-failed', failure: a.tlsFailure } };
        // kube-proxy's health check names its Content-Type alone; the others frame their own heads.
        const type = host.kind === 'kube-proxy-health' && a.contentType !== undefined ? { contentType: a.contentType } : {};
        return { ...sent, reply: { kind: 'answer', status: a.status, body: a.body, ...(a.head ? { head: a.head } : {}), ...type } };
      }
      default: {
        const never: never = host;
        return never;
      }
    }
  }
  if (!l) return { ...sent, reply: { kind: 'no-listener' } };
  const from = clientAddress(w, req, l, nodeIP, nat);
  for (const c of l.containers) {
    // The serving container's own requests (guestbook.php's to Redis) leave from its Pod.
    const own = podNetworkView(w, l.node, l.sandbox.podNamespace, { pod: { namespace: l.sandbox.podNamespace, name: l.sandbox.podName }, ip: l.sandbox.ip });
    // What the Pod's other containers wrote to a shared volume is there (not when the request
    // comes from one of them: the hairpin caller is the process running now).
    const rt = runtimeOf(w, l.node);
    if (rt && !(req.source && req.source.ip === l.sandbox.ip)) settleSharers(w, rt, c, true);
    const answer = serveRequest(c.process!, w.now, port, http, req.path, from, own);
    if (!answer) continue;
    markComponentChanged(w, l.runtime);
    if (!answer.hang) track(w, req, a, from);
    if (answer.hang) return { ...sent, reply: { kind: 'hang' } };
    if (answer.closed) return { ...sent, reply: { kind: 'closed' } };
    if (answer.tlsFailure) return { ...sent, reply: { kind: 'tls-failed', failure: answer.tlsFailure } };
    // The Pods' apps speak plain HTTP (but agnhost webhook): a TLS client's ClientHello gets an HTTP answer back.
    if (http.tls && !answer.tls) return { ...sent, reply: { kind: 'tls-failed', failure: { kind: 'not-tls' } } };
    const extra = { ...(answer.head ? { head: answer.head } : {}), ...(answer.contentType !== undefined ? { contentType: answer.contentType } : {}), ...(answer.delayMs ? { delayMs: answer.delayMs } : {}) };
    return { ...sent, reply: { kind: 'answer', status: answer.status, body: answer.body, ...extra } };
  }
  return { ...sent, reply: { kind: 'refused' } };
}

const IPV4 = /^\d+\.\d+\.\d+\.\d+$/;

export function httpGet(w: World, req: HttpGet): HttpGetResult {
  if (!w.machineSpecs.has(req.from)) return { kind: 'no-node' };
  const proxy = proxyOf(w, req.from);
  // iptables' statistic match: drawn even when unused, so a run's later randomness does not
  // depend on which Services happened to have endpoints.
  const pick = nextInt(w.rng, 0, 1 << 30);
  const r = resolveFromNode(w, req.from, req.host, req.port, req.namespace, pick, req.origin !== undefined);
  switch (r.kind) {
    case 'no-proxy':
    case 'unknown-host':
      return { kind: r.kind };
    case 'no-endpoints':
      return { kind: 'no-endpoints', clusterIP: r.rule.clusterIP };
    case 'dropped':
      return { kind: 'no-local-endpoint', service: r.rule.service };
    case 'endpoint':
      // A name dials its ClusterIP; an address (a ClusterIP, or a node's for a NodePort) itself.
      return deliver(w, req, proxy!.id, { ip: IPV4.test(req.host) ? req.host : r.rule.clusterIP, port: req.port }, r.endpoint, r.rule.service, { via: r.via, local: r.rule.externalLocal === true });
    case 'not-a-service':
      // Not caught by any rule: routed as is, so only a Pod IP can answer.
      if (!IPV4.test(req.host)) return { kind: 'unroutable' };
      return deliver(w, req, proxy!.id, { ip: req.host, port: req.port }, `${req.host}:${req.port}`, undefined);
    default: {
      const never: never = r;
      throw new Error(`unhandled resolution ${JSON.stringify(never)}`);
    }
  }
}

/** A TCP handshake with no request after it: how it ended for the client. */
export type ConnectResult = 'open' | 'refused' | 'timeout';

/**
 * A bare TCP connection from `req.from` (the Pod `req.source`) to `req.host:req.port`: the same
 * kube-proxy rules, policy rules and listeners as a request, but only the handshake — so a
 * server that never answers a request (deadlocked, TCP-only) still accepts it.
 */
export function tcpConnect(w: World, req: Omit<HttpGet, 'path' | 'request' | 'via'>): ConnectResult {
  const a = tcpArrive(w, req);
  if (typeof a === 'string') return a;
  if (a.host) return a.host.kind === 'unreachable' ? 'timeout' : a.host.kind === 'refused' ? 'refused' : 'open';
  if (!a.l) return 'timeout';
  if (!a.l.containers.some((c) => listensOn(c.process!, w.now, a.port))) return 'refused';
  track(w, req, a, req.source && req.source.ip !== a.l.sandbox.ip ? req.source.ip : a.nodeIP);
  return 'open';
}

/**
 * Where a TCP handshake from `req.from` to `req.host:req.port` lands (kube-proxy's rules,
 * NetworkPolicy, a `tcp://` hop on the trace), or how it fails before any listener answers.
 * One path for every client that speaks TCP without HTTP (tcpConnect, redisSend).
 */
function tcpArrive(w: World, req: Omit<HttpGet, 'path' | 'request' | 'via'>): Arrival | 'timeout' | 'refused' {
  if (!w.machineSpecs.has(req.from)) return 'timeout';
  const proxy = proxyOf(w, req.from);
  // Drawn like httpGet's: a run's later randomness does not depend on what was dialled.
  const pick = nextInt(w.rng, 0, 1 << 30);
  const r = resolveFromNode(w, req.from, req.host, req.port, req.namespace, pick, req.origin !== undefined);
  const full: HttpGet = { ...req, path: '/' };
  let a: ReturnType<typeof arrive>;
  switch (r.kind) {
    case 'no-proxy':
    case 'unknown-host':
    case 'dropped':
      return 'timeout';
    case 'no-endpoints':
      return 'refused';
    case 'endpoint':
      a = arrive(w, full, proxy!.id, { ip: IPV4.test(req.host) ? req.host : r.rule.clusterIP, port: req.port }, r.endpoint, r.rule.service, 'tcp');
      break;
    case 'not-a-service':
      if (!IPV4.test(req.host)) return 'timeout';
      a = arrive(w, full, proxy!.id, { ip: req.host, port: req.port }, `${req.host}:${req.port}`, undefined, 'tcp');
      break;
    default: {
      const never: never = r;
      throw new Error(`unhandled resolution ${JSON.stringify(never)}`);
    }
  }
  return 'reply' in a ? 'timeout' : a;
}

/**
 * redis-cli's connection from `req.from` (the Pod `req.source`) to `req.host:req.port`: the
 * handshake's path (tcpArrive), then the commands to the redis-server listening at the endpoint.
 */
export function redisSend(w: World, req: Omit<HttpGet, 'path' | 'request' | 'via'>, commands: string[][]): RedisWire {
  const a = tcpArrive(w, req);
  if (typeof a === 'string') return { kind: a };
  if (a.host) return a.host.kind === 'unreachable' ? { kind: 'timeout' } : a.host.kind === 'refused' ? { kind: 'refused' } : { kind: 'not-redis', first: 'H' };
  if (!a.l) return { kind: 'timeout' };
  // Pod to Pod keeps its source address (kube-proxy DNATs, no masquerade): a master names its replica by it.
  const peer = req.source && req.source.ip !== a.l.sandbox.ip ? req.source.ip : (w.machineSpecs.get(req.from)?.ip ?? '127.0.0.1');
  for (const c of a.l.containers) {
    const exitBefore = processExit(c.process!)?.at;
    const answer = serveRedis(c.process!, w.now, a.port, commands, peer);
    if (answer.kind === 'refused') continue;
    // A SHUTDOWN it obeyed ends the container: the runtime's exit timer moves.
    const rt = runtimeOf(w, a.l.node);
    if (rt && processExit(c.process!)?.at !== exitBefore) armExit(w, rt, c);
    markComponentChanged(w, a.l.runtime);
    feedReplicas(w, c);
    return answer;
  }
  return { kind: 'refused' };
}

/**
 * A mysql client's connection from `req.from` (the Pod `req.source`) to `req.host:req.port`: the
 * handshake's path (tcpArrive), then the login and statements to the mysqld listening at the
 * endpoint, which names the client by the address it sees (a Pod's own, or its node's).
 */
export function mysqlSend(w: World, req: Omit<HttpGet, 'path' | 'request' | 'via'>, sent: MysqlRequest): MysqlWire {
  const a = tcpArrive(w, req);
  if (typeof a === 'string') return { kind: a };
  if (a.host) return a.host.kind === 'unreachable' ? { kind: 'timeout' } : a.host.kind === 'refused' ? { kind: 'refused' } : { kind: 'not-mysql' };
  if (!a.l) return { kind: 'timeout' };
  const peer = req.source && req.source.ip !== a.l.sandbox.ip ? req.source.ip : (w.machineSpecs.get(req.from)?.ip ?? '127.0.0.1');
  for (const c of a.l.containers) {
    const answer = serveMysql(c.process!, w.now, a.port, sent, peer);
    if (answer.kind === 'refused') continue;
    markComponentChanged(w, a.l.runtime);
    if (answer.kind === 'reply' && mysqlPrimary(c.process!, w.now)) feedMysqlReplicas(w, a.l.sandbox.podNamespace, replicationEvents(sent, answer.reply));
    return answer;
  }
  return { kind: 'refused' };
}

/**
 * The primary's writes to every replica mysqld in its namespace (those with super-read-only):
 * replication as a copy of each write, as the open replication link would deliver it.
 */
function feedMysqlReplicas(w: World, namespace: string, events: ReturnType<typeof replicationEvents>): void {
  if (events.length === 0) return;
  for (const m of w.machines) {
    const rt = runtimeOf(w, m);
    if (!rt) continue;
    for (const c of rt.containers.values()) {
      const sb = rt.sandboxes.get(c.sandboxId);
      if (c.state !== 'CONTAINER_RUNNING' || !c.process || sb?.podNamespace !== namespace) continue;
      if (replicateMysql(c.process, w.now, events)) markComponentChanged(w, rt.id);
    }
  }
}

/**
 * A connection to a ZooKeeper server from `req.from` (the Pod `req.source`): the handshake's path
 * (tcpArrive), then the request to the server listening at the endpoint. The server reaches its
 * own peers from its Pod (a session it serves forms the ensemble first: zookeeper-server.ts).
 */
export function zkSend(w: World, req: Omit<HttpGet, 'path' | 'request' | 'via'>, zk: ZkRequest): ZkReply {
  const a = tcpArrive(w, req);
  if (typeof a === 'string') return { kind: a };
  if (a.host) return a.host.kind === 'unreachable' ? { kind: 'timeout' } : { kind: 'refused' };
  if (!a.l) return { kind: 'timeout' };
  const l = a.l;
  const from = req.source && req.source.ip !== l.sandbox.ip ? req.source.ip : (w.machineSpecs.get(req.from)?.ip ?? '127.0.0.1');
  const sent: ZkRequest = zk.kind === '4lw' || zk.kind === 'session' ? { ...zk, from } : zk;
  for (const c of l.containers) {
    const own = (): NetworkView => podNetworkView(w, l.node, l.sandbox.podNamespace, { pod: { namespace: l.sandbox.podNamespace, name: l.sandbox.podName }, ip: l.sandbox.ip });
    const answer = serveZk(c.process!, w.now, a.port, sent, own);
    if (answer.kind === 'refused') continue;
    markComponentChanged(w, l.runtime);
    return answer;
  }
  return { kind: 'refused' };
}

/**
 * Hands what the redis masters in container `c` have written since to their replicas, as the
 * open replication link would (redis-repl.ts): each replica is found at the address it synced
 * from. Called after anything that may have written to a master (a client's commands, an exec).
 */
export function feedReplicas(w: World, c: ContainerRecord): void {
  if (!c.process) return;
  for (const f of redisFeed(c.process, w.now)) {
    const l = findListener(w, f.ip);
    for (const r of l?.containers ?? []) {
      if (!redisReplicate(r.process!, w.now, f.port, f)) continue;
      markComponentChanged(w, l!.runtime);
      break;
    }
  }
}

/** FNV-1a of the echo's identity: a stable fraction in [0, 1) without a PRNG draw. */
function jitter(key: string): number {
  let h = 0x811c9dc5;
  for (const ch of key) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return h / 2 ** 32;
}

/**
 * One ICMP echo request from `from` (the Pod `source`, or the node itself) to `ip`. kube-proxy's
 * iptables rules match a ClusterIP only together with a Service port and protocol
 * (pkg/proxy/iptables/proxier.go writes `-d <clusterIP> -p <protocol> --dport <port>`), so an
 * echo to a ClusterIP is routed as is, and no interface holds that address: no reply, as on a
 * real cluster in iptables mode. A Pod's network namespace answers while its sandbox is up
 * (whatever its containers do), a node while it is on and not cut off; NetworkPolicy may drop it.
 * TTLs: a reply starts at 64 and loses one per router — the sender's node for a routed CNI
 * (kindnet's ptp, Calico), none for flannel's bridge on the same node, two across nodes.
 */
export function ping(w: World, from: string, source: HttpGet['source'], ip: string, seq: number): EchoReply | undefined {
  const nodeIP = w.machineSpecs.get(from)?.ip ?? '';
  const src: PolicyEndpoint = source ? { kind: 'pod', ip: source.ip, node: from, pod: source.pod } : { kind: 'host', ip: nodeIP, node: from };
  const t = jitter(`${source?.ip ?? nodeIP}>${ip}#${seq}@${w.now}`);
  if (ip === nodeIP && !source) return { rttMs: 0.03 + 0.04 * t, ttl: 64 };
  const l = findListener(w, ip);
  if (l) {
    const pod = { namespace: l.sandbox.podNamespace, name: l.sandbox.podName };
    if (checkConnection(w, src, { kind: 'pod', ip, node: l.node, pod }, 0, 'ICMP')) return undefined;
    const bridged = cniPluginOf(w) === 'flannel';
    if (l.node === from) return { rttMs: 0.05 + 0.08 * t, ttl: source && !bridged ? 63 : 64 };
    return { rttMs: 0.35 + 0.6 * t, ttl: source ? 62 : 63 };
  }
  const machine = machineAt(w, ip);
  if (machine === undefined) return undefined;
  if (hostListener(w, from, machine, 0).kind === 'unreachable') return undefined;
  if (checkConnection(w, src, { kind: 'host', ip }, 0, 'ICMP')) return undefined;
  if (machine === from) return { rttMs: 0.03 + 0.05 * t, ttl: 64 };
  return { rttMs: 0.3 + 0.5 * t, ttl: source ? 63 : 64 };
}

/**
 * What a command run by `kubectl exec` reaches when it dials an address outside its own Pod: the
 * same path as `sim curl` from the Pod's node (its kube-proxy rules, then the process at the
 * endpoint), so `wget -qO- http://<service>/` inside a Pod gets the app's answer. Names are
 * resolved by the Pod's own resolver (CoreDNS) before this is asked.
 */
/**
 * A query to kube-dns's ClusterIP from `node` (a Pod's address, or the node's own), DNAT'ed by
 * the node's rule to its `endpoint`-th CoreDNS: a UDP flow in the conntrack tables it crossed.
 */
function trackDnsQuery(w: World, node: string, podIP: string | undefined, endpoint: number, replied: boolean): void {
  const ep = dnsEndpoint(w, node, endpoint);
  if (!ep) return;
  const at = ep.lastIndexOf(':');
  const ip = ep.slice(0, at);
  const client = podIP ?? w.machineSpecs.get(node)?.ip ?? '';
  const endpointNode = findListener(w, ip)?.node ?? node;
  trackDatagram(w, { fromNode: node, endpointNode, client, dialled: { ip: CLUSTER_DNS, port: 53 }, endpoint: { ip, port: Number(ep.slice(at + 1)) }, seenAs: client, replied });
}

export function podNetworkView(w: World, node: string, namespace: string, source?: HttpGet['source']): NetworkView {
  const from: PolicyEndpoint | undefined = source ? { kind: 'pod', ip: source.ip, node, pod: source.pod } : undefined;
  return {
    ...(from
      ? {
          egress: (ip: string, port: number, protocol: 'TCP' | 'UDP' | 'ICMP') => checkConnection(w, from, { kind: 'host', ip }, port, protocol) === undefined,
          dnsReachable: (endpoint: number) => cniDnsReachable(w, from, endpoint),
        }
      : {}),
    dnsSent: (endpoint: number, replied: boolean) => trackDnsQuery(w, node, source?.ip, endpoint, replied),
    connect: (ip: string, port: number) => tcpConnect(w, { from: node, host: ip, port, namespace, ...(source ? { source } : {}) }),
    redis: (ip: string, port: number, commands: string[][]) => redisSend(w, { from: node, host: ip, port, namespace, ...(source ? { source } : {}) }, commands),
    mysql: (ip: string, port: number, sent: MysqlRequest) => mysqlSend(w, { from: node, host: ip, port, namespace, ...(source ? { source } : {}) }, sent),
    zk: (ip: string, port: number, req: ZkRequest) => zkSend(w, { from: node, host: ip, port, namespace, ...(source ? { source } : {}) }, req),
    ping: (ip: string, seq: number) => ping(w, node, source, ip, seq),
    http(ip: string, port: number, path: string, request?: HttpRequest): HttpAnswer | 'timeout' | 'hang' | undefined {
      const r = httpGet(w, { from: node, host: ip, port, path, namespace, ...(source ? { source } : {}), ...(request ? { request } : {}) });
      switch (r.kind) {
        case 'no-endpoints':
          return undefined;
        case 'sent':
          switch (r.reply.kind) {
            case 'answer':
              return { status: r.reply.status, body: r.reply.body, ...(r.reply.head ? { head: r.reply.head } : {}), ...(r.reply.contentType !== undefined ? { contentType: r.reply.contentType } : {}), ...(r.reply.delayMs ? { delayMs: r.reply.delayMs } : {}) };
            case 'tls-failed':
              return { status: 0, body: '', tlsFailure: r.reply.failure };
            case 'refused':
              return undefined;
            case 'hang':
              return 'hang';
            case 'no-listener':
            case 'closed':
            case 'dropped':
              return 'timeout';
          }
          return 'timeout';
        case 'no-node':
        case 'no-proxy':
        case 'unknown-host':
        case 'unroutable':
        case 'no-local-endpoint':
          return 'timeout';
      }
    },
  };
}
