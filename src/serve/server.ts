/**
 * The HTTPS front of a served cluster: authenticates the bearer token, reads the route, and hands
 * resource requests to api.ts, discovery to discovery.ts, non-resource GETs (/version, health,
 * OpenAPI v3 documents) to the engine's own apiserver, `/openapi/v2` to openapi-v2.ts, HTTP
 * upgrades (exec over WebSocket) to stream/exec.ts, and `sim` lines to the control endpoint.
 * One request runs to completion before the next (Node's single thread), so the engine never sees
 * two requests at once, as with the headless runner.
 */
import type { ResourceInfo } from '../k8s/resources';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { KubeconfigUser } from '../engine/index';
import { impersonation, serveResource, writeDocument, writeJson, writeStatus } from './api';
import type { Invocation, ServedCluster } from './cluster';
import type { ServingCerts } from './certs';
import type { Credentials } from './credentials';
import { aggregatedDiscovery, apiGroup, apiGroupList, apiResourceList, apiVersions } from '../k8s/discovery';
import { AGGREGATED_MEDIA_TYPE, wantsAggregated } from './discovery-negotiation';
import { openApiV3Root, withPatchPaths } from './openapi';
import { openApiV2, openApiV2Protobuf, wantsV2Protobuf } from './openapi-v2';
import { routeOf, type Route } from './route';
import { StreamUpgrades } from './stream/exec';
import type { Duplex } from 'node:stream';
import { methodNotAllowed, notFoundPath, unauthorized, unreachable } from './status';

/** Largest request body read (kube-apiserver's limit is 3 MiB for most requests). */
const MAX_BODY = 3 * 1024 * 1024;

export function createApiServer(cluster: ServedCluster, creds: Credentials, certs: ServingCerts): Server {
  const streams = new StreamUpgrades();
  const server = createServer({ key: certs.key, cert: certs.cert }, (req, res) => {
    readBody(req)
      .then((body) => {
        if (body === undefined) return writeStatus(res, { code: 413, reason: 'RequestEntityTooLarge', message: 'the request body is too large' });
        handle(cluster, creds, req, res, body);
      })
      .catch((e: unknown) => {
        if (!res.headersSent) writeStatus(res, { code: 500, reason: 'InternalError', message: `Internal error occurred: ${e instanceof Error ? e.message : String(e)}` });
        else res.end();
      });
  });
  // exec (WebSocket), and the refusals of attach and port-forward: stream/exec.ts.
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    streams.handle({ cluster, user: creds.authenticate(req.headers.authorization), invocation: invocationOf(req), extra: servedExtra(cluster) }, req, socket, head);
  });
  server.on('close', () => streams.close());
  return server;
}

function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY) chunks.push(c);
    });
    req.on('end', () => resolve(size > MAX_BODY ? undefined : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function invocationOf(req: IncomingMessage): Invocation | undefined {
  const session = req.headers['kubectl-session'];
  if (typeof session !== 'string' || session === '') return undefined;
  const command = req.headers['kubectl-command'];
  return { session, command: typeof command === 'string' ? command : '' };
}

/** What discovery adds to the built-in table: established CRDs, then aggregated groups (metrics.k8s.io) while Available. */
function servedExtra(cluster: ServedCluster): ResourceInfo[] {
  return cluster.sim.discoveryExtra();
}

function handle(cluster: ServedCluster, creds: Credentials, req: IncomingMessage, res: ServerResponse, body: Buffer): void {
  const method = req.method ?? 'GET';
  const url = req.url ?? '/';
  const user = creds.authenticate(req.headers.authorization);
  // kube-apiserver lets anonymous requests reach the health checks and /version only.
  const route = routeOf(method, url, servedExtra(cluster));
  const open = route.type === 'engine-raw' && /^\/(healthz|livez|readyz|version)(\/|\?|$)/.test(route.path);
  if (!user && !open) return writeStatus(res, unauthorized);
  const invocation = invocationOf(req);
  // A kubectl invocation costs its start-up whatever it asks, as a headless command line does,
  // also when this front answers without the engine (a 404 path, a 405 method, a bad selector).
  cluster.charge(invocation);
  // An anonymous health or version probe is traced under the admin's name, as it always was
  // (the engine now knows 'system:anonymous' too; tracing the probe as that user would be truer).
  dispatch(cluster, route, user ?? 'kubernetes-admin', invocation, req, res, body);
}

/** The paths serve answers itself (discovery, OpenAPI): kube-apiserver's filters still run before them. */
const SERVED_HERE: ReadonlySet<Route['type']> = new Set(['discovery-root', 'discovery-group', 'discovery-version', 'openapi-v3-root', 'openapi-v2']);

/**
 * APF's response headers (apf_filter.go): set on every answer past authentication, before the
 * routes write theirs; an API path that names nothing is classified by its path, approximately.
 */
function setApfHeaders(cluster: ServedCluster, route: Route, user: KubeconfigUser, req: IncomingMessage, res: ServerResponse): void {
  if (route.type === 'control') return;
  const method = (req.method ?? 'GET').toLowerCase();
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  let target: Parameters<ServedCluster['sim']['apfResponseHeaders']>[1];
  if (route.type === 'resource') {
    const namespace = route.info.resource === 'namespaces' ? route.name : route.namespace;
    target = { resource: { verb: route.verb, apiGroup: route.info.group, resource: route.info.resource, ...(route.subresource ? { subresource: route.subresource } : {}), ...(namespace ? { namespace } : {}) } };
  } else target = { nonResource: { verb: method, path } };
  for (const [name, value] of cluster.sim.apfResponseHeaders(user, target, impersonation(req.headers))) res.setHeader(name, value);
}

function dispatch(cluster: ServedCluster, route: Route, user: KubeconfigUser, invocation: Invocation | undefined, req: IncomingMessage, res: ServerResponse, body: Buffer): void {
  setApfHeaders(cluster, route, user, req, res);
  if (SERVED_HERE.has(route.type)) {
    // Impersonation and authorization come before the mux: `--as=bob` by jane is refused here too.
    const refused = cluster.sim.refusedBeforeRouting(req.method ?? 'GET', req.url ?? '/', user, impersonation(req.headers));
    if (refused) return writeStatus(res, refused);
  }
  switch (route.type) {
    case 'resource':
      return serveResource(res, route, { cluster, user, invocation, headers: req.headers, body });
    case 'discovery-root':
      if (wantsAggregated(req.headers.accept)) return writeDiscovery(res, aggregatedDiscovery(route.legacy, servedExtra(cluster)));
      return writeDocument(res, route.legacy ? apiVersions(cluster.sim.serverAddress()) : apiGroupList(servedExtra(cluster)));
    case 'discovery-group': {
      const doc = apiGroup(route.group, servedExtra(cluster));
      return doc ? writeDocument(res, doc) : writeStatus(res, notFoundPath);
    }
    case 'discovery-version': {
      const doc = apiResourceList(route.group, route.version, servedExtra(cluster));
      return doc ? writeDocument(res, doc) : writeStatus(res, notFoundPath);
    }
    case 'openapi-v3-root':
      return writeJson(res, 200, openApiV3Root(cluster.sim.customResources()));
    case 'openapi-v2':
      // client-go's OpenAPISchema() asks for protobuf; curl and others get JSON (openapi-v2.ts).
      if (wantsV2Protobuf(req.headers.accept)) {
        // kube-openapi's handler answers protobuf as application/octet-stream (the '@' in the Accept type is no valid MIME token).
        res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Cache-Control': 'no-cache, private' });
        return void res.end(openApiV2Protobuf());
      }
      return writeJson(res, 200, openApiV2());
    case 'engine-raw': {
      const r = cluster.sim.rawRequest(route.path, user, impersonation(req.headers));
      if (!r.ok) return writeStatus(res, unreachable(r.error));
      const openapi = route.path.startsWith('/openapi/') && r.code === 200;
      // The filters' 401 and 403 are Status objects, written as JSON as responsewriters does.
      const json = openapi || (route.path.startsWith('/version') && r.code === 200) || r.code === 401 || r.code === 403;
      res.writeHead(r.code, { 'Content-Type': r.contentType ?? (json ? 'application/json' : 'text/plain; charset=utf-8'), 'Cache-Control': 'no-cache, private' });
      return void res.end(openapi ? withPatchPaths(r.body) : r.body);
    }
    case 'control': {
      if (user !== 'kubernetes-admin') return writeStatus(res, { code: 403, reason: 'Forbidden', message: `User "${user}" cannot use the simulation's control endpoint` });
      const results = cluster.control(body.toString('utf8').split('\n'));
      const failed = results.some((r) => r.exitCode !== 0);
      return writeJson(res, failed ? 422 : 200, { now: cluster.sim.now, results });
    }
    case 'not-found':
      return writeStatus(res, cluster.sim.refusedBeforeRouting(req.method ?? 'GET', req.url ?? '/', user, impersonation(req.headers)) ?? notFoundPath);
    case 'method-not-allowed':
      return writeStatus(res, cluster.sim.refusedBeforeRouting(req.method ?? 'GET', req.url ?? '/', user, impersonation(req.headers)) ?? methodNotAllowed);
  }
}

function writeDiscovery(res: ServerResponse, doc: object): void {
  res.writeHead(200, { 'Content-Type': AGGREGATED_MEDIA_TYPE, 'Cache-Control': 'no-cache, private' });
  res.end(JSON.stringify(doc));
}
