/**
 * The kubelet's `exec` endpoint (pkg/kubelet/server/server.go getExec → GetExec): it finds the
 * running container (findContainer looks only at what the runtime runs, so a waiting or exited
 * container is `container not found`), asks the runtime for an exec over CRI, and the command runs
 * in the container's process model from this simulated time. kube-apiserver reaches it through its
 * proxy (apiserver/kubelet-proxy.ts), having already resolved the Pod, its node and the container.
 *
 * The learner's stream (ExecRequest.pace) holds the cluster's time: the command's steps wait for
 * the World (streamPace), so a `wget` in a loop meets the Service's endpoints as they are at each
 * try, and the answer comes as far into the command as the World went. A container that stops
 * meanwhile kills the command with it: the exec ends there with SIGKILL's status, 137 (the kernel
 * kills what is left in the PID namespace when its init exits; kubectl prints
 * `command terminated with exit code 137`). Approximate: a control-plane process's exec
 * (static-pod-exec.ts) still runs at one moment.
 */
import type { Pod } from '../../k8s/types';
import { trace } from '../runtime';
import type { World } from '../world';
import type { KubeletState } from '../kubelet/state';
import type { ExecRequest, KubeletResponse, StreamRun } from '../kubelet/server-api';
import type { ExecChunk, ExecResult } from '../images/types';
import type { FollowRef } from '../images/follow';
import { execSync, readExecFollow, runtimeOf, settleSharers } from './cri';
import type { ClusterPace } from '../core/pace';
import type { WorldPace } from '../images/machine';
import type { ContainerRecord, RuntimeState } from './runtime-state';
import { feedReplicas, podNetworkView } from './traffic';
import { liveMachine } from './resource-metrics';
import { hostViewFor } from '../node-shell/host-view';
import { podNetnsView } from './netns';
import { podLoopback } from './pod-loopback';
import { execInContainer, processExit, settleProcess } from './app';
import { armExit } from './exits';
import { isComponentMirror } from '../kubelet/static-pods';
import { staticPodProcess } from '../kubelet/static-pod-exec';

const SHELLS = new Set(['sh', 'bash', 'ash', '/bin/sh', '/bin/bash', '/bin/ash', '/usr/bin/bash']);

/**
 * What the process runs, and what it reads. A shell given piped input reads it as its script
 * (`kubectl exec -i pod -- sh < script`); any other command reads it whole as its stdin (`tar
 * -xmf -` under `kubectl cp`), the stream having been closed before it ran.
 */
function argvOf(req: ExecRequest): { argv: string[]; stdin: string } {
  const { command, stdin } = req.options;
  if (stdin !== undefined && command.length === 1 && SHELLS.has(command[0]!)) return { argv: [command[0]!, '-c', stdin], stdin: '' };
  return { argv: command, stdin: stdin ?? '' };
}

/**
 * The exec's outcome: how the command ended, or what it wrote so far while it still runs
 * (ExecResult.running). `startedAt`: the command's start, `now` the moment of the answer (later
 * when the cluster's time passed with the command): what is left of its run is the client's to wait.
 */
export function streamRun(result: ExecResult, startedAt: number, now: number): StreamRun {
  const streams = result.streams ? { streams: result.streams } : {};
  const shell = { ...(result.shell ? { shell: result.shell } : {}), ...(result.follow ? { follow: result.follow } : {}) };
  const waited = now > startedAt ? { startedAt } : {};
  if (result.running) return { type: 'running', output: result.output, ...streams, ...waited, ...shell };
  const ms = Math.floor(result.durationMs ?? 0) - (now - startedAt);
  return { type: 'exited', exitCode: result.exitCode, output: result.output, ...streams, ...(ms > 0 ? { durationMs: ms } : {}), ...waited, ...shell, ...(result.editor ? { editor: result.editor } : {}) };
}

/** Whether `c` has stopped running (or been replaced) since the stream into it opened. */
function stopped(rt: RuntimeState, c: ContainerRecord): boolean {
  return c.state !== 'CONTAINER_RUNNING' || rt.containers.get(c.id) !== c;
}

/**
 * The cluster's time for a learner's stream into container `c` (ExecRequest.pace), as the
 * command's steps wait for it: before the World runs on, an exit the command brought forward or
 * put off re-arms the runtime's exit timer and what it wrote to a redis master reaches the
 * replicas; after it, the container's processes have run as far (their files are as of then);
 * the World stops where `c` stops running, and the command goes no further.
 */
export function streamPace(w: World, rt: RuntimeState, c: ContainerRecord, pace: ClusterPace): WorldPace {
  let exitAt = c.process ? processExit(c.process)?.at : undefined;
  // Where the command moved PID 1's end to (`kill 1`, `nginx -s quit`, `redis-cli shutdown`).
  let movedTo: number | undefined;
  // Once the container has stopped the command goes no further — unless it ended the container
  // itself, there: the program that signalled PID 1 has exited before the runtime's kill comes
  // (the race is the exec's, as podman#10825 describes), and the command runs on to its end on
  // the World of the container's end, as exec lines did before they waited for it (approximate).
  const endedByCommand = (): boolean => movedTo !== undefined && c.finishedAt === Math.ceil(movedTo);
  const end = (): number => (!stopped(rt, c) ? w.now : endedByCommand() ? Infinity : -Infinity);
  return {
    to: (t) => {
      if (stopped(rt, c) || t <= w.now) return end();
      const exit = c.process ? processExit(c.process)?.at : undefined;
      if (exit !== exitAt) {
        exitAt = exit;
        movedTo = exit;
        armExit(w, rt, c);
      }
      feedReplicas(w, c);
      pace.to(t, () => stopped(rt, c));
      // The container's own processes, and those sharing its volumes, as far as the World went:
      // what the command's next step reads of their files is what they wrote by then.
      if (!stopped(rt, c) && c.process) {
        settleProcess(c.process, w.now);
        settleSharers(w, rt, c);
      }
      return end();
    },
  };
}

/**
 * A paced command whose container stopped under it: the runtime killed it (SIGKILL) at that
 * moment, and an interactive shell it ran in with it.
 */
function killedWith(result: ExecResult, startedAt: number, now: number): ExecResult {
  const { running: _, ...rest } = result;
  return { ...rest, exitCode: 137, durationMs: now - startedAt, ...(result.shell ? { shell: { ...result.shell, ended: true } } : {}) };
}

export function serveExec(w: World, self: KubeletState, req: ExecRequest): KubeletResponse {
  const pod = w.etcd.kv.get('pods')?.get(`pods/${req.namespace}/${req.pod}`) as Pod | undefined;
  const notFound: KubeletResponse = { ok: true, text: '', exec: { type: 'upgrade-failed', message: `container not found (${JSON.stringify(req.container)})` } };
  const status = [...(pod?.status?.containerStatuses ?? []), ...(pod?.status?.initContainerStatuses ?? []), ...(pod?.status?.ephemeralContainerStatuses ?? [])].find((c) => c.name === req.container);
  if (!pod || !status?.state.running || !status.containerID) return notFound;
  const rt = runtimeOf(w, self.host);
  if (!rt) return notFound;
  const id = status.containerID.replace(/^containerd:\/\//, '');
  const podRef = { namespace: req.namespace, name: req.pod };
  trace(w, { from: self.id, to: rt.id, kind: 'cri', detail: { service: 'RuntimeService', call: 'Exec', pod: podRef, container: req.container, command: req.options.command }, object: { kind: 'Pod', ...podRef } });
  if (isComponentMirror(w, self.host, pod)) {
    // A control-plane process is not a CRI container: the exec runs in its image (static-pod-exec.ts).
    const st = staticPodProcess(w, self, pod, req.container);
    if (!st) return notFound;
    const { argv, stdin } = argvOf(req);
    const result = execInContainer(st.process, w.now, argv, { ...podNetworkView(w, self.host, req.namespace), ...podNetnsView(w, self.host, pod), ...st.extra }, undefined, stdin);
    return { ok: true, text: '', exec: streamRun(result, w.now, w.now) };
  }
  const podIP = pod.spec?.hostNetwork ? undefined : pod.status?.podIP;
  const { argv, stdin } = argvOf(req);
  const caller = rt.containers.get(id);
  const net = { ...podNetworkView(w, self.host, req.namespace, podIP ? { pod: podRef, ip: podIP } : undefined), ...hostViewFor(w, self.host, pod, req.options.tty === true), ...podNetnsView(w, self.host, pod), ...(caller ? { loopback: podLoopback(w, rt, caller) } : {}), ...liveMachine(w, self.host) };
  // `kubectl exec -it … -- sh`: the stream's lines reach one shell, which outlives each of them (images/tty-shell.ts).
  // A line for a program session (keepsTerminal's) names its process as a shell's line does.
  const { command, ttyShell } = req.options;
  const interactive = req.options.tty === true && req.options.stdin !== undefined && ((command.length === 1 && SHELLS.has(command[0]!)) || ttyShell !== undefined);
  // The page's editor for a `vi` on the terminal, and its answer (images/tools-vi.ts).
  const editor = { ...(req.options.tty === true && req.options.editor ? { editor: true as const } : {}), ...(req.options.viSave ? { viSave: req.options.viSave } : {}) };
  const exitBefore = caller?.process ? processExit(caller.process)?.at : undefined;
  // The client terminal's width, as the stream's resize message set it (what `ls` fills).
  const columns = req.options.tty === true && req.options.columns !== undefined ? { columns: req.options.columns } : {};
  const start = w.now;
  const pace = caller && req.pace ? streamPace(w, rt, caller, req.pace) : undefined;
  const ran = interactive
    ? execSync(w, rt, id, command, net, req.options.stdin, { interactive: command, shell: { argv: command, ...(ttyShell !== undefined ? { pid: ttyShell } : {}), ...(req.options.interruptAt !== undefined ? { interruptAt: req.options.interruptAt } : {}) }, ...editor, ...columns }, true, pace)
    : execSync(w, rt, id, argv, net, stdin, req.options.tty === true || req.options.viSave ? { ...(req.options.tty === true ? { tty: true, ...(req.options.interruptAt !== undefined ? { interruptAt: req.options.interruptAt } : {}), ...(req.options.keepsTerminal ? { keepsTerminal: true } : {}) } : {}), ...editor, ...columns } : undefined, true, pace);
  if (!ran.ok) return { ok: false, code: 500, reason: '', message: ran.error };
  if (caller && pace && ran.result.running && stopped(rt, caller)) ran.result = killedWith(ran.result, start, w.now);
  // What the command did may end the container (`redis-cli shutdown`): the runtime's exit timer moves.
  if (caller?.process && processExit(caller.process)?.at !== exitBefore) armExit(w, rt, caller);
  // A write to a redis master in the container (`redis-cli set …`) reaches its replicas.
  if (caller) feedReplicas(w, caller);
  return { ok: true, text: '', exec: streamRun(ran.result, start, w.now) };
}

/**
 * An exec stream whose `tail -f` follows a file (ExecOutcome's `follow`), read on as the client
 * waits: what the file gained since, each write when tail prints it (images/follow.ts). The
 * stream was traced when it opened; reading it on is no new request.
 */
export function readFollow(w: World, namespace: string, podName: string, container: string, ref: FollowRef, close: boolean): ExecChunk[] | undefined {
  const pod = w.etcd.kv.get('pods')?.get(`pods/${namespace}/${podName}`) as Pod | undefined;
  const status = [...(pod?.status?.containerStatuses ?? []), ...(pod?.status?.initContainerStatuses ?? []), ...(pod?.status?.ephemeralContainerStatuses ?? [])].find((c) => c.name === container);
  const host = pod?.spec.nodeName;
  if (!status?.containerID || !host) return undefined;
  const rt = runtimeOf(w, host);
  return rt ? readExecFollow(w, rt, status.containerID.replace(/^containerd:\/\//, ''), ref, close) : undefined;
}
