/**
 * The generic PLEG's relist (pkg/kubelet/pleg/generic.go) and the pod cache the kubelet reads a
 * Pod's runtime status from (kubecontainer.Cache). A relist compares each Pod's containers and
 * sandboxes with what the previous relist saw; a Pod with a change gets its status inspected and
 * stored in the cache, and ContainerStarted/ContainerDied wake its pod worker (syncLoopIteration's
 * plegCh; ContainerChanged is dropped, ContainerRemoved is not sync-worthy). The status the
 * status manager writes comes from this cache, so a container shows Running — or Completed — only
 * after the relist that followed its start or exit. A pod worker starts a sync only on a cache
 * newer than the end of its last one (pod_workers.go podCache.GetNewerThan(uid, lastSyncTime)).
 *
 * Approximate: only the Pods whose runtime state changed are compared (the kubelet's own CRI calls
 * and a container's exit say which), which gives the same events as comparing all of them; and a
 * sync decides from the runtime's live state once it has started (a sync here is a run of
 * single-operation steps, each seeing what the previous one did, as SyncPod's own code does).
 */
import type { World } from '../world';
import type { TraceDetails } from '../core/trace';
import { agentId } from '../core/ids';
import { trace } from '../runtime';
import { runtimeOf } from '../node/cri';
import type { ContainerRecord, RuntimeState, SandboxRecord } from '../node/runtime-state';
import { containerUser } from '../images/process';
import { armRelist, lastTick, type CachedContainer, type CachedSandbox, type PlegContainerState, type RuntimePodStatus } from './pleg-clock';
import type { KubeletState, PodWorker } from './state';
import { terminationMessage } from './termination-message';

/** The lifecycle events of one relist for one Pod (PodLifeCycleEventType). */
export type PlegEvent = 'ContainerStarted' | 'ContainerDied' | 'ContainerRemoved' | 'ContainerChanged';

const EMPTY: RuntimePodStatus = { containers: [], sandboxes: [] };

/** convertState: CREATED and UNKNOWN are both "unknown" to the PLEG. */
function plegState(state: ContainerRecord['state'] | SandboxRecord['state']): PlegContainerState {
  switch (state) {
    case 'CONTAINER_RUNNING':
    case 'SANDBOX_READY':
      return 'running';
    case 'CONTAINER_EXITED':
    case 'SANDBOX_NOTREADY':
      return 'exited';
    case 'CONTAINER_CREATED':
      return 'unknown';
  }
}

/** One event and the container it is about (its id). */
interface IdEvent {
  type: PlegEvent;
  id: string;
}

/** generateEvents: what one container's change of state means. */
function generateEvents(id: string, old: PlegContainerState | undefined, cur: PlegContainerState | undefined, out: IdEvent[]): void {
  if (old === cur) return;
  switch (cur) {
    case 'running':
      out.push({ type: 'ContainerStarted', id });
      return;
    case 'exited':
      out.push({ type: 'ContainerDied', id });
      return;
    case 'unknown':
      out.push({ type: 'ContainerChanged', id });
      return;
    case undefined:
      // Already reported dead before; otherwise it died and went in the same period.
      if (old !== 'exited') out.push({ type: 'ContainerDied', id });
      out.push({ type: 'ContainerRemoved', id });
  }
}

/**
 * The relist's record for one Pod: the events sent to its worker, each naming its container (by
 * the status that knew it: this relist's, or the cache's before it for one that is gone).
 */
function traceRelist(w: World, self: KubeletState, uid: string, f: Found | undefined, before: RuntimePodStatus | undefined, events: IdEvent[]): void {
  const sent = events.filter((e): e is IdEvent & { type: Exclude<PlegEvent, 'ContainerChanged'> } => e.type !== 'ContainerChanged');
  if (!sent.length) return;
  const name = (id: string): string | undefined => f?.containers.find((c) => c.id === id)?.config.name ?? before?.containers.find((c) => c.id === id)?.name;
  const sb = f?.sandboxes[0];
  const pod = sb ? { namespace: sb.podNamespace, name: sb.podName } : undefined;
  const detail: TraceDetails['pleg'] = {
    ...(pod ? { pod } : {}),
    podUID: uid,
    events: sent.map((e) => {
      const container = name(e.id);
      return container === undefined ? { type: e.type } : { type: e.type, container };
    }),
  };
  trace(w, { from: self.id, to: agentId('container-runtime', self.host), kind: 'pleg', detail, ...(pod ? { object: { kind: 'Pod', ...pod } } : {}) });
}

function cachedContainer(c: ContainerRecord): CachedContainer {
  const out: CachedContainer = { id: c.id, sandboxId: c.sandboxId, name: c.config.name, attempt: c.config.attempt, imageRef: c.imageRef, imageId: c.imageId, state: c.state, createdAt: c.createdAt };
  if (c.startedAt !== undefined) out.startedAt = c.startedAt;
  if (c.finishedAt !== undefined) out.finishedAt = c.finishedAt;
  if (c.exitCode !== undefined) out.exitCode = c.exitCode;
  if (c.reason !== undefined) out.reason = c.reason;
  const message = terminationMessage(c);
  if (message !== undefined) out.message = message;
  if (c.process) {
    const u = containerUser(c.process);
    out.user = { uid: u.uid, gid: u.gid, groups: [...u.groups] };
  }
  return out;
}

function cachedSandbox(s: SandboxRecord): CachedSandbox {
  return { id: s.id, attempt: s.attempt, state: s.state, ip: s.ip, hostNetwork: s.hostNetwork };
}

interface Found {
  containers: ContainerRecord[];
  sandboxes: SandboxRecord[];
}

/** GetPods: the runtime's containers and sandboxes by Pod UID (only `only`'s Pods when given). */
function podsOf(rt: RuntimeState, only: Set<string> | undefined): Map<string, Found> {
  const out = new Map<string, Found>();
  const slot = (uid: string): Found | undefined => {
    if (only && !only.has(uid)) return undefined;
    let f = out.get(uid);
    if (!f) out.set(uid, (f = { containers: [], sandboxes: [] }));
    return f;
  };
  for (const s of rt.sandboxes.values()) slot(s.podUid)?.sandboxes.push(s);
  for (const c of rt.containers.values()) slot(c.podUid)?.containers.push(c);
  return out;
}

/** GetPodStatus, from what podsOf found (the order podContainers and podSandboxes give). */
function statusOf(f: Found): RuntimePodStatus {
  const containers = f.containers.slice().sort((a, b) => a.createdAt - b.createdAt || a.config.attempt - b.config.attempt);
  const sandboxes = f.sandboxes.slice().sort((a, b) => a.attempt - b.attempt);
  return { containers: containers.map(cachedContainer), sandboxes: sandboxes.map(cachedSandbox) };
}

/** GetPodStatus straight from the runtime (SyncTerminatingPod reads it after killPod). */
export function inspectPod(rt: RuntimeState | undefined, uid: string): RuntimePodStatus {
  if (!rt) return EMPTY;
  return statusOf(podsOf(rt, new Set([uid])).get(uid) ?? { containers: [], sandboxes: [] });
}

/** What the pod cache holds for a Pod (an empty status for one the runtime has nothing of). */
export function cachedStatus(self: KubeletState, uid: string): RuntimePodStatus {
  return self.pleg.cache.get(uid) ?? EMPTY;
}

/** What one relist did: the Pods it found changed and their events, in the order it met them. */
export interface RelistResult {
  pods: { uid: string; events: PlegEvent[] }[];
}

/**
 * One relist. Returns undefined when the runtime cannot be listed (GetPods fails: nothing is
 * updated, the cache's clock stands still, and the next tick tries again).
 */
export function relist(w: World, self: KubeletState): RelistResult | undefined {
  const pleg = self.pleg;
  pleg.armedAt = undefined;
  const rt = runtimeOf(w, self.host);
  if (!rt?.running) {
    pleg.lastAt = w.now;
    if (pleg.changed.size || pleg.all || pleg.waiting.size) armRelist(w, self, pleg);
    return undefined;
  }
  const traced = pleg.seq > 0;
  const only = pleg.all ? undefined : pleg.changed;
  const found = podsOf(rt, only);
  const uids = [...found.keys()];
  // Pods the runtime no longer has anything of: their records go, with ContainerRemoved events.
  for (const uid of pleg.all ? pleg.records.keys() : pleg.changed) if (!found.has(uid) && pleg.records.has(uid)) uids.push(uid);
  const result: RelistResult = { pods: [] };
  for (const uid of uids) {
    const f = found.get(uid);
    const cur = new Map<string, PlegContainerState>();
    for (const c of f?.containers ?? []) cur.set(c.id, plegState(c.state));
    for (const s of f?.sandboxes ?? []) cur.set(s.id, plegState(s.state));
    const old = pleg.records.get(uid);
    const events: IdEvent[] = [];
    if (old) for (const [id, state] of old) generateEvents(id, state, cur.get(id), events);
    for (const [id, state] of cur) if (!old?.has(id)) generateEvents(id, undefined, state, events);
    if (!events.length) continue;
    const before = pleg.cache.get(uid);
    if (f) pleg.cache.set(uid, statusOf(f));
    else pleg.cache.delete(uid);
    if (cur.size) pleg.records.set(uid, cur);
    else pleg.records.delete(uid);
    // The first relist of a kubelet that just started finds everything new: no record for that.
    if (traced) traceRelist(w, self, uid, f, before, events);
    result.pods.push({ uid, events: events.map((e) => e.type) });
  }
  pleg.changed.clear();
  pleg.all = false;
  pleg.seq++;
  pleg.lastAt = w.now;
  return result;
}

/** isSyncPodWorthy: a start or a death wakes the Pod's worker; a removal or a change does not. */
export function syncWorthy(events: PlegEvent[]): boolean {
  return events.some((e) => e === 'ContainerStarted' || e === 'ContainerDied');
}

/**
 * GetNewerThan(uid, lastSyncTime): whether the worker may start a sync now. The cache is newer
 * than its last sync once a relist ran after it — a real one, or a tick that found nothing to do
 * (not armed, so not run here, but its clock counts). Otherwise the worker waits for the next
 * relist, which is armed for it.
 */
export function cacheNewerThanLastSync(w: World, self: KubeletState, wk: PodWorker): boolean {
  const synced = wk.synced;
  if (!synced) return true;
  const pleg = self.pleg;
  if (pleg.seq > synced.seq) return true;
  const tick = lastTick(pleg, w.now);
  if (tick > synced.at && pleg.armedAt !== tick) return true;
  pleg.waiting.add(wk.uid);
  armRelist(w, self, pleg);
  return false;
}

/** The end of a sync (lastSyncTime). */
export function markSynced(w: World, self: KubeletState, wk: PodWorker): void {
  wk.synced = { at: w.now, seq: self.pleg.seq };
}
