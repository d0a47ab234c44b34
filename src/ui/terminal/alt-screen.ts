/**
 * A full-screen program's frame (`watch`, OutputChunk.screen) drawn on xterm's alternate screen,
 * as ncurses draws it with TERM=xterm: smcup enters it (`ESC[?1049h`, which also saves the cursor
 * and the main screen), rmcup leaves it (`ESC[?1049l`), standout is reverse video (`ESC[7m`,
 * recorded as `ESC[0;7m` … `ESC[m` from watch -d). The main screen's transcript is untouched, so
 * leaving shows the line that started the program with the prompt under it, as after real watch.
 */
import type { ScreenFrame } from '../../protocol/messages';
import { sanitize } from './transcript';

export const ENTER_ALTERNATE = '\x1b[?1049h';
export const LEAVE_ALTERNATE = '\x1b[?1049l';
const STANDOUT_ON = '\x1b[7m';
const STANDOUT_OFF = '\x1b[27m';

/**
 * The whole frame, row by row from the top-left, then the cursor where curses leaves it (the
 * bottom-right cell). The frame was laid out for the size sent with its line; a terminal that
 * shrank since (the dock's status line appearing) shows what fits, as curses clips to its
 * window, rather than wrapping a row into a scroll that would push the header off the top.
 */
export function drawFrame(frame: ScreenFrame, rows: number, cols: number): string {
  let out = '\x1b[H\x1b[2J';
  frame.rows.forEach((row, y) => {
    if (y >= rows) return;
    if (row === '' && !frame.standout?.some(([r]) => r === y)) return;
    // sanitize maps each control character to one symbol, so columns stay where they were.
    const cells = [...sanitize(row)].slice(0, cols);
    const marks = (frame.standout ?? []).filter(([r, x]) => r === y && x < cols).map(([r, x, n]): [number, number, number] => [r, x, Math.min(n, cols - x)]);
    const width = Math.max(cells.length, ...marks.map(([, x, n]) => x + n));
    while (cells.length < width) cells.push(' ');
    let text = '';
    for (let x = 0; x < cells.length; x++) {
      const start = marks.some(([, mx]) => mx === x);
      const end = marks.some(([, mx, n]) => mx + n === x);
      if (end) text += STANDOUT_OFF;
      if (start) text += STANDOUT_ON;
      text += cells[x];
    }
    if (marks.some(([, mx, n]) => mx + n >= cells.length)) text += STANDOUT_OFF;
    out += `\x1b[${y + 1};1H${text}`;
  });
  return `${out}\x1b[${Math.max(1, rows)};${Math.max(1, cols)}H`;
}
