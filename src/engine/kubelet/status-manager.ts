/**
 * The status manager: turns the kubelet's view of a Pod into a GET of the Pod and a strategic
 * merge `PATCH pods/<name>/status` when it differs from what kube-apiserver has. Once a deleted
 * Pod's worker has finished tearing it down, it sends the final DELETE with grace period 0 —
 * the step that makes a Terminating Pod disappear.
 */
import type { Pod, PodStatus } from '../../k8s/types';
import { isNotFound } from '../client/client';
import { MIRROR_ANNOTATION } from '../../k8s/mirror-pod';
import { twoWayMergePatch } from '../../k8s/strategic-patch';
import { setTimer } from '../runtime';
import type { World } from '../world';
import { runtimeOf } from '../node/cri';
import { api } from './client';
import { generatePodStatus } from './pod-status';
import { cachedStatus, inspectPod } from './pleg';
import type { KubeletState, PodWorker } from './state';

/** Stable JSON (sorted keys) so equal statuses compare equal whatever order fields were set in. */
export function stableJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

/** What stableJson makes of a value; Special = something JSON renders specially (see stableEqual). */
const JsonShape = { Special: 0, Scalar: 1, List: 2, Map: 3 } as const;
type JsonShape = (typeof JsonShape)[keyof typeof JsonShape];

function shapeOf(v: unknown): JsonShape {
  if (v === null) return JsonShape.Scalar;
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return JsonShape.Scalar;
    case 'number':
      return Number.isFinite(v) ? JsonShape.Scalar : JsonShape.Special;
    case 'object':
      return Array.isArray(v) ? JsonShape.List : JsonShape.Map;
    default:
      return JsonShape.Special;
  }
}

/** Whether stableJson would print an element of `xs` as nothing (undefined, a hole, a function). */
function hasBlankElement(xs: unknown[]): boolean {
  for (let i = 0; i < xs.length; i++) if (!(i in xs) || shapeOf(xs[i]) === JsonShape.Special) return true;
  return false;
}

const isOwnEnumerable = Object.prototype.propertyIsEnumerable;

/**
 * stableJson(a) === stableJson(b) without building either string; undefined when a value JSON
 * renders specially (NaN/Infinity print as null, undefined array elements as nothing), where
 * only the strings themselves can say.
 */
function stableEqual(a: unknown, b: unknown): boolean | undefined {
  const sa = shapeOf(a);
  const sb = shapeOf(b);
  if (sa === JsonShape.Special || sb === JsonShape.Special) return undefined;
  if (sa !== sb) return false;
  if (sa === JsonShape.Scalar) return a === b;
  if (sa === JsonShape.List) {
    const xa = a as unknown[];
    const xb = b as unknown[];
    if (xa.length !== xb.length) return hasBlankElement(xa) || hasBlankElement(xb) ? undefined : false;
    for (let i = 0; i < xa.length; i++) {
      const r = stableEqual(xa[i], xb[i]);
      if (r !== true) return r;
    }
    return true;
  }
  // Maps: the same keys with defined values (stableJson drops undefined ones), pairwise equal.
  const oa = a as Record<string, unknown>;
  const ob = b as Record<string, unknown>;
  let defined = 0;
  for (const k in oa) {
    if (!Object.hasOwn(oa, k) || oa[k] === undefined) continue;
    defined++;
    if (!isOwnEnumerable.call(ob, k) || ob[k] === undefined) return false;
    const r = stableEqual(oa[k], ob[k]);
    if (r !== true) return r;
  }
  for (const k in ob) if (Object.hasOwn(ob, k) && ob[k] !== undefined) defined--;
  return defined === 0;
}

/**
 * `stableJson(a) === stableJson(b)`: the kubelet compares every Pod status it computes with the
 * stored one, so this walks both values instead of serialising them (the strings are only built
 * for the rare special values).
 */
export function sameStableJson(a: unknown, b: unknown): boolean {
  return stableEqual(a, b) ?? stableJson(a) === stableJson(b);
}

/** Coalesces status changes made within the same instant into one write. */
export function markStatusDirty(w: World, self: KubeletState, wk: PodWorker): void {
  if (wk.statusPending || wk.deleted) return;
  wk.statusPending = true;
  setTimer(w, self, 1, 'status', wk.uid);
}

/** Whether `pod` (kube-apiserver's) is the Pod this worker runs: itself, or its static Pod's mirror. */
function isOurs(wk: PodWorker, pod: Pod): boolean {
  return wk.mirror ? pod.metadata.annotations?.[MIRROR_ANNOTATION] === wk.uid : pod.metadata.uid === wk.uid;
}

/** The API copy a status is worked out against and compared with (a static Pod's: its mirror). */
function apiCopy(wk: PodWorker): Pod | undefined {
  return wk.mirror ? wk.mirror.pod : wk.pod;
}

/** What kube-apiserver answered for this worker's Pod: its newest copy from now on. */
function adopt(wk: PodWorker, pod: Pod): void {
  if (!wk.mirror) {
    wk.pod = pod;
    return;
  }
  wk.mirror.pod = pod;
  if (pod.status?.conditions) wk.mirror.status = pod.status;
}

/** The newer of the informer's copy and the one our own last write returned. */
export function newestPod(self: KubeletState, wk: PodWorker): Pod {
  const cached = self.informers['pods']?.cache.get(`${wk.namespace}/${wk.name}`) as Pod | undefined;
  const mine = apiCopy(wk);
  // A static Pod whose mirror is not (yet) there: the file source's Pod, with no status.
  if (!cached || !isOurs(wk, cached)) return wk.pod;
  if (!mine || mine.metadata.uid !== cached.metadata.uid) return cached;
  return Number(cached.metadata.resourceVersion ?? 0) >= Number(mine.metadata.resourceVersion ?? 0) ? cached : mine;
}

/** A re-created mirror has no status yet: the static Pod's last one keeps its conditions' transition times. */
function basis(wk: PodWorker, pod: Pod): Pod {
  return wk.mirror?.status && !pod.status?.conditions ? { ...pod, status: wk.mirror.status } : pod;
}

function computeStatus(w: World, self: KubeletState, wk: PodWorker, pod: Pod): PodStatus {
  const rt = runtimeOf(w, self.host);
  const terminated = wk.lifecycle === 'terminated';
  return generatePodStatus({
    pod,
    wk,
    rt,
    // syncPod's status comes from the pod cache (what the last relist saw); SyncTerminatingPod's,
    // once killPod is done, from the runtime itself (GetPodStatus after the kill).
    runtime: terminated ? inspectPod(rt, wk.uid) : cachedStatus(self, wk.uid),
    hostIP: w.machineSpecs.get(self.host)?.ip ?? '',
    now: w.now,
    // SyncTerminatingPod reports the terminal phase only after killPod has stopped the containers
    // AND the sandbox, i.e. once the worker is terminated. Reporting it earlier lets the scheduler
    // (which drops terminal Pods) bind onto capacity this kubelet's admission still counts → OutOfcpu.
    terminal: terminated,
  });
}

/**
 * syncPod (status_manager.go): when the kubelet's status differs from the one it last saw, GET the
 * Pod from kube-apiserver and PATCH pods/<name>/status with the two-way strategic merge patch
 * from the stored status to the new one (PatchPodStatus), the Pod's uid in the patch as its
 * precondition. A patch carries no resourceVersion, so there is no conflict to retry. Says
 * whether it patched, and 'gone' when the Pod no longer exists.
 */
type WriteResult = 'patched' | 'unchanged' | 'gone';

function writeStatus(w: World, self: KubeletState, wk: PodWorker): WriteResult {
  const known = newestPod(self, wk);
  const status = computeStatus(w, self, wk, basis(wk, known));
  // needsUpdate: nothing changed since what the kubelet last saw stored, so no request at all.
  if (sameStableJson(status, known.status ?? {})) {
    if (known !== wk.pod) adopt(wk, known);
    return 'unchanged';
  }
  const got = api(w, self, { verb: 'get', resource: 'pods', namespace: wk.namespace, name: wk.name });
  // A static Pod's mirror that is gone is no reason to stop: the Pod is the file's, and the
  // kubelet re-creates the mirror (RemoveOrphanedStatuses drops a status only with its Pod).
  if (!got.ok || !got.object) return isNotFound(got) && wk.mirror === undefined ? 'gone' : 'unchanged';
  const pod = got.object as Pod;
  // Deleted and re-created under the same name: this worker's status is not the new Pod's (for
  // a static Pod, TranslatePodUID: a mirror of another manifest).
  if (!isOurs(wk, pod)) return 'unchanged';
  // The status is worked out from what kube-apiserver just answered (the common case: the same
  // version the informer had, and so the same status).
  const merged = pod.metadata.resourceVersion === known.metadata.resourceVersion ? status : computeStatus(w, self, wk, basis(wk, pod));
  if (sameStableJson(merged, pod.status ?? {})) {
    adopt(wk, pod);
    return 'unchanged';
  }
  // The precondition is the UID of the object fetched: a mirror Pod's own, not the static Pod's.
  const patch = twoWayMergePatch({ status: pod.status ?? {} }, { metadata: { uid: pod.metadata.uid }, status: merged });
  const res = api(w, self, { verb: 'patch', resource: 'pods', subresource: 'status', namespace: wk.namespace, name: wk.name, patchType: 'strategic', body: patch as never, handOver: true });
  if (res.ok && res.object) {
    adopt(wk, res.object as Pod);
    return 'patched';
  }
  return isNotFound(res) && wk.mirror === undefined ? 'gone' : 'unchanged';
}

export function syncPodStatus(w: World, self: KubeletState, uid: string): void {
  const wk = self.workers.get(uid);
  if (!wk) return;
  wk.statusPending = false;
  if (wk.deleted) return;
  const written = writeStatus(w, self, wk);
  if (written === 'gone') {
    wk.deleted = true;
    return;
  }
  const pod = wk.pod;
  if (wk.lifecycle === 'terminated' && pod.metadata.deletionTimestamp && !wk.deleteSent) {
    // The terminal status (SyncTerminatingPod's) goes first; the delete comes from a later status
    // sync, once SyncTerminatedPod has reclaimed the Pod's resources — two watch events, not one.
    if (written === 'patched') {
      markStatusDirty(w, self, wk);
      return;
    }
    wk.deleteSent = true;
    api(w, self, { verb: 'delete', resource: 'pods', namespace: wk.namespace, name: wk.name, gracePeriodSeconds: 0 });
  }
}
