/**
 * GNU sed 4.9's script compiler (compile.c) for the commands learners write: addresses (N, $,
 * /re/ and \cREc with I/M, first~step, addr1,addr2, addr1,+N, addr1,~N, 0,/re/, !), blocks,
 * `;` and newlines, `#` comments, s (any delimiter, flags g p N i/I m/M w FILE, `&` `\1`…`\9`
 * `\n` `\U` `\L` `\u` `\l` `\E`), y, a/i/c (GNU's one-line form and the classic `a\`), = d D g G
 * h H l n N p P q Q (with an exit code) x z F r R w W b t T and labels. Errors are GNU's text at
 * GNU's position (`-e expression #1, char 5: unterminated `s' command`): the position counts the
 * characters read so far, as compile.c's inchar does.
 *
 * Regular expressions are POSIX BRE/ERE through posix-regex.ts (grep's translator), with sed's
 * additions: `.` matches a newline in the pattern space, `\n` and `\t` are characters, `\c` for
 * the delimiter c is that character, and `//` is the last regular expression used.
 *
 * Over 400 lines on purpose: it is compile.c's grammar, whose error positions depend on how far
 * each command's reader has read; split, the readers would share the cursor across modules.
 */
import { translate } from './posix-regex';

export interface Regex {
  re: RegExp;
  /** Whether JavaScript's leftmost-first choice may differ from POSIX's longest match (alternation). */
  alternation: boolean;
}

/** A regex as written: compiled, or empty (`//`: the last one used at run time). */
export type RegexRef = Regex | 'last';

export type Addr =
  | { k: 'line'; n: number }
  | { k: 'last' }
  | { k: 're'; re: RegexRef }
  | { k: 'step'; first: number; step: number }
  | { k: 'plus'; n: number }
  | { k: 'mult'; n: number };

export type Repl = { k: 'text'; s: string } | { k: 'group'; n: number } | { k: 'case'; c: 'U' | 'L' | 'u' | 'l' | 'E' };

export type Body =
  | { k: '{'; end: number }
  | { k: '}' }
  | { k: '=' | 'd' | 'D' | 'g' | 'G' | 'h' | 'H' | 'l' | 'n' | 'N' | 'p' | 'P' | 'x' | 'z' | 'F' }
  | { k: 'a' | 'i' | 'c'; text: string }
  | { k: 'q' | 'Q'; status: number }
  | { k: 'b' | 't' | 'T'; label: string; target: number }
  | { k: ':'; label: string }
  | { k: 's'; re: RegexRef; repl: Repl[]; global: boolean; nth: number; print: number; write: string | undefined }
  | { k: 'y'; map: Map<string, string> }
  | { k: 'r' | 'R' | 'w' | 'W'; file: string };

export interface Command {
  a1?: Addr;
  a2?: Addr;
  /** `0,/re/`: the range may end on line 1. */
  zero: boolean;
  negate: boolean;
  body: Body;
}

/** Where the script came from: -e expressions (numbered), or a -f file. */
export type ScriptPiece = { k: 'expr'; text: string } | { k: 'file'; name: string; text: string };

export type Compiled = { ok: true; program: Command[] } | { ok: false; message: string; status: number };

class SedError extends Error {
  constructor(
    message: string,
    readonly at: number,
  ) {
    super(message);
  }
}

const ESC: Record<string, string> = { n: '\n', t: '\t', a: '\x07', f: '\f', v: '\v', r: '\r' };

/** `\n`, `\t` … as characters, everything else as written: a regex before translation. */
function regexEscapes(src: string, delim: string): string {
  let out = '';
  for (let i = 0; i < src.length; i++) {
    if (src[i] !== '\\' || i + 1 >= src.length) {
      out += src[i];
      continue;
    }
    const n = src[++i]!;
    if (n === delim && delim !== '\n') out += delim;
    else if (ESC[n] !== undefined) out += ESC[n];
    else out += `\\${n}`;
  }
  return out;
}

export function compileRegex(src: string, delim: string, flags: string, ere: boolean): Regex | string {
  const t = translate(regexEscapes(src, delim), ere, 0, true);
  if (!t.ok) return t.error;
  try {
    return { re: new RegExp(t.source, `g${flags.includes('I') ? 'i' : ''}${flags.includes('M') ? 'm' : ''}`), alternation: t.source.includes('|') };
  } catch {
    return 'Invalid regular expression';
  }
}

/** A parser over all pieces joined by newlines, reporting errors in the piece they fall in. */
class Reader {
  i = 0;
  constructor(readonly s: string) {}
  eof(): boolean {
    return this.i >= this.s.length;
  }
  peek(): string | undefined {
    return this.s[this.i];
  }
  read(): string | undefined {
    return this.i < this.s.length ? this.s[this.i++] : undefined;
  }
  fail(message: string, at = this.i): never {
    throw new SedError(message, at);
  }
  skipSpace(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.i++;
  }
  number(): number | undefined {
    const m = /^\d+/.exec(this.s.slice(this.i));
    if (!m) return undefined;
    this.i += m[0].length;
    return Number(m[0]);
  }
}

/** Text up to an unescaped `delim`, brackets skipped as GNU's match_slash does; undefined at a newline or the end. */
function delimited(r: Reader, delim: string, regex: boolean): string | undefined {
  let out = '';
  for (;;) {
    const c = r.read();
    if (c === undefined || (c === '\n' && delim !== '\n')) return undefined;
    if (c === delim) return out;
    if (c === '\\') {
      const n = r.read();
      if (n === undefined) return undefined;
      out += `\\${n}`;
      continue;
    }
    if (c === '[' && regex) {
      // A bracket expression runs to its `]` (a `]` first in it is literal).
      let j = r.i;
      if (r.s[j] === '^') j++;
      if (r.s[j] === ']') j++;
      for (; j < r.s.length && r.s[j] !== ']' && r.s[j] !== '\n'; j++) {
        const cls = /^\[([:.=]).*?\1\]/.exec(r.s.slice(j));
        if (cls) j += cls[0].length - 1;
      }
      if (j >= r.s.length || r.s[j] === '\n') {
        r.i = j;
        return undefined;
      }
      out += r.s.slice(r.i - 1, j + 1);
      r.i = j + 1;
      continue;
    }
    out += c;
  }
}

function replacement(r: Reader, raw: string, groups: number | undefined): Repl[] {
  const parts: Repl[] = [];
  const text = (s: string): void => {
    const last = parts[parts.length - 1];
    if (last?.k === 'text') last.s += s;
    else parts.push({ k: 'text', s });
  };
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === '&') parts.push({ k: 'group', n: 0 });
    else if (c === '\\' && i + 1 < raw.length) {
      const n = raw[++i]!;
      if (/[1-9]/.test(n)) {
        if (groups !== undefined && Number(n) > groups) r.fail(`invalid reference \\${n} on \`s' command's RHS`);
        parts.push({ k: 'group', n: Number(n) });
      } else if ('ULulE'.includes(n)) parts.push({ k: 'case', c: n as 'U' | 'L' | 'u' | 'l' | 'E' });
      else if (n === '\n') text('\n');
      else text(ESC[n] ?? n);
    } else text(c);
  }
  return parts;
}

/** GNU's read_end_of_cmd: spaces, then `;`, `}`, `#`, a newline or the end. */
function endOfCommand(r: Reader): void {
  r.skipSpace();
  const c = r.peek();
  if (c === undefined || c === '\n' || c === ';') {
    r.read();
    return;
  }
  if (c === '}' || c === '#') return;
  r.read();
  r.fail('extra characters after command');
}

/**
 * a/i/c text as read_text reads it: `a text` (GNU's one-line form), `a\text`, or `a\` NEWLINE
 * and lines that end in `\` to continue; escapes decoded, a newline added. `a\` at the end of
 * the script is no text at all.
 */
function readText(r: Reader): string {
  r.skipSpace();
  const c = r.read();
  if (c === undefined) r.fail("expected \\ after `a', `c' or `i'");
  if (c === '\\') {
    if (r.eof()) return '';
    if (r.peek() === '\n') r.read();
  } else r.i--;
  let out = '';
  for (;;) {
    const ch = r.read();
    if (ch === undefined || ch === '\n') break;
    if (ch === '\\') {
      const n = r.read();
      if (n === undefined) break;
      out += n === '\n' ? '\n' : (ESC[n] ?? n);
    } else out += ch;
  }
  return `${out}\n`;
}

function fileName(r: Reader): string {
  r.skipSpace();
  let name = '';
  while (!r.eof() && r.peek() !== '\n') name += r.read();
  if (name === '') r.fail('missing filename in r/R/w/W commands');
  return name;
}

function address(r: Reader, ere: boolean): Addr | undefined {
  const c = r.peek();
  if (c === '$') {
    r.read();
    return { k: 'last' };
  }
  if (c === '/' || c === '\\') {
    r.read();
    const delim = c === '/' ? '/' : r.read();
    if (delim === undefined || delim === '\n' || delim === '\\') r.fail('unterminated address regex');
    const src = delimited(r, delim, true);
    if (src === undefined) r.fail('unterminated address regex');
    let flags = '';
    while (r.peek() === 'I' || r.peek() === 'M') flags += r.read();
    if (src === '') return { k: 're', re: 'last' };
    const re = compileRegex(src, delim, flags, ere);
    if (typeof re === 'string') r.fail(re);
    return { k: 're', re };
  }
  const n = r.number();
  if (n === undefined) return undefined;
  if (r.peek() === '~') {
    r.read();
    return { k: 'step', first: n, step: r.number() ?? 0 };
  }
  return { k: 'line', n };
}

function sCommand(r: Reader, ere: boolean): Body {
  const delim = r.read();
  if (delim === undefined || delim === '\n' || delim === '\\') r.fail("unterminated `s' command");
  const src = delimited(r, delim, true);
  if (src === undefined) r.fail("unterminated `s' command");
  const raw = delimited(r, delim, false);
  if (raw === undefined) r.fail("unterminated `s' command");
  let global = false;
  let print = 0;
  let nth = 0;
  let flags = '';
  let write: string | undefined;
  for (;;) {
    const c = r.read();
    if (c === 'g') {
      if (global) r.fail("multiple `g' options to `s' command");
      global = true;
    } else if (c === 'p') {
      if (print) r.fail("multiple `p' options to `s' command");
      print = 1;
    } else if (c !== undefined && /\d/.test(c)) {
      if (nth) r.fail("multiple number options to `s' command");
      r.i--;
      nth = r.number()!;
      if (nth === 0) r.fail("number option to `s' command may not be zero");
    } else if (c === 'i' || c === 'I') flags += 'I';
    else if (c === 'm' || c === 'M') flags += 'M';
    else if (c === 'e') r.fail("`e' is not supported by this simulator");
    else if (c === 'w') {
      write = fileName(r);
      break;
    } else if (c === undefined || c === '\n' || c === ';') break;
    else if (c === '}' || c === '#') {
      r.i--;
      break;
    } else if (c !== ' ' && c !== '\t') r.fail("unknown option to `s'");
  }
  let re: RegexRef = 'last';
  if (src !== '') {
    const compiled = compileRegex(src, delim, flags, ere);
    if (typeof compiled === 'string') r.fail(compiled);
    re = compiled;
  }
  const groups = re === 'last' ? undefined : new RegExp(`${re.re.source}|`).exec('')!.length - 1;
  return { k: 's', re, repl: replacement(r, raw, groups), global, nth: nth || 1, print, write };
}

function yCommand(r: Reader): Body {
  const delim = r.read();
  if (delim === undefined || delim === '\n' || delim === '\\') r.fail("unterminated `y' command");
  const decode = (s: string): string[] => {
    const out: string[] = [];
    for (let i = 0; i < s.length; i++) {
      if (s[i] === '\\' && i + 1 < s.length) {
        const n = s[++i]!;
        out.push(n === delim ? delim : n === '\\' ? '\\' : (ESC[n] ?? `\\${n}`));
      } else out.push(s[i]!);
    }
    return out;
  };
  const a = delimited(r, delim, false);
  const b = a === undefined ? undefined : delimited(r, delim, false);
  if (a === undefined || b === undefined) r.fail("unterminated `y' command");
  const [from, to] = [decode(a), decode(b)];
  if (from.length !== to.length || from.some((c) => c.length > 1) || to.some((c) => c.length > 1)) r.fail("strings for `y' command are different lengths");
  endOfCommand(r);
  return { k: 'y', map: new Map(from.map((c, i) => [c, to[i]!])) };
}

/** A label for `:`, b, t, T: up to whitespace, `;` or the end of the line. */
function label(r: Reader): string {
  r.skipSpace();
  let name = '';
  while (!r.eof() && !/[\s;]/.test(r.peek()!)) name += r.read();
  return name;
}

const SIMPLE = new Set(['=', 'd', 'D', 'g', 'G', 'h', 'H', 'n', 'N', 'p', 'P', 'x', 'z', 'F']);
const ONE_ADDRESS = new Set(['q', 'Q']);

function parse(r: Reader, ere: boolean): Command[] {
  const program: Command[] = [];
  const open: number[] = [];
  for (;;) {
    while (!r.eof() && /[\s;]/.test(r.peek()!)) r.read();
    if (r.eof()) break;
    const cmd: Partial<Command> & { zero: boolean; negate: boolean } = { zero: false, negate: false };
    const a1 = address(r, ere);
    if (a1) {
      cmd.a1 = a1;
      r.skipSpace();
      if (r.peek() === ',') {
        r.read();
        r.skipSpace();
        const c = r.peek();
        let a2: Addr | undefined;
        if (c === '+' || c === '~') {
          r.read();
          const n = r.number();
          if (n === undefined) r.fail("unexpected `,'");
          a2 = c === '+' ? { k: 'plus', n } : { k: 'mult', n };
        } else a2 = address(r, ere);
        if (!a2) r.fail("unexpected `,'");
        if (a2.k === 'step') a2 = { k: 'line', n: a2.first };
        cmd.a2 = a2;
      }
    }
    r.skipSpace();
    if (r.peek() === '!') {
      r.read();
      cmd.negate = true;
      r.skipSpace();
      if (r.peek() === '!') {
        r.read();
        r.fail("multiple `!'s");
      }
    }
    const c = r.read();
    if (c === undefined) r.fail('missing command');
    if (cmd.a1?.k === 'line' && cmd.a1.n === 0) {
      if (cmd.a2?.k !== 're') r.fail('invalid usage of line address 0');
      cmd.zero = true;
    }
    if (cmd.a2 && ONE_ADDRESS.has(c)) r.fail('command only uses one address');
    let body: Body;
    if (c === '#') {
      if (cmd.a1) r.fail("comments don't accept any addresses");
      while (!r.eof() && r.peek() !== '\n') r.read();
      continue;
    } else if (c === '{') {
      open.push(program.length);
      body = { k: '{', end: -1 };
    } else if (c === '}') {
      if (!open.length) r.fail("unexpected `}'");
      if (cmd.a1) r.fail("`}' doesn't want any addresses");
      (program[open.pop()!]!.body as { end: number }).end = program.length;
      body = { k: '}' };
      endOfCommand(r);
    } else if (SIMPLE.has(c)) {
      body = { k: c as '=' };
      endOfCommand(r);
    } else if (c === 'l') {
      r.skipSpace();
      r.number();
      body = { k: 'l' };
      endOfCommand(r);
    } else if (c === 'a' || c === 'i' || c === 'c') body = { k: c, text: readText(r) };
    else if (c === 'q' || c === 'Q') {
      r.skipSpace();
      body = { k: c, status: r.number() ?? 0 };
      endOfCommand(r);
    } else if (c === ':') {
      if (cmd.a1) r.fail(': doesn\'t want any addresses');
      const name = label(r);
      if (name === '') r.fail('":" lacks a label');
      body = { k: ':', label: name };
    } else if (c === 'b' || c === 't' || c === 'T') body = { k: c, label: label(r), target: -1 };
    else if (c === 's') body = sCommand(r, ere);
    else if (c === 'y') body = yCommand(r);
    else if (c === 'r' || c === 'R' || c === 'w' || c === 'W') body = { k: c, file: fileName(r) };
    else if (c === 'v') {
      r.skipSpace();
      const v = /^[\d.]*/.exec(r.s.slice(r.i))![0];
      r.i += v.length;
      const [major = 0, minor = 0] = v.split('.').map(Number);
      if (major > 4 || (major === 4 && minor > 9)) r.fail('expected newer version of sed');
      endOfCommand(r);
      continue;
    } else r.fail(`unknown command: \`${c}'`);
    program.push({ ...cmd, body });
  }
  if (open.length) throw new SedError("unmatched `{'", -1);
  return program;
}

/** Resolves b/t/T targets, or GNU's message for a missing label. */
function link(program: Command[]): string | undefined {
  for (const cmd of program) {
    const b = cmd.body;
    if (b.k !== 'b' && b.k !== 't' && b.k !== 'T') continue;
    if (b.label === '') b.target = program.length;
    else {
      const at = program.findIndex((c) => c.body.k === ':' && c.body.label === b.label);
      if (at < 0) return `can't find label for jump to \`${b.label}'`;
      b.target = at;
    }
  }
  return undefined;
}

/** Compiles the pieces of a script (each -e and -f in order) into one program, or GNU's message and status. */
export function compile(pieces: readonly ScriptPiece[], ere: boolean): Compiled {
  const text = pieces.map((p) => p.text.replace(/\n$/, '')).join('\n');
  const r = new Reader(text);
  try {
    const program = parse(r, ere);
    const missing = link(program);
    // A missing label is found after compiling, where GNU panics (status 4).
    return missing ? { ok: false, message: missing, status: 4 } : { ok: true, program };
  } catch (e) {
    if (!(e instanceof SedError)) throw e;
    return { ok: false, message: where(pieces, e.at, e.message), status: 1 };
  }
}

/** `-e expression #N, char M: …` or `file F line L: …` for a position in the joined script. */
function where(pieces: readonly ScriptPiece[], at: number, message: string): string {
  if (at < 0) return `-e expression #1, char 0: ${message}`;
  let start = 0;
  let expr = 0;
  for (const p of pieces) {
    const len = p.text.replace(/\n$/, '').length;
    if (p.k === 'expr') expr++;
    if (at <= start + len || p === pieces[pieces.length - 1]) {
      const local = Math.min(at - start, len);
      if (p.k === 'file') return `file ${p.name} line ${p.text.slice(0, Math.max(0, local - 1)).split('\n').length}: ${message}`;
      return `-e expression #${expr}, char ${local}: ${message}`;
    }
    start += len + 1;
  }
  return message;
}
