import { describe, expect, it } from 'vitest';
import type { Pod } from '../../k8s/types';
import { run } from '../inspector/fixture.testing';
import { objectsOf, showAt } from './cluster';
import { MILESTONES, MilestoneScanner, answeredAt, milestones, podPassed, scanMilestones } from './milestones';
import { recordAt, upperBound } from './tape';

const { state } = run([{ command: 'kubectl apply -f go-api.yaml' }, { advance: 40_000 }]);
const tape = state.tape!;
const found = milestones(tape).filter((m) => m.deployment === 'default/go-api');

describe('milestones', () => {
  it('finds every apply-to-running milestone, in order', () => {
    expect(found.map((m) => m.id)).toEqual([...MILESTONES]);
    expect(found.map((m) => m.seq)).toEqual([...found.map((m) => m.seq)].sort((a, b) => a - b));
  });

  it("lands on kube-apiserver's response to the request that committed the change", () => {
    for (const m of found) {
      const response = recordAt(tape, m.seq);
      expect(response?.kind, m.id).toBe('response');
      // The request's commit is on the tape just before its response, with the same request id.
      const commit = tape.records
        .slice(0, tape.records.indexOf(response!))
        .reverse()
        .find((r) => r.requestId === response!.requestId && r.kind === 'etcd-commit');
      expect(commit, m.id).toBeDefined();
      expect(answeredAt(tape, commit!.seq)).toBe(m.seq);
      expect(m.at).toBe(response!.at);
    }
  });

  it('shows the committed change at the milestone', () => {
    const at = (id: (typeof MILESTONES)[number]) => {
      const m = found.find((x) => x.id === id)!;
      return showAt(state, m.seq, m.at).objects;
    };
    expect(at('deployment-stored').has('deployments/default/go-api')).toBe(true);
    expect(objectsOf(at('replicaset-created'), 'replicasets').some((r) => r.metadata.name?.startsWith('go-api-'))).toBe(true);
    for (const stage of ['pods-created', 'pods-bound', 'sandboxes-ready', 'containers-started', 'pods-ready'] as const) {
      const pods = objectsOf<Pod>(at(stage), 'pods').filter((p) => p.metadata.name?.startsWith('go-api-'));
      expect(pods.filter((p) => podPassed(p, stage)), stage).toHaveLength(3);
    }
  });

  it('knows which Deployments may still reach a milestone', () => {
    expect(scanMilestones(tape).pending).toEqual([]);
    const early = run([{ command: 'kubectl apply -f go-api.yaml' }]).state.tape!;
    expect(scanMilestones(early)).toMatchObject({ pending: ['default/go-api'], milestones: [{ id: 'deployment-stored' }] });
    const gone = run([{ command: 'kubectl apply -f go-api.yaml' }, { command: 'kubectl delete deployment go-api' }]).state.tape!;
    expect(scanMilestones(gone).pending).toEqual([]);
  });

  it('falls back to the commit itself when no response follows it', () => {
    const event = tape.records.find((r) => r.kind !== 'etcd-commit')!;
    expect(answeredAt(tape, event.seq)).toBe(event.seq);
  });
});

describe('MilestoneScanner', () => {
  it('read tape by tape as it grows, it finds what one scan of the whole tape finds', () => {
    const scanner = new MilestoneScanner();
    // Grow the tape change by change; its records stop at the change (a commit's response
    // arrives in a later step), which the scanner must settle once the response is there.
    for (let n = 0; n <= tape.changeCount; n += 7) {
      const seq = n === 0 ? tape.baseSeq : tape.changes[n - 1]!.seq;
      scanner.scan({ ...tape, changeCount: n, recordCount: upperBound(tape.records, tape.recordCount, seq) });
    }
    expect(scanner.scan(tape)).toEqual(scanMilestones(tape));
  });

  it('starts over on another tape', () => {
    const scanner = new MilestoneScanner();
    scanner.scan(tape);
    const other = { ...tape, changes: tape.changes.slice(0, 3), changeCount: 3 };
    expect(scanner.scan(other)).toEqual(scanMilestones(other));
  });
});
