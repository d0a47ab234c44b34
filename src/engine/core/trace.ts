/**
 * The trace: one record for every hop between components (and for each stage a request passes
 * inside kube-apiserver). It is the single source for the sequence view, diagram animations, the
 * narration log, "why is this Pod Pending?" and lesson pause points.
 */
import type { ComponentId, SimMillis } from './ids';

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

export interface TraceRecord {
  seq: number;
  at: SimMillis;
  from: ComponentId;
  to: ComponentId;
  kind: TraceKind;
  summary: string;
  object?: TraceObject;
  resourceVersion?: string;
  /** Id of the API request this record belongs to (request, stages, etcd, response share it). */
  requestId?: number;
  /** On `fault` records: which target, and whether the fault began (true) or was healed (false). */
  fault?: { target: string; active: boolean };
}

export interface TraceLog {
  records: TraceRecord[];
  /** Records dropped from the front because the log hit its limit. */
  dropped: number;
  limit: number;
  nextSeq: number;
}

export function newTraceLog(limit: number): TraceLog {
  return { records: [], dropped: 0, limit, nextSeq: 1 };
}

/** Trims in chunks so appending stays amortised O(1) even at the limit. */
export function appendTrace(log: TraceLog, rec: Omit<TraceRecord, 'seq'>): TraceRecord {
  const full: TraceRecord = { seq: log.nextSeq++, ...rec };
  log.records.push(full);
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
