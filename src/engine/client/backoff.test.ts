import { describe, expect, it } from 'vitest';
import { backoffGC, backoffGet, backoffNext, inBackOffSinceUpdate, type BackoffEntry } from './backoff';

/** The DaemonSet controller's: flowcontrol.NewBackOff(1*time.Second, 15*time.Minute). */
const P = { initial: 1_000, max: 900_000, resetAfter: 1_800_000 };

describe('flowcontrol.Backoff without jitter', () => {
  it('starts at initial, doubles on each Next up to max; IsInBackOffSinceUpdate measures from the last Next', () => {
    const t = new Map<string, BackoffEntry>();
    expect(inBackOffSinceUpdate(t, 'k', 0, P)).toBe(false);
    expect(backoffGet(t, 'k')).toBe(0);
    let now = 0;
    const seen: number[] = [];
    for (let i = 0; i < 12; i++) {
      backoffNext(t, 'k', now, now, P);
      const d = backoffGet(t, 'k');
      seen.push(d);
      expect(inBackOffSinceUpdate(t, 'k', now + d - 1, P)).toBe(true);
      expect(inBackOffSinceUpdate(t, 'k', now + d, P)).toBe(false);
      now += d;
    }
    expect(seen).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 128_000, 256_000, 512_000, 900_000, 900_000]);
  });

  it('starts over once an entry has been left alone longer than 2×max, and GC drops exactly those entries', () => {
    const t = new Map<string, BackoffEntry>();
    backoffNext(t, 'old', 0, 0, P);
    backoffNext(t, 'old', 1_000, 1_000, P);
    backoffNext(t, 'fresh', 1_000_000, 1_000_000, P);
    expect(backoffGet(t, 'old')).toBe(2_000);
    // hasExpired is strict: exactly 2×max after the last Next the entry still counts.
    backoffGC(t, 1_000 + P.resetAfter, P);
    expect([...t.keys()]).toEqual(['old', 'fresh']);
    backoffGC(t, 1_001 + P.resetAfter, P);
    expect([...t.keys()]).toEqual(['fresh']);
    backoffNext(t, 'fresh', 1_000_001 + P.resetAfter, 1_000_001 + P.resetAfter, P);
    expect(backoffGet(t, 'fresh')).toBe(1_000);
  });
});
