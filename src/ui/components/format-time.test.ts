import { describe, expect, it } from 'vitest';
import { elapsed, utcStamp } from './format-time';

describe('clock formatting', () => {
  it('renders UTC wall time', () => {
    expect(utcStamp(Date.UTC(2025, 8, 1, 9, 3, 1))).toBe('2025-09-01 09:03:01 UTC');
  });

  it('renders elapsed simulated time compactly', () => {
    expect(elapsed(0)).toBe('0s');
    expect(elapsed(42_999)).toBe('42s');
    expect(elapsed(181_000)).toBe('3m01s');
    expect(elapsed(3_723_000)).toBe('1h02m03s');
  });
});
