/**
 * describe's PrefixWriter over tabbedString's tabwriter (minwidth 0, padding 2): each level
 * indents two spaces; `flush` formats what is buffered so far, as DescribeEvents does before
 * its table so the events align only among themselves.
 */
import { DESCRIBE, TabWriter } from '../printers/tabwriter';

export class DescribeWriter {
  private readonly tw = new TabWriter(DESCRIBE);
  private done = '';

  write(level: number, text: string): void {
    this.tw.write('  '.repeat(level) + text);
  }

  /** Sprintln: the text and a newline, no indentation. */
  line(text: string): void {
    this.tw.write(`${text}\n`);
  }

  flush(): void {
    this.done += this.tw.flush();
  }

  toString(): string {
    this.flush();
    return this.done;
  }
}
