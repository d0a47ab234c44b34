/**
 * kube-apiserver's secure port as a client inside the cluster network reaches it (curl or wget in
 * a Pod, through the `kubernetes` Service or a control-plane node's address): Go's TLS listener,
 * then the filter chain — authentication (a kubeadm client certificate, a ServiceAccount bearer
 * token, or system:anonymous: kubeadm leaves anonymous auth on), then the same request pipeline kubectl's requests take
 * (handler.ts: RBAC, admission, storage, trace and audit), and the answer as the HTTP response
 * curl prints: pretty JSON for curl's and wget's User-Agent (negotiation.isPrettyPrint), Status
 * objects for errors, the headers the filters set.
 *
 * The URL is read as everywhere else (src/k8s/api-route.ts: the same 404s and 405s, a Namespace's
 * status, a workload's Scale, a Pod's log options, the list selectors, a Pod's or Service's proxy).
 *
 * Approximate: `?watch` is served as a list, `limit`/`continue` are ignored, a collection's DELETE
 * and server-side apply are not accepted over this path.
 */
import { handshake } from '../images/tls';
import { goHead, httpDate, plainToTls } from '../images/http-wire';
import { utf8Length } from '../../k8s/utf8';
import type { HttpAnswer, HttpRequest } from '../images/types';
import type { ComponentId } from '../core/ids';
import { trace } from '../runtime';
import type { World } from '../world';
import { EPOCH_MS } from '../../k8s/time';
import type { KObject } from '../../k8s/types';
import { listBody, objectBody } from '../../k8s/wire-json';
import { toJsonPrettyInOrder } from '../../k8s/printers/json';
import { apiRoute, type ResourceRoute } from '../../k8s/api-route';
import { isConnecter } from '../../k8s/discovery';
import { listSelectors, podLogOptions } from '../../k8s/request-options';
import { requestedResource } from '../../k8s/resources';
import { scaleOf } from '../../k8s/scale';
import { servedTarget } from '../../k8s/served-versions';
import { sha256Hex } from '../../k8s/sha256';
import { ANONYMOUS, type UserInfo } from './auth';
import { apiServerCertNames, clusterCaPem, kubeadmClientUser } from './cluster-ca';
import { handleRequest, lbAddress, type ApiRequest, type ApiResponse, type Verb } from './handler';
import { servedExtra } from './discovery';
import { serveNonResource } from './health';
import { refusedBeforeRouting } from './unrouted-authz';
import { authenticateBearerToken } from './token-authn';
import type { ApiServerState } from './state';
import { UNAUTHORIZED, type StatusError } from './status';
import type { PatchType } from './patch';
import { apfHeaders, classifyRequest, type ApfMatch } from './apf-classify';
import { FROM_CACHE, readOptions } from '../../k8s/read-consistency';

/** A response before framing: status, body, the Content-Type and whether the filters added nosniff. */
interface Reply {
  code: number;
  body: string;
  contentType: string;
  nosniff?: boolean;
  /** APF classified the request (authentication passed): its FlowSchema's and priority level's uids. */
  flowSchema?: ApfMatch;
  /** A proxy's redirect of `…/proxy` to `…/proxy/`. */
  location?: string;
}

/** APF's classification of an authenticated request (apf-classify.ts), from its route. */
function classifyRoute(w: World, user: UserInfo, method: string, path: string, route: ReturnType<typeof apiRoute>): ApfMatch | undefined {
  if (route.type !== 'resource') return classifyRequest(w, { user, nonResource: { verb: method.toLowerCase(), path } });
  const namespace = route.info.resource === 'namespaces' ? route.name : route.namespace;
  return classifyRequest(w, { user, resource: { verb: route.verb, apiGroup: route.info.group, resource: route.info.resource, ...(route.subresource ? { subresource: route.subresource } : {}), ...(namespace ? { namespace } : {}) } });
}

/** A v4-shaped uid that stays the same for the same input (no draw from the world's PRNG). */
function stableUid(text: string): string {
  const h = sha256Hex(text);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((Number.parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The response with the headers kube-apiserver's filters set (audit id, cache control, APF's). */
function frame(w: World, r: Reply, auditId: string, h2: boolean, method: string): HttpAnswer {
  const headers: [string, string][] = [
    ['Audit-Id', auditId],
    ['Cache-Control', 'no-cache, private'],
    ['Content-Type', r.contentType],
  ];
  if (r.nosniff) headers.push(['X-Content-Type-Options', 'nosniff']);
  if (r.location !== undefined) headers.push(['Location', r.location]);
  headers.push(...apfHeaders(r.flowSchema));
  const head = goHead(h2, r.code, headers, utf8Length(r.body), httpDate(EPOCH_MS + w.now));
  return { status: r.code, body: method === 'HEAD' ? '' : r.body, head };
}

/** metav1.Status as the pretty serializer writes it (StatusDetails' fields in Go's order, empty ones left out). */
function statusBody(e: StatusError, details: { name?: string; group?: string; kind?: string } | undefined): string {
  const d = e.details ?? details;
  const status: Record<string, unknown> = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: e.message };
  if (e.reason) status['reason'] = e.reason;
  if (d) {
    const out: Record<string, unknown> = {};
    if (d.name) out['name'] = d.name;
    if (d.group) out['group'] = d.group;
    if (d.kind) out['kind'] = d.kind;
    const more = e.details;
    if (more?.causes) out['causes'] = more.causes;
    if (more?.retryAfterSeconds !== undefined) out['retryAfterSeconds'] = more.retryAfterSeconds;
    status['details'] = out;
  }
  status['code'] = e.code;
  return toJsonPrettyInOrder(status);
}

/**
 * The authentication filter, kube-apiserver's authenticator union: a client certificate first
 * (x509: one kubeadm signed names its user; any other fails), then a bearer token, which must
 * verify; a request that presented neither is system:anonymous, one whose credential failed is 401.
 */
function authenticate(w: World, req: HttpRequest): UserInfo | undefined {
  const cert = req.tls?.certificatePem;
  const byCert = cert === undefined ? undefined : kubeadmClientUser(w, cert);
  if (byCert) return byCert;
  const auth = req.headers.find(([k]) => k.toLowerCase() === 'authorization')?.[1];
  if (auth === undefined) return cert === undefined ? ANONYMOUS : undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(auth);
  return m ? authenticateBearerToken(w, m[1]!) : undefined;
}

const PATCH_TYPES: Record<string, PatchType> = { 'application/merge-patch+json': 'merge', 'application/json-patch+json': 'json', 'application/strategic-merge-patch+json': 'strategic' };

/** Body and Content-Type of what the resource handler answered. */
function resourceReply(res: ApiResponse, t: ResourceRoute): Reply {
  if (!res.ok) {
    const e = res.error;
    if ('network' in e) return { code: 503, body: statusBody({ code: 503, reason: 'ServiceUnavailable', message: e.message }, undefined), contentType: 'application/json' };
    // apierrors.NewForbidden names the resource (and object) the authorizer refused.
    const details = e.code === 403 ? { kind: t.info.resource, group: t.info.group, ...(t.name ? { name: t.name } : {}) } : undefined;
    return { code: e.code, body: statusBody(e, details), contentType: 'application/json', ...(e.code === 403 ? { nosniff: true } : {}) };
  }
  // A Pod's or Service's app answered through its proxy: its status, body and Content-Type, or the redirect.
  if (res.proxied) return { code: res.code, body: res.text ?? '', contentType: res.proxied.contentType ?? 'text/plain; charset=utf-8', ...(res.proxied.location !== undefined ? { location: res.proxied.location } : {}) };
  if (res.text !== undefined && res.object === undefined && res.items === undefined) return { code: res.code, body: res.text, contentType: 'text/plain' };
  const object = res.object && t.subresource === 'scale' ? (scaleOf(res.object) as unknown as KObject) : res.object;
  const body = object ? objectBody(object, true) : listBody(t.info, res.items ?? [], res.resourceVersion, true);
  return { code: res.code, body, contentType: 'application/json' };
}

function parseBody(text: string | undefined): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text ?? '') as unknown };
  } catch {
    return { ok: false };
  }
}

const METHOD_NOT_ALLOWED: StatusError = { code: 405, reason: 'MethodNotAllowed', message: 'the server does not allow this method on the requested resource' };

/** The engine's verb for the route's: a watch is answered as a list; a collection's DELETE is not served here. */
function engineVerb(t: ResourceRoute): Verb | undefined {
  return t.verb === 'watch' ? 'list' : t.verb === 'deletecollection' ? undefined : t.verb;
}

function serveResource(w: World, server: ApiServerState, from: ComponentId, req: HttpRequest, user: UserInfo, t: ResourceRoute): Reply {
  const verb = engineVerb(t);
  if (!verb) return { code: 405, body: statusBody(METHOD_NOT_ALLOWED, undefined), contentType: 'application/json' };
  const api: ApiRequest = { verb, resource: requestedResource(t.info), user, from, fieldManager: 'curl' };
  if (t.info.namespaced && t.namespace !== undefined) api.namespace = t.namespace;
  if (t.name !== undefined) api.name = t.name;
  Object.assign(api, servedTarget(t.info));
  if (t.subresource !== undefined) api.subresource = t.subresource as ApiRequest['subresource'];
  if (isConnecter(t.subresource)) {
    // Connect without an upgrade: refused for the streams, relayed by a proxy (a Pod's, a Service's)
    // with the client's headers and body, which are the app's business, not decoded here.
    api.plain = true;
    const container = t.query.get('container');
    if (container) api.container = container;
    if (t.proxyPath !== undefined) api.proxyPath = t.proxyPath;
    api.forwarded = { headers: [...req.headers], ...(req.body !== undefined ? { body: req.body } : {}) };
    return resourceReply(handleRequest(w, server.id, api), t);
  }
  if (t.subresource === 'log') api.logOptions = podLogOptions(t.query);
  // Whether etcd must answer (read-consistency.ts); a watch is the watch cache's, whatever its query.
  if (t.verb === 'watch') api.read = FROM_CACHE;
  else if (verb === 'get' || verb === 'list') {
    const read = readOptions(t.query);
    if (Object.keys(read).length) api.read = read;
  }
  if (verb === 'list') {
    const selectors = listSelectors(t.query);
    if (typeof selectors === 'string') return { code: 400, body: statusBody({ code: 400, reason: 'BadRequest', message: selectors }, undefined), contentType: 'application/json' };
    if (selectors.labelSelector) api.labelSelector = selectors.labelSelector;
    if (selectors.fieldSelector) api.fieldSelector = selectors.fieldSelector;
  }
  if (verb === 'create' || verb === 'update' || verb === 'patch') {
    const parsed = parseBody(req.body);
    if (!parsed.ok) {
      const e: StatusError = { code: 400, reason: 'BadRequest', message: 'the body of the request was in an unknown format - accepted media types include: application/json, application/yaml, application/vnd.kubernetes.protobuf, application/cbor' };
      return { code: 400, body: statusBody(e, undefined), contentType: 'application/json' };
    }
    if (verb === 'patch') {
      const type = PATCH_TYPES[req.headers.find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? ''] ?? 'strategic';
      api.patchType = type;
      if (type === 'json') api.patchOps = parsed.value;
      else api.body = parsed.value as KObject;
    } else api.body = parsed.value as KObject;
  }
  return resourceReply(handleRequest(w, server.id, api), t);
}

/**
 * One request arriving at `server`'s secure port from `from` (the trace name of the caller's
 * machine). A client that sent no TLS gets net/http's fixed 400; a handshake the client refused
 * sends nothing.
 */
export function serveApiServerPort(w: World, server: ApiServerState, from: ComponentId, req: HttpRequest): HttpAnswer {
  if (!req.tls) return plainToTls();
  const failure = handshake(req.tls, { issuerPem: clusterCaPem(w), names: apiServerCertNames(server, lbAddress(w)) });
  if (failure) return { status: 0, body: '', tlsFailure: failure };
  const auditId = stableUid(`audit/${w.seed}/${w.nextRequestId}`);
  const h2 = req.tls.h2 === true;
  const user = authenticate(w, req);
  const path = req.path.split('?')[0] ?? '/';
  if (!user) {
    // Refused before any handler: the request and its 401 are all the trace shows.
    const requestId = w.nextRequestId++;
    trace(w, { from, to: server.id, kind: 'request', detail: { type: 'non-resource', method: req.method === 'POST' ? 'POST' : 'GET', path: req.path, user: '' }, requestId });
    trace(w, { from: server.id, to: from, kind: 'response', detail: { type: 'status', code: 401, reason: 'Unauthorized', message: 'Unauthorized' }, requestId });
    return frame(w, { code: 401, body: statusBody(UNAUTHORIZED, undefined), contentType: 'application/json' }, auditId, h2, req.method);
  }
  const route = apiRoute(req.method, req.path, servedExtra(w));
  const flowSchema = classifyRoute(w, user, req.method, path, route);
  const readOnly = req.method === 'GET' || req.method === 'HEAD';
  // The routes below authorize what they serve; a path they will refuse is authorized first.
  const refused = route.type === 'not-found' || route.type === 'method-not-allowed' || (route.type === 'non-resource' && !readOnly) ? refusedBeforeRouting(w, user, req.method, req.path) : undefined;
  let reply: Reply;
  if (refused) reply = { code: 403, body: statusBody(refused, undefined), contentType: 'application/json', nosniff: true };
  else if (route.type === 'non-resource' && !readOnly && path.replace(/\/+$/, '') === '/version') {
    // go-restful installed /version for GET alone; the mux's other paths take any method.
    reply = { code: 405, body: statusBody(METHOD_NOT_ALLOWED, undefined), contentType: 'application/json' };
  } else if (route.type === 'not-found') {
    const e: StatusError = { code: 404, reason: 'NotFound', message: 'the server could not find the requested resource' };
    reply = { code: 404, body: statusBody(e, {}), contentType: 'application/json' };
  } else if (route.type === 'method-not-allowed') reply = { code: 405, body: statusBody(METHOD_NOT_ALLOWED, undefined), contentType: 'application/json' };
  else if (route.type === 'resource') reply = serveResource(w, server, from, req, user, route);
  else {
    const raw = serveNonResource(w, server.id, from, user.name, req.path, { user, pretty: true });
    // Discovery and /version are JSON; health checks and Go's 404 page are plain text.
    const json = raw.code === 403 || (raw.code === 200 && (/^\/(api|apis|openapi)(\/|$)/.test(path) || path === '/version' || path === '/version/'));
    reply = { code: raw.code, body: raw.body, contentType: raw.contentType ?? (json ? 'application/json' : 'text/plain; charset=utf-8'), nosniff: !json || raw.code === 403 };
  }
  return frame(w, flowSchema ? { ...reply, flowSchema } : reply, auditId, h2, req.method);
}
