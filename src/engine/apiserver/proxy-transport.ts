/**
 * What pods/proxy and services/proxy share once ResourceLocation has found the target address:
 * ProxyREST.Connect's UpgradeAwareHandler and kube-apiserver's proxy transport. It redirects a
 * bare `…/proxy` to `…/proxy/` (proxyRedirectsforRootPath), dials `ip:port` from the apiserver's
 * own machine (node/traffic.ts, the same path as `sim curl`), sends the client's method, headers
 * and body on as httputil.ReverseProxy does, and relays the app's answer — its status, body and
 * Content-Type, an HTML page's same-host links rewritten (proxy-rewrite.ts) — or the transport's
 * `503 error trying to reach service: <Go's error>`. An upgraded request is tryUpgrade's instead.
 */
import type { ComponentId } from '../core/ids';
import type { HttpGet, HttpGetResult } from '../node/traffic';
import type { World } from '../world';
import type { ApiRequest, ApiResponse } from './handler';
import type { ApiServerState } from './state';
import { locationPath, pathPrepend, rewriteLinks } from './proxy-rewrite';
import type { StatusError } from './status';

/**
 * Sends one HTTP request into the cluster's network from a machine (node/traffic.ts's httpGet).
 * As with the kubelets' servers (kubelet-proxy.ts), dispatch.ts wires it at load, so
 * kube-apiserver links no node code.
 */
export type PodNetwork = (w: World, req: HttpGet) => HttpGetResult;

let podNetwork: PodNetwork | undefined;

/** Wires the proxies to the network (called once, by dispatch.ts, at load). */
export function connectPodNetwork(n: PodNetwork): void {
  podNetwork = n;
}

/** One request into the cluster's network from kube-apiserver's machine (an admission webhook's call). */
export function sendFromApiServer(w: World, req: HttpGet): HttpGetResult {
  if (!podNetwork) throw new Error('the pod network is not wired (dispatch.ts connects it at load)');
  return podNetwork(w, req);
}

/** A proxy request as kube-apiserver received it, past authentication and authorization. */
export interface ProxyRequest {
  namespace: string;
  /** The URL's name: `[scheme:]name[:port]`. */
  name: string;
  /** The HTTP method kube-apiserver received, which goes on to the app. */
  method: string;
  /** What follows `/proxy` in the URL, with its query (`/healthz?verbose`); '' for none. */
  path: string;
  /** The request carried an Upgrade header: UpgradeAwareHandler's tryUpgrade, not the reverse proxy. */
  upgraded: boolean;
  /** The client's headers as sent (the reverse proxy copies them on, less those dropped below). */
  headers?: readonly (readonly [string, string])[];
  /** The request body, which the reverse proxy streams on. */
  body?: string;
}

/** The app's answer as kube-apiserver relays it (status, body, Content-Type), or its redirect to `…/proxy/`. */
export interface ProxyAnswer {
  status: number;
  body: string;
  contentType?: string;
  location?: string;
}

/** Where ResourceLocation sends the request: the address, or the dial's own error (a port Go's net cannot resolve). */
export interface ProxyTarget {
  /** `pods`, `services` or `nodes`: the URL's resource, for the redirect and the rewritten links. */
  resource: string;
  scheme: string;
  ip: string;
  port: number | string;
  /** The kubelet transport's client certificate (a node's kubelet port), presented in the handshake. */
  certificate?: { commonName: string; organizations: string[] };
}

/** The URL up to `/proxy`, as the client asked for it: what a redirect and rewritten links start with. */
function proxyBase(target: ProxyTarget, req: ProxyRequest): string {
  return target.resource === 'nodes' ? `/api/v1/nodes/${req.name}/proxy` : `/api/v1/namespaces/${req.namespace}/${target.resource}/${req.name}/proxy`;
}

/**
 * Headers that go no further: Authorization (WithAuthentication deletes it once it has
 * authenticated the request), Impersonate-* (WithImpersonation), and httputil.ReverseProxy's
 * hop-by-hop headers, with any the Connection header names.
 */
const HOP_BY_HOP: ReadonlySet<string> = new Set(['connection', 'proxy-connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

function forwardedHeaders(headers: ProxyRequest['headers'], forwardedUri: string): [string, string][] {
  const all = headers ?? [];
  const named = all.filter(([k]) => k.toLowerCase() === 'connection').flatMap(([, v]) => v.split(',').map((s) => s.trim().toLowerCase()));
  const kept = all.filter(([k]) => {
    const key = k.toLowerCase();
    return key !== 'authorization' && !key.startsWith('impersonate-') && !HOP_BY_HOP.has(key) && !named.includes(key);
  });
  // proxy.Transport's RoundTrip names the path the client asked for.
  return [...kept.map(([k, v]): [string, string] => [k, v]), ['X-Forwarded-Uri', forwardedUri]];
}

export function proxyTo(w: World, serverId: ComponentId, target: ProxyTarget, req: ProxyRequest): ProxyAnswer | StatusError {
  const base = proxyBase(target, req);
  const [rawPath = '', query] = splitQuery(req.path);
  const appPath = locationPath(rawPath);
  // proxyRedirectsforRootPath: `…/proxy` without the slash is sent to `…/proxy/` first.
  if (appPath === '' && !req.upgraded && (req.method === 'GET' || req.method === 'HEAD')) {
    return { status: 301, body: '', location: `${base}/${query !== undefined ? `?${query}` : ''}` };
  }
  if (typeof target.port === 'string') return req.upgraded ? { code: 500, reason: '', message: `error dialing backend: ${target.port}` } : { code: 503, reason: 'ServiceUnavailable', message: `error trying to reach service: ${target.port}` };
  const server = w.components.get(serverId) as ApiServerState;
  // The reverse proxy joins the location onto `/` (singleJoiningSlash).
  const sent = (appPath.startsWith('/') ? appPath : `/${appPath}`) + (query !== undefined ? `?${query}` : '');
  if (!podNetwork) throw new Error(`${target.resource}/proxy: the pod network is not wired (dispatch.ts connects it at load)`);
  const r = podNetwork(w, {
    from: server.host,
    host: target.ip,
    port: target.port,
    path: sent,
    namespace: req.namespace,
    request: {
      method: req.method,
      path: sent,
      headers: forwardedHeaders(req.headers, base + rawPath),
      ...(req.body !== undefined && req.body !== '' ? { body: req.body } : {}),
      // proxyTLSClientConfig: InsecureSkipVerify, as the address is an IP (so is kubeadm's kubelet
      // transport: no --kubelet-certificate-authority, and the kubelet's certificate is self-signed).
      ...(target.scheme === 'https' ? { tls: { serverName: target.ip, insecure: true, ...(target.certificate ? { certificate: target.certificate } : {}) } } : {}),
    },
    via: serverId,
  });
  const address = `${target.ip}:${target.port}`;
  const answer = relay(r, address, req.upgraded);
  // proxy.Transport rewrites an HTML page's same-host links (not on an upgrade: tryUpgrade echoes the answer as it came).
  if (!req.upgraded && 'status' in answer && (answer.contentType ?? '').split(';')[0]!.trim() === 'text/html') {
    answer.body = rewriteLinks(answer.body, address, pathPrepend(base, rawPath));
  }
  return answer;
}

/**
 * What a proxy hands on: the URL's name and path, the method, and what the client sent with it.
 * A simulated client (the terminal's kubectl) sends no header list; its User-Agent is still one
 * of the headers the reverse proxy copies (`agent`), so the app's access log names it.
 */
export function proxyRequest(req: ApiRequest, method: string, agent: string): ProxyRequest {
  const out: ProxyRequest = { namespace: req.namespace ?? 'default', name: req.name ?? '', method, path: req.proxyPath ?? '', upgraded: !req.plain };
  if (req.forwarded) {
    out.headers = req.forwarded.headers;
    if (req.forwarded.body !== undefined) out.body = req.forwarded.body;
  } else out.headers = [['User-Agent', agent]];
  return out;
}

/** The app's answer (or the redirect) as the response; a Status the proxy raised as the failure. */
export function proxied(answer: ProxyAnswer | StatusError): ApiResponse {
  if ('code' in answer) return { ok: false, error: answer };
  const relayed = { ...(answer.contentType !== undefined ? { contentType: answer.contentType } : {}), ...(answer.location !== undefined ? { location: answer.location } : {}) };
  return { ok: true, code: answer.status, text: answer.body, resourceVersion: '', proxied: relayed };
}

/** Go's net: the TCP service names it knows without /etc/services (a file with more names would resolve more). */
const SERVICES: Record<string, number> = { ftp: 21, ftps: 990, gopher: 70, http: 80, https: 443, imap2: 143, imap3: 220, imaps: 993, pop3: 110, pop3s: 995, smtp: 25, submissions: 465, ssh: 22, telnet: 23 };

/**
 * Go's net package on the port of `ip:port` (ResourceLocation puts the URL's port in the host as
 * it is): a number, or a known service name; else the dial's error.
 */
export function dialPort(port: string): number | string {
  if (/^[0-9]+$/.test(port)) {
    const n = Number(port);
    return n <= 65535 ? n : `dial tcp: address ${port}: invalid port`;
  }
  return SERVICES[port.toLowerCase()] ?? `dial tcp: lookup tcp/${port}: unknown port`;
}

/**
 * utilnet.SplitSchemeNamePort: `name`, `name:port` or `scheme:name:port`, the scheme "", http or
 * https and the name not empty; undefined where it answers !valid.
 */
export function splitSchemeNamePort(id: string): { scheme: string; name: string; port: string } | undefined {
  const parts = id.split(':');
  const [scheme, name, port] = parts.length === 3 ? [parts[0]!, parts[1]!, parts[2]!] : ['', parts[0]!, parts[1] ?? ''];
  if (parts.length > 3 || name === '' || !['', 'http', 'https'].includes(scheme)) return undefined;
  return { scheme, name, port };
}

function splitQuery(path: string): [string, string | undefined] {
  const at = path.indexOf('?');
  return at < 0 ? [path, undefined] : [path.slice(0, at), path.slice(at + 1)];
}

/** What the reverse proxy (or, upgraded, tryUpgrade) makes of the app's reply. */
function relay(r: HttpGetResult, address: string, upgraded: boolean): ProxyAnswer | StatusError {
  // Go's net and net/http errors: the dial's, or the round trip's after it connected.
  let err: string;
  let dialed = false;
  if (r.kind !== 'sent') err = `dial tcp ${address}: i/o timeout`;
  else {
    const reply = r.reply;
    switch (reply.kind) {
      case 'answer': {
        if (upgraded && reply.status < 400) return { code: 500, reason: '', message: `invalid upgrade response: status code ${reply.status}` };
        // A host process (the kubelet) frames its own headers; a Pod's app only names its type.
        const contentType = reply.contentType ?? reply.head?.headers.find(([k]) => k.toLowerCase() === 'content-type')?.[1];
        return { status: reply.status, body: reply.body, ...(contentType !== undefined ? { contentType } : {}) };
      }
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
