/**
 * A container's own requests through the cluster (`wget -qO- http://web` as its command, a
 * client Pod's loop). The process model runs a container ahead of the cluster from its inputs;
 * at a step that dials out it parks, and the runtime sets a timer for that moment. When it fires,
 * the step runs from the Pod's network namespace as an exec's would (podNetworkView: the node's
 * kube-proxy rules, the endpoint's process, NetworkPolicy), so what comes back is the cluster as
 * it is at that instant — and the forecast of the process starts again from there. The timer
 * is armed with the exit's (exits.ts armExit).
 */
import { markComponentChanged } from '../runtime';
import type { World } from '../world';
import { processNetAt, runWithNetwork } from './app';
import type { ContainerRecord, RuntimeState } from './runtime-state';
import { podNetworkView } from './traffic';
import { podLoopback } from './pod-loopback';
import type { NetworkView } from '../images/types';
import { hostView } from '../node-shell/host-view';

/** Runs the container's due network step; true when it did (the caller re-arms its timers). */
export function onNetStep(w: World, rt: RuntimeState, id: string): boolean {
  const c = rt.containers.get(id);
  if (!c || c.state !== 'CONTAINER_RUNNING' || !c.process) return false;
  const at = processNetAt(c.process);
  // Stale: a restart, a stop or a re-forecast moved the step since this timer was set.
  if (at === undefined || at > w.now) return false;
  const net = containerNetwork(w, rt, c);
  if (!net) return false;
  runWithNetwork(c.process, w.now, net);
  markComponentChanged(w, rt.id);
  return true;
}

/**
 * The network a container's process dials out on: its Pod's (or, with hostNetwork, its node's),
 * and the node itself when the container mounts the node's `/` (`chroot /host hostname` as the
 * command of a `kubectl debug node/…` Pod runs the node's program, as it does through an exec).
 */
export function containerNetwork(w: World, rt: RuntimeState, c: ContainerRecord): NetworkView | undefined {
  const sb = rt.sandboxes.get(c.sandboxId);
  if (!sb) return undefined;
  const source = !sb.hostNetwork && sb.ip !== '' ? { pod: { namespace: sb.podNamespace, name: sb.podName }, ip: sb.ip } : undefined;
  const node = Object.values(c.config.mounts ?? {}).some((m) => m.hostPath === '/') ? { host: hostView(w, rt.host, { podUid: sb.podUid, tty: false }) } : {};
  return { ...podNetworkView(w, rt.host, sb.podNamespace, source), loopback: podLoopback(w, rt, c), ...node };
}
