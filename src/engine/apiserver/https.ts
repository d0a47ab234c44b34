/**
 * kube-apiserver's secure port as a client inside the cluster network reaches it (curl or wget in
 * a Pod, through the `kubernetes` Service or a control-plane node's address): Go's TLS listener,
 * then the filter chain — authentication (a ServiceAccount bearer token, or system:anonymous:
 * kubeadm leaves anonymous auth on), then the same request pipeline kubectl's requests take
 * (handler.ts: RBAC, admission, storage, trace and audit), and the answer as the HTTP response
 * curl prints: pretty JSON for curl's and wget's User-Agent (negotiation.isPrettyPrint), Status
 * objects for errors, the headers the filters set.
 *
 * Approximate: `?watch` is served as a list, `?labelSelector`/`?fieldSelector` are ignored, and
 * server-side apply is not accepted over this path.
 */
import { servedResource } from '../apiextensions/served';
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
import type { ResourceInfo } from '../../k8s/resources';
import { sha256Hex } from '../images/sha256';
import type { UserInfo } from './auth';
import { apiServerCertNames, clusterCaPem } from './cluster-ca';
import { handleRequest, lbAddress, type ApiRequest, type ApiResponse, type Verb } from './handler';
import { serveNonResource } from './health';
import { authenticateToken } from './serviceaccount-token';
import type { ApiServerState } from './state';
import type { StatusError } from './status';
import type { PatchType } from './patch';

const ANONYMOUS: UserInfo = { name: 'system:anonymous', groups: ['system:unauthenticated'] };

/** A response before framing: status, body, the Content-Type and whether the filters added nosniff. */
interface Reply {
  code: number;
  body: string;
  contentType: string;
  nosniff?: boolean;
  /** APF classified the request (authentication passed): its FlowSchema. */
  flowSchema?: FlowSchema;
}

type FlowSchema = 'exempt' | 'probes' | 'kube-system-service-accounts' | 'service-accounts' | 'global-default';
const PRIORITY_LEVEL: Record<FlowSchema, string> = { exempt: 'exempt', probes: 'exempt', 'kube-system-service-accounts': 'workload-high', 'service-accounts': 'workload-low', 'global-default': 'global-default' };

/** The bootstrap FlowSchema a request matches first (apf's mandatory and suggested configuration). */
function flowSchemaOf(user: UserInfo, path: string): FlowSchema {
  if (user.groups.includes('system:masters')) return 'exempt';
  if (/^\/(healthz|livez|readyz)(\/|\?|$)/.test(path)) return 'probes';
  if (user.groups.includes('system:serviceaccounts:kube-system')) return 'kube-system-service-accounts';
  if (user.groups.includes('system:serviceaccounts')) return 'service-accounts';
  return 'global-default';
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
  if (r.flowSchema) {
    headers.push(['X-Kubernetes-Pf-Flowschema-Uid', stableUid(`flowschema/${w.seed}/${r.flowSchema}`)]);
    headers.push(['X-Kubernetes-Pf-Prioritylevel-Uid', stableUid(`prioritylevel/${w.seed}/${PRIORITY_LEVEL[r.flowSchema]}`)]);
  }
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

const UNAUTHORIZED: StatusError = { code: 401, reason: 'Unauthorized', message: 'Unauthorized' };

/** The authentication filter: a bearer token must verify; no Authorization header is system:anonymous. */
function authenticate(w: World, req: HttpRequest): UserInfo | undefined {
  const auth = req.headers.find(([k]) => k.toLowerCase() === 'authorization')?.[1];
  if (auth === undefined) return ANONYMOUS;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(auth);
  return m ? authenticateToken(w, m[1]!) : undefined;
}

interface Target {
  info: ResourceInfo;
  namespace?: string;
  name?: string;
  subresource?: string;
}

/** RequestInfo for a resource path, or undefined for a non-resource path; `null`: an API path naming nothing served. */
function resourceTarget(w: World, path: string): Target | undefined | null {
  const segs = path.split('/').filter((s) => s !== '');
  let rest: string[];
  let group = '';
  let version: string;
  if (segs[0] === 'api' && segs.length >= 3) [version = '', ...rest] = segs.slice(1);
  else if (segs[0] === 'apis' && segs.length >= 4) [group = '', version = '', ...rest] = segs.slice(1);
  else return undefined;
  let namespace: string | undefined;
  if (rest[0] === 'namespaces' && rest.length >= 3) {
    namespace = rest[1];
    rest = rest.slice(2);
  }
  const [resource = '', name, subresource, ...extra] = rest;
  const info = servedResource(w, resource);
  if (!info || info.group !== group || info.version !== version || extra.length > 0 || (namespace !== undefined && !info.namespaced)) return null;
  return { info, ...(namespace !== undefined ? { namespace } : {}), ...(name !== undefined ? { name } : {}), ...(subresource !== undefined ? { subresource } : {}) };
}

const PATCH_TYPES: Record<string, PatchType> = { 'application/merge-patch+json': 'merge', 'application/json-patch+json': 'json', 'application/strategic-merge-patch+json': 'strategic' };

function verbOf(method: string, t: Target): Verb | undefined {
  switch (method) {
    case 'GET':
    case 'HEAD':
      return t.name === undefined ? 'list' : 'get';
    case 'POST':
      return 'create';
    case 'PUT':
      return 'update';
    case 'PATCH':
      return 'patch';
    case 'DELETE':
      return 'delete';
    default:
      return undefined;
  }
}

/** Body and Content-Type of what the resource handler answered. */
function resourceReply(res: ApiResponse, t: Target): Reply {
  if (!res.ok) {
    const e = res.error;
    if ('network' in e) return { code: 503, body: statusBody({ code: 503, reason: 'ServiceUnavailable', message: e.message }, undefined), contentType: 'application/json' };
    // apierrors.NewForbidden names the resource (and object) the authorizer refused.
    const details = e.code === 403 ? { kind: t.info.resource, group: t.info.group, ...(t.name ? { name: t.name } : {}) } : undefined;
    return { code: e.code, body: statusBody(e, details), contentType: 'application/json', ...(e.code === 403 ? { nosniff: true } : {}) };
  }
  if (res.text !== undefined && res.object === undefined && res.items === undefined) return { code: res.code, body: res.text, contentType: 'text/plain' };
  const body = res.object ? objectBody(res.object, true) : listBody(t.info, res.items ?? [], res.resourceVersion, true);
  return { code: res.code, body, contentType: 'application/json' };
}

function parseBody(text: string | undefined): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text ?? '') as unknown };
  } catch {
    return { ok: false };
  }
}

function serveResource(w: World, server: ApiServerState, from: ComponentId, req: HttpRequest, user: UserInfo, t: Target): Reply {
  const verb = verbOf(req.method, t);
  // serviceaccounts/token is a NamedCreater only: any other method finds no handler.
  if (!verb || (t.subresource === 'token' && verb !== 'create')) return { code: 405, body: statusBody({ code: 405, reason: 'MethodNotAllowed', message: `the server does not allow this method on the requested resource` }, undefined), contentType: 'application/json' };
  const api: ApiRequest = { verb, resource: t.info.resource, user, from, fieldManager: 'curl' };
  if (t.namespace !== undefined) api.namespace = t.namespace;
  if (t.name !== undefined) api.name = t.name;
  if (t.subresource === 'status' || t.subresource === 'scale' || t.subresource === 'log' || t.subresource === 'eviction' || t.subresource === 'binding' || t.subresource === 'token' || t.subresource === 'ephemeralcontainers') api.subresource = t.subresource;
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
  const flowSchema = flowSchemaOf(user, path);
  const target = resourceTarget(w, path);
  let reply: Reply;
  if (target === null) {
    const e: StatusError = { code: 404, reason: 'NotFound', message: 'the server could not find the requested resource' };
    reply = { code: 404, body: statusBody(e, {}), contentType: 'application/json' };
  } else if (target) reply = serveResource(w, server, from, req, user, target);
  else {
    const raw = serveNonResource(w, server.id, from, user.name, req.path, { user, pretty: true });
    // Discovery and /version are JSON; health checks and Go's 404 page are plain text.
    const json = raw.code === 403 || (raw.code === 200 && (/^\/(api|apis|openapi)(\/|$)/.test(path) || path === '/version' || path === '/version/'));
    reply = { code: raw.code, body: raw.body, contentType: json ? 'application/json' : 'text/plain; charset=utf-8', nosniff: !json || raw.code === 403 };
  }
  return frame(w, { ...reply, flowSchema }, auditId, h2, req.method);
}
