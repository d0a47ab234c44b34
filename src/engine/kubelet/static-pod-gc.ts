/**
 * Container GC (kuberuntime_gc.go) for what the runtime holds of the control plane's static Pods
 * once they stopped being run: the kubelet's GarbageCollect runs every ContainerGCPeriod (1 min)
 * from its start (StartGarbageCollection's wait.Until), MinAge 0. A static Pod removed from the
 * file source is not "deleted" (no deletionTimestamp), so its sandbox and exited container stay
 * until housekeeping has forgotten its worker and a GC pass follows (ShouldPodContentBeRemoved,
 * then evictContainers removes all its containers and evictSandboxes its sandboxes). Put back
 * before that, the Pod (same UID) finds them: a new sandbox at the next attempt, its container at
 * restartCount + 1 (startContainer), the old one kept as the one dead instance per container.
 *
 * The processes are the simulation's components (static-pods.ts), so this is bookkeeping on the
 * kubelet's state, read by crictl (node-shell/static-containers.ts).
 */
import { podContainers, podSandboxes, removePodSandbox, runtimeOf } from '../node/cri';
import { setTimer } from '../runtime';
import type { World } from '../world';
import { logRemoveContainer } from './journal';
import type { KubeletState, StaticGone, StaticPodBook, StaticPrevious, StaticSandbox } from './state';

export const CONTAINER_GC_TIMER = 'container-gc';
/** ContainerGCPeriod (kubelet.go). */
const GC_PERIOD_MS = 60_000;
/** housekeepingPeriod: HandlePodCleanups forgets a terminated worker no sooner. */
const HOUSEKEEPING_MS = 2000;

/** The static Pod leaves the runtime's running set: its sandbox stopped, its containers exited. */
export function retireToRuntime(w: World, self: KubeletState, name: string, container: string, book: StaticPodBook): void {
  // An image that never pulled left no container, only the sandbox.
  const current: StaticPrevious[] = book.blocked?.reason === 'pull' && !book.last ? [] : [{ containerId: book.containerId, sandboxId: book.sandbox.id, attempt: book.restartCount, createdAt: book.startedAt, finishedAt: book.finishedAt ?? w.now, exitCode: book.blocked?.reason === 'crash' ? 1 : 137, ...(book.crashLog ? { crashLog: book.crashLog } : {}) }];
  const containers = [...current, ...(book.previous ? [{ ...book.previous, sandboxId: book.previous.sandboxId ?? book.sandbox.id }] : [])];
  const sandboxes = [book.sandbox, ...(book.priorSandbox ? [book.priorSandbox] : [])];
  (self.staticGone ??= []).push({ name, hash: book.hash, container, sandboxes, containers, collectableAt: w.now + HOUSEKEEPING_MS });
  armContainerGC(w, self);
}

/**
 * A static Pod starting: its sandbox, and what of the same UID the runtime still holds. The
 * newest dead container becomes its previous instance (restartCount and lastState follow it);
 * anything older, and a sandbox left holding nothing, goes at the next GC pass.
 */
export function startSandbox(w: World, self: KubeletState, name: string, hash: string, id: string): { sandbox: StaticSandbox; previous?: StaticPrevious; priorSandbox?: StaticSandbox } {
  const mine = (self.staticGone ?? []).filter((g) => g.name === name && g.hash === hash);
  if (mine.length === 0) return { sandbox: { id, attempt: 0, createdAt: w.now } };
  self.staticGone = (self.staticGone ?? []).filter((g) => !mine.includes(g));
  const sandboxes = mine.flatMap((g) => g.sandboxes).sort((a, b) => b.attempt - a.attempt || b.createdAt - a.createdAt);
  const containers = mine.flatMap((g) => g.containers).sort((a, b) => b.createdAt - a.createdAt || b.attempt - a.attempt);
  const sandbox: StaticSandbox = { id, attempt: (sandboxes[0]?.attempt ?? -1) + 1, createdAt: w.now };
  const [previous, ...older] = containers;
  const priorSandbox = previous ? sandboxes.find((s) => s.id === previous.sandboxId) : undefined;
  const rest = sandboxes.filter((s) => s !== priorSandbox);
  if (older.length || rest.length) {
    self.staticGone.push({ name, hash, container: mine[0]!.container, sandboxes: rest, containers: older, collectableAt: w.now });
    armContainerGC(w, self);
  }
  return { sandbox, ...(previous ? { previous } : {}), ...(priorSandbox ? { priorSandbox } : {}) };
}

/**
 * The current container died and a new one started: it becomes the previous instance, and the one
 * before it is removed (pruneDeadInstances, as for every Pod). A sandbox from before the Pod was
 * put back then holds nothing, and goes at the next GC pass.
 */
export function replacePrevious(w: World, self: KubeletState, name: string, book: StaticPodBook, next: StaticPrevious): void {
  if (book.previous) logRemoveContainer(w, self, book.previous.containerId);
  book.previous = next;
  if (!book.priorSandbox) return;
  (self.staticGone ??= []).push({ name, hash: book.hash, container: '', sandboxes: [book.priorSandbox], containers: [], collectableAt: w.now });
  delete book.priorSandbox;
  armContainerGC(w, self);
}

/** The next GC pass on the period's grid from the kubelet's start, at or after `at`. */
function nextPass(self: KubeletState, at: number): number {
  const k = Math.max(1, Math.ceil((at - self.startedAt) / GC_PERIOD_MS));
  return self.startedAt + k * GC_PERIOD_MS;
}

/** Arms the GC pass that will remove the earliest collectable leftovers (once per pass). */
export function armContainerGC(w: World, self: KubeletState): void {
  const from = [...(self.staticGone ?? []).map((g) => g.collectableAt), ...Object.values(self.staticLeft ?? {})];
  if (from.length === 0 || !self.running) return;
  const at = nextPass(self, Math.max(w.now, Math.min(...from)));
  if (self.containerGCAt !== undefined && self.containerGCAt >= w.now && self.containerGCAt <= at) return;
  self.containerGCAt = at;
  setTimer(w, self, at - w.now, CONTAINER_GC_TIMER);
}

/** A kubelet (re)starting: its GC loop starts again from now, as its timers died with the old process. */
export function restartContainerGC(w: World, self: KubeletState): void {
  delete self.containerGCAt;
  armContainerGC(w, self);
}

/** One GarbageCollect: evictContainers, then evictSandboxes, for every leftover now collectable. */
export function onContainerGC(w: World, self: KubeletState): void {
  delete self.containerGCAt;
  const keep: StaticGone[] = [];
  for (const g of self.staticGone ?? []) {
    if (g.collectableAt > w.now) {
      keep.push(g);
      continue;
    }
    for (const c of g.containers) logRemoveContainer(w, self, c.containerId);
  }
  if (keep.length) self.staticGone = keep;
  else delete self.staticGone;
  collectLeft(w, self);
  armContainerGC(w, self);
}

/**
 * A learner's static Pod left the file source and its worker finished: the runtime keeps its
 * stopped sandbox and exited containers (a Pod not deleted through the API is not content to
 * remove at once) until the GC pass after housekeeping forgets it.
 */
export function leaveToGC(w: World, self: KubeletState, uid: string): void {
  (self.staticLeft ??= {})[uid] = w.now + HOUSEKEEPING_MS;
  armContainerGC(w, self);
}

/** The same UID is back in the file source: its leftovers are its own again, not garbage. */
export function reclaimLeft(self: KubeletState, uid: string): void {
  if (!self.staticLeft?.[uid]) return;
  delete self.staticLeft[uid];
  if (Object.keys(self.staticLeft).length === 0) delete self.staticLeft;
}

/** evictContainers and evictSandboxes for the learner's static Pods no longer run. */
function collectLeft(w: World, self: KubeletState): void {
  const rt = runtimeOf(w, self.host);
  if (!rt?.running) return;
  for (const [uid, at] of Object.entries(self.staticLeft ?? {})) {
    if (at > w.now || self.workers.has(uid)) continue;
    for (const c of podContainers(rt, uid)) {
      if (c.state === 'CONTAINER_RUNNING') continue;
      rt.containers.delete(c.id);
      logRemoveContainer(w, self, c.id);
    }
    for (const sb of podSandboxes(rt, uid)) if (sb.state !== 'SANDBOX_READY' && podContainers(rt, uid).every((c) => c.sandboxId !== sb.id)) removePodSandbox(rt, sb.id);
    reclaimLeft(self, uid);
  }
}
