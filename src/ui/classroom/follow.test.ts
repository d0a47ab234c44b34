import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../../protocol/messages';
import { compareLogs, FollowController, type FollowTarget, type FollowView } from './follow';
import type { ClassroomLesson, StateMessage } from './messages';

const apply: LogEntry = { type: 'command', line: 'kubectl apply -f go-api.yaml' };
const get: LogEntry = { type: 'command', line: 'kubectl get pods' };
const adv = (ms: number): LogEntry => ({ type: 'advance', ms });

describe('compareLogs', () => {
  it('tells a longer or shorter trailing advance from a changed timeline', () => {
    expect(compareLogs([apply, adv(100)], [apply, adv(100)])).toBe('same');
    expect(compareLogs([apply, adv(100)], [apply, adv(900)])).toBe('time');
    expect(compareLogs([apply], [apply, adv(50)])).toBe('time');
    expect(compareLogs([apply, adv(900)], [apply, adv(100)])).toBe('time');
    expect(compareLogs([apply, adv(100)], [apply, adv(100), get])).toBe('different');
    expect(compareLogs([apply, adv(100)], [apply, adv(100), { type: 'step', maxMs: 600_000 }])).toBe('different');
    expect(compareLogs([apply, adv(100), get], [apply, adv(60), get])).toBe('different');
    expect(compareLogs([adv(10)], [])).toBe('time');
    expect(compareLogs([apply], [get])).toBe('different');
  });

  it('compares by value (messages arrive structured-cloned)', () => {
    expect(compareLogs([apply, adv(5)], structuredClone([apply, adv(5)]))).toBe('same');
  });
});

type Call = ['rebuild', LogEntry[], { seq: number; t: number }] | ['show', number, number] | ['play', boolean] | ['speed', number] | ['relocate', number] | ['lesson', ClassroomLesson | undefined];

/** A fake window: a tape covering [0, frontier] in seq and ms, recording every action. */
function fakeTarget(initial: Partial<FollowView> = {}) {
  const calls: Call[] = [];
  const state: FollowView = { seq: 0, t: 0, playing: false, speed: 1, tape: { baseSeq: 0, baseNow: 0, frontierSeq: 100, frontierNow: 10_000 }, ...initial };
  const target: FollowTarget = {
    view: () => state,
    rebuild: (log, at) => {
      calls.push(['rebuild', [...log], at]);
    },
    show: (seq, t) => {
      calls.push(['show', seq, t]);
      state.seq = seq;
      state.t = t;
    },
    setPlaying: (p) => {
      calls.push(['play', p]);
      state.playing = p;
    },
    setSpeed: (s) => {
      calls.push(['speed', s]);
      state.speed = s;
    },
    relocate: (s) => {
      calls.push(['relocate', s.seed]);
    },
    lesson: (l) => {
      calls.push(['lesson', l]);
    },
  };
  return { calls, state, target };
}

const msg = (log: LogEntry[], seq: number, t: number, extra: Partial<StateMessage> = {}): StateMessage => ({
  type: 'state',
  from: 'p1',
  seed: 1,
  topology: 'basic',
  log,
  seq,
  t,
  playing: false,
  speed: 1,
  ...extra,
});

describe('FollowController', () => {
  it('moment only: shows the presenter’s moment without rebuilding', () => {
    const { calls, target } = fakeTarget();
    const f = new FollowController(target, { seed: 1, topology: 'basic', log: [apply, adv(500)] });
    f.receive(msg([apply, adv(500)], 40, 4000));
    f.receive(msg([apply, adv(500)], 38, 3900));
    f.receive(msg([apply, adv(500)], 38, 3900));
    expect(calls).toEqual([
      ['show', 40, 4000],
      ['show', 38, 3900],
    ]);
  });

  it('log grows by a command: rebuilds with the new log at the presenter’s moment', () => {
    const { calls, target } = fakeTarget();
    const f = new FollowController(target, { seed: 1, topology: 'basic', log: [apply, adv(500)] });
    const grown = [apply, adv(500), get];
    f.receive(msg(grown, 90, 9000));
    expect(calls).toEqual([
      ['rebuild', grown, { seq: 90, t: 9000 }],
      ['speed', 1],
      ['play', false],
    ]);
    // Now built from that log: further moments only move the playhead, on the new tape.
    calls.length = 0;
    f.receive(msg(grown, 91, 9100));
    expect(calls).toEqual([]); // the old tape is stale: nothing is shown on it
  });

  it('after a rebuild, shows the moment once the new tape holds it (settle)', () => {
    const { calls, state, target } = fakeTarget();
    const f = new FollowController(target, { seed: 1, topology: 'basic', log: [] });
    f.receive(msg([apply], 90, 9000));
    expect(calls.map((c) => c[0])).toEqual(['rebuild', 'speed', 'play']);
    calls.length = 0;
    state.tape = { baseSeq: 0, baseNow: 0, frontierSeq: 50, frontierNow: 5000 }; // replay under way
    f.settle();
    expect(calls).toEqual([]);
    state.tape = { baseSeq: 0, baseNow: 0, frontierSeq: 120, frontierNow: 12_000 };
    f.settle();
    expect(calls).toEqual([['show', 90, 9000]]);
    f.settle();
    expect(calls).toHaveLength(1);
  });

  it('fork (log replaced): rebuilds', () => {
    const { calls, target } = fakeTarget();
    const f = new FollowController(target, { seed: 1, topology: 'basic', log: [apply, adv(5000), get, adv(100)] });
    const forked = [apply, adv(2000), { type: 'command', line: 'kubectl delete pod x' } as LogEntry];
    f.receive(msg(forked, 20, 2000));
    expect(calls[0]).toEqual(['rebuild', forked, { seq: 20, t: 2000 }]);
  });

  it('playing presenter: the log’s trailing advance grows every frame, and the audience plays along instead of rebuilding', () => {
    const { calls, target } = fakeTarget();
    const f = new FollowController(target, { seed: 1, topology: 'basic', log: [apply, adv(500)] });
    f.receive(msg([apply, adv(800)], 60, 6000, { playing: true, speed: 5 }));
    f.receive(msg([apply, adv(20_000)], 150, 15_000, { playing: true, speed: 5 })); // beyond our tape: our worker catches up
    expect(calls).toEqual([
      ['speed', 5],
      ['play', true],
      ['show', 60, 6000],
    ]);
    // While playing, settle() never snaps the playhead back between messages.
    f.settle();
    expect(calls).toHaveLength(3);
  });

  it('paused beyond what this window holds, with more time in the log: rebuilds to reach it', () => {
    const { calls, target } = fakeTarget();
    const f = new FollowController(target, { seed: 1, topology: 'basic', log: [apply, adv(500)] });
    f.receive(msg([apply, adv(20_000)], 150, 15_000));
    expect(calls[0]).toEqual(['rebuild', [apply, adv(20_000)], { seq: 150, t: 15_000 }]);
  });

  it('follows only its presenter, and the first to speak when it was not told', () => {
    const { calls, target } = fakeTarget();
    const f = new FollowController(target, { seed: 1, topology: 'basic', log: [] });
    expect(f.hello()).toEqual({ type: 'hello' });
    f.receive(msg([], 5, 500));
    f.receive({ ...msg([get], 9, 900), from: 'p2' });
    expect(calls).toEqual([['show', 5, 500]]);
    const told = new FollowController(fakeTarget().target, { seed: 1, topology: 'basic', log: [], presenter: 'p9' });
    expect(told.hello()).toEqual({ type: 'hello', presenter: 'p9' });
  });

  it('says hello again when its presenter’s page restarts, not when another one does', () => {
    const f = new FollowController(fakeTarget().target, { seed: 1, topology: 'basic', log: [], presenter: 'p1' });
    expect(f.receive({ type: 'presenter', from: 'p1' })).toEqual({ type: 'hello', presenter: 'p1' });
    expect(f.receive({ type: 'presenter', from: 'p2' })).toBeUndefined();
    expect(f.receive(msg([], 5, 500))).toBeUndefined();
  });

  it('another seed or topology: asks to relocate once, and does nothing else', () => {
    const { calls, target } = fakeTarget();
    const f = new FollowController(target, { seed: 1, topology: 'basic', log: [] });
    f.receive(msg([apply], 5, 500, { topology: 'ha' }));
    f.receive(msg([apply, get], 6, 600, { topology: 'ha' }));
    expect(calls).toEqual([['relocate', 1]]);
  });

  it('shows the presenter’s lesson once per change, and takes it away when the presenter leaves it', () => {
    const { calls, target } = fakeTarget();
    const f = new FollowController(target, { seed: 1, topology: 'basic', log: [], presenter: 'p1' });
    const asking: ClassroomLesson = { id: '01-cluster-at-a-glance', index: 2, phase: 'asking', revealed: false };
    f.receive(msg([], 5, 500, { lesson: asking }));
    f.receive(msg([], 6, 600, { lesson: structuredClone(asking) }));
    f.receive({ ...msg([], 7, 700, { lesson: { ...asking, index: 9 } }), from: 'p2' });
    f.receive(msg([], 7, 700, { lesson: { ...asking, phase: 'answered', revealed: true } }));
    f.receive(msg([], 8, 800));
    expect(calls.filter((c) => c[0] === 'lesson')).toEqual([
      ['lesson', asking],
      ['lesson', { ...asking, phase: 'answered', revealed: true }],
      ['lesson', undefined],
    ]);
  });

  it('forget(): the next state rebuilds even with the same log (the worker’s files changed)', () => {
    const { calls, target } = fakeTarget();
    const f = new FollowController(target, { seed: 1, topology: 'basic', log: [apply] });
    expect(f.follows('anyone')).toBe(true);
    f.forget();
    f.receive(msg([apply], 5, 500));
    expect(calls[0]).toEqual(['rebuild', [apply], { seq: 5, t: 500 }]);
    expect(f.follows('p2')).toBe(false);
  });
});
