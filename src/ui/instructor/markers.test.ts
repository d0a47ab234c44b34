import { describe, expect, it } from 'vitest';
import { faultSpans, type FaultSpan } from './faults';
import { LabHarness } from './instructor.testing';
import { faultMarkers } from './markers';

const span = (target: string, start?: number, end?: number): FaultSpan => ({
  target,
  start: start === undefined ? undefined : { seq: start, at: start },
  end: end === undefined ? undefined : { seq: end, at: end },
});

describe('faultMarkers', () => {
  it('places start, end and band as percentages of the tape, open spans reaching the frontier', () => {
    const [closed, open, before] = faultMarkers([span('a', 100, 300), span('b', 500), span('c', undefined, 200)], 0, 1000);
    expect([closed!.start, closed!.end, closed!.from, closed!.to]).toEqual([10, 30, 10, 30]);
    expect([open!.start, open!.end, open!.from, open!.to]).toEqual([50, undefined, 50, 100]);
    expect([before!.start, before!.from, before!.to]).toEqual([undefined, 0, 20]);
  });

  it('stacks overlapping faults in separate lanes and reuses a lane once free', () => {
    const ms = faultMarkers([span('a', 0, 500), span('b', 100, 200), span('c', 300, 400), span('d', 600)], 0, 1000);
    expect(ms.map((m) => m.lane)).toEqual([0, 1, 1, 0]);
    expect(faultMarkers([span('a', 0), span('b', 1), span('c', 2), span('d', 3)], 0, 10).map((m) => m.lane)).toEqual([0, 1, 2, 0]);
  });

  it('marks a real run: the fault at its simulated time, clamped inside the track', () => {
    const lab = new LabHarness();
    lab.out('sim advance 10s');
    lab.out('sim fail kube-scheduler');
    lab.out('sim advance 10s');
    const tape = lab.cluster.tape!;
    const [m] = faultMarkers(faultSpans(tape), tape.baseNow, tape.frontierNow);
    expect(m!.target).toBe('kube-scheduler');
    expect(m!.start).toBeGreaterThan(40);
    expect(m!.start).toBeLessThan(60);
    expect(m!.to).toBe(100);
  });
});
