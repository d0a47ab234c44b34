import { describe, expect, it } from 'vitest';
import { humanDuration, parseTimestamp, since } from './age';

const s = 1000;
const m = 60 * s;
const h = 60 * m;
const d = 24 * h;

describe('humanDuration (apimachinery duration.HumanDuration)', () => {
  it('prints every band of the table in k8s-fidelity.md §1.2', () => {
    const cases: [number, string][] = [
      [-2 * s, '<invalid>'],
      [-1 * s, '0s'],
      [-500, '0s'],
      [0, '0s'],
      [5 * s, '5s'],
      [119 * s + 999, '119s'],
      [2 * m, '2m'],
      [2 * m + 10 * s, '2m10s'],
      [9 * m + 59 * s, '9m59s'],
      [10 * m + 30 * s, '10m'],
      [60 * m, '60m'],
      [179 * m, '179m'],
      [3 * h, '3h'],
      [3 * h + 20 * m, '3h20m'],
      [7 * h + 59 * m, '7h59m'],
      [8 * h, '8h'],
      [47 * h, '47h'],
      [2 * d, '2d'],
      [2 * d + 2 * h, '2d2h'],
      [7 * d + 23 * h, '7d23h'],
      [8 * d, '8d'],
      [729 * d, '729d'],
      [730 * d, '2y'],
      [730 * d + 80 * d, '2y80d'],
      [8 * 365 * d, '8y'],
    ];
    for (const [ms, want] of cases) expect(humanDuration(ms), String(ms)).toBe(want);
  });
});

describe('since (translateTimestampSince)', () => {
  it('reads metav1.Time and MicroTime and says <unknown> for a missing timestamp', () => {
    const now = Date.parse('2025-09-01T09:03:05Z');
    expect(since('2025-09-01T09:00:00Z', now)).toBe('3m5s');
    expect(since('2025-09-01T09:02:53.250000Z', now)).toBe('11s');
    expect(since(null, now)).toBe('<unknown>');
    expect(since(undefined, now)).toBe('<unknown>');
    expect(since('not a time', now)).toBe('<unknown>');
    expect(parseTimestamp('2025-09-01T09:00:07.123000Z')! - parseTimestamp('2025-09-01T09:00:07Z')!).toBe(123);
  });
});
