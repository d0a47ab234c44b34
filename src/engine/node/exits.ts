/**
 * A container's process ending — on its own (the app exits, crashes or is OOM-killed) or because
 * StopContainer sent it SIGTERM/SIGKILL. The runtime arms one timer per running container for
 * the moment it will end and records the exit; the kubelet learns of it at its next PLEG relist
 * (kubelet/pleg.ts), which is what wakes the Pod's worker.
 */
import { agentId } from '../core/ids';
import { setTimer, trace } from '../runtime';
import { plegTouch } from '../kubelet/pleg-clock';
import type { World } from '../world';
import { processExit, processNetAt, settleProcess } from './app';
import type { ContainerRecord, RuntimeState } from './runtime-state';

/** Arms the container's exit timer, and the one for its next network step if it has one. */
export function armExit(w: World, rt: RuntimeState, c: ContainerRecord): void {
  if (c.state !== 'CONTAINER_RUNNING') return;
  const own = c.process ? processExit(c.process) : undefined;
  const at = Math.min(own?.at ?? Infinity, c.stopping?.exitAt ?? Infinity);
  // A process's clock may fall between milliseconds (a transfer's duration); the timer must not fire before it.
  if (at !== Infinity) setTimer(w, rt, Math.max(0, Math.ceil(at - w.now)), 'exit', c.id);
  const net = c.process ? processNetAt(c.process) : undefined;
  if (net !== undefined) setTimer(w, rt, Math.max(0, Math.ceil(net - w.now)), NET_STEP, c.id);
}

/** The runtime's timer for a container's next network step (arg: container id; node/process-net.ts runs it). */
export const NET_STEP = 'net';

export function exitContainer(c: ContainerRecord, now: number, exitCode: number, reason: ContainerRecord['reason']): void {
  // What it wrote to its volumes up to the end outlives it (emptyDir for the Pod, a PV for good).
  if (c.process?.machine.fs.mounts && c.state === 'CONTAINER_RUNNING') settleProcess(c.process, now);
  c.state = 'CONTAINER_EXITED';
  c.finishedAt = now;
  c.exitCode = exitCode;
  if (reason !== undefined) c.reason = reason;
  delete c.stopping;
}

/** The `exit` timer: records the exit if it is due (timers can be stale after a stop/restart). */
export function onExitTimer(w: World, rt: RuntimeState, id: string): void {
  const c = rt.containers.get(id);
  if (!c || c.state !== 'CONTAINER_RUNNING') return;
  let exit: { exitCode: number; reason: NonNullable<ContainerRecord['reason']>; message?: string } | undefined;
  if (c.stopping && c.stopping.exitAt <= w.now) exit = c.stopping;
  else {
    const own = c.process ? processExit(c.process) : undefined;
    if (own && own.at <= w.now) exit = own;
  }
  if (!exit) return;
  exitContainer(c, w.now, exit.exitCode, exit.reason);
  if (exit.message) c.message = exit.message;
  const sb = rt.sandboxes.get(c.sandboxId);
  const pod = sb ? { namespace: sb.podNamespace, name: sb.podName } : undefined;
  const kubelet = agentId('kubelet', rt.host);
  trace(w, {
    from: rt.id,
    to: kubelet,
    kind: 'process',
    detail: { ...(pod ? { pod } : {}), podUID: c.podUid, container: c.config.name, exitCode: exit.exitCode, reason: exit.reason },
    ...(pod ? { object: { kind: 'Pod', ...pod } } : {}),
  });
  notifyKubelet(w, rt, c.podUid);
}

/** The Pod's containers changed: the kubelet's next relist looks at it (a kubelet that is down relists everything when it starts). */
export function notifyKubelet(w: World, rt: RuntimeState, podUid: string): void {
  const k = w.components.get(agentId('kubelet', rt.host));
  if (k?.kind !== 'kubelet' || !k.running) return;
  plegTouch(w, k, podUid);
}
