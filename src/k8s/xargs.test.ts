import { describe, expect, it } from 'vitest';
import { xargsLines } from './xargs';

const plan = { noRunIfEmpty: false };

describe('xargs command lines (GNU findutils 4.9 and BusyBox rules)', () => {
  it('reads items with its quoting and runs them in one command, or N at a time', () => {
    expect(xargsLines(['echo'], "a 'b c'\n\"d\" e\\ f\n", plan)).toEqual({ runs: [['echo', 'a', 'b c', 'd', 'e f']] });
    expect(xargsLines(['rm'], 'a b c', { ...plan, maxArgs: 2 })).toEqual({ runs: [['rm', 'a', 'b'], ['rm', 'c']] });
    expect(xargsLines(['x'], "it's\n", plan)).toEqual({ unmatched: 'single' });
  });

  it('-L takes N input lines a command, -I one line a command with REPL replaced', () => {
    expect(xargsLines(['echo'], 'a b\nc\nd\n', { ...plan, maxLines: 2 })).toEqual({ runs: [['echo', 'a', 'b', 'c'], ['echo', 'd']] });
    expect(xargsLines(['mv', '{}', '{}.bak'], '  one\n\ntwo\n', { ...plan, replace: '{}' })).toEqual({ runs: [['mv', 'one', 'one.bak'], ['mv', 'two', 'two.bak']] });
  });

  it('no items: one run without -r, none with it; -0 splits on NUL and drops the last empty piece', () => {
    expect(xargsLines(['echo'], '', plan)).toEqual({ runs: [['echo']] });
    expect(xargsLines(['echo'], ' \n', { ...plan, noRunIfEmpty: true })).toEqual({ runs: [] });
    expect(xargsLines(['echo'], 'a b\0c\0', { ...plan, delimiter: '\0' })).toEqual({ runs: [['echo', 'a b', 'c']] });
  });
});
