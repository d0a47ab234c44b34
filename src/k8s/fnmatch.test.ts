import { describe, expect, it } from 'vitest';
import { fnmatch, trimPattern } from './fnmatch';

const TEXTS = ['web.yaml', 'web', '1x', 'bb', 'cab', '*'];

describe('fnmatch, as bash matches [[ text == pattern ]] (recorded from bash 5.2)', () => {
  it.each([
    ['*.yaml', ['web.yaml']],
    ['w?b', ['web']],
    ['[[:digit:]]x', ['1x']],
    ['[!a]b', ['bb']],
    ['[a-c]*', ['bb', 'cab']],
    ['\\*', ['*']],
    // A class name Object.prototype happens to have is no class.
    ['[[:constructor:]]*', []],
  ])('%s', (pattern, matches) => {
    expect(TEXTS.filter((t) => fnmatch(pattern, t))).toEqual(matches);
  });

  it('trims the shortest or longest match from either end', () => {
    expect(trimPattern('web.tar.gz', '*.', 'start', false)).toBe('tar.gz');
    expect(trimPattern('web.tar.gz', '*.', 'start', true)).toBe('gz');
    expect(trimPattern('web.tar.gz', '.*', 'end', false)).toBe('web.tar');
    expect(trimPattern('web.tar.gz', '.*', 'end', true)).toBe('web');
  });
});
