/**
 * Where records come from: the main input (the operands in order: files, `-` for stdin,
 * `var=value` assignments made when they are reached; stdin when there are none), counted in NR
 * and FNR, and the files `getline < file` reads, each from where the last getline left it.
 */
import { readRecord } from './record';
import type { Source } from './runtime';

export interface InputHooks {
  rs(): string;
  nextSource(): Source | undefined;
  /** A `var=value` operand is reached. */
  assign(name: string, value: string): void;
  /** A file is opened (FILENAME, FNR reset) and a record read from it (NR, FNR counted). */
  opened(name: string): void;
  counted(): void;
  /** A file's text for getline; undefined when it cannot be read. */
  read(file: string): string | undefined;
}

export class Inputs {
  private current: { text: string; pos: number } | undefined;
  private done = false;
  private readonly files = new Map<string, { text: string; pos: number }>();

  constructor(private readonly hooks: InputHooks) {}

  /** The next main-input record; undefined at the end of the input. */
  next(): string | undefined {
    for (;;) {
      if (this.done) return undefined;
      if (this.current) {
        const r = readRecord(this.current.text, this.current.pos, this.hooks.rs());
        if (r) {
          this.current.pos = r.next;
          this.hooks.counted();
          return r.record;
        }
        this.current = undefined;
      }
      const src = this.hooks.nextSource();
      if (!src) {
        this.done = true;
        return undefined;
      }
      if (src.kind === 'assign') this.hooks.assign(src.name, src.value);
      else {
        this.current = { text: src.text, pos: 0 };
        this.hooks.opened(src.name);
      }
    }
  }

  /** The next record of `file` for getline: undefined at its end, null when it cannot be read. */
  fromFile(file: string): string | undefined | null {
    let f = this.files.get(file);
    if (!f) {
      const text = this.hooks.read(file);
      if (text === undefined) return null;
      this.files.set(file, (f = { text, pos: 0 }));
    }
    const r = readRecord(f.text, f.pos, this.hooks.rs());
    if (!r) return undefined;
    f.pos = r.next;
    return r.record;
  }

  close(file: string): boolean {
    return this.files.delete(file);
  }
}
