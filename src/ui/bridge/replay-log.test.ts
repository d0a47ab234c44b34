import { describe, expect, it } from 'vitest';
import { ReplayLog } from './replay-log';

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
