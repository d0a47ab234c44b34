/**
 * The node's host network namespace as its own programs (curl, nc on `sim ssh`, `chroot /host`)
 * dial out of it. Loopback and the node's own address reach the sockets of host-sockets.ts,
 * answered as the real servers answer:
 * - kubelet 10248 `/healthz` → `ok` (the healthz mux; any other path Go's `404 page not found`);
 *   10250 is the kubelet's API (kubelet/server-port.ts: 401 without a credential).
 * - kube-proxy 10249 (cmd/kube-proxy/app/server.go serveMetrics): `/proxyMode` the mode, no
 *   newline; `/healthz`, `/livez` → `ok`. 10256 (pkg/proxy/healthcheck/proxy_health.go):
 *   node/proxy-health.ts's answer, which other machines and Pods get at the node's address too.
 * - kube-apiserver 6443: apiserver/https.ts, as any client reaches it.
 * - etcd 2381 `/health` → `{"health":"true","reason":""}` (etcd 3.6's etcdhttp health handler).
 * - kube-scheduler 10259 and kube-controller-manager 10257: HTTPS with a certificate they
 *   generated (its CA is in the chain: curl without -k stops at it); /healthz, /livez and
 *   /readyz are allowed to anyone (--authorization-always-allow-paths' default) → `ok`; other
 *   paths → 403 for system:anonymous.
 * A hostNetwork Pod's app answers on the node's loopback and address too. Anything else goes
 * out through the node's kube-proxy rules and routes (traffic.ts: ClusterIPs,
 * NodePorts, Pod IPs, other machines). A NodePort on the node's own address is caught by the
 * rules before any socket; on 127.0.0.1 too in iptables mode (kube-proxy sets route_localnet=1
 * for localhost node ports), not in nftables mode.
 *
 * Approximate: /metrics of kube-proxy and etcd are not modelled (404); a request to sshd or the
 * DNS stub gets an empty reply; the servers' answers are not on the trace; hostNetwork Pods'
 * apps answer only on the node itself (not from other machines) and ss does not list them.
 */
import type { World } from '../world';
import { EPOCH_MS } from '../../k8s/time';
import type { ComponentId } from '../core/ids';
import { proxierHealthReply } from '../node/proxy-health';
import { toJsonPrettyInOrder } from '../../k8s/printers/json';
import { utf8Length } from '../../k8s/utf8';
import { serveApiServerPort } from '../apiserver/https';
import { serveKubeletPort } from '../kubelet/server-port';
import { goHead, httpDate, plainToTls } from '../images/http-wire';
import { handshake } from '../images/tls';
import type { HttpAnswer, HttpRequest, NetworkView, PodLoopback } from '../images/types';
import { podNetworkView } from '../node/traffic';
import { runtimeOf } from '../node/cri';
import { listensOn, serveRequest } from '../node/app';
import type { ContainerRecord } from '../node/runtime-state';
import { markComponentChanged } from '../runtime';
import { acceptsAt, hostSockets, type HostSocket, type SocketServer } from './host-sockets';
import { hostProcesses } from './processes';
import { proxyModeOf } from './netfilter';

const TEXT = 'text/plain; charset=utf-8';
const NOT_FOUND = '404 page not found\n';

/** An answer framed as Go's net/http frames it (HTTP/2 when a TLS client offered h2). */
function goAnswer(w: World, req: HttpRequest, status: number, body: string, headers: [string, string][]): HttpAnswer {
  const head = goHead(req.tls?.h2 === true, status, headers, utf8Length(body), httpDate(EPOCH_MS + w.now));
  return { status, body: req.method === 'HEAD' ? '' : body, head };
}

const plain = (w: World, req: HttpRequest, status: number, body: string): HttpAnswer => goAnswer(w, req, status, body, [['Content-Type', TEXT], ['X-Content-Type-Options', 'nosniff']]);

/** Go's http.NotFound: its own Content-Type and nosniff. */
const notFound = (w: World, req: HttpRequest): HttpAnswer => plain(w, req, 404, NOT_FOUND);

function pathOf(req: HttpRequest): string {
  const q = req.path.search(/[?#]/);
  return q < 0 ? req.path : req.path.slice(0, q);
}

/** A plain-HTTP server asked for TLS: the handshake fails on its HTTP answer. */
function plainOnly(req: HttpRequest): HttpAnswer | undefined {
  return req.tls ? { status: 0, body: '', tlsFailure: { kind: 'not-tls' } } : undefined;
}

function serve(w: World, node: string, server: SocketServer, req: HttpRequest): HttpAnswer | undefined {
  const path = pathOf(req);
  switch (server.kind) {
    case 'kubelet-healthz':
      return plainOnly(req) ?? (path === '/healthz' ? plain(w, req, 200, 'ok') : notFound(w, req));
    case 'kubelet':
      return serveKubeletPort(w, node, req);
    case 'kube-proxy-metrics': {
      const tls = plainOnly(req);
      if (tls) return tls;
      if (path === '/proxyMode') return plain(w, req, 200, proxyModeOf(w));
      if (path === '/healthz' || path === '/livez') return plain(w, req, 200, 'ok');
      return notFound(w, req);
    }
    case 'kube-proxy-healthz':
      return plainOnly(req) ?? proxierHealthReply(w, { proxy: `kube-proxy/${node}` as ComponentId, startedAt: server.startedAt }, req);
    case 'kube-apiserver': {
      const rt = runtimeOf(w, node);
      return serveApiServerPort(w, server.server, rt?.id ?? server.server.id, req);
    }
    case 'etcd-metrics': {
      const tls = plainOnly(req);
      if (tls) return tls;
      if (path === '/health') return goAnswer(w, req, 200, '{"health":"true","reason":""}', [['Content-Type', 'application/json']]);
      return notFound(w, req);
    }
    case 'secure-health': {
      if (!req.tls) return plainToTls();
      const failure = handshake(req.tls, { issuerPem: `self-signed:${server.component}@${node}`, names: ['localhost', '127.0.0.1'], selfSigned: true });
      if (failure) return { status: 0, body: '', tlsFailure: failure };
      if (path === '/healthz' || path === '/livez' || path === '/readyz') return { ...plain(w, req, 200, 'ok'), tls: true };
      const status = toJsonPrettyInOrder({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: `forbidden: User "system:anonymous" cannot get path ${JSON.stringify(path)}`, reason: 'Forbidden', details: {}, code: 403 });
      return { ...goAnswer(w, req, 403, status, [['Content-Type', 'application/json'], ['X-Content-Type-Options', 'nosniff']]), tls: true };
    }
    case 'cri-stream':
      return plainOnly(req) ?? notFound(w, req);
    case 'other':
      return { status: 0, body: '', closed: true };
    default: {
      const never: never = server;
      return never;
    }
  }
}

/** The running containers of the node's hostNetwork Pods: their apps listen in the node's namespace. */
function hostNetworkContainers(w: World, node: string): ContainerRecord[] {
  const rt = runtimeOf(w, node);
  if (!rt) return [];
  const out: ContainerRecord[] = [];
  for (const c of rt.containers.values()) {
    const sb = rt.sandboxes.get(c.sandboxId);
    if (sb?.hostNetwork && sb.state === 'SANDBOX_READY' && c.state === 'CONTAINER_RUNNING' && c.process) out.push(c);
  }
  return out;
}

/** A request to a port a hostNetwork Pod's app listens on (`hostNetwork: true` nginx on :80). */
function hostNetworkApps(w: World, node: string, port: number, req: HttpRequest, ip: string): HttpAnswer | 'hang' | undefined {
  for (const c of hostNetworkContainers(w, node)) {
    const a = serveRequest(c.process!, w.now, port, req, req.path, ip === '::1' ? '::1' : '127.0.0.1');
    if (!a) continue;
    markComponentChanged(w, runtimeOf(w, node)!.id);
    return a.hang ? 'hang' : a;
  }
  return undefined;
}

/**
 * The node's loopback (and its own address, which container-net.ts treats as its own): the
 * socket listening there answers; a NodePort is kube-proxy's first (see the header); else refused.
 */
function nodeLoopback(w: World, node: string, view: NetworkView): PodLoopback {
  const nodeIP = w.machineSpecs.get(node)?.ip ?? '127.0.0.1';
  let sockets: HostSocket[] | undefined;
  const listening = (): HostSocket[] => (sockets ??= hostSockets(w, node, hostProcesses(w, node)));
  const nodePort = (port: number, ip: string): boolean => {
    if (port < 30000 || port > 32767) return false;
    // curl tries ::1 first and falls back to 127.0.0.1, which the IPv4 rule catches.
    if (ip !== nodeIP && !((ip === '127.0.0.1' || ip === '::1') && proxyModeOf(w) === 'iptables')) return false;
    return view.connect?.(nodeIP, port) !== 'timeout';
  };
  return {
    http(port: number, req: HttpRequest, ip = '127.0.0.1'): HttpAnswer | 'hang' | undefined {
      if (nodePort(port, ip)) {
        const a = view.http?.(nodeIP, port, req.path, req);
        return a === 'timeout' ? 'hang' : a;
      }
      const s = listening().find((x) => x.port === port && acceptsAt(x, ip, nodeIP));
      if (!s) return hostNetworkApps(w, node, port, req, ip);
      const a = serve(w, node, s.server, req);
      if (!a) return a;
      // A TLS server that answered did so after the handshake the client accepted.
      const tls = req.tls && !a.tlsFailure && a.status > 0 ? { tls: true as const } : {};
      const v4 = ip === '::1' && !acceptsAt(s, '::1', nodeIP, false) ? { ipv4Only: true as const } : {};
      return { ...a, ...tls, ...v4 };
    },
    connect(port: number, ip = '127.0.0.1'): boolean {
      if (nodePort(port, ip)) return view.connect?.(nodeIP, port) === 'open';
      if (listening().some((x) => x.port === port && acceptsAt(x, ip, nodeIP))) return true;
      return hostNetworkContainers(w, node).some((c) => listensOn(c.process!, w.now, port));
    },
  };
}

/** What a program on `node` dials out on: the node's own view of the cluster network plus its loopback. */
export function nodeNetwork(w: World, node: string): NetworkView {
  const view = podNetworkView(w, node, 'default');
  return { ...view, loopback: nodeLoopback(w, node, view) };
}
