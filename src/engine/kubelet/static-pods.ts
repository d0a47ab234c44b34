/**
 * Static Pods (pkg/kubelet/config/file.go + pod/mirror_client.go): on a control-plane machine
 * the kubelet reads kubeadm's manifests, and publishes a mirror Pod for each through
 * kube-apiserver so `kubectl get pods -n kube-system` shows the control plane. The processes are
 * the simulation's own components (etcd, kube-apiserver, ...), so a mirror Pod is never handed
 * to a Pod worker or the CRI: its status is what this module reads off the component every
 * PLEG relist period — Running/Ready while the process runs, a terminated container once it is
 * stopped, and a restart (restartCount + lastState) when it comes back.
 *
 * Invariant: a mirror Pod carries `kubernetes.io/config.mirror`, and no Pod worker runs one: a
 * static Pod of the learner's own is run by the worker of its static Pod (static-pod-workers.ts).
 */
import type { ContainerState, ContainerStatus, Node, Pod, PodCondition, PodStatus } from '../../k8s/types';
import { podQOS } from '../../k8s/qos';
import type { ComponentId, SimMillis } from '../core/ids';
import { rfc3339 } from '../../k8s/time';
import { isConflict } from '../client/client';
import { hashHex } from '../node/hex';
import { runtimeOf } from '../node/cri';
import { containerUri } from '../node/runtime-impl';
import { setTimer } from '../runtime';
import type { World } from '../world';
import { api } from './client';
import { staticPodExtraFlags } from '../topology/options';
import type { KubeletState, StaticPodBook, StaticPodConfig } from './state';
import { STATIC_POD_PATH } from './config-file';
import { nodeBase } from '../node-shell/host-fs';
import { consumeWatchEvents, maybeList } from './static-pod-source';
import { createMirrorPod, deleteOrphanMirror, deleteStaleMirror, launch, nextStaticSync, retire, retryBlocked, setHeld } from './static-pod-run';
import { isStaticPodKind, K8S_VERSION, ETCD_IMAGE, staticPodManifest, staticPodName, type StaticPodKind } from './static-pod-manifests';
import { sameStableJson, stableJson } from './status-manager';
import { isMirrorPod, MIRROR_ANNOTATION } from '../../k8s/mirror-pod';
import { mirrorPod, rfc3339Nano, syncOwnStaticPods } from './static-pod-workers';
import { replacePrevious } from './static-pod-gc';

export { isMirrorPod, MIRROR_ANNOTATION };
/** PLEG's relist period: how soon the kubelet notices a control-plane process stopped or started. */
const RELIST_MS = 1000;

interface StaticComponent {
  id: ComponentId;
  kind: StaticPodKind;
  running: boolean;
}

/**
 * Each host's static-pod components, in the components' order. Every kubelet relists every few
 * seconds, and scanning all components (a few per node) each time made a big cluster's idle cost
 * grow with the square of its nodes. Components are only added while the topology is built, so
 * the index is rebuilt only if the map is a new one or its size moved.
 */
const staticIndex = new WeakMap<World['components'], { size: number; byHost: Map<string, ComponentId[]> }>();

function staticComponentIds(w: World, host: string): readonly ComponentId[] {
  let idx = staticIndex.get(w.components);
  if (!idx || idx.size !== w.components.size) {
    const byHost = new Map<string, ComponentId[]>();
    for (const c of w.components.values()) {
      if (!isStaticPodKind(c.kind)) continue;
      const list = byHost.get(c.host) ?? [];
      list.push(c.id);
      byHost.set(c.host, list);
    }
    staticIndex.set(w.components, (idx = { size: w.components.size, byHost }));
  }
  return idx.byHost.get(host) ?? [];
}

function staticComponents(w: World, host: string): StaticComponent[] {
  const out: StaticComponent[] = [];
  for (const id of staticComponentIds(w, host)) {
    const c = w.components.get(id);
    if (c && c.host === host && isStaticPodKind(c.kind)) out.push({ id: c.id, kind: c.kind, running: c.running });
  }
  return out;
}

function manifestFor(w: World, host: string, kind: StaticPodKind): Pod {
  const ip = w.machineSpecs.get(host)?.ip ?? '';
  const members = [...w.components.values()].filter((c) => c.kind === 'etcd');
  const ipOf = (h: string): string => w.machineSpecs.get(h)?.ip ?? '';
  return staticPodManifest({
    kind,
    node: host,
    ip,
    etcdInitialCluster: members.map((m) => `${m.host}=https://${ipOf(m.host)}:2380`).join(','),
    etcdServers: kind === 'kube-apiserver' ? `https://127.0.0.1:2379` : '',
    extraFlags: staticPodExtraFlags(w.cluster, kind, w.machines.length),
  });
}

function imageOf(kind: StaticPodKind): string {
  return kind === 'etcd' ? ETCD_IMAGE : `registry.k8s.io/${kind}:${K8S_VERSION}`;
}

function cond(type: string, ok: boolean, at: string, prev: PodStatus | undefined, reason?: string, message?: string): PodCondition {
  const old = prev?.conditions?.find((c) => c.type === type);
  const status = ok ? 'True' : 'False';
  const c: PodCondition = { type, status, lastProbeTime: null, lastTransitionTime: old && old.status === status ? (old.lastTransitionTime ?? at) : at };
  if (reason) c.reason = reason;
  if (message) c.message = message;
  return c;
}

function terminatedState(uri: string, book: StaticPodBook): ContainerState {
  return {
    terminated: {
      exitCode: 137,
      reason: 'Error',
      startedAt: rfc3339(book.startedAt as SimMillis),
      finishedAt: rfc3339((book.finishedAt ?? book.startedAt) as SimMillis),
      containerID: uri,
    },
  };
}

function mirrorStatus(w: World, self: KubeletState, pod: Pod, kind: StaticPodKind, book: StaticPodBook): PodStatus {
  const ip = w.machineSpecs.get(self.host)?.ip ?? '';
  const prev = pod.status;
  const now = rfc3339(w.now);
  const image = pod.spec.containers[0]?.image ?? imageOf(kind);
  const cs: ContainerStatus = {
    name: kind,
    state: book.running ? { running: { startedAt: rfc3339(book.startedAt as SimMillis) } } : book.waiting ? { waiting: { ...book.waiting } } : terminatedState(containerUri(runtimeOf(w, self.host), book.containerId), book),
    lastState: book.last ? { terminated: book.last } : {},
    ready: book.running,
    restartCount: book.restartCount,
    image,
    imageID: `${image.slice(0, image.lastIndexOf(':'))}@sha256:${hashHex(image)}`,
    containerID: containerUri(runtimeOf(w, self.host), book.containerId),
    started: book.running,
  };
  const unready = book.running ? undefined : `containers with unready status: [${kind}]`;
  return {
    // A container that never ran (its image does not pull) leaves the Pod Pending.
    phase: book.waiting && !book.last ? 'Pending' : 'Running',
    conditions: [
      cond('PodReadyToStartContainers', true, now, prev),
      cond('Initialized', true, now, prev),
      cond('Ready', book.running, now, prev, unready && 'ContainersNotReady', unready),
      cond('ContainersReady', book.running, now, prev, unready && 'ContainersNotReady', unready),
      cond('PodScheduled', true, now, prev),
    ],
    hostIP: ip,
    hostIPs: [{ ip }],
    podIP: ip,
    podIPs: [{ ip }],
    startTime: book.seen.replace(/\.\d+Z$/, 'Z'),
    containerStatuses: [cs],
    qosClass: podQOS(pod),
  };
}

/** PLEG for a process the kubelet does not run through the CRI: track its runs. */
function observe(w: World, self: KubeletState, name: string, book: StaticPodBook, running: boolean): void {
  const host = self.host;
  if (running === book.running) return;
  // A container's start or exit is a sync of the static Pod (PLEG): a stale mirror is tried again.
  delete book.mirrorRetryAt;
  if (running && book.starting) {
    // The kubelet's own start of a new static Pod: its first run, not a restart.
    book.startedAt = w.now;
    delete book.starting;
  } else if (running) {
    // The new container started: container GC drops the dead one before the last (pruneDeadInstances).
    replacePrevious(w, self, name, book, { containerId: book.containerId, attempt: book.restartCount, createdAt: book.startedAt, finishedAt: book.finishedAt ?? w.now, exitCode: 137 });
    book.last = { exitCode: 137, reason: 'Error', startedAt: rfc3339(book.startedAt as SimMillis), finishedAt: rfc3339((book.finishedAt ?? w.now) as SimMillis), containerID: containerUri(runtimeOf(w, host), book.containerId) };
    book.restartCount++;
    book.startedAt = w.now;
    book.containerId = hashHex(`${book.hash}/${book.restartCount}`);
    delete book.finishedAt;
  } else {
    book.finishedAt = w.now;
  }
  book.running = running;
  delete book.currentAt;
}

/** kubeadm's manifest for `kind` on this machine, as the file source would hold it. */
function kubeadmConfig(w: World, host: string, kind: StaticPodKind): StaticPodConfig {
  const pod = manifestFor(w, host, kind);
  return { name: staticPodName(kind, host), path: `${STATIC_POD_PATH}/${kind}.yaml`, hash: hashHex(stableJson(pod.spec), 32), pod };
}

/** The config of a file still holding kubeadm's bytes (no decoding), else undefined. */
function generatedReader(w: World, host: string): (path: string, text: string) => StaticPodConfig | undefined {
  let base: ReturnType<typeof nodeBase> | undefined;
  return (path, text) => {
    const kind = staticComponents(w, host).find((c) => path === `${STATIC_POD_PATH}/${c.kind}.yaml`)?.kind;
    if (!kind || (base ??= nodeBase(w, host)).file(path) !== text) return undefined;
    return kubeadmConfig(w, host, kind);
  };
}

/** The file source's Pod for this mirror name; `kubeadm` while the learner has not touched the directory. */
function wanted(self: KubeletState, name: string): StaticPodConfig | 'kubeadm' | undefined {
  if (!self.staticSource) return 'kubeadm';
  return Object.values(self.staticSource.store).find((c) => c.name === name);
}

function syncOne(w: World, self: KubeletState, node: Node | undefined, comp: StaticComponent): void {
  const { kind } = comp;
  let running = comp.running;
  const name = staticPodName(kind, self.host);
  let book = self.staticPods[name];
  const cached = self.informers['pods']?.cache.get(`kube-system/${name}`) as Pod | undefined;
  const want = wanted(self, name);
  let manifest: Pod | undefined;
  if (want === 'kubeadm') {
    if (!node) return;
    // The relist runs every second on every control-plane machine; an idle cluster's mirror Pods
    // have not changed since the last one.
    if (book?.currentAt !== undefined && book.running === running && cached?.metadata.resourceVersion === book.currentAt) return;
    if (!book) {
      const cfg = kubeadmConfig(w, self.host, kind);
      manifest = cfg.pod;
      // kubeadm's Pods were started as the machine booted: one sandbox each, from just before the container.
      const sandbox = { id: hashHex(`${cfg.hash}/sandbox`), attempt: 0, createdAt: Math.max(0, w.now - 400) };
      book = { hash: cfg.hash, seen: rfc3339Nano(w.now), running, startedAt: w.now, restartCount: 0, containerId: hashHex(`${cfg.hash}/0`), sandbox };
      self.staticPods[name] = book;
    }
  } else {
    if (book && (!want || want.hash !== book.hash)) {
      retire(w, self, kind, comp.id, name, book);
      book = undefined;
      running = false;
    }
    if (!want) {
      // HandlePodCleanups: a mirror Pod whose static Pod is gone is an orphan, deleted.
      if (node && cached && isMirrorPod(cached) && !cached.metadata.deletionTimestamp) deleteOrphanMirror(w, self, cached);
      return;
    }
    manifest = want.pod;
    if (!book) book = launch(w, self, kind, comp.id, want, kubeadmConfig(w, self.host, kind).pod.spec.containers[0]?.command ?? [], rfc3339Nano(w.now));
    else retryBlocked(w, self, kind, name, book);
    if (!book.blocked && !book.starting) setHeld(self, name, false);
    if (book.currentAt !== undefined && book.running === running && cached?.metadata.resourceVersion === book.currentAt) return;
  }
  observe(w, self, name, book, running);
  if (!node) return;
  if (!cached || !isMirrorPod(cached)) {
    if (cached) return; // a user's Pod holds the name; upstream logs and retries, it never overwrites it
    if (book.mirrorRetryAt !== undefined && w.now < book.mirrorRetryAt) return;
    const made = createMirrorPod(w, self, mirrorPod(self, node, manifest ?? manifestFor(w, self.host, kind), book));
    // 'exists': the informer has not caught up; the next relist sees the Pod.
    if (made === 'failed') book.mirrorRetryAt = nextStaticSync(w, book);
    else delete book.mirrorRetryAt;
    if (typeof made === 'object') writeStatus(w, self, made, kind, book);
    return;
  }
  if (cached.metadata.deletionTimestamp || cached.metadata.annotations?.[MIRROR_ANNOTATION] !== book.hash) {
    // Deleting a mirror Pod only deletes the mirror, and one of an older manifest is stale: the
    // kubelet removes it for good and re-creates it from the static Pod — at the static Pod's
    // syncs, which a relist is not: with kube-apiserver down it tries again at the pod worker's
    // requeue (a back-off's 10–15 s; a healthy Pod's resync, 60–90 s) or a container's exit.
    if (book.mirrorRetryAt !== undefined && w.now < book.mirrorRetryAt) return;
    if (!deleteStaleMirror(w, self, cached)) book.mirrorRetryAt = nextStaticSync(w, book);
    else delete book.mirrorRetryAt;
    return;
  }
  writeStatus(w, self, cached, kind, book);
}

function writeStatus(w: World, self: KubeletState, pod: Pod, kind: StaticPodKind, book: StaticPodBook): void {
  const status = mirrorStatus(w, self, pod, kind, book);
  if (sameStableJson(status, pod.status ?? {})) {
    if (!pod.metadata.deletionTimestamp) book.currentAt = pod.metadata.resourceVersion;
    return;
  }
  const res = api(w, self, { verb: 'update', resource: 'pods', subresource: 'status', namespace: 'kube-system', name: pod.metadata.name, body: { ...pod, status } });
  // A conflict resolves itself on the next relist, from the informer's newer copy.
  if (!res.ok && !isConflict(res)) return;
}

/** One relist: create missing mirror Pods and bring their status up to date. Re-arms itself. */
export function syncStaticPods(w: World, self: KubeletState): void {
  armStaticPods(w, self);
  maybeList(w, self, generatedReader(w, self.host));
  const node = self.informers['nodes']?.cache.get(self.host) as Node | undefined;
  for (const c of staticComponents(w, self.host)) syncOne(w, self, node?.metadata.uid ? node : undefined, c);
  // An untouched manifest directory holds kubeadm's Pods only: nothing else to run.
  if (self.staticSource) syncOwnStaticPods(w, self, componentKeys(w, self.host));
}

/** A kubelet starting on a machine whose staticPodPath was edited: the file source is read at once. */
export function primeStaticSource(w: World, self: KubeletState): void {
  maybeList(w, self, generatedReader(w, self.host));
  syncOwnStaticPods(w, self, componentKeys(w, self.host));
}

/** The relist timer, once per kubelet process (a control-plane kubelet arms it at start; a worker's on its first manifest). */
export function armStaticPods(w: World, self: KubeletState): void {
  setTimer(w, self, RELIST_MS, 'static-pods');
  self.staticTickEpoch = self.epoch;
}

/** `kube-system/<component>-<node>` of each control-plane component on this machine. */
export function componentKeys(w: World, host: string): Set<string> {
  return new Set(staticComponents(w, host).map((c) => `kube-system/${staticPodName(c.kind, host)}`));
}

/**
 * A mirror Pod of one of this machine's control-plane components: its process is the
 * simulation's component, so no Pod worker runs it. Any other mirror Pod (a static Pod the
 * learner wrote, on any node) is no Pod of its own either: the Pod worker of its static Pod
 * runs the file source's Pod (static-pod-workers.ts).
 */
export function isComponentMirror(w: World, host: string, pod: Pod): boolean {
  return isMirrorPod(pod) && pod.metadata.namespace === 'kube-system' && staticComponents(w, host).some((c) => staticPodName(c.kind, host) === pod.metadata.name);
}

/** The inotify events a shell command raised in staticPodPath (node-shell/manifest-watch.ts): act on them now. */
export function staticPodsChanged(w: World, self: KubeletState, events: string): void {
  // Before the learner's first change the source held kubeadm's manifests, one per component here.
  const kubeadm = (): StaticPodConfig[] => staticComponents(w, self.host).map((c) => kubeadmConfig(w, self.host, c.kind));
  consumeWatchEvents(w, self, events, kubeadm, generatedReader(w, self.host));
  const node = self.informers['nodes']?.cache.get(self.host) as Node | undefined;
  for (const c of staticComponents(w, self.host)) syncOne(w, self, node?.metadata.uid ? node : undefined, c);
  syncOwnStaticPods(w, self, componentKeys(w, self.host));
  // A worker's kubelet lists the directory from now on, as every kubelet does.
  if (self.staticTickEpoch !== self.epoch) armStaticPods(w, self);
}
