import { describe, expect, it } from 'vitest';
import { goDurationMicros } from '../../k8s/time';
import { renderTable } from '../images/tablewriter';
import { humanBytes } from './humanize';

describe('the formats etcd and etcdctl print', () => {
  it('go-humanize Bytes (SI)', () => {
    expect(humanBytes(0)).toBe('0 B');
    expect(humanBytes(9)).toBe('9 B');
    expect(humanBytes(20480)).toBe('20 kB');
    expect(humanBytes(2_097_152)).toBe('2.1 MB');
    expect(humanBytes(2_147_483_648)).toBe('2.1 GB');
    expect(humanBytes(16_384)).toBe('16 kB');
  });

  it("Go's Duration.String at microsecond precision", () => {
    expect(goDurationMicros(1058)).toBe('1.058ms');
    expect(goDurationMicros(1_502_000)).toBe('1.502s');
    expect(goDurationMicros(1_503_101)).toBe('1.503101s');
    expect(goDurationMicros(999)).toBe('999µs');
    expect(goDurationMicros(62_000_000)).toBe('1m2s');
  });

  it('tablewriter v0.0.5: upper-cased centred headers (the odd space right), right-aligned rows', () => {
    expect(renderTable(['endpoint', 'quota'], [['https://127.0.0.1:2379', '2.1 GB']])).toBe(
      [
        '+------------------------+--------+',
        '|        ENDPOINT        | QUOTA  |',
        '+------------------------+--------+',
        '| https://127.0.0.1:2379 | 2.1 GB |',
        '+------------------------+--------+',
        '',
      ].join('\n'),
    );
  });
});
