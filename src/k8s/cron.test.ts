import { describe, expect, it } from 'vitest';
import { CronError, nextAfter, parseStandard } from './cron';
import { unixFrom } from './time';

const at = (y: number, mo: number, d: number, h: number, mi: number): number => unixFrom(y, mo, d, h, mi, 0, 0);

function next(spec: string, from: number, zone?: string): number | undefined {
  return nextAfter(parseStandard(spec), from, zone);
}

describe('cron schedules (robfig/cron ParseStandard)', () => {
  it('finds the next minute, hour, day and weekday activations', () => {
    const mon = at(2025, 9, 1, 9, 0); // Monday 09:00 UTC
    expect(next('*/1 * * * *', mon)).toBe(at(2025, 9, 1, 9, 1));
    expect(next('*/15 * * * *', mon + 1000)).toBe(at(2025, 9, 1, 9, 15));
    expect(next('@hourly', mon)).toBe(at(2025, 9, 1, 10, 0));
    expect(next('@daily', mon)).toBe(at(2025, 9, 2, 0, 0));
    expect(next('0 0 * * 0', mon)).toBe(at(2025, 9, 7, 0, 0));
    expect(next('@weekly', mon)).toBe(at(2025, 9, 7, 0, 0));
    expect(next('30 6 * * MON-FRI', at(2025, 9, 5, 7, 0))).toBe(at(2025, 9, 8, 6, 30));
    expect(next('0 0 1 JAN *', mon)).toBe(at(2026, 1, 1, 0, 0));
    expect(next('0 12 29 2 *', mon)).toBe(at(2028, 2, 29, 12, 0));
    expect(next('0 0 30 2 *', mon)).toBeUndefined();
  });

  it('runs on either a restricted day of month or a restricted weekday', () => {
    // The 15th (a Monday in 2025-09) or any Friday, whichever comes first.
    expect(next('0 0 15 * FRI', at(2025, 9, 1, 9, 0))).toBe(at(2025, 9, 5, 0, 0));
    expect(next('0 0 15 * *', at(2025, 9, 1, 9, 0))).toBe(at(2025, 9, 15, 0, 0));
  });

  it('reads the schedule in a time zone, daylight saving time included', () => {
    const mon = at(2025, 9, 1, 9, 0);
    expect(next('0 9 * * *', mon, 'Asia/Tokyo')).toBe(at(2025, 9, 2, 0, 0));
    expect(next('CRON_TZ=Asia/Tokyo 0 9 * * *', mon)).toBe(at(2025, 9, 2, 0, 0));
    expect(next('0 9 * * *', mon, 'America/New_York')).toBe(at(2025, 9, 1, 13, 0));
    expect(next('0 9 * * *', at(2025, 12, 1, 0, 0), 'America/New_York')).toBe(at(2025, 12, 1, 14, 0));
    expect(next('0 9 * * *', mon, 'Europe/Berlin')).toBe(at(2025, 9, 2, 7, 0));
  });

  it('rejects what robfig/cron rejects, with its messages', () => {
    const err = (spec: string): string => {
      try {
        parseStandard(spec);
        return '';
      } catch (e) {
        return e instanceof CronError ? e.message : String(e);
      }
    };
    expect(err('')).toBe('empty spec string');
    expect(err('* * * *')).toBe('expected exactly 5 fields, found 4: [* * * *]');
    expect(err('61 * * * *')).toBe('end of range (61) above maximum (59): 61');
    expect(err('x * * * *')).toBe('failed to parse int from x: strconv.Atoi: parsing "x": invalid syntax');
    expect(err('@fortnightly')).toBe('unrecognized descriptor: @fortnightly');
    expect(err('0 0 0 * *')).toBe('beginning of range (0) below minimum (1): 0');
  });
});
