/**
 * The apply-to-running milestones of every Deployment created on the tape, found in the committed
 * versions themselves (not in trace text): the Deployment stored, its ReplicaSet created, then
 * the moments when all of the ReplicaSet's Pods were created, bound, had a ready sandbox, had
 * every container started and were Ready.
 *
 * A milestone lands on the message that tells someone: kube-apiserver's response to the request
 * whose commit made the condition first true (or the commit itself when that record has no
 * response on the tape). The response comes after the commit, so the state shown there already
 * holds the committed change.
 */
import type { Deployment, KObject, Pod, ReplicaSet } from '../../k8s/types';
import type { Tape } from './tape';
import { timeOfSeq, upperBound } from './tape';

export const MILESTONES = ['deployment-stored', 'replicaset-created', 'pods-created', 'pods-bound', 'sandboxes-ready', 'containers-started', 'pods-ready'] as const;
export type MilestoneId = (typeof MILESTONES)[number];

export interface Milestone {
  id: MilestoneId;
  seq: number;
  at: number;
  /** `namespace/name` of the Deployment. */
  deployment: string;
}

type PodStage = Exclude<MilestoneId, 'deployment-stored' | 'replicaset-created'>;
const POD_STAGES: readonly PodStage[] = ['pods-created', 'pods-bound', 'sandboxes-ready', 'containers-started', 'pods-ready'];

function condition(p: Pod, type: string): boolean {
  return p.status?.conditions?.some((c) => c.type === type && c.status === 'True') ?? false;
}

/** Whether one Pod has passed a stage (a Pod that exists has been created). */
export function podPassed(p: Pod, stage: PodStage): boolean {
  switch (stage) {
    case 'pods-created':
      return true;
    case 'pods-bound':
      return !!p.spec.nodeName;
    case 'sandboxes-ready':
      return condition(p, 'PodReadyToStartContainers');
    case 'containers-started': {
      const cs = p.status?.containerStatuses ?? [];
      return cs.length === p.spec.containers.length && cs.every((c) => c.started === true || c.state?.running !== undefined);
    }
    case 'pods-ready':
      return condition(p, 'Ready');
  }
}

interface Tracking {
  deployment: string;
  uid: string;
  replicas: number;
  rsUids: Set<string>;
  /** Per owned Pod key, the POD_STAGES it has passed (bit i: stage i). */
  passed: Map<string, number>;
  /** How many owned Pods have passed each stage: kept as Pods change, so a 3,000-Pod rollout is not quadratic. */
  counts: number[];
  reached: Set<MilestoneId>;
}

/** The POD_STAGES a Pod has passed, as bits. */
function stagesOf(p: Pod): number {
  let m = 0;
  POD_STAGES.forEach((stage, i) => {
    if (podPassed(p, stage)) m |= 1 << i;
  });
  return m;
}

function ownedBy(o: KObject, uids: ReadonlySet<string> | string): boolean {
  return (o.metadata.ownerReferences ?? []).some((r) => (typeof uids === 'string' ? r.uid === uids : uids.has(r.uid)));
}

/**
 * The seq of the response that answered the request committed at `commitSeq`. A request is
 * served within one simulated millisecond, so the search stops when the clock moves on.
 */
export function answeredAt(tape: Tape, commitSeq: number): number {
  const i = upperBound(tape.records, tape.recordCount, commitSeq) - 1;
  const commit = tape.records[i];
  if (!commit || commit.seq !== commitSeq || commit.kind !== 'etcd-commit' || commit.requestId === undefined) return commitSeq;
  for (let j = i + 1; j < tape.recordCount; j++) {
    const r = tape.records[j]!;
    if (r.at !== commit.at) break;
    if (r.kind === 'response' && r.requestId === commit.requestId) return r.seq;
  }
  return commitSeq;
}

/** Milestones in seq order. Pure; callers memoise on the tape value. */
export function milestones(tape: Tape): Milestone[] {
  return scanMilestones(tape).milestones;
}

export interface MilestoneScan {
  milestones: Milestone[];
  /**
   * Deployments still stored at the tape's frontier that have not reached their last milestone
   * (a Deployment scaled to 0 ends at "ReplicaSet created"): the cluster may yet reach another.
   */
  pending: string[];
}

/** Milestones in seq order, and which Deployments may still reach more. Pure. */
export function scanMilestones(tape: Tape): MilestoneScan {
  return new MilestoneScanner().scan(tape);
}

/**
 * scanMilestones made incremental: the tape's arrays are append-only and shared between its
 * successive values, so a scanner that has read the first N changes of the same array only reads
 * what was appended since (while playing, the tape changes every frame; a rescan from the start
 * each time was the page's longest task). A different array (a fork, a fold, a new run) starts over.
 */
export class MilestoneScanner {
  private changes: Tape['changes'] | undefined;
  private done = 0;
  private tracked: Tracking[] = [];
  /** Found milestones; `commit` is where the condition became true, `seq` where it is shown. */
  private found: (Milestone & { commit: number })[] = [];

  scan(tape: Tape): MilestoneScan {
    if (tape.changes !== this.changes || tape.changeCount < this.done) {
      this.changes = tape.changes;
      this.done = 0;
      this.tracked = [];
      this.found = [];
    }
    // A milestone found before its response reached the tape shows the commit until it does.
    for (const m of this.found) {
      if (m.seq !== m.commit) continue;
      const shown = answeredAt(tape, m.commit);
      if (shown !== m.seq) Object.assign(m, { seq: shown, at: timeOfSeq(tape, shown) });
    }
    for (; this.done < tape.changeCount; this.done++) this.read(tape, tape.changes[this.done]!);
    const last = (t: Tracking): MilestoneId => (t.replicas === 0 ? 'replicaset-created' : 'pods-ready');
    const stored = (t: Tracking): boolean => tape.latest.has(`deployments/${t.deployment}`);
    return {
      milestones: this.found.map(({ id, seq, at, deployment }) => ({ id, seq, at, deployment })),
      pending: this.tracked.filter((t) => !t.reached.has(last(t)) && stored(t)).map((t) => t.deployment),
    };
  }

  private add(tape: Tape, t: Tracking, id: MilestoneId, seq: number): void {
    if (t.reached.has(id)) return;
    t.reached.add(id);
    const shown = answeredAt(tape, seq);
    this.found.push({ id, seq: shown, at: timeOfSeq(tape, shown), deployment: t.deployment, commit: seq });
  }

  private read(tape: Tape, c: Tape['changes'][number]): void {
    const resource = c.key.slice(0, c.key.indexOf('/'));
    if (resource === 'deployments' && c.object && !c.prev) {
      const d = c.object as Deployment;
      const t: Tracking = {
        deployment: `${d.metadata.namespace ?? 'default'}/${d.metadata.name ?? ''}`,
        uid: d.metadata.uid ?? '',
        replicas: d.spec.replicas ?? 1,
        rsUids: new Set(),
        passed: new Map(),
        counts: POD_STAGES.map(() => 0),
        reached: new Set(),
      };
      this.tracked.push(t);
      this.add(tape, t, 'deployment-stored', c.seq);
    } else if (resource === 'replicasets' && c.object && !c.prev) {
      for (const t of this.tracked) {
        if (!ownedBy(c.object as ReplicaSet, t.uid)) continue;
        t.rsUids.add(c.object.metadata.uid ?? '');
        this.add(tape, t, 'replicaset-created', c.seq);
      }
    } else if (resource === 'pods') {
      const pod = (c.object ?? c.prev) as Pod | null;
      if (!pod) return;
      for (const t of this.tracked) {
        if (!ownedBy(pod, t.rsUids)) continue;
        const before = t.passed.get(c.key) ?? 0;
        const after = c.object ? stagesOf(c.object as Pod) : 0;
        if (c.object) t.passed.set(c.key, after);
        else t.passed.delete(c.key);
        POD_STAGES.forEach((_, i) => {
          t.counts[i]! += ((after >> i) & 1) - ((before >> i) & 1);
        });
        if (t.replicas === 0) continue;
        POD_STAGES.forEach((stage, i) => {
          if (!t.reached.has(stage) && t.counts[i]! >= t.replicas) this.add(tape, t, stage, c.seq);
        });
      }
    }
  }
}
