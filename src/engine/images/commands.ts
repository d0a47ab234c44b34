/**
 * Running one command inside the interpreter: expansion, redirections, then dispatch to a shell
 * builtin (shell-builtins.ts), a nested shell, a userland or network tool, or an image binary
 * (programs.ts), and what its outcome does to the machine (time passes, it blocks, an app starts).
 * bash's `[[ … ]]`, `(( … ))` and the choice of a `case` arm run here too (their rules are
 * shell-compound.ts's). Over 400 lines: one dispatch and those compound commands, which share
 * the expansion and redirection state, and the exec a tool asks for (execFromTool); starting an
 * app a command runs is launch-app.ts's.
 */
import type { Binary } from './catalog-types';
import type { ViOpen } from './types';
import { network } from './container-net';
import { dirEntries, fileLocation, makeDir, mkdirAs, writeAs, normalizePath, parentProblem, readOnlyAt, remove, stat, writeFile, type FileIds } from './fs';
import { addFollower } from './follow';
import { abandonLine, callFunction, runNested, runNestedCall, type Dialect, type Frame, type Machine, type ReadRequest, type RunContext, type Sink } from './machine';
import { emit, emitScreen, processIds, sinkFor } from './output';
import type { ScreenFrame } from '../../k8s/procps-watch-screen';
import { isShellBuiltin } from './shell-type';
import { bashBuiltinHelp } from '../../k8s/bash-builtin-help';
import { netTool } from './net-tools';
import { runApp, runProgram, type Outcome } from './programs';
import { launch } from './launch-app';
import { resolveCommand } from './resolve';
import type { Assign, Redir, ShellNode, Word } from './shell-ast';
import { keyedWord } from './shell-parse';
import { assocSet, assocGet, type AssocArray, type ListItem } from '../../k8s/bash-assoc';
import { awaitsTypedLine, notFound, pathFailure, runBuiltin, runShell, shellPrefix, shName } from './shell-builtins';
import { execPath, searchPath } from './exec-file';
import { arithmetic, expandWord, expandWords, tildeWord, type ExpandContext, type ExpansionError } from './shell-expand';
import { caseBody, condStatus, containerTestHost } from './shell-compound';
import { bashTestMessage, type TestHost } from '../../k8s/shell-test';
import { fnmatch } from '../../k8s/fnmatch';
import { timeReport } from '../../k8s/bash-time';
import { containerGlob } from './shell-glob';
import type { GlobOpts } from '../../k8s/glob-paths';
import { shoptOn } from '../../k8s/shopt';
import { dollarDash, xtraceFor, xtraceLines, xtracePrefix } from '../../k8s/shell-options';
import type { Io, Tool, ToolEnv, ToolResult } from './tools';
import type { ExecRequest, LineReader, ReaderInput, RunUser } from './tool-types';
import { replLine } from './redis-cli-repl';
import { mysqlReplLine } from './mysql-client-repl';
import { own, setOwn } from '../../k8s/own';
import { callerOf, pidBase, runUser, visibleProcs } from './proc-container';
import { signalApp } from './app-signals';
import { nextProcPid } from './shell-chain';
import { curlBuildFor } from './curl-builds';
import { installedCommand } from './packages';
import { assignSpecial, specialValue } from './shell-vars';
import { programAt } from './program-dirs';
import { soleInputFile } from './shell-file-subst';
import { assignArray, assignItems, declaredOnly } from './shell-arrays';


// ---------------------------------------------------------------------------------------------
// Expansion and redirections
// ---------------------------------------------------------------------------------------------

interface Expansion {
  ex: ExpandContext;
  /** The `<(…)` and `>(…)` files this command's expansions opened (closePipes removes them). */
  pipes: string[];
  /** The `>(…)`s among them: their commands, and where their output goes. */
  outputs: { path: string; root: number; sink: Sink }[];
  substStatus: number | undefined;
  blocked: boolean;
  /** The status the shell exits with: an expansion error ends the script (shellExitOn). */
  fatal: number | undefined;
}

/** What bash's shopt options and `set +B` change in expansion (nothing for dash and ash). */
function bashExpansion(m: Machine): Pick<ExpandContext, 'brace' | 'noMatch' | 'extglob'> & { globOpts: GlobOpts } {
  if (m.dialect !== 'bash') return { globOpts: {} };
  const on = (name: string): boolean => shoptOn(m.opts.shopt, name);
  const noMatch = on('failglob') ? 'fail' : on('nullglob') ? 'drop' : undefined;
  return {
    brace: m.opts.braceexpand,
    extglob: on('extglob'),
    ...(noMatch ? { noMatch } : {}),
    globOpts: { dotglob: on('dotglob'), extglob: on('extglob'), nocase: on('nocaseglob') },
  };
}

function expansion(m: Machine, ctx: RunContext): Expansion {
  const { globOpts, ...bash } = bashExpansion(m);
  const st: Expansion = {
    pipes: [],
    outputs: [],
    substStatus: undefined,
    blocked: false,
    fatal: undefined,
    ex: {
      dialect: m.dialect ?? (ctx.image.userland.shell === 'dash' ? 'dash' : 'ash'),
      vars: m.vars,
      positional: m.positional,
      status: m.status,
      pid: m.selfPid ?? 1,
      flags: m.dialect === null ? '' : dollarDash(m.dialect, m.opts),
      nounset: m.dialect !== null && m.opts.nounset,
      ...bash,
      ...(m.opts.noglob ? {} : { glob: containerGlob(m.fs, ctx.base, m.cwd, m.dialect ?? (ctx.image.userland.shell === 'dash' ? 'dash' : 'ash'), globOpts) }),
      ...(m.arrays ? { arrays: m.arrays } : {}),
      ...(m.assocs ? { assocs: m.assocs } : {}),
      ...(m.specials ? { special: (name: string) => specialValue(m, name) } : {}),
      ...(m.dialect === 'bash' ? { userHome: () => runUser(m, ctx)?.home ?? '/root' } : {}),
      substitute: (root) => {
        const file = m.dialect === 'bash' ? soleInputFile(m.nodes, root) : undefined;
        if (file) return readForSubstitution(m, ctx, st, expandWord(file, st.ex));
        return captured(m, ctx, st, root, true);
      },
      // `<(…)`: the command runs to its end first (approximate: the shells run it alongside); its
      // output is the file bash names /dev/fd/63, 62 … and BusyBox 1.35 /dev/fd/64, 65 …
      // (recorded: `echo <(true) <(true)`) until the command that named it ends.
      // `>(…)`: the path is an empty file the command writes; its command runs once the command
      // that named it ends, reading what was written, its output going where the shell's went
      // (recorded, bash 5.2.15: `printf "x\ny\n" | tee >(wc -l) >/dev/null` prints 2).
      procsub: (root, out) => {
        const content = out ? '' : captured(m, ctx, st, root, false);
        const path = `/dev/fd/${m.dialect === 'bash' ? 63 - st.pipes.length : 64 + st.pipes.length}`;
        writeFile(m.fs, ctx.base, path, content, false, m.clock);
        st.pipes.push(path);
        if (out) st.outputs.push({ path, root, sink: m.out });
        return path;
      },
      fail: (msg, kind) => {
        // The first error ends the shell; it is the only one a real shell prints (`echo ${A:?x} ${B:?y}`).
        if (st.fatal !== undefined) return;
        // bash words `set -u`'s error without its `line 1: ` (recorded: `bash -c 'set -u; echo $X'`);
        // failglob's `no match: *.x` has it (recorded under a pipe: `bash: line 1: no match: *.nope`).
        // So is `substring expression < 0` (recorded: `bash -c 's=hello; echo ${s:1:-9}'`, status 1).
        const prefix = (kind === 'nounset' || kind === 'substring') && m.dialect === 'bash' ? `${shName(m)}: ` : shellPrefix(m);
        emit(m, ctx, m.err, `${prefix}${msg}\n`, m.clock);
        st.fatal ??= shellExitOn(m, kind);
      },
    },
  };
  return st;
}

/** What the command at `root` writes to stdout, run to its end; `status`: it becomes the substitution's status. */
function captured(m: Machine, ctx: RunContext, st: Expansion, root: number, status: boolean): string {
  const sink: Sink = { k: 'capture', buf: [] };
  const r = runNested(m, ctx, root, sink, '', false, { substitution: true });
  m.clock = Math.max(m.clock, r.clock);
  if (status) st.substStatus = r.status;
  if (r.blocked || r.spinning) st.blocked = true;
  return sink.k === 'capture' ? sink.buf.join('') : '';
}

/**
 * The command that named them has ended: each `>(…)`'s command reads what was written to its path
 * (in the order they were written; the real shells run them alongside, so their output may
 * interleave), then the `<(…)` and `>(…)` files are gone. Approximate: a command that blocks
 * (waits for a terminal's input) leaves its `>(…)` unread.
 */
function closePipes(m: Machine, ctx: RunContext, st: Expansion): void {
  for (const o of st.outputs.splice(0)) {
    if (m.state !== 'running') break;
    const f = stat(m.fs, ctx.base, o.path);
    const r = runNested(m, ctx, o.root, o.sink, f.kind === 'file' ? f.content : '', false, { substitution: true });
    m.clock = Math.max(m.clock, r.clock);
  }
  for (const path of st.pipes.splice(0)) remove(m.fs, ctx.base, path);
}

/** bash's `$(< file)` (shell-file-subst.ts): the file's text, or its error and status 1. */
function readForSubstitution(m: Machine, ctx: RunContext, st: Expansion, target: string): string {
  const f = stat(m.fs, ctx.base, normalizePath(target, m.cwd));
  st.substStatus = f.kind === 'none' ? 1 : 0;
  if (f.kind === 'none') emit(m, ctx, m.err, `${shName(m)}: ${target}: No such file or directory\n`, m.clock);
  return f.kind === 'file' ? f.content : '';
}

/**
 * The status a shell exits with after an expansion error. POSIX has a non-interactive shell exit
 * on one, and an interactive one abandon the line (machine.ts abandonLine; the status is the same). Recorded from bash 5.2 and dash 0.5.12 (`sh -c 'echo
 * ${X:?m}; echo after'`: bash 127, dash 2; `$((1+))`: bash 1, dash 2; `set -u; echo $X`: bash
 * 127, dash 2, BusyBox 2); BusyBox ash's ash_msg_and_raise_error sets 2 before it raises.
 */
function shellExitOn(m: Machine, kind: ExpansionError): number {
  if (m.dialect !== 'bash') return 2;
  // failglob abandons the line with status 1 (bash 5.2.15); a later line would run, but a `-c`
  // script is one line here (approximate for scripts of several lines).
  return kind === 'arith' || kind === 'failglob' || kind === 'substring' ? 1 : 127;
}

export interface Streams {
  out: Sink;
  err: Sink;
  stdin: string;
  /** stdin comes from a `<` file or a tool's own input, not from the terminal the script may read. */
  stdinReplaced?: true;
}

function openRedirs(m: Machine, ctx: RunContext, redirs: Redir[], ex: ExpandContext): Streams | { error: string } {
  const s: Streams = { out: m.out, err: m.err, stdin: m.stdin };
  for (const r of redirs) {
    if (r.op === '<<' || r.op === '<<<') {
      if (r.eof && m.dialect === 'bash') emit(m, ctx, s.err, docEofWarning(m, r.eof), m.clock);
      // Neither is field-split nor globbed; a here-string gains a newline (bash 5.2).
      s.stdin = r.op === '<<' ? expandWord(r.target, ex) : `${expandWord(r.target, ex)}\n`;
      s.stdinReplaced = true;
      continue;
    }
    const target = redirTarget(m, r.target, ex);
    if (typeof target !== 'string') return target;
    if (r.op === '>&') {
      const to = target === '1' ? s.out : target === '2' ? s.err : target === '-' ? ({ k: 'null' } as Sink) : undefined;
      if (!to) return { error: `sh: ${target}: bad file descriptor\n` };
      if (r.fd === 2) s.err = to;
      else s.out = to;
      continue;
    }
    if (r.op === '<') {
      const f = stat(m.fs, ctx.base, normalizePath(target, m.cwd));
      // bash names the file and errno (recorded, bash 5.2.15: `bash: line 1: /nope: No such file or directory`).
      if (f.kind === 'none' && m.dialect === 'bash') return { error: `${shellPrefix(m)}${target}: No such file or directory\n` };
      // BusyBox ash's openredirect: `can't open %s: %s` with errmsg()'s `no such file` (recorded, BusyBox 1.35).
      if (f.kind !== 'file') return { error: m.dialect === 'dash' ? `${shName(m)}: 1: cannot open ${target}: No such file\n` : `sh: can't open ${target}: no such file\n` };
      s.stdin = f.content;
      s.stdinReplaced = true;
      continue;
    }
    const sink = sinkFor(m, target, ctx.base);
    if (sink.k === 'file' && m.dialect === 'bash') {
      // bash's open(2) failure, recorded (bash 5.2.15): `bash: line 1: /nope/x: No such file or directory`, `…: /etc: Is a directory`.
      const why = stat(m.fs, ctx.base, sink.path).kind === 'dir' ? 'Is a directory' : readOnlyAt(m.fs, sink.path) ? 'Read-only file system' : parentProblem(m.fs, ctx.base, sink.path);
      if (why) return { error: `${shellPrefix(m)}${target}: ${why}\n` };
    }
    if (sink.k === 'file') {
      if (stat(m.fs, ctx.base, sink.path).kind === 'dir') return { error: m.dialect === 'dash' ? `${shName(m)}: 1: cannot create ${target}: Is a directory\n` : `sh: can't create ${target}: Is a directory\n` };
      if (readOnlyAt(m.fs, sink.path)) return { error: m.dialect === 'dash' ? `${shName(m)}: 1: cannot create ${target}: Read-only file system\n` : `sh: can't create ${target}: Read-only file system\n` };
      // Recorded from BusyBox 1.35 ash and dash 0.5.12: a file in a directory that is not there.
      if (parentProblem(m.fs, ctx.base, sink.path)) return { error: m.dialect === 'dash' ? `${shName(m)}: 1: cannot create ${target}: Directory nonexistent\n` : `sh: can't create ${target}: nonexistent directory\n` };
      if (r.op === '>' || r.op === '&>') writeFile(m.fs, ctx.base, sink.path, '', false, m.clock, () => processIds(m, ctx));
    }
    if (r.op === '&>') {
      s.out = sink;
      s.err = sink;
    } else if (r.fd === 2) s.err = sink;
    else s.out = sink;
  }
  return s;
}

/**
 * bash's warning for a here-document the script ended inside, naming the script's last line,
 * recorded (bash 5.2.15): `bash: line 3: warning: here-document at line 1 delimited by
 * end-of-file (wanted `EOF')`, a script's `x.sh: line 2: …`; an interactive shell names no line
 * (approximate: not recorded). bash warns as it reads the command, here as the document opens:
 * the same place unless commands before it on its line wrote something.
 */
function docEofWarning(m: Machine, eof: NonNullable<Redir['eof']>): string {
  const where = m.opts.interactive === true ? '' : `line ${eof.eofLine}: `;
  return `${shName(m)}: ${where}warning: here-document at line ${eof.line} delimited by end-of-file (wanted \`${eof.wanted}')\n`;
}

/**
 * bash field-splits and globs a redirection's word and wants exactly one field (recorded, bash 5.2:
 * `echo > *.conf` with two matches: `bash: line 1: *.conf: ambiguous redirect`, status 1; one match
 * is the file written). dash and BusyBox ash use the word as written (recorded: a file `*.conf`).
 */
function redirTarget(m: Machine, word: Word, ex: ExpandContext): string | { error: string } {
  if (m.dialect !== 'bash') return expandWord(word, ex);
  const fields = expandWords([word], ex);
  if (fields.length === 1) return fields[0]!;
  return { error: `${shellPrefix(m)}${wordAsWritten(word)}: ambiguous redirect\n` };
}

/** A word as the learner typed it, near enough for bash's `ambiguous redirect` (quotes are not kept). */
function wordAsWritten(word: Word): string {
  return word.map((s) => (s.t === 'lit' ? s.v : s.t === 'var' ? (s.braced ? `\${${s.name}}` : `$${s.name}`) : s.t === 'cmd' ? '$(…)' : s.t === 'procsub' ? '<(…)' : '$((…))')).join('');
}

/** A redirection that cannot be opened: dash's status is 2, BusyBox ash's 1 (recorded: dash 0.5.12, BusyBox 1.35). */
function redirectFailure(m: Machine): number {
  return m.dialect === 'dash' ? 2 : 1;
}

/** Redirections on `{ …; } > f` / `( … ) 2>&1` / `done < file`: saved in the frame, undone on pop. */
export function applyGroupRedirs(m: Machine, ctx: RunContext, f: Extract<Frame, { k: 'group' }>, n: Extract<ShellNode, { t: 'group' }>): boolean {
  const st = expansion(m, ctx);
  // `done < <(…)`: the file is read as the redirection opens, so it can go at once.
  const s = openRedirs(m, ctx, n.redirs, st.ex);
  closePipes(m, ctx, st);
  if ('error' in s) {
    emit(m, ctx, m.err, s.error, m.clock);
    m.status = redirectFailure(m);
    return false;
  }
  f.out = m.out;
  f.err = m.err;
  f.stdin = m.stdin;
  m.out = s.out;
  m.err = s.err;
  m.stdin = s.stdin;
  return true;
}

/** bash's `+ for i in …` before each iteration under `set -x`. */
export function traceFor(m: Machine, ctx: RunContext, n: Extract<ShellNode, { t: 'for' }>): void {
  emit(m, ctx, m.err, xtraceFor(m.vars.PS4 ?? '+ ', m.depth, n.name, n.words === null ? null : n.text), m.clock);
}

/** A `for` loop's words; undefined when an expansion error ended the shell (its frames are gone). */
export function expandForWords(m: Machine, ctx: RunContext, n: Extract<ShellNode, { t: 'for' }>): string[] | undefined {
  const st = expansion(m, ctx);
  const words = expandWords(n.words ?? [], st.ex);
  if (st.fatal === undefined) return words;
  abandonLine(m, st.fatal);
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Commands
// ---------------------------------------------------------------------------------------------

export function runCommand(m: Machine, ctx: RunContext, n: Extract<ShellNode, { t: 'cmd' }>): void {
  const st = expansion(m, ctx);
  try {
    runSimple(m, ctx, n, st);
  } finally {
    closePipes(m, ctx, st);
  }
}

function runSimple(m: Machine, ctx: RunContext, n: Extract<ShellNode, { t: 'cmd' }>, st: Expansion): void {
  // bash's `$LINENO` is the line a command ends on, BusyBox's the line it starts on (recorded: `echo "a<newline>b" $LINENO`).
  m.cmdLine = m.dialect === 'bash' ? (n.endLine ?? n.line) : n.line;
  // Named as written for `set -x` (`a[2]=v`, `b+=c`; an array's words are traced joined, where bash shows them as written).
  const assigns = n.assigns.map((a) => [`${a.name}${a.index === undefined ? '' : `[${a.index}]`}${a.append ? '+' : ''}`, a.array ? '' : expandWord(tildeWord(a.value, st.ex), st.ex)] as const);
  const lists = n.assigns.map((a) => (a.array ? listItems(a.array, st.ex) : undefined));
  const argv = expandWords(n.words, st.ex);
  // An array's words are traced joined (bash shows them as written).
  const traced = assigns.map(([k, v], i) => [k, lists[i] ? lists[i]!.map((it) => (it.key === undefined ? it.value : `[${it.key}]=${it.value}`)).join(' ') : v] as const);
  if (st.blocked) {
    m.state = 'blocked';
    return;
  }
  if (st.fatal !== undefined) {
    abandonLine(m, st.fatal);
    return;
  }
  // The trace goes to the shell's stderr before the command's own redirections apply.
  if (m.opts.xtrace && m.dialect !== null) emit(m, ctx, m.err, xtrace(m, m.dialect, traced, argv), m.clock);
  const streams = openRedirs(m, ctx, n.redirs, st.ex);
  if (st.fatal !== undefined) {
    abandonLine(m, st.fatal);
    return;
  }
  if ('error' in streams) {
    emit(m, ctx, m.err, streams.error, m.clock);
    m.status = redirectFailure(m);
    return;
  }
  if (argv.length === 0) {
    // Recorded: `bash -c 'declare -A t; t=([a]=1 b)'` → `bash: line 1: t: b: must use subscript when assigning associative array`.
    n.assigns.forEach((a, i) => assign(m, a, assigns[i]![1], lists[i], st.ex, (message) => emit(m, ctx, m.err, `${shellPrefix(m)}${message}\n`, m.clock)));
    m.status = st.substStatus ?? 0;
    return;
  }
  const exported = exportedEnv(m);
  const env = assigns.length > 0 ? { ...exported, ...Object.fromEntries(n.assigns.map((a, i) => [a.name, assigns[i]![1]])) } : exported;
  // `declare -A m=([a]=1 …)`: the lists' words, read with the command's, for the builtin to find by NAME.
  const compound = n.lists ? declarationLists(n, st.ex) : undefined;
  if (compound) m.compound = compound;
  try {
    dispatch(m, ctx, argv, env, streams);
  } finally {
    if (compound) delete m.compound;
  }
}

/** What a program the shell starts gets as its environment: the exported variables (Scope.exported). */
export function exportedEnv(m: Machine): Record<string, string> {
  return m.exported ? Object.fromEntries(m.exported.flatMap((k) => (Object.hasOwn(m.vars, k) ? [[k, m.vars[k]!]] : []))) : m.vars;
}

/** After a compound command's expansions: false when they blocked or ended the shell (its frames are gone). */
function settled(m: Machine, st: Expansion): boolean {
  if (st.blocked) {
    m.state = 'blocked';
    return false;
  }
  if (st.fatal !== undefined) {
    abandonLine(m, st.fatal);
    return false;
  }
  return true;
}

/**
 * bash's `[[ … ]]`. A test that cannot be evaluated at run time (an arithmetic operand of `-eq`
 * that is no expression) is reported as bash does and fails with status 1 (recorded, bash 5.2.15:
 * `bash: line 1: [[: x+: syntax error: operand expected (error token is "+")`, `$?` 1).
 * BASH_REMATCH is the array of what `=~` matched and its groups (empty after a failed match).
 */
export function runCond(m: Machine, ctx: RunContext, n: Extract<ShellNode, { t: 'cond' }>): void {
  const st = expansion(m, ctx);
  const host: TestHost = {
    ...containerTestHost(m.fs, ctx.base, m.cwd, m.vars),
    isatty: (fd) => {
      const t = ttyOf(m, { out: m.out, err: m.err, stdin: m.stdin });
      return fd === 0 ? t.in : fd === 1 ? t.out : fd === 2 && t.err;
    },
    match: (pattern, text) => fnmatch(pattern, text, { extglob: true, nocase: shoptOn(m.opts.shopt, 'nocasematch') }),
    rematch: (groups) => {
      m.arrays = { ...m.arrays, BASH_REMATCH: groups ?? [] };
    },
    ...(m.opts.xtrace ? { trace: (words: string[]) => emit(m, ctx, m.err, `${xtracePrefix(m.vars.PS4 ?? '+ ', m.depth)}[[ ${words.join(' ')} ]]\n`, m.clock) } : {}),
  };
  const r = condStatus(n.items, st.ex, host);
  if (!settled(m, st)) return;
  if (r.status === 2) {
    emit(m, ctx, m.err, `${shellPrefix(m)}[[: ${bashTestMessage(r.error)}\n`, m.clock);
    m.status = r.error.k === 'arith' ? 1 : 2;
    return;
  }
  m.status = r.status;
}

/** bash's `(( … ))`: 0 when the value is not zero; an error is reported (`((: 1/0: division by 0 …`) and fails with 1. */
export function runArithCommand(m: Machine, ctx: RunContext, n: Extract<ShellNode, { t: 'arith' }>): void {
  // Traced as written, inside `((` and `))` and a blank each (recorded: `+ ((  1 + 2  ))`).
  if (m.opts.xtrace) emit(m, ctx, m.err, `${xtracePrefix(m.vars.PS4 ?? '+ ', m.depth)}(( ${n.expr} ))\n`, m.clock);
  const st = expansion(m, ctx);
  let failed: string | undefined;
  const value = arithmetic(n.expr, { ...st.ex, fail: (message, kind) => (kind === 'arith' ? (failed ??= message) : st.ex.fail(message, kind)) });
  if (!settled(m, st)) return;
  if (failed !== undefined) {
    emit(m, ctx, m.err, `${shellPrefix(m)}((: ${failed}\n`, m.clock);
    m.status = 1;
    return;
  }
  m.status = value === 0n ? 1 : 0;
}

/** `case`: the body to run (status 0 first, as for no match), or undefined. Patterns read extglob's forms under `shopt -s extglob`. */
export function caseChoice(m: Machine, ctx: RunContext, n: Extract<ShellNode, { t: 'case' }>): number | undefined {
  if (m.opts.xtrace && m.dialect === 'bash') emit(m, ctx, m.err, `${xtracePrefix(m.vars.PS4 ?? '+ ', m.depth)}case ${n.text} in\n`, m.clock);
  const st = expansion(m, ctx);
  const opts = m.dialect === 'bash' ? { extglob: shoptOn(m.opts.shopt, 'extglob'), nocase: shoptOn(m.opts.shopt, 'nocasematch') } : {};
  const body = caseBody(n, st.ex, (pattern, text) => fnmatch(pattern, text, opts));
  if (!settled(m, st)) return undefined;
  m.status = 0;
  return body;
}

/**
 * A shell assignment: `NAME=v`, and bash's `NAME+=v`, `NAME[i]=v` and `NAME=(…)`/`NAME+=(…)`
 * (`list`), which make NAME an array (shell-arrays.ts; a scalar NAME becomes its element 0).
 */
function assign(m: Machine, a: Assign, value: string, list: ListItem[] | undefined, ex: ExpandContext, say: (message: string) => void): void {
  const isArray = (m.arrays !== undefined && Object.hasOwn(m.arrays, a.name)) || declaredOnly(m, a.name);
  const table = m.assocs ? (own(m.assocs, a.name) as AssocArray | undefined) : undefined;
  if (list === undefined && a.index === undefined && !isArray && !table) {
    if (!a.append && assignSpecial(m, a.name, value)) return;
    setOwn(m.vars, a.name, a.append ? ((own(m.vars, a.name) as string | undefined) ?? '') + value : value);
    return;
  }
  const arith = (expr: string): number => Number(arithmetic(expr, ex));
  if (list !== undefined && (table || list.some((it) => it.key !== undefined))) {
    for (const e of assignItems(m, a.name, list, a.append === true, arith)) say(e);
    return;
  }
  if (table && a.index !== undefined) {
    // `m[key]=v`: the key expanded as one word; an empty one is `m[]: bad array subscript` (recorded).
    const key = expandWord(a.key ?? [], ex);
    if (key === '') ex.fail(`${a.name}[${a.index}]: bad array subscript`, 'arith');
    else assocSet(table, key, a.append ? (assocGet(table, key) ?? '') + value : value);
    return;
  }
  // The subscript expanded, then read as arithmetic (`a[$i]=v`, `a[$(f)]=v`, `a[i+1]=v`).
  const index = a.index === undefined ? undefined : arith(a.key ? expandWord(a.key, ex) : a.index);
  // Recorded, bash 5.2.15: `a[-20]=z` on a shorter array is `bash: line 1: a[-20]: bad array subscript`.
  if (!assignArray(m, a, value, list?.map((it) => it.value), index)) ex.fail(`${a.name}[${a.index}]: bad array subscript`, 'arith');
}

/** The `NAME=(…)` arguments' lists of a declare or local, by NAME. */
function declarationLists(n: Extract<ShellNode, { t: 'cmd' }>, ex: ExpandContext): Record<string, { items: ListItem[]; append: boolean }> {
  const out: Record<string, { items: ListItem[]; append: boolean }> = {};
  for (const [at, words] of Object.entries(n.lists ?? {})) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)(\+?)=$/.exec(wordAsWritten(n.words[Number(at)] ?? []));
    if (m) setOwn(out, m[1]!, { items: listItems(words, ex), append: m[2] === '+' });
  }
  return out;
}

/** An array assignment's words: `[k]=v` pairs (key and value expanded, unsplit) and bare words split and globbed, each field an element. */
function listItems(words: Word[], ex: ExpandContext): ListItem[] {
  return words.flatMap((w) => {
    const pair = keyedWord(w);
    return pair ? [{ key: expandWord(pair.key, ex), value: expandWord(pair.value, ex) }] : expandWords([w], ex).map((value) => ({ value }));
  });
}

/** PS4 (`+ ` when unset); dash and ash trace an assignment-only command after making it, so its own PS4= shows. */
function xtrace(m: Machine, dialect: Dialect, assigns: readonly (readonly [string, string])[], argv: string[]): string {
  const assigned = dialect !== 'bash' && argv.length === 0 ? assigns.find(([k]) => k === 'PS4')?.[1] : undefined;
  return xtraceLines(dialect, assigned ?? m.vars.PS4 ?? '+ ', m.depth, assigns, argv);
}

/** A pipeline stage's words as written (literal text only: `ps` shows its siblings without expanding them). */
function stageWords(m: Machine, i: number): string[] {
  const n = m.nodes[i];
  if (n?.t !== 'cmd') return ['sh'];
  return n.words.map((w) => w.map((sg) => (sg.t === 'lit' ? sg.v : '')).join('')).filter(Boolean);
}

export function runPipeline(m: Machine, ctx: RunContext, n: Extract<ShellNode, { t: 'pipe' }>): void {
  const start = m.clock;
  runStages(m, ctx, n);
  if (!n.time || m.state === 'blocked' || m.state === 'spinning') return;
  // TIMEFORMAT unset is bash's own format; set to '' it silences the report (src/k8s/bash-time.ts).
  const format = Object.hasOwn(m.vars, 'TIMEFORMAT') ? m.vars['TIMEFORMAT'] : undefined;
  const status = m.status;
  emit(m, ctx, m.err, timeReport(format, n.time === 'posix', m.clock - start, 0, 0, shellPrefix(m)).text, m.clock);
  m.status = status;
}

function runStages(m: Machine, ctx: RunContext, n: Extract<ShellNode, { t: 'pipe' }>): void {
  let input = m.stdin;
  let end = m.clock;
  let status = 0;
  // `set -o pipefail`: the last stage that failed decides (bash, BusyBox ash).
  let failed = 0;
  const stages = n.cmds.map((c) => stageWords(m, c));
  for (let i = 0; i < n.cmds.length; i++) {
    const last = i === n.cmds.length - 1;
    const sink: Sink = last ? m.out : { k: 'capture', buf: [] };
    const r = runNested(m, ctx, n.cmds[i]!, sink, input, false, { ...(n.bang ? { negated: true } : {}), ...(n.cmds.length > 1 ? { stage: { stages, index: i } } : {}) });
    if (sink.k === 'capture') input = sink.buf.join('');
    end = Math.max(end, r.clock);
    if (r.blocked || r.spinning) {
      m.state = r.spinning ? 'spinning' : 'blocked';
      return;
    }
    status = r.status;
    if (status !== 0) failed = status;
  }
  if (m.opts.pipefail) status = failed;
  m.clock = end;
  m.status = n.bang ? (status === 0 ? 1 : 0) : status;
}

/**
 * Which of a command's fds are the learner's terminal (isatty): stdout and stderr where their sink
 * is the terminal's (not a pipe, a file, `$(…)`), stdin where the script reads the terminal and
 * neither a pipe nor `<` gave this command other input. Approximate: a `< file` on an enclosing
 * `{ …; }` or loop whose file is empty reads as the terminal.
 */
export function ttyOf(m: Machine, s: Streams): NonNullable<Io['tty']> {
  const on = (x: Sink): boolean => x.k === 'capture' && x.tty === true;
  return { in: m.ttyIn === true && !s.stdinReplaced && s.stdin === '', out: on(s.out), err: on(s.err) };
}

/** The Io fields that say which fds are the terminal: none are, unless one is. */
function ttyFields(tty: NonNullable<Io['tty']>): Pick<Io, 'tty' | 'terminal'> {
  return tty.in || tty.out || tty.err ? { tty, terminal: tty.in && tty.out } : {};
}

/** Buffered stdio for one command, flushed to its sinks at the right time. */
function bufferedIo(stdin: string, tty: NonNullable<Io['tty']>): Io & { outText: string; errText: string } {
  const io = {
    ...ttyFields(tty),
    stdin,
    outText: '',
    errText: '',
    out(t: string) {
      io.outText += t;
    },
    err(t: string) {
      io.errText += t;
    },
  };
  return io;
}

function flush(m: Machine, ctx: RunContext, io: { outText: string; errText: string }, s: Streams, at: number): void {
  emit(m, ctx, s.out, io.outText, at);
  emit(m, ctx, s.err, io.errText, at);
}

/**
 * An Io that keeps its writes in order: a tool's warning about one FILE before the next file's
 * lines, wget's and curl's progress and notices before the body, as a terminal (or `2>&1`)
 * shows them.
 */
function orderedIo(stdin: string, tty: NonNullable<Io['tty']>): Io & { writes: { err: boolean; text: string; ms: number; screen?: ScreenFrame }[] } {
  const writes: { err: boolean; text: string; ms: number; screen?: ScreenFrame }[] = [];
  let ms = 0;
  return {
    ...ttyFields(tty),
    stdin,
    writes,
    out: (text) => writes.push({ err: false, text, ms }),
    err: (text) => writes.push({ err: true, text, ms }),
    screen: (frame) => writes.push({ err: false, text: '', ms, screen: frame }),
    at: (t) => {
      ms = t;
    },
  };
}

/** POSIX's special builtins: found before a function of the same name (XCU 2.9.1.1). */
const SPECIAL_BUILTINS = new Set(['break', ':', 'continue', '.', 'eval', 'exec', 'exit', 'export', 'readonly', 'return', 'set', 'shift', 'trap', 'unset']);

/**
 * `programOnly`: execvp's lookup (a tool's exec, a file run by its path): shell functions and
 * builtins are not programs. `shownAs`: the path the program was run by (its argv[0]).
 */
export function dispatch(m: Machine, ctx: RunContext, argv: string[], env: Record<string, string>, s: Streams, programOnly = false, shownAs?: string): void {
  const name = argv[0]!;
  const args = argv.slice(1);
  const fn = !programOnly && m.functions && !SPECIAL_BUILTINS.has(name) && Object.hasOwn(m.functions, name) ? m.functions[name] : undefined;
  if (fn !== undefined) {
    callFunction(m, fn, argv, s);
    return;
  }
  const tty = ttyOf(m, s);
  const io = bufferedIo(s.stdin, tty);
  // bash's builtins answer `--help` before they run (bash-builtin-help.ts), `local` outside a function included.
  const help = !programOnly && m.dialect === 'bash' ? bashBuiltinHelp(name, args) : undefined;
  if (help !== undefined) {
    io.out(help);
    m.status = 2;
    flush(m, ctx, io, s, m.clock);
    return;
  }
  if (!programOnly && runBuiltin(m, ctx, name, args, io, s)) {
    flush(m, ctx, io, s, m.clock);
    return;
  }
  const r = resolveCommand(ctx, name, m.cwd, m.fs);
  // Every program run takes a PID (a shell's included): what `ps` numbers an exec's processes by.
  if (r.k !== 'missing') m.spawned = (m.spawned ?? 0) + 1;
  switch (r.k) {
    case 'missing': {
      if (name.includes('/')) {
        runPath(m, ctx, argv, env, s, name);
        return;
      }
      const found = searchPath(ctx, m.fs, env.PATH ?? m.vars.PATH ?? '', runUser(m, ctx), name);
      // The file runs by its full path ($0 in a script); ash and dash name it as typed, bash by that path.
      if (found) {
        runPath(m, ctx, [found.path, ...args], env, s, m.dialect === 'bash' ? found.path : name);
        return;
      }
      emit(m, ctx, s.err, notFound(m, name), m.clock);
      m.status = 127;
      return;
    }
    case 'shell':
      runShell(m, ctx, argv, env, s, r.dialect);
      return;
    case 'tool':
    case 'net': {
      const tool = r.k === 'tool' ? r.tool : netTool(r.name, network(m, ctx));
      if (!tool) {
        emit(m, ctx, s.err, notFound(m, name), m.clock);
        m.status = 127;
        return;
      }
      // echo, printf, test … typed at a shell are its builtins; otherwise (by path, through env, with no shell) the programs.
      const asProgram = programOnly || !isShellBuiltin(m.dialect, name);
      runTool(m, ctx, tool, shownAs === undefined ? argv : [shownAs, ...args], env, s, tty, asProgram);
      return;
    }
    case 'binary':
      // The image's redis-cli is its file (`command -v` names /usr/local/bin/redis-cli) and a
      // network tool when it runs: it dials the container's or the cluster's servers (redis-cli.ts).
      if (r.binary.kind === 'program' && (r.binary.program === 'redis-cli' || r.binary.program === 'zkCli.sh' || r.binary.program === 'mysql' || (r.binary.program === 'ncat' && !argv.includes('--listen')))) runTool(m, ctx, netTool(r.binary.program, network(m, ctx))!, argv, env, s, tty);
      else runBinary(m, ctx, r.path, r.binary, argv, env, s, io);
      return;
  }
}

/** A userland or network tool run as a program: its writes, then its time, status or exec. */
function runTool(m: Machine, ctx: RunContext, tool: Tool, argv: string[], env: Record<string, string>, s: Streams, tty: NonNullable<Io['tty']>, asProgram = true): void {
  // A tool's writes reach the terminal in the order it made them (`cat /nope -` warns first).
  const ordered = orderedIo(s.stdin, tty);
  // Set on the object, not spread into a copy: a spread reads the `processes` getter, which is built only for ps.
  const tenv = toolEnv(m, ctx, env, ordered, argv);
  if (asProgram) tenv.asProgram = argv[0]!;
  const res: ToolResult = tool(argv.slice(1), tenv);
  for (const w of ordered.writes) {
    if (w.screen) emitScreen(s.out, w.screen, m.clock + w.ms);
    else emit(m, ctx, w.err ? s.err : s.out, w.text, m.clock + w.ms);
  }
  if (res.exec) {
    execFromTool(m, ctx, res.exec, s);
    return;
  }
  if (res.caughtSigint && ctx.sigint) {
    // The run stops right after it, at the Ctrl+C: its shells' own reaction is sigint.ts's.
    ctx.sigint.handled = true;
    m.clock += res.ms ?? 0;
    m.status = res.status;
    m.state = 'blocked';
    return;
  }
  if (res.reads) {
    awaitLine(m, ctx, res, res.reads, s, { argv, pid: nextProcPid(m) - 1, from: m.clock });
    return;
  }
  // `tail -f` writing straight to a client's stream: the stream follows the file (follow.ts).
  if (res.block && res.follow !== undefined && ctx.follows && s.out.k === 'capture' && s.out.times) {
    const at = fileLocation(m.fs, ctx.base, res.follow);
    ctx.follows.push({ id: addFollower(at.layer, at.path, m.clock), path: res.follow, from: m.clock, ...(ctx.image.userland.tools === 'coreutils' ? {} : { poll: 1000 }) });
  }
  // The container's own script waits on this program for a while: a process `ps` can see.
  if (!ctx.exec && (res.block || (res.ms ?? 0) > 0)) m.running = { argv, pid: nextProcPid(m) - 1, from: m.clock, until: res.block ? Infinity : m.clock + (res.ms ?? 0) };
  if (res.block) m.state = 'blocked';
  else {
    m.clock += res.ms ?? 0;
    m.status = res.status;
  }
}

/**
 * A program at its own prompt (ToolResult.reads): the line waits for the next typed line as a
 * `read` does (tty-shell.ts resumes it with resumeReader). Where nobody can type one — the line's
 * streams are not all the terminal's, or no interactive session holds the terminal — it reads
 * the end of input at once, as on a terminal that closes: the prompt, the newline a line editor
 * prints as it leaves raw mode, then what the program does at end of input (redis-cli exits 0).
 */
function awaitLine(m: Machine, ctx: RunContext, res: ToolResult, reader: LineReader, s: Streams, proc: ReadRequest['proc']): void {
  m.clock += res.ms ?? 0;
  if (awaitsTypedLine(m)) {
    m.awaiting = { names: [], prompt: reader.prompt, reader, ...(proc ? { proc } : {}) };
    m.state = 'blocked';
    return;
  }
  emit(m, ctx, s.out, `${reader.prompt}\n`, m.clock);
  settleReader(m, ctx, stepReader(reader, { k: 'eof' }, m, ctx, s), s, proc);
}

/** The program's answer to one input: what it wrote, then its next prompt or its exit status. */
function stepReader(reader: LineReader, input: ReaderInput, m: Machine, ctx: RunContext, s: Streams): ToolResult {
  const ordered = orderedIo('', { in: true, out: true, err: true });
  let res: ToolResult;
  switch (reader.program) {
    case 'redis-cli':
      res = replLine(reader, input, toolEnv(m, ctx, m.vars, ordered, [reader.program]), network(m, ctx));
      break;
    case 'mysql':
      res = mysqlReplLine(reader, input, toolEnv(m, ctx, m.vars, ordered, [reader.program]), network(m, ctx));
      break;
  }
  for (const w of ordered.writes) emit(m, ctx, w.err ? s.err : s.out, w.text, m.clock + w.ms);
  return res;
}

function settleReader(m: Machine, ctx: RunContext, res: ToolResult, s: Streams, proc: ReadRequest['proc']): void {
  if (res.reads) return awaitLine(m, ctx, res, res.reads, s, proc);
  m.clock += res.ms ?? 0;
  m.status = res.status;
}

/**
 * The typed line a program waiting at its prompt reads (machine.ts runNested resumes the
 * waiting line with it). The terminal is in raw mode: a line that is only Ctrl+D's or Ctrl+C's
 * byte is that key, not text.
 */
export function resumeReader(m: Machine, ctx: RunContext, reader: LineReader, typed: string, proc: ReadRequest['proc']): void {
  const input: ReaderInput = typed === '\x04' ? { k: 'eof' } : typed === '\x03' ? { k: 'interrupt' } : { k: 'line', text: typed };
  const tty = m.lineStreams ?? { out: m.out, err: m.err };
  const s: Streams = { out: tty.out, err: tty.err, stdin: '' };
  settleReader(m, ctx, stepReader(reader, input, m, ctx, s), s, proc);
}

/**
 * A tool that runs the program it was given (`env … COMMAND`, `nohup`, `timeout`, `xargs`):
 * execvp, so the program must be a file in PATH or at its path — never a shell builtin or
 * function — and a missing one is the tool's own error, not the shell's `not found`. One that
 * replaces the tool runs in its place; one the tool waits for (a limit, several runs, its own
 * stdin or output) runs to its end in a nested machine (machine.ts runNestedCall), so that its
 * time can be bounded and its status read.
 */
function execFromTool(m: Machine, ctx: RunContext, exec: ExecRequest, s: Streams): void {
  const found = (name: string): boolean =>
    name.includes('/') ? stat(m.fs, ctx.base, normalizePath(name, m.cwd)).kind !== 'none' : resolveCommand(ctx, name, m.cwd, m.fs).k !== 'missing' || searchPath(ctx, m.fs, exec.env.PATH ?? '', runUser(m, ctx), name) !== undefined;
  const missing = (): void => {
    emit(m, ctx, s.err, exec.missing, m.clock);
    m.status = exec.missingStatus ?? 127;
  };
  if (!found(exec.argv[0]!)) return missing();
  // nohup opens nohup.out for appending before it execs (O_CREAT|O_APPEND).
  if (exec.outFile !== undefined) writeFile(m.fs, ctx.base, exec.outFile, '', true, m.clock, () => processIds(m, ctx));
  const out: Sink = exec.outFile === undefined ? s.out : { k: 'file', path: exec.outFile };
  const streams: Streams = { out, err: exec.errToOut ? out : s.err, stdin: exec.stdin ?? s.stdin, ...(exec.stdin !== undefined || s.stdinReplaced ? { stdinReplaced: true as const } : {}) };
  if (!exec.limit && !exec.more && !exec.status && !exec.stop && !exec.report && exec.stdin === undefined) {
    dispatch(m, ctx, exec.argv, exec.env, streams, true);
    return;
  }
  const start = m.clock;
  const statuses: number[] = [];
  for (const argv of [exec.argv, ...(exec.more ?? [])]) {
    if (!found(argv[0]!)) return missing();
    // A line that waits for the World runs the program no further than timeout's deadline: what
    // it would do after it never happens, and the World is not run past it.
    const deadline = exec.limit && ctx.pace ? start + exec.limit.ms : undefined;
    const r = runNestedCall(m, ctx, streams.out, streams.err, streams.stdin, (sub, inner) => dispatch(sub, inner, argv, exec.env, streams, true), deadline);
    // timeout kills what is still running at the deadline (a blocked or spinning one included).
    if (exec.limit && (r.blocked || r.spinning || r.clock - start > exec.limit.ms)) {
      m.clock = start + exec.limit.ms;
      m.status = exec.limit.status;
      return;
    }
    if (r.blocked || r.spinning) {
      m.state = r.spinning ? 'spinning' : 'blocked';
      return;
    }
    m.clock = Math.max(m.clock, r.clock);
    statuses.push(r.status);
    const stop = exec.stop?.(r.status);
    if (stop !== undefined) {
      emit(m, ctx, s.err, stop, m.clock);
      break;
    }
  }
  m.status = exec.status ? exec.status(statuses) : statuses[statuses.length - 1]!;
  if (exec.report) emit(m, ctx, s.err, exec.report(m.status, m.clock - start), m.clock);
}

/**
 * A file run by its path (exec-file.ts): its interpreter runs in its place; a file without `#!`
 * the shell runs as a script of its own (the ENOEXEC fallback; runc, as the container's
 * command, fails instead); every failure with the shell's own words (pathFailure).
 */
function runPath(m: Machine, ctx: RunContext, argv: string[], env: Record<string, string>, s: Streams, shown: string): void {
  const r = execPath(ctx, m.fs, m.cwd, runUser(m, ctx), argv);
  switch (r.k) {
    case 'run':
      // An ELF file runs as the program it is (`/usr/bin/printf` is coreutils', not the shell's builtin).
      dispatch(m, ctx, r.argv, env, s, true, r.argv[0] === argv[0]!.slice(argv[0]!.lastIndexOf('/') + 1) ? argv[0] : undefined);
      return;
    case 'noexec':
      if (m.dialect !== null) {
        m.spawned = (m.spawned ?? 0) + 1;
        runShell(m, ctx, [shName(m), ...argv], env, s, m.dialect);
        return;
      }
      break;
    case 'env-missing':
      m.spawned = (m.spawned ?? 0) + 1;
      break;
    case 'missing':
    case 'dir':
    case 'denied':
    case 'no-interpreter':
      break;
  }
  const failed = pathFailure(m, ctx.image.userland.tools === 'coreutils', shown, r);
  emit(m, ctx, s.err, failed.message, m.clock);
  // dash reports a $PATH file it may not execute with status 127 (recorded, dash 0.5.12).
  m.status = r.k === 'denied' && m.dialect === 'dash' && !shown.includes('/') ? 127 : failed.status;
}

function userOf(m: Machine, ctx: RunContext): { user?: RunUser } {
  const user = runUser(m, ctx);
  return user ? { user } : {};
}

export function toolEnv(m: Machine, ctx: RunContext, env: Record<string, string>, io: Io, argv: string[]): ToolEnv {
  return {
    io,
    vars: env,
    cwd: m.cwd,
    clock: m.clock,
    ...(ctx.sigint && !ctx.sigint.handled ? { sigintAt: ctx.sigint.at } : {}),
    fs: m.fs,
    base: ctx.base,
    flavour: ctx.image.userland.tools === 'coreutils' ? 'coreutils' : 'busybox',
    ...(ctx.image.userland.libc ? { libc: ctx.image.userland.libc } : {}),
    // Alpine's busybox package: aports' busyboxconfig has CONFIG_UNAME_OSNAME="Linux".
    ...(ctx.image.userland.tools === 'busybox' && ctx.image.userland.pkg === 'apk' ? { osName: 'Linux' } : {}),
    dialect: m.dialect ?? (ctx.image.userland.shell === 'dash' ? 'dash' : 'ash'),
    shell: m.dialect === null ? 'sh' : shName(m),
    ...(m.opts.interactive === true ? { interactive: { line: m.lineNo ?? 1 } } : {}),
    hostname: ctx.hostname,
    // Built when asked for: only ps reads it (proc-container.ts).
    get processes() {
      return ctx.processTable ? ctx.processTable.procs(argv, m.pipeline) : visibleProcs(m, ctx, argv);
    },
    caller: ctx.processTable?.caller ?? callerOf(ctx),
    ...(ctx.memTotalKb !== undefined ? { memTotalKb: ctx.memTotalKb } : {}),
    version: ctx.tag.version ?? '',
    ...userOf(m, ctx),
    ...(ctx.net?.host ? { host: ctx.net.host } : {}),
    ...(ctx.pace ? { pace: ctx.pace } : {}),
    ...(ctx.net?.netns ? { netns: ctx.net.netns } : {}),
    ...(ctx.system ? { system: ctx.system } : {}),
    ...(ctx.image.bindVersion !== undefined ? { bindVersion: ctx.image.bindVersion } : {}),
    ...(argv[0] !== undefined && argv[0].slice(argv[0].lastIndexOf('/') + 1) === 'curl' ? { curl: containerCurl(m, ctx, argv[0]) } : {}),
    program: (fullPath) => programAt(ctx, m.fs, runUser(m, ctx), fullPath),
    // `pid` is the namespace's: this container's own past its pidBase, or another container's in a shared one.
    signal: (pid, sig, sender = 0) => signalApp(m, pid - pidBase(ctx), sig, sender, ctx.cpus) || (ctx.pidPeers?.find((p) => p.pid === pid)?.signal?.(sig, sender) ?? false),
    ...(ctx.viBox ? { editor: (open: ViOpen) => void (ctx.viBox!.open = open) } : {}),
    ...(ctx.session?.columns !== undefined ? { columns: ctx.session.columns } : {}),
  };
}

/** The curl `name` runs: a package's (in the container's layer) or the image's own. */
function containerCurl(m: Machine, ctx: RunContext, name: string) {
  const osRelease = stat(m.fs, ctx.base, '/etc/os-release');
  return curlBuildFor(ctx.image, ctx.tag, installedCommand(m.fs, name.includes('/') ? normalizePath(name, m.cwd) : name) !== undefined, osRelease.kind === 'file' ? osRelease.content : undefined);
}

// ---------------------------------------------------------------------------------------------
// Image binaries
// ---------------------------------------------------------------------------------------------

function runBinary(m: Machine, ctx: RunContext, path: string, binary: Binary, argv: string[], env: Record<string, string>, s: Streams, io: ReturnType<typeof bufferedIo>): void {
  if (binary.kind === 'entrypoint') {
    let rest = argv.slice(1);
    if (binary.prependIfFlag && (rest.length === 0 || rest[0]!.startsWith('-'))) rest = [binary.prependIfFlag, ...rest];
    const first = rest[0];
    if (first !== undefined && binary.announceFor.includes(first.slice(first.lastIndexOf('/') + 1))) io.out(`${binary.lines.join('\n')}\n`);
    flush(m, ctx, io, s, m.clock);
    if (rest.length === 0) {
      m.status = 0;
      return;
    }
    dispatch(m, ctx, rest, env, s);
    return;
  }
  const override = path === ctx.image.main && ctx.tag.behaviour && ctx.tag.behaviour.kind !== 'missing' ? ctx.tag.behaviour : undefined;
  const read = (file: string): string | undefined => {
    const f = stat(m.fs, ctx.base, normalizePath(file, m.cwd));
    return f.kind === 'file' ? f.content : undefined;
  };
  const kind = (file: string): 'file' | 'dir' | 'none' => stat(m.fs, ctx.base, normalizePath(file, m.cwd)).kind;
  const write = (file: string, content: string | undefined, who: readonly [number, number]): void => {
    const at = normalizePath(file, m.cwd);
    if (content === undefined) makeDir(m.fs, at, m.clock, () => who);
    else writeFile(m.fs, ctx.base, at, content, false, m.clock, () => who);
  };
  const who = (): FileIds => processIds(m, ctx);
  const save = (file: string, content: string): void => writeAs(m.fs, ctx.base, normalizePath(file, m.cwd), content, m.clock, who);
  const mkdirs = (dir: string): void => mkdirAs(m.fs, ctx.base, normalizePath(dir, m.cwd), m.clock, who);
  const list = (dir: string): string[] => dirEntries(m.fs, ctx.base, normalizePath(dir, m.cwd)).map((e) => e.name);
  const signal = (pid: number, sig: number, sender: number): boolean => signalApp(m, pid, sig, sender, ctx.cpus);
  const pc = { io, env, version: ctx.tag.version ?? 'latest', clock: m.clock, apps: m.apps, cwd: m.cwd, read, kind, write, save, mkdirs, list, signal, hostname: ctx.hostname, ...(override ? { override } : {}), ...(ctx.net ? { net: ctx.net } : {}), ...(ctx.image.userland.pkg === 'apk' ? { musl: true as const } : {}) };
  let outcome: Outcome;
  if (binary.kind === 'app') {
    if (binary.behaviour.kind === 'missing') outcome = { k: 'done', status: 127 };
    else outcome = runApp(path, binary.behaviour, argv, pc);
  } else if (binary.program === 'curl' || binary.program === 'wget' || binary.program === 'redis-cli' || binary.program === 'zkCli.sh' || binary.program === 'mysql') {
    outcome = { k: 'done', status: 127 };
  } else outcome = runProgram(binary.program, argv, pc);
  applyOutcome(m, ctx, outcome, io, s, env);
}

function applyOutcome(m: Machine, ctx: RunContext, o: Outcome, io: ReturnType<typeof bufferedIo>, s: Streams, env: Record<string, string>): void {
  switch (o.k) {
    case 'done': {
      const ms = o.ms ?? 0;
      flush(m, ctx, io, s, o.late ? m.clock + ms : m.clock);
      m.clock += ms;
      m.status = o.status;
      return;
    }
    case 'block':
      flush(m, ctx, io, s, m.clock);
      m.state = 'blocked';
      return;
    case 'exec':
      if (o.errFirst) {
        emit(m, ctx, s.err, io.errText, m.clock);
        emit(m, ctx, s.out, io.outText, m.clock);
      } else flush(m, ctx, io, s, m.clock);
      dispatch(m, ctx, o.argv, env, s);
      return;
    case 'app': {
      flush(m, ctx, io, s, m.clock);
      const run = launch(m, ctx, o.start, o.daemon === true);
      if (o.daemon) m.status = 0;
      else if (run.end) {
        m.clock = run.end.at;
        m.status = run.end.code;
      } else m.state = 'blocked';
      return;
    }
  }
}
