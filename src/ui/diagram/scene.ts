/**
 * The diagram's contents as data, from the store: the user and kubectl; each control-plane
 * machine with kube-apiserver, etcd, kube-scheduler and kube-controller-manager; the CSI
 * controller and the optional cloud-controller-manager (drawn as absent); every machine's STATUS
 * and taints from its Node object, its agents as chips and its Pods (kube-system's counted on one
 * chip); Pods waiting for a node; which pairs an edge joins (hub and spoke, plus the real
 * node-local ones); what a lesson step points at and which boxes answer a prediction. Each box
 * gets its size from its words (boxes.ts). Pure.
 */
import type { KObject, Node as KNode, Pod } from '../../k8s/types';
import { nodeStatus } from '../../k8s/printers/node';
import type { Focus } from '../../lesson-runtime/schema';
import type { ComponentSummary } from '../../protocol/messages';
import { en as DIAGRAM_EN } from '../i18n/messages/diagram';
import { KCM_CONTROLLERS, USER_ID, csiNodeId, drawnAs, managerBox, nodeGroupId } from './actors';
import { rowWidth, type LeafSpec, type MachineSpec, type SceneSpec } from './arrange';
import { agentSize, captionSize, componentSize, CHIP_H, podWidth, systemWidth } from './boxes';
import type { AgentNodeData, ChoiceState, ComponentNodeData, DiagramNode, EdgeKind, MachineNodeData, MachineState, NodeCondition } from './data';
import { focusedObjects, isController, namesComponent, nodeFocused, nodeOptionFor, optionFor, podFocused, type DiagramChoice, type ObjectRef } from './focus';
import { podView, systemPods, type PodNodeData } from './pods';
import { activeFaults } from './targets';
import { aggregateNodes, GRID_ABOVE, type NodeAggregate } from './node-grid-model';

export interface SceneOptions {
  /** The running lesson step's focus (stageFocus). */
  focus?: readonly Focus[];
  /** An open prediction answered by clicking the diagram. */
  choice?: DiagramChoice;
  /**
   * The workers aggregated (aggregateNodes) for this moment, when the caller keeps it between
   * pictures; a cluster with more than GRID_ABOVE workers draws them as the node grid.
   */
  nodes?: NodeAggregate;
  /** Only this worker's machine, with everything in it (the node grid's zoom). */
  onlyWorker?: string;
}

/** The node grid's box. */
export const GRID_ID = 'node-grid';
/** A big cluster's picture draws this many Pods waiting for a node, and counts the rest. */
export const PENDING_DRAWN = 8;

/** An edge's id: the same whichever way a message travels. */
export function edgeId(a: string, b: string): string {
  return a < b ? `${a}~${b}` : `${b}~${a}`;
}

function byName(a: Pod, b: Pod): number {
  return `${a.metadata.namespace}/${a.metadata.name}` < `${b.metadata.namespace}/${b.metadata.name}` ? -1 : 1;
}

function taintText(t: { key: string; value?: string; effect: string }): string {
  return `${t.key}${t.value ? `=${t.value}` : ''}:${t.effect}`;
}

function conditionOf(status: string): NodeCondition {
  const first = status.split(',')[0];
  return first === 'Ready' || first === 'NotReady' ? first : 'Unknown';
}

const CP_KINDS: readonly ComponentSummary['kind'][] = ['kube-apiserver', 'etcd', 'kube-scheduler', 'kube-controller-manager'];

export type Kind = DiagramNode['type'];

export interface Scene {
  data: Map<string, { type: Kind; data: DiagramNode['data'] }>;
  scene: SceneSpec;
  /** Pairs of boxes joined by an edge, with their kind. */
  links: { source: string; target: string; kind: EdgeKind }[];
  /** The workers, when there are too many to draw one by one (the node grid, GRID_ID). */
  grid?: NodeAggregate;
}

/** The machines the control plane runs on, and the workers (machines with a kubelet and no control-plane part). */
export function machineHosts(components: ReadonlyMap<string, ComponentSummary>): { controlPlanes: string[]; workers: string[] } {
  const cp = new Set<string>();
  for (const c of components.values()) if (CP_KINDS.includes(c.kind)) cp.add(c.host);
  const workers = new Set<string>();
  for (const c of components.values()) if (c.kind === 'kubelet' && !cp.has(c.host)) workers.add(c.host);
  return { controlPlanes: [...cp], workers: [...workers] };
}

/** Whether the workers are drawn as the node grid. */
export function aggregates(workers: number): boolean {
  return workers > GRID_ABOVE;
}

/**
 * The box a worker's part is drawn in when the workers are aggregated: the node grid for every
 * agent, CSI node plugin and machine of a worker; anything else is its own box.
 */
export function gridAlias(components: ReadonlyMap<string, ComponentSummary>, workers: ReadonlySet<string>): (id: string) => string {
  return (id) => {
    const host = components.get(id)?.host ?? (id.startsWith('node:') ? id.slice(5) : id.startsWith('csi-node/') ? id.slice(9) : undefined);
    return host !== undefined && workers.has(host) && components.get(id)?.kind !== 'csi' ? GRID_ID : id;
  };
}

/** Which kube-apiserver a component talks to (apiserver/handler.ts pickServer): kubeadm points control-plane parts at their own; kubectl and kubelets go through the load balancer to the first. */
function apiFor(c: ComponentSummary, apiservers: readonly ComponentSummary[]): string | undefined {
  const local = apiservers.find((a) => a.host === c.host);
  if (local && c.kind !== 'kubectl' && c.kind !== 'kubelet') return local.id;
  return (apiservers.find((a) => a.running) ?? apiservers[0])?.id;
}

/**
 * What the picture holds, before it is arranged: every box's data and size, grouped as the
 * layout needs them (SceneSpec), and the pairs of boxes an edge joins.
 */
export function buildScene(components: ReadonlyMap<string, ComponentSummary>, objects: ReadonlyMap<string, KObject>, leaders: ReadonlySet<string>, isActive: (id: string) => boolean, opts: SceneOptions): Scene {
  const data = new Map<string, { type: Kind; data: DiagramNode['data'] }>();
  const links: Scene['links'] = [];
  const all = [...components.values()];
  const faults = activeFaults(components);
  const focusObjects: ObjectRef[] = focusedObjects(opts.focus ?? []);
  const focusComponents = (opts.focus ?? []).flatMap((f) => ('component' in f ? [f.component] : []));
  const choice = opts.choice;
  const choose = (option: string | undefined): ChoiceState | undefined => (option === undefined ? undefined : { option, selected: choice?.chosen === option });
  const link = (source: string | undefined, target: string | undefined, kind: EdgeKind = 'normal'): void => {
    if (!source || !target || source === target) return;
    if (links.some((l) => edgeId(l.source, l.target) === edgeId(source, target))) return;
    links.push({ source, target, kind });
  };

  const component = (id: string, d: ComponentNodeData): LeafSpec => {
    if (focusComponents.some((p) => namesComponent(p, d.componentId, d.kind))) d.focus = true;
    const option = choose(optionFor(choice, d.componentId));
    if (option) d.choice = option;
    data.set(id, { type: 'component', data: d });
    return { id, ...componentSize(d, d.labelKey ? DIAGRAM_EN[d.labelKey] : d.label) };
  };
  const fromSummary = (c: ComponentSummary, extra: Partial<ComponentNodeData> = {}): LeafSpec => {
    const d: ComponentNodeData = { componentId: c.id, kind: c.kind, label: c.id, running: c.running, active: isActive(c.id), ...extra };
    if (c.kind === 'kube-scheduler' || c.kind === 'kube-controller-manager' || c.kind === 'cloud-controller-manager') d.leader = leaders.has(c.id);
    if (c.kind === 'etcd' && c.details?.raftTerm !== undefined) d.raft = { leader: c.details.raftLeader === true, term: c.details.raftTerm };
    if (c.details?.faults?.length) d.faults = c.details.faults;
    if (c.kind === 'kube-apiserver') d.hub = true;
    // While a prediction asks which controller acts, the controllers it offers are chips in the box that draws them.
    if (c.kind === 'kube-controller-manager' && choice?.form === 'component' && drawnAs(KCM_CONTROLLERS[0], components, leaders) === c.id) {
      const offered = choice.options.filter(isController);
      if (offered.length) d.controllerChoices = offered.map((o) => choose(o)!);
    }
    return component(c.id, d);
  };
  const agent = (id: string, d: AgentNodeData): LeafSpec => {
    if (focusComponents.some((p) => namesComponent(p, d.componentId, d.kind))) d.focus = true;
    const option = choose(optionFor(choice, d.componentId));
    if (option) d.choice = option;
    data.set(id, { type: 'agent', data: d });
    return { id, ...agentSize(d) };
  };

  const user = component(USER_ID, { componentId: USER_ID, kind: 'user', label: 'User / CI', labelKey: 'diagram.user', running: true, active: isActive(USER_ID) });
  const kubectlC = all.find((c) => c.kind === 'kubectl');
  const kubectl = kubectlC ? fromSummary(kubectlC) : undefined;
  // Drawn absent unless the cluster runs one (`--cloud-provider`); then as its leading instance.
  const ccmId = managerBox(components, leaders, 'cloud-controller-manager');
  const ccmC = ccmId === undefined ? undefined : components.get(ccmId);
  const ccm = ccmC
    ? fromSummary(ccmC, { labelKey: 'diagram.ccm' })
    : component('cloud-controller-manager', { componentId: 'cloud-controller-manager', kind: 'cloud-controller-manager', label: 'cloud-controller-manager', labelKey: 'diagram.ccm', running: false, absent: true, active: false });
  const csi = all.find((c) => c.kind === 'csi');
  const apiservers = all.filter((c) => c.kind === 'kube-apiserver');
  if (kubectlC) {
    link(USER_ID, kubectlC.id);
    link(kubectlC.id, apiFor(kubectlC, apiservers));
  }
  if (ccmC) link(ccmC.id, apiFor(ccmC, apiservers));
  else link('cloud-controller-manager', apiservers[0]?.id, 'absent');

  const hosts = machineHosts(components);
  const only = opts.onlyWorker;
  const grid = only === undefined && aggregates(hosts.workers.length);
  // Pods, by the machine they were bound to; the kube-system ones are counted on one chip per
  // machine. One pass: a big cluster's picture needs only the control plane's and the waiting ones.
  const drawnHost = (h: string): boolean => (only !== undefined ? h === only : !grid || hosts.controlPlanes.includes(h));
  const podsBy = new Map<string, Pod[]>();
  const waiting: Pod[] = [];
  for (const [k, o] of objects) {
    if (!k.startsWith('pods/')) continue;
    const p = o as Pod;
    const on = p.spec.nodeName;
    if (!on) {
      if (only === undefined) waiting.push(p);
    } else if (drawnHost(on)) {
      let list = podsBy.get(on);
      if (!list) podsBy.set(on, (list = []));
      list.push(p);
    }
  }
  waiting.sort(byName);
  const podLeaf = (p: Pod, width?: number): LeafSpec => {
    const v = podView(p);
    if (!p.spec.nodeName && v.status === 'Pending') v.quiet = true;
    if (podFocused(focusObjects, v)) v.focus = true;
    const id = `pod:${v.namespace}/${v.name}`;
    data.set(id, { type: 'pod', data: v });
    return { id, w: width ?? podWidth(v), h: CHIP_H };
  };
  // One chip width per machine, so its Pods line up in columns.
  const chipW = (list: readonly Pod[]): number => Math.max(0, ...list.map((p) => podWidth({ ...podView(p), quiet: !p.spec.nodeName && podView(p).status === 'Pending' })));
  const podsOn = (host: string): Pick<MachineSpec, 'groups' | 'loose' | 'system'> => {
    const mine = (podsBy.get(host) ?? []).sort(byName);
    const width = chipW(mine.filter((p) => p.metadata.namespace !== 'kube-system'));
    const groups = new Map<string, LeafSpec[]>();
    const loose: LeafSpec[] = [];
    for (const p of mine) {
      if (p.metadata.namespace === 'kube-system') continue;
      const leaf = podLeaf(p, width);
      const owner = (data.get(leaf.id)!.data as PodNodeData).owner;
      if (!owner) loose.push(leaf);
      else {
        const owned = groups.get(owner);
        if (owned) owned.push(leaf);
        else groups.set(owner, [leaf]);
      }
    }
    const system = mine.filter((p) => p.metadata.namespace === 'kube-system').map(podView);
    let chip: LeafSpec | undefined;
    if (system.length) {
      const d = systemPods(host, system);
      if (system.some((v) => podFocused(focusObjects, v))) d.focus = true;
      data.set(`system:${host}`, { type: 'system', data: d });
      chip = { id: `system:${host}`, w: systemWidth(d), h: CHIP_H };
    }
    return {
      ...(chip ? { system: chip } : {}),
      groups: [...groups.entries()].map(([owner, leaves]) => {
        const id = `caption:${host}/${owner}`;
        const focus = leaves.some((l) => (data.get(l.id)!.data as PodNodeData).focus === true);
        data.set(id, { type: 'caption', data: focus ? { text: owner, focus } : { text: owner } });
        return { caption: { id, ...captionSize(owner) }, pods: leaves };
      }),
      loose,
    };
  };

  const machine = (host: string, role: 'control-plane' | 'worker'): MachineSpec => {
    const id = nodeGroupId(host);
    const node = objects.get(`nodes/${host}`) as KNode | undefined;
    const d: MachineState = { host, role, poweredOff: faults.has(`node/${host}`), partitioned: faults.has(`network/${host}`), active: isActive(id) };
    if (node) {
      d.status = nodeStatus(node);
      d.condition = conditionOf(d.status);
    }
    if (nodeFocused(focusObjects, host)) d.focus = true;
    const option = choose(nodeOptionFor(choice, host));
    if (option) d.choice = option;
    data.set(id, { type: 'machine', data: d as MachineNodeData });
    const spec: MachineSpec = { id, data: d, taints: (node?.spec.taints ?? []).map((t, i) => `${i === 0 ? 'Taints: ' : ''}${taintText(t)}`), agents: [], agentsW: 0, components: [], ...podsOn(host) };
    const on = (kind: ComponentSummary['kind']) => all.find((c) => c.host === host && c.kind === kind);
    const kubelet = on('kubelet');
    const runtime = on('container-runtime');
    const cni = on('cni');
    const proxy = on('kube-proxy');
    const chip = (c: ComponentSummary | undefined, extra: Pick<AgentNodeData, 'short'> & Partial<AgentNodeData>): void => {
      if (!c) return;
      const a: AgentNodeData = { componentId: c.id, kind: c.kind as AgentNodeData['kind'], host, running: c.running, active: isActive(c.id), ...extra };
      if (c.details?.faults?.length) a.faults = c.details.faults;
      spec.agents.push(agent(c.id, a));
    };
    if (csi && kubelet) {
      // One `csi` process serves every node in the engine; its node plugin dies with its machine.
      const down = [...(csi.details?.faults ?? []), ...(faults.has(`node/${host}`) ? [`node/${host}`] : [])];
      const plugin: AgentNodeData = { componentId: csi.id, kind: 'csi', short: 'CSI', labelKey: 'diagram.csiNode', host, running: csi.running && down.length === 0, active: isActive(csiNodeId(host)) };
      if (down.length) plugin.faults = down;
      spec.agents.push(agent(csiNodeId(host), plugin));
      link(kubelet.id, csiNodeId(host));
    }
    chip(kubelet, { short: 'kubelet' });
    const impl = runtime?.details?.runtime;
    // The chip's word stays short (the machines' widths decide the layout); its full name says which runtime.
    chip(runtime, impl?.impl === 'cri-o' ? { short: 'CRI-O', labelKey: 'diagram.runtimeCrio' } : { short: 'CRI', labelKey: impl ? 'diagram.runtimeContainerd' : 'diagram.runtime' });
    // The OCI runtime (runc, crun) is not a chip of its own: one more chip per machine pushes the
    // basic cluster's three workers (and ha's control planes) onto two rows at 1280×720, below the
    // 12 px floor. Its hops pulse on the runtime's chip, whose card names it (geometry.ts).
    chip(cni, { short: 'CNI', labelKey: 'diagram.cni' });
    chip(proxy, { short: 'kube-proxy' });
    spec.agentsW = rowWidth(spec.agents.map((a) => agentSize({ ...(data.get(a.id)!.data as AgentNodeData), running: true })));
    if (kubelet) link(kubelet.id, apiFor(kubelet, apiservers));
    if (proxy) link(proxy.id, apiFor(proxy, apiservers), 'watch');
    if (kubelet && runtime) link(kubelet.id, runtime.id);
    if (runtime && cni) link(runtime.id, cni.id);
    if (role === 'control-plane') {
      const api = on('kube-apiserver');
      const etcd = on('etcd');
      const sched = on('kube-scheduler');
      const kcm = on('kube-controller-manager');
      const parts = { etcd: etcd && fromSummary(etcd), sched: sched && fromSummary(sched), kcm: kcm && fromSummary(kcm) };
      if (api) spec.apiserver = fromSummary(api);
      const present = (xs: (LeafSpec | undefined)[]): LeafSpec[] => xs.filter((x): x is LeafSpec => x !== undefined);
      spec.components = present([parts.etcd, parts.sched, parts.kcm]);
      spec.left = present([parts.sched, parts.kcm]);
      spec.right = present([parts.etcd]);
      link(api?.id, etcd?.id);
      if (sched) link(sched.id, apiFor(sched, apiservers));
      if (kcm) link(kcm.id, apiFor(kcm, apiservers));
    }
    return spec;
  };

  const cpHosts = hosts.controlPlanes;
  const workerHosts = hosts.workers;
  const controlPlanes = only === undefined ? cpHosts.map((h) => machine(h, 'control-plane')) : [];
  const workers = only !== undefined ? workerHosts.filter((h) => h === only).map((h) => machine(h, 'worker')) : grid ? [] : workerHosts.map((h) => machine(h, 'worker'));
  const scene: SceneSpec = { user, ccm, controlPlanes, workers };
  let nodes: NodeAggregate | undefined;
  if (grid) {
    nodes = opts.nodes ?? aggregateNodes(objects, new Set(cpHosts), workerHosts);
    const c = nodes.counts;
    scene.grid = { id: GRID_ID, sizes: nodes.zones.map((z) => z.cells.length), zoned: nodes.zoned, counts: [c.ready, c.notReady, c.pressure, c.pods] };
    // Every worker's kubelet reports to the first running kube-apiserver (through the load balancer).
    link(GRID_ID, (apiservers.find((a) => a.running) ?? apiservers[0])?.id);
  }
  if (csi) {
    scene.csi = { ...fromSummary(csi, { labelKey: 'diagram.csiController' }), host: csi.host };
    link(csi.id, apiFor(csi, apiservers));
  }
  if (kubectl) scene.kubectl = kubectl;
  if (waiting.length) {
    const d: MachineState = { host: '', role: 'pending', virtual: true, poweredOff: false, partitioned: false, active: false };
    data.set('group:unscheduled', { type: 'machine', data: d as MachineNodeData });
    // A big cluster's rollout can leave thousands waiting: the first few are drawn, the rest counted.
    const drawn = grid && waiting.length > PENDING_DRAWN ? waiting.slice(0, PENDING_DRAWN) : waiting;
    const leaves = drawn.map((p) => podLeaf(p, chipW(drawn)));
    const more = waiting.length - drawn.length;
    if (more > 0) {
      const id = 'caption:unscheduled/more';
      data.set(id, { type: 'caption', data: { text: `+${more}`, more } });
      leaves.push({ id, ...captionSize(`+${more.toLocaleString('en')} more Pods`) });
    }
    scene.pending = { id: 'group:unscheduled', data: d, pods: leaves };
  }
  return nodes ? { data, scene, links, grid: nodes } : { data, scene, links };
}
