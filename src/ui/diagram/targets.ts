/**
 * Which faults a diagram box offers, named the way the engine names fault targets
 * (src/engine/faults.ts listTargets): an instance id (`kube-scheduler`, `etcd-1`, `csi`), a node
 * part (`kubelet/node-2`), a machine (`node/node-2`) or a worker's network (`network/node-2`).
 * Each action becomes the terminal line `sim fail <target>` / `sim recover <target>`, so it
 * lands in the replayable command log like anything typed. Pure: unit-tested as data.
 */
import type { ComponentSummary } from '../../protocol/messages';
import { USER_ID } from './actors';

export type FaultVerb =
  | 'stop'
  | 'restart'
  | 'powerOff'
  | 'powerOn'
  | 'partition'
  | 'reconnect'
  | 'stopKubelet'
  | 'stopRuntime'
  | 'breakCni'
  | 'stopProxy'
  | 'recover';

export interface FaultAction {
  op: 'fail' | 'recover';
  target: string;
  verb: FaultVerb;
  /** The machine, for the power and network verbs' wording. */
  host?: string;
}

/** Every fault active anywhere, as the components report them (ComponentDetails.faults). */
export function activeFaults(components: ReadonlyMap<string, ComponentSummary>): Set<string> {
  const out = new Set<string>();
  for (const c of components.values()) for (const f of c.details?.faults ?? []) out.add(f);
  return out;
}

export function commandFor(a: FaultAction): string {
  return `sim ${a.op} ${a.target}`;
}

const NODE_PARTS = [
  ['kubelet', 'stopKubelet'],
  ['container-runtime', 'stopRuntime'],
  ['cni', 'breakCni'],
  ['kube-proxy', 'stopProxy'],
] as const;

function machineActions(host: string, components: ReadonlyMap<string, ComponentSummary>, active: ReadonlySet<string>, parts: boolean): FaultAction[] {
  const out: FaultAction[] = [];
  const node = `node/${host}`;
  out.push(active.has(node) ? { op: 'recover', target: node, verb: 'powerOn', host } : { op: 'fail', target: node, verb: 'powerOff', host });
  // Only workers can be partitioned: a control-plane machine cut off would need a split etcd.
  const isControlPlane = [...components.values()].some((c) => c.host === host && c.kind === 'kube-apiserver');
  if (!isControlPlane) {
    const net = `network/${host}`;
    out.push(active.has(net) ? { op: 'recover', target: net, verb: 'reconnect', host } : { op: 'fail', target: net, verb: 'partition', host });
  }
  if (!parts) return out;
  for (const [kind, verb] of NODE_PARTS) {
    const target = `${kind}/${host}`;
    if (!components.has(target)) continue;
    out.push(active.has(target) ? { op: 'recover', target, verb: 'recover' } : { op: 'fail', target, verb });
  }
  return out;
}

/**
 * The menu for one diagram box. Component boxes offer stopping or restarting that instance, plus
 * recovering any other fault that keeps it down (its whole kind, its machine). Node boxes offer
 * the machine-level faults and each node part; a control-plane column offers the machine's power.
 */
export function faultActions(diagramId: string, components: ReadonlyMap<string, ComponentSummary>, active: ReadonlySet<string>): FaultAction[] {
  if (diagramId.startsWith('node:')) return machineActions(diagramId.slice('node:'.length), components, active, true);
  if (diagramId.startsWith('machine:')) return machineActions(diagramId.slice('machine:'.length), components, active, false);
  const id = diagramId.startsWith('csi-node/') ? 'csi' : diagramId;
  const c = components.get(id);
  if (!c || c.kind === 'kubectl' || id === USER_ID) return [];
  const out: FaultAction[] = [active.has(c.id) ? { op: 'recover', target: c.id, verb: 'restart' } : { op: 'fail', target: c.id, verb: 'stop' }];
  for (const f of [c.kind, `node/${c.host}`, `network/${c.host}`]) {
    if (f !== c.id && active.has(f)) out.push({ op: 'recover', target: f, verb: 'recover' });
  }
  return out;
}
