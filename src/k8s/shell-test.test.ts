import { describe, expect, it } from 'vitest';
import { bashTestMessage, runTest, type TestHost } from './shell-test';

const host: TestHost = { kind: () => 'none', size: () => 0, vars: { get: () => undefined, set: () => {} } };

/** `[ ARGS ]` as bash answers it: the status, and the message after `bash: [: `. */
function bracket(...args: string[]): [number, string] {
  const r = runTest('[', [...args, ']'], host);
  return r.status === 2 ? [2, bashTestMessage(r.error)] : [r.status, ''];
}

describe("test's POSIX argument-count rules (bash's posixtest; recorded from bash 5.2)", () => {
  it.each([
    [['foo', 'bar'], [2, 'foo: unary operator expected']],
    [['-z', 'a', 'b'], [2, 'a: binary operator expected']],
    [['a', '='], [2, 'a: unary operator expected']],
    [['a', 'b', 'c'], [2, 'b: binary operator expected']],
    [['1', '2', '3'], [2, '2: binary operator expected']],
    [['!', ''], [0, '']],
    [['!', 'a', '=', 'a'], [1, '']],
    [['(', 'a', ')'], [0, '']],
    [['a', '-a', ''], [1, '']],
    [['!', '-z', 'a'], [0, '']],
    [['(', '-n', 'x', ')'], [0, '']],
    [['-n'], [0, '']],
    [[], [1, '']],
  ] as const)('[ %j ]', (args, want) => {
    expect(bracket(...args)).toEqual(want);
  });
});
