/**
 * jq 1.6 (Debian 12's /usr/bin/jq) at the laptop prompt: `kubectl get pods -o json | jq -r
 * '.items[].metadata.name'`. The language lives in ./jq (lexer, parser, evaluator, builtins,
 * printer); this file is the command line: options, reading JSON values from stdin or files,
 * and jq's messages and exit codes (2 usage, 3 compile error, 4 -e with no output, 5 runtime
 * error; an unreadable input is 2), recorded in jq.test.ts.
 */
import { stat } from './fs';
import type { Node } from './jq/ast';
import { undefinedNames } from './jq/check';
import { Evaluator } from './jq/eval';
import { JqHalt } from './jq/builtins-text';
import { parseStream, type Parsed } from './jq/json-parse';
import { JqSyntaxError } from './jq/lex';
import { parse } from './jq/parse';
import { compact, dump, type PrintOptions } from './jq/print';
import { JqBreak, JqError, truthy, type Json } from './jq/value';
import { path, type ToolEnv, type ToolResult } from './tool-types';

const HINT = 'Use jq --help for help with command-line options,\nor see the jq manpage, or online docs  at https://stedolan.github.io/jq\n';
const USAGE = `Usage:\tjq [OPTIONS] FILTER [FILES...]\n\tjq [OPTIONS] --args FILTER [STRINGS...]\n\tjq [OPTIONS] --jsonargs FILTER [JSON_TEXTS...]\n\njq is a tool for processing JSON inputs, applying the given filter to\nits JSON text inputs and producing the filter's results as JSON on\nstandard output.\n\nThe simplest filter is ., which copies jq's input to its output\nunmodified (except for formatting, but note that IEEE754 is used\nfor number representation internally, with all that that implies).\n\nFor more advanced filters see the jq(1) manpage ("man jq")\nand/or https://stedolan.github.io/jq\n\nExample:\n\n\t$ echo '{"foo": 0}' | jq .\n\t{\n\t\t"foo": 0\n\t}\n\nFor a listing of options, use jq --help.\n`;

const SHORT: Record<string, string> = { n: 'null-input', r: 'raw-output', j: 'join-output', c: 'compact-output', s: 'slurp', e: 'exit-status', S: 'sort-keys', C: 'color-output', M: 'monochrome-output', a: 'ascii-output', R: 'raw-input', h: 'help' };
const LONG = new Set([...Object.values(SHORT), 'tab', 'indent', 'arg', 'argjson', 'seq', 'stream', 'unbuffered']);

interface Options {
  set: Set<string>;
  indent: number;
  named: Map<string, Json>;
  filter?: string;
  files: string[];
}

function fail(env: ToolEnv, text: string, status = 2): ToolResult {
  env.io.err(text);
  return { status };
}

function options(args: string[], env: ToolEnv): Options | ToolResult {
  const o: Options = { set: new Set(), indent: 2, named: new Map(), files: [] };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const operand = (): void => {
      if (o.filter === undefined) o.filter = a;
      else o.files.push(a);
    };
    if (!a.startsWith('-') || a === '-') {
      operand();
      continue;
    }
    if (a.startsWith('--')) {
      const name = a.slice(2);
      if (!LONG.has(name)) return fail(env, `jq: Unknown option ${a}\n${HINT}`);
      if (name === 'indent') {
        const n = Number(args[++i]);
        if (args[i] === undefined) return fail(env, `jq: --indent takes one parameter\n${HINT}`);
        if (!Number.isInteger(n) || n < -1 || n > 7) return fail(env, `jq: --indent takes a number between -1 and 7\n${HINT}`);
        o.indent = n;
      } else if (name === 'arg' || name === 'argjson') {
        const [k, v] = [args[i + 1], args[i + 2]];
        if (k === undefined || v === undefined) return fail(env, `jq: --${name} takes two parameters (e.g. --${name} varname ${name === 'arg' ? 'value' : 'text'})\n${HINT}`);
        i += 2;
        if (name === 'arg') o.named.set(k, v);
        else {
          const r = parseStream(v);
          if (r.error || r.values.length !== 1) return fail(env, `jq: Invalid JSON text passed to --argjson\n${HINT}`);
          o.named.set(k, r.values[0]!.value);
        }
      } else o.set.add(name);
      continue;
    }
    for (const c of a.slice(1)) {
      const long = SHORT[c];
      if (!long) return fail(env, `jq: Unknown option ${a}\n${HINT}`);
      o.set.add(long);
    }
  }
  return o;
}

/** The values to run the filter on, each with the place jq names in an error. */
function inputs(o: Options, env: ToolEnv): { values: { value: Json; where: string }[]; error?: string; status: number } {
  const sources: { name: string; text: string }[] = [];
  let status = 0;
  let error = '';
  if (o.files.length === 0) sources.push({ name: '<stdin>', text: env.io.stdin });
  for (const f of o.files) {
    const s = stat(env.fs, env.base, path(env, f));
    if (s.kind === 'file') sources.push({ name: f, text: s.content });
    else {
      error += `jq: error: Could not open file ${f}: ${s.kind === 'dir' ? 'Is a directory' : 'No such file or directory'}\n`;
      status = 2;
    }
  }
  const values: { value: Json; where: string }[] = [];
  if (o.set.has('raw-input')) {
    const all = sources.map((s) => s.text).join('');
    if (o.set.has('slurp')) values.push({ value: all, where: '<stdin>:0' });
    else all.split('\n').forEach((line, i, a) => (i < a.length - 1 || line !== '') && values.push({ value: line, where: `<stdin>:${i + 1}` }));
    return { values, status, ...(error ? { error } : {}) };
  }
  for (const s of sources) {
    const r = parseStream(s.text);
    values.push(...r.values.map((p: Parsed) => ({ value: p.value, where: `${s.name}:${p.line}` })));
    if (r.error) {
      error += `parse error: ${r.error}\n`;
      status = 4;
      break;
    }
  }
  return { values, status, ...(error ? { error } : {}) };
}

function compileError(env: ToolEnv, messages: string[], filter: string): ToolResult {
  for (const m of messages) env.io.err(`jq: error: ${m} at <top-level>, line 1:\n${filter}\n`);
  env.io.err(`jq: ${messages.length} compile ${messages.length === 1 ? 'error' : 'errors'}\n`);
  return { status: 3 };
}

export function jq(args: string[], env: ToolEnv): ToolResult {
  const o = options(args, env);
  if (!('set' in o)) return o;
  if (o.set.has('help') || o.filter === undefined) {
    if (o.set.has('help')) {
      env.io.out(USAGE);
      return { status: 0 };
    }
    return fail(env, USAGE);
  }
  const filter = o.filter;
  let ast: Node;
  try {
    ast = parse(filter);
  } catch (e) {
    if (!(e instanceof JqSyntaxError)) throw e;
    return compileError(env, [`${e.message} (Unix shell quoting issues?)`], filter);
  }
  const raw = o.set.has('raw-output') || o.set.has('join-output');
  const print: PrintOptions = {
    indent: o.set.has('compact-output') ? 0 : o.indent,
    tab: o.set.has('tab') && !o.set.has('compact-output'),
    sortKeys: o.set.has('sort-keys'),
    color: o.set.has('color-output') && !o.set.has('monochrome-output'),
    ascii: o.set.has('ascii-output'),
  };
  const read = o.set.has('null-input') ? { values: [], status: 0 } : inputs(o, env);
  const queue = [...read.values];
  if (o.set.has('slurp') && !o.set.has('raw-input')) queue.splice(0, queue.length, { value: queue.map((q) => q.value), where: `<stdin>:${read.values.at(-1)?.where.split(':').pop() ?? 0}` });
  const evaluator = new Evaluator({
    environ: { ...env.vars },
    named: o.named,
    next: () => queue.shift()?.value,
    stderr: (t) => env.io.err(t),
    now: env.clock / 1000,
  });
  const missing = undefinedNames(ast, evaluator.functions(), new Set(['ENV', ...o.named.keys()]));
  if (missing.length) return compileError(env, missing, filter);
  let status = 0;
  let last: Json | undefined;
  let any = false;
  const runOne = (input: Json, where: string): void => {
    try {
      for (const v of evaluator.run(ast, input)) {
        any = true;
        last = v;
        env.io.out(raw && typeof v === 'string' ? v : dump(v, print));
        if (!o.set.has('join-output')) env.io.out('\n');
      }
    } catch (e) {
      if (e instanceof JqBreak) {
        env.io.err(`jq: error (at ${where}): break\n`);
        status = 5;
      } else if (e instanceof JqError) {
        if (e.value === null) return;
        env.io.err(typeof e.value === 'string' ? `jq: error (at ${where}): ${e.value}\n` : `jq: error (at ${where}) (not a string): ${compact(e.value)}\n`);
        status = 5;
      } else throw e;
    }
  };
  try {
    if (o.set.has('null-input')) runOne(null, '<unknown>');
    else
      while (queue.length) {
        const next = queue.shift()!;
        runOne(next.value, next.where);
      }
  } catch (e) {
    if (!(e instanceof JqHalt)) throw e;
    if (e.output !== undefined) env.io.err(e.output);
    return { status: e.status };
  }
  if (read.error) {
    env.io.err(read.error);
    return { status: read.status };
  }
  if (status) return { status };
  if (o.set.has('exit-status')) return { status: !any ? 4 : truthy(last ?? null) ? 0 : 1 };
  return { status: 0 };
}
