import { describe, expect, it } from 'vitest';
import { available, newTokenBucket, reserve, tokenDelay, tryAccept } from './flowcontrol';

const LIMIT = { qps: 20, burst: 30 };

describe('token bucket (golang.org/x/time/rate as client-go uses it)', () => {
  it('starts full, refills continuously at qps, never above burst', () => {
    const b = newTokenBucket(LIMIT, 0);
    expect(available(b, LIMIT, 0)).toBe(30);
    for (let i = 0; i < 30; i++) expect(tryAccept(b, LIMIT, 0)).toBe(true);
    expect(tryAccept(b, LIMIT, 0)).toBe(false);
    expect(tokenDelay(b, LIMIT, 0)).toBe(50);
    expect(tryAccept(b, LIMIT, 49)).toBe(false);
    expect(tokenDelay(b, LIMIT, 49)).toBe(1);
    expect(tryAccept(b, LIMIT, 50)).toBe(true);
    expect(available(b, LIMIT, 1_050)).toBe(20);
    expect(available(b, LIMIT, 60_000)).toBe(30);
  });

  it('yields the token at the delay it announced, whatever the rate', () => {
    for (const qps of [3, 7, 0.1, 1_000_000]) {
      const limit = { qps, burst: 1 };
      const b = newTokenBucket(limit, 0);
      expect(tryAccept(b, limit, 0)).toBe(true);
      let now = 0;
      for (let i = 0; i < 50; i++) {
        now += tokenDelay(b, limit, now);
        expect(tryAccept(b, limit, now)).toBe(true);
      }
    }
  });

  it('announces when a whole batch of tokens will be there, never more than the burst', () => {
    const b = newTokenBucket(LIMIT, 0);
    expect(available(b, LIMIT, 0)).toBe(30);
    b.tokens -= 30;
    expect(tokenDelay(b, LIMIT, 0, 10)).toBe(500);
    expect(tokenDelay(b, LIMIT, 0, 500)).toBe(1_500);
    expect(available(b, LIMIT, 1_499)).toBe(29);
    expect(available(b, LIMIT, 1_500)).toBe(30);
    for (const qps of [3, 7, 0.1]) {
      const limit = { qps, burst: 5 };
      const c = newTokenBucket(limit, 0);
      c.tokens = 0;
      const d = tokenDelay(c, limit, 0, 4);
      expect(available(c, limit, d)).toBe(4);
    }
  });

  it('reserve queues each caller behind the ones before it', () => {
    const limit = { qps: 10, burst: 1 };
    const b = newTokenBucket(limit, 0);
    expect([reserve(b, limit, 0), reserve(b, limit, 0), reserve(b, limit, 0)]).toEqual([0, 100, 200]);
  });
});
