import { describe, expect, it } from 'vitest';
import { displayWidth, drawPrompt, erasePrompt, planWrite } from './screen';

const seg = (key: string, text: string) => ({ key, text });

describe('planWrite', () => {
  it('appends new segments and growth of the last one', () => {
    expect(planWrite([], [])).toEqual({ kind: 'none' });
    expect(planWrite([], [seg('a', 'x\n')])).toEqual({ kind: 'append', text: 'x\n' });
    expect(planWrite([seg('a', 'x\n')], [seg('a', 'x\n'), seg('b', 'y\n')])).toEqual({ kind: 'append', text: 'y\n' });
    expect(planWrite([seg('a', 'x\n'), seg('b', '$ w\n')], [seg('a', 'x\n'), seg('b', '$ w\nrow 1\n')])).toEqual({ kind: 'append', text: 'row 1\n' });
    expect(planWrite([seg('a', 'x\n')], [seg('a', 'x\n')])).toEqual({ kind: 'none' });
  });

  it('leaves segments dropped from the front in the scrollback', () => {
    expect(planWrite([seg('a', '1\n'), seg('b', '2\n')], [seg('b', '2\n'), seg('c', '3\n')])).toEqual({ kind: 'append', text: '3\n' });
  });

  it('redraws when the past changed: hidden output, a removed or replaced segment, a clear', () => {
    // The playhead moved back: a revealed row is hidden again.
    expect(planWrite([seg('a', '$ w\nrow\n')], [seg('a', '$ w\n')])).toEqual({ kind: 'rewrite', text: '$ w\n' });
    // A fork dropped the last command.
    expect(planWrite([seg('a', '1\n'), seg('b', '2\n')], [seg('a', '1\n')])).toEqual({ kind: 'rewrite', text: '1\n' });
    // An earlier segment changed (the interface language of a note).
    expect(planWrite([seg('a', 'one\n'), seg('b', '2\n')], [seg('a', 'uno\n'), seg('b', '2\n')])).toEqual({ kind: 'rewrite', text: 'uno\n2\n' });
    // `clear`: nothing before survives.
    expect(planWrite([seg('a', '1\n')], [])).toEqual({ kind: 'rewrite', text: '' });
    expect(planWrite([seg('a', '1\n')], [seg('z', 'new\n')])).toEqual({ kind: 'rewrite', text: 'new\n' });
  });
});

describe('prompt drawing', () => {
  it('counts East Asian wide characters as two columns', () => {
    expect(displayWidth('kubectl')).toBe(7);
    expect(displayWidth('节点')).toBe(4);
  });

  it('puts the cursor with relative moves on a one-row line', () => {
    expect(drawPrompt('$ ', 2, 'kubectl', 7, 80)).toEqual({ text: '$ kubectl\x1b[10G', cursorRow: 0 });
    expect(drawPrompt('$ ', 2, 'kubectl', 0, 80)).toEqual({ text: '$ kubectl\x1b[3G', cursorRow: 0 });
  });

  it('handles a line that wraps, and one that exactly fills its last row', () => {
    // 2 + 12 = 14 columns in a 10-column terminal: rows 0 and 1; cursor at index 3 is row 0, col 5.
    expect(drawPrompt('$ ', 2, 'abcdefghijkl', 3, 10)).toEqual({ text: '$ abcdefghijkl\x1b[1A\x1b[6G', cursorRow: 0 });
    // 2 + 8 = 10: the end is the start of row 1 (pending wrap resolved by " \b").
    expect(drawPrompt('$ ', 2, 'abcdefgh', 8, 10)).toEqual({ text: '$ abcdefgh \b\x1b[1G', cursorRow: 1 });
    expect(erasePrompt(1)).toBe('\x1b[1A\r\x1b[J');
    expect(erasePrompt(0)).toBe('\r\x1b[J');
  });
});
