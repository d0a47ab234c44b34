/**
 * Pod workers (pod_workers.go): one per Pod, running one sync pass at a time and at most one
 * runtime operation inside it. An operation is a CRI/CSI call that takes simulated time: its
 * hop is drawn when it starts, its effect lands when the `op` timer fires, and the pass then
 * continues from the new state. A pass ends when nothing more can be done now; the worker then
 * sleeps until a watch event, a PLEG relist that saw its containers start or die, a probe result
 * or a back-off expiry wakes it — and a new pass starts only on a pod cache newer than the end of
 * the last one (pleg.ts).
 *
 * Over 400 lines: each operation's start (startOp) and completion (completeOp) are two switches
 * over the same PodOp kinds, kept in one file so the halves of a CRI call read side by side.
 */
import type { EphemeralContainer, Pod } from '../../k8s/types';
import type { TraceDetails } from '../core/trace';
import { leaveToGC } from './static-pod-gc';
import { milli } from '../../k8s/quantity';
import { jitter, setTimer, trace } from '../runtime';
import type { World } from '../world';
import { agentId } from '../core/ids';
import { createContainer, criLatency, pruneDeadInstances, latestContainer, podContainers, podSandboxes, removePodSandbox, runPodSandbox, runtimeOf, startContainer, stopContainer, stopPodSandbox } from '../node/cri';
import type { ContainerConfig } from '../node/runtime-state';
import { idOf, securityOf, supplementalGroupsOf } from './security-context';
import { containerUri, runtimeUnavailable } from '../node/runtime-impl';
import { logKilling, logRemoveContainer } from './journal';
import { podEvent } from './client';
import { containerEnv } from './env';
import { finishPull } from './images';
import { specContainer, startProbes } from './probes';
import type { KubeletState, PodOp, PodWorker } from './state';
import { markStatusDirty } from './status-manager';
import { decide, retryAt, workerBackoff } from './sync-pod';
import { finishMount, unmountAll } from './volumes';
import { containerMounts, refreshPayloads } from './volume-data';
import { containerBook } from './container-book';
import { actuated } from './resize';
import { preStop } from './prestop';
import { finishPostStart, runPostStart } from './poststart';
import { podUserNamespace } from './userns';
import { lookupRuntimeHandler } from './runtime-class';
import { runAsNonRootError } from './run-as-non-root';
import { plegTouch } from './pleg-clock';
import { cacheNewerThanLastSync, markSynced } from './pleg';

export function newWorker(pod: Pod): PodWorker {
  const phase = pod.status?.phase;
  return {
    uid: pod.metadata.uid ?? '',
    namespace: pod.metadata.namespace ?? 'default',
    name: pod.metadata.name ?? '',
    // A Pod that already finished is never started again, even by a restarted kubelet.
    lifecycle: phase === 'Succeeded' || phase === 'Failed' ? 'terminating' : 'syncing',
    admitted: false,
    startTime: pod.status?.startTime,
    op: undefined,
    opSeq: 0,
    dirty: false,
    pass: undefined,
    mounted: [],
    mountRetry: new Map(),
    csiVolumes: new Map(),
    mountWaitSince: undefined,
    containers: new Map(),
    statusPending: false,
    pod,
    deleted: false,
    resyncAt: undefined,
    deleteSent: false,
  };
}

/** UpdatePod: run a pass now, or as soon as the running operation completes. */
export function requestSync(w: World, self: KubeletState, uid: string): void {
  const wk = self.workers.get(uid);
  if (!wk) return;
  if (wk.op) {
    wk.dirty = true;
    return;
  }
  runPass(w, self, wk);
}

function podRef(wk: PodWorker): { kind: string; namespace: string; name: string } {
  return { kind: 'Pod', namespace: wk.namespace, name: wk.name };
}

/** A CRI call for this Pod (RuntimeService or ImageService, as the detail says). */
function criHop(w: World, self: KubeletState, wk: PodWorker, detail: TraceDetails['cri']): void {
  trace(w, { from: self.id, to: agentId('container-runtime', self.host), kind: 'cri', detail, object: podRef(wk) });
}

function sandboxCall(wk: PodWorker, call: 'RunPodSandbox' | 'StopPodSandbox' | 'RemovePodSandbox'): TraceDetails['cri'] {
  return { service: 'RuntimeService', call, pod: { namespace: wk.namespace, name: wk.name } };
}

function containerCall(wk: PodWorker, call: 'CreateContainer' | 'StartContainer' | 'StopContainer', container: string): TraceDetails['cri'] {
  return { service: 'RuntimeService', call, pod: { namespace: wk.namespace, name: wk.name }, container };
}

/** The grace period to kill with; the kubelet never goes below minimumGracePeriodInSeconds (2). */
function graceMs(pod: Pod): number {
  const seconds = pod.metadata.deletionGracePeriodSeconds ?? pod.spec.terminationGracePeriodSeconds ?? 30;
  return Math.max(seconds, 2) * 1000;
}

/** Starts an operation: draws its hop, does what must happen at once, arms its completion. */
function startOp(w: World, self: KubeletState, wk: PodWorker, op: PodOp, latency: number): void {
  const rt = runtimeOf(w, self.host);
  let ms = latency;
  switch (op.kind) {
    case 'mount':
      break;
    case 'sandbox':
      criHop(w, self, wk, sandboxCall(wk, 'RunPodSandbox'));
      ms = criLatency(w, 'RunPodSandbox');
      break;
    case 'pull':
      criHop(w, self, wk, { service: 'ImageService', call: 'PullImage', pod: { namespace: wk.namespace, name: wk.name }, image: op.image });
      break;
    case 'create':
      criHop(w, self, wk, containerCall(wk, 'CreateContainer', op.container));
      ms = criLatency(w, 'CreateContainer');
      break;
    case 'start':
      criHop(w, self, wk, containerCall(wk, 'StartContainer', op.container));
      ms = criLatency(w, 'StartContainer');
      break;
    case 'stop': {
      ms = 0;
      for (const id of op.containerIds) {
        const c = rt?.containers.get(id);
        criHop(w, self, wk, containerCall(wk, 'StopContainer', c?.config.name ?? id.slice(0, 13)));
        if (!rt || !c) continue;
        const hook = preStop(w, self, rt, wk.pod, c, graceMs(wk.pod));
        ms = Math.max(ms, stopContainer(w, rt, id, hook.graceMs, hook.signalInMs));
      }
      // Completes just after the runtime recorded the exit.
      ms += 1;
      break;
    }
    case 'stop-sandbox':
      criHop(w, self, wk, sandboxCall(wk, 'StopPodSandbox'));
      ms = criLatency(w, 'StopPodSandbox');
      break;
    case 'resize':
    case 'post-start':
      break;
    default: {
      const never: never = op;
      throw new Error(`unknown op ${JSON.stringify(never)}`);
    }
  }
  wk.opSeq++;
  wk.op = { ...op, seq: wk.opSeq };
  setTimer(w, self, ms, 'op', `${wk.uid}|${wk.opSeq}`);
}

function containerConfig(w: World, self: KubeletState, wk: PodWorker, name: string, env: Record<string, string>): ContainerConfig | undefined {
  const spec = specContainer(wk.pod, name);
  if (!spec) return undefined;
  const c = spec.c;
  const rt = runtimeOf(w, self.host);
  const prev = rt ? latestContainer(rt, wk.uid, name) : undefined;
  const ports: Record<string, number> = {};
  for (const p of c.ports ?? []) ports[p.name ?? String(p.containerPort)] = p.containerPort;
  const mem = c.resources?.limits?.['memory'];
  const cpu = c.resources?.limits?.['cpu'];
  const cfg: ContainerConfig = { name, image: c.image ?? '', env, ports, attempt: prev ? prev.config.attempt + 1 : 0, fieldPath: spec.fieldPath };
  if (c.command) cfg.command = c.command;
  if (c.args) cfg.args = c.args;
  if (mem !== undefined) cfg.memoryLimitBytes = Math.round(milli(mem) / 1000);
  if (cpu !== undefined) cfg.cpuLimitMillicores = milli(cpu);
  const cpuRequest = c.resources?.requests?.['cpu'];
  if (cpuRequest !== undefined) cfg.cpuRequestMillicores = milli(cpuRequest);
  if (c.terminationMessagePath) cfg.terminationMessagePath = c.terminationMessagePath;
  if (c.terminationMessagePolicy) cfg.terminationMessagePolicy = c.terminationMessagePolicy;
  if (c.stdin) cfg.stdin = true;
  if (c.tty) cfg.tty = true;
  const podSc = wk.pod.spec.securityContext as Record<string, unknown> | undefined;
  const runAs = idOf(c.securityContext) ?? idOf(podSc);
  if (runAs !== undefined) cfg.runAsUser = runAs;
  const runAsGroup = idOf(c.securityContext, 'runAsGroup') ?? idOf(podSc, 'runAsGroup');
  if (runAsGroup !== undefined) cfg.runAsGroup = runAsGroup;
  const groups = supplementalGroupsOf(podSc);
  if (groups.length) cfg.supplementalGroups = groups;
  const security = securityOf(c.securityContext as Record<string, unknown> | undefined, podSc);
  if (security) cfg.security = security;
  const target = (c as EphemeralContainer).targetContainerName;
  if (target) cfg.targetContainer = target;
  if (wk.pod.spec.hostPID) cfg.pidMode = 'NODE';
  else if (wk.pod.spec.shareProcessNamespace) cfg.pidMode = 'POD';
  const userns = podUserNamespace(wk.pod);
  if (userns) cfg.userns = userns;
  const mounts = containerMounts(w, wk, wk.pod, c);
  if (mounts) cfg.mounts = mounts;
  return cfg;
}

function createFailed(w: World, self: KubeletState, wk: PodWorker, name: string, reason: string, message: string, fieldPath: string): void {
  podEvent(w, self, wk.pod, 'Warning', 'Failed', `Error: ${message}`, fieldPath);
  containerBook(wk, name).waiting = { reason, message };
  wk.pass!.handled.push(name);
  retryAt(wk.pass!, w.now + workerBackoff(w));
}

/** Returns true when it began the next operation itself (a postStart hook that is still running). */
function completeOp(w: World, self: KubeletState, wk: PodWorker, op: PodOp): boolean {
  const rt = runtimeOf(w, self.host);
  const pass = wk.pass!;
  switch (op.kind) {
    case 'mount':
      finishMount(w, self, wk, wk.pod, op.volume);
      break;
    case 'sandbox': {
      // generatePodSandboxConfig resolves the class before RunPodSandbox is called.
      const handler = lookupRuntimeHandler(self, wk.pod.spec.runtimeClassName);
      // GeneratePodHostNameAndDomain: a subdomain gives the Pod the domain <subdomain>.<ns>.svc.<cluster domain>.
      const subdomain = (wk.pod.spec as { subdomain?: string }).subdomain;
      const req = {
        podUid: wk.uid,
        podName: wk.name,
        podNamespace: wk.namespace,
        hostNetwork: wk.pod.spec.hostNetwork ?? false,
        runtimeHandler: handler.ok ? handler.handler : '',
        ...(subdomain ? { hostDomain: `${subdomain}.${wk.namespace}.svc.cluster.local` } : {}),
      };
      const res = !handler.ok ? handler : rt ? runPodSandbox(w, rt, req) : undefined;
      if (!res?.ok) {
        podEvent(w, self, wk.pod, 'Warning', 'FailedCreatePodSandBox', `Failed to create pod sandbox: ${res?.error ?? 'container runtime is down'}`);
        pass.stop = true;
        retryAt(pass, w.now + workerBackoff(w));
      }
      break;
    }
    case 'pull': {
      const spec = specContainer(wk.pod, op.container);
      const r = finishPull(w, self, wk, wk.pod, op.container, op.image, op.requestedAt, op.pullMs, spec?.fieldPath ?? '');
      if (r.ok) pass.imageReady.push(op.container);
      else {
        pass.handled.push(op.container);
        if (r.retryAt !== undefined) retryAt(pass, r.retryAt);
      }
      break;
    }
    case 'create': {
      const spec = specContainer(wk.pod, op.container);
      const sandboxes = rt ? podSandboxes(rt, wk.uid) : [];
      const sb = sandboxes[sandboxes.length - 1];
      if (!spec || !rt || !sb) break;
      // startSpec.getTargetID, before the container's config is generated: an ephemeral
      // container's target must be running to lend it its PID namespace; until then the start
      // fails and the next sync tries again.
      const target = (spec.c as EphemeralContainer).targetContainerName;
      if (target && latestContainer(rt, wk.uid, target)?.state !== 'CONTAINER_RUNNING') {
        createFailed(w, self, wk, op.container, 'CreateContainerConfigError', `unable to find target container ${target}`, spec.fieldPath);
        break;
      }
      const env = containerEnv(w, self, wk.pod, spec.c, sb.ip);
      if (!env.ok) {
        createFailed(w, self, wk, op.container, 'CreateContainerConfigError', env.message, spec.fieldPath);
        break;
      }
      const nonRoot = runAsNonRootError(wk.pod, spec.c);
      if (nonRoot !== undefined) {
        createFailed(w, self, wk, op.container, 'CreateContainerConfigError', nonRoot, spec.fieldPath);
        break;
      }
      const cfg = containerConfig(w, self, wk, op.container, env.env)!;
      const res = createContainer(w, rt, sb.id, wk.uid, cfg);
      if (res.ok) podEvent(w, self, wk.pod, 'Normal', 'Created', `Created container: ${op.container}`, spec.fieldPath);
      else createFailed(w, self, wk, op.container, 'CreateContainerError', res.error, spec.fieldPath);
      break;
    }
    case 'start': {
      const spec = specContainer(wk.pod, op.container);
      if (!spec || !rt) break;
      const res = startContainer(w, rt, op.containerId);
      if (!res.ok) {
        createFailed(w, self, wk, op.container, 'RunContainerError', res.error, spec.fieldPath);
        break;
      }
      podEvent(w, self, wk.pod, 'Normal', 'Started', `Started container ${op.container}`, spec.fieldPath);
      for (const id of pruneDeadInstances(rt, wk.uid, op.container)) logRemoveContainer(w, self, id);
      const book = containerBook(wk, op.container);
      delete book.waiting;
      delete book.killFor;
      pass.handled.push(op.container);
      const hook = runPostStart(w, rt, wk.pod, spec.c, op.containerId);
      if (hook && hook.durationMs > 0) {
        // startContainer blocks in the hook: the worker waits for it, and the status leaves the instance out.
        book.postStartOf = op.containerId;
        plegTouch(w, self, wk.uid);
        markStatusDirty(w, self, wk);
        startOp(w, self, wk, { kind: 'post-start', container: op.container, containerId: op.containerId, ...(hook.failure !== undefined ? { failure: hook.failure } : {}) }, hook.durationMs);
        return true;
      }
      if (hook) finishPostStart(w, self, wk, wk.pod, op.container, op.containerId, hook.failure, spec.fieldPath);
      startProbes(w, self, wk, spec.c, op.containerId);
      break;
    }
    case 'post-start': {
      const spec = specContainer(wk.pod, op.container);
      finishPostStart(w, self, wk, wk.pod, op.container, op.containerId, op.failure, spec?.fieldPath ?? '');
      if (spec) startProbes(w, self, wk, spec.c, op.containerId);
      break;
    }
    case 'stop':
      break;
    case 'stop-sandbox':
      if (rt) stopPodSandbox(w, rt, op.sandboxId);
      break;
    case 'resize':
      actuated(wk, op.container);
      break;
  }
  // What the runtime did for the Pod reaches its status through the next relist.
  if (op.kind !== 'mount' && op.kind !== 'pull' && op.kind !== 'resize') plegTouch(w, self, wk.uid);
  markStatusDirty(w, self, wk);
  return false;
}

export function onOpTimer(w: World, self: KubeletState, arg: string): void {
  const [uid, seq] = arg.split('|');
  const wk = self.workers.get(uid ?? '');
  if (!wk?.op || wk.op.seq !== Number(seq)) return;
  const op = wk.op;
  wk.op = undefined;
  if (!completeOp(w, self, wk, op)) runPass(w, self, wk);
}

/**
 * killPod against a runtime that does not answer: kubelet records FailedKillPod with the
 * aggregated sync results (one per container, then the sandbox) and the pod worker retries
 * after its back-off, instead of spinning on a call that cannot succeed.
 */
function killPodFailed(w: World, self: KubeletState, wk: PodWorker, containers: string[]): void {
  const quote = (s: string): string => JSON.stringify(s);
  const down = runtimeUnavailable(runtimeOf(w, self.host));
  const errs = [
    ...containers.map((name) => `failed to "KillContainer" for ${quote(name)} with KillContainerError: ${quote(down)}`),
    `failed to "KillPodSandbox" for ${quote(wk.uid)} with KillPodSandboxError: ${quote(down)}`,
  ];
  podEvent(w, self, wk.pod, 'Warning', 'FailedKillPod', `error killing pod: ${errs.length === 1 ? errs[0] : `[${errs.join(', ')}]`}`);
  retryAt(wk.pass!, w.now + workerBackoff(w));
}

/**
 * The teardown steps (killPod): stop what runs, then the sandbox (CNI DEL), then unmount.
 * Returns the next operation, or undefined once the Pod is fully torn down.
 */
function terminateStep(w: World, self: KubeletState, wk: PodWorker): { op: PodOp } | 'failed' | undefined {
  const rt = runtimeOf(w, self.host);
  if (rt) {
    const alive = podContainers(rt, wk.uid).filter((c) => c.state === 'CONTAINER_RUNNING');
    const sandboxes = podSandboxes(rt, wk.uid).filter((s) => s.state === 'SANDBOX_READY');
    if (!rt.running && (alive.length || sandboxes.length)) {
      killPodFailed(w, self, wk, alive.map((c) => c.config.name));
      return 'failed';
    }
    if (alive.length) {
      if (!wk.pass!.noted.includes('killing')) {
        wk.pass!.noted.push('killing');
        for (const c of alive) {
          podEvent(w, self, wk.pod, 'Normal', 'Killing', `Stopping container ${c.config.name}`, c.config.fieldPath);
          logKilling(w, self, wk.pod, c.config.name, containerUri(rt, c.id), graceMs(wk.pod) / 1000);
        }
      }
      return { op: { kind: 'stop', containerIds: alive.map((c) => c.id) } };
    }
    const sb = sandboxes[0];
    if (sb) return { op: { kind: 'stop-sandbox', sandboxId: sb.id } };
  }
  unmountAll(w, self, wk);
  wk.lifecycle = 'terminated';
  return undefined;
}

function runPass(w: World, self: KubeletState, wk: PodWorker): void {
  if (wk.lifecycle === 'terminated') {
    if (wk.deleted) cleanupWorker(w, self, wk);
    // Deleted after it had already finished (a Job's Pod the controller deletes as it exits): the
    // status manager's sync sends the final delete now (canBeDeleted), not at the grace deadline.
    else if (wk.pod.metadata.deletionTimestamp && !wk.deleteSent) markStatusDirty(w, self, wk);
    return;
  }
  // A new sync waits for a pod cache newer than the last one's end; the relist wakes it.
  if (!wk.pass) {
    if (!cacheNewerThanLastSync(w, self, wk)) return;
    wk.pass = { handled: [], imageReady: [], retryAt: undefined, noted: [], stop: false };
    // SyncPod and SyncTerminatingPod begin by setting the status generated from the cache.
    markStatusDirty(w, self, wk);
  }
  const d = decide(w, self, wk);
  if (d.kind === 'op') {
    startOp(w, self, wk, d.op, d.latency);
    return;
  }
  if (d.kind === 'terminate') {
    wk.lifecycle = 'terminating';
    const t = terminateStep(w, self, wk);
    if (t && t !== 'failed') {
      startOp(w, self, wk, t.op, 0);
      return;
    }
  }
  endPass(w, self, wk);
}

function endPass(w: World, self: KubeletState, wk: PodWorker): void {
  const pass = wk.pass;
  wk.pass = undefined;
  markSynced(w, self, wk);
  markStatusDirty(w, self, wk);
  if (wk.lifecycle === 'terminated') {
    if (wk.deleted) cleanupWorker(w, self, wk);
    return;
  }
  if (wk.dirty) {
    wk.dirty = false;
    armResync(w, self, wk, w.now);
    return;
  }
  armResync(w, self, wk, pass?.retryAt ?? w.now + w.timings.syncFrequency + jitter(w, w.timings.syncFrequency / 2, 1) / 2);
}

/** Wakes the worker at `at` unless an earlier wake-up is already armed. */
export function armResync(w: World, self: KubeletState, wk: PodWorker, at: number): void {
  if (wk.resyncAt !== undefined && wk.resyncAt <= at && wk.resyncAt >= w.now) return;
  wk.resyncAt = at;
  setTimer(w, self, Math.max(0, at - w.now), 'resync', wk.uid);
}

export function onResyncTimer(w: World, self: KubeletState, uid: string): void {
  const wk = self.workers.get(uid);
  if (!wk || wk.resyncAt === undefined || wk.resyncAt > w.now) return;
  wk.resyncAt = undefined;
  refreshPayloads(w, self, wk);
  requestSync(w, self, uid);
}

/** The Pod is gone and torn down: the runtime forgets its sandboxes and containers. */
export function cleanupWorker(w: World, self: KubeletState, wk: PodWorker): void {
  const rt = runtimeOf(w, self.host);
  // A static Pod removed from the file source is not deleted content: container GC removes it.
  if (rt && wk.mirror) leaveToGC(w, self, wk.uid);
  else if (rt) {
    for (const sb of podSandboxes(rt, wk.uid)) {
      stopPodSandbox(w, rt, sb.id);
      criHop(w, self, wk, sandboxCall(wk, 'RemovePodSandbox'));
      removePodSandbox(rt, sb.id);
    }
    for (const c of podContainers(rt, wk.uid)) {
      rt.containers.delete(c.id);
      logRemoveContainer(w, self, c.id);
    }
    plegTouch(w, self, wk.uid);
  }
  for (const key of [...self.crashBackoff.keys()]) if (key.startsWith(`${wk.uid}_`)) self.crashBackoff.delete(key);
  for (const key of [...self.imageBackoff.keys()]) if (key.startsWith(`${wk.uid}_`)) self.imageBackoff.delete(key);
  self.workers.delete(wk.uid);
}
