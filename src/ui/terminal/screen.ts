/**
 * Turning the transcript and the prompt line into terminal writes, as pure functions:
 * - planWrite: what to append to what is already on screen (or, when the past changed — a
 *   fork, a playhead moved back, `clear` — that the screen must be redrawn);
 * - drawPrompt / erasePrompt: the prompt and its (possibly wrapped) input line, with the cursor
 *   placed by relative moves so it works wherever the line sits in the scrollback.
 *
 * Invariant kept with the caller: the prompt is always drawn starting at column 0 (every
 * transcript segment ends with a newline), and nothing is written below it.
 */
import type { Segment } from './transcript';

export type WritePlan = { kind: 'none' } | { kind: 'append'; text: string } | { kind: 'rewrite'; text: string };

/** Clears the screen and the scrollback and homes the cursor. */
export const CLEAR_ALL = '\x1b[H\x1b[2J\x1b[3J';

const joined = (segs: readonly Segment[]): string => segs.map((s) => s.text).join('');

/**
 * Segments dropped from the front (the store keeps a bounded transcript) stay in the scrollback;
 * anything else that is no longer a prefix of the new transcript forces a redraw.
 */
export function planWrite(prev: readonly Segment[], next: readonly Segment[]): WritePlan {
  if (prev.length === 0) return next.length === 0 ? { kind: 'none' } : { kind: 'append', text: joined(next) };
  const first = next[0];
  const k = first === undefined ? -1 : prev.findIndex((s) => s.key === first.key);
  if (k < 0) return { kind: 'rewrite', text: joined(next) };
  let delta = '';
  const overlap = prev.length - k;
  if (next.length < overlap) return { kind: 'rewrite', text: joined(next) };
  for (let i = 0; i < overlap; i++) {
    const a = prev[k + i]!;
    const b = next[i]!;
    if (a.key !== b.key) return { kind: 'rewrite', text: joined(next) };
    if (i < overlap - 1) {
      if (a.text !== b.text) return { kind: 'rewrite', text: joined(next) };
    } else {
      if (!b.text.startsWith(a.text)) return { kind: 'rewrite', text: joined(next) };
      delta = b.text.slice(a.text.length);
    }
  }
  delta += joined(next.slice(overlap));
  return delta === '' ? { kind: 'none' } : { kind: 'append', text: delta };
}

/** Columns a code point takes in a terminal: 2 for East Asian wide and fullwidth characters, else 1. */
export function codePointWidth(cp: number): number {
  if (
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0x303e) ||
    (cp >= 0x3041 && cp <= 0x33ff) ||
    (cp >= 0x3400 && cp <= 0x4dbf) ||
    (cp >= 0x4e00 && cp <= 0x9fff) ||
    (cp >= 0xa000 && cp <= 0xa4cf) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x1f300 && cp <= 0x1faff) ||
    (cp >= 0x20000 && cp <= 0x3fffd)
  ) {
    return 2;
  }
  return 1;
}

export function displayWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += codePointWidth(ch.codePointAt(0)!);
  return w;
}

export interface PromptDraw {
  text: string;
  /** Row of the cursor, counted from the prompt's first row (what erasePrompt needs). */
  cursorRow: number;
}

/**
 * The prompt and `buffer`, with the cursor moved to `cursor`. When the text exactly fills its
 * last row the terminal's cursor waits in the last column (pending wrap); writing a space and a
 * backspace resolves that, so the end position is always (⌊w/cols⌋, w mod cols).
 */
export function drawPrompt(prompt: string, promptWidth: number, buffer: string, cursor: number, cols: number): PromptDraw {
  const c = Math.max(1, cols);
  const total = promptWidth + displayWidth(buffer);
  let text = prompt + buffer;
  if (total > 0 && total % c === 0) text += ' \b';
  const endRow = Math.floor(total / c);
  const at = promptWidth + displayWidth(buffer.slice(0, cursor));
  const row = Math.floor(at / c);
  const col = at % c;
  if (endRow > row) text += `\x1b[${endRow - row}A`;
  text += `\x1b[${col + 1}G`;
  return { text, cursorRow: row };
}

/** Moves from the cursor back to the prompt's first column and erases it and everything below. */
export function erasePrompt(cursorRow: number): string {
  return `${cursorRow > 0 ? `\x1b[${cursorRow}A` : ''}\r\x1b[J`;
}

/** Rows that lines of these display widths take when each ends with a newline (a wrapped line takes more). */
export function rowsOf(widths: readonly number[], cols: number): number {
  const c = Math.max(1, cols);
  return widths.reduce((rows, w) => rows + Math.max(1, Math.ceil(w / c)), 0);
}
