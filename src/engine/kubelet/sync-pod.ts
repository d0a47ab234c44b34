/**
 * One step of a Pod's sync (kubelet.SyncPod + kuberuntime's computePodActions): compare what the
 * spec wants with what the runtime has and return the next operation — mount a volume, create
 * the sandbox, pull/create/start a container, kill one — or say the pass is done. Steps that take
 * no simulated time (events, back-off bookkeeping) happen here; operations that do are started
 * and completed by the pod worker.
 */
import type { Container, Pod } from '../../k8s/types';
import { goDuration, rfc3339 } from '../../k8s/time';
import { jitter } from '../runtime';
import type { World } from '../world';
import { latestContainer, podSandboxes, runtimeOf, runtimeStatus } from '../node/cri';
import type { ContainerRecord, RuntimeState, SandboxRecord } from '../node/runtime-state';
import { admitPod } from './admission';
import { backoffGet, backoffNext, inBackOffSince, type BackoffPolicy } from '../client/backoff';
import { formatPod, podEvent } from './client';
import { logKilling, logSyncError } from './journal';
import { containerUri } from '../node/runtime-impl';
import { ensureImage } from './images';
import { NETWORK_NOT_READY } from './node-status';
import { isSidecar, shouldRestart } from './pod-status';
import { hasProbes, startProbes } from './probes';
import type { KubeletState, PodOp, PodWorker, SyncPass } from './state';
import { nextVolume, mountLatency, mountTimeout } from './volumes';
import { containerBook } from './container-book';
import { actuated, handlePodResourcesResize, resizeAction } from './resize';
import { markStatusDirty } from './status-manager';

/** UpdateContainerResources: rewriting a running container's cgroup limits takes the runtime a moment. */
const UPDATE_RESOURCES_MS = 50;

export type Decision = { kind: 'op'; op: PodOp; latency: number } | { kind: 'done' } | { kind: 'terminate' };

/** pod_workers.go: a failed sync is retried after backOffPeriod (10 s) with 50% jitter. */
export function workerBackoff(w: World): number {
  return 10_000 + jitter(w, 2500, 1);
}

export function crashPolicy(w: World): BackoffPolicy {
  return { initial: w.timings.crashLoopInitial, max: w.timings.crashLoopMax, resetAfter: w.timings.crashLoopReset };
}

export function retryAt(pass: SyncPass, at: number): void {
  pass.retryAt = pass.retryAt === undefined ? at : Math.min(pass.retryAt, at);
}

function note(pass: SyncPass, what: string): boolean {
  if (pass.noted.includes(what)) return false;
  pass.noted.push(what);
  return true;
}

function fieldPath(c: Container, init: boolean | 'ephemeral'): string {
  if (init === 'ephemeral') return `spec.ephemeralContainers{${c.name}}`;
  return init ? `spec.initContainers{${c.name}}` : `spec.containers{${c.name}}`;
}

/** The newest instance of a container inside the current sandbox (older sandboxes do not count). */
function current(rt: RuntimeState, wk: PodWorker, sb: SandboxRecord, name: string): ContainerRecord | undefined {
  const c = latestContainer(rt, wk.uid, name);
  return c && c.sandboxId === sb.id ? c : undefined;
}

/**
 * doBackOff: a container that exited within its back-off stays down (CrashLoopBackOff);
 * otherwise the back-off grows and it may start now.
 */
function crashBackOff(w: World, self: KubeletState, wk: PodWorker, pod: Pod, c: Container, init: boolean, last: ContainerRecord): boolean {
  const key = `${wk.uid}_${c.name}`;
  const p = crashPolicy(w);
  const finished = last.finishedAt ?? w.now;
  if (inBackOffSince(self.crashBackoff, key, finished, w.now, p)) {
    const backoff = backoffGet(self.crashBackoff, key);
    podEvent(w, self, pod, 'Warning', 'BackOff', `Back-off restarting failed container ${c.name} in pod ${formatPod(pod)}`, fieldPath(c, init));
    const book = containerBook(wk, c.name);
    book.waiting = { reason: 'CrashLoopBackOff', message: `back-off ${goDuration(backoff)} restarting failed container=${c.name} pod=${formatPod(pod)}` };
    logSyncError(w, self, pod, c.name, 'CrashLoopBackOff', book.waiting.message ?? '');
    retryAt(wk.pass!, Math.min(finished + backoff, w.now + workerBackoff(w)));
    return true;
  }
  backoffNext(self.crashBackoff, key, finished, w.now, p);
  return false;
}

/** The image → create → start sequence for one container; undefined when it cannot start now. */
function startSteps(w: World, self: KubeletState, wk: PodWorker, pod: Pod, c: Container, init: boolean | 'ephemeral'): Decision | undefined {
  const pass = wk.pass!;
  if (!pass.imageReady.includes(c.name)) {
    const img = ensureImage(w, self, wk, pod, c, fieldPath(c, init), false);
    if (img.kind === 'failed') {
      retryAt(pass, Math.min(img.retryAt ?? Infinity, w.now + workerBackoff(w)));
      return undefined;
    }
    if (img.kind === 'pull') return { kind: 'op', op: { kind: 'pull', container: c.name, image: c.image ?? '', requestedAt: img.requestedAt, pullMs: img.pullMs }, latency: img.latency };
    pass.imageReady.push(c.name);
  }
  return { kind: 'op', op: { kind: 'create', container: c.name }, latency: 0 };
}

/** A running container: restart its probe workers after a kubelet restart, kill it if a probe failed or its spec changed. */
function running(w: World, self: KubeletState, wk: PodWorker, pod: Pod, c: Container, init: boolean, cur: ContainerRecord): Decision | undefined {
  const book = containerBook(wk, c.name);
  if (book.killFor && book.killFor.containerId !== cur.id) delete book.killFor;
  if (!hasProbes(wk, c, cur.id)) startProbes(w, self, wk, c, cur.id);
  let why: string | undefined;
  const resize = resizeAction(wk, c);
  // killContainer's message: the probe's sentence, or the bare reason for a failed postStart hook.
  if (book.killFor) why = book.killFor.reason === 'postStart' ? 'FailedPostStartHook' : `Container ${c.name} failed ${book.killFor.reason} probe, will be restarted`;
  else if ((c.image ?? '') !== cur.config.image) why = `Container ${c.name} definition changed, will be restarted`;
  else if (resize === 'restart') why = `Container ${c.name} resize requires restart`;
  else if (resize === 'update') return { kind: 'op', op: { kind: 'resize', container: c.name }, latency: UPDATE_RESOURCES_MS };
  if (!why) return undefined;
  // The instance started next is created with the allocated resources.
  if (resize === 'restart') actuated(wk, c.name);
  podEvent(w, self, pod, 'Normal', 'Killing', why, fieldPath(c, init));
  logKilling(w, self, pod, c.name, containerUri(runtimeOf(w, self.host), cur.id), pod.spec.terminationGracePeriodSeconds ?? 30);
  return { kind: 'op', op: { kind: 'stop', containerIds: [cur.id] }, latency: 0 };
}

/** One container of the spec: the decision for it, 'next' to move on, or 'wait' to end the pass. */
function containerStep(w: World, self: KubeletState, wk: PodWorker, pod: Pod, rt: RuntimeState, sb: SandboxRecord, c: Container, init: boolean): Decision | 'next' | 'wait' {
  const pass = wk.pass!;
  const cur = current(rt, wk, sb, c.name);
  if (cur?.state === 'CONTAINER_RUNNING') {
    const d = running(w, self, wk, pod, c, init, cur);
    if (d) return d;
    if (!init) return 'next';
    // A regular init container must finish, a sidecar must have started, before what follows.
    const startup = wk.containers.get(c.name)?.probes.find((p) => p.kind === 'startup' && p.containerId === cur.id);
    return isSidecar(c) && (!c.startupProbe || startup?.result === 'success') ? 'next' : 'wait';
  }
  if (cur?.state === 'CONTAINER_CREATED') return { kind: 'op', op: { kind: 'start', container: c.name, containerId: cur.id }, latency: 0 };
  if (pass.handled.includes(c.name)) return init ? 'wait' : 'next';
  if (init && !isSidecar(c) && cur?.state === 'CONTAINER_EXITED' && cur.exitCode === 0) return 'next';
  if (cur && !shouldRestart(pod, c, cur, init)) return init ? 'wait' : 'next';
  // The back-off was checked (and bumped) before this pass began pulling the image: SyncPod checks
  // it once, then pulls and starts, so a pull that took time (imagePullPolicy Always) must not
  // send the container back into CrashLoopBackOff.
  if (cur && !pass.imageReady.includes(c.name) && crashBackOff(w, self, wk, pod, c, init, cur)) {
    pass.handled.push(c.name);
    return init ? 'wait' : 'next';
  }
  const d = startSteps(w, self, wk, pod, c, init);
  if (d) return d;
  pass.handled.push(c.name);
  return init ? 'wait' : 'next';
}

/**
 * An ephemeral container (computePodActions' EphemeralContainersToStart): started once, when the
 * runtime has no instance of it at all — never restarted, whatever its exit or sandbox — in the
 * Pod's current sandbox, by the same pull → create → start steps as any container.
 */
function ephemeralStep(w: World, self: KubeletState, wk: PodWorker, pod: Pod, rt: RuntimeState, sb: SandboxRecord, c: Container): Decision | undefined {
  const pass = wk.pass!;
  const any = latestContainer(rt, wk.uid, c.name);
  if (any) return any.state === 'CONTAINER_CREATED' && any.sandboxId === sb.id ? { kind: 'op', op: { kind: 'start', container: c.name, containerId: any.id }, latency: 0 } : undefined;
  if (pass.handled.includes(c.name)) return undefined;
  const d = startSteps(w, self, wk, pod, c, 'ephemeral');
  if (d) return d;
  pass.handled.push(c.name);
  return undefined;
}

/** Every container has finished and none will run again: the Pod reached a terminal phase. */
function podDone(pod: Pod, rt: RuntimeState, wk: PodWorker, sb: SandboxRecord): boolean {
  const policy = pod.spec.restartPolicy ?? 'Always';
  if (policy === 'Always') return false;
  const inits = pod.spec.initContainers ?? [];
  const failedInit = inits.some((c) => {
    const cur = current(rt, wk, sb, c.name);
    return !isSidecar(c) && cur?.state === 'CONTAINER_EXITED' && cur.exitCode !== 0 && !shouldRestart(pod, c, cur, true);
  });
  if (failedInit) return true;
  return pod.spec.containers.every((c) => {
    const cur = current(rt, wk, sb, c.name);
    return cur?.state === 'CONTAINER_EXITED' && !shouldRestart(pod, c, cur, false);
  });
}

export function decide(w: World, self: KubeletState, wk: PodWorker): Decision {
  const pod = wk.pod;
  const pass = wk.pass!;
  if (wk.lifecycle !== 'syncing' || wk.deleted || pod.metadata.deletionTimestamp) return { kind: 'terminate' };
  if (!wk.admitted) {
    const verdict = admitPod(w, self, pod);
    if (!verdict.ok) {
      podEvent(w, self, pod, 'Warning', verdict.reason, verdict.message);
      wk.rejected = { reason: verdict.reason, message: verdict.message };
      wk.lifecycle = 'terminated';
      return { kind: 'done' };
    }
    wk.admitted = true;
    wk.startTime ??= rfc3339(w.now);
    wk.allocated = pod.spec;
  }
  // The status write is coalesced: it shows the resize accepted before any container is updated.
  if (handlePodResourcesResize(w, self, wk)) markStatusDirty(w, self, wk);
  if (pass.stop) return { kind: 'done' };
  const rt = runtimeOf(w, self.host);
  if (!rt?.running) {
    retryAt(pass, w.now + workerBackoff(w));
    return { kind: 'done' };
  }
  if (!pod.spec.hostNetwork && !runtimeStatus(w, rt).networkReady) {
    if (note(pass, 'network')) podEvent(w, self, pod, 'Warning', 'NetworkNotReady', `network is not ready: ${NETWORK_NOT_READY}`);
    retryAt(pass, w.now + workerBackoff(w));
    return { kind: 'done' };
  }
  const vol = nextVolume(w, wk, pod);
  if (vol && 'volume' in vol) return { kind: 'op', op: { kind: 'mount', volume: vol.volume.name }, latency: mountLatency(w, vol.volume) };
  if (vol) {
    mountTimeout(w, self, wk, pod);
    retryAt(pass, vol.waitUntil);
    return { kind: 'done' };
  }
  wk.mountWaitSince = undefined;

  const sandboxes = podSandboxes(rt, wk.uid);
  const sb = sandboxes[sandboxes.length - 1];
  if (!sb) return { kind: 'op', op: { kind: 'sandbox' }, latency: 0 };
  if (sb.state !== 'SANDBOX_READY') {
    if (note(pass, 'sandbox-changed')) podEvent(w, self, pod, 'Normal', 'SandboxChanged', 'Pod sandbox changed, it will be killed and re-created.');
    const alive = [...rt.containers.values()].filter((c) => c.sandboxId === sb.id && c.state === 'CONTAINER_RUNNING').map((c) => c.id);
    if (alive.length) return { kind: 'op', op: { kind: 'stop', containerIds: alive }, latency: 0 };
    if (note(pass, 'sandbox-stopped')) return { kind: 'op', op: { kind: 'stop-sandbox', sandboxId: sb.id }, latency: 0 };
    return { kind: 'op', op: { kind: 'sandbox' }, latency: 0 };
  }

  // SyncPod's step 5: ephemeral containers start before init containers, so a Pod stuck
  // initialising can still be debugged.
  for (const c of pod.spec.ephemeralContainers ?? []) {
    const d = ephemeralStep(w, self, wk, pod, rt, sb, c);
    if (d) return d;
  }
  for (const c of pod.spec.initContainers ?? []) {
    const r = containerStep(w, self, wk, pod, rt, sb, c, true);
    if (r === 'wait') return podDone(pod, rt, wk, sb) ? { kind: 'terminate' } : { kind: 'done' };
    if (r !== 'next') return r;
  }
  for (const c of pod.spec.containers) {
    const r = containerStep(w, self, wk, pod, rt, sb, c, false);
    if (r === 'wait') break;
    if (r !== 'next') return r;
  }
  return podDone(pod, rt, wk, sb) ? { kind: 'terminate' } : { kind: 'done' };
}
