/**
 * jq's compile-time checks: every function called and every `$var` read must be defined where
 * it is used (`jq: error: foo/0 is not defined at <top-level>, line 1:`).
 */
import type { Node, Pattern } from './ast';
import { show } from './ops';

function patternVars(p: Pattern, out: string[]): string[] {
  if (p.t === 'var') out.push(p.name);
  else if (p.t === 'array') p.items.forEach((x) => patternVars(x, out));
  else
    for (const e of p.entries) {
      if (e.bind) out.push(e.bind);
      if (e.pattern) patternVars(e.pattern, out);
    }
  return out;
}

/** The messages for what `n` uses without a definition, given what is defined around it. */
export function undefinedNames(n: Node, fns: ReadonlySet<string>, vars: ReadonlySet<string>): { message: string; pos: number }[] {
  const errors: { message: string; pos: number }[] = [];
  const walk = (x: Node, f: ReadonlySet<string>, v: ReadonlySet<string>): void => {
    const sub = (y: Node | undefined, ff = f, vv = v): void => {
      if (y) walk(y, ff, vv);
    };
    switch (x.t) {
      case 'call':
        if (!f.has(`${x.name}/${x.args.length}`)) errors.push({ message: `${x.name}/${x.args.length} is not defined`, pos: x.pos ?? 0 });
        x.args.forEach((a) => sub(a));
        return;
      case 'var':
        if (!v.has(x.name)) errors.push({ message: `$${x.name} is not defined`, pos: x.pos ?? 0 });
        return;
      case 'def': {
        const withSelf = new Set(f).add(`${x.name}/${x.params.length}`);
        const inner = new Set(withSelf);
        const innerVars = new Set(v);
        for (const p of x.params) {
          inner.add(`${p.replace(/^\$/, '')}/0`);
          if (p.startsWith('$')) innerVars.add(p.slice(1));
        }
        sub(x.body, inner, innerVars);
        sub(x.rest, withSelf);
        return;
      }
      case 'as':
      case 'reduce':
      case 'foreach': {
        sub(x.source);
        const bound = new Set([...v, ...patternVars(x.pattern, [])]);
        if (x.t === 'as') sub(x.body, f, bound);
        else {
          sub(x.init);
          sub(x.update, f, bound);
          if (x.t === 'foreach') sub(x.extract, f, bound);
        }
        return;
      }
      case 'label':
        sub(x.body, f, new Set(v).add(`*label*${x.name}`));
        return;
      case 'break':
        if (!v.has(`*label*${x.name}`)) errors.push({ message: `$*label-${x.name} is not defined`, pos: 0 });
        return;
      case 'string':
        x.parts.forEach((p) => typeof p !== 'string' && sub(p));
        return;
      case 'object':
        for (const e of x.entries) {
          // jq folds a constant key and rejects one that is not a string before running.
          if (e.key.t === 'literal' && typeof e.key.value !== 'string') errors.push({ message: `Cannot use ${show(e.key.value)} as object key`, pos: e.pos ?? 0 });
          sub(e.key);
          sub(e.value);
        }
        return;
      case 'binop':
        sub(x.left);
        sub(x.right);
        // So does a constant division: `1/0`.
        if (x.op === '/' && x.left.t === 'literal' && x.right.t === 'literal' && x.right.value === 0 && typeof x.left.value === 'number') errors.push({ message: 'Division by zero?', pos: x.pos ?? 0 });
        return;
      default:
        for (const val of Object.values(x)) if (val && typeof val === 'object' && 't' in val && typeof (val as { t: unknown }).t === 'string') sub(val as Node);
    }
  };
  walk(n, fns, vars);
  return errors;
}
