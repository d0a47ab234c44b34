/**
 * jq 1.6's JSON reader (jv_parse.c), character by character as it scans, so a bad input fails
 * with its message at its line and column: `Invalid numeric literal at line 1, column 6`
 * (`Error from server …` piped into jq), `Unfinished JSON term at EOF at line 3, column 0`.
 * Values before the bad one are still delivered, as jq prints them before failing.
 */
import { JqError, type Json } from './value';

export interface Parsed {
  value: Json;
  /** jq's `(at <stdin>:N)`: the lines it had read when the value was complete. */
  line: number;
  /** Where in the text the value was complete (the character that ended it). */
  end: number;
}

export class JsonParseError extends Error {}

type Frame = { kind: 'array'; items: Json[] } | { kind: 'object'; map: Map<string, Json>; key?: string };

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

function literal(tok: string): Json | string {
  const words: Record<string, Json> = { t: true, f: false, n: null };
  const first = tok[0]!;
  if (first in words) return tok === String(words[first]) ? words[first]! : 'Invalid literal';
  if (NUMBER.test(tok)) return { v: Number(tok) }.v;
  if (/^[+-]?nan$/i.test(tok)) return NaN;
  if (/^[+-]?inf(inity)?$/i.test(tok)) return tok.startsWith('-') ? -Infinity : Infinity;
  return 'Invalid numeric literal';
}

const ESC: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

function unescape(raw: string): string {
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c !== '\\') {
      if (c < ' ') throw new JsonParseError('Invalid string: control characters from U+0000 through U+001F must be escaped');
      out += c;
      continue;
    }
    const e = raw[++i];
    if (e === 'u') {
      const h = raw.slice(i + 1, i + 5);
      if (!/^[0-9a-fA-F]{4}$/.test(h)) throw new JsonParseError('Invalid escape');
      const cu = parseInt(h, 16);
      i += 4;
      if (cu >= 0xd800 && cu < 0xdc00) {
        // A high surrogate must be followed by its low half, as one escape pair.
        const low = /^\\u([dD][c-fC-F][0-9a-fA-F]{2})/.exec(raw.slice(i + 1));
        if (!low) throw new JsonParseError('Invalid \\uXXXX\\uXXXX surrogate pair escape');
        out += String.fromCharCode(cu, parseInt(low[1]!, 16));
        i += 6;
      } else out += cu >= 0xdc00 && cu < 0xe000 ? '\ufffd' : String.fromCharCode(cu);
    } else if (e !== undefined && e in ESC) out += ESC[e];
    else throw new JsonParseError('Invalid escape');
  }
  return out;
}

/** Every value in `text`, in order; throws JsonParseError (with the values so far) at the first bad one. */
export function parseStream(text: string): { values: Parsed[]; error?: string } {
  const values: Parsed[] = [];
  const stack: Frame[] = [];
  let next: { v: Json } | undefined;
  let tok = '';
  let str: string | undefined;
  let line = 1;
  let column = 0;
  const lineAt = (i: number): number => {
    const nl = text.indexOf('\n', i);
    const upto = nl < 0 ? text : text.slice(0, nl + 1);
    return upto.split('\n').length - 1;
  };
  const value = (v: Json): void => {
    if (next) throw new JsonParseError('Expected separator between values');
    next = { v };
  };
  const flushLiteral = (): void => {
    if (tok === '') return;
    const r = literal(tok);
    tok = '';
    if (typeof r === 'string' && (r === 'Invalid literal' || r === 'Invalid numeric literal')) throw new JsonParseError(r);
    value(r);
  };
  const done = (i: number): void => {
    if (stack.length === 0 && next) {
      values.push({ value: next.v, line: lineAt(i), end: i });
      next = undefined;
    }
  };
  const token = (c: string): void => {
    const top = stack[stack.length - 1];
    switch (c) {
      case '[':
      case '{':
        if (next) throw new JsonParseError('Expected separator between values');
        stack.push(c === '[' ? { kind: 'array', items: [] } : { kind: 'object', map: new Map() });
        return;
      case ':':
        if (!top || top.kind !== 'object') throw new JsonParseError("':' not as part of an object");
        if (!next || top.key !== undefined) throw new JsonParseError("Expected string key before ':'");
        if (typeof next.v !== 'string') throw new JsonParseError('Object keys must be strings');
        top.key = next.v;
        next = undefined;
        return;
      case ',':
        if (!next) throw new JsonParseError("Expected value before ','");
        if (!top) throw new JsonParseError("',' not as part of an object or array");
        if (top.kind === 'array') top.items.push(next.v);
        else if (top.key !== undefined) {
          top.map.set(top.key, next.v);
          top.key = undefined;
        } else throw new JsonParseError('Objects must consist of key:value pairs');
        next = undefined;
        return;
      case ']':
        if (!top || top.kind !== 'array') throw new JsonParseError("Unmatched ']'");
        if (next) top.items.push(next.v);
        else if (top.items.length > 0) throw new JsonParseError('Expected another array element');
        stack.pop();
        next = { v: top.items };
        return;
      case '}':
        if (!top || top.kind !== 'object') throw new JsonParseError("Unmatched '}'");
        if (next) {
          if (top.key === undefined) throw new JsonParseError('Objects must consist of key:value pairs');
          top.map.set(top.key, next.v);
          top.key = undefined;
        } else {
          if (top.key !== undefined) throw new JsonParseError("Expected value after ':'");
          if (top.map.size > 0) throw new JsonParseError('Expected another key-value pair');
        }
        stack.pop();
        next = { v: top.map };
        return;
    }
  };
  try {
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      column++;
      if (c === '\n') {
        line++;
        column = 0;
      }
      if (str !== undefined) {
        if (c === '\\') {
          str += c + (text[i + 1] ?? '');
          i++;
          column++;
        } else if (c === '"') {
          const s = unescape(str);
          str = undefined;
          value(s);
          done(i);
        } else str += c;
        continue;
      }
      if (c === ' ' || c === '\t' || c === '\r' || c === '\n' || c === '"' || '[{:,]}'.includes(c)) {
        flushLiteral();
        if (c === '"') str = '';
        else if (c !== ' ' && c !== '\t' && c !== '\r' && c !== '\n') token(c);
        done(i);
      } else tok += c;
    }
  } catch (e) {
    if (e instanceof JsonParseError) return { values, error: `${e.message} at line ${line}, column ${column}` };
    throw e;
  }
  try {
    if (str !== undefined) throw new JsonParseError('Unfinished string');
    flushLiteral();
    done(text.length);
    if (stack.length > 0 || next) throw new JsonParseError('Unfinished JSON term');
  } catch (e) {
    if (e instanceof JsonParseError) return { values, error: `${e.message} at EOF at line ${line}, column ${column}` };
    throw e;
  }
  return { values };
}

/** jv_parse of a whole string (fromjson, tonumber): one value or jq's message naming the text. */
export function parseJsonText(text: string): Json {
  const r = parseStream(text);
  if (r.error) throw new JqError(`${r.error} (while parsing '${text}')`);
  if (r.values.length > 1) throw new JqError(`Unexpected extra JSON values (while parsing '${text}')`);
  if (r.values.length === 0) throw new JqError(`Expected JSON value (while parsing '${text}')`);
  return r.values[0]!.value;
}
