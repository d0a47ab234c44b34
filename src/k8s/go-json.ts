/**
 * encoding/json's syntax check (checkValid over its scanner, encoding/json/scanner.go): the
 * first byte that cannot continue a JSON text, with the scanner's message — `invalid character
 * 'b' looking for beginning of object key string`, `unexpected end of JSON input`. json.Unmarshal
 * runs it before decoding anything, so a syntax error always wins over a type error.
 *
 * The input is a JS string: a character outside ASCII stands for its UTF-8 lead byte, which is
 * what the scanner would have quoted.
 */

const WS = new Set([' ', '\t', '\n', '\r']);

class SyntaxFail extends Error {}

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
  private i = 0;
  constructor(private readonly s: string) {}

  private fail(context: string): never {
    if (this.i >= this.s.length) throw new SyntaxFail('unexpected end of JSON input');
    throw new SyntaxFail(`invalid character ${quoteChar(String.fromCodePoint(this.s.codePointAt(this.i)!))} ${context}`);
  }

  private skipWs(): void {
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

  private value(): void {
    this.skipWs();
    const c = this.peek();
    if (c === '{') return this.object();
    if (c === '[') return this.array();
    if (c === '"') return this.string();
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return this.number();
    if (c === 't') return this.literal('true');
    if (c === 'f') return this.literal('false');
    if (c === 'n') return this.literal('null');
    this.fail('looking for beginning of value');
  }

  /** An object's members or an array's elements, up to the closing bracket. */
  private members(close: '}' | ']', member: () => void, after: string): void {
    this.i++;
    this.skipWs();
    if (this.peek() === close) {
      this.i++;
      return;
    }
    for (;;) {
      member();
      this.skipWs();
      const c = this.peek();
      if (c === ',') this.i++;
      else if (c === close) {
        this.i++;
        return;
      } else this.fail(after);
    }
  }

  private object(): void {
    this.members(
      '}',
      () => {
        this.skipWs();
        if (this.peek() !== '"') this.fail('looking for beginning of object key string');
        this.string();
        this.skipWs();
        if (this.peek() !== ':') this.fail('after object key');
        this.i++;
        this.value();
      },
      'after object key:value pair',
    );
  }

  private array(): void {
    this.members(']', () => this.value(), 'after array element');
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
