/**
 * jq at the terminal never hangs the page: a filter that would run forever or fill memory stops
 * with a message naming the limit. Not recorded from the real jq, which would keep going.
 */
import { describe, expect, it } from 'vitest';
import { runRow } from './gnu-parity.testing';

describe('a filter that would run forever', () => {
  // Not recorded: the real jq keeps going (or runs out of memory); the page must answer.
  const STOPPED = 'jq: error: this terminal stops a filter after 2000000 steps, at 10000000 elements or when it recurses too deep; the real jq would keep going\n';
  it.each([['[range(1e12)]'], ['"x" * 1e9'], ['null | .[1e9] = 1'], ['def f: 1 + f; f']])('%s stops with a message naming the limit', (f) => {
    expect(runRow([['jq', '-n', f], '', '', '', 0]).result).toEqual({ stdout: '', stderr: STOPPED, status: 5 });
  });
  it('keeps what it printed before stopping, and try cannot catch the stop', () => {
    const r = runRow([['jq', '-n', 'try repeat(1) catch "caught"'], '', '', '', 0]).result!;
    expect(r.stdout.startsWith('1\n1\n')).toBe(true);
    expect(r.stdout).not.toContain('caught');
    expect([r.stderr, r.status]).toEqual([STOPPED, 5]);
  });
});
