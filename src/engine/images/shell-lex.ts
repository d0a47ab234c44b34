/**
 * The shell lexer: words with their quoting and expansions (`'…'`, `"…"`, `\x`, `$VAR`, `${…}`,
 * `$(…)` and backticks parsed recursively, `$((…))`), operators, IO numbers and newlines.
 */
import type { Seg, ShellNode, VarOp, Word } from './shell-ast';
import { parseInto } from './shell-parse';

export type SyntaxProblem =
  | { kind: 'unexpected'; token: string; expecting?: string }
  | { kind: 'unterminated' };

export type Tok =
  /** `src`: the word as written (bash's `set -x` shows a `for` loop's words so). */
  | { k: 'word'; word: Word; plain: string | null; src: string }
  | { k: 'op'; v: string }
  | { k: 'io'; fd: number }
  | { k: 'nl' }
  | { k: 'eof' };

/** Thrown inside the lexer/parser only; parseScript turns it into a result. */
export class SyntaxFailure {
  constructor(readonly problem: SyntaxProblem) {}
}

const META = ' \t\n;&|<>()';
const TWO_CHAR_OPS = ['&&', '||', ';;', '>>', '>&', '<&', '&>', '>|'];

// ---------------------------------------------------------------------------------------------
// Lexer
// ---------------------------------------------------------------------------------------------

/** Index just past the `)` matching the `(` before `start`, skipping quoted text. */
function findClose(src: string, start: number, open = '(', close = ')'): number {
  let depth = 1;
  for (let i = start; i < src.length; i++) {
    const c = src[i]!;
    if (c === '\\') i++;
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

export function tokenize(src: string, nodes: ShellNode[]): Tok[] {
  const toks: Tok[] = [];
  let i = 0;

  const pushLit = (segs: Seg[], v: string, q: boolean): void => {
    const last = segs[segs.length - 1];
    if (last && last.t === 'lit' && last.q === q) last.v += v;
    else segs.push({ t: 'lit', v, q });
  };

  const readDollar = (segs: Seg[], q: boolean): void => {
    const n = src[i + 1];
    if (n === '(' && src[i + 2] === '(') {
      const end = findClose(src, i + 3);
      if (src[end] !== ')') throw new SyntaxFailure({ kind: 'unterminated' });
      segs.push({ t: 'arith', expr: src.slice(i + 3, end - 1), q });
      i = end + 1;
    } else if (n === '(') {
      const end = findClose(src, i + 2);
      segs.push({ t: 'cmd', root: parseInto(src.slice(i + 2, end - 1), nodes), q });
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
    if (inner.startsWith('#') && inner.length > 1) return { t: 'var', name: inner.slice(1), q, length: true, braced: true };
    const m = /^([A-Za-z_][A-Za-z0-9_]*|[0-9?$#@*!-])(:-|:=|:\+|:\?|-|=|\+|\?|##|#|%%|%)?([\s\S]*)$/.exec(inner);
    if (!m) throw new SyntaxFailure({ kind: 'unexpected', token: `\${${inner}}`, expecting: 'bad substitution' });
    const seg: Seg = { t: 'var', name: m[1]!, q, braced: true };
    if (m[2]) {
      seg.op = m[2] as VarOp;
      seg.arg = wordOf(m[3] ?? '');
    }
    return seg;
  };

  /** `${v:-word}`: the word is lexed as if double-quoted (no field splitting of the default). */
  const wordOf = (text: string): Word => {
    const sub = tokenize(`"${text.replace(/"/g, '\\"')}"`, nodes);
    const first = sub[0];
    return first && first.k === 'word' ? first.word : [];
  };

  const readBacktick = (segs: Seg[], q: boolean): void => {
    let j = i + 1;
    let inner = '';
    while (j < src.length && src[j] !== '`') {
      if (src[j] === '\\' && /[`\\$]/.test(src[j + 1] ?? '')) j++;
      inner += src[j];
      j++;
    }
    if (j >= src.length) throw new SyntaxFailure({ kind: 'unterminated' });
    segs.push({ t: 'cmd', root: parseInto(inner, nodes), q });
    i = j + 1;
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

  const readWord = (): Tok => {
    const start = i;
    const segs: Seg[] = [];
    let plain = '';
    let isPlain = true;
    while (i < src.length && !META.includes(src[i]!)) {
      const c = src[i]!;
      if (c === '\\') {
        if (src[i + 1] === '\n') {
          i += 2;
          continue;
        }
        pushLit(segs, src[i + 1] ?? '', true);
        isPlain = false;
        i += 2;
      } else if (c === "'") {
        const j = src.indexOf("'", i + 1);
        if (j < 0) throw new SyntaxFailure({ kind: 'unterminated' });
        pushLit(segs, src.slice(i + 1, j), true);
        isPlain = false;
        i = j + 1;
      } else if (c === '"') {
        readDouble(segs);
        isPlain = false;
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
    return { k: 'word', word: segs, plain: isPlain ? plain : null, src: src.slice(start, i) };
  };

  while (i < src.length) {
    const c = src[i]!;
    if (c === ' ' || c === '\t') {
      i++;
    } else if (c === '\\' && src[i + 1] === '\n') {
      i += 2;
    } else if (c === '#') {
      while (i < src.length && src[i] !== '\n') i++;
    } else if (c === '\n') {
      toks.push({ k: 'nl' });
      i++;
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
  toks.push({ k: 'eof' });
  return toks;
}

