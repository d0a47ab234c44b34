/**
 * Forecasting needs to know when to stop: a `while true` (or `until false`) whose body has no
 * way out (no exit/break/exec/return/kill) never ends, so running it ahead is pointless; and a
 * loop that reads the clock may not repeat even when its state does.
 */
import type { Machine } from './machine';
import { node } from './machine';
import type { ShellNode } from './shell-ast';

function isTrue(m: Machine, i: number): boolean {
  const n = node(m, i);
  if (n.t === 'seq') return n.items.length === 1 && isTrue(m, n.items[0]!);
  if (n.t !== 'cmd' || n.words.length !== 1 || n.assigns.length > 0) return false;
  const w = n.words[0]!;
  return w.length === 1 && w[0]!.t === 'lit' && (w[0]!.v === 'true' || w[0]!.v === ':');
}

/** `while true` (or `until false`) whose body can never leave: no exit/break/exec/return. */
export function endlessLoop(m: Machine, n: Extract<ShellNode, { t: 'loop' }>): boolean {
  const cond = node(m, n.cond);
  const isFalse = cond.t === 'seq' && cond.items.length === 1 && (() => {
    const c = node(m, cond.items[0]!);
    return c.t === 'cmd' && c.words.length === 1 && c.words[0]!.length === 1 && c.words[0]![0]!.t === 'lit' && c.words[0]![0]!.v === 'false';
  })();
  if (!(n.until ? isFalse : isTrue(m, n.cond))) return false;
  const seen = new Set<number>();
  const escapes = (i: number): boolean => {
    if (seen.has(i)) return false;
    seen.add(i);
    const x = node(m, i);
    switch (x.t) {
      case 'cmd': {
        const w = x.words[0];
        const first = w && w.length === 1 && w[0]!.t === 'lit' ? w[0]!.v : '';
        if (['exit', 'break', 'exec', 'return', 'kill'].includes(first) || (w !== undefined && first === '')) return true;
        // A function's body runs here: it may leave the loop.
        const fn = m.functions && Object.hasOwn(m.functions, first) ? m.functions[first] : undefined;
        if (fn !== undefined && escapes(fn)) return true;
        return x.words.some((word) => word.some((s) => (s.t === 'cmd' || s.t === 'procsub') && escapes(s.root)));
      }
      case 'pipe': return x.cmds.some(escapes);
      case 'and': case 'or': return escapes(x.l) || escapes(x.r);
      case 'seq': return x.items.some(escapes);
      case 'loop': return escapes(x.cond) || escapes(x.body);
      case 'for': return escapes(x.body);
      case 'if': return escapes(x.cond) || escapes(x.then) || (x.else !== null && escapes(x.else));
      case 'group': return escapes(x.body);
      case 'fndef': return false;
      case 'case': return x.arms.some((a) => escapes(a.body));
      case 'cond':
      case 'arith': return false;
    }
  };
  return !escapes(n.body);
}


/** The loop reads the clock (`date`), so an unchanged state does not mean it will repeat. */
export function readsClock(m: Machine, i: number, seen = new Set<number>()): boolean {
  if (seen.has(i)) return false;
  seen.add(i);
  const x = node(m, i);
  switch (x.t) {
    case 'cmd':
      return x.words.some((w) => w.some((s) => (s.t === 'lit' && /(^|\/)date$/.test(s.v)) || (s.t === 'cmd' && readsClock(m, s.root, seen))));
    case 'pipe': return x.cmds.some((c) => readsClock(m, c, seen));
    case 'and': case 'or': return readsClock(m, x.l, seen) || readsClock(m, x.r, seen);
    case 'seq': return x.items.some((c) => readsClock(m, c, seen));
    case 'loop': return readsClock(m, x.cond, seen) || readsClock(m, x.body, seen);
    case 'for': return readsClock(m, x.body, seen);
    case 'if': return readsClock(m, x.cond, seen) || readsClock(m, x.then, seen) || (x.else !== null && readsClock(m, x.else, seen));
    case 'group': return readsClock(m, x.body, seen);
    case 'fndef': return false;
    case 'case': return x.arms.some((a) => readsClock(m, a.body, seen));
    case 'cond':
    case 'arith': return false;
  }
}
