/**
 * The kubelet process: registers its Node, heartbeats through its Lease, posts node status,
 * watches the Pods bound to it (fieldSelector spec.nodeName=<node>) and runs a worker per Pod.
 * Stopping it stops all of that — but not the containers, which belong to the runtime; a
 * restarted kubelet lists its Pods again and picks up whatever the runtime still runs.
 */
import { serveResourceMetrics } from '../node/resource-metrics';
import type { Node, Pod } from '../../k8s/types';
import { nodePodUID } from '../../k8s/mirror-pod';
import type { Behaviour } from '../behaviour';
import { newInformer, syncInformer, type Delta } from '../client/informer';
import { newServiceInformer, SERVICES } from './services';
import { deliver, traceWatch, relistAfterClose } from '../client/watch-host';
import { markComponentChanged, setTimer } from '../runtime';
import type { World } from '../world';
import { newPlegState, PLEG_RELIST } from './pleg-clock';
import { relist, syncWorthy } from './pleg';
import { runtimeOf } from '../node/cri';
import { serveContainerLogs } from '../node/logs';
import { serveExec } from '../node/exec';
import { serveAttach } from '../node/attach';
import { servePortForward } from '../node/port-forward';
import { nodeEvent, who } from './client';
import { tlsBootstrap } from './tls-bootstrap';
import { leaseTick } from './lease';
import { applyPodCIDR, fastStatusTick, KUBELET_VERSION, registerNode, syncNodeStatus } from './node-status';
import { journalStart, journalStop, logSyncLoop } from './journal';
import { newWorker, onOpTimer, onResyncTimer, requestSync } from './pod-worker';
import { refreshPayloads } from './volume-data';
import { runProbe } from './probes';
import { newRuntimeClassInformer, RUNTIME_CLASSES } from './runtime-class';
import type { KubeletState } from './state';
import { syncPodStatus } from './status-manager';
import { armStaticPods, componentKeys, isComponentMirror, isMirrorPod, primeStaticSource, staticPodsChanged, syncStaticPods } from './static-pods';
import { MIRROR_TIMER, onMirrorTimer, ownMirrorDelta, rfc3339Nano } from './static-pod-workers';
import { editedUnder } from '../node-shell/host-fs';
import { STATIC_POD_PATH } from './config-file';
import { INOTIFY_TIMER } from '../node-shell/manifest-watch';
import { CONTAINER_GC_TIMER, onContainerGC, restartContainerGC } from './static-pod-gc';

function podDelta(w: World, self: KubeletState, d: Delta): void {
  const old = d.old as Pod | undefined;
  const cur = d.cur as Pod | undefined;
  // A learner's mirror Pod is its static Pod's copy, not a Pod a worker runs (static-pod-workers.ts).
  if ((old && isMirrorPod(old) && !isComponentMirror(w, self.host, old)) || (cur && isMirrorPod(cur) && !isComponentMirror(w, self.host, cur))) {
    ownMirrorDelta(w, self, old, cur, podsDifferSemantically);
    return;
  }
  // Same name, new UID: the old Pod was deleted and a new one created in its place.
  if (old && (!cur || old.metadata.uid !== cur.metadata.uid)) {
    const wk = self.workers.get(old.metadata.uid ?? '');
    if (!isComponentMirror(w, self.host, old)) logSyncLoop(w, self, 'REMOVE', old);
    if (wk) {
      wk.deleted = true;
      if (!cur) wk.pod = old as Pod;
      requestSync(w, self, wk.uid);
    }
  }
  if (!cur) return;
  // The control plane's mirror Pods stand for the simulation's components, not run by Pod workers.
  if (isComponentMirror(w, self.host, cur)) return;
  const uid = cur.metadata.uid ?? '';
  let wk = self.workers.get(uid);
  if (!wk) {
    wk = newWorker(cur);
    wk.seen = rfc3339Nano(w.now);
    self.workers.set(uid, wk);
    logSyncLoop(w, self, 'ADD', cur);
  } else {
    const differs = podsDifferSemantically(wk.pod, cur);
    if (differs) logSyncLoop(w, self, cur.metadata.deletionTimestamp && !wk.pod.metadata.deletionTimestamp ? 'DELETE' : 'UPDATE', cur);
    if (Number(cur.metadata.resourceVersion ?? 0) >= Number(wk.pod.metadata.resourceVersion ?? 0)) wk.pod = cur;
    // A status-only change (often the kubelet's own write coming back) is a RECONCILE, not a sync.
    if (!differs) return;
    refreshPayloads(w, self, wk, true);
  }
  requestSync(w, self, uid);
}

/** config.go's podsDifferSemantically: spec, labels, annotations or deletion — not status. */
function podsDifferSemantically(a: Pod, b: Pod): boolean {
  // A status write shares spec and metadata maps with the version before it (apiserver/handler.ts):
  // the same references print the same JSON.
  const ma = a.metadata;
  const mb = b.metadata;
  if (a.spec === b.spec && ma.labels === mb.labels && ma.annotations === mb.annotations && ma.deletionTimestamp === mb.deletionTimestamp && ma.deletionGracePeriodSeconds === mb.deletionGracePeriodSeconds) return false;
  const view = (p: Pod): string =>
    JSON.stringify([p.spec, p.metadata.labels ?? {}, p.metadata.annotations ?? {}, p.metadata.deletionTimestamp ?? '', p.metadata.deletionGracePeriodSeconds ?? -1]);
  return view(a) !== view(b);
}

function nodeDelta(w: World, self: KubeletState, d: Delta): void {
  if (d.cur) applyPodCIDR(w, self, d.cur as Node);
}

function handle(w: World, self: KubeletState, resource: string, deltas: Delta[]): void {
  for (const d of deltas) {
    if (resource === 'pods') podDelta(w, self, d);
    else if (resource === 'nodes') nodeDelta(w, self, d);
  }
  // The Service cache only feeds the next container's environment: nothing to redraw.
  if (resource !== SERVICES) markComponentChanged(w, self.id);
}

/**
 * Housekeeping after a (re)list: sandboxes of Pods that no longer exist are torn down by a
 * worker for a Pod that is already gone.
 */
function adoptOrphans(w: World, self: KubeletState): void {
  const rt = runtimeOf(w, self.host);
  if (!rt) return;
  // A mirror Pod stands for its static Pod, whose UID the sandbox carries; so does a static Pod
  // read from the file source whose worker has not started yet.
  const known = new Set([...(self.informers['pods']?.cache.values() ?? [])].map((p) => nodePodUID(p as Pod)));
  for (const c of Object.values(self.staticSource?.store ?? {})) known.add(c.hash);
  for (const sb of rt.sandboxes.values()) {
    // A removed static Pod's stopped sandbox runs nothing to kill: container GC removes it.
    if (known.has(sb.podUid) || self.workers.has(sb.podUid) || self.staticLeft?.[sb.podUid] !== undefined) continue;
    const names = [...rt.containers.values()].filter((c) => c.podUid === sb.podUid).map((c) => c.config.name);
    const ghost: Pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: sb.podName, namespace: sb.podNamespace, uid: sb.podUid },
      spec: { containers: [...new Set(names)].map((name) => ({ name })) },
    };
    const wk = newWorker(ghost);
    wk.deleted = true;
    wk.lifecycle = 'terminating';
    self.workers.set(sb.podUid, wk);
    requestSync(w, self, sb.podUid);
  }
}

function sync(w: World, self: KubeletState, resource: string): void {
  const inf = self.informers[resource];
  if (!inf) return;
  const deltas = syncInformer(w, self, who(self), inf);
  if (!deltas) return;
  handle(w, self, resource, deltas);
  if (resource === 'pods') adoptOrphans(w, self);
}

function reset(self: KubeletState): void {
  self.informers = {};
  self.workers = new Map();
  self.crashBackoff = new Map();
  self.imageBackoff = new Map();
  self.pullerFreeAt = 0;
  self.layersReadyAt = new Map();
  self.registered = false;
  self.conditions = [];
  self.lease = undefined;
  self.podCIDR = undefined;
}

/** A relist tick: the Pods it found started or dead, and the workers waiting for it, sync. */
function onRelist(w: World, self: KubeletState): void {
  const res = relist(w, self);
  if (!res) return;
  const wake = new Set<string>();
  for (const p of res.pods) if (syncWorthy(p.events)) wake.add(p.uid);
  for (const uid of self.pleg.waiting) wake.add(uid);
  self.pleg.waiting.clear();
  for (const uid of wake) requestSync(w, self, uid);
}

export const kubeletBehaviour: Behaviour<'kubelet'> = {
  start(w, self) {
    reset(self);
    // The file source is the process's memory: a new kubelet reads staticPodPath afresh.
    delete self.staticSource;
    self.startedAt = w.now;
    restartContainerGC(w, self);
    // The PLEG's first relist runs as it starts, before any pod worker syncs (they wait for the cache).
    self.pleg = newPlegState(w.now);
    relist(w, self);
    journalStart(w, self, KUBELET_VERSION);
    nodeEvent(w, self, 'Normal', 'Starting', 'Starting kubelet.');
    tlsBootstrap(w, self);
    registerNode(w, self);
    self.informers['nodes'] = newInformer('nodes', { fieldSelector: [{ field: 'metadata.name', op: '=', value: self.host }] });
    self.informers['pods'] = newInformer('pods', { fieldSelector: [{ field: 'spec.nodeName', op: '=', value: self.host }] });
    self.informers[RUNTIME_CLASSES] = newRuntimeClassInformer();
    self.informers[SERVICES] = newServiceInformer();
    // The file source is read before the API's Pods come, so its Pods' sandboxes are no orphans.
    if (editedUnder(w, self.host, STATIC_POD_PATH)) primeStaticSource(w, self);
    sync(w, self, 'nodes');
    sync(w, self, 'pods');
    sync(w, self, RUNTIME_CLASSES);
    sync(w, self, SERVICES);
    leaseTick(w, self, 0);
    if (w.machineSpecs.get(self.host)?.controlPlane || editedUnder(w, self.host, STATIC_POD_PATH)) armStaticPods(w, self);
  },
  stop(w, self) {
    // A power-off leaves no goodbye in the journal; `systemctl stop` does.
    if (!w.faults.has(`node/${self.host}`)) journalStop(w, self);
    // In-memory state dies with the process; what the runtime holds stays.
    self.informers = {};
    self.workers = new Map();
  },
  onWatch(w, self, watchId, ev) {
    const got = deliver(self.informers, watchId, ev);
    if (!got) return;
    traceWatch(w, watchId, self.id, ev);
    handle(w, self, got.inf.resource, [got.delta]);
  },
  onWatchClosed(w, self, watchId) {
    relistAfterClose(w, self, self.informers, watchId);
  },
  serve(w, self, req) {
    switch (req.path) {
      case 'containerLogs':
        return serveContainerLogs(w, self, req);
      case 'exec':
        return serveExec(w, self, req);
      case 'attach':
        return serveAttach(w, self, req);
      case 'portForward':
        return servePortForward(w, self, req);
      case 'metrics/resource':
        return serveResourceMetrics(w, self, req);
      default: {
        const never: never = req;
        throw new Error(`kubelet: no handler for ${JSON.stringify(never)}`);
      }
    }
  },
  onTimer(w, self, name, arg) {
    switch (name) {
      case 'register':
        if (!self.registered) registerNode(w, self);
        return;
      case 'node-status': {
        // A podCIDR that arrived while the runtime was down is handed over on a later tick.
        const node = self.informers['nodes']?.cache.get(self.host) as Node | undefined;
        if (node) applyPodCIDR(w, self, node);
        syncNodeStatus(w, self);
        setTimer(w, self, w.timings.nodeStatusUpdateFrequency, 'node-status');
        return;
      }
      case 'static-pods':
        syncStaticPods(w, self);
        return;
      case MIRROR_TIMER:
        onMirrorTimer(w, self, componentKeys(w, self.host));
        break;
      case INOTIFY_TIMER:
        if (arg) staticPodsChanged(w, self, arg);
        break;
      case CONTAINER_GC_TIMER:
        onContainerGC(w, self);
        break;
      case 'fast-status':
        fastStatusTick(w, self);
        return;
      case 'lease':
        leaseTick(w, self, Number(arg ?? 0));
        return;
      case 'op':
        if (arg) onOpTimer(w, self, arg);
        break;
      case 'resync':
        if (arg) onResyncTimer(w, self, arg);
        break;
      case PLEG_RELIST:
        onRelist(w, self);
        break;
      case 'probe':
        if (arg) runProbe(w, self, arg, (uid) => requestSync(w, self, uid));
        break;
      case 'status':
        if (arg) syncPodStatus(w, self, arg);
        break;
      default:
        if (name.startsWith('relist:')) sync(w, self, name.slice('relist:'.length));
        return;
    }
    markComponentChanged(w, self.id);
  },
};
