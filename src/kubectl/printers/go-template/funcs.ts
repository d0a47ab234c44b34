/**
 * The functions a kubectl go-template can call: text/template's builtins (funcs.go) and the two
 * kubectl adds in cli-runtime's NewGoTemplatePrinter, `exists` and `base64decode`. Each declares
 * its Go parameter types, because the executor checks and converts arguments by them and
 * reports mismatches in Go's words (`wrong number of args for not: want 1 got 0`).
 */
import { base64Error, decodeBase64 } from '../../../k8s/base64';
import { sprint, sprintf, sprintln, utf8Bytes, utf8Length } from './format';
import { type Value, INVALID, bool, boxed, int, isIntKind, str, toAny, truth, typeName, unbox } from './value';

/** reflect.Value (the builtins), interface{} (fmt-style), or string. */
export type Param = 'value' | 'any' | 'string';

export class FuncError extends Error {}

export interface GoFunc {
  params: readonly Param[];
  variadic?: Param;
  call(args: readonly Value[]): Value;
}

/** reflect's panic for Type() on the zero Value, which safeCall turns into the error. */
const ZERO_TYPE = 'reflect: call of reflect.Value.Type on zero Value';

function indirect(v: Value): { v: Value; isNil: boolean } {
  if (v.k === 'iface') return v.v === null ? { v, isNil: true } : { v: v.v, isNil: false };
  return { v, isNil: false };
}

function indexArg(index: Value, cap: number): number {
  if (index.k === 'invalid') throw new FuncError('cannot index slice/array with nil');
  if (!isIntKind(index)) throw new FuncError(`cannot index slice/array with type ${typeName(index)}`);
  const x = index.v;
  if (x < 0n || x > BigInt(cap)) throw new FuncError(`index out of range: ${x}`);
  return Number(x);
}

function index(item: Value, ...indexes: Value[]): Value {
  let cur = unbox(item);
  if (cur.k === 'invalid') throw new FuncError('index of untyped nil');
  for (const raw of indexes) {
    const idx = unbox(raw);
    const ind = indirect(cur);
    if (ind.isNil) throw new FuncError('index of nil pointer');
    cur = ind.v;
    switch (cur.k) {
      case 'slice':
      case 'string': {
        const len = cur.k === 'slice' ? cur.v.length : utf8Length(cur.v);
        const x = indexArg(idx, len);
        if (x === len) throw new FuncError(`reflect: ${cur.k} index out of range`);
        // A string indexes to one byte of its UTF-8 (a uint8 in Go; an int here).
        cur = cur.k === 'slice' ? boxed(cur.v[x]) : int(utf8Bytes(cur.v)[x]!);
        break;
      }
      case 'map': {
        if (idx.k === 'invalid') throw new FuncError('value is nil; should be of type string');
        if (idx.k !== 'string') throw new FuncError(`value has type ${typeName(idx)}; should be string`);
        cur = Object.hasOwn(cur.v, idx.v) ? boxed(cur.v[idx.v]) : { k: 'iface', v: null };
        break;
      }
      default:
        throw new FuncError(`can't index item of type ${typeName(cur)}`);
    }
  }
  return cur;
}

function slice(item: Value, ...indexes: Value[]): Value {
  const it = unbox(item);
  if (it.k === 'invalid') throw new FuncError('slice of untyped nil');
  if (indexes.length > 3) throw new FuncError(`too many slice indexes: ${indexes.length}`);
  let len: number;
  if (it.k === 'string') {
    if (indexes.length === 3) throw new FuncError('cannot 3-index slice a string');
    len = utf8Length(it.v);
  } else if (it.k === 'slice') len = it.v.length;
  else throw new FuncError(`can't slice item of type ${typeName(it)}`);
  const idx = [0, len, len];
  indexes.forEach((x, i) => (idx[i] = indexArg(unbox(x), len)));
  if (idx[0]! > idx[1]!) throw new FuncError(`invalid slice index: ${idx[0]} > ${idx[1]}`);
  if (indexes.length === 3 && idx[1]! > idx[2]!) throw new FuncError(`invalid slice index: ${idx[1]} > ${idx[2]}`);
  if (it.k === 'slice') return { k: 'slice', v: it.v.slice(idx[0], idx[1]) };
  // Byte offsets into the UTF-8; a cut through a character decodes to U+FFFD where Go keeps the bytes.
  return str(utf8Decode(String.fromCharCode(...utf8Bytes(it.v).slice(idx[0], idx[1]))));
}

function length(item: Value): Value {
  const { v, isNil } = indirect(item);
  if (isNil) throw new FuncError('len of nil pointer');
  switch (v.k) {
    case 'invalid':
      throw new FuncError(ZERO_TYPE);
    case 'string':
      return int(utf8Length(v.v));
    case 'map':
      return int(Object.keys(v.v).length);
    case 'slice':
      return int(v.v.length);
    default:
      return fail(`len of type ${typeName(v)}`);
  }
}

function fail(msg: string): never {
  throw new FuncError(msg);
}

type Basic = 'bool' | 'int' | 'float' | 'string' | 'complex' | 'invalid';

function basicKind(v: Value): Basic {
  switch (v.k) {
    case 'bool':
      return 'bool';
    case 'int':
    case 'int64':
      return 'int';
    case 'float64':
      return 'float';
    case 'string':
      return 'string';
    case 'complex128':
      return 'complex';
    default:
      return 'invalid';
  }
}

function scalarEqual(a: Value, b: Value): boolean {
  if (a.k === 'complex128' && b.k === 'complex128') return a.re === b.re && a.im === b.im;
  if ('v' in a && 'v' in b) return a.v === b.v;
  return false;
}

function eq(arg1: Value, ...rest: Value[]): Value {
  const a = unbox(arg1);
  if (rest.length === 0) throw new FuncError('missing argument for comparison');
  const k1 = basicKind(a);
  for (const raw of rest) {
    const b = unbox(raw);
    const k2 = basicKind(b);
    let t = false;
    if (k1 !== k2) {
      if (a.k !== 'invalid' && b.k !== 'invalid') throw new FuncError(`incompatible types for comparison: ${typeName(a)} and ${typeName(b)}`);
    } else if (k1 !== 'invalid') {
      t = scalarEqual(a, b);
    } else if (a.k === 'invalid' || b.k === 'invalid') {
      t = a.k === b.k;
    } else {
      // Maps and slices: never comparable unless one side is nil, which JSON data cannot be here.
      throw new FuncError(`non-comparable type ${sprint([toAny(b)])}: ${typeName(b)}`);
    }
    if (t) return bool(true);
  }
  return bool(false);
}

function lt(arg1: Value, arg2: Value): Value {
  const a = unbox(arg1);
  const b = unbox(arg2);
  const k1 = basicKind(a);
  const k2 = basicKind(b);
  if (k1 === 'invalid' || k2 === 'invalid') throw new FuncError('invalid type for comparison');
  if (k1 !== k2) throw new FuncError(`incompatible types for comparison: ${typeName(a)} and ${typeName(b)}`);
  if (k1 === 'bool' || k1 === 'complex') throw new FuncError('invalid type for comparison');
  const av = (a as { v: bigint | number | string }).v;
  const bv = (b as { v: bigint | number | string }).v;
  return bool(av < bv);
}

function le(a: Value, b: Value): Value {
  const less = lt(a, b);
  return less.k === 'bool' && less.v ? less : eq(a, b);
}

function negate(v: Value): Value {
  return bool(!(v.k === 'bool' && v.v));
}

/** Go's base64.StdEncoding.DecodeString, then the bytes as a (UTF-8) string. */
function base64decode(v: Value): Value {
  const s = v.k === 'string' ? v.v : '';
  const err = base64Error(s);
  if (err) throw new FuncError(`base64 decode failed: ${err}`);
  return str(utf8Decode(decodeBase64(s)));
}

function utf8Decode(bin: string): string {
  const bytes = Array.from(bin, (c) => c.charCodeAt(0));
  let out = '';
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i]!;
    const n = b < 0x80 ? 1 : b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 0;
    const cont = bytes.slice(i + 1, i + n);
    if (n === 0 || cont.length !== n - 1 || cont.some((c) => (c & 0xc0) !== 0x80)) {
      out += '\ufffd';
      i++;
      continue;
    }
    const cp = n === 1 ? b : cont.reduce((acc, c) => (acc << 6) | (c & 63), b & (0xff >> (n + 1)));
    out += String.fromCodePoint(cp);
    i += n;
  }
  return out;
}

/** kubectl's exists: whether `index` could walk these keys without failing. */
function exists(item: Value, ...indices: Value[]): Value {
  let cur: Value = item;
  for (const raw of indices) {
    const i = unbox(raw);
    const ind = indirect(cur);
    if (ind.isNil || ind.v.k === 'invalid') return bool(false);
    cur = ind.v;
    if (cur.k === 'slice' || cur.k === 'string') {
      if (!isIntKind(i)) return bool(false);
      const len = cur.k === 'slice' ? cur.v.length : utf8Length(cur.v);
      if (i.v < 0n || i.v >= BigInt(len)) return bool(false);
      cur = cur.k === 'slice' ? boxed(cur.v[Number(i.v)]) : int(utf8Bytes(cur.v)[Number(i.v)]!);
    } else if (cur.k === 'map') {
      if (i.k !== 'string') return bool(false);
      cur = Object.hasOwn(cur.v, i.v) ? boxed(cur.v[i.v]) : { k: 'iface', v: null };
    } else return bool(false);
  }
  const end = indirect(cur);
  return bool(!end.isNil && end.v.k !== 'invalid');
}

const HTML: Readonly<Record<string, string>> = { '\0': '\ufffd', '"': '&#34;', "'": '&#39;', '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/** evalArgs: Sprint, except that a nil argument reads `<no value>` (printableValue's word). */
function evalArgs(args: readonly Value[]): string {
  if (args.length === 1 && args[0]!.k === 'string') return args[0]!.v;
  return sprint(args.map((a) => toAny(a) ?? str('<no value>')));
}

function jsEscape(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    const special: Readonly<Record<string, string>> = { '\\': '\\\\', "'": "\\'", '"': '\\"', '<': '\\u003C', '>': '\\u003E', '&': '\\u0026', '=': '\\u003D' };
    if (Object.hasOwn(special, ch)) out += special[ch];
    else if (c < 0x20) out += `\\u00${c.toString(16).toUpperCase().padStart(2, '0')}`;
    else if (c >= 0x80 && !/[\p{L}\p{M}\p{N}\p{P}\p{S}\p{Zs}]/u.test(ch)) out += `\\u${c.toString(16).toUpperCase().padStart(4, '0')}`;
    else out += ch;
  }
  return out;
}

/** url.QueryEscape: unreserved bytes stay, space is `+`, the rest %XX of their UTF-8. */
function queryEscape(s: string): string {
  return encodeURIComponent(s)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

const ANY_VARIADIC = { params: [], variadic: 'any' } as const;

/** By name; `and`, `or` and `call` run inside the executor (short-circuit, callee naming), so theirs are signatures only. */
export const FUNCS: ReadonlyMap<string, GoFunc> = new Map<string, GoFunc>([
  ['and', { params: ['value'], variadic: 'value', call: () => INVALID }],
  ['or', { params: ['value'], variadic: 'value', call: () => INVALID }],
  ['call', { params: ['value'], variadic: 'value', call: () => INVALID }],
  ['html', { ...ANY_VARIADIC, call: (a) => str(evalArgs(a).replace(/[\0"'&<>]/g, (c) => HTML[c]!)) }],
  ['index', { params: ['value'], variadic: 'value', call: (a) => index(a[0]!, ...a.slice(1)) }],
  ['slice', { params: ['value'], variadic: 'value', call: (a) => slice(a[0]!, ...a.slice(1)) }],
  ['js', { ...ANY_VARIADIC, call: (a) => str(jsEscape(evalArgs(a))) }],
  ['len', { params: ['value'], call: (a) => length(a[0]!) }],
  ['not', { params: ['value'], call: (a) => bool(!truth(a[0]!)) }],
  ['print', { ...ANY_VARIADIC, call: (a) => str(sprint(a.map(toAny))) }],
  ['printf', { params: ['string'], variadic: 'any', call: (a) => str(sprintf(a[0]!.k === 'string' ? a[0]!.v : '', a.slice(1).map(toAny))) }],
  ['println', { ...ANY_VARIADIC, call: (a) => str(sprintln(a.map(toAny))) }],
  ['urlquery', { ...ANY_VARIADIC, call: (a) => str(queryEscape(evalArgs(a))) }],
  ['eq', { params: ['value'], variadic: 'value', call: (a) => eq(a[0]!, ...a.slice(1)) }],
  ['ge', { params: ['value', 'value'], call: (a) => negate(lt(a[0]!, a[1]!)) }],
  ['gt', { params: ['value', 'value'], call: (a) => negate(le(a[0]!, a[1]!)) }],
  ['le', { params: ['value', 'value'], call: (a) => le(a[0]!, a[1]!) }],
  ['lt', { params: ['value', 'value'], call: (a) => lt(a[0]!, a[1]!) }],
  ['ne', { params: ['value', 'value'], call: (a) => negate(eq(a[0]!, a[1]!)) }],
  ['exists', { params: ['any'], variadic: 'any', call: (a) => exists(a[0]!, ...a.slice(1)) }],
  ['base64decode', { params: ['string'], call: (a) => base64decode(a[0]!) }],
]);

/** call: template data holds no functions, so every call fails the way Go's does for a non-function. */
export function callError(fn: Value, name: string): string {
  const f = unbox(fn);
  if (f.k === 'invalid') return 'call of nil';
  return `non-function ${name} of type ${typeName(f)}`;
}

