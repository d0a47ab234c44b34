/**
 * The trace: one record for every hop between components (and for each stage a request passes
 * inside kube-apiserver). It is the single source for the sequence view, diagram animations, the
 * narration log, "why is this Pod Pending?" and lesson pause points.
 */
import type { ComponentId, SimMillis } from './ids';
import { countRecord, type TraceRates } from './trace-rates';

export type TraceKind =
  /** kubectl → kube-apiserver, controller → kube-apiserver: an API request. */
  | 'request'
  /** kube-apiserver pipeline stages, each a self-hop on kube-apiserver. */
  | 'authn'
  | 'authz'
  | 'mutating-admission'
  | 'validation'
  | 'validating-admission'
  /** kube-apiserver → etcd write (Txn) and etcd's reply once a quorum committed it. */
  | 'etcd-write'
  | 'etcd-commit'
  /**
   * kube-apiserver → etcd: a read the watch cache may not answer alone (a Range), recorded only
   * when it fails; etcd's reply is the `etcd-commit` failure a write gets.
   */
  | 'etcd-read'
  /** kube-apiserver → client: the HTTP response. */
  | 'response'
  /** kube-apiserver → watcher: a watch event (ADDED/MODIFIED/DELETED). */
  | 'watch'
  /** A controller's reconcile of one workqueue key. */
  | 'reconcile'
  /** kube-scheduler's filter/score decision for one Pod (details in the decision record). */
  | 'schedule'
  /** kubelet → container runtime over CRI (RunPodSandbox, PullImage, CreateContainer, ...). */
  | 'cri'
  /** container runtime → CNI plugin (ADD/DEL). */
  | 'cni'
  /** container runtime → its OCI runtime binary (runc/crun create, start). */
  | 'oci'
  /** kubelet → CSI driver (NodeStageVolume/NodePublishVolume) and provisioner hops. */
  | 'csi'
  /** kubelet's probe of a container. */
  | 'probe'
  /** A component recording a Kubernetes Event (kept separate so views can hide the noise). */
  | 'event'
  /** Lease renewals and leader election. */
  | 'lease'
  /** A container's process doing something of its own (exiting, OOM). */
  | 'process'
  /** kubelet's PLEG relist finding a Pod's containers started, dead or removed (generic.go). */
  | 'pleg'
  /** A fault injected or healed by the instructor, a lesson or a script. */
  | 'fault'
  /** kube-proxy programming its rules. */
  | 'proxy';

/** A reference to the object a hop is about. */
export interface TraceObject {
  kind: string;
  namespace?: string;
  name: string;
}

/** A namespaced name: what most hops are about (a Pod, a Lease). */
export interface NamespacedName {
  namespace: string;
  name: string;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** The apiserver's request verbs (RequestInfo.Verb), as RBAC and audit name them. */
export type ApiVerb = 'get' | 'list' | 'watch' | 'create' | 'update' | 'patch' | 'delete' | 'deletecollection';

/**
 * What each kind of hop carries as data. This — not `summary` — is the contract with every
 * reader outside the engine (narration, the sequence view, milestones, the diagram, lesson pause
 * points): `summary` is the same facts rendered as English for `sim trace`, and nothing may parse
 * it back. Every field is plain JSON so records cross postMessage and shared links unchanged.
 */
export interface TraceDetails {
  /** An API request on a resource path, or a GET on a non-resource path (/readyz, /version). */
  request:
    | {
        type: 'resource';
        method: HttpMethod;
        verb: ApiVerb;
        /** The URL path as sent, e.g. `/api/v1/namespaces/default/pods` (a create names no object). */
        path: string;
        /** API group ('' for the core group) and version. */
        group: string;
        version: string;
        /** Plural resource name (`pods`, `deployments`). */
        resource: string;
        subresource?: string;
        namespace?: string;
        name?: string;
        user: string;
      }
    /**
     * `path` keeps its query string (`/readyz?verbose`). A POST is kube-apiserver's own request to
     * a kubelet's server (`/exec/…` for `pods/exec`), made as its kubelet client certificate's user.
     */
    | { type: 'non-resource'; method: 'GET' | 'POST'; path: string; user: string };
  /** `impersonatedBy`: the authenticated user whose `--as` the apiserver allowed; `user` is who the request runs as. */
  authn: { user: string; impersonatedBy?: string };
  /** RBAC's decision; a denial is `allowed: false` (the 403 response follows). */
  authz: { allowed: boolean; verb: string; resource: string };
  'mutating-admission': { result: 'mutated'; plugins: string[] } | { result: 'unchanged' } | StageRejected;
  validation: { result: 'valid' } | StageRejected;
  /**
   * `webhooks`: the validating admission webhooks that were called and allowed it; `ignored`:
   * those that could not be called, whose failurePolicy Ignore let the request through.
   */
  'validating-admission': { result: 'admitted'; operation: 'create' | 'update' | 'delete'; webhooks?: string[]; ignored?: string[] } | StageRejected;
  /** kube-apiserver → etcd: a transaction on one key (`/registry/pods/default/x`). */
  'etcd-write': { op: 'create' | 'update' | 'delete'; key: string };
  /** `key`: the object's (a GET) or the resource's prefix (a consistent LIST asking for the current revision). */
  'etcd-read': { key: string };
  'etcd-commit':
    /** `tookMs`: set while a disk-latency fault slows the commit (etcd/disk.ts). */
    | { type: 'committed'; revision: number; quorum: number; members: number; tookMs?: number }
    | { type: 'failed'; error: string }
    /** etcd's own raft election (members elect among themselves; no apiserver involved). */
    | { type: 'leader-elected'; member: string; term: number; previous?: string }
    /** The keyspace was replaced by a snapshot's (etcd/snapshot.ts); the revision keeps counting from `revision`. */
    | { type: 'restored'; path: string; snapshotRevision: number; revision: number };
  /**
   * HTTP response. `reason` is the StatusReason for failures (`NotFound`, `Conflict`) and the
   * status text for successes (`OK`, `Created`); `items` is set on LIST responses.
   */
  response:
    | {
        type: 'status';
        code: number;
        reason: string;
        /** Set on failures: the Status message. */
        message?: string;
        items?: number;
        /** The object in the response body (create, get, update, delete); absent for lists, logs and failures. */
        object?: TraceObject;
      }
    /** The request never reached a server (`connection refused`, a timeout). */
    | { type: 'network'; error: string };
  watch:
    | { type: 'event'; event: 'ADDED' | 'MODIFIED' | 'DELETED'; resource: string; dropped: boolean }
    /** The watch connections to a component were cut; its Reflectors relist. */
    | { type: 'closed'; watches: number; reason: string };
  reconcile:
    | {
        type: 'sync';
        controller: string;
        key: string;
        /** What the controller wants and sees, where it counts something (replicas, Pods). */
        desired?: number;
        actual?: number;
      }
    | { type: 'error'; controller: string; key: string; error: string; requeueAfterMs: number }
    | { type: 'resync'; controller: string; objects: number };
  schedule:
    | {
        result: 'scheduled';
        pod: NamespacedName;
        /** Nodes the filters ran on (percentageOfNodesToScore may stop early), of `total`. */
        evaluated: number;
        total: number;
        feasible: number;
        /** The best-scored nodes, highest first (at most five). */
        scores: { node: string; score: number }[];
        selected: string;
      }
    | {
        result: 'unschedulable';
        pod: NamespacedName;
        evaluated: number;
        total: number;
        /** The FitError message the PodScheduled condition and the FailedScheduling event carry. */
        message: string;
        preFilterPlugin?: string;
        /** PostFilter (preemption) nominated a node and is evicting these Pods (`ns/name`). */
        nominated?: { node: string; victims: string[] };
      };
  cri:
    | { service: 'RuntimeService'; call: 'RunPodSandbox' | 'StopPodSandbox' | 'RemovePodSandbox'; pod: NamespacedName }
    | { service: 'RuntimeService'; call: 'CreateContainer' | 'StartContainer' | 'StopContainer'; pod: NamespacedName; container: string }
    | { service: 'RuntimeService'; call: 'UpdateRuntimeConfig'; podCIDR: string }
    /** `kubectl exec`, relayed by kube-apiserver to the kubelet: the command run in the container. */
    | { service: 'RuntimeService'; call: 'Exec'; pod: NamespacedName; container: string; command: string[] }
    | { service: 'RuntimeService'; call: 'Attach'; pod: NamespacedName; container: string }
    /** One connection of `kubectl port-forward`: the runtime dials `localhost:port` in the Pod's network namespace. */
    | { service: 'RuntimeService'; call: 'PortForward'; pod: NamespacedName; port: number }
    | { service: 'ImageService'; call: 'PullImage'; pod: NamespacedName; image: string };
  cni:
    | { op: 'ADD'; pod: NamespacedName; ip: string }
    | { op: 'ADD'; pod: NamespacedName; error: string }
    | { op: 'DEL'; pod: NamespacedName; releasedIp?: string }
    | { op: 'config'; plugin: string; subnet: string }
    /** A policy agent reprogrammed its node's NetworkPolicy rules. */
    | { op: 'policy-sync'; plugin: string; policies: number; isolatedPods: number }
    /** A connection the node's policy rules dropped (`direction`: whose rule dropped it). */
    | { op: 'drop'; plugin: string; direction: 'ingress' | 'egress'; pod: NamespacedName; peer: string; port: number; protocol: string; policies: string[] };
  /** `container` is absent for the sandbox's pause container; `id` is the container's full id. */
  oci: { runtime: 'runc' | 'crun'; op: 'create' | 'start'; id: string; pod: NamespacedName; container?: string };
  csi:
    | { call: 'CreateVolume'; volume: string; size: string; node?: string }
    | { call: 'DeleteVolume'; volume: string }
    | { call: 'NodeStageVolume' | 'NodePublishVolume'; volume: string; path: string }
    | { call: 'NodeUnstageVolume' | 'NodeUnpublishVolume'; volume: string };
  /** A probe whose result changed (kubelet records only transitions). */
  probe: { probe: 'liveness' | 'readiness' | 'startup'; pod: NamespacedName; container: string; result: 'success' | 'failure'; message?: string };
  /**
   * An Event written (or refused: `error`). A count bump (PATCH) carries no type, reason or
   * message. A request on events without an Event body (the namespace controller listing and
   * deleting a namespace's Events) carries its method and name instead.
   */
  event:
    | { type: string; reason: string; message: string; error?: string }
    | { method: HttpMethod; namespace: string; name: string; error?: string };
  /** A Lease read, created or renewed by its holder (leader election, node heartbeat), or deleted with its namespace. */
  lease: { method: HttpMethod; namespace: string; name: string; error?: string };
  /** `pod` is absent when the container's sandbox is already gone; `podUID` is always known. */
  process: { pod?: NamespacedName; podUID: string; container: string; exitCode: number; reason: string };
  /**
   * One Pod's share of a relist: the events the generic PLEG sends its pod worker, in the order it
   * found them (ContainerChanged is never sent). `container` is absent for the Pod's sandbox;
   * `pod` when the runtime no longer holds the sandbox that names it.
   */
  pleg: { pod?: NamespacedName; podUID: string; events: { type: 'ContainerStarted' | 'ContainerDied' | 'ContainerRemoved'; container?: string }[] };
  fault: {
    target: string;
    active: boolean;
    action: 'stop' | 'start' | 'power-off' | 'power-on' | 'partition' | 'reconnect' | 'delay' | 'undelay' | 'drop' | 'undrop' | 'slow-disk' | 'heal-disk';
    /** Message faults: whether the watch events going to or coming from the target are affected. */
    direction?: 'to' | 'from';
    delayMs?: number;
  };
  proxy:
    | { type: 'sync'; services: number; endpoints: number }
    /**
     * `sim curl`: a request from a node, through its kube-proxy rules (`service` when a Service
     * rule matched), to one endpoint (`podIP:port`); `pod` is absent when no Pod holds the address.
     */
    | {
        type: 'traffic';
        /** Unset for a GET. */
        method?: string;
        /**
         * `tcp`: a TCP connection that carried no HTTP request (`nc -z`, telnet, nc with no
         * request on its stdin); `url` is then `tcp://ip:port`. Unset: an HTTP request.
         */
        protocol?: 'tcp';
        url: string;
        /** The node it left from, or `workstation` for curl on the learner's laptop. */
        fromNode: string;
        /** The Pod it left from (a container's own request or an exec's), unset for the node's own. */
        fromPod?: NamespacedName;
        service?: string;
        endpoint: string;
        pod?: NamespacedName;
        /** The machine whose own address the endpoint is (no Pod holds it), and what listens there. */
        host?: string;
        listener?: string;
      };
}

/** A pipeline stage that refused the request (the response record that follows carries the code). */
export interface StageRejected {
  result: 'rejected';
  message: string;
}

interface TraceBase {
  seq: number;
  at: SimMillis;
  from: ComponentId;
  to: ComponentId;
  /** The hop in English for `sim trace`, rendered from `detail` (trace-summary.ts). Never parse it. */
  summary: string;
  object?: TraceObject;
  resourceVersion?: string;
  /** Id of the API request this record belongs to (request, stages, etcd, response share it). */
  requestId?: number;
}

/** One hop; switching on `kind` narrows `detail`. */
export type TraceRecord = { [K in TraceKind]: TraceBase & { kind: K; detail: TraceDetails[K] } }[TraceKind];
export type TraceRecordOf<K extends TraceKind> = Extract<TraceRecord, { kind: K }>;
export type TraceDetail = TraceRecord['detail'];

export interface TraceLog {
  records: TraceRecord[];
  /** Records dropped from the front because the log hit its limit. */
  dropped: number;
  limit: number;
  nextSeq: number;
  /**
   * Scale mode only (trace-rates.ts): exact counts per simulated second, and totals of the
   * records cut from the window, so what the window no longer holds is still counted.
   */
  rates?: TraceRates;
}

export function newTraceLog(limit: number, rates?: TraceRates): TraceLog {
  return { records: [], dropped: 0, limit, nextSeq: 1, ...(rates ? { rates } : {}) };
}

/** Numbers `full` (its seq is the log's to set) and appends it; trims in chunks so appending stays amortised O(1) even at the limit. */
export function appendTrace(log: TraceLog, full: TraceRecord): TraceRecord {
  full.seq = log.nextSeq++;
  log.records.push(full);
  if (log.rates) countRecord(log.rates, full);
  if (log.records.length > log.limit + Math.max(64, log.limit >> 3)) {
    const cut = log.records.length - log.limit;
    log.records.splice(0, cut);
    log.dropped += cut;
  }
  return full;
}

/** `T+12.345s kube-scheduler -> kube-apiserver: ...` — the runner's and tests' text form. */
export function formatTraceLine(r: TraceRecord): string {
  return `T+${(r.at / 1000).toFixed(3)}s ${r.from} -> ${r.to}: ${r.summary}`;
}
