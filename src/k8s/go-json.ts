/**
 * encoding/json's syntax check (checkValid over its scanner, encoding/json/scanner.go): the
 * first byte that cannot continue a JSON text, with the scanner's message — `invalid character
 * 'b' looking for beginning of object key string`, `unexpected end of JSON input`. json.Unmarshal
 * runs it before decoding anything, so a syntax error always wins over a type error.
 *
 * The input is a JS string: a character outside ASCII stands for its UTF-8 lead byte, which is
 * what the scanner would have quoted.
 */

import { utf8Length } from './utf8';

const WS = new Set([' ', '\t', '\n', '\r']);
/** scanner.go's maxNestingDepth. */
const MAX_NESTING = 10000;

class SyntaxFail extends Error {
  /** Where the scanner stopped: the offending character, or the end of the text. */
  constructor(message: string, readonly index: number) {
    super(message);
  }
}

/** quoteChar: the byte as strconv.Quote writes it, in single quotes. */
function quoteChar(ch: string): string {
  if (ch === "'") return `'\\''`;
  if (ch === '"') return `'"'`;
  const code = ch.codePointAt(0)!;
  // string(byte) of a UTF-8 lead byte is the Latin-1 rune of that byte.
  const byte = code < 0x80 ? code : code < 0x800 ? 0xc0 | (code >> 6) : code < 0x10000 ? 0xe0 | (code >> 12) : 0xf0 | (code >> 18);
  const named: Record<number, string> = { 7: '\\a', 8: '\\b', 9: '\\t', 10: '\\n', 11: '\\v', 12: '\\f', 13: '\\r', 92: '\\\\' };
  if (named[byte]) return `'${named[byte]}'`;
  if (byte < 0x20 || byte === 0x7f) return `'\\x${byte.toString(16).padStart(2, '0')}'`;
  if (byte >= 0x80 && (byte < 0xa0 || byte === 0xad)) return `'\\u00${byte.toString(16).padStart(2, '0')}'`;
  return `'${String.fromCharCode(byte)}'`;
}

class Scanner {
  constructor(
    private readonly s: string,
    public i = 0,
  ) {}

  private fail(context: string): never {
    if (this.i >= this.s.length) throw new SyntaxFail('unexpected end of JSON input', this.i);
    throw new SyntaxFail(`invalid character ${quoteChar(String.fromCodePoint(this.s.codePointAt(this.i)!))} ${context}`, this.i);
  }

  skipWs(): void {
    while (this.i < this.s.length && WS.has(this.s[this.i]!)) this.i++;
  }

  private peek(): string | undefined {
    return this.s[this.i];
  }

  top(): void {
    this.value();
    this.skipWs();
    if (this.i < this.s.length) this.fail('after top-level value');
  }

  /**
   * One value, objects and arrays included, without recursion (a pasted `[[[[…` must not
   * exhaust the stack): `open` is the scanner's parseState, the containers not yet closed.
   */
  value(): void {
    const open: ('{' | '[')[] = [];
    for (;;) {
      this.skipWs();
      const c = this.peek();
      if (c === '{' || c === '[') {
        // pushParseState refuses the bracket that would go past maxNestingDepth.
        if (open.length >= MAX_NESTING) this.fail('exceeded max depth');
        open.push(c);
        this.i++;
        this.skipWs();
        if (this.peek() === (c === '{' ? '}' : ']')) {
          this.i++;
          open.pop();
        } else {
          if (c === '{') this.key();
          continue;
        }
      } else this.scalar(c);
      // After a value: a comma starts the next member, a bracket closes its container.
      for (;;) {
        const top = open[open.length - 1];
        if (top === undefined) return;
        this.skipWs();
        const next = this.peek();
        if (next === ',') {
          this.i++;
          if (top === '{') this.key();
          break;
        }
        if (next !== (top === '{' ? '}' : ']')) this.fail(top === '{' ? 'after object key:value pair' : 'after array element');
        this.i++;
        open.pop();
      }
    }
  }

  private scalar(c: string | undefined): void {
    if (c === '"') return this.string();
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return this.number();
    if (c === 't') return this.literal('true');
    if (c === 'f') return this.literal('false');
    if (c === 'n') return this.literal('null');
    this.fail('looking for beginning of value');
  }

  /** An object member's key and colon, up to its value. */
  private key(): void {
    this.skipWs();
    if (this.peek() !== '"') this.fail('looking for beginning of object key string');
    this.string();
    this.skipWs();
    if (this.peek() !== ':') this.fail('after object key');
    this.i++;
  }

  private string(): void {
    this.i++;
    for (;;) {
      const c = this.peek();
      if (c === undefined) this.fail('in string literal');
      if (c === '"') {
        this.i++;
        return;
      }
      if (c === '\\') {
        this.i++;
        const e = this.peek();
        if (e !== undefined && '"\\/bfnrt'.includes(e)) this.i++;
        else if (e === 'u') {
          this.i++;
          for (let k = 0; k < 4; k++) {
            if (!/[0-9a-fA-F]/.test(this.peek() ?? '')) this.fail('in \\u hexadecimal character escape');
            this.i++;
          }
        } else this.fail('in string escape code');
        continue;
      }
      if (c < ' ') this.fail('in string literal');
      this.i += c.codePointAt(0)! > 0xffff ? 2 : 1;
    }
  }

  private digits(): number {
    const from = this.i;
    while (/[0-9]/.test(this.peek() ?? '')) this.i++;
    return this.i - from;
  }

  private number(): void {
    if (this.peek() === '-') {
      this.i++;
      if (!/[0-9]/.test(this.peek() ?? '')) this.fail('in numeric literal');
    }
    if (this.peek() === '0') this.i++;
    else this.digits();
    if (this.peek() === '.') {
      this.i++;
      if (this.digits() === 0) this.fail('after decimal point in numeric literal');
    }
    if (this.peek() === 'e' || this.peek() === 'E') {
      this.i++;
      if (this.peek() === '+' || this.peek() === '-') this.i++;
      if (this.digits() === 0) this.fail('in exponent of numeric literal');
    }
  }

  private literal(word: 'true' | 'false' | 'null'): void {
    this.i++;
    for (const expected of word.slice(1)) {
      if (this.peek() !== expected) this.fail(`in literal ${word} (expecting '${expected}')`);
      this.i++;
    }
  }
}

/** The scanner's error for `text`, or undefined when it is one valid JSON value. */
export function goJsonSyntaxError(text: string): string | undefined {
  try {
    new Scanner(text).top();
    return undefined;
  } catch (e) {
    if (e instanceof SyntaxFail) return e.message;
    throw e;
  }
}

/** What one json.Decoder.Decode call reads from a stream. */
export type JsonDecoderStep =
  /** Nothing but whitespace is left (io.EOF: the stream ends cleanly). */
  | { kind: 'eof' }
  /** One value, text[start, end): the bytes a json.RawMessage (or a RawExtension) receives. */
  | { kind: 'value'; start: number; end: number }
  /** A *json.SyntaxError; `offset` is its Offset, in UTF-8 bytes from `text`'s start. */
  | { kind: 'syntax'; index: number; offset: number; message: string }
  /** The text ends inside a value (io.ErrUnexpectedEOF: `unexpected EOF`). */
  | { kind: 'unexpectedEOF' };

/**
 * json.Decoder.Decode's reading of the next value from `from` (decoder.readValue, stream.go):
 * whitespace skipped, an object or array ends at its closing bracket, a number or literal where
 * the next character cannot continue it (that character starts the next call). The decoder's
 * scanner counts every byte since the stream began, the offending one included, which makes a
 * syntax error's Offset the UTF-8 length of text[0, index] plus one.
 */
export function jsonDecoderStep(text: string, from: number): JsonDecoderStep {
  const scanner = new Scanner(text, from);
  scanner.skipWs();
  if (scanner.i >= text.length) return { kind: 'eof' };
  const start = scanner.i;
  try {
    scanner.value();
    return { kind: 'value', start, end: scanner.i };
  } catch (e) {
    if (!(e instanceof SyntaxFail)) throw e;
    if (e.index >= text.length) return { kind: 'unexpectedEOF' };
    return { kind: 'syntax', index: e.index, offset: utf8Length(text.slice(0, e.index)) + 1, message: e.message };
  }
}

/** json.Marshal's escaping over a JSON.stringify text: `<`, `>`, `&`, U+2028 and U+2029 as \u escapes. */
export function goJsonEscape(json: string): string {
  return json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** json.Marshal of a decoded interface{}: maps (map[string]interface{}) write their keys sorted. */
export function goJsonMarshalDecoded(v: unknown): string {
  const sorted = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(sorted);
    if (x === null || typeof x !== 'object') return x;
    // fromEntries defines own properties, so a `__proto__` key stays a key.
    return Object.fromEntries(Object.keys(x).sort().map((k) => [k, sorted((x as Record<string, unknown>)[k])]));
  };
  return goJsonEscape(JSON.stringify(sorted(v)));
}

/** json.Unmarshal's first step: the value, or the syntax error encoding/json reports. */
export function parseGoJson(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  const error = goJsonSyntaxError(text);
  return error === undefined ? { ok: true, value: JSON.parse(text) as unknown } : { ok: false, error };
}

/**
 * json.Indent(dst, src, prefix "", indent): src's own tokens — strings, numbers and their escapes
 * as written, key order kept — re-spaced: leading whitespace dropped, a newline and `indent` per
 * level after `{`, `[` and `,`, `: ` after a key, `{}` and `[]` kept empty, and whitespace after
 * the value copied as it is (so a stored text's final newline survives). A syntax error is
 * encoding/json's, and nothing is written then.
 */
export function goJsonIndent(text: string, indent: string): { ok: true; text: string } | { ok: false; error: string } {
  const error = goJsonSyntaxError(text);
  if (error !== undefined) return { ok: false, error };
  let out = '';
  let depth = 0;
  let needIndent = false;
  let inString = false;
  let escaped = false;
  let ended = false;
  const newline = (): string => `\n${indent.repeat(depth)}`;
  for (const c of text) {
    if (ended) {
      out += c;
      continue;
    }
    if (inString) {
      out += c;
      if (escaped) escaped = false;
      else if (c === '\\') escaped = true;
      else if (c === '"') inString = false;
      if (!inString && depth === 0) ended = true;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      // Between tokens whitespace goes; after a top-level scalar it is the trailing space json.Indent keeps.
      if (depth === 0 && out !== '' && !needIndent) {
        ended = true;
        out += c;
      }
      continue;
    }
    if (needIndent && c !== '}' && c !== ']') {
      needIndent = false;
      depth++;
      out += newline();
    }
    switch (c) {
      case '{':
      case '[':
        needIndent = true;
        out += c;
        break;
      case ',':
        out += c + newline();
        break;
      case ':':
        out += ': ';
        break;
      case '}':
      case ']':
        if (needIndent) needIndent = false;
        else {
          depth--;
          out += newline();
        }
        out += c;
        if (depth === 0) ended = true;
        break;
      case '"':
        inString = true;
        out += c;
        break;
      default:
        out += c;
    }
  }
  return { ok: true, text: out };
}
