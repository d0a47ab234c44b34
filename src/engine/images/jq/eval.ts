/**
 * Runs a jq program as jq 1.6 does: every filter is a generator of outputs, visited in jq's
 * order (`a + b` loops over b's outputs outside a's; `{a: A, b: B}` varies B fastest; `.[K]`
 * loops over K outside the target). In path mode (path(f), del, |=, =) each output carries the
 * path it was found at; a value no path leads to carries null, and indexing it is jq's
 * "Invalid path expression" error.
 *
 * Just over 400 lines: the one switch over every node kind, and the binding and assignment it
 * shares state with.
 */
import type { Node, Pattern } from './ast';
import { BUILTINS } from './builtins';
import type { Ctx, Interp, Out, PathState } from './types';
import { PRELUDE } from './prelude';
import { parse } from './parse';
import { deletePaths, getPath, setPath } from './paths';
import { binop, indexValue, iterateValue, show, sliceValue } from './ops';
import { truncated } from './print';
import { formatValue } from './formats';
import { JqBreak, JqError, JqLimit, isObject, truthy, type Json } from './value';

interface Fn {
  params: string[];
  body: Node;
  env: Env;
}
interface Closure {
  closure: Node;
  env: Env;
}
type FnScope = { key: string; fn: Fn | Closure; next: FnScope } | null;
type VarScope = { name: string; value: Json; next: VarScope } | null;
export interface Env {
  vars: VarScope;
  fns: FnScope;
}

let labels = 0;

/** Filter steps one run may take before the terminal stops it (a kubectl list's `..` takes thousands). */
export const STEP_LIMIT = 2_000_000;

const invalidNear = (what: string, v: Json): JqError => new JqError(`Invalid path expression near attempt to ${what} ${truncated(v, 30)}`);

function lookupVar(env: Env, name: string): Json | undefined {
  for (let s = env.vars; s; s = s.next) if (s.name === name) return s.value;
  return undefined;
}

export class Evaluator implements Interp {
  readonly root: Env;

  constructor(readonly ctx: Ctx) {
    let env: Env = { vars: null, fns: null };
    for (const [k, v] of ctx.named) env = { ...env, vars: { name: k, value: v, next: env.vars } };
    env = { ...env, vars: { name: 'ENV', value: new Map(Object.entries(ctx.environ)), next: env.vars } };
    this.root = this.define(parse(PRELUDE), env);
  }

  /** Binds the prelude's `def`s (a chain ending in `.`) into `env`. */
  private define(n: Node, env: Env): Env {
    // jq's builtins all see one another, whatever order they are written in.
    const fns: Fn[] = [];
    let e = env;
    for (let d = n; d.t === 'def'; d = d.rest) {
      const fn: Fn = { params: d.params, body: d.body, env };
      fns.push(fn);
      e = { vars: e.vars, fns: { key: `${d.name}/${d.params.length}`, fn, next: e.fns } };
    }
    for (const fn of fns) fn.env = e;
    return e;
  }

  private bindDef(d: Extract<Node, { t: 'def' }>, env: Env): Env {
    const fn: Fn = { params: d.params, body: d.body, env };
    const self: Env = { vars: env.vars, fns: { key: `${d.name}/${d.params.length}`, fn, next: env.fns } };
    fn.env = self;
    return self;
  }

  /** `name/arity` of every function a program may call, for the compile-time check. */
  functions(): Set<string> {
    const out = new Set(BUILTINS.keys());
    for (let s = this.root.fns; s; s = s.next) out.add(s.key);
    return out;
  }

  *values(n: Node, input: Json, env: Env): Generator<Json> {
    for (const [v] of this.ev(n, input, env, undefined)) yield v;
  }

  *run(n: Node, input: Json): Generator<Json> {
    yield* this.values(n, input, this.root);
  }

  /** path(f): the paths f's outputs were found at. */
  *paths(n: Node, input: Json, env: Env): Generator<Json[]> {
    for (const [v, p] of this.ev(n, input, env, [])) {
      if (p === null) throw new JqError(`Invalid path expression with result ${truncated(v, 30)}`);
      yield p as Json[];
    }
  }

  private steps = 0;

  tick(): void {
    if (++this.steps > STEP_LIMIT) throw new JqLimit('steps');
  }

  *ev(n: Node, input: Json, env: Env, path: PathState): Generator<Out> {
    if (++this.steps > STEP_LIMIT) throw new JqLimit('steps');
    const lit = (v: Json): Out => [v, path === undefined ? undefined : null];
    switch (n.t) {
      case 'identity':
        yield [input, path];
        return;
      case 'recurse':
        yield* this.call({ t: 'call', name: 'recurse', args: [] }, input, env, path);
        return;
      case 'literal':
        yield lit(n.value);
        return;
      case 'var': {
        const v = lookupVar(env, n.name);
        if (v === undefined) throw new JqError(`$${n.name} is not defined`);
        yield lit(v);
        return;
      }
      case 'string':
        for (const s of this.interpolate(n.parts, n.format, input, env, n.parts.length - 1)) yield lit(s);
        return;
      case 'format':
        yield lit(formatValue(n.name, input));
        return;
      case 'index':
        for (const k of this.values(n.key, input, env)) {
          for (const [t, tp] of this.ev(n.target, input, env, path)) {
            const v = indexValue(t, k);
            if (tp === null) throw invalidNear(`access element ${truncated(k, 30)} of`, t);
            yield [v, tp && [...tp, k]];
          }
        }
        return;
      case 'slice':
        for (const to of n.to ? this.values(n.to, input, env) : [null]) {
          for (const from of n.from ? this.values(n.from, input, env) : [null]) {
            for (const [t, tp] of this.ev(n.target, input, env, path)) {
              const key = new Map<string, Json>([['start', from], ['end', to]]);
              if (tp === null) throw invalidNear(`access element ${truncated(key, 30)} of`, t);
              yield [sliceValue(t, from, to), tp && [...tp, key]];
            }
          }
        }
        return;
      case 'iterate':
        for (const [t, tp] of this.ev(n.target, input, env, path)) {
          const items = iterateValue(t);
          if (tp === null) throw invalidNear('iterate through', t);
          for (const [k, v] of items) yield [v, tp && [...tp, k]];
        }
        return;
      case 'optional':
        yield* this.ev({ t: 'try', body: n.body }, input, env, path);
        return;
      case 'try':
        try {
          for (const o of this.ev(n.body, input, env, path)) yield o;
        } catch (e) {
          if (!(e instanceof JqError)) throw e;
          // error(null) is no error to jq 1.6: the try just ends.
          if (n.catch && e.value !== null) for (const v of this.values(n.catch, e.value, env)) yield lit(v);
        }
        return;
      case 'array': {
        const items = n.body ? [...this.values(n.body, input, env)] : [];
        yield lit(items);
        return;
      }
      case 'object':
        for (const o of this.object(n.entries, 0, input, env, new Map())) yield lit(o);
        return;
      case 'neg':
        for (const v of this.values(n.body, input, env)) {
          if (typeof v !== 'number') throw new JqError(`${typeof v === 'string' ? 'string' : isObject(v) ? 'object' : Array.isArray(v) ? 'array' : v === null ? 'null' : 'boolean'} (${truncated(v, 15)}) cannot be negated`);
          yield lit(-v);
        }
        return;
      case 'pipe':
        for (const [v, p] of this.ev(n.left, input, env, path)) yield* this.ev(n.right, v, env, p);
        return;
      case 'comma':
        yield* this.ev(n.left, input, env, path);
        yield* this.ev(n.right, input, env, path);
        return;
      case 'binop':
        for (const r of this.values(n.right, input, env)) for (const l of this.values(n.left, input, env)) yield lit(binop(n.op, l, r));
        return;
      case 'and':
      case 'or':
        for (const l of this.values(n.left, input, env)) {
          if (n.t === 'and' ? !truthy(l) : truthy(l)) yield lit(n.t === 'or');
          else for (const r of this.values(n.right, input, env)) yield lit(truthy(r));
        }
        return;
      case 'alt': {
        // jq 1.6's `//` lets an error on its left through (1.7 came to swallow it).
        let any = false;
        for (const o of this.ev(n.left, input, env, path)) {
          if (!truthy(o[0])) continue;
          any = true;
          yield o;
        }
        if (!any) yield* this.ev(n.right, input, env, path);
        return;
      }
      case 'assign':
        for (const v of this.assign(n, input, env)) yield lit(v);
        return;
      case 'if':
        for (const c of this.values(n.cond, input, env)) {
          if (truthy(c)) yield* this.ev(n.then, input, env, path);
          else if (n.else) yield* this.ev(n.else, input, env, path);
          else yield [input, path];
        }
        return;
      case 'reduce':
        for (const init of this.values(n.init, input, env)) {
          let acc: Json = init;
          for (const item of this.values(n.source, input, env)) {
            for (const bound of this.bind(n.pattern, item, env)) {
              let last: Json = null;
              for (const v of this.values(n.update, acc, bound)) last = v;
              acc = last;
            }
          }
          yield lit(acc);
        }
        return;
      case 'foreach':
        for (const init of this.values(n.init, input, env)) {
          let acc: Json = init;
          // In path mode the items keep their paths: jq accepts an output that is the very item
          // (limit's `$item`), as its path tracker accepts a value identical to the one it tracks.
          for (const [item, itemPath] of this.ev(n.source, input, env, path)) {
            const keep = (x: Json): Out => (path !== undefined && Object.is(x, item) ? [x, itemPath] : lit(x));
            for (const bound of this.bind(n.pattern, item, env)) {
              for (const v of this.values(n.update, acc, bound)) {
                acc = v;
                if (n.extract) for (const x of this.values(n.extract, v, bound)) yield keep(x);
                else yield lit(v);
              }
            }
          }
        }
        return;
      case 'as':
        for (const item of this.values(n.source, input, env)) for (const bound of this.bind(n.pattern, item, env)) yield* this.ev(n.body, input, bound, path);
        return;
      case 'def':
        yield* this.ev(n.rest, input, this.bindDef(n, env), path);
        return;
      case 'call':
        yield* this.call(n, input, env, path);
        return;
      case 'label': {
        const id = ++labels;
        try {
          yield* this.ev(n.body, input, { ...env, vars: { name: `*label*${n.name}`, value: id, next: env.vars } }, path);
        } catch (e) {
          if (!(e instanceof JqBreak) || e.label !== id) throw e;
        }
        return;
      }
      case 'break': {
        const id = lookupVar(env, `*label*${n.name}`);
        if (typeof id !== 'number') throw new JqError('$*label-' + n.name + ' is not defined');
        throw new JqBreak(id);
      }
    }
  }

  /** Object construction: the first entry varies slowest. */
  private *object(entries: { key: Node; value: Node }[], i: number, input: Json, env: Env, acc: Map<string, Json>): Generator<Map<string, Json>> {
    if (i === entries.length) {
      yield new Map(acc);
      return;
    }
    const e = entries[i]!;
    for (const k of this.values(e.key, input, env)) {
      if (typeof k !== 'string') throw new JqError(`Cannot use ${show(k)} as object key`);
      for (const v of this.values(e.value, input, env)) {
        const next = new Map(acc);
        next.set(k, v);
        yield* this.object(entries, i + 1, input, env, next);
      }
    }
  }

  /** String interpolation: the last part varies slowest. */
  private *interpolate(parts: (string | Node)[], format: string | undefined, input: Json, env: Env, i: number): Generator<string> {
    if (i < 0) {
      yield '';
      return;
    }
    const part = parts[i]!;
    if (typeof part === 'string') {
      for (const head of this.interpolate(parts, format, input, env, i - 1)) yield head + part;
      return;
    }
    for (const v of this.values(part, input, env)) {
      const s = formatValue(format ?? 'text', v);
      for (const head of this.interpolate(parts, format, input, env, i - 1)) yield head + s;
    }
  }

  /** Destructuring `as` patterns: each way the value binds. */
  *bind(p: Pattern, value: Json, env: Env): Generator<Env> {
    if (p.t === 'var') {
      yield { ...env, vars: { name: p.name, value, next: env.vars } };
      return;
    }
    if (p.t === 'array') {
      if (value !== null && !Array.isArray(value)) throw new JqError(`Cannot index ${isObject(value) ? 'object' : typeof value} with number`);
      yield* this.bindAll(p.items.map((item, i) => [item, { t: 'literal', value: i }] as const), value, env, env);
      return;
    }
    const pairs: (readonly [Pattern, Node, string?])[] = p.entries.map((e) => [e.pattern ?? { t: 'var', name: e.bind! }, e.key, e.pattern && e.bind] as const);
    yield* this.bindAll(pairs, value, env, env);
  }

  private *bindAll(pairs: readonly (readonly [Pattern, Node, string?])[], value: Json, env: Env, keysEnv: Env): Generator<Env> {
    if (pairs.length === 0) {
      yield env;
      return;
    }
    const [pattern, keyNode, alsoBind] = pairs[0]!;
    for (const k of this.values(keyNode, value, keysEnv)) {
      const v = indexValue(value, k);
      const withKey = alsoBind ? { ...env, vars: { name: alsoBind, value: v, next: env.vars } } : env;
      for (const e of this.bind(pattern, v, withKey)) yield* this.bindAll(pairs.slice(1), value, e, e);
    }
  }

  private *call(n: Extract<Node, { t: 'call' }>, input: Json, env: Env, path: PathState): Generator<Out> {
    const key = `${n.name}/${n.args.length}`;
    let s = env.fns;
    while (s && s.key !== key) s = s.next;
    if (s) {
      const f = s.fn;
      if ('closure' in f) {
        yield* this.ev(f.closure, input, f.env, path);
        return;
      }
      yield* this.callFn(f, n.args, 0, input, env, f.env, path);
      return;
    }
    const b = BUILTINS.get(key);
    if (!b) throw new JqError(`${key} is not defined`);
    yield* b(this, { input, path, args: n.args, env, ctx: this.ctx });
  }

  /** Binds parameter `i` onward (a `$x` parameter once per value of its argument), then runs the body. */
  private *callFn(f: Fn, args: Node[], i: number, input: Json, caller: Env, bodyEnv: Env, path: PathState): Generator<Out> {
    if (i === f.params.length) {
      yield* this.ev(f.body, input, bodyEnv, path);
      return;
    }
    const param = f.params[i]!;
    if (!param.startsWith('$')) {
      const fns: FnScope = { key: `${param}/0`, fn: { closure: args[i]!, env: caller }, next: bodyEnv.fns };
      yield* this.callFn(f, args, i + 1, input, caller, { ...bodyEnv, fns }, path);
      return;
    }
    const name = param.slice(1);
    for (const v of this.values(args[i]!, input, caller)) {
      const fns: FnScope = { key: `${name}/0`, fn: { closure: { t: 'literal', value: v }, env: bodyEnv }, next: bodyEnv.fns };
      yield* this.callFn(f, args, i + 1, input, caller, { vars: { name, value: v, next: bodyEnv.vars }, fns }, path);
    }
  }

  /** `=`, `|=` and the arithmetic updates, through the paths the left side finds. */
  private *assign(n: Extract<Node, { t: 'assign' }>, input: Json, env: Env): Generator<Json> {
    const paths = (): Json[][] => [...this.paths(n.left, input, env)];
    if (n.op === '|=') {
      let acc = input;
      for (const p of paths()) {
        const old = getPath(acc, p);
        let done = false;
        for (const v of this.values(n.right, old, env)) {
          acc = setPath(acc, p, v);
          done = true;
          break;
        }
        if (!done) acc = deletePaths(acc, [p]);
      }
      yield acc;
      return;
    }
    for (const rhs of this.values(n.right, input, env)) {
      let acc = input;
      for (const p of paths()) {
        if (n.op === '=') acc = setPath(acc, p, rhs);
        else if (n.op === '//=') {
          const old = getPath(acc, p);
          acc = setPath(acc, p, truthy(old) ? old : rhs);
        } else acc = setPath(acc, p, binop(n.op.slice(0, -1), getPath(acc, p), rhs));
      }
      yield acc;
    }
  }
}
