/**
 * Which faults a diagram box offers, chosen from the fault targets the worker reported
 * (`cluster.targets`: the engine's listTargets, with the processes each one stops and the
 * machine it is about), never from naming rules of its own. Each action becomes the terminal
 * line `sim fail <target>` / `sim recover <target>`, so it lands in the replayable command log
 * like anything typed. Pure: unit-tested as data.
 */
import type { ComponentSummary, FaultTargetInfo } from '../../protocol/messages';
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

/** What stopping each node part is called on its box. */
const PART_VERBS: Partial<Record<ComponentSummary['kind'], FaultVerb>> = {
  kubelet: 'stopKubelet',
  'container-runtime': 'stopRuntime',
  cni: 'breakCni',
  'kube-proxy': 'stopProxy',
};

function toggle(t: FaultTargetInfo, active: ReadonlySet<string>, verb: FaultVerb, undo: FaultVerb, host?: string): FaultAction {
  const on = host === undefined ? {} : { host };
  return active.has(t.name) ? { op: 'recover', target: t.name, verb: undo, ...on } : { op: 'fail', target: t.name, verb, ...on };
}

function machineActions(host: string, components: ReadonlyMap<string, ComponentSummary>, targets: readonly FaultTargetInfo[], active: ReadonlySet<string>): FaultAction[] {
  const onHost = targets.filter((t) => t.machine === host);
  const out: FaultAction[] = [];
  const power = onHost.find((t) => t.class === 'node');
  if (power) out.push(toggle(power, active, 'powerOff', 'powerOn', host));
  // Absent for a control-plane machine: the engine partitions only workers.
  const network = onHost.find((t) => t.class === 'network');
  if (network) out.push(toggle(network, active, 'partition', 'reconnect', host));
  for (const t of onHost) {
    const kind = t.class === 'node-part' ? components.get(t.components[0] ?? '')?.kind : undefined;
    const verb = kind && PART_VERBS[kind];
    if (verb) out.push(toggle(t, active, verb, 'recover'));
  }
  return out;
}

/**
 * The menu for one diagram box. Component boxes offer stopping or restarting that instance, plus
 * recovering any other active fault that keeps it down (its whole kind, its machine) or cuts it
 * off (its machine's network). Machine boxes (control plane or worker) offer the machine-level
 * faults and each node part.
 */
export function faultActions(diagramId: string, components: ReadonlyMap<string, ComponentSummary>, targets: readonly FaultTargetInfo[], active: ReadonlySet<string>): FaultAction[] {
  if (diagramId.startsWith('node:')) return machineActions(diagramId.slice('node:'.length), components, targets, active);
  const id = diagramId.startsWith('csi-node/') ? 'csi' : diagramId;
  const c = components.get(id);
  if (!c || id === USER_ID) return [];
  // The fault that stops this process alone: its instance, its node part, or its kind when it is the only one.
  const own = targets.find((t) => t.class !== 'node' && t.components.length === 1 && t.components[0] === c.id);
  if (!own) return [];
  const out: FaultAction[] = [toggle(own, active, 'stop', 'restart')];
  for (const t of targets) {
    const holds = t.components.includes(c.id) || (t.class === 'network' && t.machine === c.host);
    if (t !== own && holds && active.has(t.name)) out.push({ op: 'recover', target: t.name, verb: 'recover' });
  }
  return out;
}
