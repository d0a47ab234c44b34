/**
 * The state each process of a topology is created with: stopped, first incarnation, empty caches.
 * The state modules (scheduler/state.ts, node/runtime-state.ts, …) only declare these shapes;
 * the values are built here, where the topology is turned into components (build.ts), so a declaration
 * never pulls in the code that fills it.
 */
import type { ComponentId, NodeName } from '../core/ids';
import { baseState } from '../core/component';
import { newLeaderElection } from '../client/leaderelection';
import type { ApiServerState } from '../apiserver/state';
import type { EtcdMemberState } from '../etcd/member';
import { newCache } from '../scheduler/cache';
import { newQueue } from '../scheduler/queue';
import { newStats } from '../scheduler/behaviour';
import type { SchedulerState } from '../scheduler/state';
import type { CloudControllerManagerState, ControllerManagerState } from '../controllers/state';
import type { KubeletState } from '../kubelet/state';
import { PAUSE_IMAGE } from '../node/image-store';
import type { RuntimeState } from '../node/runtime-state';
import type { RuntimeImpl } from '../node/runtime-impl';
import type { CniState } from '../node/cni-state';
import { seedRng } from '../core/rng';
import type { CniPlugin } from './topology';
import type { CsiState } from '../node/csi-state';
import type { KubeProxyState } from '../node/proxy-state';
import type { KubectlState } from '../components';
import { newPlegState } from '../kubelet/pleg-clock';

export function newKubectlState(id: ComponentId, host: NodeName): KubectlState {
  return baseState(id, 'kubectl', host);
}

export function newEtcdMemberState(id: ComponentId, host: NodeName, clientURL: string): EtcdMemberState {
  return { ...baseState(id, 'etcd', host), clientURL };
}

export function newApiServerState(id: ComponentId, host: NodeName, address: string): ApiServerState {
  return { ...baseState(id, 'kube-apiserver', host), address, requestsServed: 0 };
}

export function newSchedulerState(id: ComponentId, host: NodeName, identity: string): SchedulerState {
  return {
    ...baseState(id, 'kube-scheduler', host),
    informers: {},
    leader: newLeaderElection('kube-scheduler', identity),
    cache: newCache(),
    queue: newQueue(),
    loopScheduled: false,
    backoffFlushScheduled: false,
    unschedulableFlushScheduled: false,
    nextStartNodeIndex: 0,
    nominated: new Map(),
    volumeWaits: new Map(),
    stats: newStats(),
  };
}

export function newControllerManagerState(id: ComponentId, host: NodeName, identity: string): ControllerManagerState {
  return {
    ...baseState(id, 'kube-controller-manager', host),
    leader: newLeaderElection('kube-controller-manager', identity),
    informers: {},
    queues: {},
    scheduled: {},
    data: {},
    reconciles: {},
  };
}

export function newCloudControllerManagerState(id: ComponentId, host: NodeName, identity: string): CloudControllerManagerState {
  return {
    ...baseState(id, 'cloud-controller-manager', host),
    leader: newLeaderElection('cloud-controller-manager', identity),
    informers: {},
    queues: {},
    scheduled: {},
    data: {},
    reconciles: {},
  };
}

export function newKubeletState(id: ComponentId, host: NodeName): KubeletState {
  return {
    ...baseState(id, 'kubelet', host),
    informers: {},
    machine: undefined,
    registered: false,
    conditions: [],
    lastPostedStatus: undefined,
    lastPostedAt: 0,
    podCIDR: undefined,
    lease: undefined,
    workers: new Map(),
    pleg: newPlegState(0),
    crashBackoff: new Map(),
    imageBackoff: new Map(),
    pullerFreeAt: 0,
    layersReadyAt: new Map(),
    everReady: false,
    startedAt: 0,
    staticPods: {},
  };
}

/** Only the pause image is there at first; start() adds what kubeadm pre-pulled on the machine. */
export function newRuntimeState(id: ComponentId, host: NodeName, impl?: RuntimeImpl): RuntimeState {
  return {
    ...baseState(id, 'container-runtime', host),
    ...(impl && impl !== 'containerd' ? { impl } : {}),
    sandboxes: new Map(),
    containers: new Map(),
    images: new Map([[PAUSE_IMAGE.ref, { ...PAUSE_IMAGE }]]),
  };
}

/** Seeds each node agent's watch-jitter stream (see CniState.watchRng). */
const CNI_AGENT_STREAM = 0x5eed_c41;

export function newCniState(id: ComponentId, host: NodeName, plugin: CniPlugin, seed: number): CniState {
  return {
    ...baseState(id, 'cni', host),
    plugin,
    subnet: undefined,
    allocations: new Map(),
    lastReserved: undefined,
    informers: {},
    policy: { pods: {}, policies: 0, syncs: 0 },
    syncPending: false,
    lastSyncAt: undefined,
    watchRng: seedRng((seed ^ CNI_AGENT_STREAM ^ hashName(host)) >>> 0),
  };
}

function hashName(s: string): number {
  let h = 0x811c9dc5;
  for (const ch of s) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return h;
}

export function newCsiState(id: ComponentId, host: NodeName): CsiState {
  return { ...baseState(id, 'csi', host), informers: {}, identity: '', provisionerId: '', volumes: new Map(), staged: new Map(), published: new Map(), pending: new Set(), provisioning: new Set() };
}

export function newKubeProxyState(id: ComponentId, host: NodeName): KubeProxyState {
  return { ...baseState(id, 'kube-proxy', host), informers: {}, rules: {}, lastSyncAt: undefined, syncPending: false, syncs: 0 };
}
