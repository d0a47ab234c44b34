/**
 * The kubelet's Node: registration (POST nodes as system:node:<name>), the status it computes
 * every nodeStatusUpdateFrequency and posts when something changed (or every
 * nodeStatusReportFrequency regardless), and the Node events its condition setters record.
 * Ready stays False with the runtime's network error until the CNI plugin has a config, which
 * needs the podCIDR kube-controller-manager's node-ipam controller assigns.
 */
import { CSI_NODE_ID_ANNOTATION, csiNodeIdAnnotation, initializeCsiNode } from './csi-node-info';
import { jsonEqual } from '../core/json-equal';
import type { Node, NodeCondition, NodeStatus } from '../../k8s/types';
import { UNINITIALIZED_TAINT } from '../../k8s/cloud';
import { uuidV4 } from '../core/rng';
import { rfc3339 } from '../../k8s/time';
import { GIT_VERSION } from '../../k8s/version';
import { setTimer, trace } from '../runtime';
import type { World } from '../world';
import { configureCni, cniOf } from '../node/cni';
import { csiDriver } from '../node/csi-node';
import { runtimeOf, runtimeStatus } from '../node/cri';
import { factsOf } from '../node/runtime-impl';
import { randomHex } from '../node/hex';
import { KERNEL_RELEASE, OS_IMAGE } from '../node/kernel';
import { api, nodeEvent } from './client';
import type { KubeletState, MachineIdentity } from './state';

export const KUBELET_VERSION = GIT_VERSION;
const KUBELET_PORT = 10250;
/** The node status keeps at most this many images (nodeStatusMaxImages). */
const MAX_IMAGES = 50;

export const NETWORK_NOT_READY =
  'container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized';
const RUNTIME_DOWN = 'container runtime is down';

function machine(w: World, self: KubeletState): MachineIdentity {
  self.machine ??= { machineID: randomHex(w.rng, 32), systemUUID: uuidV4(w.rng), bootID: uuidV4(w.rng) };
  return self.machine;
}

/** Why the node is not Ready ('' when it is): runtimeErrors, then networkErrors. */
export function notReadyMessage(w: World, self: KubeletState): string {
  const st = runtimeStatus(w, runtimeOf(w, self.host));
  const errs: string[] = [];
  if (!st.runtimeReady) errs.push(RUNTIME_DOWN);
  else if (!st.networkReady) errs.push(NETWORK_NOT_READY);
  return errs.length <= 1 ? (errs[0] ?? '') : `[${errs.join(', ')}]`;
}

interface ConditionSpec {
  type: string;
  status: 'True' | 'False';
  reason: string;
  message: string;
  /** Event recorded when the condition takes this status (pressure setters record on any change). */
  event: string | undefined;
}

function desiredConditions(w: World, self: KubeletState): ConditionSpec[] {
  const notReady = notReadyMessage(w, self);
  return [
    { type: 'MemoryPressure', status: 'False', reason: 'KubeletHasSufficientMemory', message: 'kubelet has sufficient memory available', event: 'NodeHasSufficientMemory' },
    { type: 'DiskPressure', status: 'False', reason: 'KubeletHasNoDiskPressure', message: 'kubelet has no disk pressure', event: 'NodeHasNoDiskPressure' },
    { type: 'PIDPressure', status: 'False', reason: 'KubeletHasSufficientPID', message: 'kubelet has sufficient PID available', event: 'NodeHasSufficientPID' },
    notReady
      ? { type: 'Ready', status: 'False', reason: 'KubeletNotReady', message: notReady, event: 'NodeNotReady' }
      : { type: 'Ready', status: 'True', reason: 'KubeletReady', message: 'kubelet is posting ready status', event: 'NodeReady' },
  ];
}

/**
 * The condition setters: keep lastTransitionTime while the status holds, record an event on a
 * change. A brand-new Ready condition records nothing (the kubelet only reports Ready changes).
 */
function updateConditions(w: World, self: KubeletState): NodeCondition[] {
  const now = rfc3339(w.now);
  const out: NodeCondition[] = [];
  for (const d of desiredConditions(w, self)) {
    const prev = self.conditions.find((c) => c.type === d.type);
    const changed = prev?.status !== d.status;
    out.push({ type: d.type, status: d.status, lastHeartbeatTime: now, lastTransitionTime: changed ? now : (prev.lastTransitionTime ?? now), reason: d.reason, message: d.message });
    if (changed && d.event && (d.type !== 'Ready' || prev !== undefined)) nodeEvent(w, self, 'Normal', d.event, `Node ${self.host} status is now: ${d.event}`);
    if (d.type === 'Ready' && d.status === 'True') self.everReady = true;
  }
  self.conditions = out;
  return out;
}

function nodeStatus(w: World, self: KubeletState): NodeStatus {
  const spec = w.machineSpecs.get(self.host);
  const m = machine(w, self);
  const rt = runtimeOf(w, self.host);
  const images = [...(rt?.images.values() ?? [])]
    .sort((a, b) => b.sizeBytes - a.sizeBytes || a.ref.localeCompare(b.ref))
    .slice(0, MAX_IMAGES)
    .map((i) => ({ names: [i.repoDigest, i.ref], sizeBytes: i.sizeBytes }));
  return {
    capacity: { ...(spec?.capacity ?? {}) },
    allocatable: { ...(spec?.allocatable ?? {}) },
    conditions: updateConditions(w, self),
    addresses: [
      { type: 'InternalIP', address: spec?.ip ?? '' },
      { type: 'Hostname', address: self.host },
    ],
    daemonEndpoints: { kubeletEndpoint: { Port: KUBELET_PORT } },
    nodeInfo: {
      machineID: m.machineID,
      systemUUID: m.systemUUID,
      bootID: m.bootID,
      kernelVersion: KERNEL_RELEASE,
      osImage: OS_IMAGE,
      containerRuntimeVersion: factsOf(runtimeOf(w, self.host)).version,
      kubeletVersion: KUBELET_VERSION,
      // Deprecated and no longer set by the kubelet, but its json tag has no omitempty: `""`.
      kubeProxyVersion: '',
      operatingSystem: 'linux',
      architecture: 'amd64',
    },
    images,
    // kubelet setters.go NodeFeatures: the runtime's answer (containerd 2.x: supported) to supplementalGroupsPolicy.
    features: { supplementalGroupsPolicy: true },
  };
}

function initialNode(w: World, self: KubeletState): Node {
  const controlPlane = w.machineSpecs.get(self.host)?.controlPlane ?? false;
  const labels: Record<string, string> = {
    'beta.kubernetes.io/arch': 'amd64',
    'beta.kubernetes.io/os': 'linux',
    'kubernetes.io/arch': 'amd64',
    'kubernetes.io/hostname': self.host,
    'kubernetes.io/os': 'linux',
  };
  // node-driver-registrar's NodeGetInfo topology, which the kubelet copies onto its Node: what a
  // provisioned PV's node affinity (csi.ts TOPOLOGY_KEY) is matched against.
  if (csiDriver(w)) labels['topology.hostpath.csi/node'] = self.host;
  if (controlPlane) {
    labels['node-role.kubernetes.io/control-plane'] = '';
    labels['node.kubernetes.io/exclude-from-external-load-balancers'] = '';
  }
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      name: self.host,
      labels,
      annotations: {
        'kubeadm.alpha.kubernetes.io/cri-socket': 'unix:///run/containerd/containerd.sock',
        ...(csiDriver(w) ? { [CSI_NODE_ID_ANNOTATION]: csiNodeIdAnnotation(self.host) } : {}),
        'volumes.kubernetes.io/controller-managed-attach-detach': 'true',
      },
    },
    spec: initialTaints(w, controlPlane),
    status: nodeStatus(w, self),
  };
}

/**
 * kubeadm's --register-with-taints on a control-plane machine, then the taint a kubelet started
 * with `--cloud-provider=external` adds until the cloud-controller-manager has initialised the Node.
 */
function initialTaints(w: World, controlPlane: boolean): Node['spec'] {
  const taints: NonNullable<NonNullable<Node['spec']>['taints']> = [];
  if (controlPlane) taints.push({ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' });
  if (w.cluster?.cloudProvider) taints.push({ key: UNINITIALIZED_TAINT, value: 'true', effect: 'NoSchedule' });
  return taints.length ? { taints } : {};
}

/** tryRegisterWithAPIServer: an existing Node of the same name is adopted, as after a restart. */
export function registerNode(w: World, self: KubeletState): void {
  const node = initialNode(w, self);
  const res = api(w, self, { verb: 'create', resource: 'nodes', body: node });
  const exists = !res.ok && !('network' in res.error) && res.error.code === 409;
  if (!res.ok && !exists) {
    setTimer(w, self, 7000, 'register');
    return;
  }
  self.registered = true;
  self.lastPostedStatus = exists ? undefined : postedView(node.status!);
  self.lastPostedAt = w.now;
  nodeEvent(w, self, 'Normal', 'NodeAllocatableEnforced', 'Updated Node Allocatable limit across pods');
  let stored = res.ok ? (res.object as Node | undefined) : undefined;
  if (exists) {
    // The stored conditions are what the setters compare with (Unknown → True records NodeReady).
    const cur = api(w, self, { verb: 'get', resource: 'nodes', name: self.host });
    if (cur.ok && cur.object) {
      stored = cur.object as Node;
      self.conditions = structuredClone(stored.status?.conditions ?? []);
    }
    syncNodeStatus(w, self);
  }
  if (stored) initializeCsiNode(w, self, stored);
  setTimer(w, self, w.timings.nodeStatusUpdateFrequency, 'node-status');
  if (!self.everReady) setTimer(w, self, 1000, 'fast-status');
}

/** The status as compared between ticks: heartbeat times blanked (jsonEqual compares it as its JSON). */
function postedView(s: NodeStatus): object {
  return { ...s, conditions: (s.conditions ?? []).map((c) => ({ ...c, lastHeartbeatTime: '' })) };
}

/**
 * The stored conditions when the node-lifecycle-controller has marked some Unknown (the kubelet
 * itself never writes Unknown), as seen through the kubelet's watch of its own Node.
 */
function markedUnknown(self: KubeletState): NodeCondition[] | undefined {
  const stored = (self.informers['nodes']?.cache.get(self.host) as Node | undefined)?.status?.conditions;
  return stored?.some((c) => c.status === 'Unknown') ? stored : undefined;
}

/** One tick of the status loop: post when changed, or when the report interval has passed. */
export function syncNodeStatus(w: World, self: KubeletState): void {
  if (!self.registered) return;
  // tryUpdateNodeStatus compares with the stored Node: conditions the controller set to Unknown
  // while this kubelet could not be heard (a partition, a control plane with a stale cache) are
  // corrected on the next tick — Unknown → True records NodeReady — not at the 5-minute report.
  const unknown = markedUnknown(self);
  if (unknown) self.conditions = structuredClone(unknown);
  const status = nodeStatus(w, self);
  const key = postedView(status);
  if (!unknown && self.lastPostedStatus !== undefined && jsonEqual(key, self.lastPostedStatus) && w.now - self.lastPostedAt < w.timings.nodeStatusReportFrequency) return;
  const res = api(w, self, { verb: 'patch', resource: 'nodes', subresource: 'status', name: self.host, body: { status } as unknown as Node });
  if (!res.ok) return;
  self.lastPostedStatus = key;
  self.lastPostedAt = w.now;
}

/** While the node has never been Ready, check every second so it turns Ready promptly. */
export function fastStatusTick(w: World, self: KubeletState): void {
  if (self.everReady || !self.registered) return;
  if (notReadyMessage(w, self) === '') syncNodeStatus(w, self);
  if (!self.everReady) setTimer(w, self, 1000, 'fast-status');
}

/** The Node's spec.podCIDR reached the kubelet: hand it to the runtime (CRI UpdateRuntimeConfig). */
export function applyPodCIDR(w: World, self: KubeletState, node: Node): void {
  const cidr = node.spec?.podCIDR;
  if (!cidr || cidr === self.podCIDR) return;
  const rt = runtimeOf(w, self.host);
  if (!rt?.running) return;
  self.podCIDR = cidr;
  trace(w, { from: self.id, to: rt.id, kind: 'cri', detail: { service: 'RuntimeService', call: 'UpdateRuntimeConfig', podCIDR: cidr }, object: { kind: 'Node', name: self.host } });
  const cni = cniOf(w, self.host);
  if (cni) configureCni(w, cni, rt.id, cidr);
}
