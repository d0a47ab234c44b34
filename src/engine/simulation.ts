/**
 * The engine's facade: build a cluster, feed it requests, run simulated time, take snapshots
 * and drain diffs, and answer the few questions its clients ask of the cluster's state (the
 * trace, component states, faults, `sim curl`). Everything here is a thin layer over the World
 * and the dispatcher. The World itself is private: code outside src/engine sees only these
 * methods (through index.ts); engine code and engine tests reach it with worldOf().
 *
 * Over 400 lines on purpose: it is the one front door, so every question a client may ask of the
 * cluster is a method here; each is a few lines delegating to the module that owns the answer,
 * and splitting the class would only split the door.
 */
import { aggregatedResources } from './apiserver/aggregator';
import { servedExtra } from './apiserver/discovery';
import { serviceLoads, setServiceLoad } from './metrics/load';
import type { ResourceInfo } from '../k8s/resources';
import { queuePeek } from './core/event-queue';
import { componentId, type ComponentId, type SimMillis } from './core/ids';
import type { TraceRecord } from './core/trace';
import type { KObject } from '../k8s/types';
import { ADMIN, ANONYMOUS, impersonate, JANE, type Impersonation, type UserInfo } from './apiserver/auth';
import { apfHeaders, classifyRequest } from './apiserver/apf-classify';
import type { RequestDigest } from '../k8s/flowcontrol';
import { handleRequest, lbAddress, pickServer, refuseUnauthenticated, type ApiRequest, type ApiResponse } from './apiserver/handler';
import { refuseNonResource, serveNonResource, type RawResponse } from './apiserver/health';
import { authenticateBearerToken } from './apiserver/token-authn';
import { impersonating, refusedBeforeRouting } from './apiserver/unrouted-authz';
import { podLogs, portForwardConnection, portForwardLost, portForwardStream, type PortForwardStream } from './apiserver/kubelet-proxy';
import type { PortForwardOutcome } from './kubelet/server-api';
import type { ExecChunk, HttpRequest } from './images/types';
import type { LocalListener } from './node/workstation-net';
import { readySandbox } from './node/port-forward';
import { readFollow } from './node/exec';
import type { FollowRef } from './images/follow';
import type { LogOptions } from './kubelet/server-api';
import { auditLines, type AuditQuery } from './apiserver/audit';
import { clusterCaPem, kubeadmClientPem, kubeadmClientUser } from './apiserver/cluster-ca';
import { dialFromWorkstation, type ApiDial } from './apiserver/workstation-dial';
import { UNAUTHORIZED, type NetworkError, type StatusError } from './apiserver/status';
import { ETCD_REQUEST_TIMED_OUT } from './etcd/etcd';
import type { ComponentState } from './components';
import { step } from './dispatch';
import { faultsCovering, healFault, injectFault, listTargets, type FaultOptions, type FaultResult, type TargetStatus } from './faults';
import { httpGet, type HttpGet, type HttpGetResult } from './node/traffic';
import { workstationNet } from './node/workstation-net';
import type { Net } from './images/net-tools';
import { exitAttachedShell } from './node/attached-shell';
import { lastDecisionFor, type ScheduleDecision } from './scheduler/decisions';
import { createWorld, nodeAgentsStartAt, type WorldOptions } from './topology/build';
import { restoreSnapshot, type RestoreResult } from './etcd/snapshot';
import type { ObjectChangeRecord } from './sim-core';
import { boundChangeLog } from './scale-mode';
import { aggregateOf, drainRates, heldSeconds, type TraceRateCount, type TraceRateSecond } from './core/trace-rates';
import type { World } from './world';
import { runNodeLogin, runNodeShell, type ShellResult as NodeShellResult } from './node-shell/node-machine';
import { LINE_LIMIT_MS, type ClusterPace } from './core/pace';
import { customResources, type CustomResourceInfo } from './apiextensions/served';
import { setOptionalController, type OptionalControllerResult } from './controllers/samplecontroller/optional';
import { allNodesReady, systemPodsReady } from './boot-conditions';

export interface SimulationOptions extends Partial<WorldOptions> {
  /** Skip running the boot sequence (tests of boot itself). */
  noBoot?: boolean;
}

export type StopReason = 'condition' | 'limit' | 'idle';

export interface WorldDiff {
  /** Diff version before and after; a consumer that sees `from` ≠ its version must resync. */
  from: number;
  to: number;
  now: SimMillis;
  added: KObject[];
  updated: KObject[];
  /** Storage keys (`pods/default/x`) of removed objects. */
  removed: string[];
  components: ComponentState[];
  trace: TraceRecord[];
  /** Every committed version since the last drain, in order (empty unless recordChanges was called). */
  log: ObjectChangeRecord[];
  /** Scale mode: how many of the oldest committed versions since the last drain `log` no longer holds. */
  logDropped?: number;
  /**
   * Scale mode: exact counts of every trace record appended since the last drain, per simulated
   * second and (kind, from, to), whether or not the window still holds the records. Additive: a
   * second a drain cut in two comes again in the next diff with only the records after the cut.
   */
  rates?: TraceRateSecond[];
  /**
   * Scale mode: records appended since the last drain that `trace` misses because the window of
   * full records (SCALE_TRACE_WINDOW) moved past them before this drain; `rates` counts them.
   */
  traceMissed?: number;
}

/** What `sim trace` says about the records scale mode no longer holds. */
export interface TraceAggregate {
  /** How many records were counted instead of kept, and the seqs they span. */
  records: number;
  /** How many full records the trace keeps (the window). */
  window: number;
  firstSeq: number;
  lastSeq: number;
  /** Their exact counts by (kind, from, to). */
  counts: TraceRateCount[];
}

const KUBECTL = componentId('kubectl');
/**
 * A real kubectl (or client library) talking to `reconcile serve`: its requests take the student
 * kubectl's network path but are traced under their own name, so the sequence view shows them
 * as a participant of their own (the page's terminal stays `kubectl`).
 */
export const EXTERNAL_KUBECTL = componentId('kubectl-external');

/** etcd as `sim status` and the component cards show it. */
export interface EtcdStatus {
  leader: ComponentId | undefined;
  term: number;
  revision: number;
}

/**
 * How many messages a long run processes between two `onProgress` calls: at the engine's pace a
 * fraction of a second of wall time, counted in work rather than read off a clock (the engine has
 * none), so the same run reports at the same points every time.
 */
export const PROGRESS_EVERY_MESSAGES = 2_000;

/**
 * Who the learner's kubectl reaches kube-apiserver as (`kubectl config use-context`): the users
 * its kubeconfig holds client certificates for — kubeadm's admin, and the restricted learner of
 * the RBAC lessons — or, for a context naming a user the file does not hold, no credentials at
 * all: the anonymous user.
 */
export type KubeconfigUser = 'kubernetes-admin' | 'jane' | 'system:anonymous';

/**
 * What a request from the learner's kubectl presents: one of the identities above; a bearer
 * token (`kubectl config set-credentials --token`, `kubectl --token`), which kube-apiserver
 * verifies with the same authenticators it runs for a Pod's token (token-authn.ts), so a
 * forged, expired or orphaned token (its ServiceAccount deleted) is refused with 401; or a client
 * certificate other than kubeadm's (named by its path, with its PEM): one kube-controller-manager's
 * signer issued from an approved CertificateSigningRequest authenticates as its subject (CN the
 * user, O the groups); any other fails the x509 authenticator and the request is refused with 401
 * too (a failed credential is never downgraded to system:anonymous).
 */
export type ClientCredentials = KubeconfigUser | { token: string } | { certificate: string; pem?: string };

const KUBECONFIG_USERS: Readonly<Record<KubeconfigUser, UserInfo>> = { 'kubernetes-admin': ADMIN, jane: JANE, 'system:anonymous': ANONYMOUS };

/** Who `as` authenticates as now, or undefined when its token does not verify. */
function authenticated(w: World, as: ClientCredentials): UserInfo | undefined {
  if (typeof as === 'string') return KUBECONFIG_USERS[as];
  if ('token' in as) return authenticateBearerToken(w, as.token);
  // The x509 authenticator: a certificate the cluster CA signed (csrsigning issued it) names its user.
  return as.pem === undefined ? undefined : kubeadmClientUser(w, as.pem);
}

/** Set by Simulation's static block: the one way to its private World (see worldOf). */
let worldAccess: (sim: Simulation) => World;

export class Simulation {
  #world: World;
  /** Trace seq already handed out by drainDiff. */
  private drainedSeq = 0;
  /**
   * While set, simulated time does not pass this moment: advance and runUntil stop there. It
   * replays a Ctrl+C on a waiting command (kubectl/session.ts sets and clears it around one
   * command). Not part of the World: it belongs to the running command, not the cluster.
   */
  horizon: SimMillis | undefined;
  /**
   * Called every PROGRESS_EVERY_MESSAGES messages while advance or runUntil runs, between two
   * messages, so a host can report a long run before it ends (the worker streams it to the page).
   * It may read the Simulation and drain diffs; it must not change the cluster or move time. Like
   * the horizon it belongs to the host, not the World.
   */
  onProgress: (() => void) | undefined;
  /** Messages processed since the last onProgress call. */
  private sinceProgress = 0;

  constructor(opts: SimulationOptions = {}) {
    this.#world = createWorld({ seed: opts.seed ?? 1, topology: opts.topology ?? 'basic', ...opts });
    if (!opts.noBoot) this.boot();
  }

  static {
    worldAccess = (sim) => sim.#world;
  }

  static fromSnapshot(snapshot: World): Simulation {
    const sim = new Simulation({ noBoot: true });
    sim.restore(snapshot);
    return sim;
  }

  get now(): SimMillis {
    return this.#world.now;
  }

  /** Seq of the newest trace record (0 before the first). */
  get lastTraceSeq(): number {
    return this.#world.trace.nextSeq - 1;
  }

  /**
   * Runs the cluster's start-up until every Node is Ready (or 3 simulated minutes pass, more for
   * a cluster whose last machine starts later), then
   * until kube-system's Pods (control plane, kube-proxy, CoreDNS) are Running and Ready (or 2
   * more minutes pass), so the learner's first `kubectl get pods -A` shows a settled cluster.
   */
  boot(): void {
    // A cluster of thousands of machines is still starting them after 3 minutes (137 ms apart):
    // its boot waits for the last one too (a minute after it starts), not a fixed 3 minutes.
    const lastStart = nodeAgentsStartAt(this.#world.machines.length - 1);
    this.runUntil(this.onStored(allNodesReady()), Math.max(180_000, lastStart + 60_000));
    this.runUntil(this.onStored(systemPodsReady()), 120_000);
    this.advance(1000);
    this.#world.bootedAt = this.#world.now;
  }

  /**
   * A condition on stored objects, asked again only when etcd's revision moved: every write
   * bumps it, so the answer cannot change in between. Asked after every message, the boot's
   * conditions (a walk over every Node, or every kube-system Pod) cost as much as a 5,000-node
   * boot's own work.
   */
  private onStored(cond: (w: World) => boolean): () => boolean {
    const w = this.#world;
    let seen = -1;
    let answer = false;
    return () => {
      if (w.etcd.revision !== seen) {
        seen = w.etcd.revision;
        answer = cond(w);
      }
      return answer;
    };
  }

  /**
   * A request from the student's kubectl, through the same pipeline every component uses. Its
   * `pods/exec` and `pods/attach` streams hold the cluster's time while their command runs
   * (ApiRequest.pace): the answer comes with the clock where the command's run stopped — its
   * end, its last wait, a Ctrl+C's horizon, the line's bound or its container's end. An outside
   * kubectl's (`reconcile serve`) runs at the request's moment: the served clock is its host's.
   */
  request(req: Omit<ApiRequest, 'user' | 'from' | 'pace'>, as: ClientCredentials = 'kubernetes-admin', client: 'kubectl' | 'external' = 'kubectl'): ApiResponse {
    const self = this.#world.components.get(KUBECTL)!;
    const server = pickServer(this.#world, self);
    if ('network' in server) return { ok: false, error: server };
    const from = client === 'external' ? EXTERNAL_KUBECTL : KUBECTL;
    const user = authenticated(this.#world, as);
    if (!user) return refuseUnauthenticated(this.#world, server.id, { ...req, from });
    const etcd = this.#world.etcd;
    delete etcd.slowCommitMs;
    const streamed = client === 'kubectl' && req.verb === 'create' && (req.subresource === 'exec' || req.subresource === 'attach');
    const res = handleRequest(this.#world, server.id, { ...req, user, from, ...(streamed ? { pace: this.paceFor() } : {}) });
    // A write etcd committed slowly (a disk-latency fault) is answered once it committed; a
    // stream commits nothing (what its command's wait saw committed slowly was the components').
    const slow = streamed ? undefined : etcd.slowCommitMs;
    if (slow !== undefined) {
      delete etcd.slowCommitMs;
      this.advance(slow);
    }
    // etcd answers a proposal it cannot commit only when its request timeout expires, and
    // kube-apiserver holds the request until then: the student's kubectl waits while the
    // cluster runs on. (Components' own writes are answered at once: an approximation.)
    if (!res.ok && !('network' in res.error) && res.error.message === ETCD_REQUEST_TIMED_OUT) this.advance(this.#world.timings.etcdRequestTimeout);
    return res;
  }

  /**
   * The APF response headers kube-apiserver sets on its answer to a request from `as` (acting as
   * `impersonate`, which the filter sees): the uids of the FlowSchema and priority level the
   * request is classified into (apiserver/apf-classify.ts); none for a client that fails to authenticate.
   */
  apfResponseHeaders(as: ClientCredentials, target: Omit<RequestDigest, 'user'>, impersonation?: Impersonation): [string, string][] {
    const user = impersonation ? impersonate(impersonation) : authenticated(this.#world, as);
    return user ? apfHeaders(classifyRequest(this.#world, { ...target, user })) : [];
  }

  /**
   * What an open `logs -f` stream reads as time passes: the kubelet's containerLogs behind a
   * request that was already traced once, so re-reading adds no trace hops (one follow is one
   * request, as in Kubernetes). Undefined once the log cannot be read (Pod gone, kubelet down).
   */
  followLog(namespace: string, pod: string, opts: LogOptions): string | undefined {
    const w = this.#world;
    const muted = w.traceMuted;
    w.traceMuted = true;
    try {
      const server = pickServer(w, w.components.get(KUBECTL)!);
      if ('network' in server) return undefined;
      const r = podLogs(w, server.id, namespace, pod, opts);
      return r.ok ? r.text : undefined;
    } finally {
      w.traceMuted = muted;
    }
  }

  /**
   * What an open exec stream's `tail -f` (ExecOutcome's `follow`) printed since it was last read,
   * each chunk stamped when tail printed it; `close` ends the follow. Read on the stream already
   * open, so no trace hop. Undefined once the container no longer runs it.
   */
  followExec(namespace: string, pod: string, container: string, ref: FollowRef, close = false): ExecChunk[] | undefined {
    return readFollow(this.#world, namespace, pod, container, ref, close);
  }

  /**
   * The authorization filter's 403 for a request line no route serves (a 404 path, a 405
   * method), which kube-apiserver answers before it looks for a route; undefined lets it on.
   */
  refusedBeforeRouting(method: string, url: string, as: ClientCredentials = 'kubernetes-admin', impersonation?: Impersonation): StatusError | undefined {
    // Authentication runs before authorization: a token that does not verify is the 401.
    const user = authenticated(this.#world, as);
    if (!user) return UNAUTHORIZED;
    if (!impersonation) return refusedBeforeRouting(this.#world, user, method, url);
    const as2 = impersonating(this.#world, user, impersonation);
    return 'refused' in as2 ? as2.refused : refusedBeforeRouting(this.#world, as2.user, method, url);
  }

  /** A GET on a non-resource path (`/readyz?verbose`, `/version`) from the student's kubectl. */
  rawRequest(path: string, as: ClientCredentials = 'kubernetes-admin', impersonation?: Impersonation): ({ ok: true } & RawResponse) | { ok: false; error: NetworkError } {
    const self = this.#world.components.get(KUBECTL)!;
    const server = pickServer(this.#world, self);
    if ('network' in server) return { ok: false, error: server };
    const user = authenticated(this.#world, as);
    if (!user) return { ok: true, ...refuseNonResource(this.#world, server.id, KUBECTL, path) };
    // Authorized like every request: kubeadm's policy lets system:anonymous reach only the health
    // checks and /version, so its `kubectl get --raw /api` is a 403 as on a real cluster.
    return { ok: true, ...serveNonResource(this.#world, server.id, KUBECTL, user.name, path, { user, pretty: false, ...(impersonation ? { impersonate: impersonation } : {}) }) };
  }

  /** Processes one queued message; false when nothing is queued. */
  step(): boolean {
    const more = step(this.#world);
    if (this.#world.scaleMode) boundChangeLog(this.#world.changes);
    return more;
  }

  /**
   * Runs every message due within `ms`, then moves the clock to exactly now + ms. The clock counts
   * whole milliseconds (Event names, timestamps and timers rely on it): a duration that ends
   * between two (a process's transfer) is waited out to the next one.
   */
  advance(ms: number): void {
    const until = this.clampToHorizon(this.#world.now + Math.ceil(ms));
    for (;;) {
      const next = queuePeek(this.#world.queue);
      if (!next || next.at > until) break;
      this.stepOne();
    }
    this.#world.now = until as SimMillis;
  }

  /** One message of a run, then onProgress when it is due. */
  private stepOne(): void {
    step(this.#world);
    if (this.#world.scaleMode) boundChangeLog(this.#world.changes);
    if (this.onProgress && ++this.sinceProgress >= PROGRESS_EVERY_MESSAGES) {
      this.sinceProgress = 0;
      this.onProgress();
    }
  }

  /**
   * Runs until `cond` holds (checked after every message), `limitMs` of simulated time passes,
   * or the queue empties.
   */
  runUntil(cond: () => boolean, limitMs: number): { reason: StopReason; at: SimMillis } {
    const deadline = this.clampToHorizon(this.#world.now + Math.ceil(limitMs));
    if (cond()) return { reason: 'condition', at: this.#world.now };
    for (;;) {
      const next = queuePeek(this.#world.queue);
      if (!next) return { reason: 'idle', at: this.#world.now };
      if (next.at > deadline) {
        this.#world.now = deadline as SimMillis;
        return { reason: 'limit', at: this.#world.now };
      }
      this.stepOne();
      if (cond()) return { reason: 'condition', at: this.#world.now };
    }
  }

  /** `t`, or the horizon when `t` lies beyond it (never earlier than now: time does not go back). */
  private clampToHorizon(t: number): number {
    return this.horizon === undefined ? t : Math.max(this.#world.now, Math.min(t, Math.floor(this.horizon)));
  }

  /** Runs until a trace record matching `pred` is appended; returns it. */
  runUntilTrace(pred: (r: TraceRecord) => boolean, limitMs: number): TraceRecord | undefined {
    let found: TraceRecord | undefined;
    let checked = this.#world.trace.nextSeq;
    this.runUntil(() => {
      const recs = this.#world.trace.records;
      for (let i = recs.length - 1; i >= 0 && recs[i]!.seq >= checked; i--) {
        if (pred(recs[i]!)) found = recs[i];
      }
      checked = this.#world.trace.nextSeq;
      return found !== undefined;
    }, limitMs);
    return found;
  }

  /** A complete, independent copy of the world. */
  snapshot(): World {
    return structuredClone(this.#world);
  }

  restore(snapshot: World): void {
    this.#world = structuredClone(snapshot);
    this.drainedSeq = this.#world.trace.nextSeq - 1;
  }

  /** Trace records with seq greater than `afterSeq` that are still held. */
  traceSince(afterSeq: number): TraceRecord[] {
    const recs = this.#world.trace.records;
    let lo = 0;
    let hi = recs.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (recs[mid]!.seq <= afterSeq) lo = mid + 1;
      else hi = mid;
    }
    return recs.slice(lo);
  }

  /** Everything that changed since the last call, as a versioned diff. */
  drainDiff(): WorldDiff {
    const w = this.#world;
    const added: KObject[] = [];
    const updated: KObject[] = [];
    const removed: string[] = [];
    for (const [key, how] of w.changes.objects) {
      const resource = key.slice(0, key.indexOf('/'));
      const obj = w.etcd.kv.get(resource)?.get(key);
      if (how === 'removed' || !obj) removed.push(key);
      else if (how === 'added') added.push(obj);
      else updated.push(obj);
    }
    const components = [...w.changes.components].map((id) => w.components.get(id)!).filter(Boolean);
    const trace = this.traceSince(this.drainedSeq);
    const traceMissed = w.trace.nextSeq - 1 - this.drainedSeq - trace.length;
    this.drainedSeq = w.trace.nextSeq - 1;
    const { log, logDropped } = w.changes;
    w.changes = { objects: new Map(), components: new Set(), ...(log ? { log: [] } : {}) };
    const from = w.diffVersion++;
    const scale = w.trace.rates ? { rates: drainRates(w.trace.rates), ...(traceMissed > 0 ? { traceMissed } : {}) } : {};
    return { from, to: w.diffVersion, now: w.now, added, updated, removed, components, trace, log: log ?? [], ...(logDropped ? { logDropped } : {}), ...scale };
  }

  /**
   * Whether the cluster runs in scale mode (more than 100 workers, or forced by
   * `ClusterOptions.scaleMode`): the trace keeps a window of full records and exact counts
   * beyond it, the change log a window of versions (scale-mode.ts).
   */
  get scaleMode(): boolean {
    return this.#world.scaleMode === true;
  }

  /** Scale mode: the exact per-second trace counts held (the last RATE_WINDOW_SECONDS), oldest first; [] otherwise. */
  traceRates(): TraceRateSecond[] {
    const r = this.#world.trace.rates;
    return r ? heldSeconds(r) : [];
  }

  /** Scale mode: the records that left the window of full records, as exact counts; undefined when none did. */
  traceAggregate(): TraceAggregate | undefined {
    const log = this.#world.trace;
    if (!log.rates || log.dropped === 0) return undefined;
    // Every record since the cluster began was counted (rates exist from the start) and only
    // appendTrace cuts, from the front: the cut records are seq 1 … the window's first − 1.
    return { records: log.dropped, window: log.limit, firstSeq: 1, lastSeq: log.dropped, counts: aggregateOf(log.rates, log.records) };
  }

  /**
   * From now on, diffs also carry every committed version in order (`log`), so a consumer can
   * rebuild the cluster as it was at any trace record (the UI's time travel).
   */
  recordChanges(): void {
    this.#world.changes.log ??= [];
  }

  /** Every stored object of a resource (a read of etcd's keyspace; no request, no trace). */
  objects<T extends KObject = KObject>(resource: string): T[] {
    return [...(this.#world.etcd.kv.get(resource)?.values() ?? [])] as T[];
  }

  // ---- Reads of the cluster's state: no request, no trace, nothing changes. ----

  /** Every stored object with its storage key (`pods/default/web`), resource by resource. */
  storedObjects(): { key: string; object: KObject }[] {
    const out: { key: string; object: KObject }[] = [];
    for (const bucket of this.#world.etcd.kv.values()) for (const [key, object] of bucket) out.push({ key, object });
    return out;
  }

  /** One stored object by its storage key (`nodes/node-1`). */
  storedObject<T extends KObject = KObject>(key: string): T | undefined {
    return this.#world.etcd.kv.get(key.slice(0, key.indexOf('/')))?.get(key) as T | undefined;
  }

  /** `sim controller start|stop <name>`: an optional controller (samplecontroller/optional.ts). */
  setOptionalController(name: string, on: boolean): OptionalControllerResult {
    return setOptionalController(this.#world, name, on);
  }

  /** The optional controllers running now (`sim controller`), by name. */
  optionalControllers(): string[] {
    return [...(this.#world.optionalControllers ?? [])];
  }

  /**
   * `sim load`: a steady `rps` requests per second to the Service `namespace/name` (0 stops it),
   * shared by the Pods behind it through the nodes' kube-proxy rules (metrics/load.ts).
   */
  setServiceLoad(service: string, rps: number): void {
    setServiceLoad(this.#world, service, rps);
  }

  /** The loads `sim load` is driving now, by Service. */
  serviceLoads(): { service: string; rps: number; since: number }[] {
    return serviceLoads(this.#world);
  }

  /** The resources served through kube-aggregator now (an Available APIService's group, metrics.k8s.io). */
  aggregatedResources(): ResourceInfo[] {
    return aggregatedResources(this.#world);
  }

  /**
   * What discovery serves beyond the built-in table now: established CRDs, then aggregated
   * groups while their APIService is Available (the same list `kubectl get --raw /apis` reads).
   */
  discoveryExtra(): ResourceInfo[] {
    return servedExtra(this.#world);
  }

  /** The custom resources served now (every established CRD), as discovery lists them. */
  customResources(): CustomResourceInfo[] {
    return customResources(this.#world);
  }

  /** etcd's current revision: it moves on every committed write. */
  get revision(): number {
    return this.#world.etcd.revision;
  }

  etcdStatus(): EtcdStatus {
    const { leader, term, revision } = this.#world.etcd;
    return { leader, term, revision };
  }

  /** When boot finished: the moment the cluster was handed to the user (`T+0` of `sim trace`). */
  get bootedAt(): SimMillis {
    return this.#world.bootedAt;
  }

  /** Every process, in creation order. The states are the engine's own: read them, never write. */
  components(): ComponentState[] {
    return [...this.#world.components.values()];
  }

  component(id: string): ComponentState | undefined {
    return this.#world.components.get(id as ComponentId);
  }

  /** The cluster's machines (Nodes, powered on or off), in creation order. */
  machines(): string[] {
    return [...this.#world.machines];
  }

  /** The address kubeconfigs point at: the single kube-apiserver, or the HA load balancer. */
  serverAddress(): string {
    return lbAddress(this.#world);
  }

  /**
   * What the learner's kubectl meets dialling kube-apiserver now (no apiserver running, its
   * machine off or cut off), without sending anything: kubectl's discovery, which the simulation
   * does not trace, asks this before a command's first request.
   */
  kubectlDialError(): NetworkError | undefined {
    const server = pickServer(this.#world, this.#world.components.get(KUBECTL)!);
    return 'network' in server ? server : undefined;
  }

  /** What a dial from the learner's workstation to `host:port` meets (a kubeconfig's server; apiserver/workstation-dial.ts). */
  dialFromWorkstation(host: string, port: number): ApiDial {
    return dialFromWorkstation(this.#world, host, port);
  }

  /**
   * kubeadm's PEMs a kubeconfig embeds: the cluster CA (kube-root-ca.crt's too) or a user's client
   * certificate or key, as `kubectl config view --raw` prints them base64-encoded.
   */
  kubeadmPem(which: { of: 'ca' } | { of: 'cert' | 'key'; user: string }): string {
    return which.of === 'ca' ? clusterCaPem(this.#world) : kubeadmClientPem(this.#world, which.user, which.of);
  }

  /** kube-scheduler's last recorded decision about a Pod (`sim why`), if it has tried it. */
  schedulingDecision(namespace: string, name: string): ScheduleDecision | undefined {
    return lastDecisionFor(this.#world.decisions, namespace, name);
  }

  // ---- Faults (faults.ts): what the instructor breaks and heals. ----

  faultTargets(): TargetStatus[] {
    return listTargets(this.#world);
  }

  injectFault(target: string, opts: FaultOptions = {}): FaultResult {
    return injectFault(this.#world, target, opts);
  }

  healFault(target: string): FaultResult {
    return healFault(this.#world, target);
  }

  /**
   * `sim etcd restore <path>`: the keyspace becomes the one `etcdctl snapshot save` wrote at
   * `path`, and every watch ends so every component relists (etcd/snapshot.ts).
   */
  restoreEtcdSnapshot(path: string): RestoreResult {
    return restoreSnapshot(this.#world, path);
  }

  /** The paths `etcdctl snapshot save` wrote, oldest first. */
  etcdSnapshots(): string[] {
    return [...(this.#world.etcd.snapshots?.keys() ?? [])];
  }

  /** The active faults that keep a component down or cut off (see faults.ts). */
  faultsCovering(c: Pick<ComponentState, 'id' | 'kind' | 'host'>): string[] {
    return faultsCovering(this.#world, c);
  }

  /**
   * `exit N` typed at the terminal `kubectl run -it` attached to a container's PID 1 shell: the
   * container ends with N (node/exits.ts). False when no such shell runs there.
   */
  exitAttachedShell(namespace: string, pod: string, container: string, exitCode: number): boolean {
    return exitAttachedShell(this.#world, namespace, pod, container, exitCode);
  }

  /** One HTTP GET sent from a node through its kube-proxy rules (`sim curl`; node/traffic.ts). */
  httpGet(req: HttpGet): HttpGetResult {
    return httpGet(this.#world, req);
  }

  /**
   * The network the learner's laptop sees, for curl at the `$ ` prompt: node addresses (their
   * kube-proxy rules, the kubelet), kube-apiserver's secure port, no cluster names or Pod IPs
   * (node/workstation-net.ts). Requests through it change the world (trace, audit, the PRNG).
   */
  workstationNet(local?: LocalListener): Net {
    return workstationNet(this.#world, local);
  }

  /**
   * The stream a `POST pods/<name>/portforward` kubectl just had upgraded rides on: the
   * kube-apiserver kubectl reaches now and the kubelet of the Pod's node, in their current
   * incarnations (kubelet-proxy.ts). Undefined when no server or node is there to carry it.
   */
  portForwardStream(namespace: string, pod: string): PortForwardStream | undefined {
    const w = this.#world;
    const server = pickServer(w, w.components.get(KUBECTL)!);
    return 'network' in server ? undefined : portForwardStream(w, server.id, namespace, pod, (node) => readySandbox(w, node, namespace, pod));
  }

  /** One connection kubectl port-forward accepted on the laptop, sent down its stream (`url`: what the client asked, for the trace). */
  portForwardConnection(stream: PortForwardStream, port: number, url: string, request: HttpRequest): PortForwardOutcome | { type: 'lost' } | { type: 'hang' } {
    return portForwardConnection(this.#world, KUBECTL, stream, port, url, request);
  }

  /** Whether a port-forward stream broke since it opened (its kube-apiserver or kubelet stopped): read-only. */
  portForwardLost(stream: PortForwardStream): boolean {
    return portForwardLost(this.#world, stream);
  }

  /**
   * A command line run by a node's shell over ssh (`sim ssh NODE -- LINE`; node-shell/node-machine.ts):
   * what it wrote, each chunk at its simulated moment, and how long it ran. The cluster's time
   * passes with the line (each command reads the node as it is when it runs): it returns with
   * the clock at the line's end, or, for a line still running, at the horizon or after `limitMs`
   * (default LINE_LIMIT_MS), where the caller holds it. What it writes stays on the node's
   * disk. `columns`: the terminal's width.
   */
  nodeShell(node: string, line: string, opts: { columns?: number; limitMs?: number } = {}): NodeShellResult {
    return runNodeShell(this.#world, node, line, opts.columns, this.paceFor(opts.limitMs));
  }

  /**
   * A line typed at the node's interactive login (`sim ssh NODE`): `pid` absent opens the login
   * shell (bash as `-bash`), which keeps its state between lines until `exit`; `interruptAt`: a
   * Ctrl+C at that simulated time while the line runs; `term`: the TERM ssh sends for the
   * terminal, `columns` and `rows` its size. Time passes with the line as nodeShell's.
   */
  nodeLogin(node: string, line: string, pid?: number, opts: { interruptAt?: number; columns?: number; rows?: number; term?: string; limitMs?: number } = {}): NodeShellResult {
    const { limitMs, ...rest } = opts;
    return runNodeLogin(this.#world, node, line, pid, { ...rest, pace: this.paceFor(limitMs) });
  }

  /**
   * The cluster's time for a line that waits for it (core/pace.ts): run up to `t`, never past the
   * horizon or `limitMs` from now, and no further than the first moment `until()` holds.
   */
  private paceFor(limitMs = LINE_LIMIT_MS): ClusterPace {
    const w = this.#world;
    const bound = w.now + limitMs;
    return {
      to: (t, until) => {
        const to = Math.min(t, bound);
        if (to <= w.now) return w.now;
        if (!until) this.advance(to - w.now);
        else if (this.runUntil(until, to - w.now).reason === 'idle') this.advance(to - w.now);
        return w.now;
      },
    };
  }

  /** The apiservers' audit events as JSON lines, oldest first (`sim audit`; apiserver/audit.ts). */
  auditLog(q: AuditQuery = {}): string[] {
    return auditLines(this.#world, q);
  }
}

/**
 * The World inside a Simulation, for engine code and engine tests. Not exported from index.ts:
 * outside src/engine the Simulation's methods are the only way in.
 */
export function worldOf(sim: Simulation): World {
  return worldAccess(sim);
}

