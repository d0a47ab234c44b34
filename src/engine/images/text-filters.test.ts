import { describe, expect, it } from 'vitest';
import { runFilter } from './text-filters';

const run = (name: string, args: string[], stdin: string): string => runFilter(name, args, stdin)?.stdout ?? '<none>';

describe('the image shell filters a terminal pipeline runs', () => {
  it('grep prints context lines with -- between groups that do not touch (-A, -B, -C)', () => {
    const text = 'a\nx1\nb\nc\nd\nx2\ne\n';
    expect(run('grep', ['-A1', 'x'], text)).toBe('x1\nb\n--\nx2\ne\n');
    expect(run('grep', ['-B', '1', 'x2'], text)).toBe('d\nx2\n');
    expect(run('grep', ['--context=1', 'b'], text)).toBe('x1\nb\nc\n');
    expect(run('grep', ['-A5', 'x'], text)).toBe('x1\nb\nc\nd\nx2\ne\n');
  });

  it("awk picks fields, with NR / regex / comparison patterns and -F", () => {
    const table = 'NAME   READY   STATUS\nweb-1  1/1     Running\nweb-2  0/1     Pending\n';
    expect(run('awk', ['{print $1}'], table)).toBe('NAME\nweb-1\nweb-2\n');
    expect(run('awk', ['NR>1 {print $1, $NF}'], table)).toBe('web-1 Running\nweb-2 Pending\n');
    expect(run('awk', ['$3 == "Pending" {print $1}'], table)).toBe('web-2\n');
    expect(run('awk', ['/Running/'], table)).toBe('web-1  1/1     Running\n');
    expect(run('awk', ['-F/', '{print $2}'], 'pod/a\npod/b\n')).toBe('a\nb\n');
    expect(runFilter('awk', ['{x = 1}'], table)?.status).toBe(2);
  });

  it('offers only the filters that read stdin', () => {
    expect(runFilter('tee', ['/tmp/x'], 'a')).toBeUndefined();
    expect(runFilter('cat', [], 'a')).toBeUndefined();
  });
});
