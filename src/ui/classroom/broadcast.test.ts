import { describe, expect, it } from 'vitest';
import type { LogEntry, Topology } from '../../protocol/messages';
import { Broadcaster, type Timers } from './broadcast';
import type { ClassroomChannel, ClassroomLesson, ClassroomMessage, StateMessage } from './messages';

function setup() {
  const posted: ClassroomMessage[] = [];
  const channel: ClassroomChannel = { postMessage: (m) => posted.push(m), addEventListener: () => {}, removeEventListener: () => {} };
  const pending: (() => void)[] = [];
  const timers: Timers = {
    set: (fn) => pending.push(fn),
    clear: () => {
      pending.length = 0;
    },
  };
  const flush = (): void => {
    const fns = pending.splice(0);
    fns.forEach((f) => f());
  };
  const src = { run: { seed: 7, topology: 'ha' as Topology }, log: [] as LogEntry[], moment: { seq: 1, t: 100, playing: false, speed: 1 }, lesson: undefined as ClassroomLesson | undefined };
  const b = new Broadcaster(channel, { run: () => src.run, log: () => src.log, moment: () => src.moment, lesson: () => src.lesson }, { id: 'me', timers });
  const states = () => posted.filter((m): m is StateMessage => m.type === 'state');
  return { b, src, posted, states, flush, pending };
}

describe('Broadcaster', () => {
  it('announces itself (audiences of a reloaded presenter say hello again)', () => {
    const { b, posted } = setup();
    b.announce();
    expect(posted).toEqual([{ type: 'presenter', from: 'me' }]);
  });

  it('is silent until an audience says hello, then answers at once with its state', () => {
    const { b, src, posted, states } = setup();
    src.moment = { seq: 3, t: 300, playing: false, speed: 1 };
    b.changed();
    expect(posted).toEqual([]);
    b.receive({ type: 'hello', presenter: 'someone-else' });
    expect(posted).toEqual([]);
    b.receive({ type: 'hello', presenter: 'me' });
    expect(states()).toEqual([{ type: 'state', from: 'me', seed: 7, topology: 'ha', log: [], seq: 3, t: 300, playing: false, speed: 1 }]);
    b.receive({ type: 'hello' });
    expect(states()).toHaveLength(2);
  });

  it('sends a changed timeline at once, and throttles the moment and trailing time', () => {
    const { b, src, states, flush, pending } = setup();
    b.receive({ type: 'hello' });
    const apply: LogEntry = { type: 'command', line: 'kubectl apply -f go-api.yaml' };
    src.log = [apply];
    b.changed();
    expect(states()).toHaveLength(2);
    expect(states()[1]!.log).toEqual([apply]);

    src.log = [apply, { type: 'advance', ms: 16 }];
    src.moment = { seq: 4, t: 316, playing: true, speed: 1 };
    b.changed();
    src.log = [apply, { type: 'advance', ms: 32 }];
    src.moment = { seq: 5, t: 332, playing: true, speed: 1 };
    b.changed();
    expect(states()).toHaveLength(2);
    expect(pending).toHaveLength(1);
    flush();
    expect(states()).toHaveLength(3);
    expect(states()[2]).toMatchObject({ seq: 5, t: 332, playing: true, log: [apply, { type: 'advance', ms: 32 }] });

    // Nothing changed: nothing sent.
    b.changed();
    expect(pending).toHaveLength(0);

    // A fork replaces the log: sent at once, cancelling the pending moment.
    src.moment = { seq: 6, t: 340, playing: true, speed: 1 };
    b.changed();
    src.log = [{ type: 'command', line: 'kubectl get pods' }];
    b.changed();
    expect(states()).toHaveLength(4);
    expect(pending).toHaveLength(0);
  });

  it('sends the lesson with the state, and a step, phase or reveal at once', () => {
    const { b, src, states, pending } = setup();
    const asking: ClassroomLesson = { id: '01-cluster-at-a-glance', index: 2, phase: 'asking', revealed: false };
    src.lesson = asking;
    b.changed();
    expect(states()).toEqual([]); // silent until an audience says hello
    b.receive({ type: 'hello' });
    expect(states()[0]!.lesson).toEqual(asking);
    b.changed();
    expect(states()).toHaveLength(1);
    src.lesson = { ...asking, phase: 'answered' };
    b.changed();
    src.lesson = { ...asking, phase: 'answered', revealed: true };
    b.changed();
    expect(states().map((m) => m.lesson)).toEqual([asking, { ...asking, phase: 'answered' }, { ...asking, phase: 'answered', revealed: true }]);
    expect(pending).toHaveLength(0);
    // The presenter left the lesson: the next state has none.
    src.lesson = undefined;
    b.changed();
    expect(states()).toHaveLength(4);
    expect(states()[3]).not.toHaveProperty('lesson');
  });

  it('sends the run the bridge runs now (a lesson may have replaced the page’s seed), at once', () => {
    const { b, src, states } = setup();
    b.receive({ type: 'hello' });
    expect(states()[0]).toMatchObject({ seed: 7, topology: 'ha' });
    src.run = { seed: 3, topology: 'basic' };
    b.changed();
    expect(states()).toHaveLength(2);
    expect(states()[1]).toMatchObject({ seed: 3, topology: 'basic' });
  });
});
