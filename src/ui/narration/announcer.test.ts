import { describe, expect, it } from 'vitest';
import { PLAYING_INTERVAL_MS, decide } from './announcer';

describe('announcer', () => {
  it('speaks a step or a seek at once, and never the same message twice', () => {
    expect(decide({ lastSeq: 10, lastAt: 1000 }, 11, false, 1001)).toEqual({ kind: 'now' });
    expect(decide({ lastSeq: 10, lastAt: 1000 }, 9, false, 1001)).toEqual({ kind: 'now' });
    expect(decide({ lastSeq: 10, lastAt: 1000 }, 10, false, 99_999)).toEqual({ kind: 'skip' });
  });

  it('while playing, waits out the interval since the last announcement', () => {
    expect(decide({ lastSeq: 10, lastAt: 1000 }, 50, true, 1400)).toEqual({ kind: 'wait', ms: PLAYING_INTERVAL_MS - 400 });
    expect(decide({ lastSeq: 10, lastAt: 1000 }, 50, true, 1000 + PLAYING_INTERVAL_MS)).toEqual({ kind: 'now' });
    expect(decide({ lastSeq: undefined, lastAt: undefined }, 50, true, 5)).toEqual({ kind: 'now' });
  });
});
