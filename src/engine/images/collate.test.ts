import { describe, expect, it } from 'vitest';
import { byteCompare, languageCollator } from './collate';

describe('collation', () => {
  it("orders as glibc 2.36's en_US.UTF-8 strcoll does (recorded from `sort` under a localedef-built en_US.UTF-8)", () => {
    // The order GNU sort printed for these lines; the input order is its reverse, so nothing is left in place by accident.
    const glibc = [
      '$HOME', '0/a', ':0a', '0/Z', ':0Z', '0Z', '-1', '1', '10', '9', 'a-1', 'a1', 'a\tb', 'a b', 'a-b', 'a.b', 'a_b', 'ab', 'aB', 'Ab', 'AB',
      'api-7d 1/1 Running', '_b', 'b', 'default', 'ea', 'Ea', 'éa', 'eb', 'kube-node-lease', 'kube-public', 'kube-system', 'NAME READY STATUS',
      'web1 0/1', 'web-1 1/1 Running', 'web-2 1/1', 'web_3', 'web 4', 'web.5', 'Web-x 1/1',
    ];
    expect([...glibc].reverse().sort(languageCollator())).toEqual(glibc);
  });

  it('C order is code point order, also beyond U+FFFF', () => {
    expect(['b', 'B', 'a', '\u{1F600}', '\uFF21'].sort(byteCompare)).toEqual(['B', 'a', 'b', '\uFF21', '\u{1F600}']);
  });
});
