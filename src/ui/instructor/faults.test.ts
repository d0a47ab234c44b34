import { describe, expect, it } from 'vitest';
import { activeFaults, faultSpans } from './faults';
import { LabHarness } from './instructor.testing';

describe('fault spans from the tape', () => {
  it('opens a span at `sim fail`, closes it at `sim recover`, and answers for any moment', () => {
    const lab = new LabHarness();
    lab.out('sim advance 2s');
    const before = lab.cluster.seq;
    expect(lab.out('sim fail kube-scheduler')).toBe('fault injected: kube-scheduler stopped\n');
    lab.out('sim fail kubelet/node-2');
    lab.out('sim advance 5s');
    const during = lab.cluster.seq;
    expect(lab.out('sim recover kube-scheduler')).toBe('recovered: kube-scheduler started\n');
    lab.out('sim advance 1s');
    const tape = lab.cluster.tape!;

    const spans = faultSpans(tape);
    expect(spans.map((s) => s.target)).toEqual(['kube-scheduler', 'kubelet/node-2']);
    const [sched, kubelet] = spans;
    expect(sched!.start!.seq).toBeGreaterThan(before);
    expect(sched!.end!.at - sched!.start!.at).toBeGreaterThanOrEqual(5000);
    expect(kubelet!.end).toBeUndefined();

    expect([...activeFaults(tape, before).keys()]).toEqual([]);
    expect([...activeFaults(tape, during).keys()]).toEqual(['kube-scheduler', 'kubelet/node-2']);
    // Cut at the moment asked about: the scheduler's recovery is still in its future.
    expect(activeFaults(tape, during).get('kube-scheduler')!.end).toBeUndefined();
    expect([...activeFaults(tape, lab.cluster.seq).keys()]).toEqual(['kubelet/node-2']);
    expect(activeFaults(undefined, 5).size).toBe(0);
  });

  it('an older Tape value describes only its own prefix', () => {
    const lab = new LabHarness();
    lab.out('sim fail csi');
    const older = lab.cluster.tape!;
    lab.out('sim recover csi');
    lab.out('sim fail etcd');
    expect(faultSpans(older).map((s) => [s.target, s.end === undefined])).toEqual([['csi', true]]);
    expect(faultSpans(lab.cluster.tape!).map((s) => [s.target, s.end === undefined])).toEqual([
      ['csi', false],
      ['etcd', true],
    ]);
  });

  it('a second failure of the same target after recovery is a second span', () => {
    const lab = new LabHarness();
    lab.out('sim fail node/node-1');
    lab.out('sim recover node/node-1');
    lab.out('sim fail node/node-1');
    expect(faultSpans(lab.cluster.tape!).map((s) => s.end === undefined)).toEqual([false, true]);
  });
});
