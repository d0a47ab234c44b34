import { describe, expect, it } from 'vitest';
import { decodeInput } from './keys';

describe('decodeInput', () => {
  it('groups printable text and maps Enter, Tab and control keys', () => {
    expect(decodeInput('k')).toEqual([{ type: 'insert', text: 'k' }]);
    expect(decodeInput('\r')).toEqual([{ type: 'enter' }]);
    expect(decodeInput('\t')).toEqual([{ type: 'tab' }]);
    expect(decodeInput('\x03')).toEqual([{ type: 'interrupt' }]);
    expect(decodeInput('\x0c')).toEqual([{ type: 'clearScreen' }]);
    expect(decodeInput('\x04')).toEqual([{ type: 'eof' }]);
    expect(decodeInput('\x7f')).toEqual([{ type: 'edit', key: 'backspace' }]);
    expect(decodeInput('\x01')).toEqual([{ type: 'edit', key: 'home' }]);
    expect(decodeInput('\x05')).toEqual([{ type: 'edit', key: 'end' }]);
    expect(decodeInput('\x15')).toEqual([{ type: 'edit', key: 'killToStart' }]);
    expect(decodeInput('\x0b')).toEqual([{ type: 'edit', key: 'killToEnd' }]);
    expect(decodeInput('\x17')).toEqual([{ type: 'edit', key: 'killWordBack' }]);
    expect(decodeInput('ab\x7fc')).toEqual([{ type: 'insert', text: 'ab' }, { type: 'edit', key: 'backspace' }, { type: 'insert', text: 'c' }]);
    // IME and non-ASCII text pass through.
    expect(decodeInput('日志')).toEqual([{ type: 'insert', text: '日志' }]);
  });

  it('decodes cursor keys in normal and application mode, with modifiers', () => {
    expect(decodeInput('\x1b[A')).toEqual([{ type: 'edit', key: 'historyPrev' }]);
    // Ctrl+P and Ctrl+Q: previous history, and kubectl attach's detach keys together (shell.ts).
    expect(decodeInput('\x10\x11')).toEqual([{ type: 'ctrl', key: 'P' }, { type: 'ctrl', key: 'Q' }]);
    expect(decodeInput('\x1bOB')).toEqual([{ type: 'edit', key: 'historyNext' }]);
    expect(decodeInput('\x1b[C\x1b[D')).toEqual([
      { type: 'edit', key: 'right' },
      { type: 'edit', key: 'left' },
    ]);
    expect(decodeInput('\x1b[1;5D')).toEqual([{ type: 'edit', key: 'wordLeft' }]);
    expect(decodeInput('\x1b[1;3C')).toEqual([{ type: 'edit', key: 'wordRight' }]);
    expect(decodeInput('\x1bb')).toEqual([{ type: 'edit', key: 'wordLeft' }]);
    expect(decodeInput('\x1b\x7f')).toEqual([{ type: 'edit', key: 'killWordBack' }]);
    for (const home of ['\x1b[H', '\x1bOH', '\x1b[1~', '\x1b[7~']) expect(decodeInput(home)).toEqual([{ type: 'edit', key: 'home' }]);
    for (const end of ['\x1b[F', '\x1bOF', '\x1b[4~', '\x1b[8~']) expect(decodeInput(end)).toEqual([{ type: 'edit', key: 'end' }]);
    expect(decodeInput('\x1b[3~')).toEqual([{ type: 'edit', key: 'delete' }]);
  });

  it('ignores sequences it does not use (function keys, page keys, a lone Escape)', () => {
    expect(decodeInput('\x1b[15~')).toEqual([]);
    expect(decodeInput('\x1b[5~a')).toEqual([{ type: 'insert', text: 'a' }]);
    expect(decodeInput('\x1bOP')).toEqual([]);
    expect(decodeInput('\x1b')).toEqual([]);
    expect(decodeInput('\x00\x1f')).toEqual([]);
  });

  it('reads a bracketed paste as one paste, newlines included', () => {
    expect(decodeInput('\x1b[200~kubectl get nodes\rkubectl get pods\r\x1b[201~')).toEqual([{ type: 'paste', text: 'kubectl get nodes\rkubectl get pods\r' }]);
    expect(decodeInput('x\x1b[200~a\tb\x1b[201~\r')).toEqual([{ type: 'insert', text: 'x' }, { type: 'paste', text: 'a\tb' }, { type: 'enter' }]);
    // An unterminated paste takes the rest of the report.
    expect(decodeInput('\x1b[200~abc')).toEqual([{ type: 'paste', text: 'abc' }]);
  });

  it('treats text with line breaks in one report as a paste (no bracketed paste)', () => {
    expect(decodeInput('a\rb')).toEqual([{ type: 'paste', text: 'a\rb' }]);
    expect(decodeInput('\r')).toEqual([{ type: 'enter' }]);
  });
});
