/**
 * kube-apiserver's request pipeline: authentication → authorization → decoding → mutating
 * admission → validation → validating admission → etcd → response, each stage a trace hop.
 * This file is the orchestration; each stage's rules live in its own module. Over 400 lines on
 * purpose: the stages share one request record and its trace hops, and reading them in order in
 * one place is how the pipeline is checked against upstream's filter chain.
 */
import type { ComponentId } from '../core/ids';
import type { HttpMethod, TraceDetails, TraceObject } from '../core/trace';
import { randomString, uuidV4 } from '../core/rng';
import { rfc3339 } from '../../k8s/time';
import type { IPAddress, KObject, Pod, PodStatus, Service } from '../../k8s/types';
import { podQOS } from '../../k8s/qos';
import { apiVersionOf, type ResourceInfo } from '../../k8s/resources';
import { matches, type Selector } from '../../k8s/labels';
import type { ComponentBase } from '../core/component';
import { trace, traceRef } from '../runtime';
import type { World } from '../world';
import type { ApiServerState } from './state';
import { authorize, forbiddenMessage, impersonate, impersonationChecks, type Impersonation, type UserInfo } from './auth';
import { authorizeResourceWithReason } from './rbac-authorizer';
import { addAuditAnnotation, appendAudit, auditStatus, takeAuditAnnotations, clientUserAgent, objectRef, requestURI } from './audit';
import type { AuditRecord } from './audit-types';
import {
  alreadyExists,
  badRequest,
  conflict,
  etcdFailure,
  forbidden,
  invalid,
  methodNotAllowed,
  notFound,
  UNAUTHORIZED,
  type NetworkError,
  type StatusError,
} from './status';
import { commit, rangeRead, storedObject } from './storage';
import { readsEtcd, type ReadOptions } from '../../k8s/read-consistency';
import { filterMatches } from './watch';
import { serveComponentStatus } from './componentstatus';
import { listCandidates } from './list-index';
import type { FieldRequirement } from './watch-types';
import { runMutating, runValidating } from './admission';
import type { AdmissionAttributes } from './admission/types';
import { validateObject } from './validation';
import { semanticEqual } from './validation/field';
import { decodeStage, type FieldValidation } from './validation/decode-stage';
import { applyPatchOfType, type PatchType } from './patch';
import { withConditionTimes } from './zero-times';
import { applyConfiguration, type ApplyOptions } from './apply/apply';
import { recordUpdate, type UpdateManager } from './apply/update';
import { applyDelete, type DeleteOptions } from './delete';
import { applySubresource } from './subresources';
import { scaleOf } from '../../k8s/scale';
import { prepareNamespaceForCreate } from './namespace-strategy';
import { populateConditionTimestamps, prepareForCreate } from './admission/strategy';
import type { CertificateSigningRequest } from '../../k8s/certificates';
import { prepareDaemonSetCreate, prepareDaemonSetUpdate } from './daemonset-strategy';
import { podAttach, podExec, podLogs, podPortForward } from './kubelet-proxy';
import { connectRefusal, isConnect, podProxy, UPGRADEABLE } from './connect';
import { proxied, proxyRequest } from './proxy-transport';
import { serviceProxy } from './service-proxy';
import { nodeProxy } from './node-proxy';
import { isReview, review } from './reviews';
import { checkEscalation } from './rbac-escalation';
import type { AttachOptions, AttachOutcome, ExecOptions, ExecOutcome, LogOptions } from '../kubelet/server-api';
import { cloneData } from '../core/clone';
import { customSource } from '../../k8s/apiextensions';
import { unsupportedFieldLabel } from '../../k8s/field-labels';
import { crdOf, servedResource } from '../apiextensions/served';
import { aggregatedResource, isAggregated, proxyAggregated } from './aggregator';
import { prepareCrdForCreate } from '../apiextensions/strategy';
import { releaseIPAddresses, reserveIPAddresses, type Loopback } from './ipallocator';
import { ipAddressDeleted } from './ipallocator-repair';
import { atVersion, toServed, toStorage } from '../../k8s/served-versions';
import { machineCutOff } from '../node/cut-off';
import { countResourceRequest } from './request-metrics';
import type { ClusterPace } from '../core/pace';

export type Verb = 'get' | 'list' | 'create' | 'update' | 'patch' | 'delete';

export interface ApiRequest {
  verb: Verb;
  resource: string;
  /**
   * The version the request's URL names (`/apis/autoscaling/v1/...`); unset is the resource
   * table's (storage) version. Another served version's objects are converted on the way in
   * and out (src/k8s/served-versions.ts).
   */
  version?: string;
  /** The group the URL names when it is not the resource table's: events.k8s.io's view of core Events. */
  group?: string;
  subresource?: 'status' | 'binding' | 'scale' | 'eviction' | 'log' | 'exec' | 'attach' | 'portforward' | 'proxy' | 'finalize' | 'token' | 'ephemeralcontainers' | 'resize' | 'approval';
  /**
   * A request to a pod's exec, attach or portforward without an Upgrade header (a plain GET or
   * POST): located, then refused as UpgradeAwareHandler refuses it (connect.ts).
   */
  plain?: true;
  /** For `pods/exec`, `pods/attach` asked without a stream: the `?container=` the URL names. */
  container?: string;
  /**
   * For `pods/proxy` and `services/proxy`: what follows `/proxy` in the URL, with its query
   * (`/healthz?verbose=1`); unset or '' when the URL ends at `/proxy`. Carried on to the app.
   */
  proxyPath?: string;
  /** For a proxy: the client's request headers and body, which the reverse proxy sends on to the app. */
  forwarded?: { headers: [string, string][]; body?: string };
  /** For `pods/log`. */
  logOptions?: LogOptions;
  /** For `pods/exec`. */
  execOptions?: ExecOptions;
  /** For `pods/attach`. */
  attachOptions?: AttachOptions;
  /**
   * For the learner's `pods/exec` and `pods/attach`: the cluster's time, which the command run
   * over the stream waits for (kubelet/server-api.ts ExecRequest.pace). Set by Simulation.request
   * alone; a component's request never holds the World.
   */
  pace?: ClusterPace;
  namespace?: string;
  name?: string;
  body?: KObject;
  labelSelector?: Selector;
  fieldSelector?: FieldRequirement[];
  gracePeriodSeconds?: number;
  propagationPolicy?: DeleteOptions['propagationPolicy'];
  preconditions?: DeleteOptions['preconditions'];
  dryRun?: boolean;
  /** How unknown fields are treated; unset means the server default, Warn (kubectl sends Strict). */
  fieldValidation?: FieldValidation;
  /** A PATCH's Content-Type; unset is a strategic merge patch, as client-go's components send. */
  patchType?: PatchType;
  /** A JSON patch's body (an array of operations, or whatever was sent), which is no object. */
  patchOps?: unknown;
  /**
   * A GET's or LIST's resourceVersion and paging as far as they decide whether etcd must answer
   * (k8s/read-consistency.ts). Unset is what client-go's Get and List send by default, no
   * resourceVersion: a read etcd must confirm. A Reflector's list says `FROM_CACHE`.
   */
  read?: ReadOptions;
  /** A server-side apply (`application/apply-patch+yaml`): `body` is the applied configuration. */
  apply?: ApplyOptions;
  /** `?fieldManager=` of a create, update or patch; unset, the manager is the caller's binary name. */
  fieldManager?: string;
  user: UserInfo;
  /** Who the authenticated user asks to act as (`kubectl --as`); RBAC must allow `impersonate`. */
  impersonate?: Impersonation;
  /** Trace name of the caller. */
  from: ComponentId;
  /**
   * The caller hands `body` over: it never reads or writes that object (nor anything it reaches
   * that the caller did not take from a stored object) again, so a create may keep it and a
   * status write its status, instead of copying. Internal clients only (the kubelet's status
   * writes, the ReplicaSet controller's Pods): a copy per write was a few percent of a big run.
   */
  handOver?: true;
}

export type ApiResponse =
  | {
      ok: true;
      code: number;
      object?: KObject;
      items?: KObject[];
      resourceVersion: string;
      warnings?: string[];
      text?: string;
      exec?: ExecOutcome;
      attach?: AttachOutcome;
      /**
       * `pods/proxy`, `services/proxy`: the app answered (`code` is its status, whatever it is,
       * `text` its body) with this Content-Type, or kube-apiserver redirected to `location`.
       */
      proxied?: { contentType?: string; location?: string };
    }
  | { ok: false; error: StatusError | NetworkError };

/** Finds the kube-apiserver instance a component's requests reach. */
export function pickServer(w: World, self: ComponentBase): ApiServerState | NetworkError {
  const servers = apiServers(w);
  if (machineCutOff(w, self.host)) {
    const lb = lbAddress(w);
    return { network: true, server: lb, message: `dial tcp ${lb}: i/o timeout` };
  }
  // kubeadm points control-plane components at their local apiserver.
  const local = servers.find((s) => s.host === self.host);
  if (local && self.kind !== 'kubectl' && self.kind !== 'kubelet') {
    return local.running ? local : { network: true, server: local.address, message: `dial tcp ${local.address}: connect: connection refused` };
  }
  const up = servers.find((s) => s.running);
  if (up) return up;
  const lb = lbAddress(w);
  return { network: true, server: lb, message: `dial tcp ${lb}: connect: connection refused` };
}

/** The kube-apiserver instances, in topology order (the list never changes after boot). */
export function apiServers(w: World): ApiServerState[] {
  return w.apiServers.map((id) => w.components.get(id) as ApiServerState);
}

/** The address kubeconfigs point at: the single apiserver, or the HA load balancer. */
export function lbAddress(w: World): string {
  const servers = apiServers(w);
  return servers.length === 1 ? servers[0]!.address : '10.0.0.100:6443';
}

function path(info: ResourceInfo, ns: string | undefined, name: string | undefined, sub: string | undefined): string {
  const base = info.group ? `/apis/${info.group}/${info.version}` : `/api/${info.version}`;
  let p = base + (info.namespaced && ns ? `/namespaces/${ns}` : '') + `/${info.resource}`;
  if (name) p += `/${name}`;
  if (sub) p += `/${sub}`;
  return p;
}

const METHOD: Record<Verb, HttpMethod> = { get: 'GET', list: 'GET', create: 'POST', update: 'PUT', patch: 'PATCH', delete: 'DELETE' };

const STATUS_TEXT: Record<number, string> = { 101: 'Switching Protocols', 200: 'OK', 201: 'Created', 202: 'Accepted' };

/** The request as RequestInfo sees it; a resource the server does not know is a bare `/<name>`. */
function requestDetail(req: ApiRequest, info: ResourceInfo | undefined): TraceDetails['request'] {
  const method = METHOD[req.verb];
  const user = req.user.name;
  if (!info) return { type: 'resource', method, verb: req.verb, user, path: `/${req.resource}`, group: '', version: '', resource: req.resource };
  // A create posts to the collection: its path names no object.
  const name = req.verb === 'create' && !req.subresource ? undefined : req.name;
  const namespace = info.namespaced ? req.namespace : undefined;
  // Assigned, not spread: one of these is built for every request (key order as always).
  const d: TraceDetails['request'] = { type: 'resource', method, verb: req.verb, user, path: path(info, req.namespace, name, req.subresource), group: info.group, version: info.version, resource: info.resource };
  if (req.subresource) d.subresource = req.subresource;
  if (namespace) d.namespace = namespace;
  if (name) d.name = name;
  return d;
}

function responseDetail(res: ApiResponse, returned: TraceObject | undefined): TraceDetails['response'] {
  if (!res.ok) {
    const e = res.error;
    return 'network' in e ? { type: 'network', error: e.message } : { type: 'status', code: e.code, reason: e.reason, message: e.message };
  }
  const detail: TraceDetails['response'] = { type: 'status', code: res.code, reason: STATUS_TEXT[res.code] ?? '' };
  if (returned) detail.object = { ...returned };
  else if (res.items) detail.items = res.items.length;
  return detail;
}

function mutatedDetail(plugins: string[]): TraceDetails['mutating-admission'] {
  return plugins.length ? { result: 'mutated', plugins } : { result: 'unchanged' };
}

/**
 * Events and Leases are written constantly in the background; their pipeline hops are summarised
 * as a single `event`/`lease` record so the trace shows the causal chain, not the heartbeat.
 * The student's own kubectl requests are always traced in full.
 */
export function handleRequest(w: World, serverId: ComponentId, req: ApiRequest): ApiResponse {
  const quiet = req.from !== 'kubectl' && (req.resource === 'events' || req.resource === 'leases');
  if (!quiet) return serve(w, serverId, req);
  w.traceMuted = true;
  let res: ApiResponse;
  try {
    res = serve(w, serverId, req);
  } finally {
    w.traceMuted = false;
  }
  const body = req.body;
  const failed = res.ok ? {} : { error: res.error.message };
  const resourceVersion = res.ok ? res.resourceVersion : undefined;
  const target = { method: METHOD[req.verb], namespace: req.namespace ?? '', name: req.name ?? body?.metadata?.name ?? '' };
  if (req.resource === 'events') {
    const detail = body ? { type: String(body['type'] ?? ''), reason: String(body['reason'] ?? ''), message: String(body['message'] ?? ''), ...failed } : { ...target, ...failed };
    trace(w, { from: req.from, to: serverId, kind: 'event', detail, resourceVersion });
  } else trace(w, { from: req.from, to: serverId, kind: 'lease', detail: { ...target, ...failed }, resourceVersion });
  return res;
}

/**
 * The authentication filter refusing credentials that did not verify (a bearer token this cluster
 * never signed, expired, or whose ServiceAccount is gone): 401 before any handler, so the trace
 * holds only the request (from no user) and its answer. A request with no credentials is never
 * refused here: it is system:anonymous (kubeadm leaves anonymous auth on).
 * Approximate: kube-apiserver also audits the failure; no audit event is kept for it.
 */
export function refuseUnauthenticated(w: World, serverId: ComponentId, req: Omit<ApiRequest, 'user'>): ApiResponse {
  const server = w.components.get(serverId) as ApiServerState;
  server.requestsServed++;
  const requestId = w.nextRequestId++;
  const info = servedResource(w, req.resource) ?? aggregatedResource(w, req.resource);
  trace(w, { from: req.from, to: serverId, kind: 'request', detail: requestDetail({ ...req, user: NO_USER }, info), requestId });
  const res: ApiResponse = { ok: false, error: UNAUTHORIZED };
  trace(w, { from: serverId, to: req.from, kind: 'response', detail: responseDetail(res, undefined), requestId });
  return res;
}

/** Who an unauthenticated request's trace names: nobody, as https.ts's 401 does. */
const NO_USER: UserInfo = { name: '', groups: [] };

/** What the request's records are about: the object it names, in the namespace it names. */
function requestRef(info: ResourceInfo, name: string, namespace: string | undefined): TraceObject {
  return namespace ? { kind: info.kind, name, namespace } : { kind: info.kind, name };
}

function serve(w: World, serverId: ComponentId, req: ApiRequest): ApiResponse {
  const server = w.components.get(serverId) as ApiServerState;
  server.requestsServed++;
  const requestId = w.nextRequestId++;
  const stored = servedResource(w, req.resource) ?? aggregatedResource(w, req.resource);
  // A version the resource is not served at is no resource at all (kube-apiserver has no route for
  // it). Past the request's own trace and audit, the pipeline works on the storage version.
  const atRequested = stored && req.version !== undefined ? atVersion(stored, req.version, req.group) : stored;
  const info = atRequested ? stored : undefined;
  // Requests at a converted version (autoscaling/v1 HPAs): the body is decoded at that version and
  // converted to the storage version once authorized (a patch's in the patch branch), the answer
  // converted back in respond(), with the warnings of that decoding.
  // atVersion answers the table's own entry for the storage version and a copy only for another
  // served version, so a request without a version (every internal client) checks nothing more.
  const view = atRequested !== stored ? atRequested : undefined;
  // Only a converted version's request collects warnings of its own decoding.
  const viewWarnings: string[] | undefined = view ? [] : undefined;
  const objName = req.name ?? req.body?.metadata?.name ?? req.body?.metadata?.generateName;
  const ref = info ? requestRef(info, objName ?? '', req.namespace) : undefined;
  // A muted request (a Lease renewal, an Event) would throw the detail away, and building it
  // cost a tenth of an idle cluster's time.
  if (!w.traceMuted) trace(w, { from: req.from, to: serverId, kind: 'request', detail: requestDetail(req, view ?? info), object: ref, requestId });

  // What the audit filter knows of the request: who sent it (before impersonation) and the decision.
  const requestor = req.user;
  const audit: { impersonated?: UserInfo; decision?: 'allow' | 'forbid'; reason?: string } = {};
  // LogRequestObject reads the body as it arrived: a body handed over (`handOver`) is the stored
  // object by the time the response is written, with the uid and resourceVersion given to it.
  const objRef = objectRef(view ?? info, req);
  const respond = (res: ApiResponse): ApiResponse => {
    if (view && res.ok) res = servedView(view, res, viewWarnings ?? []);
    // Counted as the REST route's instrumentation counts it: only what authorization let through,
    // and not what kube-aggregator proxies to an extension server.
    if (audit.decision === 'allow' && info && !isAggregated(info)) {
      const code = res.ok ? res.code : 'network' in res.error ? undefined : res.error.code;
      if (code !== undefined) countResourceRequest(server, req, view ?? info, code, w.now);
    }
    const returned = res.ok && res.object ? traceRef(res.object) : undefined;
    trace(w, { from: serverId, to: req.from, kind: 'response', detail: responseDetail(res, returned), object: returned ?? ref, resourceVersion: res.ok ? res.resourceVersion : undefined, requestId });
    // The optional fields assigned rather than spread (one record per request); auditEvent() lays
    // the event out in the API's field order, whatever the order here.
    const entry: AuditRecord = { n: requestId, at: w.now, server: serverId, requestURI: requestURI(view ?? info, req), verb: req.verb, user: requestor, from: req.from, status: auditStatus(res) };
    if (audit.impersonated) entry.impersonatedUser = audit.impersonated;
    if (objRef) entry.objectRef = objRef;
    if (audit.decision) {
      entry.decision = audit.decision;
      entry.reason = audit.reason ?? '';
    }
    const annotations = server.pendingAuditAnnotations?.size ? takeAuditAnnotations(server, requestId) : undefined;
    if (annotations) entry.annotations = annotations;
    appendAudit(server, entry);
    return res;
  };
  const fail = (e: StatusError): ApiResponse => respond({ ok: false, error: e });

  if (!info) return fail({ code: 404, reason: 'NotFound', message: 'the server could not find the requested resource' });
  // No route serves /scale of a kind without it (a Service's): the served API's router answers
  // the same (k8s/api-route.ts), so `kubectl scale` of one fails alike on both.
  if (req.subresource === 'scale' && !info.subresources.includes('scale')) return fail({ code: 404, reason: 'NotFound', message: 'the server could not find the requested resource' });

  trace(w, { from: serverId, to: serverId, kind: 'authn', detail: { user: req.user.name }, object: ref, requestId });
  if (req.impersonate) {
    // WithImpersonation runs after authentication and before authorization: each thing asked
    // for is authorized for the real user, then the request continues as the impersonated one.
    for (const c of impersonationChecks(req.impersonate)) {
      const may = authorize(w, req.user, 'impersonate', c.group, c.resource, c.namespace, c.name);
      trace(w, { from: serverId, to: serverId, kind: 'authz', detail: { allowed: may, verb: 'impersonate', resource: c.resource }, object: ref, requestId });
      if (!may) {
        audit.decision = 'forbid';
        return fail(forbidden(forbiddenMessage(req.user, 'impersonate', c.group, c.resource, c.namespace, c.name)));
      }
    }
    req = { ...req, user: impersonate(req.impersonate) };
    delete req.impersonate;
    audit.impersonated = req.user;
    trace(w, { from: serverId, to: serverId, kind: 'authn', detail: { user: req.user.name, impersonatedBy: requestor.name }, object: ref, requestId });
  }
  const rbacResource = req.subresource ? `${info.resource}/${req.subresource}` : info.resource;
  const rbacVerb = req.subresource === 'binding' || req.subresource === 'eviction' ? 'create' : req.verb;
  // RequestInfo: a request on /namespaces/<name> is scoped to that namespace, as RBAC sees it.
  const rbacNamespace = info.namespaced ? req.namespace : info.resource === 'namespaces' ? req.name : undefined;
  // The group the URL names (events.k8s.io for core's Events seen there), as RequestInfo reads it.
  const rbacGroup = (view ?? info).group;
  // RBAC reads the attributes and keeps nothing: an empty namespace or name is as good as none.
  const decided = authorizeResourceWithReason(w, req.user, { verb: rbacVerb, group: rbacGroup, resource: rbacResource, namespace: rbacNamespace || undefined, name: req.name || undefined });
  const allowed = decided.allowed;
  audit.decision = allowed ? 'allow' : 'forbid';
  audit.reason = decided.reason;
  trace(w, { from: serverId, to: serverId, kind: 'authz', detail: { allowed, verb: rbacVerb, resource: rbacResource }, object: ref, requestId });
  if (!allowed) return fail(forbidden(forbiddenMessage(req.user, rbacVerb, rbacGroup, rbacResource, rbacNamespace, req.name)));
  // A read etcd must answer (read-consistency.ts), where the handler would make it; undefined: it did.
  const etcdRefuses = (name: string | undefined): ApiResponse | undefined => {
    const err = rangeRead(w, serverId, requestId, info.resource, info.namespaced ? req.namespace : undefined, name, ref);
    return err ? fail(etcdFailure(err)) : undefined;
  };
  if (info.resource === 'pods' && isConnect(req.subresource)) {
    // A stream asked with GET (WebSockets) is also authorized for create, as with POST (SPDY):
    // ensureAuthorizedForVerb, AuthorizePodWebsocketUpgradeCreatePermission.
    if (rbacVerb !== 'create' && UPGRADEABLE.has(req.subresource)) {
      const create = authorizeResourceWithReason(w, req.user, { verb: 'create', group: info.group, resource: rbacResource, namespace: rbacNamespace || undefined, name: req.name || undefined });
      trace(w, { from: serverId, to: serverId, kind: 'authz', detail: { allowed: create.allowed, verb: 'create', resource: rbacResource }, object: ref, requestId });
      if (!create.allowed) return fail(forbidden(`pods ${JSON.stringify(req.name ?? '')} is forbidden: ${create.reason}`));
    }
    // The Connecter locates its Pod first (getPod: a GET without a resourceVersion).
    const refused = etcdRefuses(req.name ?? '');
    if (refused) return refused;
    if (req.subresource === 'proxy') return respond(proxied(podProxy(w, serverId, proxyRequest(req, METHOD[req.verb], clientUserAgent(w, req.from, requestor.name)))));
    const streamed = req.verb === 'create' && !req.plain && (req.subresource === 'exec' || req.subresource === 'attach' || req.subresource === 'portforward');
    if (!streamed) {
      const container = req.container ?? req.execOptions?.container ?? req.attachOptions?.container;
      return fail(connectRefusal(w, { subresource: req.subresource, namespace: req.namespace ?? 'default', name: req.name ?? '', ...(container ? { container } : {}) }));
    }
  }

  // A Service's or Node's proxy locates its object first, as a Pod's does (ResourceLocation).
  if ((info.resource === 'services' || info.resource === 'nodes') && req.subresource === 'proxy') {
    const refused = etcdRefuses(req.name ?? '');
    if (refused) return refused;
  }
  if (info.resource === 'services' && req.subresource === 'proxy') return respond(proxied(serviceProxy(w, serverId, proxyRequest(req, METHOD[req.verb], clientUserAgent(w, req.from, requestor.name)))));
  if (info.resource === 'nodes' && req.subresource === 'proxy') return respond(proxied(nodeProxy(w, serverId, proxyRequest(req, METHOD[req.verb], clientUserAgent(w, req.from, requestor.name)))));

  const ns = info.namespaced ? req.namespace : undefined;
  if (isAggregated(info)) return respond(proxyAggregated(w, info, req));
  // ListResource converts each field label for the requested kind before any storage is asked (lists and watches).
  const refusedLabel = req.verb === 'list' && req.fieldSelector ? unsupportedFieldLabel(view ?? info, req.fieldSelector) : undefined;
  if (refusedLabel) return fail(badRequest(refusedLabel));
  if (info.resource === 'componentstatuses') return respond(serveComponentStatus(w, server.host, req));
  if (isReview(info)) {
    const answered = review(w, info, req.verb, req.user, req.body, ns);
    return answered.ok ? respond({ ok: true, code: 201, object: answered.object, resourceVersion: '' }) : fail(answered.error);
  }
  if (view && req.body && !(req.verb === 'patch' && !req.apply)) {
    // The handler decodes into the request version's struct (strict decoding of its unknown
    // fields), then converts; a status write and an apply configuration are not decoded here.
    const body = cloneData(req.body);
    if (!req.subresource && !req.apply) {
      const decoded = decodeStage(view, body, req.verb === 'update' ? 'update' : 'create', fieldValidationOf(req));
      if (!decoded.ok) return respond(stageFailure(w, serverId, requestId, decoded.error, 'validation'));
      viewWarnings?.push(...decoded.warnings);
    }
    req = { ...req, body: toStorage(view, body) };
  }
  // A pods/log GET locates its Pod with a GET too (LogLocation's getPod), and a TokenRequest, which
  // stores nothing, reads its ServiceAccount so (TokenREST.Create).
  const tokenRequest = req.verb === 'create' && req.subresource === 'token' && info.resource === 'serviceaccounts';
  const read = req.verb === 'get' || req.verb === 'list' ? etcdReadOf(req.verb, req) : tokenRequest ? { name: req.name ?? '' } : undefined;
  if (read) {
    const refused = etcdRefuses(read.name);
    if (refused) return refused;
  }
  switch (req.verb) {
    case 'get': {
      if (req.subresource === 'log') {
        // kube-apiserver proxies to the kubelet of the Pod's node, which reads the runtime's log.
        const logs = podLogs(w, serverId, ns ?? 'default', req.name ?? '', req.logOptions ?? {});
        if (!logs.ok) return fail({ code: logs.code, reason: logs.reason, message: logs.message });
        return respond({ ok: true, code: 200, text: logs.text, resourceVersion: '' });
      }
      const obj = storedObject(w, info.resource, ns, req.name ?? '');
      if (!obj) return fail(notFound(info, req.name ?? ''));
      return respond({ ok: true, code: 200, object: obj, resourceVersion: obj.metadata.resourceVersion ?? '' });
    }
    case 'list': {
      const items: KObject[] = [];
      const bucket = w.etcd.kv.get(info.resource);
      const scanned = bucket ? (listCandidates(info.resource, bucket, ns, info.namespaced, req.fieldSelector) ?? bucket.values()) : [];
      for (const obj of scanned) {
        if (ns && obj.metadata.namespace !== ns) continue;
        if (req.labelSelector && !matches(req.labelSelector, obj.metadata.labels)) continue;
        if (req.fieldSelector && !filterMatches({ fieldSelector: req.fieldSelector }, obj)) continue;
        items.push(obj);
      }
      return respond({ ok: true, code: 200, items, resourceVersion: String(w.etcd.revision) });
    }
    case 'create':
      if (req.subresource === 'exec') {
        // The connection is upgraded and proxied to the kubelet; a kubelet refusal is plain text.
        const ran = podExec(w, serverId, ns ?? 'default', req.name ?? '', req.execOptions ?? { command: [] }, req.pace);
        if (!ran.ok) return fail({ code: ran.code, reason: ran.reason, message: ran.message });
        const code = ran.exec?.type === 'upgrade-failed' ? 500 : 101;
        return respond({ ok: true, code, text: '', resourceVersion: '', ...(ran.exec ? { exec: ran.exec } : {}) });
      }
      if (req.subresource === 'attach') {
        // As exec: upgraded and proxied to the kubelet of the Pod's node, onto the container's PID 1.
        const got = podAttach(w, serverId, ns ?? 'default', req.name ?? '', req.attachOptions ?? {}, req.pace);
        if (!got.ok) return fail({ code: got.code, reason: got.reason, message: got.message });
        const code = got.attach?.type === 'attached' ? 101 : 500;
        return respond({ ok: true, code, text: '', resourceVersion: '', ...(got.attach ? { attach: got.attach } : {}) });
      }
      if (req.subresource === 'portforward') {
        // Upgraded and proxied to the kubelet of the Pod's node; its refusal of the upgrade is plain text.
        const pf = podPortForward(w, serverId, ns ?? 'default', req.name ?? '');
        if (!pf.ok) return fail({ code: pf.code, reason: pf.reason, message: pf.message });
        if (pf.forward?.type === 'error') return respond({ ok: true, code: 500, text: pf.forward.message, resourceVersion: '' });
        return respond({ ok: true, code: 101, text: '', resourceVersion: '' });
      }
      if (req.subresource) return respond(applySubresource(w, serverId, requestId, info, ns, req));
      return respond(create(w, serverId, requestId, info, ns, req));
    case 'update':
    case 'patch': {
      if (req.verb === 'patch' && req.apply && !req.subresource) return respond(serverSideApply(w, serverId, requestId, info, ns, req, req.apply));
      // pods/ephemeralcontainers and pods/resize are the Pod's own store with their own
      // strategies: the patch applies to the whole Pod, and update() keeps only the new
      // spec.ephemeralContainers, or the containers' resources and resizePolicy.
      const ephemeral = ((req.subresource === 'ephemeralcontainers' || req.subresource === 'resize') && info.resource === 'pods') || (req.subresource === 'approval' && info.resource === 'certificatesigningrequests');
      if (req.subresource && req.subresource !== 'status' && !ephemeral) return respond(applySubresource(w, serverId, requestId, info, ns, req));
      const old = storedObject(w, info.resource, ns, req.name ?? '');
      if (!old) return fail(notFound(info, req.name ?? ''));
      let next: KObject;
      let warnings: string[] = [];
      if (req.verb === 'patch') {
        const type = req.patchType ?? 'strategic';
        // A custom resource has no Go struct to carry patch strategies: the handler refuses them.
        if (type === 'strategic' && customSource(info)) {
          return fail({ code: 415, reason: 'UnsupportedMediaType', message: 'the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml' });
        }
        // A status patch keeps only the patched status (update() below), and a merge patch's
        // status is merged from the old status alone: patching just that spares cloning the rest
        // (a Node's images, a Pod's spec). A JSON patch addresses any path, so it sees it all.
        // At a converted version the patch applies to the object as that version shows it (a v1
        // status patch too: its conditions ride in the annotations), then converts back.
        // A Deployment's status write also carries its annotations (update() below): it sees it all too.
        const statusOnly = !view && req.subresource === 'status' && type !== 'json' && info.resource !== 'deployments';
        const target = view ? toServed(view, old) : statusOnly ? { status: old.status } : old;
        // A status patch's result is only read until update() takes its status, which it copies
        // unless handed over: it may share the untouched parts with the stored status.
        const patched = applyPatchOfType(type, target, type === 'json' ? req.patchOps : (req.body ?? {}), statusOnly, info.kind);
        if (!patched.ok) return fail(patched.code === 400 ? badRequest(patched.message) : patched.code === 500 ? { code: 500, reason: '', message: patched.message } : { code: 422, reason: 'Invalid', message: patched.message });
        if (view && req.subresource !== 'status') {
          const quoted = type === 'strategic' ? req.body : JSON.stringify(patched.value);
          const decoded = decodeStage(view, patched.value as KObject, 'patch', fieldValidationOf(req), quoted);
          if (!decoded.ok) return respond(stageFailure(w, serverId, requestId, decoded.error, 'validation'));
          viewWarnings?.push(...decoded.warnings);
        }
        next = view ? toStorage(view, patched.value as KObject) : (patched.value as KObject);
        if (req.subresource !== 'status') {
          // The strategic patcher quotes the patch it decoded; the JSON and merge patcher the patched object.
          const quoted = type === 'strategic' ? req.body : JSON.stringify(next);
          const decoded = decodeStage(info, next, 'patch', fieldValidationOf(req), quoted);
          if (!decoded.ok) return respond(stageFailure(w, serverId, requestId, decoded.error, 'validation'));
          warnings = decoded.warnings;
        }
      } else {
        if (!req.body || typeof req.body !== 'object') return fail(badRequest('the body of the request was in an unknown format'));
        // A status PUT reads only the body's resourceVersion and status, and update() copies the
        // status: cloning the whole body first (a Pod's spec and metadata) bought nothing.
        next = req.subresource === 'status' ? req.body : cloneData(req.body);
        if (req.subresource !== 'status') {
          const decoded = decodeStage(info, next, 'update', fieldValidationOf(req));
          if (!decoded.ok) return respond(stageFailure(w, serverId, requestId, decoded.error, 'validation'));
          warnings = decoded.warnings;
        }
      }
      // Optimistic concurrency (the store's GuaranteedUpdate): a resourceVersion in the body or
      // the patched object is a precondition; a patch that sets none keeps the current one.
      const rv = next.metadata?.resourceVersion;
      if (rv !== undefined && rv !== '' && rv !== old.metadata.resourceVersion) return fail(conflict(info, req.name ?? ''));
      const sub = req.subresource === 'status' ? 'status' : ephemeral ? (req.subresource as 'ephemeralcontainers' | 'resize') : undefined;
      // update() reads only these four; spreading the whole request cost more than the rest of serve.
      const res = update(w, serverId, requestId, info, ns, old, next, { subresource: req.subresource, user: req.user, dryRun: req.dryRun, handOver: req.handOver, manager: managerOf(req, view ?? info, sub) });
      return respond(res.ok && warnings.length ? { ...res, warnings: [...warnings, ...(res.warnings ?? [])] } : res);
    }
    case 'delete': {
      const old = storedObject(w, info.resource, ns, req.name ?? '');
      if (!old) return fail(notFound(info, req.name ?? ''));
      const res = applyDelete(w, serverId, requestId, info, old, req);
      // The Service registry's AfterDelete releases its addresses once it is gone from storage.
      const gone = res.ok && !req.dryRun && !storedObject(w, info.resource, ns, req.name ?? '');
      if (gone && info.resource === 'services') releaseIPAddresses(w, loopback(w, serverId), serverId, old as Service, undefined);
      // The ClusterIP repair loop looks again at a Service whose IPAddress went.
      if (gone && info.resource === 'ipaddresses') ipAddressDeleted(w, server, old as IPAddress);
      return respond(res);
    }
  }
}

/**
 * The read of a GET or LIST that etcd must answer, if any, by read-consistency.ts's rule: a GET's
 * object (a pods/log GET's Pod, which LogLocation finds with a GET without a resourceVersion), or
 * for a LIST the resource's prefix (`name` undefined). Writes read the watch cache and find etcd at
 * their commit.
 */
function etcdReadOf(verb: 'get' | 'list', req: ApiRequest): { name: string | undefined } | undefined {
  if (verb === 'get') return req.subresource === 'log' || readsEtcd('get', req.read) ? { name: req.name ?? '' } : undefined;
  return readsEtcd('list', req.read) ? { name: undefined } : undefined;
}

/**
 * The apply patch handler: an absent object is created from the configuration, a present one
 * updated with the configuration merged in (apply/apply.ts decides ownership and conflicts).
 */
function serverSideApply(w: World, serverId: ComponentId, requestId: number, info: ResourceInfo, ns: string | undefined, req: ApiRequest, opts: ApplyOptions): ApiResponse {
  if (!req.body || typeof req.body !== 'object') return { ok: false, error: badRequest('the body of the request was in an unknown format') };
  // The handlers' checkName: the configuration names the URL's object.
  const named = req.body.metadata?.name;
  if (named !== undefined && named !== req.name) return { ok: false, error: badRequest(`the name of the object (${named}) does not match the name on the URL (${req.name ?? ''})`) };
  const old = storedObject(w, info.resource, ns, req.name ?? '');
  const applied = applyConfiguration(old, req.body, opts, apiVersionOf(info), rfc3339(w.now));
  if (!applied.ok) return { ok: false, error: applied.error };
  if (!old) return create(w, serverId, requestId, info, ns, { ...req, verb: 'create', body: applied.object });
  const next = applied.object;
  const decoded = decodeStage(info, next, 'patch', fieldValidationOf(req), req.body);
  if (!decoded.ok) return stageFailure(w, serverId, requestId, decoded.error, 'validation');
  const rv = req.body.metadata?.resourceVersion;
  if (rv !== undefined && rv !== '' && rv !== old.metadata.resourceVersion) return { ok: false, error: conflict(info, req.name ?? '') };
  const res = update(w, serverId, requestId, info, ns, old, next, req);
  return res.ok && decoded.warnings.length ? { ...res, warnings: [...decoded.warnings, ...(res.warnings ?? [])] } : res;
}

/**
 * Who a non-apply write is recorded against: `?fieldManager=`, or else the user agent's prefix
 * (client.ts sends the simulated processes' binary names; kubectl's is `kubectl`).
 */
export function managerOf(req: Pick<ApiRequest, 'fieldManager'>, info: ResourceInfo, subresource: UpdateManager['subresource']): UpdateManager {
  return { manager: req.fieldManager || 'kubectl', apiVersion: apiVersionOf(info), ...(subresource ? { subresource } : {}) };
}

/** kubectl validates strictly by default; client-go components leave it to the server (Warn). */
function fieldValidationOf(req: ApiRequest): FieldValidation {
  return req.fieldValidation ?? (req.from === 'kubectl' ? 'Strict' : 'Warn');
}

function stageFailure(w: World, serverId: ComponentId, requestId: number, e: StatusError, stage: 'validation' | 'mutating-admission' | 'validating-admission'): ApiResponse {
  trace(w, { from: serverId, to: serverId, kind: stage, detail: { result: 'rejected', message: e.message }, requestId });
  return { ok: false, error: e };
}

function create(w: World, serverId: ComponentId, requestId: number, info: ResourceInfo, ns: string | undefined, req: ApiRequest): ApiResponse {
  const body = req.body;
  if (!body || typeof body !== 'object') return { ok: false, error: badRequest('the body of the request was in an unknown format') };
  const obj = req.handOver ? body : cloneData(body);
  // The custom resource handler refuses creates once its CRD is being deleted.
  if (customSource(info) && crdOf(w, info)?.metadata.deletionTimestamp) {
    return { ok: false, error: methodNotAllowed('create not allowed while custom resource definition is terminating') };
  }
  const decoded = decodeStage(info, obj, 'create', fieldValidationOf(req));
  if (!decoded.ok) return stageFailure(w, serverId, requestId, decoded.error, 'validation');
  obj.apiVersion = apiVersionOf(info);
  obj.kind = info.kind;
  obj.metadata = obj.metadata ?? {};
  if (info.namespaced) {
    if (obj.metadata.namespace && ns && obj.metadata.namespace !== ns) {
      return { ok: false, error: badRequest('the namespace of the provided object does not match the namespace sent on the request') };
    }
    obj.metadata.namespace = ns ?? obj.metadata.namespace ?? 'default';
  } else delete obj.metadata.namespace;
  // The strategy's PrepareForCreate resets status; defaulting then fills it (Pending, Active)
  // as every read through the API would.
  if (hasStatusSubresource(info) && info.resource !== 'pods' && info.resource !== 'nodes') delete obj.status;
  // podStrategy.PrepareForCreate (after mutating admission): whatever status a client sends is
  // replaced by Pending and the Pod's QoS class.
  if (info.resource === 'namespaces') prepareNamespaceForCreate(obj);
  // The flowcontrol strategies reset status to the empty struct, which the JSON keeps as `status: {}`.
  if (info.group === 'flowcontrol.apiserver.k8s.io') obj.status = {};
  if (info.resource === 'customresourcedefinitions') prepareCrdForCreate(obj);
  // Mutating admission sees the object as sent: the registry names it (generateName) and fills
  // the system fields afterwards, in store.create.
  const admitted = runMutating(w, { operation: 'CREATE', info, obj, user: req.user, serverId, namespace: obj.metadata.namespace, dryRun: !!req.dryRun });
  if ('code' in admitted) return stageFailure(w, serverId, requestId, admitted, 'mutating-admission');
  trace(w, { from: serverId, to: serverId, kind: 'mutating-admission', detail: mutatedDetail(admitted.plugins), object: traceRef(obj), requestId });
  const escalating = checkEscalation(w, { info, obj, user: req.user, namespace: obj.metadata.namespace });
  if (escalating) return { ok: false, error: escalating };
  if (info.resource === 'pods') obj.status = { phase: 'Pending', qosClass: podQOS(obj as Pod) };

  if (!obj.metadata.name && obj.metadata.generateName) {
    // names.SimpleNameGenerator: base truncated to 58 chars + 5 random, retried on collision.
    const base = obj.metadata.generateName.slice(0, 58);
    do obj.metadata.name = base + randomString(w.rng, 5);
    while (storedObject(w, info.resource, obj.metadata.namespace, obj.metadata.name));
  }
  const name = obj.metadata.name ?? '';
  // FillObjectMetaSystemFields.
  obj.metadata.uid = uuidV4(w.rng);
  obj.metadata.creationTimestamp = rfc3339(w.now);
  delete obj.metadata.deletionTimestamp;
  delete obj.metadata.deletionGracePeriodSeconds;
  delete obj.metadata.resourceVersion;
  if (hasGeneration(info)) obj.metadata.generation = 1;
  prepareForCreate(info, obj, req.user);
  if (info.resource === 'daemonsets') prepareDaemonSetCreate(obj);

  const errs = validateObject(w, info, obj, undefined, req.group ? { requestGroup: req.group } : undefined);
  if (errs.length) return stageFailure(w, serverId, requestId, invalid(info, name, errs), 'validation');
  trace(w, { from: serverId, to: serverId, kind: 'validation', detail: { result: 'valid' }, object: traceRef(obj), requestId });

  const admissionWarnings: string[] = [];
  const admission: AdmissionAttributes = { operation: 'CREATE', info, obj, user: req.user, serverId, namespace: obj.metadata.namespace, dryRun: !!req.dryRun, writeStatus: statusWriter(w, serverId, requestId, req.user), warnings: admissionWarnings, annotateAudit: auditAnnotator(w, serverId, requestId) };
  const rejected = runValidating(w, admission);
  if (rejected) return stageFailure(w, serverId, requestId, rejected, 'validating-admission');
  trace(w, { from: serverId, to: serverId, kind: 'validating-admission', detail: { result: 'admitted', operation: 'create', ...admission.asked }, object: traceRef(obj), requestId });

  // The storage create is conditional on the key being absent.
  if (name && storedObject(w, info.resource, obj.metadata.namespace, name)) return { ok: false, error: alreadyExists(info, name) };
  const allWarnings = [...decoded.warnings, ...admissionWarnings];
  const warnings = allWarnings.length ? { warnings: allWarnings } : {};
  if (req.dryRun) return { ok: true, code: 201, object: obj, resourceVersion: '', ...warnings };
  if (info.resource === 'services') reserveIPAddresses(w, loopback(w, serverId), serverId, undefined, obj as Service);
  const res = commit(w, serverId, requestId, info.resource, obj.metadata.namespace, name, obj, 'create');
  if (!res.ok) return { ok: false, error: etcdFailure(res.error) };
  return { ok: true, code: 201, object: res.stored!, resourceVersion: res.rv, ...warnings };
}

/** kube-apiserver's loopback client: a request it sends itself, through the whole pipeline. */
function loopback(w: World, serverId: ComponentId): Loopback {
  return (req) => handleRequest(w, serverId, req);
}

/** How an admission plugin writes another object's status within this request (the quota's charge). */
function statusWriter(w: World, serverId: ComponentId, requestId: number, user: UserInfo): NonNullable<AdmissionAttributes['writeStatus']> {
  return (info, ns, old, next) => update(w, serverId, requestId, info, ns, old, next, { subresource: 'status', user });
}

/** Where admission's audit annotations for this request go until its event is written. */
function auditAnnotator(w: World, serverId: ComponentId, requestId: number): NonNullable<AdmissionAttributes['annotateAudit']> {
  return (key, value) => addAuditAnnotation(w.components.get(serverId) as ApiServerState, requestId, key, value);
}

/** Kinds whose metadata.generation tracks spec changes. */
function hasGeneration(info: ResourceInfo): boolean {
  // ControllerRevision's strategy leaves generation alone: a revision is a snapshot, not a spec.
  return ['deployments', 'replicasets', 'replicationcontrollers', 'podtemplates', 'pods', 'services', 'persistentvolumeclaims', 'nodes', 'ingresses', 'ingressclasses'].includes(info.resource) || (info.group === 'apps' && info.resource !== 'controllerrevisions') || info.group === 'batch' || info.group === 'policy' || info.group === 'admissionregistration.k8s.io' || info.group === 'flowcontrol.apiserver.k8s.io' || info.resource === 'customresourcedefinitions' || customSource(info) !== undefined;
}

export function hasStatusSubresource(info: ResourceInfo): boolean {
  return info.subresources.includes('status');
}

function specOf(o: KObject): Record<string, unknown> {
  const { metadata: _m, status: _s, ...rest } = o;
  return rest;
}

/**
 * PUT/PATCH on the main resource or on `/status`. The main resource ignores status changes and
 * the status subresource ignores everything else, as Kubernetes' strategies do.
 */
export function update(
  w: World,
  serverId: ComponentId,
  requestId: number,
  info: ResourceInfo,
  ns: string | undefined,
  old: KObject,
  incoming: KObject,
  req: Pick<ApiRequest, 'subresource' | 'user' | 'dryRun' | 'handOver'> & { manager?: UpdateManager },
): ApiResponse {
  let next: KObject;
  if (req.subresource === 'approval' && info.resource === 'certificatesigningrequests') {
    // csrApprovalStrategy: only the conditions come from the request; the spec, the certificate
    // and the metadata stay as stored.
    const conditions = cloneData((incoming.status as { conditions?: unknown[] } | undefined)?.conditions);
    next = { ...old, metadata: { ...old.metadata }, status: { ...(old.status as object), ...(conditions ? { conditions } : {}) } };
    if (!conditions) delete (next.status as { conditions?: unknown[] }).conditions;
  } else if (req.subresource === 'status') {
    // Structural sharing: stored objects are never mutated after commit, so the new version
    // shares everything but its metadata (which the write stamps) and its status with the old
    // one. Spreading keeps every key where it was, so the stored object's field order is unchanged.
    const status = req.handOver ? incoming.status : cloneData(incoming.status);
    next = { ...old, metadata: { ...old.metadata }, status: info.resource === 'pods' ? withConditionTimes(status as PodStatus) : status };
    // deploymentStatusStrategy resets only spec and labels: the deployment controller's revision
    // annotation rides on its status write (UpdateStatus), as its role allows no patch.
    if (info.resource === 'deployments') {
      const annotations = incoming.metadata?.annotations;
      if (annotations) next.metadata.annotations = cloneData(annotations);
      else delete next.metadata.annotations;
    }
  } else {
    next = incoming;
    next.apiVersion = old.apiVersion;
    next.kind = old.kind;
    if (hasStatusSubresource(info) && req.subresource !== 'binding') next.status = old.status;
    next.metadata = {
      ...next.metadata,
      name: old.metadata.name,
      uid: old.metadata.uid,
      creationTimestamp: old.metadata.creationTimestamp,
    } as KObject['metadata'];
    if (info.namespaced) next.metadata.namespace = old.metadata.namespace;
    if (old.metadata.deletionTimestamp) {
      next.metadata.deletionTimestamp = old.metadata.deletionTimestamp;
      if (old.metadata.deletionGracePeriodSeconds !== undefined) next.metadata.deletionGracePeriodSeconds = old.metadata.deletionGracePeriodSeconds;
    } else delete next.metadata.deletionTimestamp;
    if (old.metadata.generation !== undefined) next.metadata.generation = old.metadata.generation;
    if (req.subresource !== 'binding') {
      // Admission reads the attributes' values and keeps nothing: an unset subresource is as good as none.
      const admitted = runMutating(w, { operation: 'UPDATE', info, obj: next, old, user: req.user, serverId, namespace: ns, subresource: req.subresource, dryRun: !!req.dryRun });
      if ('code' in admitted) return stageFailure(w, serverId, requestId, admitted, 'mutating-admission');
      trace(w, { from: serverId, to: serverId, kind: 'mutating-admission', detail: mutatedDetail(admitted.plugins), object: traceRef(next), requestId });
      const escalating = checkEscalation(w, { info, obj: next, old, user: req.user, namespace: ns, requestName: old.metadata.name });
      if (escalating) return { ok: false, error: escalating };
    }
    // PrepareForUpdate runs after defaulting: only a real spec change bumps the generation. The
    // binding subresource writes nodeName through its own storage path, not the update strategy,
    // so a Pod is still at generation 1 after it is scheduled.
    if (hasGeneration(info) && req.subresource !== 'binding' && !semanticEqual(specOf(old), specOf(next))) next.metadata.generation = (old.metadata.generation ?? 0) + 1;
    if (info.resource === 'daemonsets') prepareDaemonSetUpdate(next, old);
  }
  next.metadata.resourceVersion = old.metadata.resourceVersion;
  if (info.resource === 'certificatesigningrequests') populateConditionTimestamps(next as CertificateSigningRequest, old as CertificateSigningRequest, rfc3339(w.now));
  if (req.manager) recordUpdate(old, next, req.manager, rfc3339(w.now));
  const errs = validateObject(w, info, next, old, req.subresource ? { subresource: req.subresource } : undefined);
  if (errs.length) return stageFailure(w, serverId, requestId, invalid(info, old.metadata.name ?? '', errs), 'validation');
  trace(w, { from: serverId, to: serverId, kind: 'validation', detail: { result: 'valid' }, object: traceRef(next), requestId });
  const admissionWarnings: string[] = [];
  // A scale's validating admission is handed the Scales, new and old (toScaleUpdateValidation).
  const scaled = req.subresource === 'scale';
  const admittedObj = scaled ? (scaleOf(next) as unknown as KObject) : next;
  const admittedOld = scaled ? (scaleOf(old) as unknown as KObject) : old;
  const rejected = runValidating(w, { operation: 'UPDATE', info, obj: admittedObj, old: admittedOld, user: req.user, serverId, namespace: ns, subresource: req.subresource, dryRun: !!req.dryRun, writeStatus: statusWriter(w, serverId, requestId, req.user), warnings: admissionWarnings, annotateAudit: auditAnnotator(w, serverId, requestId) });
  if (rejected) return stageFailure(w, serverId, requestId, rejected, 'validating-admission');
  const warned = admissionWarnings.length ? { warnings: admissionWarnings } : {};
  // A no-op write is not persisted and does not bump resourceVersion (field order does not matter).
  if (semanticEqual(next, old)) return { ok: true, code: 200, object: old, resourceVersion: old.metadata.resourceVersion ?? '', ...warned };
  if (req.dryRun) return { ok: true, code: 200, object: next, resourceVersion: old.metadata.resourceVersion ?? '', ...warned };
  // Removing the last finalizer of an object being deleted completes the deletion.
  const finished = next.metadata.deletionTimestamp && (next.metadata.finalizers ?? []).length === 0 && !isGracefulPod(info, next) && !hasSpecFinalizers(info, next);
  const services = info.resource === 'services' && req.subresource !== 'status';
  if (services && !finished) reserveIPAddresses(w, loopback(w, serverId), serverId, old as Service, next as Service);
  const res = commit(w, serverId, requestId, info.resource, ns, old.metadata.name ?? '', finished ? undefined : next, finished ? 'delete' : 'update');
  if (!res.ok) return { ok: false, error: etcdFailure(res.error) };
  if (services) releaseIPAddresses(w, loopback(w, serverId), serverId, old as Service, finished ? undefined : (next as Service));
  return { ok: true, code: 200, object: res.stored ?? next, resourceVersion: res.rv, ...warned };
}

/** A Namespace also waits for its spec.finalizers (`kubernetes`: the namespace controller's). */
function hasSpecFinalizers(info: ResourceInfo, obj: KObject): boolean {
  return info.resource === 'namespaces' && ((obj.spec as { finalizers?: string[] } | undefined)?.finalizers ?? []).length > 0;
}

/** A Pod still inside its grace period is removed by the kubelet's final DELETE, not by a finalizer change. */
function isGracefulPod(info: ResourceInfo, obj: KObject): boolean {
  return info.resource === 'pods' && (obj.metadata.deletionGracePeriodSeconds ?? 0) > 0;
}


/** An answer at a converted version: its object or items as that version shows them. */
function servedView(view: ResourceInfo, res: Extract<ApiResponse, { ok: true }>, warnings: readonly string[]): ApiResponse {
  const out = { ...res };
  if (warnings.length) out.warnings = [...warnings, ...(res.warnings ?? [])];
  if (res.object) out.object = toServed(view, res.object);
  if (res.items) out.items = res.items.map((o) => toServed(view, o));
  return out;
}
