/**
 * `sim why pod/<name> [-n ns]`: why a Pod is where it is, or why it is still Pending, from the
 * scheduler's per-decision record (every node's filter verdict and score) and the Pod itself.
 */
import type { Pod } from '../../k8s/types';
import type { ScheduleDecision } from '../../engine/index';
import type { FlagDef } from '../flags';
import type { Session } from '../session';
import { fail, ok } from '../result';
import type { CommandResult } from '../types';
import { simFlag } from '../../k8s/sim-flags';
import { renderTable } from './table';
import { nodeAwayLines } from './why-node';

function when(s: Session, at: number): string {
  return `T+${((at - s.sim.bootedAt) / 1000).toFixed(3)}s`;
}

function verdictRows(d: ScheduleDecision): string[][] {
  return d.verdicts.map((v) => {
    if (v.rejectedBy) return [v.node, `rejected by ${v.rejectedBy.plugin}: ${v.rejectedBy.reason}`];
    const parts = Object.entries(v.scores ?? {})
      .map(([plugin, score]) => `${plugin} ${score}`)
      .join(', ');
    const total = v.total === undefined ? 'feasible' : `score ${v.total}`;
    return [v.node, `${total}${parts ? ` (${parts})` : ''}${v.node === d.node ? '  <- selected' : ''}`];
  });
}

/** What is holding a Pod back before the scheduler has even looked at it. */
function notYetTried(s: Session, pod: Pod): string {
  if (pod.spec.schedulingGates?.length) return `it has scheduling gates (${pod.spec.schedulingGates.map((g) => g.name).join(', ')}); the scheduler ignores it until they are removed`;
  if (pod.spec.schedulerName && pod.spec.schedulerName !== 'default-scheduler') return `it asks for scheduler "${pod.spec.schedulerName}", which does not run in this cluster`;
  const schedulers = s.sim.components().filter((c) => c.kind === 'kube-scheduler');
  if (!schedulers.some((c) => c.running)) return 'kube-scheduler is not running, so nothing assigns Pods to nodes (see sim status)';
  return 'the scheduler has not tried it yet';
}

export const WHY_FLAGS: FlagDef[] = [{ name: 'namespace', short: 'n', kind: 'string', values: 'namespaces' }];

export function simWhy(session: Session, argv: string[]): CommandResult {
  let namespace = session.contextNamespace();
  let target: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const f = simFlag(WHY_FLAGS, a);
    if (f) namespace = f.inline ?? argv[++i] ?? namespace;
    else if (target === undefined) target = a;
    else return fail(`error: unexpected argument "${a}"\nSee 'sim help' for usage.`);
  }
  const m = target?.match(/^(?:pods?\/|po\/)?([a-z0-9][-a-z0-9.]*)$/);
  if (!m) return fail('error: usage: sim why pod/<name> [-n <namespace>]');
  const name = m[1]!;
  const pod = session.sim.objects<Pod>('pods').find((p) => p.metadata.namespace === namespace && p.metadata.name === name);
  if (!pod) return fail(`Error from server (NotFound): pods "${name}" not found`);
  const d = session.sim.schedulingDecision(namespace, name);
  const head = `pod ${namespace}/${name}`;
  if (!d) {
    if (pod.spec.nodeName) return ok([`${head}: on ${pod.spec.nodeName}, set directly in spec.nodeName; the scheduler was not involved`, ...nodeAwayLines(session, pod, (at) => when(session, at))].join('\n') + '\n');
    return ok(`${head}: Pending with no node: ${notYetTried(session, pod)}\n`);
  }
  const lines: string[] = [];
  if (d.node) {
    lines.push(`${head}: bound to ${d.node} at ${when(session, d.at)}`);
    lines.push(`${d.evaluated} of ${d.totalNodes} nodes evaluated; the highest weighted score wins`);
  } else {
    lines.push(`${head}: unschedulable at ${when(session, d.at)} (the scheduler retries when the cluster changes)`);
    if (d.message) lines.push(d.message);
  }
  const away = nodeAwayLines(session, pod, (at) => when(session, at));
  return ok(lines.join('\n') + '\n' + renderTable(['NODE', 'VERDICT'], verdictRows(d)) + (away.length ? `\n${away.join('\n')}\n` : ''));
}
