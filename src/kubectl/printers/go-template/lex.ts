/**
 * Go text/template's lexer (text/template/parse/lex.go, Go 1.22+): the same items, the same trim
 * markers (`{{- ` / ` -}}`), the same error texts. Parse errors quote these texts verbatim, and
 * kubectl prints them after `error parsing template`, so the wording is the product.
 *
 * Over 400 lines because it is one state machine over one cursor (each state function hands the
 * next one the lexer's position, line and paren depth); split, the states would share that
 * state across files for no gain. The token vocabulary at the top is a third of it.
 */

import { goQuote, isPrintRune } from '../../../k8s/go-quote';

export type ItemType =
  | 'error'
  | 'bool'
  | 'char'
  | 'charConstant'
  | 'complex'
  | 'assign'
  | 'declare'
  | 'eof'
  | 'field'
  | 'identifier'
  | 'leftDelim'
  | 'leftParen'
  | 'number'
  | 'pipe'
  | 'rawString'
  | 'rightDelim'
  | 'rightParen'
  | 'space'
  | 'string'
  | 'text'
  | 'variable'
  // Keywords: Go prints these items as `<val>`.
  | 'block'
  | 'break'
  | 'continue'
  | 'dot'
  | 'define'
  | 'else'
  | 'end'
  | 'if'
  | 'nil'
  | 'range'
  | 'template'
  | 'with';

export interface Item {
  typ: ItemType;
  pos: number;
  val: string;
  line: number;
}

const KEYWORDS: Readonly<Record<string, ItemType>> = {
  '.': 'dot',
  block: 'block',
  break: 'break',
  continue: 'continue',
  define: 'define',
  else: 'else',
  end: 'end',
  if: 'if',
  range: 'range',
  nil: 'nil',
  template: 'template',
  with: 'with',
};

export function isKeyword(t: ItemType): boolean {
  return Object.values(KEYWORDS).includes(t);
}

/** item.String(): how the parser names a token in `unexpected %s in %s`. */
export function itemString(i: Item): string {
  if (i.typ === 'eof') return 'EOF';
  if (i.typ === 'error') return i.val;
  if (isKeyword(i.typ)) return `<${i.val}>`;
  const runes = [...i.val];
  if (runes.length > 10) return `${goQuote(runes.slice(0, 10).join(''))}...`;
  return goQuote(i.val);
}

export { goQuote, isPrintRune };

/** fmt's %#U: `U+0041 'A'`, the character only when printable. */
export function formatU(c: number, sharp = true): string {
  const hex = `U+${c.toString(16).toUpperCase().padStart(4, '0')}`;
  return sharp && isPrintRune(c) ? `${hex} '${String.fromCodePoint(c)}'` : hex;
}

const SPACE_CHARS = ' \t\r\n';
const EOF = '';

function isSpace(r: string): boolean {
  return r !== EOF && SPACE_CHARS.includes(r);
}

function isAlphaNumeric(r: string): boolean {
  return r === '_' || /^[\p{L}\p{Nd}]$/u.test(r);
}

function hasLeftTrimMarker(s: string): boolean {
  return s.length >= 2 && s[0] === '-' && isSpace(s[1]!);
}

function hasRightTrimMarker(s: string): boolean {
  return s.length >= 2 && isSpace(s[0]!) && s[1] === '-';
}

function trimRightLength(s: string): number {
  let n = 0;
  while (n < s.length && SPACE_CHARS.includes(s[s.length - 1 - n]!)) n++;
  return n;
}

function trimLeftLength(s: string): number {
  let n = 0;
  while (n < s.length && SPACE_CHARS.includes(s[n]!)) n++;
  return n;
}

type StateFn = ((l: Lexer) => StateFn) | null;

const LEFT = '{{';
const RIGHT = '}}';
const TRIM_LEN = 2;

/** Positions are UTF-16 indices into the template; error locations convert them to bytes. */
export class Lexer {
  pos = 0;
  start = 0;
  atEOF = false;
  parenDepth = 0;
  line = 1;
  startLine = 1;
  item: Item = { typ: 'eof', pos: 0, val: 'EOF', line: 1 };
  insideAction = false;
  breakOK = true;
  continueOK = true;

  constructor(public input: string) {}

  next(): string {
    if (this.pos >= this.input.length) {
      this.atEOF = true;
      return EOF;
    }
    const cp = this.input.codePointAt(this.pos)!;
    const r = String.fromCodePoint(cp);
    this.pos += r.length;
    if (r === '\n') this.line++;
    return r;
  }

  peek(): string {
    const r = this.next();
    this.backup();
    return r;
  }

  backup(): void {
    if (!this.atEOF && this.pos > 0) {
      const prev = this.input.codePointAt(this.pos - 1)!;
      const w = prev >= 0xdc00 && prev <= 0xdfff && this.pos >= 2 ? 2 : 1;
      this.pos -= w;
      if (this.input[this.pos] === '\n') this.line--;
    }
  }

  thisItem(typ: ItemType): Item {
    const i = { typ, pos: this.start, val: this.input.slice(this.start, this.pos), line: this.startLine };
    this.start = this.pos;
    this.startLine = this.line;
    return i;
  }

  emit(typ: ItemType): StateFn {
    this.item = this.thisItem(typ);
    return null;
  }

  emitItem(i: Item): StateFn {
    this.item = i;
    return null;
  }

  ignore(): void {
    this.line += count(this.input.slice(this.start, this.pos), '\n');
    this.start = this.pos;
    this.startLine = this.line;
  }

  accept(valid: string): boolean {
    const r = this.next();
    if (r !== EOF && valid.includes(r)) return true;
    this.backup();
    return false;
  }

  acceptRun(valid: string): void {
    for (;;) {
      const r = this.next();
      if (r === EOF || !valid.includes(r)) break;
    }
    this.backup();
  }

  errorf(msg: string): StateFn {
    this.item = { typ: 'error', pos: this.start, val: msg, line: this.startLine };
    this.start = 0;
    this.pos = 0;
    this.input = '';
    return null;
  }

  nextItem(): Item {
    this.item = { typ: 'eof', pos: this.pos, val: 'EOF', line: this.startLine };
    let state: StateFn = this.insideAction ? lexInsideAction : lexText;
    while (state) state = state(this);
    return this.item;
  }

  atRightDelim(): { delim: boolean; trim: boolean } {
    const rest = this.input.slice(this.pos);
    if (hasRightTrimMarker(rest) && rest.slice(TRIM_LEN).startsWith(RIGHT)) return { delim: true, trim: true };
    if (rest.startsWith(RIGHT)) return { delim: true, trim: false };
    return { delim: false, trim: false };
  }

  atTerminator(): boolean {
    const r = this.peek();
    if (isSpace(r)) return true;
    if (r === EOF || '.,|:)('.includes(r)) return true;
    return this.input.slice(this.pos).startsWith(RIGHT);
  }
}

function count(s: string, sub: string): number {
  return s.split(sub).length - 1;
}

function lexText(l: Lexer): StateFn {
  const x = l.input.indexOf(LEFT, l.pos);
  if (x >= 0) {
    if (x > l.pos) {
      l.pos = x;
      let trim = 0;
      if (hasLeftTrimMarker(l.input.slice(l.pos + LEFT.length))) trim = trimRightLength(l.input.slice(l.start, l.pos));
      l.pos -= trim;
      l.line += count(l.input.slice(l.start, l.pos), '\n');
      const i = l.thisItem('text');
      l.pos += trim;
      l.ignore();
      if (i.val.length > 0) return l.emitItem(i);
    }
    return lexLeftDelim;
  }
  l.pos = l.input.length;
  if (l.pos > l.start) {
    l.line += count(l.input.slice(l.start, l.pos), '\n');
    return l.emit('text');
  }
  return l.emit('eof');
}

function lexLeftDelim(l: Lexer): StateFn {
  l.pos += LEFT.length;
  const trim = hasLeftTrimMarker(l.input.slice(l.pos));
  const after = trim ? TRIM_LEN : 0;
  if (l.input.slice(l.pos + after).startsWith('/*')) {
    l.pos += after;
    l.ignore();
    return lexComment;
  }
  const i = l.thisItem('leftDelim');
  l.insideAction = true;
  l.pos += after;
  l.ignore();
  l.parenDepth = 0;
  return l.emitItem(i);
}

function lexComment(l: Lexer): StateFn {
  l.pos += 2;
  const x = l.input.indexOf('*/', l.pos);
  if (x < 0) return l.errorf('unclosed comment');
  l.pos = x + 2;
  const { delim, trim } = l.atRightDelim();
  if (!delim) return l.errorf('comment ends before closing delimiter');
  l.line += count(l.input.slice(l.start, l.pos), '\n');
  l.thisItem('text');
  if (trim) l.pos += TRIM_LEN;
  l.pos += RIGHT.length;
  if (trim) l.pos += trimLeftLength(l.input.slice(l.pos));
  l.ignore();
  return lexText;
}

function lexRightDelim(l: Lexer): StateFn {
  const { trim } = l.atRightDelim();
  if (trim) {
    l.pos += TRIM_LEN;
    l.ignore();
  }
  l.pos += RIGHT.length;
  const i = l.thisItem('rightDelim');
  if (trim) {
    l.pos += trimLeftLength(l.input.slice(l.pos));
    l.ignore();
  }
  l.insideAction = false;
  return l.emitItem(i);
}

function lexInsideAction(l: Lexer): StateFn {
  if (l.atRightDelim().delim) {
    if (l.parenDepth === 0) return lexRightDelim;
    return l.errorf('unclosed left paren');
  }
  const r = l.next();
  if (r === EOF) return l.errorf('unclosed action');
  if (isSpace(r)) {
    l.backup(); // the space may start a ` -}}`
    return lexSpace;
  }
  switch (r) {
    case '=':
      return l.emit('assign');
    case ':':
      if (l.next() !== '=') return l.errorf('expected :=');
      return l.emit('declare');
    case '|':
      return l.emit('pipe');
    case '"':
      return lexQuote;
    case '`':
      return lexRawQuote;
    case '$':
      return lexVariable;
    case "'":
      return lexChar;
    case '(':
      l.parenDepth++;
      return l.emit('leftParen');
    case ')':
      l.parenDepth--;
      if (l.parenDepth < 0) return l.errorf('unexpected right paren');
      return l.emit('rightParen');
  }
  if (r === '.') {
    const c = l.input[l.pos];
    if (l.pos < l.input.length && (c! < '0' || c! > '9')) return lexField;
  }
  if (r === '.' || r === '+' || r === '-' || (r >= '0' && r <= '9')) {
    l.backup();
    return lexNumber;
  }
  if (isAlphaNumeric(r)) {
    l.backup();
    return lexIdentifier;
  }
  const cp = r.codePointAt(0)!;
  if (cp <= 0x7f && cp >= 0x20 && cp !== 0x7f) return l.emit('char');
  return l.errorf(`unrecognized character in action: ${formatU(cp)}`);
}

function lexSpace(l: Lexer): StateFn {
  let n = 0;
  while (isSpace(l.peek())) {
    l.next();
    n++;
  }
  // A ` -}}` starts with a space: leave it to the delimiter.
  if (hasRightTrimMarker(l.input.slice(l.pos - 1)) && l.input.slice(l.pos - 1 + TRIM_LEN).startsWith(RIGHT)) {
    l.backup();
    if (n === 1) return lexRightDelim;
  }
  return l.emit('space');
}

function lexIdentifier(l: Lexer): StateFn {
  for (;;) {
    const r = l.next();
    if (isAlphaNumeric(r)) continue;
    l.backup();
    const word = l.input.slice(l.start, l.pos);
    if (!l.atTerminator()) return l.errorf(`bad character ${formatU(r.codePointAt(0) ?? 0)}`);
    const kw = Object.hasOwn(KEYWORDS, word) ? KEYWORDS[word] : undefined;
    if (kw !== undefined && word !== '.') {
      if ((kw === 'break' && !l.breakOK) || (kw === 'continue' && !l.continueOK)) return l.emit('identifier');
      return l.emit(kw);
    }
    if (word[0] === '.') return l.emit('field');
    if (word === 'true' || word === 'false') return l.emit('bool');
    return l.emit('identifier');
  }
}

function lexField(l: Lexer): StateFn {
  return lexFieldOrVariable(l, 'field');
}

function lexVariable(l: Lexer): StateFn {
  if (l.atTerminator()) return l.emit('variable');
  return lexFieldOrVariable(l, 'variable');
}

function lexFieldOrVariable(l: Lexer, typ: 'field' | 'variable'): StateFn {
  if (l.atTerminator()) return l.emit(typ === 'variable' ? 'variable' : 'dot');
  let r: string;
  for (;;) {
    r = l.next();
    if (!isAlphaNumeric(r)) {
      l.backup();
      break;
    }
  }
  if (!l.atTerminator()) return l.errorf(`bad character ${formatU(r.codePointAt(0) ?? 0)}`);
  return l.emit(typ);
}

function lexChar(l: Lexer): StateFn {
  for (;;) {
    const r = l.next();
    if (r === '\\') {
      const n = l.next();
      if (n !== EOF && n !== '\n') continue;
      return l.errorf('unterminated character constant');
    }
    if (r === EOF || r === '\n') return l.errorf('unterminated character constant');
    if (r === "'") break;
  }
  return l.emit('charConstant');
}

function lexNumber(l: Lexer): StateFn {
  if (!scanNumber(l)) return l.errorf(`bad number syntax: ${goQuote(l.input.slice(l.start, l.pos))}`);
  const sign = l.peek();
  if (sign === '+' || sign === '-') {
    if (!scanNumber(l) || l.input[l.pos - 1] !== 'i') return l.errorf(`bad number syntax: ${goQuote(l.input.slice(l.start, l.pos))}`);
    return l.emit('complex');
  }
  return l.emit('number');
}

function scanNumber(l: Lexer): boolean {
  l.accept('+-');
  let digits = '0123456789_';
  if (l.accept('0')) {
    if (l.accept('xX')) digits = '0123456789abcdefABCDEF_';
    else if (l.accept('oO')) digits = '01234567_';
    else if (l.accept('bB')) digits = '01_';
  }
  l.acceptRun(digits);
  if (l.accept('.')) l.acceptRun(digits);
  if (digits.length === 11 && l.accept('eE')) {
    l.accept('+-');
    l.acceptRun('0123456789_');
  }
  if (digits.length === 23 && l.accept('pP')) {
    l.accept('+-');
    l.acceptRun('0123456789_');
  }
  l.accept('i');
  if (isAlphaNumeric(l.peek())) {
    l.next();
    return false;
  }
  return true;
}

function lexQuote(l: Lexer): StateFn {
  for (;;) {
    const r = l.next();
    if (r === '\\') {
      const n = l.next();
      if (n !== EOF && n !== '\n') continue;
      return l.errorf('unterminated quoted string');
    }
    if (r === EOF || r === '\n') return l.errorf('unterminated quoted string');
    if (r === '"') break;
  }
  return l.emit('string');
}

function lexRawQuote(l: Lexer): StateFn {
  for (;;) {
    const r = l.next();
    if (r === EOF) return l.errorf('unterminated raw quoted string');
    if (r === '`') break;
  }
  return l.emit('rawString');
}
