/**
 * The Pod's Connecter subresources (pkg/registry/core/pod/rest/subresources.go) where no stream
 * is served: `exec`, `attach` and `portforward` asked without an upgrade (kubectl get --raw, a
 * plain POST), `portforward` upgraded, and `proxy`. Each first locates its target as upstream's
 * Connect does — ExecLocation / AttachLocation (the Pod, its container, its node),
 * PortForwardLocation (the Pod, its node), ResourceLocation for proxy (the Pod, a port, its IP) —
 * so a missing Pod or container is the same Status as ever; then:
 * - a plain request to an upgradeable one: UpgradeAwareHandler's `400 Upgrade request required`;
 * - an upgraded `portforward`: the stream is not simulated (no local listener can reach a
 *   simulated Pod), so it is refused with a 400 that says so and names what reaches the Pod's
 *   app instead (its proxy, `sim curl`) — our own Status, not upstream's;
 * - `proxy` (podProxy): kube-apiserver dials `podIP:port` from its own machine (node/traffic.ts,
 *   the same path as `sim curl`) and relays the app's answer, or the proxy transport's 503.
 * The upgraded exec and attach are kubelet-proxy.ts's podExec and podAttach.
 */
import type { ComponentId } from '../core/ids';
import type { Pod } from '../../k8s/types';
import type { World } from '../world';
import type { HttpGet, HttpGetResult } from '../node/traffic';
import type { ApiServerState } from './state';
import { locationPath, pathPrepend, rewriteLinks } from './proxy-rewrite';
import { badRequest, type StatusError } from './status';

/**
 * Sends one HTTP request into the cluster's network from a machine (node/traffic.ts's httpGet).
 * As with the kubelets' servers (kubelet-proxy.ts), dispatch.ts wires it at load, so
 * kube-apiserver links no node code.
 */
export type PodNetwork = (w: World, req: HttpGet) => HttpGetResult;

let podNetwork: PodNetwork | undefined;

/** Wires pods/proxy to the network (called once, by dispatch.ts, at load). */
export function connectPodNetwork(n: PodNetwork): void {
  podNetwork = n;
}

/** The subresources served by Connect rather than by a store. */
export type ConnectSubresource = 'exec' | 'attach' | 'portforward' | 'proxy';

/** exec, attach and portforward stream over an upgraded connection (GET and POST); proxy carries any method. */
export const UPGRADEABLE: ReadonlySet<string> = new Set(['exec', 'attach', 'portforward']);

export function isConnect(sub: string | undefined): sub is ConnectSubresource {
  return sub === 'proxy' || (sub !== undefined && UPGRADEABLE.has(sub));
}

function names(list: { name: string }[] | undefined): string {
  return (list ?? []).map((c) => c.name).join(' ');
}

/** streamLocation's container check: the default when there is one, or its BadRequest. */
function containerError(pod: Pod, name: string, wanted: string | undefined): StatusError | undefined {
  if (wanted) {
    const all = [...pod.spec.containers, ...(pod.spec.initContainers ?? []), ...(pod.spec.ephemeralContainers ?? [])];
    return all.some((c) => c.name === wanted) ? undefined : badRequest(`container ${wanted} is not valid for pod ${name}`);
  }
  if (pod.spec.containers.length === 1) return undefined;
  if (pod.spec.containers.length === 0) return badRequest(`a container name must be specified for pod ${name}`);
  let msg = `a container name must be specified for pod ${name}, choose one of: [${names(pod.spec.containers)}]`;
  if ((pod.spec.initContainers ?? []).length) msg += ` or one of the init containers: [${names(pod.spec.initContainers)}]`;
  return badRequest(msg);
}

export interface ConnectRequest {
  subresource: ConnectSubresource;
  namespace: string;
  /** The URL's name: for proxy `[scheme:]name[:port]`. */
  name: string;
  container?: string;
  /** The request carried an Upgrade header (kubectl's exec, attach, port-forward). */
  upgraded: boolean;
}

function podAt(w: World, namespace: string, name: string): Pod | undefined {
  return w.etcd.kv.get('pods')?.get(`pods/${namespace}/${name}`) as Pod | undefined;
}

function podNotFound(name: string): StatusError {
  return { code: 404, reason: 'NotFound', message: `pods "${name}" not found` };
}

/** The port a URL without one reaches: the first declared container port (ResourceLocation), else the scheme's. */
function defaultPort(pod: Pod, scheme: string): number {
  const declared = pod.spec.containers.find((c) => (c.ports ?? []).length > 0)?.ports?.[0]?.containerPort;
  // net/http dials a URL without a port on the scheme's (80 for http).
  return declared ?? (scheme === 'https' ? 443 : 80);
}

/** Connect's answer where no stream is served, for exec, attach and portforward: always a Status error. */
export function connectRefusal(w: World, req: ConnectRequest): StatusError {
  const pod = podAt(w, req.namespace, req.name);
  if (!pod) return podNotFound(req.name);
  if (req.subresource !== 'portforward') {
    const bad = containerError(pod, req.name, req.container);
    if (bad) return bad;
  }
  const node = pod.spec.nodeName;
  if (!node) return badRequest(`pod ${req.name} does not have a host assigned`);
  if (!req.upgraded) return badRequest('Upgrade request required');
  // Port forwarding is not simulated: a local port cannot reach a simulated Pod's socket. Ours, not upstream's.
  const port = defaultPort(pod, 'http');
  return badRequest(
    `port-forward is not simulated: a local port cannot reach a simulated Pod; ask the Pod's app through kube-apiserver instead (kubectl get --raw /api/v1/namespaces/${req.namespace}/pods/${req.name}:${port}/proxy/ through reconcile serve, or sim curl in the simulator's terminal)`,
  );
}

export interface ProxyRequest {
  namespace: string;
  /** The URL's name: `[scheme:]name[:port]`. */
  name: string;
  /** The HTTP method kube-apiserver received, which goes on to the Pod. */
  method: string;
  /** What follows `/proxy` in the URL, with its query (`/healthz?verbose`); '' for none. */
  path: string;
  /** The request carried an Upgrade header: UpgradeAwareHandler's tryUpgrade, not the reverse proxy. */
  upgraded: boolean;
}

/** The app's answer as kube-apiserver relays it (status, body, Content-Type), or its redirect to `…/proxy/`. */
export interface ProxyAnswer {
  status: number;
  body: string;
  contentType?: string;
  location?: string;
}

/**
 * ResourceLocation (pkg/registry/core/pod/strategy.go: `name`, `name:port`, `scheme:name:port`;
 * no port: the first declared) and ProxyREST.Connect, then UpgradeAwareHandler: kube-apiserver
 * dials the Pod from its own machine and relays what the app answers. A transport error is
 * proxy.Transport's `error trying to reach service: <Go's dial error>` (503 ServiceUnavailable).
 */
export function podProxy(w: World, serverId: ComponentId, req: ProxyRequest): ProxyAnswer | StatusError {
  // utilnet.SplitSchemeNamePort: a name, and a scheme of "", http or https.
  const parts = req.name.split(':');
  const [scheme, name, port] = parts.length === 3 ? [parts[0]!, parts[1]!, parts[2]!] : ['', parts[0]!, parts[1] ?? ''];
  if (parts.length > 3 || name === '' || !['', 'http', 'https'].includes(scheme)) return badRequest(`invalid pod request ${JSON.stringify(req.name)}`);
  const pod = podAt(w, req.namespace, name);
  if (!pod) return podNotFound(name);
  const ip = pod.status?.podIP ?? '';
  if (!/^\d+\.\d+\.\d+\.\d+$/.test(ip) || ip.startsWith('127.') || ip.startsWith('169.254.') || ip === '0.0.0.0') return badRequest('address not allowed');
  const target = port === '' ? defaultPort(pod, scheme) : dialPort(port);
  const [rawPath = '', query] = splitQuery(req.path);
  const appPath = locationPath(rawPath);
  // proxyRedirectsforRootPath: `…/proxy` without the slash is sent to `…/proxy/` first.
  if (appPath === '' && !req.upgraded && (req.method === 'GET' || req.method === 'HEAD')) {
    return { status: 301, body: '', location: `/api/v1/namespaces/${req.namespace}/pods/${req.name}/proxy/${query !== undefined ? `?${query}` : ''}` };
  }
  if (typeof target === 'string') return req.upgraded ? { code: 500, reason: '', message: `error dialing backend: ${target}` } : { code: 503, reason: 'ServiceUnavailable', message: `error trying to reach service: ${target}` };
  const server = w.components.get(serverId) as ApiServerState;
  // The reverse proxy joins the location onto `/` (singleJoiningSlash).
  const sent = (appPath.startsWith('/') ? appPath : `/${appPath}`) + (query !== undefined ? `?${query}` : '');
  if (!podNetwork) throw new Error('pods/proxy: the pod network is not wired (dispatch.ts connects it at load)');
  const r = podNetwork(w, {
    from: server.host,
    host: ip,
    port: target,
    path: sent,
    namespace: req.namespace,
    // proxyTLSClientConfig: InsecureSkipVerify, as the address is an IP.
    request: { method: req.method, path: sent, headers: [], ...(scheme === 'https' ? { tls: { serverName: ip, insecure: true } } : {}) },
    via: serverId,
  });
  const answer = relay(r, `${ip}:${target}`, req.upgraded);
  // proxy.Transport rewrites an HTML page's same-host links (not on an upgrade: tryUpgrade echoes the answer as it came).
  if (!req.upgraded && 'status' in answer && (answer.contentType ?? '').split(';')[0]!.trim() === 'text/html') {
    answer.body = rewriteLinks(answer.body, `${ip}:${target}`, pathPrepend(req.namespace, req.name, rawPath));
  }
  return answer;
}

/** Go's net: the TCP service names it knows without /etc/services (a file with more names would resolve more). */
const SERVICES: Record<string, number> = { ftp: 21, ftps: 990, gopher: 70, http: 80, https: 443, imap2: 143, imap3: 220, imaps: 993, pop3: 110, pop3s: 995, smtp: 25, submissions: 465, ssh: 22, telnet: 23 };

/**
 * Go's net package on the port of `ip:port` (ResourceLocation puts the URL's port in the host as
 * it is): a number, or a known service name; else the dial's error.
 */
function dialPort(port: string): number | string {
  if (/^[0-9]+$/.test(port)) {
    const n = Number(port);
    return n <= 65535 ? n : `dial tcp: address ${port}: invalid port`;
  }
  return SERVICES[port.toLowerCase()] ?? `dial tcp: lookup tcp/${port}: unknown port`;
}

function splitQuery(path: string): [string, string | undefined] {
  const at = path.indexOf('?');
  return at < 0 ? [path, undefined] : [path.slice(0, at), path.slice(at + 1)];
}

/** What the reverse proxy (or, upgraded, tryUpgrade) makes of the Pod's reply. */
function relay(r: HttpGetResult, address: string, upgraded: boolean): ProxyAnswer | StatusError {
  // Go's net and net/http errors: the dial's, or the round trip's after it connected.
  let err: string;
  let dialed = false;
  if (r.kind !== 'sent') err = `dial tcp ${address}: i/o timeout`;
  else {
    const reply = r.reply;
    switch (reply.kind) {
      case 'answer':
        if (upgraded && reply.status < 400) return { code: 500, reason: '', message: `invalid upgrade response: status code ${reply.status}` };
        return { status: reply.status, body: reply.body, ...(reply.contentType !== undefined ? { contentType: reply.contentType } : {}) };
      case 'refused':
        err = `dial tcp ${address}: connect: connection refused`;
        break;
      case 'no-listener':
      case 'dropped':
        // The proxy transport's dialer gives up after 30 s (http.DefaultTransport's net.Dialer).
        err = `dial tcp ${address}: i/o timeout`;
        break;
      case 'hang':
        // Upstream sets no response-header timeout: a real client waits until it gives up. The
        // simulation ends the request with what http.Transport says when that timeout fires.
        dialed = true;
        err = 'net/http: timeout awaiting response headers';
        break;
      case 'closed':
        dialed = true;
        err = 'EOF';
        break;
      case 'tls-failed':
        dialed = true;
        err = reply.failure.kind === 'not-tls' ? 'tls: first record does not look like a TLS handshake' : 'remote error: tls: handshake failure';
        break;
    }
  }
  if (upgraded) return { code: 500, reason: '', message: dialed ? err : `error dialing backend: ${err}` };
  return { code: 503, reason: 'ServiceUnavailable', message: `error trying to reach service: ${err}` };
}

