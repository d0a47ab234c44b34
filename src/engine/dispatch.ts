/**
 * The event loop's single step: pop the next queue entry, move the clock, and hand the message
 * to its component's behaviour — unless the component is stopped or the message belongs to an
 * earlier incarnation of it.
 */
import { queuePop } from './core/event-queue';
import { agentId, type ComponentId } from './core/ids';
import { isStaticPodKind, staticPodName } from './kubelet/static-pod-manifests';
import { connectStop } from './stop-hook';
import type { ComponentKind } from './core/component';
import type { ComponentState, StateOf } from './components';
import type { Behaviour } from './behaviour';
import { BEHAVIOURS } from './behaviours';
import { markComponentChanged } from './runtime';
import { dropWatchesBy } from './apiserver/watch';
import { connectKubelets } from './apiserver/kubelet-proxy';
import { connectPodNetwork } from './apiserver/proxy-transport';
import { connectProbeNetwork } from './kubelet/probe-network';
import { containerNetwork } from './node/process-net';
import { httpGet } from './node/traffic';
import { processStarted } from './logging/startup';
import type { KubeletRequest, KubeletResponse } from './kubelet/server-api';
import type { Message } from './sim-core';
import type { World } from './world';

function behaviourOf<K extends ComponentKind>(c: StateOf<K>): Behaviour<K> {
  return BEHAVIOURS[c.kind as K] as Behaviour<K>;
}

export function deliverMessage(w: World, c: ComponentState, msg: Message): void {
  if (msg.type === 'start') {
    if (c.running) return;
    if (isBlocked(w, c)) return;
    c.running = true;
    markComponentChanged(w, c.id);
    processStarted(w, c);
    behaviourOf(c).start(w, c as never);
    return;
  }
  if (!c.running || msg.epoch !== c.epoch) return;
  const b = behaviourOf(c) as Behaviour<ComponentKind>;
  switch (msg.type) {
    case 'watch':
      b.onWatch?.(w, c as never, msg.watchId, msg.event);
      return;
    case 'watch-closed':
      b.onWatchClosed?.(w, c as never, msg.watchId);
      return;
    case 'timer':
      b.onTimer?.(w, c as never, msg.name, msg.arg);
      return;
    default: {
      const never: never = msg;
      throw new Error(`unhandled message ${JSON.stringify(never)}`);
    }
  }
}

/**
 * A synchronous request to a component's own server (its `serve` behaviour); undefined when it
 * has none. Reachability (is it running, is its machine cut off) is the caller's to decide.
 */
function serve(w: World, to: ComponentId, req: KubeletRequest): KubeletResponse | undefined {
  const c = w.components.get(to);
  return c ? behaviourOf(c).serve?.(w, c as never, req) : undefined;
}

// kube-apiserver reaches the kubelets' servers through the behaviour table, never by import.
connectKubelets(serve);
// …and the Pods' addresses (pods/proxy, services/proxy) through the network's own path, also never by import.
connectPodNetwork(httpGet);
// …and an exec probe's command dials out on its Pod's network, never by import.
connectProbeNetwork(containerNetwork);
// …and the kubelet (a static Pod's process) and `systemctl stop` stop processes as a fault does, also never by import.
connectStop((w, id) => stopComponent(w, id));

/**
 * A process on a powered-off machine cannot start, nor one a fault holds down, nor a static Pod's
 * process its kubelet does not run (its manifest gone or its container failing: kubelet/static-pod-run.ts).
 */
function isBlocked(w: World, c: ComponentState): boolean {
  return w.faults.has(`node/${c.host}`) || w.faults.has(c.id) || w.faults.has(c.kind) || heldByKubelet(w, c);
}

function heldByKubelet(w: World, c: ComponentState): boolean {
  if (!isStaticPodKind(c.kind)) return false;
  const kubelet = w.components.get(agentId('kubelet', c.host));
  return kubelet?.kind === 'kubelet' && (kubelet.staticHeld?.includes(staticPodName(c.kind, c.host)) ?? false);
}

/** Runs the next queued message. Returns false when the queue is empty. */
export function step(w: World): boolean {
  const e = queuePop(w.queue);
  if (!e) return false;
  if (e.at > w.now) w.now = e.at;
  const c = w.components.get(e.to);
  if (c) deliverMessage(w, c, e.msg);
  return true;
}

/** Stops a process: bumps its epoch (stale timers die), closes its watches, runs its stop hook. */
export function stopComponent(w: World, id: ComponentId): void {
  const c = w.components.get(id);
  if (!c || !c.running) return;
  c.running = false;
  c.epoch++;
  dropWatchesBy(w, id);
  behaviourOf(c).stop?.(w, c as never);
  markComponentChanged(w, id);
}
