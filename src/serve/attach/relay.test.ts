import { describe, expect, it } from 'vitest';
import { ClassroomRelay, type RelayPeer } from './relay';

function peer(): RelayPeer & { got: unknown[] } {
  const got: unknown[] = [];
  return { got, send: (text) => got.push(JSON.parse(text)) };
}

const state = (seq: number) => JSON.stringify({ type: 'state', from: 'p1', seed: 1, topology: 'basic', log: [], seq, t: seq * 10, playing: false, speed: 1 });

describe('classroom relay', () => {
  it('relays the presenter state to every student, and hands a late student the last one', () => {
    const relay = new ClassroomRelay();
    const presenter = peer();
    const a = peer();
    relay.join(presenter, 'presenter');
    relay.join(a, 'student');
    // The presenter's broadcaster is silent until someone says hello: the relay says it.
    expect(presenter.got).toEqual([{ type: 'hello' }]);
    relay.receive(presenter, state(5));
    expect(a.got).toEqual([JSON.parse(state(5))]);
    const late = peer();
    relay.join(late, 'student');
    expect(late.got).toEqual([JSON.parse(state(5))]);
  });

  it('drops whatever a student sends: a student cannot drive the room', () => {
    const relay = new ClassroomRelay();
    const presenter = peer();
    const a = peer();
    const b = peer();
    relay.join(presenter, 'presenter');
    relay.join(a, 'student');
    relay.join(b, 'student');
    presenter.got.length = 0;
    relay.receive(a, state(99));
    relay.receive(a, JSON.stringify({ type: 'presenter', from: 'evil' }));
    relay.receive(a, JSON.stringify({ type: 'hello' }));
    expect(b.got).toEqual([]);
    expect(presenter.got).toEqual([]);
    expect(relay.ignored).toBe(3);
    // Nor can it plant the state a late student starts from.
    const late = peer();
    relay.join(late, 'student');
    expect(late.got).toEqual([]);
  });

  it('relays only the presenter messages the classroom knows, well-formed', () => {
    const relay = new ClassroomRelay();
    const presenter = peer();
    const a = peer();
    relay.join(presenter, 'presenter');
    relay.join(a, 'student');
    relay.receive(presenter, 'not json');
    relay.receive(presenter, JSON.stringify({ type: 'command', line: 'kubectl delete ns default' }));
    relay.receive(presenter, JSON.stringify([1, 2]));
    expect(a.got).toEqual([]);
    relay.receive(presenter, JSON.stringify({ type: 'presenter', from: 'p1' }));
    expect(a.got).toEqual([{ type: 'presenter', from: 'p1' }]);
  });

  it('stops sending to a peer that left', () => {
    const relay = new ClassroomRelay();
    const presenter = peer();
    const a = peer();
    relay.join(presenter, 'presenter');
    relay.join(a, 'student');
    relay.leave(a);
    relay.receive(presenter, state(1));
    expect(a.got).toEqual([]);
    expect(relay.studentCount).toBe(0);
  });
});
