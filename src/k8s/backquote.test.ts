import { describe, expect, it } from 'vitest';
import { backquoted } from './backquote';

describe('backquoted', () => {
  it('removes the backslash before $, ` and \\ (and " inside double quotes), keeps any other', () => {
    expect(backquoted('`echo a\\$b \\\\\\\\ c` rest', 0)).toEqual({ command: 'echo a$b \\\\ c', end: 18 });
    expect(backquoted('`echo \\`echo nest\\``', 0)).toEqual({ command: 'echo `echo nest`', end: 20 });
    expect(backquoted('`echo \\"q\\" \\n`', 0, true)).toEqual({ command: 'echo "q" \\n', end: 15 });
    expect(backquoted('`echo \\"q\\"`', 0)).toEqual({ command: 'echo \\"q\\"', end: 12 });
  });

  it('answers undefined when no backquote closes it', () => {
    expect(backquoted('`echo hi', 0)).toBeUndefined();
    expect(backquoted('`echo \\`', 0)).toBeUndefined();
  });
});
