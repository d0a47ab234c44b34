/**
 * jq 1.6 (Debian 12's /usr/bin/jq) at the laptop prompt: `kubectl get pods -o json | jq -r
 * '.items[].metadata.name'`. The language lives in ./jq (lexer, parser, evaluator, builtins,
 * printer); this file is the command line: options, reading JSON values from stdin or files,
 * and jq's messages and exit codes (2 usage or a missing file, 3 compile error, 4 input that is
 * not JSON or -e with no output, 5 runtime error), recorded in tools-jq.test.ts.
 */
import { EPOCH_MS } from '../../k8s/time';
import { stat } from './fs';
import type { Node } from './jq/ast';
import { undefinedNames } from './jq/check';
import { Evaluator, STEP_LIMIT } from './jq/eval';
import { JqHalt } from './jq/builtins-text';
import { parseStream } from './jq/json-parse';
import { JqSyntaxError } from './jq/lex';
import { SIZE_LIMIT } from './jq/ops';
import { parse } from './jq/parse';
import { compact, dump, type PrintOptions } from './jq/print';
import { JqBreak, JqError, JqLimit, truthy, type Json } from './jq/value';
import { path, type ToolEnv, type ToolResult } from './tool-types';

const HINT = 'Use jq --help for help with command-line options,\nor see the jq manpage, or online docs  at https://stedolan.github.io/jq\n';
const HELP = "jq - commandline JSON processor [version 1.6]\n\nUsage:\tjq [options] <jq filter> [file...]\n\tjq [options] --args <jq filter> [strings...]\n\tjq [options] --jsonargs <jq filter> [JSON_TEXTS...]\n\njq is a tool for processing JSON inputs, applying the given filter to\nits JSON text inputs and producing the filter's results as JSON on\nstandard output.\n\nThe simplest filter is ., which copies jq's input to its output\nunmodified (except for formatting, but note that IEEE754 is used\nfor number representation internally, with all that that implies).\n\nFor more advanced filters see the jq(1) manpage (\"man jq\")\nand/or https://stedolan.github.io/jq\n\nExample:\n\n\t$ echo '{\"foo\": 0}' | jq .\n\t{\n\t\t\"foo\": 0\n\t}\n\nSome of the options include:\n  -c               compact instead of pretty-printed output;\n  -n               use `null` as the single input value;\n  -e               set the exit status code based on the output;\n  -s               read (slurp) all inputs into an array; apply filter to it;\n  -r               output raw strings, not JSON texts;\n  -R               read raw strings, not JSON texts;\n  -C               colorize JSON;\n  -M               monochrome (don't colorize JSON);\n  -S               sort keys of objects on output;\n  --tab            use tabs for indentation;\n  --arg a v        set variable $a to value <v>;\n  --argjson a v    set variable $a to JSON value <v>;\n  --slurpfile a f  set variable $a to an array of JSON texts read from <f>;\n  --rawfile a f    set variable $a to a string consisting of the contents of <f>;\n  --args           remaining arguments are string arguments, not files;\n  --jsonargs       remaining arguments are JSON arguments, not files;\n  --               terminates argument processing;\n\nNamed arguments are also available as $ARGS.named[], while\npositional arguments are available as $ARGS.positional[].\n\nSee the manpage for more options.\n";

const SHORT: Record<string, string> = { n: 'null-input', r: 'raw-output', j: 'join-output', c: 'compact-output', s: 'slurp', e: 'exit-status', S: 'sort-keys', C: 'color-output', M: 'monochrome-output', a: 'ascii-output', R: 'raw-input', h: 'help', f: 'from-file' };
const LONG = new Set([...Object.values(SHORT), 'tab', 'indent', 'arg', 'argjson', 'unbuffered']);
/** Real jq options this terminal does not model: refused by name rather than ignored. */
const UNMODELLED = new Set(['seq', 'stream', 'slurpfile', 'rawfile', 'args', 'jsonargs', 'from-file', 'debug-dump-disasm', 'debug-trace', 'run-tests']);

interface Options {
  set: Set<string>;
  /** The layout, as jq's dumpopts: the last of -c, --tab and --indent wins. */
  layout: { pretty: boolean; tab: boolean; indent: number };
  named: Map<string, Json>;
  filter?: string;
  files: string[];
}

function fail(env: ToolEnv, text: string, status = 2): ToolResult {
  env.io.err(text);
  return { status };
}

function options(args: string[], env: ToolEnv): Options | ToolResult {
  const o: Options = { set: new Set(), layout: { pretty: true, tab: false, indent: 2 }, named: new Map(), files: [] };
  let positional = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const operand = (): void => {
      if (o.filter === undefined) o.filter = a;
      else o.files.push(a);
    };
    if (positional || !a.startsWith('-') || a === '-') {
      operand();
      continue;
    }
    // jq 1.6 takes `--` as the end of its options.
    if (a === '--') {
      positional = true;
      continue;
    }
    // -L DIR (a module search path): nothing here is a module, so it only uses up its operand.
    if (a === '-L' || a.startsWith('-L')) {
      if (a === '-L') i++;
      continue;
    }
    if (a.startsWith('--')) {
      const name = a.slice(2);
      if (UNMODELLED.has(name)) return fail(env, `jq: ${a} is not supported in this terminal\n`);
      if (!LONG.has(name)) return fail(env, `jq: Unknown option ${a}\n${HINT}`);
      if (name === 'indent') {
        if (args[i + 1] === undefined) return fail(env, `jq: --indent takes one parameter\n${HINT}`);
        // atoi: leading digits, anything else 0.
        const n = parseInt(args[++i]!, 10) || 0;
        if (n < -1 || n > 7) return fail(env, `jq: --indent takes a number between -1 and 7\n${HINT}`);
        o.layout = n === 0 ? { pretty: false, tab: false, indent: 0 } : { pretty: true, tab: false, indent: n };
      } else if (name === 'tab') {
        o.layout = { pretty: true, tab: true, indent: o.layout.indent };
      } else if (name === 'compact-output') {
        o.layout = { ...o.layout, pretty: false, tab: false };
      } else if (name === 'arg' || name === 'argjson') {
        const [k, v] = [args[i + 1], args[i + 2]];
        if (k === undefined || v === undefined) return fail(env, `jq: --${name} takes two parameters (e.g. --${name} varname ${name === 'arg' ? 'value' : 'text'})\n${HINT}`);
        i += 2;
        if (name === 'arg') o.named.set(k, v);
        else {
          const r = parseStream(v);
          if (r.error || r.values.length !== 1) return fail(env, `jq: invalid JSON text passed to --argjson\n${HINT}`);
          o.named.set(k, r.values[0]!.value);
        }
      } else o.set.add(name);
      continue;
    }
    const letters = a.slice(1);
    // jq matches each option letter once: `-rr` is unknown.
    if (new Set(letters).size !== letters.length) return fail(env, `jq: Unknown option ${a}\n${HINT}`);
    for (const c of letters) {
      const long = SHORT[c];
      if (!long) return fail(env, `jq: Unknown option ${a}\n${HINT}`);
      if (UNMODELLED.has(long)) return fail(env, `jq: -${c} is not supported in this terminal\n`);
      if (long === 'compact-output') o.layout = { ...o.layout, pretty: false, tab: false };
      else o.set.add(long);
    }
  }
  return o;
}

interface Input {
  value: Json;
  /** `<stdin>:N` or `FILE:N`, as jq names it in an error. */
  where: string;
  /** input_filename: null for stdin. */
  file: Json;
}

/**
 * The values to run the filter on. jq 1.6 reads its files as one stream (a term left open at
 * the end of one file goes on in the next; line numbers in parse errors run on), but names the
 * file and its own line in a runtime error. A file it cannot open is reported, one more value
 * is read, and then it stops.
 */
function inputs(o: Options, env: ToolEnv): { values: Input[]; error?: string; status: number } {
  const sources: { name: string; text: string; stdin: boolean }[] = [];
  let status = 0;
  let error = '';
  let stopAfter: number | undefined;
  const names = o.files.length === 0 ? ['-'] : o.files;
  for (const f of names) {
    if (f === '-') {
      sources.push({ name: '<stdin>', text: env.io.stdin, stdin: true });
      continue;
    }
    const s = stat(env.fs, env.base, path(env, f));
    // A directory opens and reads as nothing, but the exit status is 2, without a word.
    if (s.kind === 'dir') status = 2;
    if (s.kind !== 'none') sources.push({ name: f, text: s.kind === 'file' ? s.content : '', stdin: false });
    else {
      error += `jq: error: Could not open file ${f}: No such file or directory\n`;
      status = 2;
      stopAfter ??= sources.length;
    }
  }
  const all = sources.map((s) => s.text).join('').replace(/^\ufeff/, '');
  const values: Input[] = [];
  if (o.set.has('raw-input')) {
    if (o.set.has('slurp')) values.push({ value: all, where: '<stdin>:0', file: null });
    else all.split('\n').forEach((line, i, a) => (i < a.length - 1 || line !== '') && values.push({ value: line, where: `<stdin>:${i + 1}`, file: null }));
    return { values, status, ...(error ? { error } : {}) };
  }
  const r = parseStream(all);
  const starts: number[] = [];
  let at = 0;
  for (const s of sources) {
    starts.push(at);
    at += s.text.length;
  }
  for (const p of r.values) {
    let k = sources.length - 1;
    while (k > 0 && starts[k]! > Math.min(p.end, all.length - 1)) k--;
    const src = sources[k]!;
    const local = Math.max(0, p.end - starts[k]!);
    const nl = src.text.indexOf('\n', local);
    const line = (nl < 0 ? src.text : src.text.slice(0, nl + 1)).split('\n').length - 1;
    values.push({ value: p.value, where: `${src.name}:${line}`, file: src.stdin ? null : src.name });
    // Past a file it could not open, jq takes the next value and stops.
    if (stopAfter !== undefined && k >= stopAfter) break;
  }
  if (r.error) {
    error += `parse error: ${r.error}\n`;
    status = 4;
  }
  return { values, status, ...(error ? { error } : {}) };
}

function compileError(env: ToolEnv, messages: { message: string; pos: number }[], filter: string): ToolResult {
  for (const { message, pos } of messages) {
    const start = filter.lastIndexOf('\n', pos - 1) + 1;
    const end = filter.indexOf('\n', start);
    const line = filter.slice(0, start).split('\n').length;
    env.io.err(`jq: error: ${message} at <top-level>, line ${line}:\n${filter.slice(start, end < 0 ? undefined : end)}${' '.repeat(pos - start)}\n`);
  }
  env.io.err(`jq: ${messages.length} compile ${messages.length === 1 ? 'error' : 'errors'}\n`);
  return { status: 3 };
}

export function jq(args: string[], env: ToolEnv): ToolResult {
  const o = options(args, env);
  if (!('set' in o)) return o;
  if (o.set.has('help')) {
    env.io.out(HELP);
    return { status: 0 };
  }
  // With no filter jq 1.6 runs `.` when stdin or stdout is not a terminal; typed alone at the
  // prompt (both are) it prints its usage to stderr and exits 2 (main.c's usage(2, 0)).
  if (o.filter === undefined && env.io.terminal) {
    env.io.err(`${HELP.slice(0, HELP.indexOf('Some of the options include:'))}For a listing of options, use jq --help.\n`);
    return { status: 2 };
  }
  const filter = o.filter ?? '.';
  let ast: Node;
  try {
    ast = parse(filter);
  } catch (e) {
    if (!(e instanceof JqSyntaxError)) throw e;
    return compileError(env, [{ message: `${e.message} (Unix shell quoting issues?)`, pos: e.pos }, ...(e.also ? [e.also] : [])], filter);
  }
  // With -a, jq 1.6 prints strings as JSON even under -r.
  const raw = (o.set.has('raw-output') || o.set.has('join-output')) && !o.set.has('ascii-output');
  const print: PrintOptions = {
    indent: o.layout.pretty ? o.layout.indent : 0,
    tab: o.layout.pretty && o.layout.tab,
    sortKeys: o.set.has('sort-keys'),
    color: o.set.has('color-output') && !o.set.has('monochrome-output'),
    ascii: o.set.has('ascii-output'),
  };
  const read = inputs(o, env);
  const queue = [...read.values];
  if (o.set.has('slurp') && !o.set.has('raw-input')) queue.splice(0, queue.length, { value: queue.map((q) => q.value), where: `<stdin>:${read.values.at(-1)?.where.split(':').pop() ?? 0}`, file: read.values.at(-1)?.file ?? null });
  // Where jq 1.6 says an error happened: the input it last read (`<unknown>` before any, or
  // after `input` ran past the end), but `<stdin>:0` when stdin held nothing at all.
  let lastWhere: string | undefined;
  let lastFile: Json = null;
  let exhausted = false;
  const where = (): string => (exhausted ? (read.values.length === 0 ? '<stdin>:0' : '<unknown>') : (lastWhere ?? '<unknown>'));
  const evaluator: Evaluator = new Evaluator({
    environ: { ...env.vars },
    named: new Map([...o.named, ['ARGS', new Map<string, Json>([['positional', []], ['named', new Map(o.named)]])]]),
    next: () => {
      const v = queue.shift();
      if (v) {
        lastWhere = v.where;
        lastFile = v.file;
      }
      else exhausted = true;
      return v?.value;
    },
    stderr: (t) => env.io.err(t),
    now: (env.clock + EPOCH_MS) / 1000,
    filename: () => lastFile,
    builtinNames: (): string[] => [...evaluator.functions()],
  });
  const missing = undefinedNames(ast, evaluator.functions(), new Set(['ENV', 'ARGS', ...o.named.keys()]));
  if (missing.length) return compileError(env, missing, filter);
  // jq 1.6's exit status is the last input's: an error on an earlier one is forgotten.
  let status = 0;
  const runOne = (input: Json): number => {
    let last: Json | undefined;
    let any = false;
    try {
      for (const v of evaluator.run(ast, input)) {
        any = true;
        last = v;
        env.io.out(raw && typeof v === 'string' ? v : dump(v, print));
        if (!o.set.has('join-output')) env.io.out('\n');
      }
    } catch (e) {
      if (e instanceof JqBreak) {
        env.io.err(`jq: error (at ${where()}): break\n`);
        return 5;
      }
      if (!(e instanceof JqError)) throw e;
      if (e.value === null) return 0;
      env.io.err(typeof e.value === 'string' ? `jq: error (at ${where()}): ${e.value}\n` : `jq: error (at ${where()}) (not a string): ${compact(e.value)}\n`);
      return 5;
    }
    if (!o.set.has('exit-status')) return 0;
    return !any ? 4 : truthy(last ?? null) ? 0 : 1;
  };
  try {
    if (o.set.has('null-input')) status = runOne(null);
    else
      while (queue.length) {
        const next = queue.shift()!;
        lastWhere = next.where;
        lastFile = next.file;
        status = runOne(next.value);
      }
  } catch (e) {
    if (e instanceof JqLimit || (e instanceof RangeError && /call stack/i.test(e.message))) {
      // Not jq's message: the real program would keep running (or exhaust memory).
      env.io.err(`jq: error: this terminal stops a filter after ${STEP_LIMIT} steps, at ${SIZE_LIMIT} elements or when it recurses too deep; the real jq would keep going\n`);
      return { status: 5 };
    }
    if (!(e instanceof JqHalt)) throw e;
    if (e.output !== undefined) env.io.err(e.output);
    return { status: e.status };
  }
  if (read.error) env.io.err(read.error);
  // An input jq could not read decides the exit status over the filter's.
  return { status: read.status || status };
}
