/**
 * describe's PrefixWriter over tabbedString's tabwriter (minwidth 0, padding 2): each level
 * indents two spaces; `flush` formats what is buffered so far, as DescribeEvents does before
 * its table so the events align only among themselves.
 */
import { DESCRIBE, TabWriter } from '../../k8s/go-tabwriter';

export class DescribeWriter {
  private readonly tw = new TabWriter(DESCRIBE);
  private done = '';

  /**
   * `aligned: false` is a PrefixWriter straight over a buffer, no tabwriter: the tabs stay
   * tabs, as kubectl's rollout history/undo printTemplate prints a revision's template.
   */
  constructor(private readonly aligned = true) {}

  write(level: number, text: string): void {
    if (this.aligned) this.tw.write('  '.repeat(level) + text);
    else this.done += '  '.repeat(level) + text;
  }

  /** Sprintln: the text and a newline, no indentation. */
  line(text: string): void {
    if (this.aligned) this.tw.write(`${text}\n`);
    else this.done += `${text}\n`;
  }

  flush(): void {
    if (this.aligned) this.done += this.tw.flush();
  }

  toString(): string {
    this.flush();
    return this.done;
  }
}
