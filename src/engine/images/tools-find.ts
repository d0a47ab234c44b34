/**
 * `find [-P] [PATH]... [EXPRESSION]`, GNU findutils 4.9's (Debian 12) and BusyBox's, for what
 * learners type: tests -name, -iname, -path/-wholename, -ipath, -type f|d|l|c|b|p|s, -newer F,
 * -empty, -true, -false; the options -maxdepth, -mindepth, -depth; actions -print, -print0,
 * -prune, -exec CMD {} ; and -exec CMD {} +; operators ( ), !, -not, -a, -and, -o, -or. With no
 * action the whole expression is followed by -print; with no PATH it is `.`. Links are not
 * followed (-P); names are walked in byte order.
 *
 * Recorded on this machine from find 4.9.0 (LC_ALL=C, as in containers) and BusyBox 1.35:
 * a missing PATH `find: '/nope': No such file or directory` (BusyBox `find: /nope: …`), status 1,
 * the other PATHs still searched; `find: unknown predicate `-bogus'` (BusyBox `find:
 * unrecognized: -bogus` and its usage); `find: missing argument to `-name'` (BusyBox `find:
 * -name requires an argument`); `find: Unknown argument to -type: q` (BusyBox `find: invalid
 * argument 'q' to '-type'`); `find: Expected a positive decimal integer argument to -maxdepth,
 * but got 'x'` (BusyBox `find: invalid number 'x'`); all status 1.
 *
 * Approximate: real find walks directories in the order the filesystem returns them, which is
 * not sorted; -exec is taken to succeed, and its commands run after find's own output (through
 * the tool exec's runs: commands.ts execFromTool), so `-exec test … \; -print` prints every file;
 * `-exec … +` runs once with every file. Other tests and actions (-mtime, -size, -perm, -user,
 * -regex, -delete, -ls, -printf, -quit, -L …) are refused by name.
 */
import { fnmatch } from '../../k8s/fnmatch';
import { listDir, lstat, type LStat } from './fs';
import { bb, path, type ExecRequest, type ToolEnv, type ToolResult } from './tool-types';
import { entryOf } from './tools-ls';

type Expr =
  | { k: 'and' | 'or'; l: Expr; r: Expr }
  | { k: 'not'; e: Expr }
  | { k: 'const'; v: boolean }
  | { k: 'name'; pattern: string; nocase: boolean; whole: boolean }
  | { k: 'type'; t: string }
  | { k: 'newer'; mtime: number }
  | { k: 'empty' }
  | { k: 'print'; end: string }
  | { k: 'prune' }
  | { k: 'exec'; argv: string[]; batch: boolean; id: number };

const BB_USAGE = `BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.

Usage: find [-HL] [PATH]... [OPTIONS] [ACTIONS]

Search for files and perform actions on them.
First failed action stops processing of current file.
Defaults: PATH is current directory, action is '-print'
`;

/** Refused by name: tests and actions both find have that the simulation does not model. */
const UNMODELLED = new Set(['-mtime', '-mmin', '-atime', '-amin', '-ctime', '-cmin', '-size', '-perm', '-user', '-group', '-uid', '-gid', '-nouser', '-nogroup', '-regex', '-iregex', '-delete', '-ls', '-fls', '-printf', '-fprintf', '-fprint', '-quit', '-links', '-inum', '-samefile', '-executable', '-readable', '-writable', '-xdev', '-mount', '-follow', '-ok', '-okdir', '-execdir', '-lname', '-ilname', '-xtype', '-fstype', '-used', '-anewer', '-cnewer', '-newermt', '-daystart', '-regextype', '-noleaf', '-ignore_readdir_race', '-context']);

class Stop {
  constructor(readonly result: ToolResult) {}
}

interface Parse {
  maxdepth: number;
  mindepth: number;
  depth: boolean;
  hasAction: boolean;
  execs: number;
}

function fail(env: ToolEnv, gnu: string, busybox: string, usage = false): never {
  env.io.err(bb(env) ? `find: ${busybox}\n${usage ? BB_USAGE : ''}` : `find: ${gnu}\n`);
  throw new Stop({ status: 1 });
}

function parseExpression(env: ToolEnv, words: string[]): { expr: Expr; p: Parse } {
  const p: Parse = { maxdepth: Infinity, mindepth: 0, depth: false, hasAction: false, execs: 0 };
  let i = 0;
  const peek = (): string | undefined => words[i];
  const arg = (name: string): string => {
    const v = words[++i];
    if (v === undefined) fail(env, `missing argument to \`${name}'`, `${name} requires an argument`);
    return v;
  };
  const depthArg = (name: string): number => {
    const v = arg(name);
    if (!/^\d+$/.test(v)) fail(env, `Expected a positive decimal integer argument to ${name}, but got '${v}'`, `invalid number '${v}'`);
    return Number(v);
  };
  const primary = (): Expr => {
    const w = words[i]!;
    switch (w) {
      case '(': {
        i++;
        const e = or();
        if (peek() !== ')') fail(env, 'invalid expression; I was expecting to find a \')\' somewhere but did not see one.', 'unrecognized: (', true);
        i++;
        return e;
      }
      case '!':
      case '-not':
        i++;
        return { k: 'not', e: unary() };
      case '-name':
      case '-iname':
      case '-path':
      case '-ipath':
      case '-wholename':
      case '-iwholename': {
        const pattern = arg(w);
        i++;
        return { k: 'name', pattern, nocase: w.startsWith('-i'), whole: !w.endsWith('name') || w.endsWith('wholename') };
      }
      case '-type': {
        const t = arg(w);
        if (!/^[fdlcbps]$/.test(t)) fail(env, `Unknown argument to -type: ${t}`, `invalid argument '${t}' to '-type'`);
        i++;
        return { k: 'type', t };
      }
      case '-maxdepth':
      case '-mindepth': {
        const n = depthArg(w);
        if (w === '-maxdepth') p.maxdepth = n;
        else p.mindepth = n;
        i++;
        return { k: 'const', v: true };
      }
      case '-depth':
      case '-d':
        p.depth = true;
        i++;
        return { k: 'const', v: true };
      case '-newer': {
        const f = arg(w);
        const e = entryOf(env, path(env, f), f, true);
        if (!e) fail(env, `'${f}': No such file or directory`, `${f}: No such file or directory`);
        i++;
        return { k: 'newer', mtime: e.mtime };
      }
      case '-empty':
        i++;
        return { k: 'empty' };
      case '-true':
      case '-false':
        i++;
        return { k: 'const', v: w === '-true' };
      case '-print':
      case '-print0':
        p.hasAction = true;
        i++;
        return { k: 'print', end: w === '-print' ? '\n' : '\0' };
      case '-prune':
        i++;
        return { k: 'prune' };
      case '-exec': {
        const start = i + 1;
        let end = start;
        while (end < words.length && words[end] !== ';' && !(words[end] === '+' && words[end - 1] === '{}')) end++;
        if (end >= words.length || end === start) fail(env, "missing argument to `-exec'", '-exec requires an argument');
        p.hasAction = true;
        i = end + 1;
        return { k: 'exec', argv: words.slice(start, words[end] === '+' ? end - 1 : end), batch: words[end] === '+', id: p.execs++ };
      }
      default:
        if (UNMODELLED.has(w)) {
          env.io.err(`find: ${w}: not simulated in this classroom\n`);
          throw new Stop({ status: 1 });
        }
        if (w.startsWith('-')) fail(env, `unknown predicate \`${w}'`, `unrecognized: ${w}`, true);
        fail(env, `paths must precede expression: \`${w}'`, `unrecognized: ${w}`, true);
    }
  };
  const unary = (): Expr => {
    if (peek() === undefined) fail(env, "invalid expression; you have used a binary operator '!' with nothing before it.", 'unrecognized: !', true);
    return primary();
  };
  const and = (): Expr => {
    let l = unary();
    for (;;) {
      const w = peek();
      if (w === undefined || w === ')' || w === '-o' || w === '-or') return l;
      if (w === '-a' || w === '-and') i++;
      l = { k: 'and', l, r: unary() };
    }
  };
  const or = (): Expr => {
    let l = and();
    while (peek() === '-o' || peek() === '-or') {
      i++;
      l = { k: 'or', l, r: and() };
    }
    return l;
  };
  const expr: Expr = words.length === 0 ? { k: 'const', v: true } : or();
  if (i < words.length) fail(env, `unexpected extra predicate '${words[i]!}'`, `unrecognized: ${words[i]!}`, true);
  return { expr, p };
}

interface Visit {
  shown: string;
  full: string;
  s: LStat;
}

const TYPE: Record<LStat['kind'], string> = { file: 'f', dir: 'd', link: 'l', none: '' };

export function find(args: string[], env: ToolEnv): ToolResult {
  let i = 0;
  while (args[i] === '-P') i++;
  if (args[i] === '-L' || args[i] === '-H') {
    env.io.err(`find: ${args[i]!}: not simulated in this classroom\n`);
    return { status: 1 };
  }
  const paths: string[] = [];
  for (; i < args.length; i++) {
    const a = args[i]!;
    if ((a.startsWith('-') && a !== '-') || a === '(' || a === '!') break;
    paths.push(a);
  }
  let parsed: { expr: Expr; p: Parse };
  try {
    parsed = parseExpression(env, args.slice(i));
  } catch (e) {
    if (e instanceof Stop) return e.result;
    throw e;
  }
  const { p } = parsed;
  const expr: Expr = p.hasAction ? parsed.expr : { k: 'and', l: parsed.expr, r: { k: 'print', end: '\n' } };
  const runs: string[][] = [];
  const batches = new Map<number, { argv: string[]; files: string[] }>();
  let pruned = false;
  const evaluate = (e: Expr, v: Visit): boolean => {
    switch (e.k) {
      case 'and': return evaluate(e.l, v) && evaluate(e.r, v);
      case 'or': return evaluate(e.l, v) || evaluate(e.r, v);
      case 'not': return !evaluate(e.e, v);
      case 'const': return e.v;
      case 'name': {
        const subject = e.whole ? v.shown : baseName(v.shown);
        return fnmatch(e.pattern, subject, { nocase: e.nocase });
      }
      case 'type': return (v.full === '/dev/null' ? 'c' : TYPE[v.s.kind]) === e.t;
      case 'newer': return (entryOf(env, v.full, v.shown, false)?.mtime ?? 0) > e.mtime;
      case 'empty': return v.s.kind === 'dir' ? listDir(env.fs, env.base, v.full).length === 0 : v.s.kind === 'file' && (entryOf(env, v.full, v.shown, false)?.size ?? 1) === 0;
      case 'print':
        env.io.out(`${v.shown}${e.end}`);
        return true;
      case 'prune':
        pruned = true;
        return true;
      case 'exec':
        if (!e.batch) runs.push(e.argv.map((a) => a.split('{}').join(v.shown)));
        else {
          const b = batches.get(e.id) ?? { argv: e.argv, files: [] };
          b.files.push(v.shown);
          batches.set(e.id, b);
        }
        return true;
    }
  };
  let status = 0;
  const walk = (v: Visit, depth: number): void => {
    pruned = false;
    const act = depth >= p.mindepth;
    if (act && !p.depth) evaluate(expr, v);
    if (v.s.kind === 'dir' && depth < p.maxdepth && !(pruned && !p.depth)) {
      for (const name of listDir(env.fs, env.base, v.full)) {
        const full = v.full === '/' ? `/${name}` : `${v.full}/${name}`;
        const shown = v.shown.endsWith('/') ? `${v.shown}${name}` : `${v.shown}/${name}`;
        walk({ shown, full, s: lstat(env.fs, env.base, full) }, depth + 1);
      }
    }
    if (act && p.depth) evaluate(expr, v);
  };
  for (const start of paths.length > 0 ? paths : ['.']) {
    const full = path(env, start);
    const s = lstat(env.fs, env.base, full);
    if (s.kind === 'none') {
      env.io.err(bb(env) ? `find: ${start}: No such file or directory\n` : `find: '${start}': No such file or directory\n`);
      status = 1;
      continue;
    }
    walk({ shown: start, full, s }, 0);
  }
  for (const b of batches.values()) runs.push([...b.argv, ...b.files]);
  if (runs.length === 0) return { status };
  const [first, ...more] = runs;
  const name = first![0]!;
  const exec: ExecRequest = {
    argv: first!,
    env: env.vars,
    // Recorded: a missing -exec program is only a false test (status 0) — after its message,
    // printed once here, where find prints it for every file.
    missing: bb(env) ? `find: ${name}: No such file or directory\n` : `find: '${name}': No such file or directory\n`,
    missingStatus: batches.size > 0 ? 1 : status,
    ...(more.length > 0 ? { more } : {}),
    // `-exec … {} +` failing makes find's status 1; `-exec … ;` is only a test's false.
    status: (statuses) => (status !== 0 || (batches.size > 0 && statuses.slice(statuses.length - batches.size).some((s) => s !== 0)) ? 1 : 0),
  };
  return { status: 0, exec };
}

function baseName(p: string): string {
  const t = p.replace(/\/+$/, '');
  return t === '' ? '/' : t.slice(t.lastIndexOf('/') + 1);
}
