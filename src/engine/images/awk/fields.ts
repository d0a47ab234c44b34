/**
 * The current record and its fields: split by FS when the record is set (POSIX: a later change to
 * FS applies from the next record), `$0` rebuilt with OFS when a field is assigned or NF changes,
 * fields past NF created empty (`$5 = "X"` on three fields gives `a b c  X`).
 */
import { AwkFatal } from './errors';
import { splitFields } from './record';
import { UNINIT, type Val } from './values';

export interface Separators {
  fs(): string;
  ofs(): string;
  /** RS is "": a newline separates fields too. */
  paragraph(): boolean;
  /** A field's text as a value (a numeric string when it looks like a number, by the awk's rules). */
  input(s: string): Val;
}

const negative = (i: number): AwkFatal => new AwkFatal(`negative field index $${i}`, 'Access to negative field');

export class Fields {
  record = '';
  private fields: string[] = [];

  constructor(private readonly seps: Separators) {}

  get nf(): number {
    return this.fields.length;
  }

  set(text: string): void {
    this.record = text;
    this.fields = splitFields(text, this.seps.fs(), this.seps.paragraph());
  }

  get(i: number): Val {
    if (i < 0) throw negative(i);
    if (i === 0) return this.seps.input(this.record);
    return i <= this.fields.length ? this.seps.input(this.fields[i - 1]!) : UNINIT;
  }

  assign(i: number, v: string): void {
    if (i < 0) throw negative(i);
    if (i === 0) return this.set(v);
    while (this.fields.length < i) this.fields.push('');
    this.fields[i - 1] = v;
    this.rebuild();
  }

  setNF(n: number): void {
    this.fields = this.fields.slice(0, Math.max(n, 0));
    while (this.fields.length < n) this.fields.push('');
    this.rebuild();
  }

  private rebuild(): void {
    this.record = this.fields.join(this.seps.ofs());
  }
}
