/**
 * `ls`'s many-per-line layouts on a terminal (or with -C / -x), as GNU coreutils 9.1–9.7 and
 * BusyBox 1.36 lay them out. Pure: cells (the text of each entry and its display width) in, lines out.
 *
 * GNU (src/ls.c calculate_columns, print_many_per_line, print_horizontal, indent): the most
 * columns whose widths fit: every column but the last as wide as its widest entry plus 2, each
 * candidate count starting from 3 cells a column and valid while its line stays shorter than the
 * line length (`<`: released versions; a 2026 change lets it equal the width); -C fills columns
 * top to bottom, -x rows left to right; the gap to the next column is tabs where a tab stop (every
 * 8, -T) is reached and spaces after, none after the last entry of a line.
 * BusyBox (coreutils/ls.c display_files): one column width for all, the longest name + 2 (+8 with
 * -i); columns = width / that; padding is spaces. Its width is the terminal's less one (`go one
 * less...`), or -w's as given.
 */

export interface Cell {
  text: string;
  width: number;
}

/** GNU's layout for `lineLength` columns; `byColumns`: -C (else -x); `tabsize` 0: spaces only. */
export function gnuColumns(cells: readonly Cell[], lineLength: number, tabsize: number, byColumns: boolean): string[] {
  const n = cells.length;
  if (n === 0) return [];
  const MIN = 3;
  const maxIdx = Math.floor(lineLength / MIN) + (lineLength % MIN !== 0 ? 1 : 0);
  const maxCols = maxIdx > 0 && maxIdx < n ? maxIdx : n;
  const info = Array.from({ length: maxCols }, (_, i) => ({ valid: true, lineLen: (i + 1) * MIN, cols: new Array<number>(i + 1).fill(MIN) }));
  cells.forEach((c, f) => {
    for (let i = 0; i < maxCols; i++) {
      const col = info[i]!;
      if (!col.valid) continue;
      const idx = byColumns ? Math.floor(f / Math.floor((n + i) / (i + 1))) : f % (i + 1);
      const real = c.width + (idx === i ? 0 : 2);
      if (col.cols[idx]! < real) {
        col.lineLen += real - col.cols[idx]!;
        col.cols[idx] = real;
        col.valid = col.lineLen < lineLength;
      }
    }
  });
  let cols = maxCols;
  while (cols > 1 && !info[cols - 1]!.valid) cols--;
  const widths = info[cols - 1]!.cols;
  const indent = (from: number, to: number): string => {
    let s = '';
    while (from < to) {
      if (tabsize !== 0 && Math.floor(to / tabsize) > Math.floor((from + 1) / tabsize)) {
        s += '\t';
        from += tabsize - (from % tabsize);
      } else {
        s += ' ';
        from++;
      }
    }
    return s;
  };
  const lines: string[] = [];
  if (byColumns) {
    const rows = Math.floor(n / cols) + (n % cols !== 0 ? 1 : 0);
    for (let row = 0; row < rows; row++) {
      let line = '';
      let pos = 0;
      for (let f = row, col = 0; ; col++) {
        const c = cells[f]!;
        line += c.text;
        f += rows;
        if (f >= n) break;
        line += indent(pos + c.width, pos + widths[col]!);
        pos += widths[col]!;
      }
      lines.push(line);
    }
    return lines;
  }
  let line = '';
  let pos = 0;
  cells.forEach((c, f) => {
    const col = f % cols;
    if (f > 0 && col === 0) {
      lines.push(line);
      line = '';
      pos = 0;
    } else if (f > 0) {
      const prev = cells[f - 1]!;
      line += indent(pos + prev.width, pos + widths[col - 1]!);
      pos += widths[col - 1]!;
    }
    line += c.text;
  });
  lines.push(line);
  return lines;
}

/**
 * BusyBox's layout for `width` columns (already the terminal's less one). With -i each cell holds
 * its `%7llu ` inode first: 8 more, as BusyBox adds 8 to the widest name.
 */
export function busyboxColumns(cells: readonly Cell[], width: number, byRows: boolean): string[] {
  const n = cells.length;
  if (n === 0) return [];
  const columnWidth = cells.reduce((m, c) => Math.max(m, c.width), 0) + 2;
  let ncols = Math.floor(width / columnWidth);
  let nrows: number;
  if (ncols > 1) {
    nrows = Math.floor(n / ncols);
    if (nrows * ncols < n) nrows++;
  } else {
    nrows = n;
    ncols = 1;
  }
  const lines: string[] = [];
  for (let row = 0; row < nrows; row++) {
    let line = '';
    let column = 0;
    let nexttab = 0;
    for (let nc = 0; nc < ncols; nc++) {
      const i = byRows ? row * ncols + nc : nc * nrows + row;
      if (i >= n) continue;
      if (column > 0) {
        line += ' '.repeat(nexttab - column);
        column = nexttab;
      }
      nexttab = column + columnWidth;
      line += cells[i]!.text;
      column += cells[i]!.width;
    }
    lines.push(line);
  }
  return lines;
}
