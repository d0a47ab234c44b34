/**
 * The prompt's line editor as a pure state machine (readline's emacs bindings, the subset a
 * learner reaches for): moving, deleting, killing, and walking the history. The xterm glue turns
 * keys into these operations and draws the result; nothing here knows about the terminal.
 *
 * Invariants: 0 ≤ cursor ≤ buffer.length; `historyIndex` is in [0, history.length], where
 * history.length means "the line being typed" (kept in `draft` while the user browses).
 */

export interface LineState {
  buffer: string;
  cursor: number;
  /** Lines run so far, oldest first (no empty lines, no immediate repeats). */
  history: readonly string[];
  historyIndex: number;
  /** What was typed before ↑ was first pressed, restored by ↓ past the newest entry. */
  draft: string;
}

export type EditKey =
  | 'left'
  | 'right'
  | 'wordLeft'
  | 'wordRight'
  | 'home'
  | 'end'
  | 'backspace'
  | 'delete'
  /** Ctrl+U: delete from the start of the line to the cursor. */
  | 'killToStart'
  /** Ctrl+K: delete from the cursor to the end of the line. */
  | 'killToEnd'
  /** Ctrl+W / Alt+Backspace: delete the word before the cursor. */
  | 'killWordBack'
  | 'historyPrev'
  | 'historyNext';

/** How many lines the history keeps (oldest dropped first). */
export const HISTORY_LIMIT = 500;

export function emptyLine(history: readonly string[] = []): LineState {
  return { buffer: '', cursor: 0, history, historyIndex: history.length, draft: '' };
}

/** A fresh line whose history is `lines` without blanks and immediate repeats, capped. */
export function lineWithHistory(lines: readonly string[]): LineState {
  let history: string[] = [];
  for (const l of lines) history = pushHistory(history, l);
  return emptyLine(history);
}

function pushHistory(history: readonly string[], line: string): string[] {
  const trimmed = line.trim();
  if (trimmed === '' || history[history.length - 1] === trimmed) return [...history];
  const next = [...history, trimmed];
  return next.length > HISTORY_LIMIT ? next.slice(next.length - HISTORY_LIMIT) : next;
}

function withBuffer(s: LineState, buffer: string, cursor: number): LineState {
  return { ...s, buffer, cursor: Math.max(0, Math.min(cursor, buffer.length)) };
}

/** Inserts typed or pasted text (one line: callers split multi-line text first) at the cursor. */
export function insert(s: LineState, text: string): LineState {
  const clean = text.replace(/[\r\n]/g, ' ');
  if (clean === '') return s;
  return withBuffer(s, s.buffer.slice(0, s.cursor) + clean + s.buffer.slice(s.cursor), s.cursor + clean.length);
}

/** Replaces buffer[from, to) with `text` and puts the cursor after it (tab completion). */
export function replaceRange(s: LineState, from: number, to: number, text: string): LineState {
  const a = Math.max(0, Math.min(from, s.buffer.length));
  const b = Math.max(a, Math.min(to, s.buffer.length));
  return withBuffer(s, s.buffer.slice(0, a) + text + s.buffer.slice(b), a + text.length);
}

const isWordChar = (c: string | undefined): boolean => c !== undefined && !/\s/.test(c);

/** Start of the word before `i` (readline's backward-word: skip spaces, then the word). */
function wordStartBefore(buf: string, i: number): number {
  let j = i;
  while (j > 0 && !isWordChar(buf[j - 1])) j--;
  while (j > 0 && isWordChar(buf[j - 1])) j--;
  return j;
}

function wordEndAfter(buf: string, i: number): number {
  let j = i;
  while (j < buf.length && !isWordChar(buf[j])) j++;
  while (j < buf.length && isWordChar(buf[j])) j++;
  return j;
}

function recall(s: LineState, index: number): LineState {
  const draft = s.historyIndex === s.history.length ? s.buffer : s.draft;
  const buffer = index === s.history.length ? draft : (s.history[index] ?? '');
  return { ...s, historyIndex: index, draft, buffer, cursor: buffer.length };
}

export function edit(s: LineState, key: EditKey): LineState {
  const { buffer: buf, cursor: c } = s;
  switch (key) {
    case 'left':
      return withBuffer(s, buf, c - 1);
    case 'right':
      return withBuffer(s, buf, c + 1);
    case 'wordLeft':
      return withBuffer(s, buf, wordStartBefore(buf, c));
    case 'wordRight':
      return withBuffer(s, buf, wordEndAfter(buf, c));
    case 'home':
      return withBuffer(s, buf, 0);
    case 'end':
      return withBuffer(s, buf, buf.length);
    case 'backspace':
      return c === 0 ? s : withBuffer(s, buf.slice(0, c - 1) + buf.slice(c), c - 1);
    case 'delete':
      return c >= buf.length ? s : withBuffer(s, buf.slice(0, c) + buf.slice(c + 1), c);
    case 'killToStart':
      return withBuffer(s, buf.slice(c), 0);
    case 'killToEnd':
      return withBuffer(s, buf.slice(0, c), c);
    case 'killWordBack': {
      const start = wordStartBefore(buf, c);
      return withBuffer(s, buf.slice(0, start) + buf.slice(c), start);
    }
    case 'historyPrev':
      return s.historyIndex === 0 ? s : recall(s, s.historyIndex - 1);
    case 'historyNext':
      return s.historyIndex >= s.history.length ? s : recall(s, s.historyIndex + 1);
    default: {
      const never: never = key;
      return never;
    }
  }
}

/** Enter: the line to run (trimmed; '' for a blank line) and a fresh prompt with it in the history. */
export function submit(s: LineState): { state: LineState; line: string } {
  const line = s.buffer.trim();
  return { state: emptyLine(pushHistory(s.history, line)), line };
}

/**
 * Enter, leaving the line exactly as typed (a here-document's lines keep their indentation) and
 * the history alone: the shell decides what the line is before it `remember`s it.
 */
export function take(s: LineState): { state: LineState; raw: string } {
  return { state: emptyLine(s.history), raw: s.buffer };
}

/** Adds a line run by any means to the history, as `submit` would (browsing stays where it is). */
export function remember(s: LineState, line: string): LineState {
  const history = pushHistory(s.history, line);
  if (history.length === s.history.length && history[history.length - 1] === s.history[s.history.length - 1]) return s;
  const browsing = s.historyIndex < s.history.length;
  return { ...s, history, historyIndex: browsing ? s.historyIndex : history.length };
}

/** Ctrl+C at the prompt: the line is abandoned (not added to the history). */
export function cancel(s: LineState): LineState {
  return emptyLine(s.history);
}
