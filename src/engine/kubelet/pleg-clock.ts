/**
 * When the generic PLEG (pkg/kubelet/pleg/generic.go) relists. The real one relists every
 * genericPlegRelistPeriod (1 s, kubelet.go) from the moment the kubelet starts; EventedPLEG is off
 * by default (kube_features.go: Alpha), so that relist is how the kubelet learns of a container's
 * start or exit. A relist that finds nothing changed only moves the cache's clock forward, so
 * here a relist is armed only when it has something to do — a change in the runtime since the
 * last one, or a pod worker waiting for a newer cache — at the next instant a ticking relist would
 * have run (startedAt + k·period). Idle kubelets cost nothing; what happens is the same.
 *
 * Kept apart from pleg.ts (which reads the runtime) so node/exits.ts can tell the kubelet about a
 * container's exit without an import cycle.
 */
import type { ComponentBase } from '../core/component';
import { setTimer } from '../runtime';
import type { World } from '../world';

/** genericPlegRelistPeriod (pkg/kubelet/kubelet.go). */
export const PLEG_RELIST_PERIOD = 1000;

/** The kubelet's timer for a relist. */
export const PLEG_RELIST = 'pleg-relist';

/** generic.go's plegContainerState for one container or sandbox. */
export type PlegContainerState = 'running' | 'exited' | 'unknown';

/** One container as the pod cache holds it (kubecontainer.Status, trimmed to what the kubelet reads). */
export interface CachedContainer {
  id: string;
  sandboxId: string;
  name: string;
  attempt: number;
  imageRef: string;
  imageId: string;
  state: 'CONTAINER_CREATED' | 'CONTAINER_RUNNING' | 'CONTAINER_EXITED';
  createdAt: number;
  startedAt?: number;
  finishedAt?: number;
  exitCode?: number;
  reason?: string;
  message?: string;
  /** ContainerStatus.user (containerd 2.x reports it). */
  user?: { uid: number; gid: number; groups: number[] };
}

/** One sandbox as the pod cache holds it (PodSandboxStatus, trimmed). */
export interface CachedSandbox {
  id: string;
  attempt: number;
  state: 'SANDBOX_READY' | 'SANDBOX_NOTREADY';
  ip: string;
  hostNetwork: boolean;
}

/** kubecontainer.PodStatus: a Pod's containers (oldest first) and sandboxes (by attempt). */
export interface RuntimePodStatus {
  containers: CachedContainer[];
  sandboxes: CachedSandbox[];
}

/** The generic PLEG's memory and the pod cache; in-memory, so a new kubelet process starts afresh. */
export interface PlegState {
  /** When the kubelet started: relists run at phase + k·PLEG_RELIST_PERIOD. */
  phase: number;
  /** Pods whose runtime state changed since the last relist (the kubelet's own CRI calls, an exit). */
  changed: Set<string>;
  /** The next relist must look at every Pod the runtime has (the first one after a start). */
  all: boolean;
  /** The relist timer is armed for this instant. */
  armedAt: number | undefined;
  /** podRecords: Pod UID → container/sandbox id → its state at the last relist. */
  records: Map<string, Map<string, PlegContainerState>>;
  /** kubecontainer.Cache: Pod UID → the runtime status the last relist that saw it change read. */
  cache: Map<string, RuntimePodStatus>;
  /** Relists so far (the cache's global timestamp, as an order) and when the last one ran. */
  seq: number;
  lastAt: number | undefined;
  /** Pod workers blocked in GetNewerThan until the next relist. */
  waiting: Set<string>;
}

export function newPlegState(now: number): PlegState {
  return { phase: now, changed: new Set(), all: true, armedAt: undefined, records: new Map(), cache: new Map(), seq: 0, lastAt: undefined, waiting: new Set() };
}

/** The latest instant ≤ now at which a ticking relist runs. */
export function lastTick(pleg: PlegState, now: number): number {
  return pleg.phase + Math.floor((now - pleg.phase) / PLEG_RELIST_PERIOD) * PLEG_RELIST_PERIOD;
}

/** Arms the relist at the next tick, unless it is armed already. */
export function armRelist(w: World, self: ComponentBase & { pleg: PlegState }, pleg: PlegState): void {
  if (pleg.armedAt !== undefined && pleg.armedAt >= w.now) return;
  let at = lastTick(pleg, w.now);
  // This instant's tick is still to come unless it has run already.
  if (at < w.now || pleg.lastAt === w.now) at += PLEG_RELIST_PERIOD;
  pleg.armedAt = at;
  setTimer(w, self, at - w.now, PLEG_RELIST);
}

/** Something in the runtime changed for this Pod: the next relist looks at it. */
export function plegTouch(w: World, self: ComponentBase & { pleg: PlegState }, podUid: string): void {
  self.pleg.changed.add(podUid);
  armRelist(w, self, self.pleg);
}
