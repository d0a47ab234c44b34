/**
 * What the kubelet does to a control-plane process when its static Pod comes and goes in the file
 * source (static-pod-source.ts). A Pod that leaves the source (`SyncLoop REMOVE`, source "file")
 * has its container killed (StopContainer: the component really stops) and stays down — dispatch
 * refuses its start while `staticHeld` names it. A Pod that arrives (`SyncLoop ADD`; a changed
 * manifest is a new UID, so a REMOVE of the old one and an ADD) gets its image and its container
 * started — unless the image does not pull (ErrImagePull, then ImagePullBackOff, retried 10 s
 * doubling to 300 s) or the binary refuses a flag (exit 1 with cobra's `Error: unknown flag`,
 * then CrashLoopBackOff on the same back-off). The process is the simulation's component, so a
 * runnable container is that component started again.
 */
import type { Pod } from '../../k8s/types';
import { goDuration, rfc3339 } from '../../k8s/time';
import { agentId, type ComponentId, type SimMillis } from '../core/ids';
import { resolveImage } from '../images/catalog';
import { hashHex } from '../node/hex';
import { imageStatus, pullImage, runtimeOf } from '../node/cri';
import { containerUri } from '../node/runtime-impl';
import { schedule, trace } from '../runtime';
import { stopProcess } from '../stop-hook';
import type { World } from '../world';
import { crashPolicy } from './sync-pod';
import { imagePolicy } from './images';
import { api } from './client';
import { isConflict, isNotFound } from '../client/client';
import type { ApiResponse } from '../apiserver/handler';
import { kubeletLog, logKilling, logPullFailed, logSyncError, logSyncLoop } from './journal';
import type { KubeletState, StaticPodBook, StaticPodConfig } from './state';
import { unknownFlag } from './static-pod-flags';
import { replacePrevious, retireToRuntime, startSandbox } from './static-pod-gc';
import type { StaticPodKind } from './static-pod-manifests';

/** From the kubelet's sync to the process running: sandbox, create, start. */
const START_MS = 1000;
/** ErrImagePull shows until the pod worker's next sync turns it into ImagePullBackOff. */
const PULL_SHOWN_MS = 1000;

export function setHeld(self: KubeletState, name: string, held: boolean): void {
  const list = (self.staticHeld ??= []);
  const at = list.indexOf(name);
  if (held && at < 0) list.push(name);
  if (!held && at >= 0) list.splice(at, 1);
}

/** The static Pod as the kubelet's logs name it (UID = its config hash). */
function asPod(name: string, hash: string): Pod {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'kube-system', uid: hash }, spec: { containers: [] } };
}

function cri(w: World, self: KubeletState, name: string, detail: { call: 'StopContainer' | 'CreateContainer' | 'StartContainer'; container: string } | { call: 'PullImage'; image: string }): void {
  const pod = { namespace: 'kube-system', name };
  const d = detail.call === 'PullImage' ? { service: 'ImageService' as const, call: 'PullImage' as const, pod, image: detail.image } : { service: 'RuntimeService' as const, call: detail.call, pod, container: detail.container };
  trace(w, { from: self.id, to: agentId('container-runtime', self.host), kind: 'cri', detail: d, object: { kind: 'Pod', ...pod } });
}

/** The Pod left the file source (or changed UID): kill its container and forget it. */
export function retire(w: World, self: KubeletState, kind: StaticPodKind, componentId: ComponentId, name: string, book: StaticPodBook): void {
  const pod = asPod(name, book.hash);
  logSyncLoop(w, self, 'REMOVE', pod, 'file');
  const c = w.components.get(componentId);
  if (c?.running) {
    logKilling(w, self, pod, kind, containerUri(runtimeOf(w, self.host), book.containerId), 30);
    cri(w, self, name, { call: 'StopContainer', container: kind });
    stopProcess(w, componentId);
  }
  retireToRuntime(w, self, name, kind, book);
  delete self.staticPods[name];
  setHeld(self, name, true);
}

/** A Pod arrived in the file source: a fresh book, then its first attempt to run. */
export function launch(w: World, self: KubeletState, kind: StaticPodKind, componentId: ComponentId, config: StaticPodConfig, kubeadmCommand: readonly string[], seen: string): StaticPodBook {
  // Put back before container GC, the same UID finds its old sandbox and container (static-pod-gc.ts).
  const { sandbox, previous, priorSandbox } = startSandbox(w, self, config.name, config.hash, hashHex(`${config.hash}/sandbox/${w.now}`));
  const restartCount = previous ? previous.attempt + 1 : 0;
  const book: StaticPodBook = { hash: config.hash, seen, running: false, startedAt: w.now, restartCount, containerId: hashHex(`${config.hash}/${w.now}/${restartCount}`), starting: true, sandbox };
  if (previous) {
    book.previous = previous;
    book.last = { exitCode: previous.exitCode, reason: 'Error', startedAt: rfc3339(previous.createdAt as SimMillis), finishedAt: rfc3339(previous.finishedAt as SimMillis), containerID: containerUri(runtimeOf(w, self.host), previous.containerId) };
  }
  if (priorSandbox) book.priorSandbox = priorSandbox;
  self.staticPods[config.name] = book;
  logSyncLoop(w, self, 'ADD', asPod(config.name, config.hash), 'file');
  const c = config.pod.spec.containers[0]!;
  const image = c.image ?? '';
  const flag = unknownFlag(kind, [...(c.command ?? []).slice(1), ...(c.args ?? [])], kubeadmCommand);
  if (!resolveImage(image).exists) book.blocked = { reason: 'pull', image };
  else if (flag) book.blocked = { reason: 'crash', error: flag };
  if (book.blocked) {
    setHeld(self, config.name, true);
    attempt(w, self, kind, config.name, book);
    return book;
  }
  setHeld(self, config.name, false);
  const rt = runtimeOf(w, self.host);
  if (rt && !imageStatus(rt, image)) {
    cri(w, self, config.name, { call: 'PullImage', image });
    pullImage(w, rt, image);
  }
  cri(w, self, config.name, { call: 'CreateContainer', container: kind });
  cri(w, self, config.name, { call: 'StartContainer', container: kind });
  schedule(w, START_MS, componentId, { type: 'start' });
  return book;
}

/** The pod worker's failed-sync requeue (backOffPeriod 10 s, wait.Jitter factor 0.5). */
const REQUEUE_MS = 10_000;

/**
 * wait.Jitter(base, 0.5), drawn from the static Pod's hash and the time rather than the world's
 * PRNG, so a control-plane static Pod's requeues leave every other random draw as it was.
 */
export function staticJitter(book: StaticPodBook, now: number, base: number): number {
  return Math.round(base + (parseInt(hashHex(`${book.hash}/${now}`).slice(0, 8), 16) / 0x1_0000_0000) * 0.5 * base);
}

/**
 * When the static Pod syncs next (its tryReconcileMirrorPods with it): a blocked one at the pod
 * worker's requeue after its failed sync, a healthy one at the resync (syncFrequency, jittered).
 */
export function nextStaticSync(w: World, book: StaticPodBook): number {
  if (book.blocked) return book.requeueAt !== undefined && book.requeueAt > w.now ? book.requeueAt : w.now + staticJitter(book, w.now, REQUEUE_MS);
  return w.now + staticJitter(book, w.now, w.timings.syncFrequency);
}

/**
 * One more try of a blocked container, when its back-off has passed; ErrImagePull's turn to
 * ImagePullBackOff; and between tries, the pod worker's requeue: a sync that fails the same way
 * ("Error syncing pod, skipping" again, as for any Pod) and tries a stale mirror again.
 */
export function retryBlocked(w: World, self: KubeletState, kind: StaticPodKind, name: string, book: StaticPodBook): boolean {
  if (!book.blocked) return false;
  if (w.now >= (book.nextTryAt ?? 0)) {
    attempt(w, self, kind, name, book);
    return true;
  }
  if (book.requeueAt !== undefined && w.now >= book.requeueAt && book.waiting) {
    book.requeueAt = w.now + staticJitter(book, w.now, REQUEUE_MS);
    delete book.mirrorRetryAt;
    logSyncError(w, self, asPod(name, book.hash), kind, book.waiting.reason, book.waiting.message);
    return true;
  }
  if (book.waiting?.reason === 'ErrImagePull' && w.now - (book.triedAt ?? w.now) >= PULL_SHOWN_MS && book.blocked.reason === 'pull') {
    const msg = `Back-off pulling image ${JSON.stringify(book.blocked.image)}: ErrImagePull: ${book.waiting.message}`;
    book.waiting = { reason: 'ImagePullBackOff', message: msg };
    logSyncError(w, self, asPod(name, book.hash), kind, 'ImagePullBackOff', msg);
    delete book.currentAt;
    return true;
  }
  return false;
}

function attempt(w: World, self: KubeletState, kind: StaticPodKind, name: string, book: StaticPodBook): void {
  const blocked = book.blocked!;
  const tries = book.tries ?? 0;
  const policy = blocked.reason === 'pull' ? imagePolicy(w) : crashPolicy(w);
  const backoff = Math.min(policy.initial * 2 ** tries, policy.max);
  const pod = asPod(name, book.hash);
  book.tries = tries + 1;
  book.triedAt = w.now;
  book.nextTryAt = w.now + backoff;
  book.requeueAt = w.now + staticJitter(book, w.now, REQUEUE_MS);
  delete book.currentAt;
  if (blocked.reason === 'pull') {
    cri(w, self, name, { call: 'PullImage', image: blocked.image });
    const rt = runtimeOf(w, self.host);
    const res = rt ? pullImage(w, rt, blocked.image) : { ok: false as const, error: 'container runtime is down' };
    const error = res.ok ? '' : res.error;
    logPullFailed(w, self, blocked.image, error);
    logSyncError(w, self, pod, kind, 'ErrImagePull', error);
    book.waiting = { reason: 'ErrImagePull', message: error };
    return;
  }
  // The binary runs and stops on its flags: cli.Run prints the usage (left out here), then the error.
  cri(w, self, name, { call: 'CreateContainer', container: kind });
  cri(w, self, name, { call: 'StartContainer', container: kind });
  // A container's exit is a sync of the static Pod: a stale mirror is tried again now.
  delete book.mirrorRetryAt;
  if (tries > 0) {
    replacePrevious(w, self, name, book, { containerId: book.containerId, attempt: book.restartCount, createdAt: book.startedAt, finishedAt: book.finishedAt ?? book.startedAt, exitCode: 1, ...(book.crashLog ? { crashLog: book.crashLog } : {}) });
    book.restartCount++;
    book.containerId = hashHex(`${book.hash}/${w.now}/${book.restartCount}`);
  }
  const at = rfc3339(w.now as SimMillis);
  book.last = { exitCode: 1, reason: 'Error', startedAt: at, finishedAt: at, containerID: containerUri(runtimeOf(w, self.host), book.containerId) };
  book.crashLog = [`Error: ${blocked.error}`];
  book.startedAt = w.now;
  book.finishedAt = w.now;
  trace(w, { from: agentId('container-runtime', self.host), to: self.id, kind: 'process', detail: { pod: { namespace: 'kube-system', name }, podUID: book.hash, container: kind, exitCode: 1, reason: 'Error' }, object: { kind: 'Pod', namespace: 'kube-system', name } });
  const msg = `back-off ${goDuration(backoff)} restarting failed container=${kind} pod=${name}_kube-system(${book.hash})`;
  book.waiting = { reason: 'CrashLoopBackOff', message: msg };
  logSyncError(w, self, pod, kind, 'CrashLoopBackOff', msg);
}

/**
 * A mirror Pod being deleted, or of another manifest: tryReconcileMirrorPods deletes it (its UID
 * as precondition) to make a new one. Returns false when the delete failed, to be tried again at
 * the static Pod's next sync.
 */
export function deleteStaleMirror(w: World, self: KubeletState, mirror: Pod): boolean {
  const ref = `${mirror.metadata.namespace ?? ''}/${mirror.metadata.name ?? ''}`;
  kubeletLog(w, self, 'I', 'kubelet.go:2011', 'Trying to delete pod', [['pod', ref], ['podUID', mirror.metadata.uid ?? '']]);
  const done = deleteMirrorPod(w, self, mirror, mirror.metadata.uid);
  if (done === 'deleted') kubeletLog(w, self, 'I', 'kubelet.go:2017', "Deleted mirror pod as it didn't match the static Pod", [['pod', ref]]);
  return done !== 'failed';
}

/**
 * CreateMirrorPod (mirror_client.go) as tryReconcileMirrorPods calls it: "Creating a mirror pod
 * for static pod", then the create; one that already exists is the mirror the informer has not
 * delivered yet (upstream returns nil when its hash is ours). Any other failure is logged.
 * Returns the mirror created, 'exists', or 'failed'.
 */
export function createMirrorPod(w: World, self: KubeletState, body: Pod): Pod | 'exists' | 'failed' {
  const ns = body.metadata.namespace ?? 'default';
  const ref = `${ns}/${body.metadata.name ?? ''}`;
  kubeletLog(w, self, 'I', 'kubelet.go:2028', 'Creating a mirror pod for static pod', [['pod', ref]]);
  const res = api(w, self, { verb: 'create', resource: 'pods', namespace: ns, body });
  if (res.ok) return (res.object as Pod | undefined) ?? 'exists';
  if (!('network' in res.error) && res.error.reason === 'AlreadyExists') return 'exists';
  kubeletLog(w, self, 'E', 'kubelet.go:2030', 'Failed creating a mirror pod', [['err', clientError(res, 'Post', `/api/v1/namespaces/${ns}/pods`)], ['pod', ref]]);
  return 'failed';
}

/** client-go's error for the request: `Delete "https://…": dial tcp …` when kube-apiserver was not reached, else the Status's message. */
function clientError(res: ApiResponse, method: string, path: string): string {
  if (res.ok) return '';
  return 'network' in res.error ? `${method} "https://${res.error.server}${path}": ${res.error.message}` : res.error.message;
}

/**
 * DeleteMirrorPod (mirror_client.go): grace period 0, with the mirror's UID as precondition when
 * one is given (none for an orphan). A mirror already gone or re-created (NotFound, Conflict) is
 * no failure; any other error is logged and, as upstream ("historically this routine does not
 * return an error"), only makes the delete not done — the next sync tries again.
 */
export function deleteMirrorPod(w: World, self: KubeletState, mirror: Pod, uid?: string): 'deleted' | 'gone' | 'failed' {
  const ns = mirror.metadata.namespace ?? 'default';
  const name = mirror.metadata.name ?? '';
  const res = api(w, self, { verb: 'delete', resource: 'pods', namespace: ns, name, gracePeriodSeconds: 0, ...(uid ? { preconditions: { uid } } : {}) });
  if (res.ok) return 'deleted';
  if (isNotFound(res) || isConflict(res)) return 'gone';
  kubeletLog(w, self, 'E', 'mirror_client.go:138', 'Failed deleting a mirror pod', [['err', clientError(res, 'Delete', `/api/v1/namespaces/${ns}/pods/${name}`)], ['pod', `${ns}/${name}`]]);
  return 'failed';
}

/** HandlePodCleanups' period (housekeepingPeriod): how often the kubelet tries again to delete an orphaned mirror. */
const HOUSEKEEPING_MS = 2000;

/**
 * Whether this relist may try to delete orphaned mirror Pods: always, until one such delete
 * fails; then at the housekeeping period, every orphan in the same round.
 */
export function housekeepingDue(w: World, self: KubeletState): boolean {
  const at = self.orphanDeleteFailedAt;
  return at === undefined || at === w.now || w.now - at >= HOUSEKEEPING_MS;
}

/** Deletes an orphaned mirror Pod (its manifest is gone) in a housekeeping round. */
export function deleteOrphanMirror(w: World, self: KubeletState, mirror: Pod): void {
  if (!housekeepingDue(w, self)) return;
  if (deleteMirrorPod(w, self, mirror) === 'failed') self.orphanDeleteFailedAt = w.now;
  else delete self.orphanDeleteFailedAt;
}
