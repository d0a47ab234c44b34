/**
 * DefaultPreemption (PostFilter): when no node fits, look for a node where evicting Pods of
 * lower priority would make room. Nodes rejected as unresolvable are not tried ("Preemption is
 * not helpful for scheduling"); a node with no lower-priority Pods has "No preemption victims
 * found for incoming pod"; a node that still does not fit with all of them gone keeps the filter's
 * reason. If some node works, the one losing the least important Pods is nominated and only the
 * fewest Pods needed are evicted. PodDisruptionBudgets are not modelled.
 */
import type { Pod } from '../../../k8s/types';
import { parseTimestamp } from '../../../k8s/time';
import { fitErrorMessage } from '../fit-error';
import { unresolvable, type PodInfo, type Rejection } from '../framework';
import { addPodEntry, cloneNodeInfo, removePodEntry, type NodeInfo, type PodEntry } from '../nodeinfo';
import { maxOf } from '../../../k8s/arrays';

export const NAME = 'DefaultPreemption';
export const MSG_NOT_HELPFUL = 'Preemption is not helpful for scheduling';
export const MSG_NO_VICTIMS = 'No preemption victims found for incoming pod';
const MIN_CANDIDATE_NODES_PERCENTAGE = 10;
const MIN_CANDIDATE_NODES_ABSOLUTE = 100;

export interface PreemptionInput {
  pod: PodInfo;
  nodes: readonly NodeInfo[];
  /** Filter verdict per node from the scheduling cycle; nodes absent here have `absent`. */
  statuses: ReadonlyMap<string, Rejection>;
  absent: Rejection | undefined;
  /** The full Filter chain (with nominated Pods), re-run on a scratch NodeInfo. */
  runFilters(node: NodeInfo): Rejection | undefined;
  randomInt(n: number): number;
}

export type PreemptionOutcome =
  /** PostFilter's message (without the `preemption: ` prefix); no node was nominated. */
  | { kind: 'failed'; message: string }
  | { kind: 'nominated'; node: string; victims: PodEntry[] };

function startTime(p: Pod): number {
  const t = p.status?.startTime ?? p.metadata.creationTimestamp;
  return t ? parseTimestamp(t) : 0;
}

/** util.MoreImportantPod: higher priority first, then the one running longer. */
export function moreImportant(a: PodEntry, b: PodEntry): boolean {
  if (a.priority !== b.priority) return a.priority > b.priority;
  return startTime(a.pod) < startTime(b.pod);
}

export function selectVictimsOnNode(pod: PodInfo, node: NodeInfo, runFilters: (n: NodeInfo) => Rejection | undefined): { victims: PodEntry[] } | Rejection {
  const scratch = cloneNodeInfo(node);
  const potential = [...scratch.pods.values()].filter((e) => e.priority < pod.priority);
  if (potential.length === 0) return unresolvable(MSG_NO_VICTIMS);
  for (const e of potential) removePodEntry(scratch, e.key);
  const fits = runFilters(scratch);
  if (fits) return fits;
  potential.sort((a, b) => (moreImportant(a, b) ? -1 : moreImportant(b, a) ? 1 : 0));
  const victims: PodEntry[] = [];
  for (const e of potential) {
    addPodEntry(scratch, e);
    if (runFilters(scratch)) {
      removePodEntry(scratch, e.key);
      victims.push(e);
    }
  }
  return { victims };
}

interface Candidate {
  node: string;
  victims: PodEntry[];
}

/** pickOneNodeForPreemption without the PDB criterion: least important victims, then fewest. */
export function pickOneNodeForPreemption(cands: readonly Candidate[]): Candidate | undefined {
  let best: Candidate | undefined;
  let bestKey: [number, number, number] | undefined;
  for (const c of cands) {
    const highest = maxOf(c.victims.map((v) => v.priority));
    const sum = c.victims.reduce((s, v) => s + v.priority + 2147483648, 0);
    const key: [number, number, number] = [highest, sum, c.victims.length];
    if (!bestKey || key[0] < bestKey[0] || (key[0] === bestKey[0] && (key[1] < bestKey[1] || (key[1] === bestKey[1] && key[2] < bestKey[2])))) {
      best = c;
      bestKey = key;
    }
  }
  return best;
}

export function preempt(input: PreemptionInput): PreemptionOutcome {
  const { pod } = input;
  if (pod.pod.spec.preemptionPolicy === 'Never') return { kind: 'failed', message: 'not eligible due to preemptionPolicy=Never.' };
  const nominated = pod.pod.status?.nominatedNodeName;
  if (nominated) {
    const st = input.statuses.get(nominated) ?? input.absent;
    const ni = input.nodes.find((n) => n.name === nominated);
    if (st?.code !== 'UnschedulableAndUnresolvable' && ni) {
      for (const e of ni.pods.values()) {
        if (e.priority < pod.priority && e.pod.metadata.deletionTimestamp && isPreemptedByScheduler(e.pod)) {
          return { kind: 'failed', message: 'not eligible due to a terminating pod on the nominated node.' };
        }
      }
    }
  }
  const potential = input.nodes.filter((n) => (input.statuses.get(n.name) ?? input.absent)?.code === 'Unschedulable');
  const dryRun = new Map<string, Rejection>();
  const candidates: Candidate[] = [];
  if (potential.length > 0) {
    const offset = input.randomInt(potential.length);
    let want = Math.trunc((potential.length * MIN_CANDIDATE_NODES_PERCENTAGE) / 100);
    want = Math.min(Math.max(want, MIN_CANDIDATE_NODES_ABSOLUTE), potential.length);
    for (let i = 0; i < potential.length && candidates.length < want; i++) {
      const node = potential[(offset + i) % potential.length]!;
      const r = selectVictimsOnNode(pod, node, input.runFilters);
      if ('code' in r) dryRun.set(node.name, r);
      else if (r.victims.length > 0) candidates.push({ node: node.name, victims: r.victims });
    }
  }
  const best = pickOneNodeForPreemption(candidates);
  if (!best) {
    const message = fitErrorMessage(input.nodes.length, { nodeToStatus: dryRun, absentNodesStatus: unresolvable(MSG_NOT_HELPFUL) });
    return { kind: 'failed', message };
  }
  return { kind: 'nominated', node: best.node, victims: best.victims };
}

function isPreemptedByScheduler(p: Pod): boolean {
  const c = p.status?.conditions?.find((x) => x.type === 'DisruptionTarget');
  return c?.status === 'True' && c.reason === 'PreemptionByScheduler';
}
