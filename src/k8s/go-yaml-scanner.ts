/**
 * go-yaml v2's scanner (scannerc.go, itself libyaml's scanner.c), ported far enough to find the
 * first syntax error exactly where go-yaml finds it: the same tokens, simple-key bookkeeping,
 * indentation stack and marks, but no scalar values (a syntax error never depends on one). Only
 * anchors, aliases and tag handles keep their text, which the parser needs.
 *
 * The input is a string of code points; a mark's index and column count characters, as go-yaml's
 * do (its skip() advances index and column by one per character, whatever its width). This file
 * is long because it is one state machine, kept in upstream's order so it can be read beside
 * scannerc.go.
 */

export interface Mark {
  index: number;
  line: number;
  column: number;
}

export const enum T {
  StreamStart,
  StreamEnd,
  VersionDirective,
  TagDirective,
  DocumentStart,
  DocumentEnd,
  BlockSequenceStart,
  BlockMappingStart,
  BlockEnd,
  FlowSequenceStart,
  FlowSequenceEnd,
  FlowMappingStart,
  FlowMappingEnd,
  BlockEntry,
  FlowEntry,
  Key,
  Value,
  Alias,
  Anchor,
  Tag,
  Scalar,
}

export interface Token {
  typ: T;
  start: Mark;
  end: Mark;
  /** Anchor or alias name, tag handle, %TAG handle. */
  value?: string;
  /** A tag's suffix, a %TAG directive's prefix. */
  suffix?: string;
  /** A scalar written without quotes or block indicator. */
  plain?: boolean;
  major?: number;
  minor?: number;
}

interface SimpleKey {
  possible: boolean;
  required: boolean;
  tokenNumber: number;
  mark: Mark;
}

export type ErrorKind = 'reader' | 'scanner' | 'parser';

/** The fields of yaml_parser_t that (*parser).fail reads. */
export interface YamlFailure {
  kind: ErrorKind;
  problem: string;
  problemMark: Mark;
  contextMark: Mark;
}

export class Failed extends Error {
  constructor(readonly failure: YamlFailure) {
    super(failure.problem);
  }
}

const ZERO: Mark = { index: 0, line: 0, column: 0 };
const MAX_FLOW_LEVEL = 10000;
const MAX_INDENTS = 10000;

const isAlpha = (c: number): boolean => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f || c === 0x2d;
const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
const isHex = (c: number): boolean => isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
const asHex = (c: number): number => (c >= 0x61 ? c - 0x61 + 10 : c >= 0x41 ? c - 0x41 + 10 : c - 0x30);
const isBlank = (c: number): boolean => c === 0x20 || c === 0x09;
const isBreak = (c: number): boolean => c === 0x0d || c === 0x0a || c === 0x85 || c === 0x2028 || c === 0x2029;
const isBreakZ = (c: number): boolean => isBreak(c) || c === 0;
const isBlankZ = (c: number): boolean => isBlank(c) || isBreakZ(c);
const ch = (s: string): number => s.charCodeAt(0);

/** The characters go-yaml's reader refuses (yaml_parser_update_buffer): `control characters are not allowed`. */
export function allowedCharacter(c: number): boolean {
  return c === 0x09 || c === 0x0a || c === 0x0d || (c >= 0x20 && c <= 0x7e) || c === 0x85 || (c >= 0xa0 && c <= 0xd7ff) || (c >= 0xe000 && c <= 0xfffd) || (c >= 0x10000 && c <= 0x10ffff);
}

export class Scanner {
  private readonly b: number[];
  private pos = 0;
  mark: Mark = { ...ZERO };
  private tokens: Token[] = [];
  private head = 0;
  private parsed = 0;
  private available = false;
  private streamStartProduced = false;
  streamEndProduced = false;
  private indent = -1;
  private indents: number[] = [];
  private simpleKeyAllowed = false;
  private simpleKeys: SimpleKey[] = [];
  private simpleKeysByTok = new Map<number, number>();
  private flowLevel = 0;

  /** `text` without its byte-order mark, which the reader consumes while choosing the encoding. */
  constructor(text: string) {
    this.b = Array.from(text, (c) => c.codePointAt(0)!);
    // Lookahead reads up to four characters past the position; go-yaml's buffer ends in NULs.
    this.b.push(0, 0, 0, 0, 0);
  }

  private at(k = 0): number {
    return this.b[this.pos + k]!;
  }

  private fail(contextMark: Mark, problem: string): never {
    throw new Failed({ kind: 'scanner', problem, problemMark: { ...this.mark }, contextMark });
  }

  // --- the token queue (peek_token / skip_token) -------------------------------------------

  peek(): Token {
    if (!this.available) this.fetchMoreTokens();
    return this.tokens[this.head]!;
  }

  skipToken(): void {
    this.available = false;
    this.parsed++;
    this.streamEndProduced = this.tokens[this.head]!.typ === T.StreamEnd;
    this.head++;
  }

  private insert(pos: number, token: Token): void {
    if (pos < 0) this.tokens.push(token);
    else this.tokens.splice(this.head + pos, 0, token);
  }

  private fetchMoreTokens(): void {
    for (;;) {
      if (this.head !== this.tokens.length) {
        const idx = this.simpleKeysByTok.get(this.parsed);
        if (idx === undefined || !this.simpleKeyIsValid(this.simpleKeys[idx]!)) break;
      }
      this.fetchNextToken();
    }
    this.available = true;
  }

  // --- moving through the input -------------------------------------------------------------

  private skip(): void {
    this.mark.index++;
    this.mark.column++;
    this.pos++;
  }

  private skipLine(): void {
    if (this.at() === 0x0d && this.at(1) === 0x0a) {
      this.mark.index += 2;
      this.mark.column = 0;
      this.mark.line++;
      this.pos += 2;
    } else if (isBreak(this.at())) {
      this.mark.index++;
      this.mark.column = 0;
      this.mark.line++;
      this.pos++;
    }
  }

  /** read_line: a break, CR LF counting as one. */
  private readLine(): void {
    if (this.at() === 0x0d && this.at(1) === 0x0a) {
      this.pos += 2;
      this.mark.index++;
    } else if (isBreak(this.at())) {
      this.pos++;
    } else return;
    this.mark.index++;
    this.mark.column = 0;
    this.mark.line++;
  }

  private readChars(): string {
    return String.fromCodePoint(this.b[this.pos]!);
  }

  // --- fetching one token -------------------------------------------------------------------

  private fetchNextToken(): void {
    if (!this.streamStartProduced) {
      this.indent = -1;
      this.simpleKeys.push({ possible: false, required: false, tokenNumber: 0, mark: { ...ZERO } });
      this.simpleKeyAllowed = true;
      this.streamStartProduced = true;
      this.insert(-1, { typ: T.StreamStart, start: { ...this.mark }, end: { ...this.mark } });
      return;
    }
    this.scanToNextToken();
    this.unrollIndent(this.mark.column);
    const c = this.at();
    if (c === 0) return this.fetchStreamEnd();
    if (this.mark.column === 0 && c === ch('%')) return this.fetchDirective();
    if (this.mark.column === 0 && c === ch('-') && this.at(1) === ch('-') && this.at(2) === ch('-') && isBlankZ(this.at(3))) return this.fetchDocumentIndicator(T.DocumentStart);
    if (this.mark.column === 0 && c === ch('.') && this.at(1) === ch('.') && this.at(2) === ch('.') && isBlankZ(this.at(3))) return this.fetchDocumentIndicator(T.DocumentEnd);
    if (c === ch('[')) return this.fetchFlowCollectionStart(T.FlowSequenceStart);
    if (c === ch('{')) return this.fetchFlowCollectionStart(T.FlowMappingStart);
    if (c === ch(']')) return this.fetchFlowCollectionEnd(T.FlowSequenceEnd);
    if (c === ch('}')) return this.fetchFlowCollectionEnd(T.FlowMappingEnd);
    if (c === ch(',')) return this.fetchFlowEntry();
    if (c === ch('-') && isBlankZ(this.at(1))) return this.fetchBlockEntry();
    if (c === ch('?') && (this.flowLevel > 0 || isBlankZ(this.at(1)))) return this.fetchKey();
    if (c === ch(':') && (this.flowLevel > 0 || isBlankZ(this.at(1)))) return this.fetchValue();
    if (c === ch('*')) return this.fetchAnchor(T.Alias);
    if (c === ch('&')) return this.fetchAnchor(T.Anchor);
    if (c === ch('!')) return this.fetchTag();
    if ((c === ch('|') || c === ch('>')) && this.flowLevel === 0) return this.fetchBlockScalar();
    if (c === ch("'")) return this.fetchFlowScalar(true);
    if (c === ch('"')) return this.fetchFlowScalar(false);
    const n = this.at(1);
    if (!(isBlankZ(c) || '-?:,[]{}#&*!|>\'"%@`'.includes(String.fromCodePoint(c))) || (c === ch('-') && !isBlank(n)) || (this.flowLevel === 0 && (c === ch('?') || c === ch(':')) && !isBlankZ(n))) {
      return this.fetchPlainScalar();
    }
    this.fail({ ...this.mark }, 'found character that cannot start any token');
  }

  private simpleKeyIsValid(key: SimpleKey): boolean {
    if (!key.possible) return false;
    // A simple key is at most one line and 1024 characters long.
    if (key.mark.line < this.mark.line || key.mark.index + 1024 < this.mark.index) {
      if (key.required) this.fail(key.mark, "could not find expected ':'");
      key.possible = false;
      return false;
    }
    return true;
  }

  private saveSimpleKey(): void {
    const required = this.flowLevel === 0 && this.indent === this.mark.column;
    if (!this.simpleKeyAllowed) return;
    const key: SimpleKey = { possible: true, required, tokenNumber: this.parsed + (this.tokens.length - this.head), mark: { ...this.mark } };
    this.removeSimpleKey();
    this.simpleKeys[this.simpleKeys.length - 1] = key;
    this.simpleKeysByTok.set(key.tokenNumber, this.simpleKeys.length - 1);
  }

  private removeSimpleKey(): void {
    const key = this.simpleKeys[this.simpleKeys.length - 1]!;
    if (key.possible) {
      if (key.required) this.fail(key.mark, "could not find expected ':'");
      key.possible = false;
      this.simpleKeysByTok.delete(key.tokenNumber);
    }
  }

  private increaseFlowLevel(): void {
    this.simpleKeys.push({ possible: false, required: false, tokenNumber: this.parsed + (this.tokens.length - this.head), mark: { ...this.mark } });
    this.flowLevel++;
    if (this.flowLevel > MAX_FLOW_LEVEL) this.fail(this.simpleKeys[this.simpleKeys.length - 1]!.mark, `exceeded max depth of ${MAX_FLOW_LEVEL}`);
  }

  private decreaseFlowLevel(): void {
    if (this.flowLevel > 0) {
      this.flowLevel--;
      const last = this.simpleKeys.pop()!;
      this.simpleKeysByTok.delete(last.tokenNumber);
    }
  }

  private rollIndent(column: number, number: number, typ: T, mark: Mark): void {
    if (this.flowLevel > 0) return;
    if (this.indent < column) {
      this.indents.push(this.indent);
      this.indent = column;
      if (this.indents.length > MAX_INDENTS) this.fail(this.simpleKeys[this.simpleKeys.length - 1]!.mark, `exceeded max depth of ${MAX_INDENTS}`);
      this.insert(number > -1 ? number - this.parsed : -1, { typ, start: { ...mark }, end: { ...mark } });
    }
  }

  private unrollIndent(column: number): void {
    if (this.flowLevel > 0) return;
    while (this.indent > column) {
      this.insert(-1, { typ: T.BlockEnd, start: { ...this.mark }, end: { ...this.mark } });
      this.indent = this.indents.pop()!;
    }
  }

  private simple(typ: T, fields: Partial<Token> = {}): void {
    const start = { ...this.mark };
    this.skip();
    this.insert(-1, { typ, start, end: { ...this.mark }, ...fields });
  }

  private fetchStreamEnd(): void {
    if (this.mark.column !== 0) {
      this.mark.column = 0;
      this.mark.line++;
    }
    this.unrollIndent(-1);
    this.removeSimpleKey();
    this.simpleKeyAllowed = false;
    this.insert(-1, { typ: T.StreamEnd, start: { ...this.mark }, end: { ...this.mark } });
  }

  private fetchDirective(): void {
    this.unrollIndent(-1);
    this.removeSimpleKey();
    this.simpleKeyAllowed = false;
    this.insert(-1, this.scanDirective());
  }

  private fetchDocumentIndicator(typ: T): void {
    this.unrollIndent(-1);
    this.removeSimpleKey();
    this.simpleKeyAllowed = false;
    const start = { ...this.mark };
    this.skip();
    this.skip();
    this.skip();
    this.insert(-1, { typ, start, end: { ...this.mark } });
  }

  private fetchFlowCollectionStart(typ: T): void {
    this.saveSimpleKey();
    this.increaseFlowLevel();
    this.simpleKeyAllowed = true;
    this.simple(typ);
  }

  private fetchFlowCollectionEnd(typ: T): void {
    this.removeSimpleKey();
    this.decreaseFlowLevel();
    this.simpleKeyAllowed = false;
    this.simple(typ);
  }

  private fetchFlowEntry(): void {
    this.removeSimpleKey();
    this.simpleKeyAllowed = true;
    this.simple(T.FlowEntry);
  }

  private fetchBlockEntry(): void {
    if (this.flowLevel === 0) {
      if (!this.simpleKeyAllowed) this.fail({ ...this.mark }, 'block sequence entries are not allowed in this context');
      this.rollIndent(this.mark.column, -1, T.BlockSequenceStart, this.mark);
    }
    this.removeSimpleKey();
    this.simpleKeyAllowed = true;
    this.simple(T.BlockEntry);
  }

  private fetchKey(): void {
    if (this.flowLevel === 0) {
      if (!this.simpleKeyAllowed) this.fail({ ...this.mark }, 'mapping keys are not allowed in this context');
      this.rollIndent(this.mark.column, -1, T.BlockMappingStart, this.mark);
    }
    this.removeSimpleKey();
    this.simpleKeyAllowed = this.flowLevel === 0;
    this.simple(T.Key);
  }

  private fetchValue(): void {
    const key = this.simpleKeys[this.simpleKeys.length - 1]!;
    if (this.simpleKeyIsValid(key)) {
      this.insert(key.tokenNumber - this.parsed, { typ: T.Key, start: { ...key.mark }, end: { ...key.mark } });
      this.rollIndent(key.mark.column, key.tokenNumber, T.BlockMappingStart, key.mark);
      key.possible = false;
      this.simpleKeysByTok.delete(key.tokenNumber);
      this.simpleKeyAllowed = false;
    } else {
      if (this.flowLevel === 0) {
        if (!this.simpleKeyAllowed) this.fail({ ...this.mark }, 'mapping values are not allowed in this context');
        this.rollIndent(this.mark.column, -1, T.BlockMappingStart, this.mark);
      }
      this.simpleKeyAllowed = this.flowLevel === 0;
    }
    this.simple(T.Value);
  }

  private fetchAnchor(typ: T): void {
    this.saveSimpleKey();
    this.simpleKeyAllowed = false;
    this.insert(-1, this.scanAnchor(typ));
  }

  private fetchTag(): void {
    this.saveSimpleKey();
    this.simpleKeyAllowed = false;
    this.insert(-1, this.scanTag());
  }

  private fetchBlockScalar(): void {
    this.removeSimpleKey();
    this.simpleKeyAllowed = true;
    this.insert(-1, this.scanBlockScalar());
  }

  private fetchFlowScalar(single: boolean): void {
    this.saveSimpleKey();
    this.simpleKeyAllowed = false;
    this.insert(-1, this.scanFlowScalar(single));
  }

  private fetchPlainScalar(): void {
    this.saveSimpleKey();
    this.simpleKeyAllowed = false;
    this.insert(-1, this.scanPlainScalar());
  }

  private scanToNextToken(): void {
    for (;;) {
      // A byte-order mark at the start of a line. go-yaml's is_bom looks at its buffer's first
      // bytes rather than at the position; the reader has already dropped a leading BOM, so this
      // only differs for a BOM in the middle of a file (inferred, not recorded).
      if (this.mark.column === 0 && this.at() === 0xfeff) this.skip();
      while (this.at() === 0x20 || ((this.flowLevel > 0 || !this.simpleKeyAllowed) && this.at() === 0x09)) this.skip();
      if (this.at() === ch('#')) while (!isBreakZ(this.at())) this.skip();
      if (!isBreak(this.at())) return;
      this.skipLine();
      if (this.flowLevel === 0) this.simpleKeyAllowed = true;
    }
  }

  // --- directives, anchors, tags ----------------------------------------------------------

  private scanDirective(): Token {
    const start = { ...this.mark };
    this.skip();
    const name = this.scanDirectiveName(start);
    let token: Token;
    if (name === 'YAML') {
      const major = this.scanVersionPart(start, true);
      if (this.at() !== ch('.')) this.fail(start, "did not find expected digit or '.' character");
      this.skip();
      const minor = this.scanVersionPart(start, false);
      token = { typ: T.VersionDirective, start, end: { ...this.mark }, major, minor };
    } else if (name === 'TAG') {
      while (isBlank(this.at())) this.skip();
      const handle = this.scanTagHandle(true, start);
      if (!isBlank(this.at())) this.fail(start, 'did not find expected whitespace');
      while (isBlank(this.at())) this.skip();
      const prefix = this.scanTagUri(true, '', start);
      if (!isBlankZ(this.at())) this.fail(start, 'did not find expected whitespace or line break');
      token = { typ: T.TagDirective, start, end: { ...this.mark }, value: handle, suffix: prefix };
    } else {
      this.fail(start, 'found unknown directive name');
    }
    while (isBlank(this.at())) this.skip();
    if (this.at() === ch('#')) while (!isBreakZ(this.at())) this.skip();
    if (!isBreakZ(this.at())) this.fail(start, 'did not find expected comment or line break');
    if (isBreak(this.at())) this.skipLine();
    return token;
  }

  private scanDirectiveName(start: Mark): string {
    let s = '';
    while (isAlpha(this.at())) {
      s += this.readChars();
      this.skip();
    }
    if (!s) this.fail(start, 'could not find expected directive name');
    if (!isBlankZ(this.at())) this.fail(start, 'found unexpected non-alphabetical character');
    return s;
  }

  private scanVersionPart(start: Mark, leadingBlanks: boolean): number {
    if (leadingBlanks) while (isBlank(this.at())) this.skip();
    let value = 0;
    let length = 0;
    while (isDigit(this.at())) {
      length++;
      if (length > 2) this.fail(start, 'found extremely long version number');
      value = value * 10 + (this.at() - 0x30);
      this.skip();
    }
    if (length === 0) this.fail(start, 'did not find expected version number');
    return value;
  }

  private scanAnchor(typ: T): Token {
    const start = { ...this.mark };
    this.skip();
    let s = '';
    while (isAlpha(this.at())) {
      s += this.readChars();
      this.skip();
    }
    const end = { ...this.mark };
    const c = this.at();
    if (!s || !(isBlankZ(c) || '?:,]}%@`'.includes(String.fromCodePoint(c)))) {
      this.fail(start, 'did not find expected alphabetic or numeric character');
    }
    return { typ, start, end, value: s };
  }

  private scanTag(): Token {
    const start = { ...this.mark };
    let handle = '';
    let suffix: string;
    if (this.at(1) === ch('<')) {
      this.skip();
      this.skip();
      suffix = this.scanTagUri(false, '', start);
      if (this.at() !== ch('>')) this.fail(start, "did not find the expected '>'");
      this.skip();
    } else {
      handle = this.scanTagHandle(false, start);
      if (handle.length > 1 && handle.startsWith('!') && handle.endsWith('!')) {
        suffix = this.scanTagUri(false, '', start);
      } else {
        suffix = this.scanTagUri(false, handle, start);
        handle = '!';
        if (!suffix) [handle, suffix] = [suffix, handle];
      }
    }
    if (!isBlankZ(this.at())) this.fail(start, 'did not find expected whitespace or line break');
    return { typ: T.Tag, start, end: { ...this.mark }, value: handle, suffix };
  }

  private scanTagHandle(directive: boolean, start: Mark): string {
    if (this.at() !== ch('!')) this.fail(start, "did not find expected '!'");
    let s = '!';
    this.skip();
    while (isAlpha(this.at())) {
      s += this.readChars();
      this.skip();
    }
    if (this.at() === ch('!')) {
      s += '!';
      this.skip();
    } else if (directive && s !== '!') {
      this.fail(start, "did not find expected '!'");
    }
    return s;
  }

  private scanTagUri(directive: boolean, head: string, start: Mark): string {
    let s = head.length > 1 ? head.slice(1) : '';
    let hasTag = head.length > 0;
    while (isAlpha(this.at()) || ";/?:@&=+$,.!~*'()[]%".includes(String.fromCodePoint(this.at())) && this.at() !== 0) {
      if (this.at() === ch('%')) s += this.scanUriEscapes(directive, start);
      else {
        s += this.readChars();
        this.skip();
      }
      hasTag = true;
    }
    if (!hasTag) this.fail(start, 'did not find expected tag URI');
    return s;
  }

  /** The escapes as written: only their validity matters here, not the bytes they spell. */
  private scanUriEscapes(_directive: boolean, start: Mark): string {
    let w = 1024;
    let s = '';
    while (w > 0) {
      if (!(this.at() === ch('%') && isHex(this.at(1)) && isHex(this.at(2)))) this.fail(start, 'did not find URI escaped octet');
      const octet = (asHex(this.at(1)) << 4) + asHex(this.at(2));
      if (w === 1024) {
        w = (octet & 0x80) === 0 ? 1 : (octet & 0xe0) === 0xc0 ? 2 : (octet & 0xf0) === 0xe0 ? 3 : (octet & 0xf8) === 0xf0 ? 4 : 0;
        if (w === 0) this.fail(start, 'found an incorrect leading UTF-8 octet');
      } else if ((octet & 0xc0) !== 0x80) {
        this.fail(start, 'found an incorrect trailing UTF-8 octet');
      }
      s += `%${String.fromCodePoint(this.at(1), this.at(2))}`;
      this.skip();
      this.skip();
      this.skip();
      w--;
    }
    return s;
  }

  // --- scalars ------------------------------------------------------------------------------

  /** A literal (`|`) or folded (`>`) scalar: they differ only in the value, which is not kept. */
  private scanBlockScalar(): Token {
    const start = { ...this.mark };
    this.skip();
    let increment = 0;
    const indicatorZero = (): void => this.fail(start, 'found an indentation indicator equal to 0');
    if (this.at() === ch('+') || this.at() === ch('-')) {
      this.skip();
      if (isDigit(this.at())) {
        if (this.at() === ch('0')) indicatorZero();
        increment = this.at() - 0x30;
        this.skip();
      }
    } else if (isDigit(this.at())) {
      if (this.at() === ch('0')) indicatorZero();
      increment = this.at() - 0x30;
      this.skip();
      if (this.at() === ch('+') || this.at() === ch('-')) this.skip();
    }
    while (isBlank(this.at())) this.skip();
    if (this.at() === ch('#')) while (!isBreakZ(this.at())) this.skip();
    if (!isBreakZ(this.at())) this.fail(start, 'did not find expected comment or line break');
    if (isBreak(this.at())) this.skipLine();
    let end = { ...this.mark };
    let indent = increment > 0 ? (this.indent >= 0 ? this.indent + increment : increment) : 0;
    const breaks = (): void => {
      end = { ...this.mark };
      let maxIndent = 0;
      for (;;) {
        while ((indent === 0 || this.mark.column < indent) && this.at() === 0x20) this.skip();
        if (this.mark.column > maxIndent) maxIndent = this.mark.column;
        if ((indent === 0 || this.mark.column < indent) && this.at() === 0x09) this.fail(start, 'found a tab character where an indentation space is expected');
        if (!isBreak(this.at())) break;
        this.readLine();
        end = { ...this.mark };
      }
      if (indent === 0) indent = Math.max(maxIndent, this.indent + 1, 1);
    };
    breaks();
    while (this.mark.column === indent && this.at() !== 0) {
      while (!isBreakZ(this.at())) this.skip();
      this.readLine();
      breaks();
    }
    return { typ: T.Scalar, start, end };
  }

  private scanFlowScalar(single: boolean): Token {
    const start = { ...this.mark };
    this.skip();
    for (;;) {
      if (this.mark.column === 0 && ((this.at() === ch('-') && this.at(1) === ch('-') && this.at(2) === ch('-')) || (this.at() === ch('.') && this.at(1) === ch('.') && this.at(2) === ch('.'))) && isBlankZ(this.at(3))) {
        this.fail(start, 'found unexpected document indicator');
      }
      if (this.at() === 0) this.fail(start, 'found unexpected end of stream');
      while (!isBlankZ(this.at())) {
        const c = this.at();
        if (single && c === ch("'") && this.at(1) === ch("'")) {
          this.skip();
          this.skip();
        } else if (single && c === ch("'")) {
          break;
        } else if (!single && c === ch('"')) {
          break;
        } else if (!single && c === ch('\\') && isBreak(this.at(1))) {
          this.skip();
          this.skipLine();
          break;
        } else if (!single && c === ch('\\')) {
          const e = String.fromCodePoint(this.at(1));
          const codeLength = e === 'x' ? 2 : e === 'u' ? 4 : e === 'U' ? 8 : 0;
          if (!codeLength && !'0abt\tnvfre "\'\\N_LP'.includes(e)) this.fail(start, 'found unknown escape character');
          this.skip();
          this.skip();
          if (codeLength) {
            let value = 0;
            for (let k = 0; k < codeLength; k++) {
              if (!isHex(this.at(k))) this.fail(start, 'did not find expected hexdecimal number');
              value = value * 16 + asHex(this.at(k));
            }
            if ((value >= 0xd800 && value <= 0xdfff) || value > 0x10ffff) this.fail(start, 'found invalid Unicode character escape code');
            for (let k = 0; k < codeLength; k++) this.skip();
          }
        } else {
          this.skip();
        }
      }
      if (this.at() === (single ? ch("'") : ch('"'))) break;
      while (isBlank(this.at()) || isBreak(this.at())) {
        if (isBlank(this.at())) this.skip();
        else this.readLine();
      }
    }
    this.skip();
    return { typ: T.Scalar, start, end: { ...this.mark } };
  }

  private scanPlainScalar(): Token {
    let leadingBlanks = false;
    const indent = this.indent + 1;
    const start = { ...this.mark };
    let end = { ...this.mark };
    for (;;) {
      if (this.mark.column === 0 && ((this.at() === ch('-') && this.at(1) === ch('-') && this.at(2) === ch('-')) || (this.at() === ch('.') && this.at(1) === ch('.') && this.at(2) === ch('.'))) && isBlankZ(this.at(3))) break;
      if (this.at() === ch('#')) break;
      while (!isBlankZ(this.at())) {
        const c = this.at();
        if ((c === ch(':') && isBlankZ(this.at(1))) || (this.flowLevel > 0 && (c === ch(',') || c === ch('?') || c === ch('[') || c === ch(']') || c === ch('{') || c === ch('}')))) break;
        leadingBlanks = false;
        this.skip();
        end = { ...this.mark };
      }
      if (!(isBlank(this.at()) || isBreak(this.at()))) break;
      while (isBlank(this.at()) || isBreak(this.at())) {
        if (isBlank(this.at())) {
          if (leadingBlanks && this.mark.column < indent && this.at() === 0x09) this.fail(start, 'found a tab character that violates indentation');
          this.skip();
        } else {
          this.readLine();
          leadingBlanks = true;
        }
      }
      if (this.flowLevel === 0 && this.mark.column < indent) break;
    }
    if (leadingBlanks) this.simpleKeyAllowed = true;
    return { typ: T.Scalar, start, end, plain: true };
  }
}
