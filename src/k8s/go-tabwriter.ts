/**
 * Go's text/tabwriter, ported for the configurations kubectl and crictl use: `kubectl get` tables
 * (minwidth 6, padding 3, liggitt/tabwriter's RememberWidths across flushes), describe's
 * tabbedString (minwidth 0, padding 2) and urfave/cli's help (minwidth 1, padding 2).
 * Cells are tab-terminated; the text after a line's last tab is not part of any column. A column block is a run of consecutive lines that all have a
 * cell in that column — exactly Go's format() recursion, so odd inputs align the same way.
 */
interface Cell {
  text: string;
  width: number;
}

export interface TabWriterOptions {
  minwidth: number;
  padding: number;
  /** Keep each column's widest width across flushes (kubectl get -w). */
  rememberWidths?: boolean;
}

export const GET_TABLE: TabWriterOptions = { minwidth: 6, padding: 3, rememberWidths: true };
export const DESCRIBE: TabWriterOptions = { minwidth: 0, padding: 2 };
export const URFAVE_HELP: TabWriterOptions = { minwidth: 1, padding: 2 };

function runeLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

export class TabWriter {
  private pending = '';
  private maxWidths: number[] = [];

  constructor(private readonly opts: TabWriterOptions) {}

  write(text: string): void {
    this.pending += text;
  }

  /** Forgets remembered widths (kubectl does this between resource kinds). */
  resetWidths(): void {
    this.maxWidths = [];
  }

  /** Formats everything written so far and returns it. */
  flush(): string {
    const text = this.pending;
    this.pending = '';
    if (text === '') return '';
    const lines: Cell[][] = text.split('\n').map((l) => l.split('\t').map((t) => ({ text: t, width: runeLength(t) })));
    const out: string[] = [];
    const widths: number[] = [];
    const writeLines = (line0: number, line1: number): void => {
      for (let i = line0; i < line1; i++) {
        const line = lines[i]!;
        let s = '';
        line.forEach((c, j) => {
          s += c.text;
          if (j < line.length - 1 && j < widths.length) s += ' '.repeat(Math.max(0, widths[j]! - c.width));
        });
        out.push(i + 1 === lines.length ? s : `${s}\n`);
      }
    };
    const format = (l0: number, line1: number): void => {
      let line0 = l0;
      const column = widths.length;
      for (let t = line0; t < line1; t++) {
        if (column >= lines[t]!.length - 1) continue;
        writeLines(line0, t);
        line0 = t;
        let width = this.opts.minwidth;
        let end = t;
        for (; end < line1; end++) {
          const line = lines[end]!;
          if (column >= line.length - 1) break;
          width = Math.max(width, line[column]!.width + this.opts.padding);
        }
        if (this.opts.rememberWidths) {
          const prev = this.maxWidths[column] ?? 0;
          if (prev > width) width = prev;
          else this.maxWidths[column] = width;
        }
        widths.push(width);
        format(line0, end);
        widths.pop();
        line0 = end;
        t = end - 1;
      }
      writeLines(line0, line1);
    };
    format(0, lines.length);
    return out.join('');
  }
}

/** Formats a complete text block in one go. */
export function tabulate(text: string, opts: TabWriterOptions): string {
  const w = new TabWriter(opts);
  w.write(text);
  return w.flush();
}
