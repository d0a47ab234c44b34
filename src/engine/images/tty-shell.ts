/**
 * An interactive shell on a terminal (`kubectl exec -it POD -- sh`, or PID 1 of `kubectl run -it`
 * read through an attach): one process that reads the lines typed into it and keeps its state
 * between them — variables and which are exported, `set` options, the directory, `$?`, the
 * positional parameters — until `exit`, end of input or `set -e` ends it. It is in the container
 * while the session is open: `ps` from any exec lists it (`Ss+` on pts/0 while it waits at its
 * prompt), `$$` is its PID, and what a line runs are its children.
 *
 * Each typed line arrives as its own request (the stream's approximation, node/exec.ts) and runs
 * here as the shell runs a line it read: in the shell's process, not as a new `sh -c`. The
 * shell's state lives in the container's machine (`Machine.ttyShells`), so it is plain data the
 * World snapshots; it ends with the container.
 *
 * What only an interactive shell does happens here: bash's history expansion and the history
 * bash and BusyBox keep (shell-history.ts; bash writes ~/.bash_history as it exits), `$LINENO`
 * as the lines read, and the prompt it prints after each line (its PS1, src/k8s/shell-prompt.ts).
 * A line that stops in `read` with nothing to read keeps its frames (TtyShell.pending): the next
 * typed line is its input and the line goes on, the prompt meanwhile being read's `-p` text.
 *
 * Ctrl+C while a line runs (TtyShellRef.interruptAt) is SIGINT to its foreground job
 * (sigint.ts): the line ends there, or its INT trap decides.
 *
 * A learner's line waits for the World (TtyShellRef.pace: each step reads the cluster at its
 * moment), so it runs on a head of its own beside the machine it is typed into (headBeside):
 * the container's PID 1 steps on meanwhile, and what the line keeps (the shell's state, its
 * parsed script, the files it wrote) is shared with it, never its scope or clock.
 *
 * Approximate: a command killed by SIGINT does nothing a handler of its own would (ping's
 * statistics); the step that ran past the Ctrl+C has had its effects (files written), only its
 * output after it is dropped; a `read` whose line has a
 * redirection or pipe open reads nothing instead of waiting; every session is on
 * pts/0; `$-` shows `i` (and bash's `himBHs`) but a line's syntax errors read as `-c`'s.
 */
import { END_OF_INPUT } from '../../k8s/end-of-input';
import { DEFAULT_OPTS } from '../../k8s/shell-options';
import { headBeside, rejoinHead, restoreScope, runNested, type LineCut, type Machine, type RunContext, type Sink, type TtyShell, type WorldPace } from './machine';
import { resolveCommand } from './resolve';
import { nextProcPid } from './shell-chain';
import { parseCached, syntaxMessage } from './shell-builtins';
import type { SyntaxProblem } from './shell-parse';
import { pidBase, runUser } from './proc-container';
import { emit } from './output';
import { shellBashVersion, shellStartVars } from './shell-vars';
import { defaultPs1, expandPrompt } from '../../k8s/shell-prompt';
import { EPOCH_MS } from '../../k8s/time';
import { expandHistory, historyEntry, HISTSIZE } from './shell-history';
import { stat, writeFile } from './fs';
import type { ExecChunk } from './types';
import { logTerminal, onlcr, PASTE_OFF, PASTE_ON } from './tty-log';
import { pushLog } from './log-buffer';
import { dropAfter, interruptRun } from './sigint';

/** How a line typed at an interactive shell ended, and the shell after it. */
export interface TtyLineResult {
  exitCode: number;
  output: string;
  streams: ExecChunk[];
  blocked: boolean;
  endedAt: number;
  /** The shell's PID, its directory now, whether the line ended it, and the prompt it prints next. */
  shell: { pid: number; cwd: string; ended: boolean; prompt?: string; raw?: true };
}

/** Which shell a line goes to: a new one started as `argv`, or the one with `pid` (PID 1's is started on its first line). */
export interface TtyShellRef {
  argv: string[];
  pid?: number;
  /** Ctrl+C typed at this simulated time, while the line runs (sigint.ts). */
  interruptAt?: number;
  /** The attaching client's own question about the shell (kubectl/attach.ts STARTUP_SCRIPT), not a typed line. */
  probe?: boolean;
  /** The line's steps wait for the World (machine.ts WorldPace): each reads the live cluster (a node's login, a container's session). */
  pace?: WorldPace;
}

/** The shell `argv` starts, reading the terminal: its environment is the container's, its directory the image's WORKDIR. */
function openShell(m: Machine, ctx: RunContext, ref: TtyShellRef, env: Record<string, string>, now: number): TtyShell | undefined {
  // A login shell's argv[0] is its name after a `-` (login(1), sshd: `-bash`).
  const r = resolveCommand(ctx, (ref.argv[0] ?? 'sh').replace(/^-/, ''), m.cwd, m.fs);
  if (r.k !== 'shell') return undefined;
  let pid = ref.pid;
  if (pid === undefined) {
    // It is a program the container started: the next PID (shell-chain.ts nextProcPid).
    m.spawned = (m.spawned ?? 0) + 1;
    pid = nextProcPid(m) - 1;
  }
  const cwd = ctx.image.workingDir ?? '/';
  // A shell sets PWD as it starts (recorded: `echo $PWD` with PWD unset, dash, BusyBox and bash alike).
  const vars = { ...env, PWD: cwd };
  const argv0 = ref.argv[0] ?? 'sh';
  const saved = m.clock;
  m.clock = now;
  const own = shellStartVars(m, ctx, { dialect: r.dialect, argv0, env, pid: pid + pidBase(ctx), ppid: 0, uid: runUser(m, ctx)?.uid ?? 0, interactive: true });
  m.clock = saved;
  // bash reads /etc/bash.bashrc, whose PS1 Debian and Ubuntu ship (the images' ~/.bashrc sets none).
  if (r.dialect === 'bash') own.vars.PS1 = defaultPs1('bash', 0);
  return {
    pid,
    argv: ref.argv,
    startedAt: now,
    status: 0,
    lines: 0,
    scope: { vars: { ...vars, ...own.vars }, positional: [argv0], cwd, dialect: r.dialect, opts: { ...DEFAULT_OPTS, interactive: true }, exported: [...new Set([...Object.keys(vars), ...own.exported])], arrays: own.arrays, specials: own.specials, ...(r.dialect === 'dash' ? {} : { history: r.dialect === 'bash' ? savedHistory(m, ctx, env.HOME) : [] }) },
  };
}

/** ~/.bash_history as a new bash reads it: the lines earlier sessions wrote (the last HISTSIZE). */
function savedHistory(m: Machine, ctx: RunContext, home: string | undefined): string[] {
  const f = home === undefined ? undefined : stat(m.fs, ctx.base, `${home.replace(/\/+$/, '')}/.bash_history`);
  return f?.kind === 'file' ? f.content.split('\n').filter((l) => l !== '').slice(-HISTSIZE) : [];
}

/** bash writes its history to ~/.bash_history as it exits (HISTFILE; the list, not only this session's). */
function saveHistory(m: Machine, ctx: RunContext, sh: TtyShell, now: number): void {
  const home = sh.scope.vars.HOME;
  if (sh.scope.dialect !== 'bash' || !sh.scope.history || home === undefined) return;
  const path = `${home.replace(/\/+$/, '')}/.bash_history`;
  if (stat(m.fs, ctx.base, home).kind !== 'dir') return;
  writeFile(m.fs, ctx.base, path, sh.scope.history.slice(-HISTSIZE).map((h) => `${h}\n`).join(''), false, now);
}

/**
 * The line as the shell takes it: bash's history expansion first (shell-history.ts; it prints
 * the expanded line), then the entry the history keeps. Undefined: an event it cannot find.
 */
function readLine(sh: TtyShell, line: string, err: (text: string) => void): string | undefined {
  const history = sh.scope.history;
  if (!history) return line;
  let taken = line;
  if (sh.scope.dialect === 'bash') {
    const x = expandHistory(line, history);
    if (x.k === 'missing') {
      err(`${sh.argv[0] ?? 'bash'}: ${x.event}: event not found\n`);
      return undefined;
    }
    if (x.k === 'expanded') {
      err(`${x.line}\n`);
      taken = x.line;
    }
  }
  const entry = historyEntry(taken);
  if (entry !== '') sh.scope = { ...sh.scope, history: [...history, entry].slice(-HISTSIZE) };
  return taken;
}

/** The shell's PS1 as it prints it now (src/k8s/shell-prompt.ts): its user, host, directory and variables. */
function promptOf(m: Machine, ctx: RunContext, sh: TtyShell): string {
  const user = runUser(m, ctx);
  const dialect = sh.scope.dialect ?? 'ash';
  const v = sh.scope.vars;
  const ps1 = Object.hasOwn(v, 'PS1') ? v.PS1! : '';
  return expandPrompt(ps1, {
    dialect,
    user: user?.name ?? 'root',
    uid: user?.uid ?? 0,
    hostname: ctx.hostname,
    cwd: sh.scope.cwd,
    home: v.HOME,
    shellName: sh.argv[0] ?? 'sh',
    ...(dialect === 'bash' ? { version: shellBashVersion(ctx, m).replace(/\(.*$/, '') } : {}),
    commandNumber: (sh.scope.history?.length ?? sh.lines) + 1,
    now: m.clock + EPOCH_MS,
    vars: v,
  });
}

/**
 * Runs `line` in the interactive shell `ref` names (opening it first if it is new) at `now`.
 * Undefined: `ref` names a shell that is no longer there, or `argv` is not a shell.
 */
export function runTtyLine(owner: Machine, ctx: RunContext, ref: TtyShellRef, env: Record<string, string>, line: string, now: number): TtyLineResult | undefined {
  // The line runs on a head of its own: the container's PID 1 (`owner`) goes on as the World runs.
  const m = headBeside(owner);
  const shells = m.ttyShells!;
  let sh = ref.pid === undefined ? undefined : shells.find((s) => s.pid === ref.pid);
  const opening = !sh;
  if (!sh) {
    // Only PID 1 (an attach) starts with its first line; an exec's shell was opened by its own first request.
    if (ref.pid !== undefined && ref.pid !== 1) return undefined;
    sh = openShell(m, ctx, ref, env, now);
    if (!sh) return undefined;
    shells.push(sh);
  }
  ctx.session = { ...ctx.session, shell: { argv: sh.argv, pid: sh.pid } };
  const combined: string[] = [];
  const streams: ExecChunk[] = [];
  const times: number[] = [];
  // PID 1's shell reads the container's own stdin: a terminal only when the container has one (`kubectl run -it`, not `-i`).
  const attached = ctx.session.attached === true && sh.pid === 1;
  const tty = !attached || ctx.tty === true;
  // Both are the terminal: isatty() is true for what the line runs unless it redirects or pipes them.
  const out: Sink = { k: 'capture', buf: combined, tee: { stream: 'stdout', chunks: streams }, times, ...(tty ? { tty: true as const } : {}) };
  const err: Sink = { k: 'capture', buf: combined, tee: { stream: 'stderr', chunks: streams }, times, ...(tty ? { tty: true as const } : {}) };
  const saved = { nodes: m.nodes.length };
  const pending = sh.pending;
  delete sh.pending;
  const typed = line;
  const shell = sh;
  // PID 1's stdout is the container's log: the session's terminal lands there (tty-log.ts).
  const logged = (r: TtyLineResult): TtyLineResult => {
    rejoinHead(owner, m);
    if (attached) logSession(owner, shell, { typed, opening, probe: ref.probe === true, answers: pending !== undefined, tty, streams, times, result: r, now });
    return { ...r, streams: stamped(r.streams, times) };
  };
  // Ctrl+D at the prompt: end of input (END_OF_INPUT). The shell ends as `exit` would, with `$?`:
  // bash's exit says `exit` (recorded under script(1)), dash and ash end the prompt's line first
  // (dash main.c cmdloop `out2c('\n')`, ash's newline_and_flush(stderr)). Nothing joins the history.
  // A program reading the terminal itself in raw mode (redis-cli's linenoise) gets the ^D byte as typed.
  const eof = line === END_OF_INPUT && !opening && !ref.probe && pending?.read.reader === undefined;
  if (eof && !pending && sh.scope.dialect !== 'bash') emit(m, ctx, err, '\n', now);
  // A line waiting in `read` takes this one as its input: no history, no expansion, no parsing
  // (at end of input it reads an empty line: approximate, read would fail with status 1).
  const read = eof ? (pending ? '' : 'exit') : opening || pending || ref.probe ? line : readLine(sh, line, (text) => emit(m, ctx, err, text, now));
  if (read === undefined) {
    // The line does not run; `$?` stays.
    m.clock = now;
    const r: TtyLineResult = { exitCode: sh.status, output: combined.join(''), streams, blocked: false, endedAt: now, shell: { pid: sh.pid, cwd: sh.scope.cwd, ended: false, prompt: promptOf(m, ctx, sh) } };
    return logged(r);
  }
  line = read;
  restoreScope(m, sh.scope);
  m.status = sh.status;
  const lineNo = sh.lines + 1;
  // The request that starts the shell carries what the terminal asks it about itself (its
  // prompt's facts, kubectl/attach.ts), not a line the learner typed: dash does not count it.
  if (!opening && !pending && !ref.probe && !eof) sh.lines += line.split('\n').length;
  m.clock = now;
  // `$LINENO` is the line the shell is reading (bash and BusyBox count the lines typed; approximate for a line of several).
  if (sh.scope.specials?.lineno !== undefined) m.specials = sh.scope.specials = { ...sh.scope.specials, lineno: lineNo };
  const root = pending ? 0 : parseCached(m, line, m.dialect, m.opts, sh.scope.aliases);
  let result: TtyLineResult;
  if (typeof root !== 'number') {
    // A syntax error ends a line, not an interactive shell (bash, dash and ash read the next one).
    m.err = err;
    emit(m, ctx, err, syntaxText(sh, root, lineNo, line), now);
    // bash keeps `$?` after a `[[ … ]]` grammar error (recorded under script(1): `[[ a b ]]` then `echo $?` → 0).
    if (root.kind !== 'cond') sh.status = 2;
    result = { exitCode: sh.status, output: combined.join(''), streams, blocked: false, endedAt: now, shell: { pid: sh.pid, cwd: sh.scope.cwd, ended: false, prompt: promptOf(m, ctx, sh) } };
  } else {
    m.err = err;
    const resume = pending ? { resume: { ...pending, input: line } } : {};
    // A Ctrl+C before the line reached the shell meets its first command.
    const at = ref.interruptAt === undefined ? undefined : Math.max(ref.interruptAt, now);
    const cut: LineCut | undefined =
      at === undefined
        ? undefined
        : {
            at,
            // What the killed command would have written after `at` was never written.
            then: (sub, inner) => interruptRun(sub, inner, at, { interactive: true, drop: () => dropAfter(combined, streams, times, at) }),
          };
    const lineCtx: RunContext = at === undefined ? ctx : { ...ctx, sigint: { at, handled: false } };
    const r = runNested(m, lineCtx, root, out, '', true, { shell: { proc: { argv: sh.argv, pid: sh.pid, replaced: false, startedAt: sh.startedAt }, selfPid: sh.pid + pidBase(ctx), lineNo, ...resume, ...(cut ? { cut } : {}) }, ...(ref.pace ? { pace: ref.pace } : {}) });
    // A program's session (TtyShell.program) ends with the program: when its line stops waiting.
    const ended = (r.exited === true || (sh.program === true && !r.awaiting)) && !r.blocked && !r.spinning;
    if (r.scope) sh.scope = r.scope;
    if (r.awaiting) sh.pending = r.awaiting;
    sh.status = r.status;
    if (ended) {
      shells.splice(shells.indexOf(sh), 1);
      saveHistory(m, ctx, sh, r.clock);
    }
    m.clock = r.clock;
    result = { exitCode: r.blocked || r.spinning ? 137 : r.status, output: combined.join(''), streams, blocked: r.blocked || r.spinning, endedAt: r.clock, shell: { pid: sh.pid, cwd: sh.scope.cwd, ended, ...(ended ? {} : { prompt: sh.pending ? sh.pending.read.prompt : promptOf(m, ctx, sh) }), ...(!ended && sh.pending?.read.reader ? { raw: true as const } : {}) } };
  }
  // The line's AST is not needed once it ran (a loop's nodes are cached by source).
  if (m.nodes.length > saved.nodes && !Object.values(m.parsed).some((i) => i >= saved.nodes)) m.nodes.length = saved.nodes;
  return logged(result);
}

/** The chunks with the moments they were written (`times` corresponds to them, entry by entry). */
export function stamped(chunks: readonly ExecChunk[], times: readonly number[]): ExecChunk[] {
  if (times.length !== chunks.length) return [...chunks];
  return chunks.map((c, i) => ({ ...c, at: times[i]! }));
}

/** A line at PID 1's shell, as the container's log receives it (tty-log.ts). */
interface SessionLine {
  typed: string;
  /** The request that started the shell, or the client's probe: nothing typed, nothing shown. */
  opening: boolean;
  probe: boolean;
  /** The line answered a `read` (the shell's line editor did not read it). */
  answers: boolean;
  tty: boolean;
  streams: readonly ExecChunk[];
  times: readonly number[];
  result: TtyLineResult;
  now: number;
}

/**
 * What PID 1's terminal showed for this line, into the container's log: the echo of the typed
 * line (continuation lines after PS2), the output, then the prompt the shell prints next — which
 * for a new shell is the first thing on its terminal. Without a tty only the output, per stream.
 */
function logSession(m: Machine, sh: TtyShell, x: SessionLine): void {
  const at = x.result.endedAt;
  if (!x.tty) {
    x.streams.forEach((c, i) => {
      const lines = c.text.split('\n');
      if (lines[lines.length - 1] === '') lines.pop();
      for (const l of lines) pushLog(m, { at: x.times[i] ?? at, stream: c.stream, text: l });
    });
    return;
  }
  const bash = sh.scope.dialect === 'bash';
  const prompt = x.result.shell.ended ? undefined : (x.result.shell.prompt ?? '');
  // readline's prompt, not `read`'s: bracketed paste is on only while readline reads.
  const next = prompt === undefined ? [] : [{ text: bash && !sh.pending ? `${PASTE_ON}${prompt}` : prompt, at }];
  if (x.opening) {
    logTerminal(m, next);
    return;
  }
  if (x.probe) return;
  const ps2 = Object.hasOwn(sh.scope.vars, 'PS2') ? sh.scope.vars.PS2! : '> ';
  const readline = bash && !x.answers;
  // Ctrl+C or Ctrl+D read by a program's line editor in raw mode: no key is echoed, only its newline.
  if (x.answers && (x.typed === '\x03' || x.typed === '\x04')) {
    logTerminal(m, [{ text: '\r\n', at: x.now }, ...x.streams.map((c, i) => ({ text: onlcr(c.text), at: x.times[i] ?? at })), ...next]);
    return;
  }
  const echo = x.typed
    .split('\n')
    .map((l, i) => `${i > 0 ? `${readline ? PASTE_ON : ''}${ps2}` : ''}${l}\r\n${readline ? PASTE_OFF : ''}`)
    .join('');
  logTerminal(m, [{ text: echo, at: x.now }, ...x.streams.map((c, i) => ({ text: onlcr(c.text), at: x.times[i] ?? at })), ...next]);
}

/** The shell's words for a line it cannot parse: `-c`'s (shell-builtins.ts), but bash's without `-c: line 1: `. */
function syntaxText(sh: TtyShell, p: SyntaxProblem, lineNo: number, line: string): string {
  const prog = sh.argv[0] ?? 'sh';
  const dialect = sh.scope.dialect ?? 'ash';
  // dash numbers the lines it read (recorded: `dash: 7: Syntax error: "then" unexpected`).
  if (dialect === 'dash') return syntaxMessage(dialect, prog, p, line).replace(`${prog}: 1: `, `${prog}: ${lineNo}: `);
  if (dialect !== 'bash') return syntaxMessage(dialect, 'sh', p, line);
  if (p.kind === 'cond') return p.message === '' ? '' : `${prog}: ${p.message}\n`;
  return p.kind === 'unterminated' ? `${prog}: unexpected EOF while looking for matching \`${p.quote ?? '"'}'\n` : `${prog}: syntax error near unexpected token \`${p.token}'\n`;
}
