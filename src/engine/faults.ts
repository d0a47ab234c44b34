/**
 * Fault injection: the instructor stops a process, a whole component, or a machine, and later
 * lets it come back. A fault is only a name in `w.faults` plus stopped processes; everything
 * the student then sees (refused connections, NotReady Nodes, Pending Pods, evictions) follows
 * from the rest of the cluster noticing, exactly as on a real cluster.
 *
 * Target names follow component ids: a kind (`kube-scheduler`, `etcd`) stands for all its
 * instances, an instance id (`kube-scheduler-2`) for one; node parts are `<kind>/<node>`;
 * `node/<node>` powers the machine off; `network/<worker>` cuts it off from the control plane
 * (pickServer in apiserver/handler.ts refuses its requests). Invariant kept with dispatch.ts: a component does not
 * start while `w.faults` holds its id, its kind or `node/<host>`.
 */
import type { ComponentKind, ComponentState } from './components';
import { componentId, type ComponentId, type SimMillis } from './core/ids';
import { stopComponent } from './dispatch';
import { unregisterWatch } from './apiserver/watch';
import { schedule, trace } from './runtime';
import type { World } from './world';

export type FaultClass = 'component' | 'instance' | 'node-part' | 'node' | 'network';

export interface FaultTarget {
  name: string;
  class: FaultClass;
  /** The processes this fault stops (none for a network partition: they keep running, cut off). */
  components: ComponentId[];
}

export interface TargetStatus extends FaultTarget {
  /** When the fault began, if it is active. */
  since: SimMillis | undefined;
}

export type FaultResult = { ok: true; target: FaultTarget } | { ok: false; error: string };

const CONTROL_PLANE_KINDS: readonly ComponentKind[] = ['etcd', 'kube-apiserver', 'kube-controller-manager', 'kube-scheduler'];
const NODE_PART_KINDS: readonly ComponentKind[] = ['kubelet', 'container-runtime', 'cni', 'kube-proxy'];

/**
 * Start-up delay of each process after its machine powers on, the same stagger topology/build.ts
 * boots a cluster with: the runtime before the kubelet that talks to it, etcd before the apiserver
 * that needs it, the controllers once the apiserver answers.
 */
const BOOT_DELAY_MS: Record<ComponentKind, number> = {
  etcd: 0,
  'kube-apiserver': 400,
  'kube-controller-manager': 1500,
  'kube-scheduler': 1600,
  'container-runtime': 0,
  cni: 10,
  kubelet: 50,
  'kube-proxy': 900,
  csi: 2500,
  kubectl: 0,
};

export const TARGET_NAMING = [
  'targets are named like components:',
  '  kube-apiserver, etcd, kube-scheduler, kube-controller-manager   every instance',
  '  kube-scheduler-2, etcd-1, ...                                   one instance (ha topology)',
  '  kubelet/<node>, container-runtime/<node>, cni/<node>, kube-proxy/<node>, csi',
  '  node/<node>                                                     power the machine off',
  '  network/<node>                                                  cut a worker off from the control plane',
].join('\n');

function machineComponents(w: World): ComponentState[] {
  return [...w.components.values()].filter((c) => c.kind !== 'kubectl');
}

/** Every target the cluster has, in a stable order: control plane, csi, then each machine's parts. */
export function listTargets(w: World): TargetStatus[] {
  const comps = machineComponents(w);
  const out: FaultTarget[] = [];
  for (const kind of CONTROL_PLANE_KINDS) {
    const inst = comps.filter((c) => c.kind === kind);
    if (!inst.length) continue;
    out.push({ name: kind, class: 'component', components: inst.map((c) => c.id) });
    for (const c of inst) if (c.id !== kind) out.push({ name: c.id, class: 'instance', components: [c.id] });
  }
  for (const c of comps) if (c.kind === 'csi') out.push({ name: c.id, class: 'instance', components: [c.id] });
  for (const m of w.machines) {
    for (const kind of NODE_PART_KINDS) {
      const id = `${kind}/${m}`;
      if (w.components.has(componentId(id))) out.push({ name: id, class: 'node-part', components: [componentId(id)] });
    }
    out.push({ name: `node/${m}`, class: 'node', components: comps.filter((c) => c.host === m).map((c) => c.id) });
    // A control-plane machine cut off would need a split etcd; only workers can be partitioned.
    if (!w.machineSpecs.get(m)?.controlPlane) out.push({ name: `network/${m}`, class: 'network', components: [] });
  }
  return out.map((t) => ({ ...t, since: w.faults.get(t.name) }));
}

export function resolveTarget(w: World, name: string): FaultTarget | undefined {
  const t = listTargets(w).find((x) => x.name === name);
  if (!t) return undefined;
  return { name: t.name, class: t.class, components: t.components };
}

function unknown(name: string): FaultResult {
  return { ok: false, error: `unknown fault target "${name}"\n${TARGET_NAMING}\n(sim fail --list shows them all)` };
}

function verb(t: FaultTarget, inject: boolean): string {
  const host = t.name.slice(t.name.indexOf('/') + 1);
  switch (t.class) {
    case 'node':
      return `${inject ? 'power off' : 'power on'} ${host}`;
    case 'network':
      return `${inject ? 'partition' : 'reconnect'} ${host}`;
    case 'component':
    case 'instance':
    case 'node-part':
      return `${inject ? 'stop' : 'start'} ${t.name}`;
    default: {
      const never: never = t.class;
      return String(never);
    }
  }
}

/**
 * Cuts `host` off: its open watches break (their reflectors relist, and fail with an i/o timeout
 * while the partition lasts, since pickServer refuses the host); its processes keep running.
 */
function partition(w: World, host: string): void {
  for (const [id, reg] of [...w.watches]) {
    if (w.components.get(reg.watcher)?.host !== host) continue;
    unregisterWatch(w, id);
    schedule(w, 0, reg.watcher, { type: 'watch-closed', epoch: reg.epoch, watchId: id });
  }
}

/** Stops the target's processes and records the fault; they stay down until healFault. */
export function injectFault(w: World, name: string): FaultResult {
  const target = resolveTarget(w, name);
  if (!target) return unknown(name);
  if (w.faults.has(name)) return { ok: false, error: `${name} is already failed` };
  // Recorded before stopping: a runtime tells a power-off from a plain restart by this entry.
  w.faults.set(name, w.now);
  trace(w, { from: componentId('instructor'), to: componentId(name), kind: 'fault', summary: verb(target, true) });
  for (const id of target.components) stopComponent(w, id);
  if (target.class === 'network') partition(w, name.slice('network/'.length));
  return { ok: true, target };
}

/**
 * Lifts the fault and schedules a start for each process it stopped. dispatch.ts still refuses
 * a process another active fault covers, so healing `node/x` leaves a failed `kubelet/x` down.
 */
export function healFault(w: World, name: string): FaultResult {
  const target = resolveTarget(w, name);
  if (!target) return unknown(name);
  if (!w.faults.delete(name)) return { ok: false, error: `${name} is not failed` };
  trace(w, { from: componentId('instructor'), to: componentId(name), kind: 'fault', summary: verb(target, false) });
  for (const id of target.components) {
    const c = w.components.get(id);
    if (!c || c.running) continue;
    schedule(w, target.class === 'node' ? BOOT_DELAY_MS[c.kind] : 0, id, { type: 'start' });
  }
  return { ok: true, target };
}
