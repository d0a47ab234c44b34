/**
 * Turns a topology into a booting World: every process as a component, etcd's membership, and
 * the staggered start-up a kubeadm cluster goes through (etcd, then kube-apiserver, then the
 * controllers and the node agents).
 */
import { componentId, nodeName, type ComponentId, type NodeName, type SimMillis } from '../core/ids';
import { seedRng, uuidV4 } from '../core/rng';
import { newTraceLog } from '../core/trace';
import { newTraceRates } from '../core/trace-rates';
import { SCALE_TRACE_WINDOW, scaleModeFor } from '../scale-mode';
import { newEtcdState } from '../etcd/etcd';
import type { ComponentState } from '../components';
import { newDecisionLog } from '../scheduler/decisions';
import { DEFAULT_TIMINGS, type ClusterTimings } from '../timings';
import { schedule } from '../runtime';
import type { World } from '../world';
import { DEFAULT_CNI, assignRuntimes, topologySpec, type CniPlugin, type MachineSpec, type TopologyName } from './topology';
import type { ClusterOptions } from './options';
import {
  newApiServerState,
  newCloudControllerManagerState,
  newControllerManagerState,
  newCniState,
  newCsiState,
  newEtcdMemberState,
  newKubeProxyState,
  newKubectlState,
  newKubeletState,
  newRuntimeState,
  newSchedulerState,
} from './processes';

export interface WorldOptions {
  seed: number;
  topology: TopologyName;
  workers?: number;
  traceLimit?: number;
  timings?: Partial<ClusterTimings>;
  /** The cloud-controller-manager and leader-election timings (options.ts). */
  cluster?: ClusterOptions;
}

/** The node a component id belongs to: `kubelet/node-2` → `node-2`. */
export function machineOf(id: ComponentId): string | undefined {
  const i = id.indexOf('/');
  return i < 0 ? undefined : id.slice(i + 1);
}

export const WORKSTATION = nodeName('workstation');

export function createWorld(opts: WorldOptions): World {
  const workers = opts.workers ?? opts.cluster?.workers ?? 3;
  const spec = topologySpec(opts.topology, workers, opts.cluster?.etcdMembers);
  const scale = scaleModeFor(workers, opts.cluster?.scaleMode);
  assignRuntimes(spec.machines, opts.cluster?.runtime);
  const rng = seedRng(opts.seed);
  const w: World = {
    seed: opts.seed,
    topology: opts.topology,
    now: 0 as SimMillis,
    queueSeq: 0,
    rng,
    queue: [],
    etcd: newEtcdState([]),
    watches: new Map(),
    watchIndex: new Map(),
    nextWatchId: 1,
    nextRequestId: 1,
    components: new Map(),
    apiServers: [],
    machines: spec.machines.map((m) => nodeName(m.name)),
    machineSpecs: new Map(spec.machines.map((m) => [m.name, m])),
    trace: scale ? newTraceLog(opts.traceLimit ?? SCALE_TRACE_WINDOW, newTraceRates()) : newTraceLog(opts.traceLimit ?? 250_000),
    traceMuted: false,
    decisions: newDecisionLog(500, scale),
    changes: { objects: new Map(), components: new Set() },
    diffVersion: 0,
    timings: { ...DEFAULT_TIMINGS, ...opts.timings },
    bootedAt: 0 as SimMillis,
    eventIndex: new Map(),
    eventBroadcasters: new Map(),
    faults: new Map(),
    ...(opts.cluster ? { cluster: opts.cluster } : {}),
    ...(scale ? { scaleMode: true } : {}),
  };
  const add = (c: ComponentState, startAt: number): void => {
    w.components.set(c.id, c);
    schedule(w, startAt, c.id, { type: 'start' });
  };
  add(newKubectlState(componentId('kubectl'), WORKSTATION), 0);
  const cps = spec.machines.filter((m) => m.controlPlane);
  for (const m of cps) {
    const host = nodeName(m.name);
    const etcdId = componentId(`etcd${m.instanceSuffix}`);
    w.etcd.members.push({ name: etcdId, memberId: uuidV4(rng).replace(/-/g, '').slice(0, 16) });
    add(newEtcdMemberState(etcdId, host, `https://${m.ip}:2379`), 0);
    w.apiServers.push(componentId(`kube-apiserver${m.instanceSuffix}`));
    add(newApiServerState(componentId(`kube-apiserver${m.instanceSuffix}`), host, `${m.ip}:6443`), 400);
  }
  w.etcd.leader = w.etcd.members[0]?.name;
  for (const m of cps) {
    const host = nodeName(m.name);
    add(newControllerManagerState(componentId(`kube-controller-manager${m.instanceSuffix}`), host, `${m.name}_${uuidV4(rng)}`), 1500 + cps.indexOf(m) * 300);
    add(newSchedulerState(componentId(`kube-scheduler${m.instanceSuffix}`), host, `${m.name}_${uuidV4(rng)}`), 1600 + cps.indexOf(m) * 300);
  }
  if (opts.cluster?.cloudProvider) addCloudControllerManagers(w, cps, add);
  add(newCsiState(componentId('csi'), nodeName(cps[0]!.name)), 2500);
  spec.machines.forEach((m, i) => addNodeAgents(w, m, add, nodeAgentsStartAt(i), opts.cluster?.cni ?? DEFAULT_CNI));
  return w;
}

/**
 * When machine `i`'s node agents start. The first machines come up one after another, 137 ms
 * apart, so a learner can watch each one join; past them (a fleet of more than a hundred workers)
 * the rest come up together as a cloud node pool does, 100 a second. One stagger for every size
 * would make boot grow with the square of the node count: each node that has joined renews its
 * Lease and posts its status for the whole rest of a boot that is itself as long as the fleet.
 * Every machine of a cluster up to 101 workers starts exactly when it always did.
 */
export function nodeAgentsStartAt(i: number): number {
  const staggered = Math.min(i, STAGGERED_MACHINES);
  return 2000 + staggered * 137 + (i - staggered) * FLEET_JOIN_GAP_MS;
}

/** Machines that join one by one (a control plane and 101 workers: scale mode's smallest fleet). */
const STAGGERED_MACHINES = 101;
/** Beyond them, one machine every 10 ms. */
const FLEET_JOIN_GAP_MS = 10;

/** Seeds the stream cloud-controller-manager's identities are drawn from (mixed with the world's seed). */
const CCM_IDENTITY_STREAM = 0xcc_3a11;

/**
 * One cloud-controller-manager per control-plane machine, as a provider's manifest runs it
 * (a DaemonSet on the control plane), started after kube-controller-manager. Its identities come
 * from a stream of their own, so a cluster with it draws the same names as one without.
 */
function addCloudControllerManagers(w: World, cps: MachineSpec[], add: (c: ComponentState, at: number) => void): void {
  const rng = seedRng(w.seed ^ CCM_IDENTITY_STREAM);
  for (const m of cps) {
    add(newCloudControllerManagerState(componentId(`cloud-controller-manager${m.instanceSuffix}`), nodeName(m.name), `${m.name}_${uuidV4(rng)}`), 1700 + cps.indexOf(m) * 300);
  }
}

function addNodeAgents(w: World, m: MachineSpec, add: (c: ComponentState, at: number) => void, at: number, cni: CniPlugin): void {
  const host: NodeName = nodeName(m.name);
  add(newRuntimeState(componentId(`container-runtime/${m.name}`), host, m.runtime), at);
  add(newCniState(componentId(`cni/${m.name}`), host, cni, w.seed), at + 10);
  add(newKubeletState(componentId(`kubelet/${m.name}`), host), at + 50);
  add(newKubeProxyState(componentId(`kube-proxy/${m.name}`), host), at + 900);
  void w;
}
