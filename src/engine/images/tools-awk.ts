/**
 * awk: BusyBox's in busybox/alpine images, mawk 1.3.4 (Debian's awk) in Debian/Ubuntu images and
 * on the learner's laptop. The language is POSIX awk (awk/: lexer, parser, runtime, built-ins);
 * what differs between the two is each one's words and statuses, recorded from mawk 1.3.4
 * 20200120 (invoked as `awk`) and BusyBox 1.35 on this machine:
 *   syntax     mawk `awk: line 1: syntax error at or near }` (2); BusyBox `awk: cmd. line:1: Unexpected token` (1)
 *   run time   mawk `awk: run time error: …` and a `FILENAME="-" FNR=1 NR=1` line (2); BusyBox `awk: cmd. line:1: …` (1)
 *   1/0        mawk prints inf (1%0: -nan); BusyBox stops: `Division by zero`
 *   files      mawk `awk: cannot open /nope (No such file or directory)` (2); BusyBox `awk: /nope: No such file or directory` (1)
 *
 * Refused (status 2, saying so) rather than run wrongly: pipes to and from commands and system(),
 * which would need a second process. Approximate: see awk/builtins.ts (rand's sequence, characters
 * counted where both count bytes) and awk/regex.ts (GNU regex extensions accepted).
 */
import { bb, idsOf, type Tool, type ToolEnv, libcGetopt } from './tool-types';
import { normalizePath, parentProblem, readOnlyAt, stat, writeFile } from './fs';
import { parse, ParseError } from './awk/parser';
import { shown } from './awk/parser-expr';
import { decodeEscapes, LexError, tokenize } from './awk/lexer';
import type { Program } from './awk/ast';
import { Interp, type Source } from './awk/runtime';
import { AwkExit, AwkFatal } from './awk/errors';
import { RegexError } from './awk/regex';
import { toNum } from './awk/values';
import { getopt, getopt32, messageOf, optionWords } from '../../k8s/getopt';

const MAWK_USAGE =
  'Usage: mawk [Options] [Program] [file ...]\n\nProgram:\n    The -f option value is the name of a file containing program text.\n    If no -f option is given, a "--" ends option processing; the following\n    parameters are the program text.\n\nOptions:\n    -f program-file  Program  text is read from file instead of from the\n                     command-line.  Multiple -f options are accepted.\n    -F value         sets the field separator, FS, to value.\n    -v var=value     assigns value to program variable var.\n    --               unambiguous end of options.\n\n    Implementation-specific options are prefixed with "-W".  They can be\n    abbreviated:\n\n    -W version       show version information and exit.\n    -W dump          show assembler-like listing of program and exit.\n    -W help          show this message and exit.\n    -W interactive   set unbuffered output, line-buffered input.\n    -W exec file     use file as program as well as last option.\n    -W random=number set initial random seed.\n    -W sprintf=number adjust size of sprintf buffer.\n    -W posix_space   do not consider "\\n" a space.\n    -W usage         show this message and exit.\n';
const MAWK_VERSION = 'mawk 1.3.4 20200120\nCopyright 2008-2019,2020, Thomas E. Dickey\nCopyright 1991-1996,2014, Michael D. Brennan\n\n';
const MAWK_VERSION_ERR = 'random-funcs:       srandom/random\nregex-funcs:        internal\ncompiled limits:\nsprintf buffer      8192\nmaximum-integer     2147483647\n';
const BB_USAGE = 'BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: awk [OPTIONS] [AWK_PROGRAM] [FILE]...\n\n\t-v VAR=VAL\tSet variable\n\t-F SEP\t\tUse SEP as field separator\n\t-f FILE\t\tRead program from FILE\n\t-e AWK_PROGRAM\n';

const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=([\s\S]*)$/;

interface Options {
  program?: string;
  fs?: string;
  assigns: [string, string][];
  operands: string[];
}

type Refusal = { err: string; out?: string; status: number };

/**
 * The options, or what to print and the status when they end the run. BusyBox walks them with
 * getopt32 "+F:v:*f:*e:*W:" (clusters, stopping at the program) and only then looks at them: `-W`
 * is one warning however often it is given, a `-v` that is no assignment is the usage screen
 * (recorded, BusyBox 1.35). mawk reads one option a word and each as it comes.
 */
function options(args: string[], env: ToolEnv): Options | Refusal {
  const o: Options = { assigns: [], operands: [] };
  const files: string[] = [];
  const take = (letter: string, value: string): Refusal | undefined => {
    if (letter === 'F') o.fs = value === 't' ? '\t' : decodeEscapes(value);
    else if (letter === 'f') files.push(value);
    else if (letter === 'e') o.program = `${o.program ?? ''}${value}\n`;
    else if (letter === 'v') {
      const m = ASSIGNMENT.exec(value);
      if (!m) return bb(env) ? { err: BB_USAGE, status: 1 } : { err: `awk: improper assignment: -v ${value}\n`, status: 2 };
      o.assigns.push([m[1]!, m[2]!]);
    } else if (!bb(env)) {
      if ('version'.startsWith(value)) return { out: MAWK_VERSION, err: MAWK_VERSION_ERR, status: 0 };
      if ('usage'.startsWith(value) || 'help'.startsWith(value)) return { out: MAWK_USAGE, err: '', status: 0 };
    }
    return undefined;
  };
  let rest: string[];
  if (bb(env)) {
    const given: [string, string][] = [];
    const walked = getopt(args, getopt32('+F:v:f:e:W:'), ({ key, value }) => {
      given.push([key, value!]);
      return undefined;
    });
    if (walked.k === 'error') return { err: `awk: ${messageOf(libcGetopt(env), walked.error)}\n${BB_USAGE}`, status: 1 };
    if (given.some(([k]) => k === 'W')) env.io.err('awk: warning: option -W is ignored\n');
    for (const [letter, value] of given) {
      const refused = take(letter, value);
      if (refused) return refused;
    }
    rest = walked.k === 'done' ? walked.operands : [];
  } else {
    const walked = optionWords(args, 'operand', (a, next): Refusal | undefined => {
      const letter = a[1]!;
      const value = a.length > 2 ? a.slice(2) : next();
      if ('FvfW'.includes(letter)) return value === undefined ? { err: `awk: option -${letter} lacks argument\n${MAWK_USAGE}`, status: 2 } : take(letter, value);
      if (a === '--version') return { out: MAWK_VERSION, err: MAWK_VERSION_ERR, status: 0 };
      return { err: `awk: not an option: ${a}\n`, status: 2 };
    });
    if (walked.k === 'stopped') return walked.value;
    rest = args.slice(walked.operands);
  }
  for (const f of files) {
    const s = stat(env.fs, env.base, normalizePath(f, env.cwd));
    if (s.kind !== 'file') return bb(env) ? { err: `awk: can't open '${f}': No such file or directory\n`, status: 1 } : { err: `awk: couldn't open file ${f}\n`, status: 2 };
    o.program = `${o.program ?? ''}${s.content}`;
  }
  if (o.program === undefined) {
    if (rest.length === 0) return bb(env) ? { err: BB_USAGE, status: 1 } : { err: MAWK_USAGE, status: 0 };
    o.program = rest.shift()!;
  }
  o.operands = rest;
  return o;
}

function syntaxError(e: ParseError | LexError, src: string, env: ToolEnv): string {
  if (e instanceof ParseError && e.unsupported) return `awk: ${e.unsupported} is not available in this simulator's awk (it runs no other programs)\n`;
  const line = e instanceof LexError ? e.line : e.token.line;
  if (bb(env)) {
    if (e instanceof ParseError && e.busyboxSays) return `awk: cmd. line:${line}: ${e.busyboxSays}\n`;
    return `awk: cmd. line:${line}: ${e instanceof LexError && e.what !== 'char' ? 'Unexpected end of string' : 'Unexpected token'}\n`;
  }
  if (e instanceof LexError) {
    if (e.what === 'string') return `awk: line ${e.line}: runaway string constant ${e.near} ...\n`;
    if (e.what === 'regex') return `awk: line ${e.line}: runaway regular expression ${e.near} ...\n`;
    return `awk: line ${e.line}: syntax error at or near ${e.near}\n`;
  }
  const t = e.token;
  const toks = e.tokens ?? tokenize(src, false);
  const upTo = toks.indexOf(t) < 0 ? toks : toks.slice(0, toks.indexOf(t));
  const count = (c: string): number => upTo.filter((x) => x.kind === 'op' && x.text === c).length;
  // mawk reads a newline past the end of the text: an open `{` is missing there, on the line after the last.
  if (t.kind === 'eof' && count('{') > count('}')) return `awk: line ${src.endsWith('\n') ? t.line : t.line + 1}: missing } near end of file\n`;
  if (e.mawkSays) return `awk: line ${t.kind === 'eof' && !src.endsWith('\n') ? t.line + 1 : t.line}: ${e.mawkSays}\n`;
  if (e.extraBrace) return `awk: line ${t.line}: extra '}'\nawk: line ${t.line}: syntax error at or near end of line\n`;
  if (t.kind === 'op' && t.text === ')' && count('(') <= count(')')) return `awk: line ${t.line}: extra ')'\n`;
  return `awk: line ${t.line}: syntax error at or near ${shown(t)}\n`;
}

export const awk: Tool = (args, env) => {
  const o = options(args, env);
  if ('err' in o) {
    if (o.out) env.io.out(o.out);
    env.io.err(o.err);
    return { status: o.status };
  }
  const src = o.program!;
  let prog: Program;
  try {
    prog = parse(src, bb(env));
  } catch (e) {
    if (e instanceof RegexError) {
      env.io.err(bb(env) ? `awk: bad regex '${e.source}': ${e.message}\n` : `awk: line ${e.line ?? 1}: regular expression compile failed (${e.mawk})\n${e.source}\n`);
      return { status: bb(env) ? 1 : 2 };
    }
    if (!(e instanceof ParseError) && !(e instanceof LexError)) throw e;
    env.io.err(syntaxError(e, src, env));
    return { status: e instanceof ParseError && e.unsupported ? 2 : bb(env) ? 1 : 2 };
  }
  let out = '';
  const flush = (): void => {
    if (out) env.io.out(out);
    out = '';
  };
  const sources = [...o.operands];
  let usedStdin = false;
  const it: Interp = new Interp(prog, {
    flavour: bb(env) ? 'busybox' : 'mawk',
    out: (t) => (out += t),
    write: (file, text, append) => writeOut(env, file, text, append, (t) => (out += t), flush),
    read: (file) => {
      if (file === '-' || file === '/dev/stdin') return env.io.stdin;
      const s = stat(env.fs, env.base, normalizePath(file, env.cwd));
      return s.kind === 'file' ? s.content : undefined;
    },
    nextSource: (): Source | undefined => {
      for (;;) {
        const a = sources.shift();
        if (a === undefined) {
          if (usedStdin) return undefined;
          usedStdin = true;
          return { kind: 'file', name: '-', text: env.io.stdin };
        }
        const m = ASSIGNMENT.exec(a);
        if (m) return { kind: 'assign', name: m[1]!, value: decodeEscapes(m[2]!) };
        if (a === '') continue;
        usedStdin = true;
        if (a === '-' || a === '/dev/stdin') return { kind: 'file', name: a, text: env.io.stdin };
        const s = stat(env.fs, env.base, normalizePath(a, env.cwd));
        if (s.kind === 'file') return { kind: 'file', name: a, text: s.content };
        if (bb(env)) throw new AwkFatal('', s.kind === 'dir' ? 'cmd. line:1: Is a directory' : `${a}: No such file or directory`, { status: 1 });
        throw new AwkFatal(s.kind === 'dir' ? 'read error (Is a directory)' : `cannot open ${a} (No such file or directory)`, '', { status: 2 });
      }
    },
    seed: 0,
    clockSeconds: Math.floor(env.clock / 1000),
  });
  it.globals.set('ARGC', o.operands.length + 1);
  const argv = it.array('ARGV');
  ['awk', ...o.operands].forEach((a, n) => argv.set({ s: String(n), i: n }, it.nums.input(a)));
  const environ = it.array('ENVIRON');
  for (const [k, v] of Object.entries(env.vars)) environ.set({ s: k }, it.nums.input(v));
  if (o.fs !== undefined) it.globals.set('FS', o.fs);
  for (const [k, v] of o.assigns) it.setVar(k, it.nums.input(decodeEscapes(v)));
  let status: number;
  try {
    status = it.run();
  } catch (e) {
    flush();
    if (e instanceof AwkExit) return { status: e.status };
    if (!(e instanceof AwkFatal) && !(e instanceof RegexError)) throw e;
    env.io.err(fatalText(e, it, env));
    return { status: e instanceof AwkFatal && e.plain ? e.plain.status : bb(env) ? 1 : 2 };
  }
  flush();
  return { status };
};

function fatalText(e: AwkFatal | RegexError, it: Interp, env: ToolEnv): string {
  if (e instanceof RegexError) return bb(env) ? `awk: bad regex '${e.source}': ${e.message}\n` : `awk: run time error: regular expression compile failed (${e.mawk})\n${e.source}\n${where(it)}`;
  if (e.plain) return `awk: ${bb(env) ? e.busybox : e.mawk}\n`;
  return bb(env) ? `awk: cmd. line:1: ${e.busybox}\n` : `awk: run time error: ${e.mawk}\n${where(it)}`;
}

function where(it: Interp): string {
  const v = (n: string): string => it.str(it.getVar(n));
  return `\tFILENAME="${v('FILENAME')}" FNR=${toNum(it.getVar('FNR'))} NR=${toNum(it.getVar('NR'))}\n`;
}

/** print > file: /dev/stdout and /dev/stderr are the streams; a file is written (truncated by the first `>`). */
function writeOut(env: ToolEnv, file: string, text: string, append: boolean, toOut: (t: string) => void, flush: () => void): string | undefined {
  if (file === '/dev/stdout' || file === '-') {
    toOut(text);
    return undefined;
  }
  if (file === '/dev/stderr') {
    flush();
    env.io.err(text);
    return undefined;
  }
  const target = normalizePath(file, env.cwd);
  const parent = parentProblem(env.fs, env.base, target);
  if (parent) return parent;
  if (stat(env.fs, env.base, target).kind === 'dir') return 'Is a directory';
  if (readOnlyAt(env.fs, target)) return 'Read-only file system';
  writeFile(env.fs, env.base, target, text, append, undefined, () => idsOf(env));
  return undefined;
}
