/**
 * Text filters scripts pipe through (awk, head, tail, wc, grep, tee, seq, sort, uniq, tr, cut). They
 * read stdin or a file and write stdout; `tail -f` never returns (the keep-alive idiom).
 */
import { stat, writeFile } from './fs';
import { awk } from './tools-awk';
import { flags, ok, path, type Tool, type ToolEnv, type ToolResult } from './tool-types';

function lines(text: string): string[] {
  const l = text.split('\n');
  if (l[l.length - 1] === '') l.pop();
  return l;
}

function inputOf(args: string[], env: ToolEnv): string {
  if (args.length === 0) return env.io.stdin;
  const s = stat(env.fs, env.base, path(env, args[args.length - 1]!));
  return s.kind === 'file' ? s.content : '';
}

function countOpt(args: string[], def: number): { n: number; rest: string[] } {
  const rest: string[] = [];
  let n = def;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-n') n = Number(args[++i] ?? def);
    else if (/^-n?\d+$/.test(a)) n = Number(a.replace(/^-n?/, ''));
    else if (a !== '-f' && a !== '-F') rest.push(a);
  }
  return { n, rest };
}

function head(args: string[], env: ToolEnv): ToolResult {
  const { n, rest } = countOpt(args, 10);
  const l = lines(inputOf(rest, env)).slice(0, n);
  if (l.length) env.io.out(`${l.join('\n')}\n`);
  return ok;
}

function tail(args: string[], env: ToolEnv): ToolResult {
  const { n, rest } = countOpt(args, 10);
  const l = lines(inputOf(rest, env));
  const shown = n === 0 ? [] : l.slice(-n);
  if (shown.length) env.io.out(`${shown.join('\n')}\n`);
  // `tail -f` follows forever (the `tail -f /dev/null` keep-alive idiom).
  return args.includes('-f') || args.includes('-F') ? { status: 0, block: true } : ok;
}

function wc(args: string[], env: ToolEnv): ToolResult {
  const { set, rest } = flags(args);
  const text = inputOf(rest, env);
  const l = (text.match(/\n/g) ?? []).length;
  const w = text.split(/\s+/).filter(Boolean).length;
  const c = text.length;
  const pick = set.size === 0 ? [l, w, c] : [set.has('l') ? l : null, set.has('w') ? w : null, set.has('c') ? c : null].filter((x): x is number => x !== null);
  const name = rest[0] ? ` ${rest[0]}` : '';
  env.io.out(`${pick.map((x) => (pick.length > 1 ? String(x).padStart(7) : String(x))).join(' ')}${name}\n`);
  return ok;
}

/** grep's context options (`-A 5`, `-A5`, `--after-context=5`, `-B`, `-C`), taken out of its argv. */
function contextOpts(args: string[]): { after: number; before: number; rest: string[] } {
  const ctx = { A: 0, B: 0 };
  const rest: string[] = [];
  const long: Record<string, 'A' | 'B' | 'C'> = { 'after-context': 'A', 'before-context': 'B', context: 'C' };
  const set = (which: 'A' | 'B' | 'C', n: number): void => {
    if (which !== 'B') ctx.A = n;
    if (which !== 'A') ctx.B = n;
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const short = a.match(/^-([ABC])(\d*)$/);
    const named = a.match(/^--(after-context|before-context|context)=(\d+)$/);
    if (short) set(short[1] as 'A' | 'B' | 'C', Number(short[2] || args[++i] || 0));
    else if (named) set(long[named[1]!]!, Number(named[2]));
    else rest.push(a);
  }
  return { after: ctx.A, before: ctx.B, rest };
}

/** The lines to print around matches, with `--` between groups that do not touch, as grep does. */
function withContext(all: string[], hits: boolean[], before: number, after: number): string[] {
  const out: string[] = [];
  let last = -1;
  for (let i = 0; i < all.length; i++) {
    if (!hits[i]) continue;
    const from = Math.max(i - before, last + 1);
    if (last >= 0 && from > last + 1) out.push('--');
    const to = Math.min(i + after, all.length - 1);
    for (let j = from; j <= to; j++) out.push(all[j]!);
    last = Math.max(last, to);
  }
  return out;
}

function grep(argv: string[], env: ToolEnv): ToolResult {
  const { after, before, rest: args } = contextOpts(argv);
  const { set, rest } = flags(args);
  const [pattern = '', ...files] = rest;
  let re: RegExp;
  try {
    re = new RegExp(set.has('F') ? pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : pattern.replace(/\\\(|\\\)|\\\|/g, (m) => m.slice(1)), set.has('i') ? 'i' : '');
  } catch {
    re = new RegExp(pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  }
  const all = lines(inputOf(files, env));
  const hits = all.map((l) => re.test(l) !== set.has('v'));
  const matched = all.filter((_l, i) => hits[i]);
  const shown = after || before ? withContext(all, hits, before, after) : matched;
  if (set.has('c')) env.io.out(`${matched.length}\n`);
  else if (!set.has('q') && shown.length) env.io.out(`${shown.join('\n')}\n`);
  return { status: matched.length > 0 ? 0 : 1 };
}

function tee(args: string[], env: ToolEnv): ToolResult {
  const { set, rest } = flags(args);
  for (const f of rest) writeFile(env.fs, env.base, path(env, f), env.io.stdin, set.has('a'));
  env.io.out(env.io.stdin);
  return ok;
}

function seq(args: string[], env: ToolEnv): ToolResult {
  const n = args.map(Number);
  const [first, step, last] = n.length === 1 ? [1, 1, n[0]!] : n.length === 2 ? [n[0]!, 1, n[1]!] : [n[0]!, n[1]!, n[2]!];
  const out: string[] = [];
  for (let x = first; step > 0 ? x <= last : x >= last; x += step) {
    out.push(String(x));
    if (out.length > 100_000 || step === 0) break;
  }
  if (out.length) env.io.out(`${out.join('\n')}\n`);
  return ok;
}

function textFilter(fn: (input: string[], args: string[]) => string[]): Tool {
  return (args, env) => {
    const out = fn(lines(env.io.stdin), args);
    if (out.length) env.io.out(`${out.join('\n')}\n`);
    return ok;
  };
}

/** Commands every shell image has, keyed by name. */
export const TEXT_TOOLS: Record<string, Tool> = {
  awk,
  head,
  tail,
  wc,
  grep,
  tee,
  seq,
  sort: textFilter((l, args) => {
    const s = [...l].sort();
    return args.includes('-r') ? s.reverse() : s;
  }),
  uniq: textFilter((l) => l.filter((x, i) => i === 0 || l[i - 1] !== x)),
  tr: (args, env) => {
    const [from = '', to = ''] = args.filter((a) => !a.startsWith('-'));
    const expand = (s: string): string =>
      s.replace(/(.)-(.)/g, (_m, a: string, b: string) => {
        let r = '';
        for (let c = a.charCodeAt(0); c <= b.charCodeAt(0); c++) r += String.fromCharCode(c);
        return r;
      });
    const f = expand(from);
    const t = expand(to);
    const del = args.includes('-d');
    let out = '';
    for (const ch of env.io.stdin) {
      const k = f.indexOf(ch);
      out += k < 0 ? ch : del ? '' : (t[Math.min(k, t.length - 1)] ?? '');
    }
    env.io.out(out);
    return ok;
  },
  cut: textFilter((l, args) => {
    const d = (args.find((a) => a.startsWith('-d')) ?? '-d\t').slice(2) || '\t';
    const f = Number((args.find((a) => a.startsWith('-f')) ?? '-f1').slice(2)) || 1;
    return l.map((x) => x.split(d)[f - 1] ?? '');
  }),
};
