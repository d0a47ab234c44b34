/**
 * What procps-ng 4.0.2's `watch` puts on the screen, cell by cell, as pure functions: the header
 * (watch.c's output_header), the command's output laid into the rows below it (run_command's
 * loop: tabs every 8 columns, long lines wrapped or — with -w — cut, no more rows than fit), and
 * which cells changed since the last run (-d's standout, -g's "output changed"). Recorded under
 * a pty at fixed sizes with /usr/bin/watch; kubectl/procps-watch/watch.test.ts cites the
 * recordings. Shared by the laptop prompt's watch and a node's (procps-watch-run.ts).
 */

/** One screen of a full-screen program, as many rows as the terminal has (trailing blanks trimmed). */
export interface ScreenFrame {
  rows: string[];
  /** Cells drawn in standout (reverse video, watch -d): [row, column, length]. */
  standout?: [number, number, number][];
}

export interface Header {
  /** `Every 2.0s: ` (watch's "Every %.1fs: "). */
  left: string;
  /** The command as watch shows it: its words joined by spaces. */
  command: string;
  /** `HOST: ctime()`, ctime's newline included: watch counts it in the width (rhlen). */
  right: string;
}

/**
 * output_header's rules, in its own words: "width < rhlen: print nothing; width < rhlen + hlen + 1:
 * print hostname, ts; width = rhlen + hlen + 1: print header, hostname, ts; width < rhlen + hlen
 * + 4: print header, ..., hostname, ts; width < rhlen + hlen + wcommand_columns: print header,
 * truncated wcommand, ..., hostname, ts". The right part is drawn at width − rhlen + 1, so it ends
 * on the last column (its newline clears the rest of the row).
 */
export function headerRow(h: Header, width: number): string {
  const row: string[] = Array.from({ length: width }, () => ' ');
  const put = (x: number, text: string): void => {
    for (const ch of text) {
      if (x >= 0 && x < width) row[x] = ch;
      x++;
    }
  };
  const hlen = h.left.length;
  const rhlen = h.right.length;
  if (width < rhlen) return '';
  if (rhlen + hlen + 1 <= width) {
    put(0, h.left);
    if (rhlen + hlen + 2 <= width) {
      if (width < rhlen + hlen + 4) put(width - rhlen - 4, '... ');
      else {
        const cmd = [...h.command];
        let columns = cmd.length;
        if (width < rhlen + hlen + cmd.length) {
          columns = width - rhlen - hlen - 4;
          put(width - rhlen - 4, '... ');
        }
        put(hlen, cmd.slice(0, columns).join(''));
      }
    }
  }
  put(width - rhlen + 1, h.right.replace(/\n$/, ''));
  return row.join('').replace(/ +$/, '');
}

/**
 * The output's rows from `first` to the bottom, `width` cells each (spaces where nothing was
 * written): watch writes every cell of them, which is what -d compares.
 */
export function outputRows(text: string, width: number, count: number, wrap: boolean): string[] {
  const rows: string[] = [];
  const chars = [...text];
  let i = 0;
  for (let y = 0; y < count; y++) {
    const row: string[] = [];
    let eol = i >= chars.length;
    while (row.length < width && !eol) {
      const c = chars[i++]!;
      if (c === '\n') eol = true;
      else if (c === '\t') {
        do row.push(' ');
        while (row.length % 8 !== 0 && row.length < width);
      } else if (c >= ' ' && c !== '\x7f') row.push(c);
      if (i >= chars.length) eol = true;
    }
    if (row.length >= width && !eol) {
      // A row filled to the edge: its newline is eaten (recorded: a 20-column line at 20 columns
      // leaves no blank row); with -w the rest of the line is dropped.
      if (!wrap) {
        while (i < chars.length && chars[i] !== '\n') i++;
        i++;
      } else if (chars[i] === '\n') i++;
    }
    while (row.length < width) row.push(' ');
    rows.push(row.slice(0, width).join(''));
  }
  return rows;
}

/** One run's screen: the header (unless -t), a blank row, the output rows. */
export interface Layout {
  width: number;
  height: number;
  /** Rows above the output: 2 with the title, 0 with -t. */
  top: number;
}

/**
 * The frame as the page draws it, with -d's standout cells: a cell differs from the last run's
 * (or, cumulative, has differed since the first). `marked` carries the cumulative set between
 * runs. Returns whether any output cell changed (-g's test; the header's clock never counts).
 */
export function compose(
  layout: Layout,
  header: string | undefined,
  rows: readonly string[],
  previous: readonly string[] | undefined,
  highlight: false | 'last' | 'cumulative',
  marked: Set<number>,
): { frame: ScreenFrame; changed: boolean } {
  const screen: string[] = [];
  if (layout.top > 0) screen.push(header ?? '', '');
  const standout: [number, number, number][] = [];
  let changed = false;
  rows.forEach((row, y) => {
    const prev = previous?.[y];
    let runStart = -1;
    const flush = (x: number): void => {
      if (runStart >= 0) standout.push([layout.top + y, runStart, x - runStart]);
      runStart = -1;
    };
    for (let x = 0; x < row.length; x++) {
      const differs = prev !== undefined && prev[x] !== row[x];
      if (differs) changed = true;
      const cell = y * layout.width + x;
      if (differs && highlight === 'cumulative') marked.add(cell);
      const on = highlight === 'last' ? differs : highlight === 'cumulative' && marked.has(cell);
      if (on && runStart < 0) runStart = x;
      else if (!on) flush(x);
    }
    flush(row.length);
    screen.push(row.replace(/ +$/, ''));
  });
  return { frame: standout.length ? { rows: screen, standout } : { rows: screen }, changed };
}

/** -e's last word, written over the bottom row (watch.c, recorded). */
export const ERREXIT_MESSAGE = 'command exit with a non-zero status, press a key to exit';

export function withBottomMessage(frame: ScreenFrame, height: number, width: number, message: string): ScreenFrame {
  const rows = [...frame.rows];
  while (rows.length < height) rows.push('');
  const old = rows[height - 1]!.padEnd(width, ' ');
  const text = message.slice(0, width);
  rows[height - 1] = (text + old.slice(text.length)).replace(/ +$/, '');
  return { ...frame, rows };
}
