/**
 * jq 1.6's builtins written in C (src/builtin.c), natively; the ones it writes in jq are in
 * prelude.ts and the string, regex and date ones in builtins-text.ts. Keyed `name/arity`.
 * Only `empty`, `getpath`, `error` and `path`-related ones work in path mode (jq's own list);
 * the rest yield a value no path leads to.
 */
import { utf8Bytes } from '../../../k8s/utf8';
import { compact } from './print';
import { deletePaths, getPath, setPath } from './paths';
import { codePoints, indicesOf, show } from './ops';
import { TEXT_BUILTINS } from './builtins-text';
import { MATH_BUILTINS } from './math';
import { parseJsonText } from './json-parse';
import { formatValue, tostring } from './formats';
import type { Builtin, Call, Interp, Out } from './types';
import { compare, equal, isObject, JqError, sortedKeys, typeName, type Json } from './value';

/** A builtin of `.` alone. */
const unary =
  (f: (v: Json, c: Call) => Json): Builtin =>
  function* (_it, c) {
    yield [f(c.input, c), c.path === undefined ? undefined : null];
  };

/** A builtin whose arguments are values: each combination, the last argument varying fastest. */
function cartesian(f: (input: Json, args: Json[], c: Call) => Json): Builtin {
  return function* (it, c) {
    function* go(i: number, acc: Json[]): Generator<Out> {
      if (i === c.args.length) {
        yield [f(c.input, acc, c), c.path === undefined ? undefined : null];
        return;
      }
      for (const v of it.values(c.args[i]!, c.input, c.env)) yield* go(i + 1, [...acc, v]);
    }
    yield* go(0, []);
  };
}

function length(v: Json): Json {
  if (v === null) return 0;
  if (typeof v === 'boolean') throw new JqError(`boolean (${v}) has no length`);
  if (typeof v === 'number') return Math.abs(v);
  if (typeof v === 'string') return codePoints(v).length;
  return Array.isArray(v) ? v.length : v.size;
}

function keys(v: Json, sorted: boolean): Json {
  if (isObject(v)) return sorted ? sortedKeys(v) : [...v.keys()];
  if (Array.isArray(v)) return v.map((_, i) => i);
  throw new JqError(`${show(v)} has no keys`);
}

function has(v: Json, k: Json): Json {
  if (isObject(v) && typeof k === 'string') return v.has(k);
  if (Array.isArray(v) && typeof k === 'number') return k >= 0 && k < v.length;
  throw new JqError(`Cannot check whether ${typeName(v)} has a ${typeName(k)} key`);
}

function contains(a: Json, b: Json): boolean {
  if (isObject(a) && isObject(b)) return [...b].every(([k, bv]) => a.has(k) && contains(a.get(k)!, bv));
  if (Array.isArray(a) && Array.isArray(b)) return b.every((bv) => a.some((av) => contains(av, bv)));
  if (typeof a === 'string' && typeof b === 'string') return a.includes(b);
  // Inside, values of different kinds simply do not contain each other (only the top level complains).
  return typeName(a) === typeName(b) && equal(a, b);
}

function sortable(v: Json, what: string): Json[] {
  if (!Array.isArray(v)) throw new JqError(`${show(v)} cannot be ${what}, as it is not an array`);
  return v;
}

/** Stable sort of `items` by the keys jq computed (`map([f])`). */
function byKeys(input: Json, keysOf: Json, what: string): [Json, Json][] {
  const items = sortable(input, what);
  const ks = keysOf as Json[];
  return items.map((v, i) => [ks[i]!, v] as [Json, Json]).sort((a, b) => compare(a[0], b[0]));
}

function tonumber(v: Json): Json {
  if (typeof v === 'number') return v;
  if (typeof v === 'string') {
    const parsed = parseJsonText(v);
    if (typeof parsed !== 'number') throw new JqError(`${show(v)} cannot be parsed as a number`);
    return parsed;
  }
  throw new JqError(`${show(v)} cannot be parsed as a number`);
}

function implode(v: Json): Json {
  if (!Array.isArray(v)) throw new JqError('implode input must be an array');
  return v
    .map((c) => {
      if (typeof c !== 'number') throw new JqError('Unicode codepoint must be numeric');
      const cp = Math.trunc(c);
      // jvp_utf8_encode of a value that is no code point writes U+FFFD.
      return cp < 0 || cp > 0x10ffff || (cp >= 0xd800 && cp < 0xe000) ? '\ufffd' : String.fromCodePoint(cp);
    })
    .join('');
}

const MATH1: Record<string, (x: number) => number> = {
  floor: Math.floor, ceil: Math.ceil, round: Math.round, fabs: Math.abs, sqrt: Math.sqrt, log: Math.log, log2: Math.log2, log10: Math.log10, exp: Math.exp, exp2: (x) => 2 ** x, exp10: (x) => 10 ** x,
  sin: Math.sin, cos: Math.cos, tan: Math.tan, asin: Math.asin, acos: Math.acos, atan: Math.atan, sinh: Math.sinh, cosh: Math.cosh, tanh: Math.tanh, cbrt: Math.cbrt, trunc: Math.trunc, significand: (x) => x / 2 ** Math.floor(Math.log2(Math.abs(x))),
};

const table: [string, Builtin][] = [
  ['empty/0', function* () {
    yield* [];
  }],
  ['not/0', unary((v) => v === null || v === false)],
  ['length/0', unary(length)],
  ['utf8bytelength/0', unary((v) => {
    if (typeof v !== 'string') throw new JqError(`${show(v)} only strings have UTF-8 byte length`);
    return utf8Bytes(v).length;
  })],
  ['keys/0', unary((v) => keys(v, true))],
  ['keys_unsorted/0', unary((v) => keys(v, false))],
  ['has/1', cartesian((v, [k]) => has(v, k!))],
  ['contains/1', cartesian((v, [b]) => {
    if (typeName(v) !== typeName(b!)) throw new JqError(`${show(v)} and ${show(b!)} cannot have their containment checked`);
    return contains(v, b!);
  })],
  ['type/0', unary(typeName)],
  ['tostring/0', unary(tostring)],
  ['tonumber/0', unary(tonumber)],
  ['tojson/0', unary(compact)],
  ['fromjson/0', unary((v) => {
    if (typeof v !== 'string') throw new JqError(`${show(v)} cannot be parsed as JSON`);
    return parseJsonText(v);
  })],
  ['error/1', function* (it, c) {
    for (const v of it.values(c.args[0]!, c.input, c.env)) {
      yield* [];
      throw new JqError(v);
    }
  }],
  ['infinite/0', unary(() => Infinity)],
  ['nan/0', unary(() => NaN)],
  ['isinfinite/0', unary((v) => typeof v === 'number' && !Number.isFinite(v) && !Number.isNaN(v))],
  ['isnan/0', unary((v) => typeof v === 'number' && Number.isNaN(v))],
  ['isnormal/0', unary((v) => typeof v === 'number' && Number.isFinite(v) && v !== 0 && Math.abs(v) >= 2.2250738585072014e-308)],
  ['pow/2', cartesian((_v, [a, b]) => (a as number) ** (b as number))],
  ['log/0', unary((v) => Math.log(v as number))],
  ['range/2', function* (it, c) {
    for (const from of it.values(c.args[0]!, c.input, c.env)) {
      for (const to of it.values(c.args[1]!, c.input, c.env)) {
        if (typeof from !== 'number' || typeof to !== 'number') throw new JqError('Range bounds must be numeric');
        for (let i = from; i < to; i++) {
          it.tick();
          yield [i, c.path === undefined ? undefined : null];
        }
      }
    }
  }],
  ['range/3', function* (it, c) {
    for (const from of it.values(c.args[0]!, c.input, c.env)) {
      for (const to of it.values(c.args[1]!, c.input, c.env)) {
        for (const by of it.values(c.args[2]!, c.input, c.env)) {
          if (typeof from !== 'number' || typeof to !== 'number' || typeof by !== 'number') throw new JqError('Range bounds must be numeric');
          if (by > 0) for (let i = from; i < to; i += by) {
            it.tick();
            yield [i, c.path === undefined ? undefined : null];
          }
          else if (by < 0) for (let i = from; i > to; i += by) {
            it.tick();
            yield [i, c.path === undefined ? undefined : null];
          }
          else if (from < to) for (;;) {
            it.tick();
            yield [from, c.path === undefined ? undefined : null];
          }
        }
      }
    }
  }],
  ['sort/0', unary((v) => [...sortable(v, 'sorted')].sort(compare))],
  ['_sort_by_impl/1', cartesian((v, [k]) => byKeys(v, k!, 'sorted').map(([, x]) => x))],
  ['_group_by_impl/1', cartesian((v, [k]) => {
    const groups: Json[][] = [];
    let last: Json | undefined;
    for (const [key, x] of byKeys(v, k!, 'grouped')) {
      if (last !== undefined && equal(last, key)) groups[groups.length - 1]!.push(x);
      else groups.push([x]);
      last = key;
    }
    return groups;
  })],
  ['_min_by_impl/1', cartesian((v, [k]) => {
    const s = byKeys(v, k!, 'iterated over');
    return s.length ? s[0]![1] : null;
  })],
  ['_max_by_impl/1', cartesian((v, [k]) => {
    const s = byKeys(v, k!, 'iterated over');
    // jq keeps the last of equal maxima.
    return s.length ? s[s.length - 1]![1] : null;
  })],
  ['min/0', unary((v) => {
    const s = [...sortable(v, 'iterated over')].sort(compare);
    return s.length ? s[0]! : null;
  })],
  ['max/0', unary((v) => {
    const s = [...sortable(v, 'iterated over')].sort(compare);
    return s.length ? s[s.length - 1]! : null;
  })],
  ['unique/0', unary((v) => [...sortable(v, 'sorted')].sort(compare).filter((x, i, a) => i === 0 || !equal(a[i - 1]!, x)))],
  ['reverse/0', unary((v) => {
    if (v === null) return [];
    if (Array.isArray(v)) return [...v].reverse();
    if (typeof v === 'string') throw new JqError('Cannot index string with number');
    throw new JqError(`Cannot index ${typeName(v)} with number`);
  })],
  ['explode/0', unary((v) => {
    if (typeof v !== 'string') throw new JqError(`${show(v)} cannot be exploded`);
    return codePoints(v).map((c) => c.codePointAt(0)!);
  })],
  ['implode/0', unary(implode)],
  ['indices/1', cartesian((v, [i]) => {
    if (v === null) return null;
    if (typeof v === 'string' && typeof i === 'string') {
      if (i === '') return null;
      const out: number[] = [];
      const bytes = utf8Bytes(v);
      const needle = utf8Bytes(i);
      for (let p = 0; p + needle.length <= bytes.length; p++) if (needle.every((b, j) => bytes[p + j] === b)) out.push(p);
      return out;
    }
    if (Array.isArray(v)) return indicesOf(v, Array.isArray(i) ? i : [i!]);
    throw new JqError(`Cannot index ${typeName(v)} with ${typeName(i!)}`);
  })],
  ['getpath/1', function* (it, c) {
    for (const p of it.values(c.args[0]!, c.input, c.env)) {
      if (!Array.isArray(p)) throw new JqError('Path must be specified as an array');
      const v = getPath(c.input, p);
      yield [v, c.path === undefined ? undefined : c.path && [...c.path, ...p]];
    }
  }],
  ['setpath/2', cartesian((v, [p, x]) => {
    if (!Array.isArray(p)) throw new JqError('Path must be specified as an array');
    return setPath(v, p, x!);
  })],
  ['delpaths/1', cartesian((v, [ps]) => {
    if (!Array.isArray(ps)) throw new JqError('Paths must be specified as an array');
    for (const p of ps) if (!Array.isArray(p)) throw new JqError('Path must be specified as an array');
    return deletePaths(v, ps as Json[][]);
  })],
  ['path/1', function* (it, c) {
    for (const p of it.paths(c.args[0]!, c.input, c.env)) yield [p, c.path === undefined ? undefined : null];
  }],
  ['input/0', function* (_it, c) {
    const v = c.ctx.next();
    // jq 1.6 reports running out of inputs as a bare `break`.
    if (v === undefined) throw new JqError('break');
    yield [v, c.path === undefined ? undefined : null];
  }],
  ['debug/0', function* (_it, c) {
    c.ctx.stderr(`["DEBUG:",${compact(c.input)}]\n`);
    yield [c.input, c.path];
  }],
  ['stderr/0', function* (_it, c) {
    c.ctx.stderr(compact(c.input));
    yield [c.input, c.path];
  }],
  ['input_filename/0', unary((_v, c) => c.ctx.filename())],
  ['input_line_number/0', unary(() => 0)],
  ['now/0', unary((_v, c) => c.ctx.now)],
  ['builtins/0', unary((_v, c) => c.ctx.builtinNames().filter((k) => !k.startsWith('_')))],
  ['bsearch/1', cartesian((v, [target]) => {
    // jq's def: the index, or (-1 - insertion point) when absent.
    if (!Array.isArray(v)) throw new JqError(`${show(v)} cannot be searched from`);
    let lo = 0;
    let hi = v.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const c = compare(v[mid]!, target!);
      if (c === 0) return mid;
      if (c < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1 - lo;
  })],
  ['format/1', cartesian((v, [f]) => {
    if (typeof f !== 'string') throw new JqError(`${show(f!)} is not a valid format`);
    return formatValue(f, v);
  })],
];

for (const [name, f] of Object.entries(MATH1)) {
  table.push([`${name}/0`, unary((v) => {
    if (typeof v !== 'number') throw new JqError(`${show(v)} number required`);
    return f(v);
  })]);
}

export const BUILTINS = new Map<string, Builtin>([...table, ...TEXT_BUILTINS, ...MATH_BUILTINS]);

export type { Interp };
