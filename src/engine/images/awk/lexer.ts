/**
 * awk's tokens (POSIX awk's grammar, "Lexical Conventions"): a `/` starts a regular expression
 * where an operand may start and divides after one; newlines are tokens (they end statements)
 * except after `{ && || , do else ;` and a backslash-newline, where they are blanks. String
 * escapes are decoded here (`\"  \\  \/  \a \b \f \n \r \t \v  \ddd`); a regular expression keeps
 * its backslashes for the regex translation, only `\/` losing its own.
 */

export type TokKind = 'num' | 'str' | 'ere' | 'name' | 'funcname' | 'builtin' | 'kw' | 'op' | 'nl' | 'eof';

export interface Token {
  kind: TokKind;
  text: string;
  /** The number's value, the string's decoded text, the regex's source. */
  value?: number | string;
  line: number;
}

export const KEYWORDS = new Set(['BEGIN', 'END', 'function', 'func', 'if', 'else', 'while', 'for', 'do', 'break', 'continue', 'next', 'nextfile', 'exit', 'return', 'delete', 'in', 'getline', 'print', 'printf']);

export const BUILTINS = new Set(['length', 'substr', 'index', 'split', 'sub', 'gsub', 'match', 'sprintf', 'tolower', 'toupper', 'int', 'sqrt', 'exp', 'log', 'sin', 'cos', 'atan2', 'rand', 'srand', 'system', 'close', 'fflush']);

/** Longest first, so `>=` is not read as `>` `=`. */
const OPS = ['+=', '-=', '*=', '/=', '%=', '^=', '**=', '||', '&&', '==', '<=', '>=', '!=', '++', '--', '>>', '!~', '**', '{', '}', '(', ')', '[', ']', ';', ',', '+', '-', '*', '/', '%', '^', '!', '>', '<', '|', '?', ':', '~', '$', '='];

export class LexError extends Error {
  constructor(readonly line: number, readonly near: string, readonly what: 'token' | 'string' | 'regex' | 'char') {
    super(near);
  }
}

const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };

/** The escapes of a string literal, `-v` value or command-line assignment; an unknown `\c` keeps its backslash. */
export function decodeEscapes(s: string): string {
  return s.replace(/\\([0-7]{1,3}|[\s\S]?)/g, (all, c: string) => {
    if (c === '') return '\\';
    if (/^[0-7]/.test(c)) return String.fromCharCode(parseInt(c, 8) & 0xff);
    return ESCAPES[c] ?? all;
  });
}

/** Tokens after which a `/` divides (an operand just ended) and a newline is a statement end. */
function endsOperand(t: Token | undefined): boolean {
  if (!t) return false;
  if (t.kind === 'num' || t.kind === 'str' || t.kind === 'ere' || t.kind === 'name' || t.kind === 'builtin') return true;
  if (t.kind === 'kw') return t.text === 'getline';
  return t.kind === 'op' && (t.text === ')' || t.text === ']' || t.text === '$' || t.text === '++' || t.text === '--');
}

/** Newlines after these are blanks (POSIX's `newline_opt`). */
function swallowsNewline(t: Token | undefined): boolean {
  if (!t) return true;
  if (t.kind === 'kw') return t.text === 'do' || t.text === 'else';
  return t.kind === 'op' && ['{', '&&', '||', ',', ';'].includes(t.text);
}

/** `starStar`: BusyBox's lexer (`**`, hex and octal constants); mawk's otherwise. */
export function tokenize(src: string, starStar = true): Token[] {
  const out: Token[] = [];
  let line = 1;
  let i = 0;
  const push = (kind: TokKind, text: string, value?: number | string): void => {
    out.push({ kind, text, value, line });
  };
  while (i < src.length) {
    const c = src[i]!;
    if (c === ' ' || c === '\t' || c === '\r') {
      i++;
      continue;
    }
    if (c === '\\' && src[i + 1] === '\n') {
      i += 2;
      line++;
      continue;
    }
    if (c === '#') {
      while (i < src.length && src[i] !== '\n') i++;
      continue;
    }
    if (c === '\n') {
      if (!swallowsNewline(out[out.length - 1]) && out[out.length - 1]?.kind !== 'nl') push('nl', '\n');
      line++;
      i++;
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      let raw = '';
      while (j < src.length && src[j] !== '"') {
        if (src[j] === '\n') throw new LexError(line, src.slice(i, j), 'string');
        if (src[j] === '\\' && j + 1 < src.length) {
          raw += src.slice(j, j + 2);
          j += 2;
        } else raw += src[j++];
      }
      if (j >= src.length) throw new LexError(line, src.slice(i), 'string');
      push('str', src.slice(i, j + 1), decodeEscapes(raw));
      i = j + 1;
      continue;
    }
    if (c === '/' && !endsOperand(out[out.length - 1])) {
      let j = i + 1;
      let raw = '';
      let inBracket = false;
      while (j < src.length && (src[j] !== '/' || inBracket)) {
        if (src[j] === '\n') throw new LexError(line, src.slice(i, j), 'regex');
        if (src[j] === '\\' && j + 1 < src.length) {
          raw += src[j + 1] === '/' ? '/' : src.slice(j, j + 2);
          j += 2;
          continue;
        }
        // mawk reads a bracket expression whole (`/[/]/`); BusyBox ends the regex at the next `/`.
        if (src[j] === '[' && !inBracket && !starStar) {
          inBracket = true;
          raw += src[j++];
          if (src[j] === '^') raw += src[j++];
          if (src[j] === ']') raw += src[j++];
          continue;
        }
        if (src[j] === ']') inBracket = false;
        raw += src[j++];
      }
      if (j >= src.length) throw new LexError(line, src.slice(i), 'regex');
      push('ere', src.slice(i, j + 1), raw);
      i = j + 1;
      continue;
    }
    // BusyBox reads 0x1f and 017 as C does (hex, octal); mawk reads 0x10 as 0 followed by the name x10.
    const num = (starStar ? /^(?:0[xX][0-9a-fA-F]+|0[0-7]+(?![0-9.])|(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)/ : /^(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/).exec(src.slice(i));
    if (num) {
      const t = num[0];
      push('num', t, /^0[xX]/.test(t) ? parseInt(t.slice(2), 16) : starStar && /^0[0-7]+$/.test(t) ? parseInt(t, 8) : Number(t));
      i += t.length;
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(i));
    if (word) {
      const w = word[0];
      i += w.length;
      if (KEYWORDS.has(w)) push('kw', w === 'func' ? 'function' : w);
      else if (BUILTINS.has(w)) push('builtin', w);
      else push(src[i] === '(' ? 'funcname' : 'name', w);
      continue;
    }
    const op = OPS.find((o) => src.startsWith(o, i) && (starStar || !o.startsWith('**')));
    if (!op) throw new LexError(line, c, 'char');
    push('op', op);
    i += op.length;
  }
  push('eof', '');
  return out;
}
