/**
 * Runs a parsed prompt line (src/k8s/prompt-syntax.ts) as bash runs it: lists, pipelines, loops,
 * `if`, `case`, groups, `((…))`, `[[ … ]]`, functions, `break`/`continue`, `return`, `exit` and
 * `read`, here-documents (expanded each time their command runs); each simple command
 * goes back to the Session (its redirections, aliases, expansion, builtins, programs, kubectl
 * and sim), so a loop's `kubectl run` creates Pods as a typed one does.
 *
 * Invariants:
 * - The worker runs a line to its end before the page shows any of it, so no loop may run
 *   forever: a line stops after MAX_LOOP_ITERATIONS iterations, after MAX_WAIT_MS of simulated
 *   time (as a waiting command does) or once it wrote MAX_STREAM_LINES lines, saying why.
 * - Output written after simulated time moved within the line carries `at` (the time its
 *   command returned), so the page shows a loop's iterations as its playhead reaches them;
 *   output of the line's last moment keeps no `at`, as before.
 * - A Ctrl+C replay (`interruptAt`) ends the line at that time with status 130: no command
 *   starts after it, and a command that began after time moved and returned past it prints
 *   nothing (the page had not shown it). A command started before any time passed runs as it
 *   did the first time (a kubectl's start-up is not a wait).
 * - `set -e` ends the shell as `exit` does (a `halt` that a subshell or pipeline stage keeps to
 *   itself), except where bash ignores it: conditions, before `&&`/`||`, after `!` (`ignoring`).
 * - A function's body runs in this same run (the Session hands the call back through
 *   `FunctionCaller`), so its calls count against the line's limits and a Ctrl+C, `exit` or a
 *   fatal expansion inside it ends the line; calls nest at most MAX_FUNCTION_DEPTH deep.
 *
 * Over 500 lines: every construct, and a function call (its body runs in this same run), threads
 * the same per-line state (caps, stamps, the Ctrl+C moment, how deep in loops, calls and
 * subshells) and the same halt/break/return flow, which is what keeps them consistent.
 */
import { commandParts, type HereDoc, type PromptNode } from '../k8s/prompt-syntax';
import { fnmatch } from '../k8s/fnmatch';
import { tokenize } from '../k8s/script';
import type { ExpandOutcome } from '../k8s/shell-words';
import type { ArithOutcome } from '../k8s/arith';
import { INTERRUPTED_EXIT_CODE } from './interrupt';
import { MAX_STREAM_LINES, MAX_WAIT_MS } from './wait-util';
import { runConditional, type TestHost } from './prompt-test';
import { timeReport } from '../k8s/bash-time';
import { readArrayFields } from '../k8s/bash-arrays';
import type { CommandResult, OutputChunk } from './types';

/** The most iterations one line's loops may run, together (a function call counts as one). */
export const MAX_LOOP_ITERATIONS = 10_000;

/** How deep function calls may nest in one line (bash has no limit but its stack; FUNCNEST's words say so). */
export const MAX_FUNCTION_DEPTH = 200;

/** Runs a function's body for the Session: the call `name ARGS…` with its stdin. */
export type FunctionCaller = (name: string, body: PromptNode, args: string[], stdin: string | undefined, tty: boolean) => CommandResult;

/** What the executor needs from the Session. */
export interface PromptHost {
  now(): number;
  /** One simple command as written: Session.stage; a function it names comes back through `call`. */
  simple(text: string, stdin: string | undefined, tty: boolean, call: FunctionCaller, aliased?: true): CommandResult;
  /** `name() BODY` defines a function. */
  define(name: string, body: PromptNode): void;
  /** A call's arguments become `$1`… until `leave`, which gives its `local`s' shadowed values back. */
  enter(name: string, args: string[]): void;
  leave(): void;
  /** Whether a function call is under way (`return` and `local` need one). */
  inFunction(): boolean;
  /** The innermost call's arguments (`$@`). */
  positional(): string[];
  /** An unquoted here-document's body with `$…`, `$(…)` and `\` expanded. */
  document(body: string): string;
  /** Whether `exit` here ends the terminal's own shell, which prints `exit` (not in `$(…)`, not in a script). */
  terminalShell(): boolean;
  status(): number;
  /** Whether a simple command is one of the workstation's programs (a filter keeps running after a Ctrl+C). */
  isProgram(text: string): boolean;
  /** Runs `body` with a compound command's redirections opened around it. */
  redirected(redirs: string, stdin: string | undefined, tty: boolean, body: (stdin: string | undefined, tty: boolean) => CommandResult): CommandResult;
  /** Expands words as a command's are (`split`: split and globbed; else one word, as an assignment). */
  expand(text: string, split: boolean): ExpandOutcome;
  /** A word as a pattern (`case`, `[[ == ]]`): its quoted parts literal. */
  pattern(text: string): ExpandOutcome;
  arith(expr: string): ArithOutcome;
  assign(name: string, value: string): void;
  /** `read -a NAME`: NAME becomes an array of these elements. */
  assignList(name: string, values: readonly string[]): void;
  /** `mapfile ARGS` reading `input`: what it did and how much of the input it read. */
  mapfile(cmd: 'mapfile' | 'readarray', args: string[], input: string): { result: CommandResult; consumed: number };
  /** The shell's variables and working directory now; calling the answer puts them back (a subshell's end). */
  save(): () => void;
  setStatus(status: number): void;
  test: TestHost;
  /** `LIST &`: `body` runs as job `text` (Session.background): bash's `[1] 4066`, then what the job wrote at once. */
  background(text: string, body: () => CommandResult): CommandResult;
  /** `set -x`'s line for a compound's head as written, or for a builtin's expanded words (none when off). */
  trace(what: string | string[]): OutputChunk[];
  /** `set -e` (off inside `$(…)`, as bash clears it there), `set -o pipefail` and `set -x` for this line. */
  options(): { errexit: boolean; pipefail: boolean; xtrace: boolean };
}

/** `halt` ends the line (`exit`: unless a subshell ends first); `return` ends the function call. */
type Flow = { k: 'break' | 'continue'; n: number } | { k: 'halt'; exit?: true } | { k: 'return' };
interface Ran {
  output: OutputChunk[];
  status: number;
  flow?: Flow;
}

/** What a loop may still read from its stdin (`while read l; do …; done < file`). */
interface Input {
  text: string;
}

const done = (status: number, output: OutputChunk[] = []): Ran => ({ output, status });
const stderr = (text: string): OutputChunk[] => [{ stream: 'stderr', text }];
const linesOf = (output: OutputChunk[]): number => output.reduce((n, c) => n + (c.text.match(/\n/g)?.length ?? 0), 0);

class LineRun {
  private readonly start: number;
  private iterations = 0;
  private lines = 0;
  private loops = 0;
  /** Function calls under way, and subshells (`exit` ends only the innermost). */
  private depth = 0;
  private subshells = 0;
  /** Conditions, the left of `&&`/`||` and `!` pipelines being run: `set -e` is ignored in them. */
  private ignoring = 0;
  /** A halt inside a function call, for the command that called it to pass on. */
  private pending: Flow | undefined;
  private readonly stamped = new Set<OutputChunk>();
  private readonly call: FunctionCaller = (name, body, args, stdin, tty) => this.callFunction(name, body, args, stdin, tty);

  constructor(
    private readonly host: PromptHost,
    private readonly interruptAt: number | undefined,
  ) {
    this.start = host.now();
  }

  run(node: PromptNode, stdin: string | undefined, tty: boolean): CommandResult {
    const input = stdin === undefined ? undefined : { text: stdin };
    // A here-document typed with a line feeds its first command, as bash gives `a <<EOF && b` to a.
    const r = node.t === 'list' ? this.list(node, input, tty, true) : this.node(node, input, tty);
    const end = this.host.now();
    const output = r.output.map((c) => (this.stamped.has(c) && c.at === end ? { stream: c.stream, text: c.text, ...(c.terminal ? { terminal: c.terminal } : {}) } : c));
    return { output, exitCode: r.status };
  }

  private node(node: PromptNode, input: Input | undefined, tty: boolean): Ran {
    switch (node.t) {
      case 'simple':
        return this.simple(node.text, input, tty, node.docs, node.aliased);
      case 'list':
        return this.list(node, input, tty, false);
      case 'pipeline':
        return this.pipeline(node, input);
      case 'background':
        return this.background(node);
      case 'function':
        this.host.define(node.name, node.body);
        return done(0);
      case 'for':
      case 'for-arith':
      case 'loop':
      case 'if':
      case 'case':
      case 'group':
      case 'arith':
      case 'cond':
        return this.compound(node, input, tty);
    }
  }

  /** Whether the line must stop before running another command: the Ctrl+C's moment has come. */
  private interrupted(): boolean {
    const now = this.host.now();
    return this.interruptAt !== undefined && now > this.start && now >= this.interruptAt;
  }

  /** `LIST &`: its status is 0 and `$!` its PID; the job's own flow (a Ctrl+C inside it) stays inside. */
  private background(node: Extract<PromptNode, { t: 'background' }>): Ran {
    if (this.interrupted()) return this.halt(INTERRUPTED_EXIT_CODE);
    const res = this.host.background(node.text, () => {
      // A job's stdin is /dev/null and its output the terminal, whatever the line redirects.
      this.subshells++;
      try {
        const r = this.node(node.node, { text: '' }, false);
        return { output: r.output, exitCode: r.status };
      } finally {
        this.subshells--;
      }
    });
    this.host.setStatus(0);
    return done(0, res.output);
  }

  private halt(status: number, output: OutputChunk[] = []): Ran {
    return { output, status, flow: { k: 'halt' } };
  }

  private simple(text: string, input: Input | undefined, tty: boolean, docs?: HereDoc[], aliased?: true): Ran {
    if (this.interrupted()) return this.halt(INTERRUPTED_EXIT_CODE);
    if (docs) {
      // The command's here-document is its stdin, expanded now (a loop's `$i` each time round).
      const doc = docs[docs.length - 1]!;
      for (const d of docs) text = text.replace(d.op, '');
      input = { text: doc.quoted ? doc.body : this.host.document(doc.body) };
    }
    const flow = this.flowBuiltin(text, input);
    if (flow) return flow;
    const began = this.host.now();
    const { res, output } = this.unchecked(text, input, tty, aliased);
    const pending = this.pending;
    this.pending = undefined;
    if (pending) return { output, status: res.exitCode, flow: pending };
    const now = this.host.now();
    if (this.interruptAt !== undefined && began > this.start && now > this.interruptAt) return this.halt(INTERRUPTED_EXIT_CODE);
    if (res.exitCode === FATAL_EXPANSION) return this.halt(1, output);
    this.host.setStatus(res.exitCode);
    if (res.exitCode === INTERRUPTED_EXIT_CODE && this.interruptAt !== undefined && now >= this.interruptAt) return this.halt(INTERRUPTED_EXIT_CODE, output);
    return this.errexit(done(res.exitCode, output));
  }

  /**
   * `set -e`: a command that failed outside a condition ends the shell, as `exit` does here (the
   * line stops; an interactive bash prints nothing — recorded under script(1) — and its terminal
   * would close, which this page's does not, as after `exit`). In a subshell or pipeline stage
   * only that ends, and its failure is then its parent's.
   */
  private errexit(r: Ran): Ran {
    if (r.flow || r.status === 0 || this.ignoring > 0 || !this.host.options().errexit) return r;
    return { ...r, flow: { k: 'halt', exit: true } };
  }

  /** `set -x`'s line, stamped with the moment it is written as a command's output is. */
  private traced(what: string | string[]): OutputChunk[] {
    const now = this.host.now();
    return this.host.trace(what).map((c) => {
      const stamped = { ...c, at: now };
      this.stamped.add(stamped);
      return stamped;
    });
  }

  /** Runs `f` where `set -e` is ignored. */
  private ignored<T>(f: () => T): T {
    this.ignoring++;
    try {
      return f();
    } finally {
      this.ignoring--;
    }
  }

  /** Runs a simple command with no Ctrl+C check (a filter reading what an interrupted command wrote); stamps its output. */
  private unchecked(text: string, input: Input | undefined, tty: boolean, aliased?: true): { res: CommandResult; output: OutputChunk[] } {
    const res = this.host.simple(text, input?.text, tty, this.call, aliased);
    const now = this.host.now();
    const output = res.output.map((c) => {
      if (c.at !== undefined) return c;
      const stamped = { ...c, at: now };
      this.stamped.add(stamped);
      return stamped;
    });
    this.lines += linesOf(output);
    return { res, output };
  }

  /** `break`, `continue`, `read`: builtins that act on the loop or its stdin. */
  private flowBuiltin(text: string, input: Input | undefined): Ran | undefined {
    const words = tokenize(text);
    if (!words.ok) return undefined;
    const [cmd, ...args] = words.argv;
    const flow = cmd === 'break' || cmd === 'continue' || cmd === 'read' || cmd === 'mapfile' || cmd === 'readarray' || cmd === 'return' || cmd === 'exit';
    if (!flow) return undefined;
    const trace = this.traceWords(text);
    const r = this.flowBuiltinRun(cmd, args, text, input);
    return trace.length ? { ...r, output: [...trace, ...r.output] } : r;
  }

  /** A builtin's trace: its words expanded, its redirections left out (`+ read -r y`). */
  private traceWords(text: string): OutputChunk[] {
    if (!this.host.options().xtrace) return [];
    const e = this.host.expand(commandParts(text).words.join(' '), true);
    return e.ok ? this.traced(e.argv) : [];
  }

  private flowBuiltinRun(cmd: string, args: string[], text: string, input: Input | undefined): Ran {
    if (cmd === 'break' || cmd === 'continue') {
      if (this.loops === 0) return done(0, stderr(`bash: ${cmd}: only meaningful in a \`for', \`while', or \`until' loop\n`));
      const n = args[0] === undefined ? 1 : Number(args[0]);
      if (!Number.isInteger(n) || n < 1) return done(1, stderr(`bash: ${cmd}: ${args[0]}: ${Number.isInteger(n) ? 'loop count out of range' : 'numeric argument required'}\n`));
      return { output: [], status: 0, flow: { k: cmd, n: Math.min(n, this.loops) } };
    }
    if (cmd === 'read') return this.readRedirected(text, args, input, (a, i) => this.read(a, i));
    if (cmd === 'mapfile' || cmd === 'readarray') return this.readRedirected(text, args, input, (a, i) => this.mapfile(cmd, a, i));
    return this.leaving(cmd === 'return' ? 'return' : 'exit', text);
  }

  /**
   * `return [N]` and `exit [N]` (N's words expanded): N & 255, or `$?`. Recorded from bash 5.2:
   * `return` outside a function is `bash: return: can only \`return' from a function or sourced
   * script` (status 2); `exit` at a terminal's prompt prints `exit` first, then any complaint.
   */
  private leaving(cmd: 'return' | 'exit', text: string): Ran {
    const words = this.host.expand(text, true);
    const args = words.ok ? words.argv.slice(1) : [];
    if (cmd === 'return' && !this.host.inFunction()) {
      this.host.setStatus(2);
      return done(2, stderr("bash: return: can only `return' from a function or sourced script\n"));
    }
    const said = cmd === 'exit' && this.subshells === 0 && this.host.terminalShell() ? [{ stream: 'stderr' as const, text: 'exit\n' }] : [];
    let status = this.host.status();
    const output: OutputChunk[] = [...said];
    if (args[0] !== undefined) {
      if (/^\s*[-+]?\d+\s*$/.test(args[0])) status = Number(BigInt.asUintN(8, BigInt(args[0].trim())));
      else {
        output.push(...stderr(`bash: ${cmd}: ${args[0]}: numeric argument required\n`));
        status = 2;
      }
    }
    this.host.setStatus(status);
    return { output, status, flow: cmd === 'exit' ? { k: 'halt', exit: true } : { k: 'return' } };
  }

  /** A call of function `name`: its body runs here, with `$1`… set and loops of the caller out of reach of its `break`. */
  private callFunction(name: string, body: PromptNode, args: string[], stdin: string | undefined, tty: boolean): CommandResult {
    if (this.depth >= MAX_FUNCTION_DEPTH) {
      this.pending = { k: 'halt' };
      return { output: stderr(`bash: ${name}: maximum function nesting level exceeded (${MAX_FUNCTION_DEPTH}): this terminal runs a line to its end before it shows it, so it stops calls nested deeper\n`), exitCode: 1 };
    }
    // A call counts as an iteration: `f() { f; f; }` branches, nesting no deeper than it may.
    const stop = this.bound();
    if (stop) {
      this.pending = stop.flow;
      return { output: stop.output, exitCode: stop.status };
    }
    const loops = this.loops;
    this.loops = 0;
    this.depth++;
    this.host.enter(name, args);
    try {
      const r = this.node(body, stdin === undefined ? undefined : { text: stdin }, tty);
      if (r.flow?.k === 'halt') this.pending = r.flow;
      return { output: r.output, exitCode: r.status };
    } finally {
      this.host.leave();
      this.depth--;
      this.loops = loops;
    }
  }

  /** `read` (or `mapfile`) with its own redirections (`read a b <<< "$x"`, `mapfile -t l < <(…)`) reads what they open, not the loop's stdin. */
  private readRedirected(text: string, args: string[], input: Input | undefined, reader: (args: string[], input: Input | undefined) => Ran): Ran {
    const { words, redirs } = commandParts(text);
    if (redirs.length === 0) return reader(args, input);
    const own = tokenize(words.join(' '));
    const res = this.host.redirected(redirs.join(' '), input?.text, false, (stdin) => {
      const r = reader(own.ok ? own.argv.slice(1) : [], stdin === undefined ? undefined : { text: stdin });
      return { output: r.output, exitCode: r.status };
    });
    this.host.setStatus(res.exitCode);
    return done(res.exitCode, res.output);
  }

  /** `read [-r] [NAME…]`: one line of the loop's stdin, split at blanks, the last name taking the rest. */
  private read(args: string[], input: Input | undefined): Ran {
    const raw = args.some((a) => /^-[a-z]*r/.test(a));
    const arrayAt = args.findIndex((a) => /^-[rs]*a$/.test(a));
    if (arrayAt >= 0) return this.readArray(args[arrayAt + 1] ?? 'REPLY', raw, input);
    const names = args.filter((a) => !a.startsWith('-'));
    if (names.length === 0) names.push('REPLY');
    if (!input || input.text === '') {
      for (const n of names) this.host.assign(n, '');
      this.host.setStatus(1);
      return done(1);
    }
    const nl = input.text.indexOf('\n');
    let line = nl < 0 ? input.text : input.text.slice(0, nl);
    input.text = nl < 0 ? '' : input.text.slice(nl + 1);
    if (!raw) line = line.replace(/\\(.)/g, '$1');
    const fields = line.replace(/^[ \t]+/, '').replace(/[ \t]+$/, '');
    let rest = fields;
    names.forEach((name, k) => {
      if (k === names.length - 1) {
        this.host.assign(name, rest);
        return;
      }
      const m = /^(\S*)[ \t]*([\s\S]*)$/.exec(rest)!;
      this.host.assign(name, m[1]!);
      rest = m[2]!;
    });
    const status = nl < 0 ? 1 : 0;
    this.host.setStatus(status);
    return done(status);
  }

  /** `mapfile`/`readarray` (PromptShell.mapfile): what it reads of the stdin is gone for the next reader. */
  private mapfile(cmd: 'mapfile' | 'readarray', args: string[], input: Input | undefined): Ran {
    const r = this.host.mapfile(cmd, args, input?.text ?? '');
    if (input) input.text = input.text.slice(r.consumed);
    this.host.setStatus(r.result.exitCode);
    return done(r.result.exitCode, r.result.output);
  }

  /** `read -a NAME`: the line's fields (src/k8s/bash-arrays.ts readArrayFields) as NAME's elements; status 1 at the input's end. */
  private readArray(name: string, raw: boolean, input: Input | undefined): Ran {
    const nl = input ? input.text.indexOf('\n') : -1;
    const line = !input ? '' : nl < 0 ? input.text : input.text.slice(0, nl);
    if (input) input.text = nl < 0 ? '' : input.text.slice(nl + 1);
    this.host.assignList(name, readArrayFields(line, raw));
    const status = nl < 0 ? 1 : 0;
    this.host.setStatus(status);
    return done(status);
  }

  private list(node: Extract<PromptNode, { t: 'list' }>, input: Input | undefined, tty: boolean, firstOnly: boolean): Ran {
    const output: OutputChunk[] = [];
    let status = 0;
    for (const [i, item] of node.items.entries()) {
      if ((item.op === '&&' && status !== 0) || (item.op === '||' && status === 0)) continue;
      const next = node.items[i + 1]?.op;
      const run = (): Ran => this.node(item.node, firstOnly && i > 0 ? undefined : input, tty);
      // Before `&&` or `||`, a failure is what the list tests, not one `set -e` acts on.
      const r = next === '&&' || next === '||' ? this.ignored(run) : run();
      output.push(...r.output);
      status = r.status;
      this.host.setStatus(status);
      if (r.flow) return { output, status, flow: r.flow };
    }
    return done(status, output);
  }

  /**
   * `a | b | c`: each stage reads what the one before wrote to stdout; every stage's stderr and the
   * last one's stdout reach the terminal; the status is the last stage's (the `!`: negated). A
   * Ctrl+C stops the commands after it, but a program (a filter) still reads what came before.
   */
  private pipeline(node: Extract<PromptNode, { t: 'pipeline' }>, input: Input | undefined): Ran {
    if (!node.time) return this.untimed(node, input);
    const start = this.host.now();
    const r = this.untimed(node, input);
    if (r.flow?.k === 'halt' && r.flow.exit) return r;
    // TIMEFORMAT unset is bash's own format; set to '' it silences the report.
    const set = this.host.expand('${TIMEFORMAT+set}', false);
    const format = set.ok && set.argv[0] === 'set' ? this.host.expand('$TIMEFORMAT', false) : undefined;
    const report = timeReport(format?.ok ? (format.argv[0] ?? '') : undefined, node.time === 'posix', this.host.now() - start, 0, 0, 'bash: ');
    if (report.text === '') return r;
    const chunk: OutputChunk = { stream: 'stderr', text: report.text, at: this.host.now() };
    this.stamped.add(chunk);
    return { ...r, output: [...r.output, chunk] };
  }

  private untimed(node: Extract<PromptNode, { t: 'pipeline' }>, input: Input | undefined): Ran {
    const output: OutputChunk[] = [];
    let text = input?.text;
    let status = 0;
    let failed = 0;
    let flow: Flow | undefined;
    let halted = 0;
    // Each stage of a real pipeline is a subshell: an `exit` there ends only that stage.
    const sub = node.stages.length > 1 ? 1 : 0;
    this.subshells += sub;
    if (node.bang) this.ignoring++;
    node.stages.forEach((stage, i) => {
      const program = stage.t === 'simple' && this.host.isProgram(stage.text);
      if (flow && !program) return;
      const stdin = text === undefined ? undefined : { text };
      // Each stage of a real pipeline is a subshell (bash's lastpipe is off): what it assigns —
      // `… | read v`, `… | mapfile -t a`, a loop's counter — is gone when it ends (recorded, bash 5.2.15:
      // `echo x | read v; echo "[$v]"` prints `[]`).
      const restore = sub ? this.host.save() : undefined;
      let r: Ran;
      try {
        r = flow && stage.t === 'simple' ? this.filtered(stage.text, stdin) : this.node(stage, stdin, false);
      } finally {
        restore?.();
      }
      const last = i === node.stages.length - 1;
      // A background job's lines (chunk.terminal) reach the terminal, never the next stage.
      output.push(...r.output.filter((c) => last || c.stream === 'stderr' || c.terminal));
      text = r.output.filter((c) => c.stream === 'stdout' && !c.terminal).map((c) => c.text).join('');
      status = r.status;
      if (status !== 0) failed = status;
      if (r.flow?.k === 'halt' && !(sub && r.flow.exit) && !flow) {
        flow = r.flow;
        halted = r.status;
      }
    });
    this.subshells -= sub;
    if (node.bang) this.ignoring--;
    if (flow) return { output, status: halted, flow };
    // `set -o pipefail`: the last stage that failed decides.
    if (this.host.options().pipefail) status = failed;
    if (node.bang) return done(status === 0 ? 1 : 0, output);
    return sub ? this.errexit(done(status, output)) : done(status, output);
  }

  private filtered(text: string, input: Input | undefined): Ran {
    const { res, output } = this.unchecked(text, input, false);
    // The line is already ending; a function named like a filter (`grep() {…}`) halting too changes nothing.
    this.pending = undefined;
    return done(res.exitCode, output);
  }

  private compound(node: Exclude<PromptNode, { t: 'simple' | 'list' | 'pipeline' | 'background' | 'function' }>, input: Input | undefined, tty: boolean): Ran {
    if (this.interrupted()) return this.halt(INTERRUPTED_EXIT_CODE);
    let redirs = node.redirs;
    if (node.docs) {
      // `done <<EOF`: the document is the compound's stdin (its other redirections still open).
      const doc = node.docs[node.docs.length - 1]!;
      for (const d of node.docs) redirs = redirs.replace(d.op, '');
      input = { text: doc.quoted ? doc.body : this.host.document(doc.body) };
    }
    if (redirs.trim() === '') return this.body(node, input, tty);
    let inner: Ran | undefined;
    const res = this.host.redirected(redirs, input?.text, tty, (stdin, innerTty) => {
      inner = this.body(node, stdin === input?.text ? input : stdin === undefined ? undefined : { text: stdin }, innerTty);
      return { output: inner.output, exitCode: inner.status };
    });
    return { output: res.output, status: res.exitCode, ...(inner?.flow ? { flow: inner.flow } : {}) };
  }

  private body(node: Exclude<PromptNode, { t: 'simple' | 'list' | 'pipeline' | 'background' | 'function' }>, input: Input | undefined, tty: boolean): Ran {
    switch (node.t) {
      case 'group':
        return node.sub ? this.subshell(node.body, input, tty) : this.node(node.body, input, tty);
      case 'if': {
        const output: OutputChunk[] = [];
        for (const arm of node.arms) {
          const c = this.ignored(() => this.node(arm.cond, input, tty));
          output.push(...c.output);
          if (c.flow) return { ...c, output };
          if (c.status === 0) return this.then(output, this.node(arm.body, input, tty));
        }
        return node.otherwise ? this.then(output, this.node(node.otherwise, input, tty)) : done(0, output);
      }
      case 'case': {
        const subject = this.host.expand(node.word, false);
        if (!subject.ok) return this.expansionError(subject);
        const value = subject.argv.join('');
        const head = this.traced(`case ${node.word} in`);
        if (head.length) return this.then(head, this.caseArms(node, value, input, tty));
        return this.caseArms(node, value, input, tty);
      }
      case 'arith': {
        const head = this.traced(`(( ${node.expr} ))`);
        const r = this.host.arith(node.expr);
        if (!r.ok) return this.halt(1, [...head, ...stderr(`bash: ${r.message}\n`)]);
        // `set -e` acts on `((…))` and `[[ … ]]` too (bash: `((i++))` with i=0 ends the shell).
        return this.errexit(done(r.value === 0n ? 1 : 0, head));
      }
      case 'cond':
        return this.errexit(this.conditional(node.words));
      case 'for':
      case 'for-arith':
      case 'loop':
        return this.loop(node, input, tty);
    }
  }

  /** `case`'s arms: the first whose pattern matches runs. */
  private caseArms(node: Extract<PromptNode, { t: 'case' }>, value: string, input: Input | undefined, tty: boolean): Ran {
    for (const arm of node.arms) {
      for (const p of arm.patterns) {
        const pat = this.host.pattern(p);
        if (!pat.ok) return this.expansionError(pat);
        if (fnmatch(pat.argv.join(''), value)) return arm.body ? this.node(arm.body, input, tty) : done(0);
      }
    }
    return done(0);
  }

  private then(before: OutputChunk[], r: Ran): Ran {
    return { ...r, output: [...before, ...r.output] };
  }

  private expansionError(r: Extract<ExpandOutcome, { ok: false }>): Ran {
    const out = stderr(`bash: ${r.message}\n`);
    return r.fatal ? this.halt(1, out) : done(1, out);
  }

  /** `( … )`: what it assigns (or where it `cd`s) stays inside; a `break` does not leave it. */
  private subshell(body: PromptNode, input: Input | undefined, tty: boolean): Ran {
    const restore = this.host.save();
    this.subshells++;
    try {
      const r = this.node(body, input, tty);
      return r.flow?.k === 'halt' && !r.flow.exit ? r : this.errexit(done(r.status, r.output));
    } finally {
      this.subshells--;
      restore();
    }
  }

  private conditional(raw: string[]): Ran {
    const words: string[] = [];
    const patterns: string[] = [];
    for (const w of raw) {
      const e = ['&&', '||', '!', '(', ')'].includes(w) ? { ok: true as const, argv: [w] } : this.host.expand(w, false);
      if (!e.ok) return this.expansionError(e);
      words.push(e.argv.join(''));
      const p = ['&&', '||', '!', '(', ')'].includes(w) ? e : this.host.pattern(w);
      patterns.push(p.ok ? p.argv.join('') : '');
    }
    const r = runConditional(words, patterns, this.host.test);
    return r.status === 2 ? done(2, stderr(`bash: ${r.message}\n`)) : done(r.status);
  }

  private loop(node: Extract<PromptNode, { t: 'for' | 'for-arith' | 'loop' }>, input: Input | undefined, tty: boolean): Ran {
    const output: OutputChunk[] = [];
    let status = 0;
    let items: string[] | undefined;
    if (node.t === 'for') {
      // `for x; do` walks "$@", a function's arguments.
      const e = node.words === null ? { ok: true as const, argv: this.host.positional() } : this.host.expand(node.words, true);
      if (!e.ok) return this.expansionError(e);
      items = e.argv;
    } else if (node.t === 'for-arith' && node.init.trim() !== '') {
      const r = this.host.arith(node.init);
      if (!r.ok) return this.halt(1, stderr(`bash: ${r.message}\n`));
    }
    this.loops++;
    try {
      for (let k = 0; ; k++) {
        const stop = this.bound();
        if (stop) return { ...stop, output: [...output, ...stop.output] };
        if (items && node.t === 'for') {
          if (k >= items.length) break;
          output.push(...this.traced(`for ${node.name} in ${node.words ?? '"$@"'}`));
          this.host.assign(node.name, items[k]!);
        } else if (node.t === 'for-arith') {
          if (k > 0 && node.step.trim() !== '') {
            const r = this.host.arith(node.step);
            if (!r.ok) return this.halt(1, [...output, ...stderr(`bash: ${r.message}\n`)]);
          }
          if (node.test.trim() !== '') {
            const r = this.host.arith(node.test);
            if (!r.ok) return this.halt(1, [...output, ...stderr(`bash: ${r.message}\n`)]);
            if (r.value === 0n) break;
          }
        } else if (node.t === 'loop') {
          const c = this.ignored(() => this.node(node.cond, input, tty));
          output.push(...c.output);
          if (c.flow?.k === 'halt' || c.flow?.k === 'return') return { output, status: c.status, flow: c.flow };
          if ((c.status === 0) === node.until) break;
        }
        const r = this.node(node.body, input, tty);
        output.push(...r.output);
        status = r.status;
        if (r.flow?.k === 'halt' || r.flow?.k === 'return') return { output, status, flow: r.flow };
        if (r.flow && r.flow.n > 1) return { output, status: 0, flow: { k: r.flow.k, n: r.flow.n - 1 } };
        if (r.flow?.k === 'break') {
          status = 0;
          break;
        }
      }
    } finally {
      this.loops--;
    }
    return done(status, output);
  }

  /** Ends a loop that ran too long for a line, with the reason (or undefined to go on). */
  private bound(): Ran | undefined {
    if (this.interrupted()) return this.halt(INTERRUPTED_EXIT_CODE);
    this.iterations++;
    const why = 'this terminal runs a line to its end before it shows it, so it stops a loop that goes on too long';
    let reason: string | undefined;
    if (this.iterations > MAX_LOOP_ITERATIONS) reason = `${MAX_LOOP_ITERATIONS} iterations`;
    else if (this.host.now() - this.start >= MAX_WAIT_MS) reason = `${MAX_WAIT_MS / 60_000}m of simulated time`;
    else if (this.lines >= MAX_STREAM_LINES) reason = `${MAX_STREAM_LINES} lines of output`;
    if (!reason) return undefined;
    const chunk: OutputChunk = { stream: 'stderr', text: `bash: loop stopped after ${reason}: ${why} (a loop that sleeps runs for up to ${MAX_WAIT_MS / 60_000}m of simulated time; Ctrl+C ends it sooner)\n`, at: this.host.now() };
    this.stamped.add(chunk);
    return this.halt(1, [chunk]);
  }
}

/**
 * The status a simple command returns when an expansion error must end the whole line
 * (`$((1/0))`, `${X:?}`): the Session's command reports it so, and the line stops with status 1.
 */
export const FATAL_EXPANSION = -1;

export function runPromptLine(node: PromptNode, host: PromptHost, stdin: string | undefined, tty: boolean, interruptAt: number | undefined): CommandResult {
  return new LineRun(host, interruptAt).run(node, stdin, tty);
}
