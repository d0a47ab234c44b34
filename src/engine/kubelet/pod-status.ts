/**
 * generateAPIPodStatus: the status the kubelet computes for a Pod from the runtime's status of its
 * sandbox and containers (the pod cache's, pleg.ts) plus the kubelet's own memory (why a start failed, probe results).
 * Container states, phase (getPhase), the conditions in the real order and their reasons all
 * follow pkg/kubelet/kubelet_pods.go and pkg/kubelet/status/generate.go.
 */
import type { Container, ContainerState, ContainerStatus, Pod, PodCondition, PodStatus } from '../../k8s/types';
import type { SimMillis } from '../core/ids';
import { rfc3339 } from '../../k8s/time';
import type { RuntimeState } from '../node/runtime-state';
import { containerUri } from '../node/runtime-impl';
import type { CachedContainer, CachedSandbox, RuntimePodStatus } from './pleg-clock';
import { podQOS } from '../../k8s/qos';
import type { PodWorker, ProbeKind } from './state';
import { containerResources, resizeInProgress } from './resize';
import { podStatusMessage } from './termination-message';

/** Conditions the kubelet owns; others (DisruptionTarget, readiness gates) are kept as found. */
const KUBELET_CONDITIONS = ['PodResizePending', 'PodResizeInProgress', 'PodReadyToStartContainers', 'Initialized', 'Ready', 'ContainersReady', 'PodScheduled'];

export function isSidecar(c: Container): boolean {
  return c.restartPolicy === 'Always';
}

/** ShouldContainerBeRestarted for an instance that ended (or never started). */
export function shouldRestart(pod: Pod, c: Container, latest: Pick<CachedContainer, 'state' | 'exitCode'> | undefined, init: boolean): boolean {
  if (!latest || latest.state !== 'CONTAINER_EXITED') return latest === undefined;
  if (init && isSidecar(c)) return true;
  const policy = pod.spec.restartPolicy ?? 'Always';
  if (init && latest.exitCode === 0) return false;
  if (policy === 'Never') return false;
  if (policy === 'OnFailure') return latest.exitCode !== 0;
  return true;
}

function terminated(rt: RuntimeState | undefined, pod: Pod, c: CachedContainer): ContainerState {
  const t: NonNullable<ContainerState['terminated']> = { exitCode: c.exitCode ?? 0, reason: c.reason ?? (c.exitCode === 0 ? 'Completed' : 'Error') };
  if (c.startedAt !== undefined) t.startedAt = rfc3339(c.startedAt as SimMillis);
  if (c.finishedAt !== undefined) t.finishedAt = rfc3339(c.finishedAt as SimMillis);
  if (c.message) t.message = podStatusMessage(pod, c.message);
  t.containerID = containerUri(rt, c.id);
  return { terminated: t };
}

function probeResult(wk: PodWorker, name: string, containerId: string, kind: ProbeKind): 'success' | 'failure' | 'unknown' | 'none' {
  const b = wk.containers.get(name)?.probes.find((p) => p.kind === kind && p.containerId === containerId);
  return b ? b.result : 'none';
}

interface Views {
  pod: Pod;
  wk: PodWorker;
  mine: CachedContainer[];
  rt: RuntimeState | undefined;
}

function containerStatus(v: Views, c: Container, init: boolean, defaultWaiting: string): ContainerStatus {
  // A created-but-not-started instance is mid-SyncPod, as is one whose postStart hook still runs:
  // the kubelet reports it once startContainer has returned.
  const hooked = v.wk.containers.get(c.name)?.postStartOf;
  const instances = v.mine.filter((r) => r.name === c.name && r.state !== 'CONTAINER_CREATED' && r.id !== hooked);
  const latest = instances[instances.length - 1];
  const prev = instances[instances.length - 2];
  const s: ContainerStatus = {
    name: c.name,
    state: { waiting: { reason: defaultWaiting } },
    lastState: {},
    ready: false,
    restartCount: latest?.attempt ?? 0,
    image: latest?.imageRef ?? c.image ?? '',
    imageID: latest?.imageId ?? '',
    started: false,
  };
  if (latest) {
    s.containerID = containerUri(v.rt, latest.id);
    if (latest.state === 'CONTAINER_RUNNING') {
      const startup = probeResult(v.wk, c.name, latest.id, 'startup');
      const readiness = probeResult(v.wk, c.name, latest.id, 'readiness');
      s.state = { running: { startedAt: rfc3339((latest.startedAt ?? 0) as SimMillis) } };
      s.started = startup === 'none' || startup === 'success';
      s.ready = s.started && (readiness === 'none' || readiness === 'success');
    } else {
      s.state = terminated(v.rt, v.pod, latest);
    }
    if (prev && prev.state === 'CONTAINER_EXITED') s.lastState = terminated(v.rt, v.pod, prev);
  }
  const why = v.wk.containers.get(c.name)?.waiting;
  if (why && latest?.state !== 'CONTAINER_RUNNING' && shouldRestart(v.pod, c, latest, init)) {
    if (s.state.terminated) s.lastState = s.state;
    s.state = { waiting: why.message ? { reason: why.reason, message: why.message } : { reason: why.reason } };
  }
  if (!latest) delete s.containerID;
  // prober_manager.go UpdatePodStatus: a plain init container is ready once it has done its job
  // (exited 0), never while it runs.
  if (init && !isSidecar(c)) s.ready = s.state.terminated?.exitCode === 0;
  // kubelet convertToAPIContainerStatuses copies the runtime's ContainerStatus.user (containerd 2.x reports it).
  if (latest?.user) s.user = { linux: { gid: latest.user.gid, supplementalGroups: [...latest.user.groups], uid: latest.user.uid } };
  return s;
}

/** getPhase (kubelet_pods.go), for regular and sidecar init containers. */
export function podPhase(pod: Pod, init: ContainerStatus[], main: ContainerStatus[], terminal: boolean): NonNullable<PodStatus['phase']> {
  let pendingInit = 0;
  let failedInit = 0;
  (pod.spec.initContainers ?? []).forEach((c, i) => {
    const s = init[i];
    if (isSidecar(c)) {
      if (!s?.started) pendingInit++;
      return;
    }
    if (!s || s.state.running) pendingInit++;
    else if (s.state.terminated) {
      if (s.state.terminated.exitCode !== 0) failedInit++;
    } else if (s.state.waiting) {
      if (s.lastState.terminated) {
        if (s.lastState.terminated.exitCode !== 0) failedInit++;
      } else pendingInit++;
    } else pendingInit++;
  });
  let unknown = 0;
  let running = 0;
  let waiting = 0;
  let stopped = 0;
  let succeeded = 0;
  pod.spec.containers.forEach((_, i) => {
    const s = main[i];
    if (!s) unknown++;
    else if (s.state.running) running++;
    else if (s.state.terminated) {
      stopped++;
      if (s.state.terminated.exitCode === 0) succeeded++;
    } else if (s.state.waiting) {
      if (s.lastState.terminated) stopped++;
      else waiting++;
    } else unknown++;
  });
  const policy = pod.spec.restartPolicy ?? 'Always';
  if (failedInit > 0 && policy === 'Never') return 'Failed';
  if (pendingInit > 0 || waiting > 0) return terminal ? 'Failed' : 'Pending';
  if (running > 0 && unknown === 0) return 'Running';
  if (running === 0 && stopped > 0 && unknown === 0) {
    if (terminal) return stopped === succeeded ? 'Succeeded' : 'Failed';
    if (policy === 'Always') return 'Running';
    if (stopped === succeeded) return 'Succeeded';
    if (policy === 'Never') return 'Failed';
    return 'Running';
  }
  return terminal ? 'Failed' : 'Pending';
}

function condition(type: string, ok: boolean, reason?: string, message?: string): PodCondition {
  const c: PodCondition = { type, status: ok ? 'True' : 'False', lastProbeTime: null };
  if (reason) c.reason = reason;
  if (message) c.message = message;
  return c;
}

function generatedConditions(pod: Pod, sandbox: CachedSandbox | undefined, init: ContainerStatus[], main: ContainerStatus[], phase: string): PodCondition[] {
  const out: PodCondition[] = [];
  out.push(condition('PodReadyToStartContainers', sandbox?.state === 'SANDBOX_READY' && (sandbox.hostNetwork || sandbox.ip !== '')));
  const incomplete = (pod.spec.initContainers ?? [])
    .filter((c, i) => {
      const s = init[i];
      if (!s) return false;
      if (isSidecar(c)) return !s.started;
      return !(s.state.terminated?.exitCode === 0);
    })
    .map((c) => c.name);
  const unknown = (pod.spec.initContainers ?? []).filter((_, i) => !init[i]).map((c) => c.name);
  // GeneratePodInitializedCondition: a Succeeded Pod whose init containers all have a status is
  // initialized (a sidecar stopped with it, even killed, changes nothing), and so is one any of
  // whose regular containers has started (HasAnyRegularContainerStarted: a sidecar restarting).
  const started = main.some((s) => s !== undefined && (s.state.running !== undefined || s.state.terminated !== undefined));
  if (phase === 'Succeeded' && unknown.length === 0) out.push(condition('Initialized', true, 'PodCompleted'));
  else if (started || (incomplete.length === 0 && unknown.length === 0)) out.push(condition('Initialized', true));
  else {
    const parts = [
      ...(unknown.length ? [`containers with unknown status: [${unknown.join(' ')}]`] : []),
      ...(incomplete.length ? [`containers with incomplete status: [${incomplete.join(' ')}]`] : []),
    ];
    out.push(condition('Initialized', false, 'ContainersNotInitialized', parts.join(', ')));
  }
  const unready = [
    ...(pod.spec.initContainers ?? []).filter((c, i) => isSidecar(c) && !init[i]?.ready),
    ...pod.spec.containers.filter((_, i) => !main[i]?.ready),
  ].map((c) => c.name);
  let containersReady: PodCondition;
  if (phase === 'Succeeded') containersReady = condition('ContainersReady', false, 'PodCompleted');
  else if (phase === 'Failed') containersReady = condition('ContainersReady', false, 'PodFailed');
  else if (unready.length) containersReady = condition('ContainersReady', false, 'ContainersNotReady', `containers with unready status: [${unready.join(' ')}]`);
  else containersReady = condition('ContainersReady', true);
  // Every condition comes from condition(), so the fields added to them below meet few shapes.
  let ready = condition('Ready', containersReady.status === 'True', containersReady.reason, containersReady.message);
  if (containersReady.status === 'True') {
    const missing = (pod.spec.readinessGates ?? []).filter((g) => pod.status?.conditions?.find((c) => c.type === g.conditionType)?.status !== 'True');
    if (missing.length) {
      const gate = missing[0]!.conditionType;
      const exists = pod.status?.conditions?.some((c) => c.type === gate);
      ready = condition('Ready', false, 'ReadinessGatesNotReady', exists ? `the status of pod readiness gate "${gate}" is not "True", but False` : `corresponding condition of pod readiness gate "${gate}" does not exist.`);
    }
  }
  out.push(ready, containersReady, condition('PodScheduled', true));
  return out;
}

/** A resized Pod's containers report what was allocated to them and what they run with. */
function withResources(wk: PodWorker, c: Container, s: ContainerStatus): ContainerStatus {
  if (c.restartPolicy !== undefined && c.restartPolicy !== 'Always') return s;
  const r = containerResources(wk, c, s.state.running !== undefined);
  return r ? { ...s, ...r } : s;
}

/** The kubelet's resize conditions, ahead of the ones it generates (generateAPIPodStatus). */
function resizeConditions(wk: PodWorker, pod: Pod, statuses: ContainerStatus[]): PodCondition[] {
  const out: PodCondition[] = [];
  if (wk.resizePending) out.push(condition('PodResizePending', true, wk.resizePending.reason, wk.resizePending.message));
  if (resizeInProgress(wk, statuses.filter((s) => s.state.running).map((s) => s.name))) out.push(condition('PodResizeInProgress', true));
  return out;
}

export interface StatusInput {
  pod: Pod;
  wk: PodWorker;
  /** Only for how container IDs are written (`containerd://`, `cri-o://`). */
  rt: RuntimeState | undefined;
  /** The Pod's runtime status the kubelet goes by. */
  runtime: RuntimePodStatus;
  hostIP: string;
  now: number;
  /** The worker is terminating/terminated: containers will not be restarted. */
  terminal: boolean;
}

export function generatePodStatus(input: StatusInput): PodStatus {
  const { pod, wk, rt } = input;
  const old = pod.status ?? {};
  const now = rfc3339(input.now as SimMillis);
  if (wk.rejected) {
    return { ...old, phase: 'Failed', reason: wk.rejected.reason, message: `Pod was rejected: ${wk.rejected.message}`, startTime: wk.startTime ?? old.startTime ?? now };
  }
  const mine = input.runtime.containers;
  const sandboxes = input.runtime.sandboxes;
  const sandbox = sandboxes[sandboxes.length - 1];
  const views: Views = { pod, wk, mine, rt };
  const hasInit = (pod.spec.initContainers ?? []).length > 0;
  const waitingDefault = hasInit ? 'PodInitializing' : 'ContainerCreating';
  const init = (pod.spec.initContainers ?? []).map((c) => withResources(wk, c, containerStatus(views, c, true, 'PodInitializing')));
  const main = pod.spec.containers.map((c) => withResources(wk, c, containerStatus(views, c, false, waitingDefault)));
  let phase = podPhase(pod, init, main, input.terminal);
  if (old.phase === 'Succeeded' || old.phase === 'Failed') phase = old.phase;

  const conditions: PodCondition[] = (old.conditions ?? []).filter((c) => !KUBELET_CONDITIONS.includes(c.type));
  const resizing = resizeConditions(wk, pod, [...init, ...main]);
  for (const c of [...resizing, ...generatedConditions(pod, sandbox, init, main, phase)]) {
    const prev = old.conditions?.find((o) => o.type === c.type);
    if (c.type === 'PodScheduled' && prev?.status === 'True') {
      conditions.push(prev);
      continue;
    }
    c.lastTransitionTime = prev && prev.status === c.status ? (prev.lastTransitionTime ?? now) : now;
    if (pod.metadata.generation !== undefined) c.observedGeneration = pod.metadata.generation;
    conditions.push(c);
  }
  const ip = sandbox?.state === 'SANDBOX_READY' ? (sandbox.hostNetwork ? input.hostIP : sandbox.ip) : '';
  const status: PodStatus = {
    phase,
    conditions,
    hostIP: input.hostIP,
    hostIPs: [{ ip: input.hostIP }],
    startTime: wk.startTime ?? old.startTime ?? now,
  };
  if (pod.metadata.generation !== undefined) status.observedGeneration = pod.metadata.generation;
  if (ip) {
    status.podIP = ip;
    status.podIPs = [{ ip }];
  } else if (old.podIP) {
    // A finished Pod keeps the address it had; `kubectl get pods -o wide` still shows it.
    status.podIP = old.podIP;
    status.podIPs = old.podIPs ?? [{ ip: old.podIP }];
  }
  // Fields other components own in the status are carried over untouched.
  if (old.nominatedNodeName) status.nominatedNodeName = old.nominatedNodeName;
  if (init.length) status.initContainerStatuses = init;
  // convertToAPIContainerStatuses sorts the regular containers' statuses by name
  // (kubetypes.SortedContainerStatuses); init containers keep the spec's order.
  status.containerStatuses = [...main].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  status.qosClass = podQOS(pod);
  // convertToAPIContainerStatuses for ephemeral containers: the same states, but the prober
  // manager never sets their `started` or `ready` (they have no probes and serve nothing).
  const ephemeral = (pod.spec.ephemeralContainers ?? []).map((c) => {
    const { started: _started, ...s } = containerStatus(views, c, true, waitingDefault);
    return { ...s, ready: false };
  });
  if (ephemeral.length) status.ephemeralContainerStatuses = ephemeral;
  if (phase === old.phase) {
    if (old.reason) status.reason = old.reason;
    if (old.message) status.message = old.message;
  }
  return status;
}
