import { describe, expect, it } from 'vitest';
import { MAX_ADVANCE_MS } from '../../protocol/messages';
import { ReplayLog, truncateAt } from './replay-log';

describe('ReplayLog', () => {
  it('confirms requests in order up to the acknowledged id', () => {
    const log = new ReplayLog();
    log.sent(1, { type: 'command', line: 'a' });
    log.sent(2, { type: 'advance', ms: 100 });
    log.sent(3, { type: 'command', line: 'b' });
    log.acked(2);
    expect(log.confirmed).toEqual([
      { type: 'command', line: 'a' },
      { type: 'advance', ms: 100 },
    ]);
    expect(log.pendingCount).toBe(1);
  });

  it('merges consecutive advances', () => {
    const log = new ReplayLog();
    log.sent(1, { type: 'advance', ms: 100 });
    log.sent(2, { type: 'advance', ms: 50 });
    log.sent(3, undefined);
    log.sent(4, { type: 'advance', ms: 5 });
    log.acked(4);
    expect(log.confirmed).toEqual([{ type: 'advance', ms: 155 }]);
  });

  it('never merges an advance past what one live request may ask, so a replay accepts every entry', () => {
    const log = new ReplayLog();
    for (let id = 1; id <= 5; id++) log.sent(id, { type: 'advance', ms: MAX_ADVANCE_MS / 2 + 1 });
    log.acked(5);
    expect(log.confirmed).toHaveLength(5);
    expect(log.confirmed.every((e) => e.type === 'advance' && e.ms <= MAX_ADVANCE_MS)).toBe(true);
    const small = new ReplayLog();
    for (let id = 1; id <= 4; id++) small.sent(id, { type: 'advance', ms: MAX_ADVANCE_MS / 4 });
    small.sent(5, { type: 'advance', ms: 1 });
    small.acked(5);
    expect(small.confirmed).toEqual([
      { type: 'advance', ms: MAX_ADVANCE_MS },
      { type: 'advance', ms: 1 },
    ]);
  });

  it('drops unacknowledged requests and reports the commands among them', () => {
    const log = new ReplayLog();
    log.sent(1, { type: 'command', line: 'a' });
    log.sent(2, { type: 'advance', ms: 10 });
    log.sent(3, { type: 'command', line: 'b', stdin: 'x' });
    log.acked(1);
    expect([...log.dropPending()]).toEqual([3]);
    expect(log.pendingCount).toBe(0);
    log.acked(3);
    expect(log.confirmed).toEqual([{ type: 'command', line: 'a' }]);
  });
});

describe('truncateAt (forking at a past moment)', () => {
  const inputs = [
    { id: 1, entry: { type: 'command' as const, line: 'kubectl apply -f go-api.yaml' }, start: 1000, end: 1150 },
    { id: 2, entry: { type: 'advance' as const, ms: 5000 }, start: 1150, end: 6150 },
    { id: 3, entry: { type: 'command' as const, line: 'kubectl get pods -w' }, start: 6150, end: 70_000 },
    { id: 4, entry: { type: 'command' as const, line: 'sim advance 5m' }, start: 70_000, end: 370_000 },
  ];

  it('keeps what finished by t and advances up to t', () => {
    expect(truncateAt(inputs, 3000)).toEqual([inputs[0]!.entry, { type: 'advance', ms: 1850 }]);
    expect(truncateAt(inputs, 6150)).toEqual([inputs[0]!.entry, inputs[1]!.entry]);
  });

  it('drops a kubectl command whose request had not happened by t', () => {
    expect(truncateAt(inputs, 1100)).toEqual([{ type: 'advance', ms: 100 }]);
  });

  it('cuts a waiting command at t (Ctrl+C, or a fork while it waited)', () => {
    expect(truncateAt(inputs, 9000, 3)).toEqual([inputs[0]!.entry, inputs[1]!.entry, { ...inputs[2]!.entry, interruptAt: 9000 }]);
    expect(truncateAt(inputs, 100_000)).toEqual([inputs[0]!.entry, inputs[1]!.entry, inputs[2]!.entry, { ...inputs[3]!.entry, interruptAt: 100_000 }]);
  });
});
