/**
 * The CRI RuntimeService and ImageService of the node's containerd, as plain functions over the
 * runtime's state. The kubelet calls them directly (the one real non-apiserver edge, a gRPC
 * socket) and draws the `cri` hop itself; here the runtime does the work: creating sandboxes
 * (with the CNI ADD hop), storing pulled images, starting processes and arming their exits.
 */
import { agentId } from '../core/ids';
import { nextUint32 } from '../core/rng';
import { jitter, setTimer } from '../runtime';
import type { ImageInfo } from '../images/types';
import type { World } from '../world';
import { execInContainer, readFollowed, plannedStop, processTable, processExit, resolveImage, rootFs, settleProcess, signalProcess, startProcess } from './app';
import type { ExecChunk, ExecResult, NetworkView } from '../images/types';
import type { FollowRef } from '../images/follow';
import { cniAdd, cniDel, cniOf, cniPluginMissing } from './cni';
import { cniPluginOf, cniPluginType } from './cni-plugin';
import { randomHex } from './hex';
import { imageRecord, normalizeRef } from './image-store';
import type { ContainerConfig, ContainerRecord, ImageRecord, RuntimeState, SandboxRecord } from './runtime-state';
import { armExit, exitContainer } from './exits';
import { clusterDnsFrom, dnsEndpointsChanged } from './cluster-dns';
import { factsOf, runtimeUnavailable, unknownHandler } from './runtime-impl';
import { ociCall } from './oci';
import { startNetns } from './netns';
import { nodeFileSnapshot } from '../node-shell/files';
import { hostProcesses } from '../node-shell/processes';
import { baseFacts } from './machine-facts';
import { pauseProc, type Proc } from '../images/proc-model';
import type { ExecSession } from '../images/proc-container';
import type { WorldPace } from '../images/machine';

export function runtimeOf(w: World, host: string): RuntimeState | undefined {
  const c = w.components.get(agentId('container-runtime', host));
  return c?.kind === 'container-runtime' ? c : undefined;
}

/** containerd's answer when its socket is gone (runtimeUnavailable names each runtime's socket). */
export const RUNTIME_UNAVAILABLE = runtimeUnavailable(undefined);

export interface RuntimeStatus {
  runtimeReady: boolean;
  networkReady: boolean;
}

export function runtimeStatus(w: World, rt: RuntimeState | undefined): RuntimeStatus {
  if (!rt?.running) return { runtimeReady: false, networkReady: false };
  return { runtimeReady: true, networkReady: cniOf(w, rt.host)?.subnet !== undefined };
}

/** Simulated time each CRI call takes (containerd's own work, not the app's). */
export function criLatency(w: World, op: 'RunPodSandbox' | 'CreateContainer' | 'StartContainer' | 'StopPodSandbox' | 'RemoveContainer' | 'ImageStatus'): number {
  switch (op) {
    case 'RunPodSandbox':
      return jitter(w, 900, 0.3);
    case 'CreateContainer':
      return jitter(w, 40, 0.5);
    case 'StartContainer':
      return jitter(w, 60, 0.5);
    case 'StopPodSandbox':
      return jitter(w, 120, 0.5);
    case 'RemoveContainer':
    case 'ImageStatus':
      return jitter(w, 10, 0.5);
  }
}

/** Resolving the manifest, then downloading the layers at the registry's throughput. */
export function pullDuration(w: World, info: ImageInfo): number {
  const resolve = jitter(w, 450, 0.5);
  if (!info.exists) return resolve;
  return resolve + Math.round((info.sizeBytes / w.timings.registryBytesPerSecond) * 1000);
}

export interface SandboxRequest {
  podUid: string;
  podName: string;
  podNamespace: string;
  hostNetwork: boolean;
  /**
   * The Pod's DNS domain when it has a subdomain (GeneratePodHostNameAndDomain:
   * `<subdomain>.<namespace>.svc.cluster.local`): its /etc/hosts line names the FQDN first.
   */
  hostDomain?: string;
  /** RunPodSandboxRequest.runtime_handler: '' for the runtime's default. */
  runtimeHandler?: string;
}

export type SandboxResult = { ok: true; sandbox: SandboxRecord } | { ok: false; error: string };

export function runPodSandbox(w: World, rt: RuntimeState, req: SandboxRequest): SandboxResult {
  if (!rt.running) return { ok: false, error: runtimeUnavailable(rt) };
  let attempt = 0;
  for (const s of rt.sandboxes.values()) if (s.podUid === req.podUid) attempt = Math.max(attempt, s.attempt + 1);
  const handler = req.runtimeHandler ?? '';
  // CRI-O checks the handler before anything else; containerd after generating the sandbox id.
  if (handler && rt.impl === 'cri-o' && !factsOf(rt).handlers.includes(handler)) return { ok: false, error: unknownHandler(rt, handler, '') };
  const id = randomHex(w.rng, 64);
  if (handler && !factsOf(rt).handlers.includes(handler)) return { ok: false, error: unknownHandler(rt, handler, id) };
  let ip = '';
  if (!req.hostNetwork) {
    const cni = cniOf(w, rt.host);
    const type = cniPluginType(cniPluginOf(w));
    const res = cni ? cniAdd(w, cni, rt.id, { namespace: req.podNamespace, name: req.podName }, id) : { ok: false as const, error: cniPluginMissing(type) };
    if (!res.ok) {
      return { ok: false, error: `rpc error: code = Unknown desc = failed to setup network for sandbox "${id}": plugin type="${type}" failed (add): ${res.error}` };
    }
    ip = res.ip;
  }
  const sandbox: SandboxRecord = { id, podUid: req.podUid, podName: req.podName, podNamespace: req.podNamespace, attempt, state: 'SANDBOX_READY', ip, hostNetwork: req.hostNetwork, createdAt: w.now, runtimeHandler: handler, ...(req.hostDomain ? { hostDomain: req.hostDomain } : {}) };
  rt.sandboxes.set(id, sandbox);
  // The pause container holding the namespaces: created and started by the OCI runtime.
  ociCall(w, rt, 'create', id, sandbox);
  ociCall(w, rt, 'start', id, sandbox);
  // A stale kube-dns rule may point at the address this sandbox was given: its kernel answers now.
  dnsEndpointsChanged(w, ip === '' ? [] : [ip]);
  return { ok: true, sandbox };
}

/** Kills whatever still runs in the sandbox and tears its network down. */
export function stopPodSandbox(w: World, rt: RuntimeState, sandboxId: string): void {
  const sb = rt.sandboxes.get(sandboxId);
  if (!sb) return;
  for (const c of rt.containers.values()) {
    if (c.sandboxId !== sandboxId || c.state !== 'CONTAINER_RUNNING') continue;
    exitContainer(c, w.now, 137, 'Error');
  }
  const wasReady = sb.state === 'SANDBOX_READY';
  sb.state = 'SANDBOX_NOTREADY';
  // A sandbox that died with its machine still holds its IP until this DEL releases it.
  const cni = sb.hostNetwork ? undefined : cniOf(w, rt.host);
  if (cni && [...cni.allocations.values()].includes(sandboxId)) cniDel(w, cni, rt.id, { namespace: sb.podNamespace, name: sb.podName }, sandboxId);
  // Nothing holds the address now: a query a stale rule still sends there goes unanswered.
  if (wasReady && !sb.hostNetwork && sb.ip !== '') dnsEndpointsChanged(w, [sb.ip]);
}

export function removePodSandbox(rt: RuntimeState, sandboxId: string): void {
  for (const [id, c] of rt.containers) if (c.sandboxId === sandboxId) rt.containers.delete(id);
  rt.sandboxes.delete(sandboxId);
}

export function imageStatus(rt: RuntimeState, image: string): ImageRecord | undefined {
  return rt.images.get(normalizeRef(image));
}

export type PullResult = { ok: true; image: ImageRecord } | { ok: false; error: string };

export function pullImage(w: World, rt: RuntimeState, image: string): PullResult {
  if (!rt.running) return { ok: false, error: runtimeUnavailable(rt) };
  const info = resolveImage(image);
  if (!info.exists) {
    const ref = normalizeRef(info.ref);
    return {
      ok: false,
      error: info.pullError ?? `rpc error: code = NotFound desc = failed to pull and unpack image "${ref}": failed to resolve reference "${ref}": ${ref}: not found`,
    };
  }
  const rec = imageRecord(info, w.now);
  rt.images.set(normalizeRef(image), rec);
  if (rec.ref !== normalizeRef(image)) rt.images.set(rec.ref, rec);
  return { ok: true, image: rec };
}

export type CreateResult = { ok: true; container: ContainerRecord } | { ok: false; error: string };

export function createContainer(w: World, rt: RuntimeState, sandboxId: string, podUid: string, config: ContainerConfig): CreateResult {
  if (!rt.running) return { ok: false, error: runtimeUnavailable(rt) };
  const img = imageStatus(rt, config.image);
  if (!img) return { ok: false, error: `rpc error: code = NotFound desc = failed to get image "${config.image}": not found` };
  const c: ContainerRecord = {
    id: randomHex(w.rng, 64),
    sandboxId,
    podUid,
    config,
    imageRef: img.ref,
    imageId: img.repoDigest,
    state: 'CONTAINER_CREATED',
    createdAt: w.now,
  };
  rt.containers.set(c.id, c);
  const sb = rt.sandboxes.get(sandboxId);
  if (sb) ociCall(w, rt, 'create', c.id, sb, config.name);
  return { ok: true, container: c };
}

export function startContainer(w: World, rt: RuntimeState, id: string): { ok: true } | { ok: false; error: string } {
  if (!rt.running) return { ok: false, error: runtimeUnavailable(rt) };
  const c = rt.containers.get(id);
  if (!c || c.state !== 'CONTAINER_CREATED') return { ok: false, error: `rpc error: code = NotFound desc = an error occurred when try to find container "${id}": not found` };
  const sb = rt.sandboxes.get(c.sandboxId);
  const podNetwork = sb !== undefined && !sb.hostNetwork;
  const facts = baseFacts(w, rt.host, rt);
  const input = {
    image: resolveImage(c.config.image),
    podIP: sb?.ip || (w.machineSpecs.get(rt.host)?.ip ?? '127.0.0.1'),
    hostname: sb?.hostNetwork ? rt.host : (c.config.env['HOSTNAME'] ?? sb?.podName ?? 'localhost'),
    ...(sb?.hostDomain && !sb.hostNetwork ? { hostDomain: sb.hostDomain } : {}),
    env: c.config.env,
    ports: c.config.ports,
    startedAt: w.now,
    restartCount: c.config.attempt,
    seed: nextUint32(w.rng),
    ...(c.config.command ? { command: c.config.command } : {}),
    ...(c.config.args ? { args: c.config.args } : {}),
    ...(c.config.memoryLimitBytes !== undefined ? { memoryLimitBytes: c.config.memoryLimitBytes } : {}),
    ...(c.config.cpuLimitMillicores !== undefined ? { cpuLimitMillicores: c.config.cpuLimitMillicores } : {}),
    ...(c.config.cpuRequestMillicores !== undefined ? { cpuRequestMillicores: c.config.cpuRequestMillicores } : {}),
    ...(facts ? { machine: facts } : {}),
    ...(c.config.mounts ? { mounts: c.config.mounts } : {}),
    ...(c.config.stdin ? { stdinOpen: true } : {}),
    ...(c.config.tty ? { tty: true } : {}),
    ...(c.config.runAsUser !== undefined ? { runAsUser: c.config.runAsUser } : {}),
    ...(c.config.runAsGroup !== undefined ? { runAsGroup: c.config.runAsGroup } : {}),
    ...(c.config.supplementalGroups ? { supplementalGroups: c.config.supplementalGroups } : {}),
    ...(c.config.security ? { security: c.config.security } : {}),
    ...(Object.values(c.config.mounts ?? {}).some((m) => m.hostPath === '/') ? { hostFiles: nodeFileSnapshot(w, rt.host) } : {}),
    ...(sb ? { namespace: sb.podNamespace } : {}),
    // hostNetwork Pods get the node's resolv.conf (dnsPolicy ClusterFirst falls back to Default).
    ...(podNetwork ? { dns: clusterDnsFrom(w, rt.host) } : {}),
    ...startNetns(w, rt.host, c.config.image, sb),
    ...(c.config.pidMode === 'POD' ? { pidBase: sharedPidBase(w, rt, c) } : {}),
    ...(c.config.userns ? { userns: c.config.userns } : {}),
    clusterNet: true as const,
  };
  if (sb) ociCall(w, rt, 'start', c.id, sb, c.config.name);
  c.process = startProcess(input);
  c.state = 'CONTAINER_RUNNING';
  c.startedAt = w.now;
  // The entrypoint could not be exec'd: StartContainer itself fails and the container is left
  // exited with code 128 (reason StartError), as runc reports it.
  const own = processExit(c.process);
  if (own?.reason === 'StartError' && own.at <= w.now) {
    exitContainer(c, w.now, own.exitCode, 'StartError');
    if (own.message) c.message = own.message;
    return { ok: false, error: own.message ?? 'failed to start container' };
  }
  armExit(w, rt, c);
  return { ok: true };
}

/** SIGTERM now, SIGKILL at the grace deadline. Returns how long until the container has exited. */
export function stopContainer(w: World, rt: RuntimeState, id: string, graceMs: number, signalInMs = 0): number {
  const c = rt.containers.get(id);
  if (!c || c.state !== 'CONTAINER_RUNNING') return 0;
  // `signalInMs`: the kubelet's preStop hook ran first, so SIGTERM comes when it is over.
  if (!c.stopping || c.stopping.exitAt > w.now + signalInMs + graceMs) c.stopping = plannedStop(c.process, w.now + signalInMs, graceMs);
  setTimer(w, rt, c.stopping.exitAt - w.now, 'exit', c.id);
  // A process that ends on its own first (a Job's container finishing as the controller deletes
  // its Pod, PID 1 ignoring SIGTERM) has exited then: StopContainer returns at that moment.
  const own = c.process ? processExit(c.process) : undefined;
  return Math.max(0, Math.min(own?.at ?? Infinity, c.stopping.exitAt) - w.now);
}

export function removeContainer(rt: RuntimeState, id: string): void {
  rt.containers.delete(id);
}

/** Containers of one Pod, oldest first. */
export function podContainers(rt: RuntimeState, podUid: string): ContainerRecord[] {
  const mine: ContainerRecord[] = [];
  for (const c of rt.containers.values()) if (c.podUid === podUid) mine.push(c);
  return mine.length < 2 ? mine : mine.sort((a, b) => a.createdAt - b.createdAt || a.config.attempt - b.config.attempt);
}

export function podSandboxes(rt: RuntimeState, podUid: string): SandboxRecord[] {
  const mine: SandboxRecord[] = [];
  for (const s of rt.sandboxes.values()) if (s.podUid === podUid) mine.push(s);
  return mine.length < 2 ? mine : mine.sort((a, b) => a.attempt - b.attempt);
}

/** The newest instance of a named container of a Pod (the one its status describes). */
export function latestContainer(rt: RuntimeState, podUid: string, name: string): ContainerRecord | undefined {
  let best: ContainerRecord | undefined;
  for (const c of rt.containers.values()) {
    if (c.podUid !== podUid || c.config.name !== name) continue;
    if (!best || c.config.attempt > best.config.attempt || (c.config.attempt === best.config.attempt && c.createdAt >= best.createdAt)) best = c;
  }
  return best;
}

/**
 * Container GC for one container of a Pod: keep the newest instance and the one before it (what
 * `kubectl logs --previous` reads); older exited instances are removed, as are sandboxes that
 * are no longer ready and hold nothing. Returns the ids of the containers removed.
 */
export function pruneDeadInstances(rt: RuntimeState, podUid: string, name: string): string[] {
  const removed: string[] = [];
  const mine = podContainers(rt, podUid).filter((c) => c.config.name === name);
  for (const c of mine.slice(0, Math.max(0, mine.length - 2))) {
    if (c.state !== 'CONTAINER_EXITED') continue;
    rt.containers.delete(c.id);
    removed.push(c.id);
  }
  for (const sb of podSandboxes(rt, podUid)) {
    if (sb.state === 'SANDBOX_READY') continue;
    if (![...rt.containers.values()].some((c) => c.sandboxId === sb.id)) rt.sandboxes.delete(sb.id);
  }
  return removed;
}

/**
 * Runs every other container that shares a volume with `c` up to now, so `c` reads what they wrote
 * (an exec, or a request `c` serves: nginx serving the page its sidecar keeps rewriting). `podOnly`
 * keeps to `c`'s own Pod, for a request that may come from a container elsewhere that shares the
 * volume: that caller's process is the one running and must not be advanced under it.
 */
export function settleSharers(w: World, rt: RuntimeState, c: ContainerRecord, podOnly = false): void {
  const mine = Object.values(c.process?.machine.fs.mounts ?? {}).map((m) => m.layer);
  if (mine.length === 0) return;
  for (const o of rt.containers.values()) {
    if (o === c || o.state !== 'CONTAINER_RUNNING' || !o.process || (podOnly && o.sandboxId !== c.sandboxId)) continue;
    if (Object.values(o.process.machine.fs.mounts ?? {}).some((m) => mine.includes(m.layer))) settleProcess(o.process, w.now);
  }
}

/** ExecSync: run a command in a running container (exec probes, `kubectl exec`). */
/**
 * `streamed`: a client holds the stream (kubectl exec, an attach), not an exec probe
 * (images/process.ts execInContainer); `pace`: the cluster's time the command's steps wait for.
 */
export function execSync(w: World, rt: RuntimeState, id: string, command: string[], net?: NetworkView, stdin?: string, session?: ExecSession, streamed = false, pace?: WorldPace): { ok: true; result: ExecResult } | { ok: false; error: string } {
  if (!rt.running) return { ok: false, error: runtimeUnavailable(rt) };
  const c = rt.containers.get(id);
  if (!c) return { ok: false, error: `rpc error: code = NotFound desc = an error occurred when try to find container "${id}": not found` };
  if (c.state !== 'CONTAINER_RUNNING' || !c.process) return { ok: false, error: `rpc error: code = Unknown desc = failed to exec in container: container is in ${c.state} state` };
  settleSharers(w, rt, c);
  const peers = pidPeers(w, rt, c);
  // hostPID: the container's processes hang under its sandbox's shim, as on the node.
  const shim = c.config.pidMode === 'NODE' ? peers?.find((p) => p.comm === 'containerd-shim' && p.args.includes(` -id ${c.sandboxId} `))?.pid : undefined;
  return { ok: true, result: execInContainer(c.process, w.now, command, net, peers, stdin, shim !== undefined ? { ...session, shim } : session, streamed, pace) };
}

/**
 * What the file an exec's `tail -f` follows gained by now (images/follow.ts), once the container's
 * processes (and those sharing its volumes) have run up to now; undefined once the container is
 * gone or the follow is.
 */
export function readExecFollow(w: World, rt: RuntimeState, id: string, ref: FollowRef, close: boolean): ExecChunk[] | undefined {
  const c = rt.containers.get(id);
  // A container that just stopped is read once more: what was written before its end.
  if (!rt.running || !c?.process) return undefined;
  if (c.state === 'CONTAINER_RUNNING') settleSharers(w, rt, c);
  return readFollowed(c.process, w.now, ref, close);
}

/**
 * An ephemeral container started with a target shares that container's PID namespace: what its
 * `ps` sees of the target (the target's running instance in the same sandbox), if any.
 */
function targetProcesses(w: World, rt: RuntimeState, c: ContainerRecord, name: string): Proc[] | undefined {
  const target = latestContainer(rt, c.podUid, name);
  if (!target?.process || target.state !== 'CONTAINER_RUNNING' || target.sandboxId !== c.sandboxId) return undefined;
  return processTable(target.process, w.now);
}

/**
 * What `ps` in the container sees besides its own processes: the target's (an ephemeral
 * container's), the sandbox's pause process and the other containers' (`shareProcessNamespace`),
 * or the whole node's (`hostPID`, node-shell/processes.ts).
 */
function pidPeers(w: World, rt: RuntimeState, c: ContainerRecord): Proc[] | undefined {
  if (c.config.targetContainer) return targetProcesses(w, rt, c, c.config.targetContainer);
  if (c.config.pidMode === 'NODE') return hostProcesses(w, rt.host, c.id);
  if (c.config.pidMode !== 'POD') return undefined;
  return sharedNamespace(w, rt, c).sort((a, b) => a.pid - b.pid);
}

/**
 * A shared PID namespace's processes but `c`'s own: the sandbox's pause (PID 1), then each other
 * running container's at the PIDs its pidBase puts them (its PID 1 a child of pause).
 */
function sharedNamespace(w: World, rt: RuntimeState, c: ContainerRecord): Proc[] {
  const sb = rt.sandboxes.get(c.sandboxId);
  const procs: Proc[] = [pauseProc(1, 0, sb?.createdAt ?? 0)];
  for (const o of rt.containers.values()) {
    if (o === c || o.sandboxId !== c.sandboxId || o.state !== 'CONTAINER_RUNNING' || !o.process) continue;
    const base = o.process.input.pidBase ?? 0;
    const proc = o.process;
    for (const p of processTable(proc, w.now)) {
      procs.push({ ...p, pid: p.pid + base, ppid: p.ppid === 0 ? 0 : p.ppid + base, root: () => rootFs(proc), signal: (sig, sender) => signalProcess(proc, w.now, p.pid, sig, sender) });
    }
  }
  return procs;
}

/**
 * Where a container starting into the Pod's shared PID namespace puts its processes: past every
 * PID the namespace holds now (the kernel hands out the next free ones; runc's init and the
 * entrypoint take a few first). Fixed for the container's life, so every container of the Pod,
 * and the container itself (nginx's `7#7`), see the same PIDs. Approximate: a container's later
 * processes continue its own range rather than interleaving with the others'.
 */
function sharedPidBase(w: World, rt: RuntimeState, c: ContainerRecord): number {
  return Math.max(...sharedNamespace(w, rt, c).map((p) => p.pid)) + 5;
}
