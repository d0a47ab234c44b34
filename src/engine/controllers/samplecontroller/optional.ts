/**
 * `sim controller start|stop <name>`: switching an optional controller on or off. On, it runs in
 * the leading kube-controller-manager from now on (and after every restart or failover); off,
 * its workqueue goes and changes to its objects reach nobody, so a Foo created meanwhile gets
 * no Deployment until the controller starts again and its first sync, level-based, reconciles
 * every Foo there is.
 */
import type { World } from '../../world';
import { markComponentChanged } from '../../runtime';
import { startController } from '../behaviour';
import type { ControllerManagerState } from '../state';
import { OPTIONAL_CONTROLLERS } from './registry';

export type OptionalControllerResult = { ok: true; message: string } | { ok: false; message: string };

function managers(w: World): ControllerManagerState[] {
  return [...w.components.values()].filter((c): c is ControllerManagerState => c.kind === 'kube-controller-manager');
}

export function setOptionalController(w: World, name: string, on: boolean): OptionalControllerResult {
  const def = OPTIONAL_CONTROLLERS[name];
  if (!def) return { ok: false, message: `unknown controller "${name}" (known: ${Object.keys(OPTIONAL_CONTROLLERS).join(', ')})` };
  const enabled = w.optionalControllers ?? [];
  if (on === enabled.includes(name)) return { ok: true, message: `${def.actor} is already ${on ? 'running' : 'stopped'}` };
  w.optionalControllers = on ? [...enabled, name] : enabled.filter((n) => n !== name);
  for (const m of managers(w)) {
    if (on) {
      if (m.running) startController(w, m, def);
    } else {
      delete m.queues[def.name];
      m.scheduled[def.name] = false;
    }
    markComponentChanged(w, m.id);
  }
  return { ok: true, message: `${def.actor} ${on ? 'started' : 'stopped'}` };
}
