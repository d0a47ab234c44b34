/**
 * kubectl's REST client over the simulation: every call is one `sim.request`, i.e. one trip
 * through kube-apiserver's real pipeline. Server warnings are printed to stderr once each, as
 * client-go's deduplicating warning handler does. Lists come back in etcd key order
 * (namespace, then name), which is the order a real apiserver returns.
 */
import type { ApiRequest, ApiResponse, ApplyOptions, ClientCredentials, DeleteOptions, FieldRequirement, Impersonation, NetworkError, PatchType, RawResponse, Simulation, StatusError } from '../engine/index';
import type { KObject } from '../k8s/types';
import { resourceInfo, type ResourceInfo } from '../k8s/resources';
import { customSource } from '../k8s/apiextensions';
import { urlError } from './request-url';
import { aggregatedDiscovery } from '../k8s/discovery';
import { servedTarget } from '../k8s/served-versions';
import type { Selector } from '../k8s/labels';
import { CmdError, fatalText, type ApiError } from './errors';
import type { Output } from './output';
import type { RequestLog } from './request-log';

/** kube-apiserver's 401 Status, as its body decodes. */
const UNAUTHORIZED: StatusError = { code: 401, reason: 'Unauthorized', message: 'Unauthorized' };

export type Res<T> = { ok: true; value: T } | { ok: false; error: ApiError };

export type Request = Omit<ApiRequest, 'user' | 'from' | 'impersonate'>;

/** The user of kubeadm's admin.conf, the kubeconfig the learner's kubectl reads. */
export const KUBECONFIG_USER = 'kubernetes-admin';

export interface ListOptions {
  labelSelector?: Selector;
  fieldSelector?: FieldRequirement[];
}

function keyOf(o: KObject): string {
  return `${o.metadata.namespace ?? ''}/${o.metadata.name ?? ''}`;
}

export function byKey(a: KObject, b: KObject): number {
  const ka = keyOf(a);
  const kb = keyOf(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/** The request's resource, version (one served by conversion: autoscaling/v1 HPAs) and namespace. */
function target(info: ResourceInfo, ns: string | undefined): Pick<Request, 'resource' | 'version' | 'group' | 'namespace'> {
  return { resource: info.resource, ...servedTarget(info), namespace: info.namespaced ? ns : undefined };
}

export class Client {
  private readonly warned = new Set<string>();
  private impersonation: Impersonation | undefined;

  /** Who kube-apiserver's filters see this client as: `--as`'s user once set. */
  get actingAs(): Impersonation | undefined {
    return this.impersonation;
  }

  constructor(
    readonly sim: Simulation,
    private readonly out: Output,
    /** What the context's user entry presents (client-config.ts credentialsOf), or `--token`'s token. */
    readonly user: ClientCredentials = KUBECONFIG_USER,
    /**
     * Set when the context's cluster cannot be reached (client-config.ts, cluster-dial.ts): every
     * request fails with this, never reaching the simulation, as a dial of a server where
     * nothing listens does.
     */
    readonly unreachable?: NetworkError,
  ) {}

  /**
   * A GET on a non-resource path (`/version`, `/readyz`, `/openapi/v3/...`): Simulation.rawRequest.
   * A 401 (credentials that did not verify) is the Status error rest.Request decodes from its body,
   * so every caller prints `error: You must be logged in to the server (Unauthorized)`.
   */
  rawPath(path: string): ({ ok: true } & RawResponse) | { ok: false; error: NetworkError | StatusError } {
    if (this.unreachable) return { ok: false, error: this.unreachable };
    const started = this.sim.now;
    const res = this.sim.rawRequest(path, this.user, this.impersonation);
    if (res.ok) this.requestLog?.raw(path, res.code, res.body, this.sim.now - started);
    if (res.ok && res.code === 401) return { ok: false, error: UNAUTHORIZED };
    // The authorization filter's refusal (system:anonymous asking for `/api`) is a Status too.
    if (res.ok && res.code === 403) return { ok: false, error: { code: 403, reason: 'Forbidden', message: forbiddenMessageOf(res.body) } };
    return res;
  }

  /**
   * kube-apiserver's 403 for a request line no route serves, which its authorization filter
   * answers first (as the `--as` user, once the impersonation is allowed); undefined lets the
   * request on to its 404 or 405.
   */
  refusedBeforeRouting(method: string, path: string): StatusError | undefined {
    return this.unreachable ? undefined : this.sim.refusedBeforeRouting(method, path, this.user, this.impersonation);
  }

  /** Prints a `Warning: ...` line unless this invocation already printed it. */
  warn(text: string): void {
    if (this.warned.has(text)) return;
    this.warned.add(text);
    this.out.err(`Warning: ${text}\n`);
  }

  /**
   * `--validate`: kubectl sends `fieldValidation=Strict` by default; `warn` and `false`/`ignore`
   * let the server drop unknown fields (with a warning under Warn).
   */
  validateAs(flag: string): void {
    const v = flag.toLowerCase();
    this.fieldValidation = v === 'warn' ? 'Warn' : v === 'false' || v === 'ignore' ? 'Ignore' : undefined;
  }

  private fieldValidation: 'Warn' | 'Ignore' | undefined;

  /** The `?fieldManager=` kubectl sends on this command's writes (kubectl-create, kubectl-scale, ...). */
  fieldManager: string | undefined;

  /** Sends every following request with `--as`/`--as-group`/`--as-uid`. */
  impersonate(imp: Impersonation): void {
    this.impersonation = imp;
  }

  /** The `-v=6`-and-up logger (request-log.ts); unset below 6, so nothing is computed for it. */
  requestLog: RequestLog | undefined;

  /**
   * The servers (`host:port`) whose discovery kubectl has cached under ~/.kube/cache/discovery (a
   * Session's, so it outlives one invocation): for another, the first resource request is
   * preceded by discovery's GETs of /api and /apis.
   */
  discoveryCache: Set<string> | undefined;
  /** The server URL the kubeconfig (or --server) names, as written (client-config.ts); unset: the cluster's own address. */
  serverUrl: string | undefined;

  /** The server's `host:port`, as the -v log and the discovery cache name it. */
  get serverHost(): string {
    return this.serverUrl ? (/^(?:[A-Za-z][A-Za-z0-9+.-]*:\/\/)?([^/?#]*)/.exec(this.serverUrl)?.[1] ?? '') : this.sim.serverAddress();
  }
  private discoveryChecked = false;

  /** The server as URLs start with it (`https://10.0.0.10:6443`): the kubeconfig's, or the cluster's own address. */
  get serverBase(): string {
    return (this.serverUrl ?? `https://${this.sim.serverAddress()}`).replace(/\/+$/, '');
  }

  /** What a request would meet dialling the server now, without sending one: the kubeconfig's dial, then kube-apiserver's state. */
  dialError(): NetworkError | undefined {
    return this.unreachable ?? this.sim.kubectlDialError();
  }

  /** The command's words (`['create', 'deployment']`): which query keys its requests carry. */
  words: readonly string[] = [];

  /** The last request that never got an answer (the server unreachable). */
  private unsent: Request | undefined;

  /**
   * A typed client's error for `error` (a request that could not be sent), as Go's url.Error
   * prints it: `Post "https://10.0.0.10:6443/apis/apps/v1/…?fieldManager=kubectl-create…": dial tcp …`.
   */
  unsentText(error: NetworkError): string {
    return this.unsent ? urlError(this.unsent, this.words, this.serverBase, error.message) : error.message;
  }

  /** The Status of the last request that failed: kubectl's `-v=4` log prints it with the error. */
  lastFailure: StatusError | undefined;

  /**
   * Called once when discovery finds the server unreachable with nothing cached for it
   * (runKubectl prints memcache.go's klog errors: discovery-failure.ts).
   */
  onDiscoveryFailure: ((error: NetworkError) => void) | undefined;

  /**
   * The command maps its arguments through discovery (the builder's ResourceTypeOrNameArgs): a
   * server discovery cannot reach with nothing cached ends it at its first request, the refusal
   * printed once whatever it would have asked (`describe pods,svc`, `get pod/x svc/y`: recorded
   * with kubectl v1.35.2).
   */
  failOnDiscovery = false;

  /**
   * Discovery before the command's first resource request (or a command's own RESTMapper
   * lookup): a server already in the cache costs nothing; another is asked for /api and /apis,
   * and is cached only when it answered. Returns the dial error of a cold cache's failed fetch.
   */
  discover(): NetworkError | undefined {
    if (!this.discoveryCache || this.discoveryChecked) return this.discoveryError;
    this.discoveryChecked = true;
    const server = this.serverHost;
    if (this.discoveryCache.has(server) && !this.discoveryInvalidated) return undefined;
    this.discoveryError = this.dialError();
    if (this.discoveryError) {
      this.onDiscoveryFailure?.(this.discoveryError);
      return this.discoveryError;
    }
    this.discoveryCache.add(server);
    this.requestLog?.discovery((legacy) => JSON.stringify(aggregatedDiscovery(legacy, this.sim.discoveryExtra())));
    return undefined;
  }

  private discoveryError: NetworkError | undefined;

  /**
   * discoveryclient.Invalidate: what the cache holds for this server is dropped, so the next
   * discover() fetches again (api-versions always, api-resources without --cached).
   */
  invalidateDiscovery(): void {
    if (!this.discoveryChecked) this.discoveryInvalidated = true;
  }

  /** The files under ~/.kube/cache stay: a failed fetch leaves the next command its warm cache (recorded). */
  private discoveryInvalidated = false;

  raw(req: Request): ApiResponse {
    const undiscovered = this.discover();
    if (undiscovered && this.failOnDiscovery) throw new CmdError(fatalText(undiscovered));
    let sent = this.fieldValidation && req.fieldValidation === undefined && req.verb !== 'get' && req.verb !== 'list' ? { ...req, fieldValidation: this.fieldValidation } : req;
    // create token's TokenRequest goes out with empty CreateOptions (recorded: no query at all).
    if (this.fieldManager && !req.apply && req.fieldManager === undefined && req.subresource !== 'token' && (req.verb === 'create' || req.verb === 'update' || req.verb === 'patch')) sent = { ...sent, fieldManager: this.fieldManager };
    if (this.unreachable) {
      this.unsent = sent;
      return { ok: false, error: this.unreachable };
    }
    // kube-apiserver attaches a deprecated resource's warning to every request for it, failed ones too.
    const deprecated = resourceInfo(req.resource)?.deprecated;
    if (deprecated) this.warn(deprecated);
    const started = this.sim.now;
    const res = this.sim.request(this.impersonation ? { ...sent, impersonate: this.impersonation } : sent, this.user);
    this.requestLog?.resource(sent, res, this.sim.now - started);
    if (!res.ok && !('network' in res.error)) this.lastFailure = res.error;
    if (!res.ok && 'network' in res.error) this.unsent = sent;
    if (res.ok) for (const w of res.warnings ?? []) this.warn(w);
    return res;
  }

  private one(req: Request): Res<KObject> {
    const res = this.raw(req);
    if (!res.ok) return { ok: false, error: res.error };
    return { ok: true, value: structuredClone(res.object ?? ({} as KObject)) };
  }

  get(info: ResourceInfo, ns: string | undefined, name: string): Res<KObject> {
    return this.one({ verb: 'get', ...target(info, ns), name });
  }

  /**
   * cli-runtime's Info.Get, how the builder fetches a named object: a NotFound in a namespace
   * other than `default` is followed by a GET of that namespace, and its own NotFound is what
   * kubectl reports (`namespaces "nons" not found`).
   */
  getNamed(info: ResourceInfo, ns: string | undefined, name: string): Res<KObject> {
    const r = this.get(info, ns, name);
    if (r.ok || 'network' in r.error || r.error.reason !== 'NotFound' || !info.namespaced || !ns || ns === 'default') return r;
    const namespace = this.one({ verb: 'get', resource: 'namespaces', name: ns });
    return !namespace.ok && !('network' in namespace.error) && namespace.error.reason === 'NotFound' ? namespace : r;
  }

  list(info: ResourceInfo, ns: string | undefined, opts: ListOptions = {}): Res<KObject[]> {
    const res = this.raw({ verb: 'list', ...target(info, ns), ...opts });
    if (!res.ok) return { ok: false, error: res.error };
    const items = (res.items ?? []).map((o) => structuredClone(o));
    items.sort(byKey);
    return { ok: true, value: items };
  }

  create(info: ResourceInfo, ns: string | undefined, body: KObject, dryRun = false): Res<KObject> {
    return this.one({ verb: 'create', ...target(info, ns), body, dryRun });
  }

  update(info: ResourceInfo, ns: string | undefined, body: KObject, dryRun = false, subresource?: Request['subresource']): Res<KObject> {
    return this.one({ verb: 'update', ...target(info, ns), name: body.metadata.name, body, dryRun, ...(subresource ? { subresource } : {}) });
  }

  patch(info: ResourceInfo, ns: string | undefined, name: string, patch: Record<string, unknown>, dryRun = false, subresource?: Request['subresource']): Res<KObject> {
    const req: Request = { verb: 'patch', ...target(info, ns), name, body: patch as KObject, dryRun };
    // kubectl sends a JSON merge patch for a kind it has no Go type for (a custom resource).
    if (customSource(info)) req.patchType = 'merge';
    if (subresource) req.subresource = subresource;
    return this.one(req);
  }

  /** A server-side apply: PATCH with `application/apply-patch+yaml`, `?fieldManager=…&force=…`. */
  apply(info: ResourceInfo, ns: string | undefined, name: string, config: KObject, opts: ApplyOptions, dryRun = false): Res<KObject> {
    return this.one({ verb: 'patch', ...target(info, ns), name, body: config, apply: opts, dryRun });
  }

  /** A PATCH with an explicit Content-Type: a JSON patch's body is its list of operations. */
  patchAs(info: ResourceInfo, ns: string | undefined, name: string, type: PatchType, patch: unknown, dryRun = false, subresource?: Request['subresource']): Res<KObject> {
    const req: Request = { verb: 'patch', ...target(info, ns), name, patchType: type, dryRun };
    if (type === 'json') req.patchOps = patch;
    else req.body = patch as KObject;
    if (subresource) req.subresource = subresource;
    return this.one(req);
  }

  /**
   * kubectl get -w's WATCH, which the simulation serves through ObjectWatch rather than a
   * request: only its log line (-v=6 and up) is written here.
   */
  logWatch(info: ResourceInfo, ns: string | undefined, opts: ListOptions, status: number): void {
    this.requestLog?.watch({ verb: 'list', ...target(info, ns), ...opts }, status);
  }

  delete(info: ResourceInfo, ns: string | undefined, name: string, opts: DeleteOptions = {}): Res<KObject> {
    const req: Request = { verb: 'delete', ...target(info, ns), name };
    if (opts.gracePeriodSeconds !== undefined) req.gracePeriodSeconds = opts.gracePeriodSeconds;
    if (opts.propagationPolicy) req.propagationPolicy = opts.propagationPolicy;
    if (opts.dryRun) req.dryRun = true;
    return this.one(req);
  }
}

/** The message of the Status body kube-apiserver wrote for a 403 (its own words if the body is not one). */
function forbiddenMessageOf(body: string): string {
  try {
    const status = JSON.parse(body) as { message?: unknown };
    if (typeof status.message === 'string') return status.message;
  } catch {
    // Not JSON: the body as it came.
  }
  return body.trim();
}
