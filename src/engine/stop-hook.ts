/**
 * dispatch.ts's stopComponent for code that dispatch itself reaches through the behaviours (the
 * kubelet killing a static Pod's process, `systemctl stop` in a node's shell): dispatch hands its
 * stop in here, so those modules never import it and no import cycle forms.
 */
import type { ComponentId } from './core/ids';
import type { World } from './world';

let stop: (w: World, id: ComponentId) => void = () => {
  throw new Error('stop-hook: dispatch.ts has not connected stopComponent');
};

export function connectStop(fn: (w: World, id: ComponentId) => void): void {
  stop = fn;
}

/** Stops a process as a fault does: its epoch bumps, its watches close, its stop hook runs. */
export function stopProcess(w: World, id: ComponentId): void {
  stop(w, id);
}
