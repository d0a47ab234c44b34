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
 *
 * Message faults stop nothing: `latency/<kind or node>` (with its delay in `w.latencies`) and
 * `watch-drop/<component>` change how watch events reach their targets (message-faults.ts).
 * `disk-latency/etcd` and `disk-latency/<member>` slow etcd's WAL fsync (etcd/disk.ts), its delay
 * also in `w.latencies`.
 */
import type { ComponentKind } from './core/component';
import type { ComponentState } from './components';
import { componentId, type ComponentId, type SimMillis } from './core/ids';
import { goDuration } from '../k8s/time';
import type { TraceDetails } from './core/trace';
import { stopComponent } from './dispatch';
import { unregisterWatch } from './apiserver/watch';
import type { WatchRegistration } from './apiserver/watch-types';
import { DEFAULT_LATENCY_MS, LATENCY_PREFIX, MAX_LATENCY_MS, WATCH_DROP_PREFIX } from './message-faults';
import { schedule, trace } from './runtime';
import { DISK_LATENCY_PREFIX } from './etcd/disk';
import type { World } from './world';
import { pushAll } from '../k8s/arrays';

export type FaultClass = 'component' | 'instance' | 'node-part' | 'node' | 'network' | 'latency' | 'watch-drop' | 'disk-latency';

export interface FaultTarget {
  name: string;
  class: FaultClass;
  /** The processes this fault stops (none for a partition or a message fault: they keep running). */
  components: ComponentId[];
  /** For a message fault: the processes on the slow or broken end of the link. */
  affects?: ComponentId[];
  /** The machine a node, node-part or network fault is about. */
  machine?: string;
}

export interface TargetStatus extends FaultTarget {
  /** When the fault began, if it is active. */
  since: SimMillis | undefined;
  /** The added delay of an active latency fault. */
  delayMs?: number;
}

export interface FaultOptions {
  /** For `latency/...` (default DEFAULT_LATENCY_MS) and `disk-latency/...` (default DEFAULT_DISK_LATENCY_MS): the delay to add. */
  delayMs?: number;
}

export type FaultResult = { ok: true; target: FaultTarget; delayMs?: number } | { ok: false; error: string };

const CONTROL_PLANE_KINDS: readonly ComponentKind[] = ['etcd', 'kube-apiserver', 'kube-controller-manager', 'kube-scheduler', 'cloud-controller-manager'];
const NODE_PART_KINDS: readonly ComponentKind[] = ['kubelet', 'container-runtime', 'cni', 'kube-proxy'];
/** Whose watch events a latency fault can slow, besides a whole machine's. */
const LATENCY_KINDS: readonly ComponentKind[] = ['kube-apiserver', 'kube-controller-manager', 'kube-scheduler'];
/** Components that reconcile from informers, whose watch events can be dropped. */
const WATCH_DROP_KINDS: readonly ComponentKind[] = ['kube-controller-manager', 'kube-scheduler'];
const WATCH_DROP_NODE_PARTS: readonly ComponentKind[] = ['kubelet', 'kube-proxy'];

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
  'cloud-controller-manager': 1700,
  'container-runtime': 0,
  cni: 10,
  kubelet: 50,
  'kube-proxy': 900,
  csi: 2500,
  kubectl: 0,
};

/** `sim fail disk-latency/etcd-1` without `--delay`. */
export const DEFAULT_DISK_LATENCY_MS = 500;
/** Beyond this a commit would outlast etcd's request timeout: a stopped member models that. */
const MAX_DISK_LATENCY_MS = 5000;

/** Whether a fault adds a delay (taken from FaultOptions.delayMs). */
function delayed(c: FaultClass): c is 'latency' | 'disk-latency' {
  return c === 'latency' || c === 'disk-latency';
}

export const TARGET_NAMING = [
  'targets are named like components:',
  '  kube-apiserver, etcd, kube-scheduler, kube-controller-manager   every instance',
  '  cloud-controller-manager                                        (with --cloud-provider) every instance',
  '  kube-scheduler-2, etcd-1, ...                                   one instance (ha topology)',
  '  kubelet/<node>, container-runtime/<node>, cni/<node>, kube-proxy/<node>, csi',
  '  node/<node>                                                     power the machine off',
  '  network/<node>                                                  cut a worker off from the control plane',
  '  latency/kube-scheduler, latency/<node>, ...                     delay the watch events it receives',
  '  watch-drop/kube-scheduler, watch-drop/kubelet/<node>, ...       lose its watch events; the watch stays open',
  '  disk-latency/etcd, disk-latency/etcd-1, ...                     slow an etcd member\'s WAL fsync',
].join('\n');

function machineComponents(w: World): ComponentState[] {
  return [...w.components.values()].filter((c) => c.kind !== 'kubectl');
}

/** Every target the cluster has, in a stable order: control plane, csi, each machine's parts, then message faults. */
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
      if (w.components.has(componentId(id))) out.push({ name: id, class: 'node-part', components: [componentId(id)], machine: m });
    }
    out.push({ name: `node/${m}`, class: 'node', components: comps.filter((c) => c.host === m).map((c) => c.id), machine: m });
    // A control-plane machine cut off would need a split etcd; only workers can be partitioned.
    if (!w.machineSpecs.get(m)?.controlPlane) out.push({ name: `network/${m}`, class: 'network', components: [], machine: m });
  }
  pushAll(out, messageTargets(w, comps));
  return out.map((t) => {
    const delayMs = w.latencies?.get(t.name);
    return delayMs === undefined ? { ...t, since: w.faults.get(t.name) } : { ...t, since: w.faults.get(t.name), delayMs };
  });
}

/** Latency per control-plane kind and per machine, dropped watches per informer-driven component, slow etcd disks. */
function messageTargets(w: World, comps: ComponentState[]): FaultTarget[] {
  const out: FaultTarget[] = [];
  const msg = (name: string, cls: 'latency' | 'watch-drop', affects: ComponentId[]): void => {
    if (affects.length) out.push({ name, class: cls, components: [], affects });
  };
  for (const kind of LATENCY_KINDS) msg(LATENCY_PREFIX + kind, 'latency', comps.filter((c) => c.kind === kind).map((c) => c.id));
  for (const m of w.machines) msg(LATENCY_PREFIX + m, 'latency', comps.filter((c) => c.host === m).map((c) => c.id));
  for (const kind of WATCH_DROP_KINDS) msg(WATCH_DROP_PREFIX + kind, 'watch-drop', comps.filter((c) => c.kind === kind).map((c) => c.id));
  for (const m of w.machines) {
    for (const kind of WATCH_DROP_NODE_PARTS) {
      const id = componentId(`${kind}/${m}`);
      if (w.components.has(id)) msg(WATCH_DROP_PREFIX + id, 'watch-drop', [id]);
    }
  }
  // Last: an etcd member's disk (etcd/disk.ts), all members, then each one.
  const members = w.etcd.members.map((m) => m.name);
  if (members.length) out.push({ name: DISK_LATENCY_PREFIX + 'etcd', class: 'disk-latency', components: [], affects: members });
  for (const m of members) if (m !== 'etcd') out.push({ name: DISK_LATENCY_PREFIX + m, class: 'disk-latency', components: [], affects: [m] });
  return out;
}

export function resolveTarget(w: World, name: string): FaultTarget | undefined {
  const t = listTargets(w).find((x) => x.name === name);
  if (!t) return undefined;
  const target: FaultTarget = { name: t.name, class: t.class, components: t.components };
  if (t.affects) target.affects = t.affects;
  return target;
}

function unknown(name: string): FaultResult {
  return { ok: false, error: `unknown fault target "${name}"\n${TARGET_NAMING}\n(sim fail --list shows them all)` };
}

/** What the fault does, as the trace records it (trace-summary.ts words it). */
function faultDetail(t: FaultTarget, inject: boolean, delayMs = 0): TraceDetails['fault'] {
  const base = { target: t.name, active: inject };
  switch (t.class) {
    case 'latency': {
      // latency/kube-apiserver slows everything kube-apiserver sends; latency/<x> what x receives.
      const direction = t.name === LATENCY_PREFIX + 'kube-apiserver' ? 'from' : 'to';
      return inject ? { ...base, action: 'delay', direction, delayMs } : { ...base, action: 'undelay', direction };
    }
    case 'watch-drop':
      return { ...base, action: inject ? 'drop' : 'undrop', direction: 'to' };
    case 'disk-latency':
      return inject ? { ...base, action: 'slow-disk', delayMs } : { ...base, action: 'heal-disk' };
    case 'node':
      return { ...base, action: inject ? 'power-off' : 'power-on' };
    case 'network':
      return { ...base, action: inject ? 'partition' : 'reconnect' };
    case 'component':
    case 'instance':
    case 'node-part':
      return { ...base, action: inject ? 'stop' : 'start' };
    default: {
      const never: never = t.class;
      throw new Error(`unknown fault class ${String(never)}`);
    }
  }
}

/** Closes the watches `pick` selects and tells each watcher, so its Reflector relists; returns them. */
function closeWatches(w: World, pick: (reg: WatchRegistration) => boolean): WatchRegistration[] {
  const closed: WatchRegistration[] = [];
  for (const [id, reg] of [...w.watches]) {
    if (!pick(reg)) continue;
    unregisterWatch(w, id);
    schedule(w, 0, reg.watcher, { type: 'watch-closed', epoch: reg.epoch, watchId: id });
    closed.push(reg);
  }
  return closed;
}

/**
 * Cuts `host` off: its open watches break (their reflectors relist, and fail with an i/o timeout
 * while the partition lasts, since pickServer refuses the host); its processes keep running.
 */
function partition(w: World, host: string): void {
  closeWatches(w, (reg) => w.components.get(reg.watcher)?.host === host);
}

/**
 * The end of a dropped-watch fault: the client notices its connection is dead (HTTP/2's ping
 * health check), every watch on it ends with an error, and each Reflector relists — a fresh
 * LIST, not a replay of its cache — so the next reconcile works from the true state.
 */
function reconnect(w: World, watchers: readonly ComponentId[]): void {
  for (const watcher of watchers) {
    const closed = closeWatches(w, (reg) => reg.watcher === watcher);
    if (!closed.length) continue;
    trace(w, { from: closed[0]!.server, to: watcher, kind: 'watch', detail: { type: 'closed', watches: closed.length, reason: 'http2: client connection lost' } });
  }
}

/**
 * Records the fault and stops the target's processes; they stay down until healFault. A latency
 * fault takes its delay from `opts` (DEFAULT_LATENCY_MS if unset).
 */
export function injectFault(w: World, name: string, opts: FaultOptions = {}): FaultResult {
  const target = resolveTarget(w, name);
  if (!target) return unknown(name);
  if (opts.delayMs !== undefined && !delayed(target.class)) return { ok: false, error: `a delay applies only to latency/<target> and disk-latency/<member>, not ${name}` };
  if (w.faults.has(name)) return { ok: false, error: `${name} is already failed` };
  const delayMs = target.class === 'latency' ? (opts.delayMs ?? DEFAULT_LATENCY_MS) : target.class === 'disk-latency' ? (opts.delayMs ?? DEFAULT_DISK_LATENCY_MS) : 0;
  if (delayed(target.class)) {
    const max = target.class === 'latency' ? MAX_LATENCY_MS : MAX_DISK_LATENCY_MS;
    if (!(delayMs >= 1 && delayMs <= max)) return { ok: false, error: `a ${target.class === 'latency' ? 'latency' : 'disk latency'} must be between 1ms and ${goDuration(max)}` };
    (w.latencies ??= new Map()).set(name, delayMs);
  }
  // Recorded before stopping: a runtime tells a power-off from a plain restart by this entry.
  w.faults.set(name, w.now);
  trace(w, { from: componentId('instructor'), to: componentId(name), kind: 'fault', detail: faultDetail(target, true, delayMs) });
  for (const id of target.components) stopComponent(w, id);
  if (target.class === 'network') partition(w, name.slice('network/'.length));
  return delayed(target.class) ? { ok: true, target, delayMs } : { ok: true, target };
}

/**
 * Lifts the fault and schedules a start for each process it stopped. dispatch.ts still refuses
 * a process another active fault covers, so healing `node/x` leaves a failed `kubelet/x` down.
 * Healing a dropped watch ends the dead watches so their Reflectors relist; healing a latency
 * leaves events already in flight to arrive late.
 */
export function healFault(w: World, name: string): FaultResult {
  const target = resolveTarget(w, name);
  if (!target) return unknown(name);
  if (!w.faults.delete(name)) return { ok: false, error: `${name} is not failed` };
  trace(w, { from: componentId('instructor'), to: componentId(name), kind: 'fault', detail: faultDetail(target, false) });
  if (delayed(target.class)) w.latencies?.delete(name);
  if (target.class === 'watch-drop') reconnect(w, target.affects ?? []);
  for (const id of target.components) {
    const c = w.components.get(id);
    if (!c || c.running) continue;
    schedule(w, target.class === 'node' ? BOOT_DELAY_MS[c.kind] : 0, id, { type: 'start' });
  }
  return { ok: true, target };
}

/**
 * The active fault names that keep a component down or cut off: the rule dispatch.ts enforces
 * (its id, its kind, or its machine powered off) plus a network partition of its machine, which
 * leaves it running but unable to reach kube-apiserver.
 */
export function faultsCovering(w: World, c: Pick<ComponentState, 'id' | 'kind' | 'host'>): string[] {
  const out: string[] = [];
  for (const name of w.faults.keys()) {
    if (name === c.id || name === c.kind || name === `node/${c.host}` || name === `network/${c.host}`) out.push(name);
  }
  return out;
}
