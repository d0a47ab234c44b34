/**
 * Runs a compiled sed program (sed-parse.ts) over its input as GNU sed 4.9's execute.c does: the
 * cycle (read a line into the pattern space, run the commands, print it unless -n, then the text
 * `a`/`r` queued), ranges with their state per command, the hold space, `n`/`N` at the end of input
 * (print and stop), `D` restarting without reading, `q`/`Q` exit codes, and a last line without
 * a newline printed without one (a later output first ends it, as GNU's output_missing_newline).
 *
 * Substitution finds POSIX's match: the leftmost, and the longest there when the expression has
 * alternatives (./longest-match.ts, which grep -o uses too); an empty match right after the
 * previous match is skipped (`s/a*\/x/g` on `baaac` is `xbxcx`).
 */
import { utf8Bytes } from '../../k8s/utf8';
import { longestMatcher } from './longest-match';
import type { Addr, Command, Regex, RegexRef, Repl } from './sed-parse';

export interface SedInput {
  /** As `F` prints it: `-` for stdin. */
  name: string;
  text: string;
}

export interface SedHost {
  out(text: string): void;
  /** A file's text for `r`/`R`, undefined when it cannot be read (nothing is inserted). */
  read(name: string): string | undefined;
  /** What `w`/`W` wrote to each file, flushed by the caller. */
  written: Map<string, string>;
}

interface Line {
  text: string;
  newline: boolean;
}

/** The whole input as one stream of lines, which knows whether a line is the last. */
class Stream {
  private file = 0;
  private at = 0;
  private readonly lines: Line[][];
  constructor(readonly inputs: readonly SedInput[]) {
    this.lines = inputs.map((i) => (i.text.match(/[^\n]*\n|[^\n]+$/g) ?? []).map((l) => (l.endsWith('\n') ? { text: l.slice(0, -1), newline: true } : { text: l, newline: false })));
  }
  next(): Line | undefined {
    while (this.file < this.lines.length && this.at >= this.lines[this.file]!.length) {
      this.file++;
      this.at = 0;
    }
    return this.file < this.lines.length ? this.lines[this.file]![this.at++] : undefined;
  }
  /** Whether the line just read was the last one. */
  atEnd(): boolean {
    for (let f = this.file; f < this.lines.length; f++) if ((f === this.file ? this.at : 0) < this.lines[f]!.length) return false;
    return true;
  }
  get name(): string {
    return this.inputs[Math.min(this.file, this.inputs.length - 1)]?.name ?? '-';
  }
}

function expand(repl: readonly Repl[], m: RegExpExecArray): string {
  let out = '';
  let mode: 'U' | 'L' | '' = '';
  let once: 'u' | 'l' | '' = '';
  const add = (s: string): void => {
    for (const ch of s) {
      let c = mode === 'U' ? ch.toUpperCase() : mode === 'L' ? ch.toLowerCase() : ch;
      if (once) {
        c = once === 'u' ? c.toUpperCase() : c.toLowerCase();
        once = '';
      }
      out += c;
    }
  };
  for (const p of repl) {
    if (p.k === 'text') add(p.s);
    else if (p.k === 'group') add(m[p.n] ?? '');
    else if (p.c === 'u' || p.c === 'l') once = p.c;
    else mode = p.c === 'E' ? '' : p.c;
  }
  return out;
}

/** One `s` on the pattern space: the new text, or undefined when nothing was replaced. */
export function substitute(ps: string, r: Regex, repl: readonly Repl[], global: boolean, nth: number): string | undefined {
  const re = r.re;
  const stretch = r.alternation ? longestMatcher(re) : undefined;
  let out = '';
  let pos = 0;
  let count = 0;
  let prevEnd = -1;
  let did = false;
  while (pos <= ps.length) {
    re.lastIndex = pos;
    const first = re.exec(ps);
    if (!first) break;
    const m = stretch ? stretch(ps, first) : first;
    const start = m.index;
    const end = start + m[0].length;
    out += ps.slice(pos, start);
    if (start === end && start === prevEnd) {
      if (start >= ps.length) {
        pos = start;
        break;
      }
      out += ps[start];
      pos = start + 1;
      continue;
    }
    count++;
    const hit = global ? count >= nth : count === nth;
    out += hit ? expand(repl, m) : m[0];
    did ||= hit;
    pos = end;
    prevEnd = end;
    if (!global && count >= nth) break;
    if (start === end) {
      if (start < ps.length) out += ps[start];
      pos = start + 1;
    }
  }
  if (!did) return undefined;
  return out + ps.slice(pos);
}

/** `l`: C escapes, octal for other unprintable bytes, lines cut at 69 characters with `\`, `$` at the end. */
function unambiguous(ps: string): string {
  const C: Record<string, string> = { '\\': '\\\\', '\x07': '\\a', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\v': '\\v' };
  let out = '';
  let width = 0;
  const put = (s: string): void => {
    if (width + s.length > 69) {
      out += '\\\n';
      width = 0;
    }
    out += s;
    width += s.length;
  };
  for (const ch of ps) {
    const code = ch.codePointAt(0)!;
    if (C[ch]) put(C[ch]);
    else if (code >= 0x20 && code < 0x7f) put(ch);
    else for (const b of utf8Bytes(ch)) put(`\\${b.toString(8).padStart(3, '0')}`);
  }
  return `${out}$\n`;
}

/** Runs `program` over `inputs` (one stream); returns the exit status a `q`/`Q` set, or undefined when the input ran out. */
export function runSed(program: readonly Command[], inputs: readonly SedInput[], quiet: boolean, host: SedHost): number | undefined {
  const stream = new Stream(inputs);
  const active = new Array<boolean>(program.length).fill(false);
  const rangeEnd = new Array<number>(program.length).fill(0);
  const zeroStarted = new Array<boolean>(program.length).fill(false);
  let lineNo = 0;
  let hold = '';
  let lastRegex: Regex | undefined;
  let missingNewline = false;
  const rLines = new Map<string, string[]>();
  const emit = (text: string, newline: boolean): void => {
    host.out(`${missingNewline ? '\n' : ''}${text}${newline ? '\n' : ''}`);
    missingNewline = !newline;
  };
  const raw = (text: string): void => {
    if (text === '') return;
    host.out(`${missingNewline ? '\n' : ''}${text}`);
    missingNewline = false;
  };
  const resolve = (r: RegexRef): Regex => {
    if (r !== 'last') lastRegex = r;
    if (!lastRegex) throw new Error('no previous regular expression');
    return lastRegex;
  };
  const test = (r: RegexRef, text: string): boolean => {
    const re = resolve(r).re;
    re.lastIndex = 0;
    return re.test(text);
  };
  let line = stream.next();
  if (!line) return undefined;
  lineNo = 1;
  let ps = line.text;
  let newline = line.newline;
  const one = (a: Addr): boolean => {
    switch (a.k) {
      case 'line': return lineNo === a.n;
      case 'last': return stream.atEnd();
      case 're': return test(a.re, ps);
      case 'step': return a.step <= 0 ? lineNo === a.first : lineNo >= a.first && (lineNo - a.first) % a.step === 0;
      case 'plus': case 'mult': return false;
    }
  };
  const matches = (i: number, c: Command): boolean => {
    if (!c.a1) return true;
    if (!c.a2) return one(c.a1);
    if (c.zero && !zeroStarted[i]) {
      zeroStarted[i] = true;
      active[i] = true;
    }
    if (!active[i]) {
      if (!one(c.a1)) return false;
      const a2 = c.a2;
      if (a2.k === 'line') {
        if (a2.n <= lineNo) return true;
        rangeEnd[i] = a2.n;
      } else if (a2.k === 'plus') {
        if (a2.n === 0) return true;
        rangeEnd[i] = lineNo + a2.n;
      } else if (a2.k === 'mult') {
        if (a2.n <= 0 || lineNo % a2.n === 0) return true;
        rangeEnd[i] = Math.ceil(lineNo / a2.n) * a2.n;
      }
      active[i] = true;
      return true;
    }
    const a2 = c.a2;
    if (a2.k === 'line' || a2.k === 'plus' || a2.k === 'mult') {
      const end = a2.k === 'line' ? a2.n : rangeEnd[i]!;
      if (end <= lineNo) active[i] = false;
      return lineNo <= end;
    }
    if (one(a2)) active[i] = false;
    return true;
  };
  let append: string[] = [];
  const flushAppend = (): void => {
    for (const t of append) raw(t);
    append = [];
  };
  /** Reads the next line for n/N; false at the end of input. */
  const readNext = (): Line | undefined => {
    const l = stream.next();
    if (l) lineNo++;
    return l;
  };
  for (;;) {
    let replaced = false;
    let autoprint = !quiet;
    let restart = false;
    let quit: number | undefined;
    run: for (let pc = 0; pc < program.length; pc++) {
      const c = program[pc]!;
      if (matches(pc, c) === c.negate) {
        if (c.body.k === '{') pc = c.body.end;
        continue;
      }
      const b = c.body;
      switch (b.k) {
        case '{': case '}': case ':': break;
        case '=': raw(`${lineNo}\n`); break;
        case 'a': append.push(b.text); break;
        case 'i': raw(b.text); break;
        case 'c':
          if (!c.a2 || !active[pc] || c.negate) raw(b.text);
          autoprint = false;
          break run;
        case 'd': autoprint = false; break run;
        case 'D': {
          const nl = ps.indexOf('\n');
          autoprint = false;
          if (nl >= 0) {
            ps = ps.slice(nl + 1);
            restart = true;
          }
          break run;
        }
        case 'g': ps = hold; break;
        case 'G': ps += `\n${hold}`; break;
        case 'h': hold = ps; break;
        case 'H': hold += `\n${ps}`; break;
        case 'x': [ps, hold] = [hold, ps]; break;
        case 'z': ps = ''; break;
        case 'l': raw(unambiguous(ps)); break;
        case 'F': raw(`${stream.name}\n`); break;
        case 'p': emit(ps, newline); break;
        case 'P': {
          const nl = ps.indexOf('\n');
          emit(nl < 0 ? ps : ps.slice(0, nl), nl >= 0 || newline);
          break;
        }
        case 'n': case 'N': {
          if (stream.atEnd()) {
            quit = 0;
            break run;
          }
          if (b.k === 'n' && !quiet) emit(ps, newline);
          flushAppend();
          const l = readNext()!;
          ps = b.k === 'n' ? l.text : `${ps}\n${l.text}`;
          newline = l.newline;
          break;
        }
        case 'q': quit = b.status; break run;
        case 'Q': return b.status;
        case 's': {
          const next = substitute(ps, resolve(b.re), b.repl, b.global, b.nth);
          if (next === undefined) break;
          ps = next;
          replaced = true;
          if (b.print) emit(ps, newline);
          if (b.write !== undefined) write(host, b.write, `${ps}\n`);
          break;
        }
        case 't': case 'T':
          if (replaced === (b.k === 't')) pc = b.target - 1;
          replaced = false;
          break;
        case 'b': pc = b.target - 1; break;
        case 'y': ps = Array.from(ps, (ch) => b.map.get(ch) ?? ch).join(''); break;
        case 'r': {
          const text = host.read(b.file);
          if (text !== undefined) append.push(text);
          break;
        }
        case 'R': {
          if (!rLines.has(b.file)) rLines.set(b.file, (host.read(b.file) ?? '').match(/[^\n]*\n|[^\n]+$/g) ?? []);
          const next = rLines.get(b.file)!.shift();
          if (next !== undefined) append.push(next.endsWith('\n') ? next : `${next}\n`);
          break;
        }
        case 'w': write(host, b.file, `${ps}\n`); break;
        case 'W': write(host, b.file, `${ps.split('\n')[0]}\n`); break;
      }
    }
    if (autoprint) emit(ps, newline);
    flushAppend();
    if (quit !== undefined) return quit;
    if (restart) continue;
    line = readNext();
    if (!line) return undefined;
    ps = line.text;
    newline = line.newline;
  }
}

function write(host: SedHost, file: string, text: string): void {
  if (file === '/dev/stdout') host.out(text);
  else host.written.set(file, (host.written.get(file) ?? '') + text);
}
