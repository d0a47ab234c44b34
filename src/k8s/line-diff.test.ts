import { describe, expect, it } from 'vitest';
import { unifiedHunks } from './line-diff';

describe('unifiedHunks', () => {
  it('prints nothing for equal texts', () => {
    expect(unifiedHunks('a\nb\n', 'a\nb\n')).toBe('');
  });

  it('keeps three lines of context and GNU diff ranges', () => {
    const a = 'l1\nl2\nl3\nl4\nl5\nl6\nl7\nl8\n';
    const b = 'l1\nl2\nl3\nl4\nX\nl6\nl7\nl8\n';
    expect(unifiedHunks(a, b)).toBe('@@ -2,7 +2,7 @@\n l2\n l3\n l4\n-l5\n+X\n l6\n l7\n l8\n');
  });

  it('diffs against an absent file as diff -N does', () => {
    expect(unifiedHunks('', 'a\nb\n')).toBe('@@ -0,0 +1,2 @@\n+a\n+b\n');
    expect(unifiedHunks('a\n', '')).toBe('@@ -1 +0,0 @@\n-a\n');
  });

  it('splits far-apart changes into separate hunks', () => {
    const a = Array.from({ length: 20 }, (_, i) => `l${i}`).join('\n') + '\n';
    const b = a.replace('l1\n', 'x\n').replace('l18\n', 'y\n');
    expect(unifiedHunks(a, b).match(/^@@/gm)).toHaveLength(2);
  });
});
