import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../../protocol/messages';
import { FollowController, type FollowTarget, type FollowView } from './follow';
import type { StateMessage } from './messages';
import { createStudentLink } from './student';

const apply: LogEntry = { type: 'command', line: 'kubectl apply -f go-api.yaml' };
const fault: LogEntry = { type: 'command', line: 'sim fail kube-scheduler' };

function fakeTarget() {
  const calls: string[] = [];
  const state: FollowView = { seq: 0, t: 0, playing: false, speed: 1, tape: { baseSeq: 0, baseNow: 0, frontierSeq: 100, frontierNow: 10_000 } };
  const target: FollowTarget = {
    view: () => state,
    rebuild: (log) => void calls.push(`rebuild ${log.length}`),
    show: (seq, t) => {
      calls.push(`show ${seq}`);
      state.seq = seq;
      state.t = t;
    },
    setPlaying: (p) => void calls.push(`play ${p}`),
    setSpeed: () => undefined,
    relocate: () => undefined,
    lesson: () => void calls.push('lesson'),
  };
  return { calls, state, target };
}

const state = (log: LogEntry[], seq: number): StateMessage => ({ type: 'state', from: 'p', seed: 1, topology: 'basic', log, seq, t: seq * 100, playing: false, speed: 1 });

describe('a student in a classroom across devices', () => {
  it('steps back on its own, keeps the presenter’s states without acting on them, and rejoins live', () => {
    const { calls, state: view, target } = fakeTarget();
    const follower = new FollowController(target, { seed: 1, topology: 'basic', log: [apply] });
    const bridge = { steps: 0, stepBack: () => void bridge.steps++ };
    const link = createStudentLink(bridge);
    link.bind(follower);

    follower.receive(state([apply], 40));
    expect(calls).toEqual(['show 40']);

    link.stepBack();
    expect(bridge.steps).toBe(1);
    expect(link.store.getState().own).toBe(true);
    view.seq = 30;
    calls.length = 0;
    // The presenter moves on and injects a fault: this window stays where the student is.
    follower.receive(state([apply], 60));
    follower.receive(state([apply, fault], 70));
    follower.settle();
    expect(calls).toEqual([]);
    expect(view.seq).toBe(30);

    link.rejoin();
    expect(link.store.getState().own).toBe(false);
    // The run moved on (a new command): rebuilt at the presenter's moment.
    expect(calls).toEqual(['rebuild 2', 'play false']);
  });
});
