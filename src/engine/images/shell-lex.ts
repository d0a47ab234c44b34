/**
 * The shell lexer: words with their quoting and expansions (`'…'`, `"…"`, `\x`, `$VAR`, `${…}`,
 * `$(…)` and backticks parsed recursively, `$((…))`), operators, IO numbers and newlines, and
 * here-documents (`<<WORD`, `<<-WORD`, quoted delimiters: the body is read from the lines after
 * the operator's line, as one `doc` token's word) and bash's here-string `<<<`. For
 * bash (`bash`), also what bash's own lexer reads at a command's start — `[[ … ]]` as one
 * conditional token (shell-cond.ts checks its grammar) and `(( … ))` — and extglob patterns
 * (`@(a|b)`, `!(x)` …) as parts of a word inside `[[ ]]` and on lines after a `shopt -s extglob`
 * line: bash parses a line before it runs it, so `shopt -s extglob; echo @(a)` on one line is its
 * syntax error (recorded, bash 5.2.15). About 480 lines: one lexer whose word reader, quoting
 * and here-document bodies share its cursor and line count. Approximate: a document inside
 * backquotes ends at the first backquote.
 */
import { ansiCQuoted, type AnsiCFlavor } from '../../k8s/ansi-c';
import { backquoted } from '../../k8s/backquote';
import { heredocAsDoubleQuoted, heredocDelimiter } from '../../k8s/heredoc';
import type { CondItem, Seg, ShellNode, VarOp, Word } from './shell-ast';
import { checkCond } from './shell-cond';
import { parseInto } from './shell-parse';

export type SyntaxProblem =
  /** `bare`: the token is a kind of token, named without quotes (dash's `redirection unexpected`). */
  | { kind: 'unexpected'; token: string; expecting?: string; bare?: true }
  /** `quote`: the quote bash names as unmatched (`'` or a backquote); absent, `"`. */
  | { kind: 'unterminated'; quote?: string }
  /**
   * bash's `[[ … ]]` grammar (shell-cond.ts): `message` as bash words it (empty: bash says
   * nothing); `eof` when the script ended inside it (status 2), else bash 5.2 leaves `$?` as it was.
   */
  | { kind: 'cond'; message: string; eof: boolean };

export type Tok =
  /** `src`: the word as written (bash's `set -x` shows a `for` loop's words so). */
  /** `endLine`: the source line the word ends on, when past the first (bash's `$LINENO` of a command is its last line). */
  | { k: 'word'; word: Word; plain: string | null; src: string; endLine?: number }
  | { k: 'op'; v: string }
  | { k: 'io'; fd: number }
  /** `line`: the source's line that follows (1-based), for `$LINENO`. */
  | { k: 'nl'; line: number }
  | { k: 'eof' }
  /** bash: `[[ … ]]`, its grammar already checked. */
  | { k: 'cond'; items: CondItem[] }
  /** bash: `(( … ))` at a command's start. */
  | { k: 'arith'; expr: string }
  /**
   * A here-document (`<<WORD`, `<<-WORD`): its body, read from the lines after the one it is on
   * (filled in when the lexer reaches that line's newline), as a word to expand as it opens.
   */
  | { k: 'doc'; body: Word; eof?: DocEof };

/** A here-document the script ended inside: `line` it started on, `eofLine` the script's last, `wanted` its delimiter. */
export interface DocEof {
  line: number;
  eofLine: number;
  wanted: string;
}

/** Thrown inside the lexer/parser only; parseScript turns it into a result. */
export class SyntaxFailure {
  constructor(readonly problem: SyntaxProblem) {}
}

const META = ' \t\n;&|<>()';
const TWO_CHAR_OPS = ['&&', '||', ';;', '>>', '>&', '<&', '&>', '>|'];

// ---------------------------------------------------------------------------------------------
// Lexer
// ---------------------------------------------------------------------------------------------

/**
 * Index just past the `)` matching the `(` before `start`, skipping quoted text and the bodies
 * of here-documents opened inside (`$(cat <<EOF` … `don't` … `EOF` … `)`, as bash, dash and ash read it).
 */
function findClose(src: string, start: number, open = '(', close = ')', arith = false): number {
  let depth = 1;
  const docs: { wanted: string; strip: boolean }[] = [];
  for (let i = start; i < src.length; i++) {
    const c = src[i]!;
    // `$((1 << 2))`: an arithmetic shift, not a heredoc.
    if (!arith && src.startsWith('$((', i)) i = findClose(src, i + 3, '(', ')', true);
    else if (!arith && c === '<' && src[i + 1] === '<' && src[i + 2] !== '<' && open === '(') {
      const m = /^<<(-?)[ \t]*((?:[^\s;&|<>()'"\\]|'[^']*'|"[^"]*"|\\.)+)/.exec(src.slice(i));
      if (m) {
        docs.push({ wanted: heredocDelimiter(m[2]!), strip: m[1] === '-' });
        i += m[0].length - 1;
      } else i++;
    } else if (c === '\n' && docs.length > 0) {
      for (const d of docs.splice(0)) {
        for (;;) {
          const nl = src.indexOf('\n', i + 1);
          const line = nl < 0 ? src.slice(i + 1) : src.slice(i + 1, nl);
          i = nl < 0 ? src.length - 1 : nl;
          if ((d.strip ? line.replace(/^\t+/, '') : line) === d.wanted || nl < 0) break;
        }
      }
    } else if (c === '\\') i++;
    else if (c === "'") {
      const j = src.indexOf("'", i + 1);
      if (j < 0) break;
      i = j;
    } else if (c === '"') {
      for (i++; i < src.length && src[i] !== '"'; i++) if (src[i] === '\\') i++;
    } else if (c === open) depth++;
    else if (c === close && --depth === 0) return i + 1;
  }
  throw new SyntaxFailure({ kind: 'unterminated' });
}

/** Words after which a command starts (bash reads `[[` and `((` specially only there; `for ((` too). */
const COMMAND_START_WORDS = new Set(['then', 'do', 'else', 'elif', 'if', 'while', 'until', '!', '{', 'for']);
const COMMAND_START_OPS = new Set([';', '&', '&&', '||', '|', '(', ')', ';;']);
const EXTGLOB_ON = /(^|[\n;&|]\s*)shopt\s+-s\s+(?:[\w-]+\s+)*extglob\b/;

/**
 * `extglob`: bash had `shopt -s extglob` on when it started parsing (`bash -O extglob`, an `eval` after the shopt line).
 * `ansiC`: which `$'…'` the shell reads (ansi-c.ts); null for dash, where `$` before `'…'` is a plain `$`.
 */
export function tokenize(src: string, nodes: ShellNode[], bash = false, extglob = false, ansiC: AnsiCFlavor | null = bash ? 'bash' : null): Tok[] {
  const toks: Tok[] = [];
  let i = 0;
  let inCond = false;
  // Newlines counted so far (quoted ones and continuations too): which line a token is on.
  let counted = { at: 0, lines: 0 };
  const linesBefore = (at: number): number => {
    let n = counted.lines;
    for (let j = counted.at; j < at; j++) if (src[j] === '\n') n++;
    counted = { at, lines: n };
    return n;
  };

  const atCommandStart = (): boolean => {
    const t = toks[toks.length - 1];
    if (!t || t.k === 'nl') return true;
    if (t.k === 'op') return COMMAND_START_OPS.has(t.v);
    return t.k === 'word' && t.plain !== null && (COMMAND_START_WORDS.has(t.plain) || (bash && t.plain === 'time'));
  };
  /** bash reads `@(…)` and its kin as a word's part: always inside `[[ ]]`, else after a `shopt -s extglob` line. */
  const extglobAt = (at: number): boolean => {
    if (!bash || !'@!+*?'.includes(src[at]!) || src[at + 1] !== '(') return false;
    return inCond || extglob || EXTGLOB_ON.test(src.slice(0, src.lastIndexOf('\n', at) + 1));
  };

  /**
   * bash and BusyBox ash (1.35 on, recorded) read `<(` and `>(` as process substitutions; dash
   * does not (`ansiC` null is dash's lexer): `>(` is then its redirection before a `(`, the
   * syntax error dash prints (recorded: `dash: 1: Syntax error: "(" unexpected`).
   */
  const procSubAt = (at: number): boolean => (bash || ansiC !== null) && !inCond && (src[at] === '<' || src[at] === '>') && src[at + 1] === '(';

  const pushLit = (segs: Seg[], v: string, q: boolean): void => {
    const last = segs[segs.length - 1];
    if (last && last.t === 'lit' && last.q === q) last.v += v;
    else segs.push({ t: 'lit', v, q });
  };

  const readDollar = (segs: Seg[], q: boolean): void => {
    const n = src[i + 1];
    if (n === '(' && src[i + 2] === '(') {
      const end = findClose(src, i + 3, '(', ')', true);
      if (src[end] !== ')') throw new SyntaxFailure({ kind: 'unterminated' });
      segs.push({ t: 'arith', expr: src.slice(i + 3, end - 1), q });
      i = end + 1;
    } else if (n === '(') {
      const end = findClose(src, i + 2);
      segs.push({ t: 'cmd', root: parseInto(src.slice(i + 2, end - 1), nodes, bash, extglob, undefined, ansiC), q });
      i = end;
    } else if (n === '{') {
      const end = findClose(src, i + 2, '{', '}');
      segs.push(parseBraced(src.slice(i + 2, end - 1), q));
      i = end;
    } else if (n !== undefined && /[A-Za-z_]/.test(n)) {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(i + 1))!;
      segs.push({ t: 'var', name: m[0], q });
      i += 1 + m[0].length;
    } else if (n !== undefined && /[0-9?$#@*!-]/.test(n)) {
      segs.push({ t: 'var', name: n, q });
      i += 2;
    } else {
      pushLit(segs, '$', q);
      i++;
    }
  };

  const parseBraced = (inner: string, q: boolean): Seg => {
    // bash's arrays: `${a[1]}`, `${a[@]}`, `${#a[@]}`, `${!a[@]}`, `${a[i]:-x}`, `${a[@]:1:2}`.
    const sub = bash ? /^([#!]?)([A-Za-z_][A-Za-z0-9_]*)\[([^\]]*)\]([\s\S]*)$/.exec(inner) : null;
    const bad = (): SyntaxFailure => new SyntaxFailure({ kind: 'unexpected', token: `\${${inner}}`, expecting: 'bad substitution' });
    if (sub) {
      const [, prefix, name, index, rest] = sub as unknown as [string, string, string, string, string];
      if (prefix === '!') {
        if (rest || (index !== '@' && index !== '*')) throw bad();
        return { t: 'var', name, q, braced: true, index, keys: true };
      }
      const slice = sliceOf(rest);
      if (slice) return { t: 'var', name, q, braced: true, index, slice, ...(prefix ? { length: true } : {}) };
      const seg = braced(`${name}${rest}`, inner, q);
      if (seg.t !== 'var' || (prefix && rest)) throw bad();
      const key = index === '@' || index === '*' ? undefined : keyWord(index);
      return { ...seg, index, ...(key ? { key } : {}), ...(prefix ? { length: true } : {}) };
    }
    // dash and BusyBox ash have no arrays: `${a[1]}`, `${#a[@]}` and `${!a[@]}` fail as they are expanded (shell-expand.ts).
    if (!bash && /^[#!]?[A-Za-z_][A-Za-z0-9_]*\[/.test(inner)) return { t: 'var', name: inner.replace(/^[#!]/, '').replace(/\[[\s\S]*$/, ''), q, braced: true, bad: true };
    if (inner.startsWith('#') && inner.length > 1) return { t: 'var', name: inner.slice(1), q, length: true, braced: true };
    const scalar = bash ? /^([A-Za-z_][A-Za-z0-9_]*|[0-9@*])(:[\s\S]*)$/.exec(inner) : null;
    const slice = scalar ? sliceOf(scalar[2]!) : undefined;
    if (scalar && slice) return { t: 'var', name: scalar[1]!, q, braced: true, slice };
    return braced(inner, inner, q);
  };

  /** bash's `:offset[:length]` (not `:-` `:=` `:+` `:?`, whose `:` belongs to the operator). */
  const sliceOf = (rest: string): { offset: string; length?: string } | undefined => {
    if (!rest.startsWith(':') || '-=+?'.includes(rest[1] ?? '-')) return undefined;
    const colon = rest.indexOf(':', 1);
    return colon < 0 ? { offset: rest.slice(1) } : { offset: rest.slice(1, colon), length: rest.slice(colon + 1) };
  };

  const braced = (inner: string, written: string, q: boolean): Seg => {
    const m = /^([A-Za-z_][A-Za-z0-9_]*|[0-9?$#@*!-])(:-|:=|:\+|:\?|-|=|\+|\?|##|#|%%|%)?([\s\S]*)$/.exec(inner);
    if (!m) throw new SyntaxFailure({ kind: 'unexpected', token: `\${${written}}`, expecting: 'bad substitution' });
    const seg: Seg = { t: 'var', name: m[1]!, q, braced: true };
    if (m[2]) {
      seg.op = m[2] as VarOp;
      seg.arg = wordOf(m[3] ?? '');
    }
    return seg;
  };

  /** A subscript as a word (`${m["a b"]}`, `${m[$k]}`): its blanks are part of it. */
  const keyWord = (text: string): Word => {
    // An arithmetic subscript need not lex as words (`${a[(i+1)*2]}`): then its text is the key.
    let toks: Tok[];
    try {
      toks = tokenize(text, nodes, bash, extglob, ansiC);
    } catch (e) {
      if (e instanceof SyntaxFailure) return [{ t: 'lit', v: text, q: true }];
      throw e;
    }
    const words = toks.flatMap((t) => (t.k === 'word' ? [t.word] : []));
    return words.flatMap((w, k) => (k > 0 ? [{ t: 'lit' as const, v: ' ', q: true }, ...w] : w));
  };

  /** `${v:-word}`: the word is lexed as if double-quoted (no field splitting of the default). */
  const wordOf = (text: string): Word => {
    const sub = tokenize(`"${text.replace(/"/g, '\\"')}"`, nodes, bash, extglob, ansiC);
    const first = sub[0];
    return first && first.k === 'word' ? first.word : [];
  };

  const readBacktick = (segs: Seg[], q: boolean): void => {
    const b = backquoted(src, i, q);
    if (!b) throw new SyntaxFailure({ kind: 'unterminated', quote: '`' });
    segs.push({ t: 'cmd', root: parseInto(b.command, nodes, bash, extglob, undefined, ansiC), q });
    i = b.end;
  };

  const readDouble = (segs: Seg[]): void => {
    i++;
    let opened = true;
    while (i < src.length) {
      const c = src[i]!;
      if (c === '"') {
        i++;
        opened = false;
        break;
      }
      if (c === '\\' && /[$`"\\\n]/.test(src[i + 1] ?? '')) {
        if (src[i + 1] !== '\n') pushLit(segs, src[i + 1]!, true);
        i += 2;
      } else if (c === '$') readDollar(segs, true);
      else if (c === '`') readBacktick(segs, true);
      else {
        pushLit(segs, c, true);
        i++;
      }
    }
    if (opened) throw new SyntaxFailure({ kind: 'unterminated' });
    if (segs.length === 0 || segs[segs.length - 1]!.t !== 'lit') pushLit(segs, '', true);
  };

  /** A word; `meta` ends it. `regex`: the right side of `[[ =~ ]]`, where `(…)` groups (blanks inside) stay in the word. */
  const readWord = (meta = META, regex = false): Extract<Tok, { k: 'word' }> => {
    const start = i;
    const segs: Seg[] = [];
    let plain = '';
    let isPlain = true;
    let depth = 0;
    while (i < src.length && (depth > 0 ? true : !meta.includes(src[i]!) || (regex && src[i] === '(') || procSubAt(i))) {
      const c = src[i]!;
      if (procSubAt(i)) {
        // bash's `<(command)`: a path the command's output can be read from.
        const end = findClose(src, i + 2);
        segs.push({ t: 'procsub', root: parseInto(src.slice(i + 2, end - 1), nodes, bash, extglob, undefined, ansiC), q: false, ...(c === '>' ? { out: true as const } : {}) });
        isPlain = false;
        i = end;
      } else if (regex && (c === '(' || c === ')')) {
        depth += c === '(' ? 1 : -1;
        pushLit(segs, c, false);
        plain += c;
        i++;
      } else if (extglobAt(i)) {
        const end = findClose(src, i + 2);
        const text = src.slice(i, end);
        pushLit(segs, text, false);
        plain += text;
        i = end;
      } else if (c === '\\') {
        if (src[i + 1] === '\n') {
          i += 2;
          continue;
        }
        pushLit(segs, src[i + 1] ?? '', true);
        isPlain = false;
        i += 2;
      } else if (c === "'") {
        const j = src.indexOf("'", i + 1);
        if (j < 0) throw new SyntaxFailure({ kind: 'unterminated', quote: "'" });
        pushLit(segs, src.slice(i + 1, j), true);
        isPlain = false;
        i = j + 1;
      } else if (c === '"') {
        readDouble(segs);
        isPlain = false;
      } else if (c === '$' && ansiC !== null && src[i + 1] === "'") {
        // Only outside double quotes: `"$'a'"` keeps its `$'a'` (bash 5.2, BusyBox 1.35).
        const q = ansiCQuoted(src, i, ansiC);
        if (!q) throw new SyntaxFailure({ kind: 'unterminated', quote: "'" });
        pushLit(segs, q.value, true);
        isPlain = false;
        i = q.end;
      } else if (c === '$') {
        readDollar(segs, false);
        isPlain = false;
      } else if (c === '`') {
        readBacktick(segs, false);
        isPlain = false;
      } else {
        pushLit(segs, c, false);
        plain += c;
        i++;
      }
    }
    const endLine = linesBefore(i) + 1;
    return { k: 'word', word: segs, plain: isPlain ? plain : null, src: src.slice(start, i), ...(endLine > 1 ? { endLine } : {}) };
  };

  /** `[[ … ]]` after its `[[`: its items up to `]]`, checked against bash's grammar. */
  const readCond = (): Tok => {
    const items: CondItem[] = [];
    inCond = true;
    for (;;) {
      while (i < src.length && (' \t\n'.includes(src[i]!) || (src[i] === '\\' && src[i + 1] === '\n'))) i += src[i] === '\\' ? 2 : 1;
      if (i >= src.length) {
        const early = checkCond(items, 'newline');
        if (early) throw new SyntaxFailure(early);
        throw new SyntaxFailure({ kind: 'cond', message: "unexpected EOF while looking for `]]'", eof: true });
      }
      const two = src.slice(i, i + 2);
      if (two === '&&' || two === '||') {
        items.push({ k: 'op', v: two });
        i += 2;
        continue;
      }
      const c = src[i]!;
      if (c === '(' || c === ')') {
        items.push({ k: 'op', v: c });
        i++;
        continue;
      }
      if (';&|'.includes(c)) {
        const early = checkCond(items, c);
        if (early) throw new SyntaxFailure(early);
        throw new SyntaxFailure({ kind: 'cond', message: `unexpected token \`${c}', conditional binary operator expected`, eof: false });
      }
      const prev = items[items.length - 1];
      const w = readWord(' \t\n;&|()', prev?.k === 'word' && prev.src === '=~');
      if (w.src === ']]') {
        inCond = false;
        const problem = checkCond(items, ']]');
        if (problem) throw new SyntaxFailure(problem);
        return { k: 'cond', items };
      }
      items.push(w.src === '!' ? { k: 'op', v: '!' } : { k: 'word', word: w.word, src: w.src });
    }
  };

  /** Here-documents opened on the line being read: their bodies start after its newline. */
  const pending: { tok: Extract<Tok, { k: 'doc' }>; strip: boolean; quoted: boolean; wanted: string; line: number }[] = [];
  /**
   * Reads the bodies of the documents the line that just ended opened, from `i` on, as bash,
   * dash and ash do: line by line up to the delimiter alone on its line (`<<-`: after leading
   * tabs, which leave the body's lines too). At the end of the script the body is what is left:
   * bash ends its last line with a newline, dash and ash keep it as it is (recorded, bash 5.2.15,
   * dash 0.5.12, BusyBox 1.35: `sh -c 'cat <<EOF
x'`).
   */
  const readDocs = (): void => {
    for (const d of pending) {
      let body = '';
      let closed = false;
      const physical = (from: number, to: number): string => (d.strip ? src.slice(from, to).replace(/^\t+/, '') : src.slice(from, to));
      while (i < src.length) {
        let nl = src.indexOf('\n', i);
        let line = physical(i, nl < 0 ? src.length : nl);
        // Unquoted, a line ending in `\` goes on with the next before it is compared (recorded,
        // bash 5.2.15 and dash 0.5.12: `a\` then `EOF` is the body's `aEOF`).
        while (!d.quoted && nl >= 0 && /(^|[^\\])(\\\\)*\\$/.test(line)) {
          const from = nl + 1;
          nl = src.indexOf('\n', from);
          line = line.slice(0, -1) + physical(from, nl < 0 ? src.length : nl);
        }
        i = nl < 0 ? src.length : nl + 1;
        if (line === d.wanted) {
          closed = true;
          break;
        }
        body += line + (nl >= 0 || bash ? '\n' : '');
      }
      d.tok.body = d.quoted ? [{ t: 'lit', v: body, q: true }] : docWord(body);
      if (!closed) d.tok.eof = { line: d.line, eofLine: src.split('\n').length - (src.endsWith('\n') ? 1 : 0), wanted: d.wanted };
    }
    pending.length = 0;
  };
  /** An unquoted document's body: expanded as a double-quoted word is, a `"` in it plain (k8s/heredoc.ts). */
  const docWord = (body: string): Word => {
    const sub = tokenize(heredocAsDoubleQuoted(body), nodes, bash, extglob, ansiC);
    const first = sub[0];
    return first && first.k === 'word' ? first.word : [];
  };

  while (i < src.length) {
    const c = src[i]!;
    if (bash && atCommandStart() && src.startsWith('[[', i) && (i + 2 >= src.length || ' \t\n'.includes(src[i + 2]!))) {
      i += 2;
      toks.push(readCond());
    } else if (bash && atCommandStart() && src.startsWith('((', i) && arithEnd(src, i) !== undefined) {
      const end = arithEnd(src, i)!;
      toks.push({ k: 'arith', expr: src.slice(i + 2, end - 2) });
      i = end;
    } else if (c === ' ' || c === '\t') {
      i++;
    } else if (c === '\\' && src[i + 1] === '\n') {
      i += 2;
    } else if (c === '#') {
      while (i < src.length && src[i] !== '\n') i++;
    } else if (c === '\n') {
      const nl: Tok = { k: 'nl', line: linesBefore(i) + 2 };
      toks.push(nl);
      i++;
      if (pending.length > 0) {
        readDocs();
        nl.line = linesBefore(i) + 1;
      }
    } else if (src.startsWith('<<<', i)) {
      // bash's here-string; dash and BusyBox 1.35 ash read `<<` then `<` (recorded: dash
      // `Syntax error: redirection unexpected`, ash `syntax error: unexpected redirection`).
      if (!bash) throw new SyntaxFailure({ kind: 'unexpected', token: 'redirection', bare: true });
      toks.push({ k: 'op', v: '<<<' });
      i += 3;
    } else if (src.startsWith('<<', i)) {
      const line = linesBefore(i) + 1;
      const strip = src[i + 2] === '-';
      i += strip ? 3 : 2;
      while (src[i] === ' ' || src[i] === '\t') i++;
      if (i >= src.length || META.includes(src[i]!)) {
        // No delimiter: the parser reports what stands there, as after `>`.
        toks.push({ k: 'op', v: '<<' });
        continue;
      }
      const word = readWord();
      const tok: Extract<Tok, { k: 'doc' }> = { k: 'doc', body: [] };
      toks.push(tok);
      pending.push({ tok, strip, quoted: /['"\\]/.test(word.src), wanted: heredocDelimiter(word.src), line });
    } else if (procSubAt(i)) {
      toks.push(readWord());
    } else if (TWO_CHAR_OPS.includes(src.slice(i, i + 2))) {
      toks.push({ k: 'op', v: src.slice(i, i + 2) });
      i += 2;
    } else if (';&|()<>'.includes(c)) {
      toks.push({ k: 'op', v: c });
      i++;
    } else {
      const m = /^\d+(?=[<>])/.exec(src.slice(i));
      if (m) {
        toks.push({ k: 'io', fd: Number(m[0]) });
        i += m[0].length;
      } else toks.push(readWord());
    }
  }
  readDocs();
  toks.push({ k: 'eof' });
  return toks;
}


/** The index past the `))` closing a `((` at `at`, or undefined when `((` opens nested subshells. */
function arithEnd(src: string, at: number): number | undefined {
  try {
    const end = findClose(src, at + 2, '(', ')', true);
    return src[end] === ')' ? end + 1 : undefined;
  } catch {
    return undefined;
  }
}

