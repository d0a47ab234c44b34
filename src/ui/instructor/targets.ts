/**
 * The console's view of the fault targets the worker reported (`sim fail --list`, in the
 * engine's order): grouped as the instructor thinks of them — the control plane, each machine,
 * message faults — with each one's state in words and the command that toggles it. Pure.
 */
import type { ComponentSummary, FaultTargetInfo } from '../../protocol/messages';
import type { FaultSpan } from './faults';

export type TargetGroup =
  | { kind: 'control-plane'; targets: FaultTargetInfo[] }
  | { kind: 'node'; node: string; targets: FaultTargetInfo[] }
  | { kind: 'messages'; targets: FaultTargetInfo[] };

/** The machine a node-level target belongs to: `kubelet/node-2`, `node/node-2` → `node-2`. */
export function targetNode(t: FaultTargetInfo): string | undefined {
  switch (t.class) {
    case 'node-part':
    case 'node':
    case 'network':
      return t.name.slice(t.name.indexOf('/') + 1);
    case 'component':
    case 'instance':
    case 'latency':
    case 'watch-drop':
    case 'disk-latency':
      return undefined;
    default: {
      const never: never = t.class;
      return never;
    }
  }
}

/** Control plane first, then one group per machine in the engine's order, then message faults. */
export function groupTargets(targets: readonly FaultTargetInfo[]): TargetGroup[] {
  const control: FaultTargetInfo[] = [];
  const messages: FaultTargetInfo[] = [];
  const nodes = new Map<string, FaultTargetInfo[]>();
  for (const t of targets) {
    const node = targetNode(t);
    if (node !== undefined) {
      let list = nodes.get(node);
      if (!list) nodes.set(node, (list = []));
      list.push(t);
    } else if (t.class === 'latency' || t.class === 'watch-drop' || t.class === 'disk-latency') messages.push(t);
    else control.push(t);
  }
  const out: TargetGroup[] = [];
  if (control.length) out.push({ kind: 'control-plane', targets: control });
  for (const [node, list] of nodes) {
    // The machine itself first (power, network), then its parts.
    const rank = (t: FaultTargetInfo): number => (t.class === 'node' ? 0 : t.class === 'network' ? 1 : 2);
    out.push({ kind: 'node', node, targets: [...list].sort((a, b) => rank(a) - rank(b)) });
  }
  if (messages.length) out.push({ kind: 'messages', targets: messages });
  return out;
}

/**
 * A target's state at the moment shown. `failed`: this very fault is active. `covered`: not
 * failed itself, but a process it names is down because another fault covers it (the machine
 * is off, the whole kind is stopped). `ok`: everything it names runs.
 */
export type TargetState = { kind: 'failed'; span: FaultSpan } | { kind: 'covered'; by: string[] } | { kind: 'ok' };

export function targetState(t: FaultTargetInfo, active: ReadonlyMap<string, FaultSpan>, components: ReadonlyMap<string, ComponentSummary>): TargetState {
  const span = active.get(t.name);
  if (span) return { kind: 'failed', span };
  const by = new Set<string>();
  let down = false;
  // A machine's power row speaks for the machine: a stopped part shows on the part's own row.
  for (const id of t.class === 'node' ? [] : t.components) {
    const c = components.get(id);
    if (!c || c.running) continue;
    down = true;
    for (const f of c.details?.faults ?? []) if (f !== t.name) by.add(f);
  }
  // A partitioned machine's processes run but are cut off: say so on the machine's own row.
  if (t.class === 'node') {
    const net = `network/${targetNode(t) ?? ''}`;
    if (active.has(net)) by.add(net);
  }
  return down || by.size ? { kind: 'covered', by: [...by].sort() } : { kind: 'ok' };
}

/** The line the toggle runs: always through the terminal language, so it is in the command log. */
export function toggleCommand(t: FaultTargetInfo, state: TargetState): string {
  return `sim ${state.kind === 'failed' ? 'recover' : 'fail'} ${t.name}`;
}
