/**
 * jq 1.6's lexer (lexer.l): identifiers and keywords, `.field`, `$var`, `@format`, numbers,
 * operators, `#` comments, and strings whose `\(…)` interpolations are lexed into their own
 * token lists. Tokens carry the names bison prints in `syntax error, unexpected …`.
 */
/** `pos`: where the token starts; `last`: where a string's closing quote is (bison's location for what follows it). */
export type Token = TokenBody & { pos?: number; last?: number };
type TokenBody =
  | { k: 'invalid' }
  | { k: 'op'; v: string }
  | { k: 'ident'; v: string }
  | { k: 'keyword'; v: string }
  | { k: 'field'; v: string }
  | { k: 'var'; v: string }
  | { k: 'format'; v: string }
  | { k: 'number'; v: number }
  | { k: 'string'; parts: (string | Token[])[] }
  | { k: 'end' };

/** A compile error at `pos` (the offset jq's message points at). */
export class JqSyntaxError extends Error {
  constructor(
    message: string,
    readonly pos = 0,
    /** A second message bison's error recovery adds (an unterminated `if`), with its own offset. */
    readonly also?: { message: string; pos: number },
  ) {
    super(message);
  }
}

export const KEYWORDS = new Set(['def', 'if', 'then', 'elif', 'else', 'end', 'as', 'reduce', 'foreach', 'try', 'catch', 'label', 'import', 'include', 'and', 'or', '__loc__']);

const OPS = ['?//', '//=', '|=', '+=', '-=', '*=', '/=', '%=', '==', '!=', '<=', '>=', '//', '..', '.', '[', ']', '{', '}', '(', ')', '|', ',', ':', ';', '=', '<', '>', '+', '-', '*', '/', '%', '?', '$'];

/** The token as bison names it in a syntax error. */
export function tokenName(t: Token): string {
  switch (t.k) {
    case 'op':
      // bison names a one-character token by its quoted character, the others by their text.
      return t.v.length === 1 ? `'${t.v}'` : t.v;
    case 'ident':
      return 'IDENT';
    case 'keyword':
      return t.v;
    case 'field':
      return 'FIELD';
    case 'var':
      return "'$'";
    case 'format':
      return 'FORMAT';
    case 'number':
      return 'LITERAL';
    case 'string':
      return 'QQSTRING_START';
    case 'end':
      return '$end';
    case 'invalid':
      return 'INVALID_CHARACTER';
  }
}

const IDENT = /[a-zA-Z_][a-zA-Z_0-9]*(?:::[a-zA-Z_][a-zA-Z_0-9]*)*/y;
const NUMBER = /(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?/y;

function at(re: RegExp, s: string, i: number): string | undefined {
  re.lastIndex = i;
  return re.exec(s)?.[0];
}

/** Lexes `src` from `i` until the end, or (inside `\(`) until the `)` that closes it. */
function lexFrom(src: string, start: number, nested: boolean): { tokens: Token[]; end: number } {
  const tokens: Token[] = [];
  let depth = 0;
  // jq's lexer matches brackets itself: a closer with no opener is an invalid character.
  const open: string[] = [];
  let i = start;
  const push = (t: Token, at: number): void => {
    tokens.push({ ...t, pos: at });
  };
  while (i < src.length) {
    const c = src[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
      continue;
    }
    if (c === '#') {
      while (i < src.length && src[i] !== '\n') i++;
      continue;
    }
    if (c === '"') {
      const s = lexString(src, i + 1);
      tokens.push({ ...s.token, pos: i, last: s.end - 1 });
      i = s.end;
      continue;
    }
    const num = at(NUMBER, src, i);
    if (num !== undefined) {
      push({ k: 'number', v: Number(num) }, i);
      i += num.length;
      continue;
    }
    if (c === '.' && /[a-zA-Z_]/.test(src[i + 1] ?? '')) {
      const id = at(/[a-zA-Z_][a-zA-Z_0-9]*/y, src, i + 1)!;
      push({ k: 'field', v: id }, i);
      i += 1 + id.length;
      continue;
    }
    if ((c === '$' || c === '@') && /[a-zA-Z_]/.test(src[i + 1] ?? '')) {
      const id = at(IDENT, src, i + 1)!;
      // `$x` is two tokens to jq ('$' and the name): what follows is located at the name.
      tokens.push({ ...(c === '$' ? (id === '__loc__' ? { k: 'keyword', v: '$__loc__' } : { k: 'var', v: id }) : { k: 'format', v: id }), pos: i, ...(c === '$' ? { last: i + 1 } : {}) } as Token);
      i += 1 + id.length;
      continue;
    }
    const id = at(IDENT, src, i);
    if (id !== undefined) {
      push(KEYWORDS.has(id) ? { k: 'keyword', v: id } : { k: 'ident', v: id }, i);
      i += id.length;
      continue;
    }
    const op = OPS.find((o) => src.startsWith(o, i));
    if (op === undefined) {
      push({ k: 'invalid' }, i);
      i++;
      continue;
    }
    if (nested && op === '(') depth++;
    if (nested && op === ')') {
      if (depth === 0) return { tokens, end: i + 1 };
      depth--;
    }
    if (op === '(' || op === '[' || op === '{') open.push(op);
    if (op === ')' || op === ']' || op === '}') {
      if (open.pop() !== { ')': '(', ']': '[', '}': '{' }[op]) {
        push({ k: 'invalid' }, i);
        i++;
        continue;
      }
    }
    push({ k: 'op', v: op }, i);
    i += op.length;
  }
  if (nested) throw new JqSyntaxError('syntax error, unexpected $end', tokens.at(-1)?.pos ?? start);
  return { tokens, end: i };
}

const STRING_ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

function lexString(src: string, start: number): { token: Token; end: number } {
  const parts: (string | Token[])[] = [];
  let text = '';
  let i = start;
  while (i < src.length) {
    const c = src[i]!;
    if (c === '"') {
      if (text !== '' || parts.length === 0) parts.push(text);
      return { token: { k: 'string', parts }, end: i + 1 };
    }
    if (c !== '\\') {
      text += c;
      i++;
      continue;
    }
    const e = src[i + 1];
    if (e === '(') {
      if (text !== '') parts.push(text);
      text = '';
      const inner = lexFrom(src, i + 2, true);
      parts.push(inner.tokens);
      i = inner.end;
    } else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(src.slice(i + 2, i + 6))) {
      text += String.fromCharCode(parseInt(src.slice(i + 2, i + 6), 16));
      i += 6;
    } else if (e !== undefined && e in STRING_ESCAPES) {
      text += STRING_ESCAPES[e];
      i += 2;
    } else throw new JqSyntaxError('syntax error, unexpected INVALID_CHARACTER', i);
  }
  throw new JqSyntaxError('syntax error, unexpected $end, expecting QQSTRING_TEXT or QQSTRING_INTERP_START or QQSTRING_END', start);
}

export function lex(src: string): Token[] {
  const { tokens } = lexFrom(src, 0, false);
  const final = tokens.at(-1);
  tokens.push({ k: 'end', pos: final?.last ?? final?.pos ?? 0 });
  return tokens;
}
