import { describe, expect, it } from 'vitest';
import { goDuration, humanDuration, parseDuration, parseRfc3339Unix, parseTimestamp, rfc1123z, rfc3339 } from './time';
import type { SimMillis } from './units';

describe('humanDuration (apimachinery duration.HumanDuration)', () => {
  it.each([
    [5_000, '5s'],
    [119_000, '119s'],
    [120_000, '2m'],
    [130_000, '2m10s'],
    [599_000, '9m59s'],
    [3_600_000, '60m'],
    [179 * 60_000, '179m'],
    [3 * 3_600_000, '3h'],
    [(3 * 60 + 20) * 60_000, '3h20m'],
    [24 * 3_600_000, '24h'],
    [50 * 3_600_000, '2d2h'],
    [10 * 24 * 3_600_000, '10d'],
    [-500, '0s'],
    [-1000, '0s'],
    [-1999, '0s'],
    [-2000, '<invalid>'],
    [9 * 60_000 + 59_000, '9m59s'],
    [7 * 3_600_000 + 59 * 60_000, '7h59m'],
    [8 * 3_600_000, '8h'],
    [47 * 3_600_000, '47h'],
    [(7 * 24 + 23) * 3_600_000, '7d23h'],
    [8 * 24 * 3_600_000, '8d'],
    [729 * 24 * 3_600_000, '729d'],
    [730 * 24 * 3_600_000, '2y'],
    [810 * 24 * 3_600_000, '2y80d'],
    [8 * 365 * 24 * 3_600_000, '8y'],
  ])('%d ms prints %s', (ms, want) => {
    expect(humanDuration(ms)).toBe(want);
  });
});

describe('timestamps', () => {
  it('renders the epoch in RFC 3339 and RFC 1123Z', () => {
    expect(rfc3339(0 as SimMillis)).toBe('2025-09-01T09:00:00Z');
    expect(rfc1123z(0 as SimMillis)).toBe('Mon, 01 Sep 2025 09:00:00 +0000');
    expect(rfc3339((86_400_000 * 31 + 61_000) as SimMillis)).toBe('2025-10-02T09:01:01Z');
  });
  it('parses what it renders', () => {
    const t = 123_456_000 as SimMillis;
    expect(parseTimestamp(rfc3339(t))).toBe(t);
  });
});

describe('durations', () => {
  it('formats like Go', () => {
    expect(goDuration(806)).toBe('806ms');
    expect(goDuration(1462)).toBe('1.462s');
    expect(goDuration(90_000)).toBe('1m30s');
  });
  it('parses kubectl durations', () => {
    expect(parseDuration('30s')).toBe(30_000);
    expect(parseDuration('1h30m')).toBe(5_400_000);
    expect(parseDuration('250ms')).toBe(250);
    expect(parseDuration('5')).toBe(5_000);
    expect(parseDuration('abc')).toBeUndefined();
  });
});

describe('parseRfc3339Unix', () => {
  it('reads Z and offsets, truncates fractions to milliseconds, and refuses anything else', () => {
    expect(parseRfc3339Unix('2025-09-01T09:00:00Z')).toBe(Date.UTC(2025, 8, 1, 9));
    expect(parseRfc3339Unix('2025-09-01T11:00:00+02:00')).toBe(Date.UTC(2025, 8, 1, 9));
    expect(parseRfc3339Unix('2025-09-01T04:30:00.123456-04:30')).toBe(Date.UTC(2025, 8, 1, 9, 0, 0, 123));
    expect(parseRfc3339Unix('2025-09-01 09:00:00Z')).toBeNaN();
    expect(parseRfc3339Unix('2025-09-01T09:00:00')).toBeNaN();
  });
});
