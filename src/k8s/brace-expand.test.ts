import { describe, expect, it } from 'vitest';
import { braceExpand } from './brace-expand';

/** Each word's expansion, joined as `echo` would print them. */
const line = (words: string): string => words.split(' ').flatMap(braceExpand).join(' ');

describe("bash's brace expansion", () => {
  it('expands lists, sequences, padding, steps and nesting as bash 5.2 does (recorded)', () => {
    // bash 5.2.15: `echo {1..3} a{b,c}d {a..e} {01..10} {10..1..3} {a,b}{1,2} x{,y} {1..2}{a,b}`.
    expect(line('{1..3} a{b,c}d {a..e} {01..10} {10..1..3} {a,b}{1,2} x{,y} {1..2}{a,b}')).toBe(
      '1 2 3 abd acd a b c d e 01 02 03 04 05 06 07 08 09 10 10 7 4 1 a1 a2 b1 b2 x xy 1a 1b 2a 2b',
    );
    expect(line('pre-{web,api}-post file.{yaml,json} {x..z..2} {-2..2}')).toBe('pre-web-post pre-api-post file.yaml file.json x z -2 -1 0 1 2');
  });

  it('leaves quoted braces, ${…} and what is no brace expression as written; keeps quotes for later', () => {
    expect(line(`"{1..3}" '{a,b}' \\{a,b\\} \${HOME:+{x,y}} {a} {} {a,b {1..a}`)).toBe(`"{1..3}" '{a,b}' \\{a,b\\} \${HOME:+{x,y}} {a} {} {a,b {1..a}`);
    expect(line('{5..5}')).toBe('5');
    // Quoted text inside an alternative stays quoted for quote removal (bash prints `1q 2q 3q abe ac de a b,c`).
    expect(braceExpand('{1..3}"q"')).toEqual(['1"q"', '2"q"', '3"q"']);
    expect(braceExpand('a{b,"c d"}e')).toEqual(['abe', 'a"c d"e']);
    expect(braceExpand('{a,b\\,c}')).toEqual(['a', 'b\\,c']);
    expect(braceExpand('$(echo {a,b})x{1,2}')).toEqual(['$(echo {a,b})x1', '$(echo {a,b})x2']);
  });
});
