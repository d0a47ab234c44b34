/**
 * Resource requests: one HTTP request on `/api/...` or `/apis/...` turned into the engine's
 * ApiRequest and sent through the simulated kube-apiserver (authentication as the token's user,
 * RBAC, admission, validation, etcd), and its ApiResponse written back as kube-apiserver writes
 * it: the object, a List, a Table, a Scale, log text, or a Status with the engine's own code,
 * reason and message. Nothing here decides an outcome the engine decides.
 */
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { ApiRequest, ApiResponse, DeleteOptions, KubeconfigUser, PatchType } from '../engine/index';
import { ApiQuery, queryFlag } from '../k8s/api-query';
import { isConnecter } from '../k8s/discovery';
import { jsonPatch } from '../k8s/json-patch';
import { pageOf } from '../k8s/paging';
import { listSelectors, podLogOptions, type ListSelectors } from '../k8s/request-options';
import { requestedResource } from '../k8s/resources';
import { scaleOf } from '../k8s/scale';
import { servedTarget, toStorage } from '../k8s/served-versions';
import type { KObject } from '../k8s/types';
import { listBody, objectBody } from '../k8s/wire-json';
import { byKey } from '../kubectl/client';
import type { Invocation, ServedCluster } from './cluster';
import { decodeBody, type Body } from './body';
import type { ResourceRoute } from './route';
import { badRequest, failure, methodNotAllowed, unreachable, type HttpError } from './status';
import { parseGoJson } from '../k8s/go-json';
import { serverPatchSyntaxError } from '../k8s/patch-body';
import { includeObjectOf, toTable, wantsTable } from '../kubectl/printers/server-table';
import { serveWatch } from './watch';
import { serveLogFollow } from './stream/logs';
import { SCALE_TABLE } from '../kubectl/printers/autoscaling-columns';
import { FROM_CACHE, readOptions } from '../k8s/read-consistency';

/** The subresources whose GET answers an object kube-apiserver prints as a Table (the log is text, Connecters stream). */
const OBJECT_TABLE_SUBRESOURCES: ReadonlySet<string> = new Set(['status', 'scale', 'resize', 'ephemeralcontainers']);

export interface ApiContext {
  cluster: ServedCluster;
  user: KubeconfigUser;
  invocation: Invocation | undefined;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

type Req = Omit<ApiRequest, 'user' | 'from'>;

export function writeJson(res: ServerResponse, code: number, body: unknown, warnings: readonly string[] = []): void {
  writeEncoded(res, code, JSON.stringify(body), warnings);
}

/** A discovery document as kube-apiserver's JSON encoder writes it to kubectl: compact, then a newline. */
export function writeDocument(res: ServerResponse, doc: unknown): void {
  writeEncoded(res, 200, `${JSON.stringify(doc)}\n`);
}

/** A JSON body already encoded (an object or list as kube-apiserver's encoder writes it: src/k8s/wire-json.ts). */
function writeEncoded(res: ServerResponse, code: number, body: string, warnings: readonly string[] = []): void {
  const headers: Record<string, string | string[]> = { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache, private' };
  // RFC 7234 warn-code 299, as kube-apiserver's warning recorder writes it; kubectl prints `Warning: <text>`.
  // A deprecated resource's warning was set before the request was served (serveResource).
  const earlier = res.getHeader('Warning');
  const all = [...(Array.isArray(earlier) ? earlier : []), ...warnings.map((w) => `299 - ${JSON.stringify(w)}`)];
  if (all.length) headers['Warning'] = all;
  res.writeHead(code, headers);
  res.end(body);
}

export function writeStatus(res: ServerResponse, e: HttpError): void {
  writeJson(res, e.code, failure(e));
}

function writeFailure(res: ServerResponse, r: Extract<ApiResponse, { ok: false }>): void {
  writeStatus(res, 'network' in r.error ? unreachable(r.error) : r.error);
}

export function serveResource(res: ServerResponse, route: ResourceRoute, ctx: ApiContext): void {
  const { info } = route;
  // The deprecation warning goes with every request for the resource, failed ones too.
  if (info.deprecated) res.setHeader('Warning', [`299 - ${JSON.stringify(info.deprecated)}`]);
  // Streams over an upgraded connection are stream/exec.ts's; the plain requests go through here.
  if (isConnecter(route.subresource)) return serveConnect(res, route, ctx);
  const base: Req = { verb: 'get', resource: requestedResource(info) };
  if (info.namespaced && route.namespace !== undefined) base.namespace = route.namespace;
  if (route.name !== undefined) base.name = route.name;
  // A version served by conversion (autoscaling/v1 HPAs, events.k8s.io Events): the engine converts in and out.
  Object.assign(base, servedTarget(info));
  const q = route.query;
  if (q.get('dryRun') === 'All') base.dryRun = true;
  // Every write's manager (an apply's is read again below, where it is required).
  const fm = q.get('fieldManager');
  if (fm) base.fieldManager = fm;
  const fv = q.get('fieldValidation');
  if (fv === 'Strict' || fv === 'Warn' || fv === 'Ignore') base.fieldValidation = fv;
  const impersonate = impersonation(ctx.headers);
  if (impersonate) base.impersonate = impersonate;
  // Whether etcd must answer a read depends on its resourceVersion and paging (read-consistency.ts).
  if (route.verb === 'get' || route.verb === 'list') {
    const read = readOptions(q);
    if (Object.keys(read).length) base.read = read;
  }

  switch (route.verb) {
    case 'get':
      if (route.subresource === 'log') return serveLog(res, { ...base, subresource: 'log', logOptions: podLogOptions(q) }, ctx, queryFlag(q, 'follow'));
      if (wantsTable(ctx.headers.accept) && (route.subresource === undefined || OBJECT_TABLE_SUBRESOURCES.has(route.subresource))) {
        // A Table is printed from the stored object (toTable converts the row's object); a
        // subresource's storage prints with its parent's convertor (StatusREST, ScaleREST …).
        const sub = route.subresource as Req['subresource'];
        const r = ctx.cluster.request(atStorage(sub ? { ...base, subresource: sub } : base), ctx.user, ctx.invocation);
        if (!r.ok) return writeFailure(res, r);
        const obj = r.object as KObject;
        const tableOpts = { noHeaders: false, includeObject: includeObjectOf(q) };
        const rv = obj.metadata.resourceVersion ?? '';
        if (sub === 'scale') return writeJson(res, 200, toTable(info, [scaleOf(obj) as unknown as KObject], ctx.cluster.sim.now, rv, tableOpts, SCALE_TABLE), r.warnings);
        return writeJson(res, 200, toTable(info, [obj], ctx.cluster.sim.now, rv, tableOpts), r.warnings);
      }
      // A subresource's GET (status, scale, ephemeralcontainers) is authorized as that subresource and answers the object.
      return respondGet(res, ctx, route.subresource ? { ...base, subresource: route.subresource as Req['subresource'] } : base, route.subresource === 'scale' ? 'scale' : 'object');
    case 'list':
    case 'watch':
    case 'deletecollection': {
      const selectors = listSelectors(q);
      if (typeof selectors === 'string') return writeStatus(res, badRequest(selectors));
      if (route.verb === 'watch') {
        // RBAC first: a watch the user may not list is Forbidden before the stream opens. The
        // watch cache serves a watch without asking etcd, so the probe reads the cache too.
        const probe = ctx.cluster.request({ ...base, verb: 'list', ...selectors, read: FROM_CACHE }, ctx.user, ctx.invocation);
        if (!probe.ok) return writeFailure(res, probe);
        // A REST storage that cannot watch (ComponentStatus) refuses the verb.
        if (!info.verbs.includes('watch')) return writeStatus(res, methodNotAllowed);
        const timeout = Number(q.get('timeoutSeconds'));
        return serveWatch(res, ctx.cluster, {
          info,
          filter: { ...(base.namespace ? { namespace: base.namespace } : {}), ...selectors },
          ...(route.name !== undefined ? { name: route.name } : {}),
          resourceVersion: q.get('resourceVersion') ?? undefined,
          bookmarks: q.get('allowWatchBookmarks') === 'true',
          sendInitialEvents: q.get('sendInitialEvents') === 'true',
          table: wantsTable(ctx.headers.accept) ? { includeObject: includeObjectOf(q) } : undefined,
          timeoutSeconds: Number.isFinite(timeout) && timeout > 0 ? timeout : undefined,
        });
      }
      if (route.verb === 'deletecollection') return deleteCollection(res, ctx, base, selectors);
      const table = wantsTable(ctx.headers.accept);
      // A table prints the stored object; a field selector's labels are still the URL's version's (events.k8s.io's regarding.*).
      const stored = table && !selectors.fieldSelector;
      const r = ctx.cluster.request({ ...(stored ? atStorage(base) : base), verb: 'list', ...selectors }, ctx.user, ctx.invocation);
      if (!r.ok) return writeFailure(res, r);
      const listed = table && !stored ? (r.items ?? []).map((o) => toStorage(info, o)) : (r.items ?? []);
      const paged = pageOf([...listed].sort(byKey), q, Number(r.resourceVersion), ctx.cluster.feed.oldestRevision, selectors.labelSelector !== undefined || selectors.fieldSelector !== undefined);
      if ('code' in paged) return writeJson(res, paged.code, { ...failure(paged), metadata: paged.continue ? { continue: paged.continue } : {} });
      const { items, metadata } = paged;
      if (table) {
        const printed = toTable(info, items, ctx.cluster.sim.now, metadata.resourceVersion, { noHeaders: false, includeObject: includeObjectOf(q) });
        return writeJson(res, 200, { ...printed, metadata }, r.warnings);
      }
      return writeEncoded(res, 200, listBody(info, items, metadata), r.warnings);
    }
    case 'create':
    case 'update': {
      const body = decodeBody(ctx.headers['content-type'], ctx.body);
      if (!body.ok) return writeStatus(res, body.error);
      const req: Req = { ...base, verb: route.verb, body: body.value as KObject };
      if (route.subresource) req.subresource = route.subresource as Req['subresource'];
      if (route.verb === 'update' && route.subresource === 'scale') return respond(res, ctx, req, 'scale');
      return respond(res, ctx, req, 'object');
    }
    case 'patch':
      return patch(res, ctx, base, route);
    case 'delete': {
      const opts = deleteOptions(q, ctx.body, ctx.headers['content-type']);
      if (typeof opts === 'string') return writeStatus(res, badRequest(opts));
      return respond(res, ctx, { ...base, verb: 'delete', ...opts }, 'object');
    }
  }
}

/** The request without its converted version: the stored objects (what a Table prints from). */
function atStorage(req: Req): Req {
  const { version: _v, group: _g, ...rest } = req;
  return rest;
}

/**
 * A GET's object (or its Scale) as kube-apiserver's encoder writes it, Go's field order and a
 * final newline: what a real `kubectl get --raw` prints, byte for byte what the page's prints.
 */
function respondGet(res: ServerResponse, ctx: ApiContext, req: Req, view: 'object' | 'scale'): void {
  const r = ctx.cluster.request(req, ctx.user, ctx.invocation);
  if (!r.ok) return writeFailure(res, r);
  const obj = r.object as KObject;
  writeEncoded(res, r.code, objectBody(view === 'scale' ? (scaleOf(obj) as unknown as KObject) : obj), r.warnings);
}

/** Sends one request and writes its object (or the Scale view of it) or its Status. */
function respond(res: ServerResponse, ctx: ApiContext, req: Req, view: 'object' | 'scale'): void {
  const r = ctx.cluster.request(req, ctx.user, ctx.invocation);
  if (!r.ok) return writeFailure(res, r);
  const obj = r.object ?? {};
  writeJson(res, r.code, view === 'scale' ? scaleOf(obj as KObject) : obj, r.warnings);
}

const PATCH_TYPES: Record<string, PatchType> = {
  'application/strategic-merge-patch+json': 'strategic',
  'application/merge-patch+json': 'merge',
  'application/json-patch+json': 'json',
};

function patch(res: ServerResponse, ctx: ApiContext, base: Req, route: ResourceRoute): void {
  const mediaType = (ctx.headers['content-type'] ?? '').split(';')[0]!.trim();
  const type = PATCH_TYPES[mediaType];
  if (!type) {
    if (mediaType === 'application/apply-patch+yaml') return serverSideApply(res, ctx, base, route);
    return writeStatus(res, { code: 415, reason: 'UnsupportedMediaType', message: `the body of the request was in an unknown format - accepted media types include: ${Object.keys(PATCH_TYPES).join(', ')}` });
  }
  const read = parseGoJson(ctx.body.toString('utf8'));
  if (!read.ok) return writeStatus(res, badRequest(serverPatchSyntaxError(type, read.error)));
  const parsed = read.value;
  const req: Req = { ...base, verb: 'patch', patchType: type };
  if (route.subresource === 'scale') {
    // The scale subresource reads spec.replicas of the patched Scale.
    const current = ctx.cluster.request({ ...base, verb: 'get' }, ctx.user, ctx.invocation);
    if (!current.ok) return writeFailure(res, current);
    const scale: unknown = scaleOf(current.object as KObject);
    const patched = type === 'json' ? jsonPatch(scale, parsed) : { ok: true as const, value: mergeInto(scale, parsed) };
    if (!patched.ok) return writeStatus(res, { code: patched.code, reason: patched.code === 400 ? 'BadRequest' : 'Invalid', message: patched.message });
    const replicas = (patched.value as { spec?: { replicas?: number } }).spec?.replicas;
    return respond(res, ctx, { ...base, verb: 'patch', subresource: 'scale', patchType: 'merge', body: { spec: { replicas } } as unknown as KObject }, 'scale');
  }
  if (route.subresource) req.subresource = route.subresource as Req['subresource'];
  if (type === 'json') req.patchOps = parsed;
  else req.body = parsed as KObject;
  respond(res, ctx, req, 'object');
}

/** `application/apply-patch+yaml` (kubectl sends JSON, which is YAML): the engine's server-side apply. */
function serverSideApply(res: ServerResponse, ctx: ApiContext, base: Req, route: ResourceRoute): void {
  if (route.subresource) return writeStatus(res, { code: 415, reason: 'UnsupportedMediaType', message: `server-side apply on ${route.info.resource}/${route.subresource} is not served by reconcile serve` });
  const fieldManager = route.query.get('fieldManager') ?? '';
  // PatchOptions validation (ValidatePatchOptions): apply needs a manager.
  if (fieldManager === '') return writeStatus(res, { code: 422, reason: 'Invalid', message: 'PatchOptions.meta.k8s.io "" is invalid: fieldManager: Required value: is required for apply patch', details: { group: 'meta.k8s.io', kind: 'PatchOptions', causes: [{ type: 'FieldValueRequired', message: 'Required value: is required for apply patch', field: 'fieldManager' }] } });
  const body = decodeBody('application/yaml', ctx.body);
  if (!body.ok) return writeStatus(res, body.error);
  const force = route.query.get('force') === 'true';
  respond(res, ctx, { ...base, verb: 'patch', body: body.value as unknown as KObject, apply: { fieldManager, force } }, 'object');
}

function mergeInto(target: unknown, patch: unknown): unknown {
  const spec = (patch as { spec?: { replicas?: number } } | null)?.spec;
  return spec && typeof spec.replicas === 'number' ? { ...(target as object), spec: { replicas: spec.replicas } } : target;
}

function serveLog(res: ServerResponse, req: Req, ctx: ApiContext, follow: boolean): void {
  const r = ctx.cluster.request(req, ctx.user, ctx.invocation);
  if (!r.ok) return writeFailure(res, r);
  if (follow) return serveLogFollow(res, ctx.cluster, { namespace: req.namespace ?? 'default', name: req.name ?? '', options: req.logOptions ?? {}, first: r.text ?? '' });
  res.writeHead(200, { 'Content-Type': 'text/plain', 'Cache-Control': 'no-cache, private' });
  res.end(r.text ?? '');
}

function deleteCollection(res: ServerResponse, ctx: ApiContext, base: Req, selectors: ListSelectors): void {
  const opts = deleteOptions(new ApiQuery(''), ctx.body, ctx.headers['content-type']);
  if (typeof opts === 'string') return writeStatus(res, badRequest(opts));
  const listed = ctx.cluster.request({ ...base, verb: 'list', ...selectors }, ctx.user, ctx.invocation);
  if (!listed.ok) return writeFailure(res, listed);
  const deleted: KObject[] = [];
  for (const o of [...(listed.items ?? [])].sort(byKey)) {
    const req: Req = { ...base, verb: 'delete', name: o.metadata.name ?? '', ...opts };
    if (o.metadata.namespace) req.namespace = o.metadata.namespace;
    const r = ctx.cluster.request(req, ctx.user, ctx.invocation);
    if (!r.ok) return writeFailure(res, r);
    if (r.object) deleted.push(r.object);
  }
  writeJson(res, 200, { kind: 'List', apiVersion: 'v1', metadata: { resourceVersion: String(ctx.cluster.sim.revision) }, items: deleted });
}

/** DeleteOptions from the body (kubectl sends them there) or the query. */
function deleteOptions(q: ApiQuery, raw: Buffer, contentType: string | undefined): Pick<Req, 'gracePeriodSeconds' | 'propagationPolicy' | 'dryRun'> | string {
  let body: Body = {};
  if (raw.length) {
    const decoded = decodeBody(contentType, raw);
    if (!decoded.ok) return decoded.error.message;
    body = decoded.value;
  }
  const out: Pick<Req, 'gracePeriodSeconds' | 'propagationPolicy' | 'dryRun'> = {};
  const grace = body['gracePeriodSeconds'] ?? (q.has('gracePeriodSeconds') ? Number(q.get('gracePeriodSeconds')) : undefined);
  if (typeof grace === 'number' && Number.isFinite(grace)) out.gracePeriodSeconds = grace;
  const policy = body['propagationPolicy'] ?? q.get('propagationPolicy') ?? undefined;
  if (policy === 'Background' || policy === 'Foreground' || policy === 'Orphan') out.propagationPolicy = policy satisfies DeleteOptions['propagationPolicy'];
  else if (policy !== undefined) return `propagationPolicy: Unsupported value: "${String(policy)}": supported values: "Foreground", "Background", "Orphan"`;
  const dry = body['dryRun'];
  if ((Array.isArray(dry) && dry.includes('All')) || q.get('dryRun') === 'All') out.dryRun = true;
  return out;
}

/** Node's header map as Go's http.Header holds it: canonical names (`Content-Type`), one pair per value. */
function headerPairs(headers: IncomingHttpHeaders): [string, string][] {
  const canonical = (k: string): string => k.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => dash + c.toUpperCase());
  return Object.entries(headers).flatMap(([k, v]) => (v === undefined ? [] : (Array.isArray(v) ? v : [v]).map((one): [string, string] => [canonical(k), one])));
}

/** `kubectl --as/--as-group/--as-uid`: the Impersonate-* headers. */
export function impersonation(headers: IncomingHttpHeaders): ApiRequest['impersonate'] {
  const user = headers['impersonate-user'];
  if (typeof user !== 'string' || user === '') return undefined;
  const raw = headers['impersonate-group'];
  const groups = raw === undefined ? [] : (Array.isArray(raw) ? raw : [raw]).flatMap((g) => g.split(',').map((s) => s.trim()));
  const uid = headers['impersonate-uid'];
  return { user, ...(groups.length ? { groups } : {}), ...(typeof uid === 'string' ? { uid } : {}) };
}

/**
 * A Pod's exec, attach or portforward without `Upgrade: websocket` (the engine's kube-apiserver
 * authorizes and locates the target, then refuses as upstream does: its apiserver/connect.ts), or
 * a Pod's or Service's proxy (the engine dials the app and its answer is written back as it
 * came); the upgraded streams are stream/exec.ts's.
 */
function serveConnect(res: ServerResponse, route: ResourceRoute, ctx: ApiContext): void {
  const verb = route.verb === 'get' || route.verb === 'create' || route.verb === 'update' || route.verb === 'patch' || route.verb === 'delete' ? route.verb : undefined;
  if (!verb || route.name === undefined) return writeStatus(res, methodNotAllowed);
  const container = route.query.get('container');
  const req: Req = { verb, resource: route.info.resource, subresource: route.subresource as Req['subresource'], name: route.name, plain: true, ...(route.namespace !== undefined ? { namespace: route.namespace } : {}), ...(container ? { container } : {}) };
  if (route.proxyPath !== undefined) req.proxyPath = route.proxyPath;
  // The reverse proxy sends the client's headers and body on; the engine drops what kube-apiserver's filters drop.
  if (route.subresource === 'proxy') req.forwarded = { headers: headerPairs(ctx.headers), ...(ctx.body.length ? { body: ctx.body.toString('utf8') } : {}) };
  const impersonate = impersonation(ctx.headers);
  if (impersonate) req.impersonate = impersonate;
  const r = ctx.cluster.request(req, ctx.user, ctx.invocation);
  if (!r.ok) return writeFailure(res, r);
  if (r.proxied) {
    // The app's answer as the reverse proxy copies it (the app's status, Content-Type and body),
    // or kube-apiserver's redirect to `…/proxy/`.
    const headers: Record<string, string> = {};
    if (r.proxied.contentType !== undefined) headers['Content-Type'] = r.proxied.contentType;
    if (r.proxied.location !== undefined) headers['Location'] = r.proxied.location;
    res.writeHead(r.code, headers);
    res.end(r.text ?? '');
    return;
  }
  // The engine serves no plain stream; an answer here would be a new kind of Connect.
  writeStatus(res, { code: 500, reason: 'InternalError', message: `Internal error occurred: ${route.info.resource}/${route.subresource ?? ''} answered without a stream` });
}
