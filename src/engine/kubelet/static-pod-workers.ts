/**
 * A static Pod of the learner's own (a manifest in staticPodPath on any node; the file source is
 * static-pod-source.ts). As in pod_workers.go and kubelet.go, the Pod worker, the sandbox and the
 * containers belong to the static Pod, whose UID is its config hash, and the mirror Pod is only
 * the copy the kubelet publishes (tryReconcileMirrorPods): created when missing, deleted and
 * re-created when it is being deleted or is of another manifest, and deleted for good once its
 * manifest is gone (HandlePodCleanups' orphans). So deleting the mirror changes nothing that runs,
 * while a manifest edited (a new hash is a new static Pod) or removed ends the old Pod's worker.
 *
 * The control plane's own static Pods are not here: their processes are the simulation's
 * components (static-pods.ts).
 */
import type { Node, Pod } from '../../k8s/types';
import { isMirrorPod, MIRROR_ANNOTATION } from '../../k8s/mirror-pod';
import { rfc3339 } from '../../k8s/time';
import type { SimMillis } from '../core/ids';
import { setTimer } from '../runtime';
import type { World } from '../world';
import { logSyncLoop } from './journal';
import { newWorker, requestSync } from './pod-worker';
import type { KubeletState, PodWorker, StaticPodBook, StaticPodConfig } from './state';
import { createMirrorPod, deleteOrphanMirror, deleteStaleMirror } from './static-pod-run';
import { workerBackoff } from './sync-pod';
import { reclaimLeft } from './static-pod-gc';
import { markStatusDirty } from './status-manager';

/** Reconciles the learner's mirror Pods as soon as kube-apiserver reports one added, deleted or gone. */
export const MIRROR_TIMER = 'static-mirrors';

const SEEN = 'kubernetes.io/config.seen';

/** `2025-01-01T00:00:00.123456789Z`, the format of kubernetes.io/config.seen. */
export function rfc3339Nano(t: number): string {
  return rfc3339(t as SimMillis).replace('Z', `.${String(t % 1000).padStart(3, '0')}${String((t * 7919) % 1_000_000).padStart(6, '0')}Z`);
}

/** The mirror Pod the kubelet creates for a manifest (mirror_client.go CreateMirrorPod). */
export function mirrorPod(self: KubeletState, node: Node, manifest: Pod, book: Pick<StaticPodBook, 'hash' | 'seen'>): Pod {
  const pod = structuredClone(manifest);
  pod.metadata.annotations = {
    ...pod.metadata.annotations,
    'kubernetes.io/config.hash': book.hash,
    [MIRROR_ANNOTATION]: book.hash,
    [SEEN]: book.seen,
    'kubernetes.io/config.source': 'file',
  };
  pod.metadata.ownerReferences = [{ apiVersion: 'v1', kind: 'Node', name: self.host, uid: node.metadata.uid ?? '', controller: true }];
  pod.spec.nodeName = self.host;
  return pod;
}

/** The static Pod as the file source hands it over (config.go): the config hash as its UID. */
function staticPod(self: KubeletState, config: StaticPodConfig, seen: string): Pod {
  const pod = structuredClone(config.pod);
  pod.metadata.uid = config.hash;
  pod.metadata.annotations = { ...pod.metadata.annotations, 'kubernetes.io/config.hash': config.hash, [SEEN]: seen, 'kubernetes.io/config.source': 'file' };
  pod.spec.nodeName = self.host;
  return pod;
}

/**
 * The file source's Pods other than the control plane's (`components`, by `namespace/name`): a
 * Pod worker for each new one (SyncLoop ADD), the end of the worker of each one gone (SyncLoop
 * REMOVE), then their mirror Pods brought in line.
 */
export function syncOwnStaticPods(w: World, self: KubeletState, components: ReadonlySet<string>): void {
  const src = self.staticSource;
  if (!src) return;
  const wanted = new Map<string, StaticPodConfig>();
  for (const [key, config] of Object.entries(src.store)) if (!components.has(key)) wanted.set(config.hash, config);
  const ending = new Set<string>();
  for (const wk of [...self.workers.values()]) {
    if (!wk.mirror || wanted.has(wk.uid)) continue;
    ending.add(`${wk.namespace}/${wk.name}`);
    if (wk.deleted) continue;
    logSyncLoop(w, self, 'REMOVE', wk.pod, 'file');
    wk.deleted = true;
    requestSync(w, self, wk.uid);
  }
  for (const config of wanted.values()) {
    let wk = self.workers.get(config.hash);
    // The same UID still tearing down (a manifest removed and put back): the next relist starts it.
    if (wk?.deleted) continue;
    if (!wk) {
      reclaimLeft(self, config.hash);
      wk = newWorker(staticPod(self, config, rfc3339Nano(w.now)));
      wk.mirror = {};
      self.workers.set(config.hash, wk);
      logSyncLoop(w, self, 'ADD', wk.pod, 'file');
    }
    // allowPodStart (pod_workers.go): a static Pod starts only once the one of the same full name
    // (an older manifest's) has terminated; a relist after that starts it.
    if (wk.mirror && !wk.mirror.started && !ending.has(`${wk.namespace}/${wk.name}`)) {
      wk.mirror.started = true;
      requestSync(w, self, config.hash);
    }
  }
  reconcileMirrors(w, self, components);
}

/** When the worker syncs next: its armed wake-up, else a failed sync's requeue. */
function nextPass(w: World, wk: PodWorker): number {
  return wk.resyncAt !== undefined && wk.resyncAt > w.now ? wk.resyncAt : w.now + workerBackoff(w);
}

/** tryReconcileMirrorPods for each of the learner's static Pods, and HandlePodCleanups' orphaned mirrors. */
function reconcileMirrors(w: World, self: KubeletState, components: ReadonlySet<string>): void {
  const src = self.staticSource;
  const node = self.informers['nodes']?.cache.get(self.host) as Node | undefined;
  if (!src || !node?.metadata.uid) return;
  const pods = self.informers['pods']?.cache;
  for (const [key, config] of Object.entries(src.store)) {
    if (components.has(key)) continue;
    const cached = pods?.get(key) as Pod | undefined;
    if (!cached) {
      // A re-created mirror carries the static Pod's annotations, config.seen included.
      const wk = self.workers.get(config.hash);
      if (wk?.mirror?.retryAt !== undefined && w.now < wk.mirror.retryAt) continue;
      const seen = wk?.pod.metadata.annotations?.[SEEN] ?? rfc3339Nano(w.now);
      const failed = createMirrorPod(w, self, mirrorPod(self, node, config.pod, { hash: config.hash, seen })) === 'failed';
      if (wk?.mirror) wk.mirror.retryAt = failed ? nextPass(w, wk) : undefined;
    } else if (isMirrorPod(cached) && (cached.metadata.annotations?.[MIRROR_ANNOTATION] !== config.hash || cached.metadata.deletionTimestamp)) {
      // At the static Pod's syncs: with kube-apiserver down, its worker's next pass.
      const wk = self.workers.get(config.hash);
      if (wk?.mirror?.retryAt !== undefined && w.now < wk.mirror.retryAt) continue;
      const failed = !deleteStaleMirror(w, self, cached);
      if (wk?.mirror) wk.mirror.retryAt = failed ? nextPass(w, wk) : undefined;
    }
  }
  for (const [key, obj] of pods ?? []) {
    const p = obj as Pod;
    if (!isMirrorPod(p) || components.has(key) || src.store[key] || p.metadata.deletionTimestamp) continue;
    // IsPodForMirrorPodTerminatingByFullName: not while its static Pod is still being torn down.
    if (self.workers.get(p.metadata.annotations?.[MIRROR_ANNOTATION] ?? '')?.mirror) continue;
    deleteOrphanMirror(w, self, p);
  }
}

/**
 * A learner's mirror Pod came, changed or went in the kubelet's watch (source "api"). It is not
 * a Pod of its own: its static Pod's worker gets the newest copy for its status, and a mirror
 * that is new, being deleted or gone has the kubelet reconcile at once (HandlePodAdditions,
 * HandlePodUpdates and HandlePodRemoves sync the static Pod, whose syncPod does it).
 */
export function ownMirrorDelta(w: World, self: KubeletState, old: Pod | undefined, cur: Pod | undefined, differs: (a: Pod, b: Pod) => boolean): void {
  const replaced = old && (!cur || old.metadata.uid !== cur.metadata.uid);
  if (replaced) logSyncLoop(w, self, 'REMOVE', old, 'api');
  let reconcile = replaced === true;
  if (cur) {
    if (!old || replaced) {
      logSyncLoop(w, self, 'ADD', cur, 'api');
      reconcile = true;
    } else if (differs(old, cur)) {
      const deleting = cur.metadata.deletionTimestamp !== undefined && old.metadata.deletionTimestamp === undefined;
      logSyncLoop(w, self, deleting ? 'DELETE' : 'UPDATE', cur);
      reconcile ||= deleting;
    }
    const wk = self.workers.get(cur.metadata.annotations?.[MIRROR_ANNOTATION] ?? '');
    // A new mirror has no status yet: the status manager gives it the static Pod's.
    if (wk?.mirror && (!old || replaced)) markStatusDirty(w, self, wk);
  }
  if (reconcile) setTimer(w, self, 0, MIRROR_TIMER);
}

/** The MIRROR_TIMER: the same reconciliation as a relist's. */
export function onMirrorTimer(w: World, self: KubeletState, components: ReadonlySet<string>): void {
  reconcileMirrors(w, self, components);
}
