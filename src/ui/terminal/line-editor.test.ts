import { describe, expect, it } from 'vitest';
import { cancel, edit, emptyLine, HISTORY_LIMIT, insert, lineWithHistory, remember, replaceRange, submit, take, type EditKey, type LineState } from './line-editor';

function typed(text: string, cursor = text.length, history: string[] = []): LineState {
  return { ...emptyLine(history), buffer: text, cursor };
}

const keys = (s: LineState, ...ks: EditKey[]): LineState => ks.reduce(edit, s);
const view = (s: LineState): string => `${s.buffer.slice(0, s.cursor)}|${s.buffer.slice(s.cursor)}`;

describe('line editor', () => {
  it('inserts at the cursor and moves within the line, never past its ends', () => {
    let s = insert(emptyLine(), 'kubectl get');
    expect(view(s)).toBe('kubectl get|');
    s = keys(s, 'left', 'left', 'left');
    s = insert(s, 'x');
    expect(view(s)).toBe('kubectl x|get');
    expect(view(keys(s, 'home', 'left'))).toBe('|kubectl xget');
    expect(view(keys(s, 'end', 'right'))).toBe('kubectl xget|');
    // Newlines never enter the buffer (a multi-line paste is split before it gets here).
    expect(insert(emptyLine(), 'a\nb').buffer).toBe('a b');
  });

  it('deletes with backspace and delete', () => {
    expect(view(keys(typed('abc', 1), 'backspace'))).toBe('|bc');
    expect(view(keys(typed('abc', 0), 'backspace'))).toBe('|abc');
    expect(view(keys(typed('abc', 1), 'delete'))).toBe('a|c');
    expect(view(keys(typed('abc'), 'delete'))).toBe('abc|');
  });

  it('kills like readline: Ctrl+U to the start, Ctrl+K to the end, Ctrl+W the word before', () => {
    expect(view(keys(typed('kubectl get pods', 8), 'killToStart'))).toBe('|get pods');
    expect(view(keys(typed('kubectl get pods', 8), 'killToEnd'))).toBe('kubectl |');
    expect(view(keys(typed('kubectl get pods  '), 'killWordBack'))).toBe('kubectl get |');
    expect(view(keys(typed('kubectl get pods', 11), 'killWordBack'))).toBe('kubectl | pods');
    expect(view(keys(typed(''), 'killWordBack'))).toBe('|');
  });

  it('moves by words', () => {
    const s = typed('kubectl get  pods');
    expect(view(keys(s, 'wordLeft'))).toBe('kubectl get  |pods');
    expect(view(keys(s, 'wordLeft', 'wordLeft'))).toBe('kubectl |get  pods');
    expect(view(keys(s, 'home', 'wordRight'))).toBe('kubectl| get  pods');
    expect(view(keys(s, 'home', 'wordRight', 'wordRight'))).toBe('kubectl get|  pods');
  });

  it('walks the history with ↑/↓ and keeps the line being typed as a draft', () => {
    let s = lineWithHistory(['kubectl get nodes', 'kubectl get pods']);
    s = insert(s, 'sim');
    s = edit(s, 'historyPrev');
    expect(view(s)).toBe('kubectl get pods|');
    s = edit(s, 'historyPrev');
    expect(view(s)).toBe('kubectl get nodes|');
    expect(edit(s, 'historyPrev')).toBe(s);
    s = keys(s, 'historyNext', 'historyNext');
    expect(view(s)).toBe('sim|');
    expect(edit(s, 'historyNext')).toBe(s);
  });

  it('an edited recalled line is what Enter runs; the history itself is unchanged', () => {
    let s = lineWithHistory(['kubectl get pods']);
    s = insert(edit(s, 'historyPrev'), ' -w');
    const r = submit(s);
    expect(r.line).toBe('kubectl get pods -w');
    expect(r.state.history).toEqual(['kubectl get pods', 'kubectl get pods -w']);
    expect(view(r.state)).toBe('|');
    expect(r.state.historyIndex).toBe(2);
  });

  it('keeps blanks and immediate repeats out of the history, and caps it', () => {
    let s = emptyLine();
    for (const l of ['a', 'a', '  ', 'b', 'a']) s = submit(insert(s, l)).state;
    expect(s.history).toEqual(['a', 'b', 'a']);
    expect(lineWithHistory(Array.from({ length: HISTORY_LIMIT + 10 }, (_, i) => `l${i}`)).history[0]).toBe('l10');
    expect(submit(insert(emptyLine(), '  kubectl version  ')).line).toBe('kubectl version');
  });

  it('take leaves the line as typed and the history alone; remember records a line run any other way', () => {
    const r = take(insert(lineWithHistory(['a']), '  indented: yes'));
    expect(r.raw).toBe('  indented: yes');
    expect(r.state.history).toEqual(['a']);
    let s = remember(r.state, 'b');
    expect(s.history).toEqual(['a', 'b']);
    expect(remember(s, 'b')).toBe(s);
    expect(remember(s, '  ')).toBe(s);
    // While browsing, a new line joins the history without moving the browsing position.
    s = edit(s, 'historyPrev');
    s = remember(s, 'c');
    expect(s.history).toEqual(['a', 'b', 'c']);
    expect(s.buffer).toBe('b');
    expect(edit(s, 'historyNext').buffer).toBe('c');
  });

  it('Ctrl+C abandons the line without recording it', () => {
    const s = cancel(insert(lineWithHistory(['x']), 'half typed'));
    expect(view(s)).toBe('|');
    expect(s.history).toEqual(['x']);
  });

  it('replaces a range for completion and clamps bad ranges', () => {
    expect(view(replaceRange(typed('kubectl get dep -o wide', 15), 12, 15, 'deploy'))).toBe('kubectl get deploy| -o wide');
    expect(view(replaceRange(typed('ab'), 5, 9, 'c'))).toBe('abc|');
  });
});
