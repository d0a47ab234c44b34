/**
 * The interpreter as a resumable step machine. Its whole state — AST, variables, a stack of
 * control frames, the clock, the filesystem layer, the log, the apps it started — is plain data,
 * so a container's process can sit in the World mid-`sleep 600` and continue later. One module
 * (over 400 lines) on purpose: frame kinds, stepping and unwinding (exit/break/exec, `set -e`, which
 * reads the frames to know whether it is ignored, and the EXIT and ERR traps that run where
 * those unwind) change together.
 *
 * Invariants:
 *  - `clock` is the absolute simulated time of the next step. `advance(m, until)` executes only
 *    steps with clock ≤ until, so every effect (log line, file write) of a step happens at a time
 *    ≤ until: the machine never shows the future to a caller at `now`. Results do not depend on how
 *    time was chopped into `advance` calls.
 *  - Command substitution, pipeline stages and `&` jobs run as nested machines to completion
 *    inside one step (their effects carry their own timestamps; documented approximation).
 *  - A run given a WorldPace (a learner's line: a node's shell line, a container's exec or
 *    attached line) has the World run to each of its own steps' moments before the step: world
 *    time = clock when the step reads the cluster; so do the nested runs it waits for (`$(…)`,
 *    `timeout`'s and `xargs`' programs). What runs beside it (a pipeline's stages, `&` jobs)
 *    gets none: its clock is not the line's. While the World runs, the container's own process
 *    runs too: a line runs on a head of its own (headBeside), never on PID 1's scope or clock.
 *  - A stack that keeps stepping without the clock moving is a busy loop: after SPIN_STEPS the
 *    machine is `spinning` (alive, silent, never exits) instead of running forever.
 *  - Forecasting (`ctx.lookahead`) stops at loops that provably repeat forever: `while true`
 *    without a way out, or an iteration that left the state exactly as the previous one did.
 */
import type { SystemView } from './sysinfo';
import type { AppRun } from './app';
import type { CatalogImage, TagInfo } from './catalog-types';
import type { BaseFs, FsLayer } from './fs';
import type { Script, ShellNode } from './shell-ast';
import type { BashArray } from '../../k8s/bash-arrays';
import { copyAssoc, type AssocArray, type ListItem } from '../../k8s/bash-assoc';
import type { ClusterDns, ContainerSecurity, ExecChunk, LogLine, NetworkView, ViOpen } from './types';
import { applyGroupRedirs, caseChoice, expandForWords, resumeReader, runArithCommand, runCommand, runCond, runPipeline, traceFor } from './commands';
import type { LineReader, Tool } from './tool-types';
import { endlessLoop, readsClock } from './loop-analysis';
import type { ExecSession } from './proc-container';
import type { FollowRef } from './follow';
import { pid1ShellOf, shellChain } from './shell-chain';
import type { Proc } from './proc-model';
import { usesNetwork } from './net-steps';
import type { ShellOpts } from '../../k8s/shell-options';
import { setOwn } from '../../k8s/own';
import { copySpecials, type ShellSpecials } from './shell-vars';
import { subshellTraps } from './shell-trap';
import { assignRead, parseCached } from './shell-builtins';

export type Dialect = 'ash' | 'dash' | 'bash';

export interface Scope {
  vars: Record<string, string>;
  positional: string[];
  cwd: string;
  dialect: Dialect | null;
  /** `set -e`, `-u`, `-x`, `-o pipefail` …: a subshell copies them, a new shell starts from its own argv. */
  opts: ShellOpts;
  /**
   * The names `export` marked (and the environment the shell started with): only these reach a
   * program's environment. Undefined: every variable does (approximate; an interactive shell
   * (tty-shell.ts) tracks them).
   */
  exported?: string[];
  /** Functions the shell defined (`name() { …; }`): name → the body's node. A subshell copies them, a new shell has none. */
  functions?: Record<string, number>;
  /** An interactive shell's aliases (shell-alias.ts), expanded as it reads a line. A new shell has none. */
  aliases?: Record<string, string>;
  /** bash's indexed arrays (`a=(x y)`, BASH_REMATCH): never exported, not in `vars`. */
  arrays?: Record<string, BashArray>;
  /** bash's associative arrays (`declare -A m`; src/k8s/bash-assoc.ts): a name is in vars, arrays or here, never two. */
  assocs?: Record<string, AssocArray>;
  /** Names `declare -a` made arrays without a value yet (`declare -p c` is `declare -a c`); the first assignment makes the array. */
  declared?: string[];
  /** The variables the shell computes on each read (`$RANDOM`, `$SECONDS`, …; shell-vars.ts). */
  specials?: ShellSpecials;
  /** `trap ACTION COND`: condition (`EXIT`, `INT`, `ERR` …) → action (shell-trap.ts); '' ignores it. */
  traps?: Record<string, string>;
  /** An interactive bash's or BusyBox ash's history, oldest first (shell-history.ts); replaced, never changed in place. */
  history?: readonly string[];
}

export type Sink =
  | { k: 'log'; stream: 'stdout' | 'stderr' }
  | { k: 'file'; path: string }
  | { k: 'null' }
  /**
   * Only in transient nested machines ($(…), pipeline stages); an exec's `tee` also records which
   * stream wrote each chunk. `tty`: the capture is the learner's terminal (an attached shell's
   * line, `kubectl exec -it`): what writes there sees isatty() true. `times`: when each `buf`
   * entry was written (a line cut by Ctrl+C drops what came after it).
   */
  | { k: 'capture'; buf: string[]; tee?: { stream: 'stdout' | 'stderr'; chunks: ExecChunk[] }; tty?: true; times?: number[] };

export type Frame =
  | { k: 'seq'; node: number; i: number }
  | { k: 'andor'; node: number; stage: 0 | 1 | 2 }
  | { k: 'if'; node: number; stage: 0 | 1 | 2 }
  /** `fp`: lookahead only — the state at the start of the previous iteration (cycle detection). */
  | { k: 'loop'; node: number; stage: 'cond' | 'test'; iter: number; last: number; fp?: string; readsClock?: boolean }
  | { k: 'for'; node: number; items: string[]; i: number; last: number }
  | { k: 'group'; node: number; stage: 0 | 1; scope?: Scope; out?: Sink; err?: Sink; stdin?: string }
  /**
   * A script run by `sh -c`, `sh file`, `eval` or `.`: `scope` is restored when it ends (null for
   * eval/.), and `outerPid`, the `$$` of the shell that started it (0: PID 1's). `terminal`: an
   * exec's own command on a terminal kept open (NestedKind.keepsTerminal), whose line may wait.
   */
  | { k: 'script'; root: number; stage: 0 | 1; scope: Scope | null; out?: Sink; err?: Sink; stdin?: string; proc?: ShellProc; outerPid?: number; terminal?: true }
  /**
   * A function call: its body runs with the call's arguments as `$@` and redirections; `return`
   * leaves it. `locals`: what its `local`s shadowed (null: unset), put back as it returns;
   * `localArrays` the arrays its `local -a`/`-A` shadowed (none: neither).
   */
  | { k: 'fn'; body: number; stage: 0 | 1; positional: string[]; out: Sink; err: Sink; stdin: string; locals?: Record<string, string | null>; localArrays?: Record<string, { array?: BashArray; assoc?: AssocArray }> }
  /** `exec cmd`: once cmd returns, the shell is gone. */
  | { k: 'exit-after' }
  /**
   * A trap's action running (runTrap): `status` is `$?` again once it ends, and `exit` says the
   * shell then exits with it (EXIT, or ERR under `set -e`).
   */
  | { k: 'trap'; root: number; stage: 0 | 1; status: number; exit: boolean }
  /** Node `node` reaches the cluster's network: it runs when the runtime hands in the live network (net-steps.ts). */
  | { k: 'net'; node: number };

export type MachineState = 'running' | 'done' | 'blocked' | 'spinning' | 'killed';

export interface Machine extends Scope {
  /** The `NAME=(…)` arguments of the declare or local being run, their words read (runSimple), by NAME. */
  compound?: Record<string, { items: ListItem[]; append: boolean }>;
  nodes: ShellNode[];
  /** Parsed `sh -c` sources → root index, so a loop re-running the same script reuses its nodes. */
  parsed: Record<string, number>;
  stack: Frame[];
  status: number;
  clock: number;
  state: MachineState;
  exitCode: number;
  killedAt: number;
  /** Steps since the clock last moved (busy-loop detection). */
  idle: number;
  steps: number;
  out: Sink;
  err: Sink;
  stdin: string;
  fs: FsLayer;
  logs: LogLine[];
  dropped: number;
  /**
   * Each stream's line not yet ended by a `\n` (src/k8s/cri-log.ts): not in the log until it
   * ends, grows past 16 KiB or the container stops. One object shared by the nested machines, as `logs` is.
   */
  logOpen: { stdout: string; stderr: string };
  /** Requests each app (by PID) has answered (log-buffer.ts countRequest); absent in machines made before it existed. */
  served?: Record<number, number>;
  apps: AppRun[];
  nextPid: number;
  /** `trap … TERM` was set: the script handles SIGTERM. */
  trapsTerm: boolean;
  /** The PID 1 shell ran `exec`: the next app it starts replaces it as PID 1. */
  pid1Next: boolean;
  /** Lookahead only: a loop that provably repeats forever was entered. */
  endless: boolean;
  /**
   * A nested machine (pipeline stage, `$(…)`, `&` job) runs where `set -e` is ignored — an `if`
   * condition, the left of `&&`/`||`, after `!` — so it is ignored inside it too.
   */
  errIgnored: boolean;
  /** Levels of command substitution (bash's xtrace repeats PS4's first character per level). */
  depth: number;
  /** A nested machine's: the shells of the machines it runs inside, outermost first (`ps`'s parents). */
  outer?: ShellProc[];
  /** Programs this machine has started (each took a PID; `ps` numbers an exec's processes from it). */
  spawned?: number;
  /**
   * The container's own script (not an exec's): the program it last started and waits on
   * (`sleep 5` in a loop, `tail -f`), its PID and until when it runs — `ps` lists it under its shell.
   */
  running?: { argv: string[]; pid: number; from: number; until: number };
  /** An exec's machine: the container's PID 1 shell, which the exec's own stack does not hold (null: PID 1 is no shell). */
  pid1Shell?: ShellProc | null;
  /** A pipeline stage's: every stage's words (as written) and which one this is (`ps | grep` lists grep). */
  pipeline?: { stages: string[][]; index: number };
  /** The interactive shells open in the container (`kubectl exec -it … -- sh`, tty-shell.ts). */
  ttyShells?: TtyShell[];
  /** `$$`: the PID of the shell the script runs in, as `ps` shows it (absent: 1). */
  selfPid?: number;
  /** The shell ended by `exit` or `set -e` (not by running out of commands). */
  exited?: true;
  /** An interactive shell's: how many lines it has read (dash's messages say the line). */
  lineNo?: number;
  /** The line of its script the simple command being run starts on (`$LINENO`; absent: 1). */
  cmdLine?: number;
  /** An interactive shell's line stopped at `read` for the next typed line (the machine is `blocked`). */
  awaiting?: ReadRequest;
  /** An interactive shell's line: the terminal's sinks for this request (a `read` may wait only where nothing else is open). */
  lineStreams?: { out: Sink; err: Sink };
  /**
   * The script's stdin is the learner's terminal (an attached shell's line, `kubectl exec -it`):
   * isatty(0) for what it runs, unless a pipe or `<` gives a command other input (commands.ts ttyOf).
   */
  ttyIn?: boolean;
  /** What PID 1's terminal wrote after its last `\n` (a prompt): the log's line still open (tty-log.ts). */
  ttyLogPending?: string;
}

/**
 * What a `read` waiting for a typed line assigns, and the prompt it printed (`-p`); or, with
 * `reader`, a program waiting at its own prompt for the line (tool-types.ts LineReader; `names`
 * empty), which the line goes to instead (commands.ts resumeReader).
 */
export interface ReadRequest {
  names: string[];
  prompt: string;
  /** bash's `read -a NAME`: the fields become NAME's elements (`raw`: `-r`). */
  array?: { name: string; raw: boolean };
  reader?: LineReader;
  /** The program's process while it waits (`ps` lists it in the foreground of its shell's terminal). */
  proc?: { argv: string[]; pid: number; from: number };
}

/** A line stopped at `read` (tty-shell.ts): its frames, resumed with the next typed line as the input. */
export interface PendingRead {
  stack: Frame[];
  read: ReadRequest;
}

/**
 * An interactive shell that outlives the lines typed into it (tty-shell.ts): its process, and its
 * state between lines (variables, options, cwd, `$?`).
 */
export interface TtyShell {
  pid: number;
  argv: string[];
  startedAt: number;
  scope: Scope;
  status: number;
  /** Lines read so far. */
  lines: number;
  /** The line under way waits in `read` for the next typed line. */
  pending?: PendingRead;
  /**
   * No shell: the program an exec started on a terminal (`kubectl exec -it POD -- redis-cli`),
   * waiting at its own prompt (`pending`). The session ends when the program does, with its status.
   */
  program?: true;
}

/** A shell process `sh -c`/`sh file` started: its argv, its PID, and whether it exec'd its only command in its place. */
export interface ShellProc {
  argv: string[];
  pid: number;
  replaced: boolean;
  /** When it started (an interactive shell's lines run in it long after); absent: now. */
  startedAt?: number;
}


/** What the interpreter needs besides its own state; rebuilt by process.ts on every call. */
export interface RunContext {
  /** The container's argv (what `ps` shows as PID 1). */
  argv: string[];
  /** When argv[0] is a script: what its interpreter runs with (PID 1's args; its comm is still the script's name). */
  scriptArgv?: string[];
  image: CatalogImage;
  tag: TagInfo;
  base: BaseFs;
  hostname: string;
  podIP: string;
  declaredPorts: number[];
  memoryLimitBytes?: number;
  /** The machine and cgroup the container runs in (sysinfo.ts): df's table; `base` serves their files. */
  system?: SystemView;
  restartCount: number;
  seed: number;
  net?: NetworkView;
  /** Forecasting: stop at provably endless loops instead of stepping them. */
  lookahead: boolean;
  /**
   * The container's own process, run without the cluster's network: a step that would reach it
   * parks the machine (a `net` frame) until the runtime runs it with `net.http` at its moment.
   */
  parkForNet?: boolean;
  /** The Pod's namespace (DNS search path). */
  namespace: string;
  /** Cluster DNS as last published by setClusterDns; unset outside a cluster (no CoreDNS). */
  dns?: ClusterDns;
  /**
   * A machine's own resolver, when it is not a Pod's (a node: systemd-resolved's stub at
   * 127.0.0.53 with no search domain, forwarding to the uplink's DNS, which knows public names
   * only). Cluster DNS (`dns`) is then reached only by asking its address (`dig @10.96.0.10`).
   */
  stub?: { nameserver: string; search: string[] };
  /**
   * The processes of the container whose PID namespace this one joined (an ephemeral
   * container's targetContainerName), as that container's `ps` lists them; this container's own
   * processes follow them.
   */
  pidPeers?: Proc[];
  /** The container's place in a shared PID namespace (ProcessInput.pidBase), fixed when it started. */
  pidBase?: number;
  /** When the container started (its PID 1's start time). */
  startedAt?: number;
  /** The node's CPUs (nginx's `worker_processes auto`) and memory (`ps`'s %MEM): system.machine's, when a node runs it. */
  cpus?: number;
  memTotalKb?: number;
  /** securityContext.runAsUser, over the image's USER. */
  runAsUser?: number;
  /** securityContext.runAsGroup and the Pod's fsGroup/supplementalGroups (CRI's run_as_group, supplemental_groups). */
  runAsGroup?: number;
  supplementalGroups?: number[];
  /** The rest of the securityContext the runtime applied (types.ts ContainerSecurity). */
  security?: ContainerSecurity;
  /** The container was created with a terminal (`tty: true`): PID 1 holds pts/0. */
  tty?: boolean;
  /** The run is an exec (not the container's own process), and how it reached the container. */
  exec?: boolean;
  session?: ExecSession;
  /** A Ctrl+C at the run's terminal (sigint.ts), shared by reference with the nested runs. */
  sigint?: PendingSigint;
  /**
   * The World pace the run's steps wait for (advance's `pace`, set by runNested): a nested run
   * the step waits for — `$(…)`, a program `timeout` or `xargs` runs — shares it; a pipeline's
   * stage and a `&` job do not (they run beside the line, their clocks are not the line's).
   */
  pace?: WorldPace;
  /** A run over a client's stream: a `tail -f` writing to it leaves its follower here (follow.ts), shared by reference. */
  follows?: FollowRef[];
  /** An exec on a terminal: where `vi` leaves the file it opened for the page's editor (tools-vi.ts); shared by nested runs. */
  viBox?: { open?: ViOpen };
  /**
   * A machine that is no container (a node's own shell, node-shell/node-machine.ts): the
   * programs it has beyond its image's userland, by name, which `$PATH` finds in the standard
   * directories before the userland's (the node's crictl, journalctl, its iproute2 `ip`).
   */
  programs?: Readonly<Record<string, Tool>>;
  /** There, what `ps` lists instead of a container's processes (given the program that asks), and ps's caller. */
  processTable?: { procs(argv: string[], pipeline?: Machine['pipeline']): Proc[]; caller: { uid: number; tty: string } };
}

/**
 * The SIGINT pending over a run: a program that catches it (ToolEnv.sigintAt) sets `handled`,
 * and the run stops right after it ended (commands.ts runTool) for sigint.ts to decide.
 */
export interface PendingSigint {
  at: number;
  handled: boolean;
}


export const SPIN_STEPS = 5_000;
export { LOG_CAP } from './log-buffer';
export const NESTED_BUDGET = 50_000;

export function newMachine(script: Script, scope: Scope, clock: number, fs: FsLayer): Machine {
  // Scope's fields spelled out (in its order) rather than spread: one literal, one object shape.
  return {
    vars: scope.vars,
    positional: scope.positional,
    cwd: scope.cwd,
    dialect: scope.dialect,
    opts: scope.opts,
    exported: scope.exported,
    functions: scope.functions,
    aliases: scope.aliases,
    specials: scope.specials,
    traps: scope.traps,
    history: scope.history,
    nodes: script.nodes,
    parsed: {},
    stack: [],
    status: 0,
    clock,
    state: 'running',
    exitCode: 0,
    killedAt: 0,
    idle: 0,
    steps: 0,
    out: { k: 'log', stream: 'stdout' },
    err: { k: 'log', stream: 'stderr' },
    stdin: '',
    fs,
    logs: [],
    dropped: 0,
    logOpen: { stdout: '', stderr: '' },
    served: {},
    apps: [],
    nextPid: 7,
    trapsTerm: false,
    pid1Next: false,
    endless: false,
    errIgnored: false,
    depth: 0,
  };
}

/** Starts `root` on an empty machine. */
export function startAt(m: Machine, root: number): void {
  m.stack = [{ k: 'script', root, stage: 0, scope: null }];
}

// ---------------------------------------------------------------------------------------------
// Frames
// ---------------------------------------------------------------------------------------------

export function node(m: Machine, i: number): ShellNode {
  const n = m.nodes[i];
  if (!n) throw new Error(`shell node ${i} missing`);
  return n;
}

export function scopeOf(m: Machine): Scope {
  const s: Scope = { vars: { ...m.vars }, positional: [...m.positional], cwd: m.cwd, dialect: m.dialect, opts: { ...m.opts }, exported: m.exported && [...m.exported], functions: m.functions && { ...m.functions }, aliases: m.aliases && { ...m.aliases }, specials: copySpecials(m.specials), traps: m.traps && { ...m.traps }, history: m.history };
  // slice(), not a spread: it keeps a sparse array's holes.
  if (m.arrays) s.arrays = Object.fromEntries(Object.entries(m.arrays).map(([k, v]) => [k, v.slice()]));
  if (m.assocs) s.assocs = Object.fromEntries(Object.entries(m.assocs).map(([k, v]) => [k, copyAssoc(v)]));
  if (m.declared) s.declared = [...m.declared];
  return s;
}

/** The machine's scope as it is, by reference (to put back exactly after running something else in its place). */
export function currentScope(m: Machine): Scope {
  return { vars: m.vars, positional: m.positional, cwd: m.cwd, dialect: m.dialect, opts: m.opts, exported: m.exported, functions: m.functions, aliases: m.aliases, specials: m.specials, traps: m.traps, history: m.history, ...(m.arrays ? { arrays: m.arrays } : {}), ...(m.assocs ? { assocs: m.assocs } : {}), ...(m.declared ? { declared: m.declared } : {}) };
}

export function restoreScope(m: Machine, s: Scope): void {
  m.vars = s.vars;
  m.positional = s.positional;
  m.cwd = s.cwd;
  m.dialect = s.dialect;
  m.opts = s.opts;
  m.exported = s.exported;
  m.functions = s.functions;
  m.aliases = s.aliases;
  m.specials = s.specials;
  m.traps = s.traps;
  m.history = s.history;
  if (s.arrays) m.arrays = s.arrays;
  else delete m.arrays;
  if (s.assocs) m.assocs = s.assocs;
  else delete m.assocs;
  if (s.declared) m.declared = s.declared;
  else delete m.declared;
}

/** Starts executing node `i`: simple commands and pipelines run now; compound ones push a frame. */
export function enter(m: Machine, i: number, ctx?: RunContext): void {
  const n = node(m, i);
  if (ctx?.parkForNet && (n.t === 'cmd' || n.t === 'pipe') && !ctx.net?.http && usesNetwork(m.nodes, i)) {
    m.stack.push({ k: 'net', node: i });
    return;
  }
  const depth = m.stack.length;
  switch (n.t) {
    case 'cmd':
      if (!ctx) throw new Error('simple command needs a context');
      runCommand(m, ctx, n);
      // A command that pushed a frame (`sh -c`, `eval`, `exec`) is checked when that frame ends;
      // one that popped frames (`exit`) has already left.
      if (m.stack.length === depth) errexit(m);
      return;
    case 'pipe':
      if (!ctx) throw new Error('pipeline needs a context');
      runPipeline(m, ctx, n);
      if (m.stack.length === depth && !n.bang) errexit(m);
      return;
    case 'and':
    case 'or':
      m.stack.push({ k: 'andor', node: i, stage: 0 });
      return;
    case 'seq':
      m.stack.push({ k: 'seq', node: i, i: 0 });
      return;
    case 'if':
      m.stack.push({ k: 'if', node: i, stage: 0 });
      return;
    case 'loop':
      // A loop that reaches the network is woken at each request, so its forecast must reach them.
      if (ctx?.lookahead && endlessLoop(m, n) && !(ctx.parkForNet && usesNetwork(m.nodes, i))) m.endless = true;
      m.stack.push({ k: 'loop', node: i, stage: 'cond', iter: 0, last: 0 });
      return;
    case 'for':
      m.stack.push({ k: 'for', node: i, items: [], i: -1, last: 0 });
      return;
    case 'group':
      m.stack.push({ k: 'group', node: i, stage: 0 });
      return;
    case 'fndef':
      m.functions = { ...m.functions };
      setOwn(m.functions, n.name, n.body);
      m.status = 0;
      return;
    case 'cond':
    case 'arith':
      if (!ctx) throw new Error('a test needs a context');
      if (n.t === 'cond') runCond(m, ctx, n);
      else runArithCommand(m, ctx, n);
      if (m.stack.length === depth) errexit(m);
      return;
    case 'case': {
      if (!ctx) throw new Error('case needs a context');
      const body = caseChoice(m, ctx, n);
      if (body !== undefined) enter(m, body, ctx);
      return;
    }
  }
}

/** Pushes a script frame (sh -c / eval / .) whose body is `root`. */
export function enterScript(m: Machine, root: number, scope: Scope | null): void {
  m.stack.push({ k: 'script', root, stage: 0, scope });
}

/** Pops the top frame, undoing what it changed (scope, redirections). */
export function popFrame(m: Machine): Frame | undefined {
  const f = m.stack.pop();
  if (!f) return undefined;
  if (f.k === 'group' || f.k === 'script') {
    if (f.scope) restoreScope(m, f.scope);
    if (f.k === 'script' && f.outerPid !== undefined) m.selfPid = f.outerPid || undefined;
    if (f.out) m.out = f.out;
    if (f.err) m.err = f.err;
    if (f.stdin !== undefined) m.stdin = f.stdin;
  } else if (f.k === 'fn') {
    for (const [name, was] of Object.entries(f.locals ?? {})) {
      if (was === null) delete m.vars[name];
      else setOwn(m.vars, name, was);
    }
    for (const [name, was] of Object.entries(f.localArrays ?? {})) {
      if (m.arrays) delete m.arrays[name];
      if (m.assocs) delete m.assocs[name];
      if (was.array) m.arrays = { ...m.arrays, [name]: was.array };
      if (was.assoc) m.assocs = { ...m.assocs, [name]: was.assoc };
    }
    m.positional = f.positional;
    m.out = f.out;
    m.err = f.err;
    m.stdin = f.stdin;
  }
  return f;
}

/** Calls function `body` as `argv` with the call's streams: `$1`… are its arguments until it returns. */
export function callFunction(m: Machine, body: number, argv: string[], s: { out: Sink; err: Sink; stdin: string }): void {
  m.stack.push({ k: 'fn', body, stage: 0, positional: m.positional, out: m.out, err: m.err, stdin: m.stdin });
  m.positional = [m.positional[0] ?? 'sh', ...argv.slice(1)];
  m.out = s.out;
  m.err = s.err;
  m.stdin = s.stdin;
}

/** `return [N]`: leaves the innermost function with N (default `$?`); outside one it only sets `$?`. */
export function returnFromFunction(m: Machine, status: number): void {
  let at = m.stack.length - 1;
  while (at >= 0 && !(m.stack[at]!.k === 'fn' || (m.stack[at]!.k === 'script' && (m.stack[at] as Extract<Frame, { k: 'script' }>).scope !== null))) at--;
  if (at < 0 || m.stack[at]!.k !== 'fn') {
    m.status = status;
    return;
  }
  while (m.stack.length > at) popFrame(m);
  m.status = status;
  // The call is a command of its caller, which may have `set -e`.
  errexit(m);
}

/** A frame that starts a shell of its own: a child shell (`sh -c`) or a subshell. */
function shellBoundary(f: Frame): boolean {
  return (f.k === 'script' || f.k === 'group') && f.scope !== undefined && f.scope !== null;
}

/**
 * Runs the shell's trap for `cond` now (its action parsed as the shell parses a line), then
 * `$?` is `status` again — and with `exit`, the shell exits with it. An EXIT trap runs once: it
 * is cleared as it starts, so an `exit` inside it ends the shell for good (bash, dash, BusyBox).
 */
export function runTrap(m: Machine, cond: string, status: number, exit: boolean): void {
  const action = m.traps?.[cond] ?? '';
  if (cond === 'EXIT' && m.traps) {
    const { EXIT: _done, ...rest } = m.traps;
    m.traps = Object.keys(rest).length ? rest : undefined;
  }
  const root = action === '' ? undefined : parseCached(m, action);
  if (typeof root !== 'number') {
    m.status = status;
    if (exit) exitShell(m, status);
    return;
  }
  // The action sees the status it runs for as `$?` (recorded: `trap 'echo $?' EXIT; exit 3` prints 3).
  m.status = status;
  m.stack.push({ k: 'trap', root, stage: 0, status, exit });
}

/** `exit N`: leaves the innermost subshell/script, or ends the process (its EXIT trap first). */
export function exitShell(m: Machine, status: number): void {
  if (m.traps?.EXIT) {
    while (m.stack.length && !shellBoundary(m.stack[m.stack.length - 1]!)) popFrame(m);
    runTrap(m, 'EXIT', status, true);
    return;
  }
  for (;;) {
    const f = m.stack[m.stack.length - 1];
    if (!f) {
      m.state = 'done';
      m.exitCode = status;
      m.status = status;
      m.exited = true;
      return;
    }
    popFrame(m);
    if ((f.k === 'script' && f.scope) || (f.k === 'group' && f.scope)) {
      m.status = status;
      // The subshell or child shell is a command of the shell around it, which may have `set -e`.
      errexit(m);
      return;
    }
  }
}

/**
 * An error that ends a non-interactive shell (an expansion error, a special builtin's): an
 * interactive shell abandons the line instead and reads the next one (POSIX 2.8.1), unless it
 * happened in a subshell or child shell, which ends.
 */
export function abandonLine(m: Machine, status: number): void {
  if (!m.opts.interactive || m.stack.some((f) => (f.k === 'script' || f.k === 'group') && f.scope)) {
    exitShell(m, status);
    return;
  }
  while (m.stack.length) popFrame(m);
  m.state = 'done';
  m.exitCode = status;
  m.status = status;
}

/**
 * `set -e` is ignored here (POSIX 2.8.1, `set -e`): in an if/while/until condition, on the left of
 * `&&`/`||`, or in a nested run started in such a place — up to the innermost child shell, which
 * is a new process with its own options.
 */
export function errexitIgnored(m: Machine): boolean {
  for (let i = m.stack.length - 1; i >= 0; i--) {
    const f = m.stack[i]!;
    if ((f.k === 'if' && f.stage === 1) || (f.k === 'loop' && f.stage === 'test') || (f.k === 'andor' && f.stage === 1)) return true;
    if (f.k === 'script' && f.scope) return false;
  }
  return m.errIgnored;
}

/**
 * A simple command, pipeline, subshell or child shell just failed: under `set -e` the shell
 * exits with its status. Compound commands (`if`, loops, `{ …; }`, `&&` lists) are never checked
 * themselves: a failure inside them either was ignored or already ended the shell.
 */
export function errexit(m: Machine): void {
  if (m.status === 0 || m.state !== 'running' || errexitIgnored(m)) return;
  // The ERR trap runs where `set -e` would exit; bash's is not inherited by a function's body (no `set -E`), nor run inside a trap.
  if (m.traps?.ERR && !m.stack.some((f) => f.k === 'trap' || f.k === 'fn')) {
    runTrap(m, 'ERR', m.status, m.opts.errexit);
    return;
  }
  if (m.opts.errexit) exitShell(m, m.status);
}

/** `break N` / `continue N`. */
export function loopControl(m: Machine, kind: 'break' | 'continue', levels: number): void {
  let remaining = Math.max(1, levels);
  for (let i = m.stack.length - 1; i >= 0; i--) {
    const f = m.stack[i]!;
    if ((f.k === 'script' && f.scope) || (f.k === 'group' && f.scope) || f.k === 'fn') return;
    if (f.k !== 'loop' && f.k !== 'for') continue;
    if (--remaining > 0) continue;
    while (m.stack.length > i + 1) popFrame(m);
    if (kind === 'break') popFrame(m);
    else if (f.k === 'loop') f.stage = 'cond';
    m.status = 0;
    return;
  }
}

// ---------------------------------------------------------------------------------------------
// Stepping
// ---------------------------------------------------------------------------------------------

function step(m: Machine, ctx: RunContext): void {
  const f = m.stack[m.stack.length - 1];
  if (!f) {
    m.state = 'done';
    m.exitCode = m.status;
    return;
  }
  switch (f.k) {
    case 'seq': {
      const n = node(m, f.node) as Extract<ShellNode, { t: 'seq' }>;
      if (f.i >= n.items.length) {
        popFrame(m);
        return;
      }
      const idx = f.i++;
      if (n.bg[idx]) runDetached(m, ctx, n.items[idx]!);
      else enter(m, n.items[idx]!, ctx);
      return;
    }
    case 'andor': {
      const n = node(m, f.node) as Extract<ShellNode, { t: 'and' | 'or' }>;
      if (f.stage === 0) {
        f.stage = 1;
        enter(m, n.l, ctx);
      } else if (f.stage === 1 && (m.status === 0) === (n.t === 'and')) {
        f.stage = 2;
        enter(m, n.r, ctx);
      } else popFrame(m);
      return;
    }
    case 'if': {
      const n = node(m, f.node) as Extract<ShellNode, { t: 'if' }>;
      if (f.stage === 0) {
        f.stage = 1;
        enter(m, n.cond, ctx);
      } else if (f.stage === 1) {
        f.stage = 2;
        if (m.status === 0) enter(m, n.then, ctx);
        else if (n.else !== null) enter(m, n.else, ctx);
        else m.status = 0;
      } else popFrame(m);
      return;
    }
    case 'loop': {
      const n = node(m, f.node) as Extract<ShellNode, { t: 'loop' }>;
      if (f.stage === 'cond') {
        if (f.iter > 0) f.last = m.status;
        if (ctx.lookahead && !(f.readsClock ??= readsClock(m, f.node))) {
          // Same variables, files, apps and status as one iteration ago: nothing can change in a
          // forecast (no execs, no new DNS), so the loop repeats forever.
          const fp = JSON.stringify([m.vars, m.fs.version, m.apps.length, m.status, m.stack.length]);
          if (fp === f.fp) m.endless = true;
          f.fp = fp;
        }
        f.stage = 'test';
        if (f.iter > 0 && n.step !== undefined) {
          // `for ((…; …; step))`: an `(( … ))` runs at once and pushes no frame; an error that ended the shell leaves no loop.
          const depth = m.stack.length;
          enter(m, n.step, ctx);
          if (m.stack.length !== depth || m.state !== 'running') return;
        }
        enter(m, n.cond, ctx);
      } else if ((m.status === 0) !== n.until) {
        f.stage = 'cond';
        f.iter++;
        enter(m, n.body, ctx);
      } else {
        m.status = f.last;
        popFrame(m);
      }
      return;
    }
    case 'for': {
      const n = node(m, f.node) as Extract<ShellNode, { t: 'for' }>;
      if (f.i < 0) {
        const items = n.words === null ? m.positional.slice(1) : expandForWords(m, ctx, n);
        if (items === undefined) return;
        f.items = items;
        f.i = 0;
      } else f.last = m.status;
      if (f.i >= f.items.length) {
        m.status = f.last;
        popFrame(m);
        return;
      }
      if (m.opts.xtrace && m.dialect === 'bash') traceFor(m, ctx, n);
      setOwn(m.vars, n.name, f.items[f.i++]!);
      enter(m, n.body, ctx);
      return;
    }
    case 'group': {
      const n = node(m, f.node) as Extract<ShellNode, { t: 'group' }>;
      if (f.stage === 1) {
        // A subshell that runs out of commands exits: its EXIT trap runs first.
        if (f.scope && m.traps?.EXIT) {
          runTrap(m, 'EXIT', m.status, true);
          return;
        }
        popFrame(m);
        if (f.scope) errexit(m);
        return;
      }
      f.stage = 1;
      if (n.sub) {
        f.scope = scopeOf(m);
        m.traps = subshellTraps(m.traps);
      }
      if (n.redirs.length > 0 && !applyGroupRedirs(m, ctx, f, n)) {
        popFrame(m);
        return;
      }
      enter(m, n.body, ctx);
      return;
    }
    case 'script':
      if (f.stage === 1) {
        if (f.scope && m.traps?.EXIT) {
          runTrap(m, 'EXIT', m.status, true);
          return;
        }
        popFrame(m);
        if (f.scope) errexit(m);
        return;
      }
      f.stage = 1;
      enter(m, f.root, ctx);
      return;
    case 'fn':
      if (f.stage === 1) {
        popFrame(m);
        errexit(m);
        return;
      }
      f.stage = 1;
      enter(m, f.body, ctx);
      return;
    case 'exit-after':
      exitShell(m, m.status);
      return;
    case 'trap':
      if (f.stage === 0) {
        f.stage = 1;
        enter(m, f.root, ctx);
        return;
      }
      popFrame(m);
      m.status = f.status;
      if (f.exit) exitShell(m, f.status);
      return;
    case 'net':
      m.stack.pop();
      enter(m, f.node, ctx);
      return;
  }
}

/** The machine waits at a step that needs the cluster's network, which `ctx` does not bring. */
export function parkedForNet(m: Machine, ctx: RunContext): boolean {
  return m.stack[m.stack.length - 1]?.k === 'net' && !ctx.net?.http;
}

/**
 * The cluster's time, for a run that reads the live World at each step's moment (a node's shell
 * line: node-shell/node-machine.ts; a container's exec or attached line: process.ts
 * execInContainer). `to(t)` runs the cluster until `t` (a whole millisecond: advance asks for a
 * step's moment rounded down, as the World's clock counts), or as far as it may go (a Ctrl+C's
 * horizon, the caller's bound, the end of the container the run is in), and returns how far the
 * run may go: where the World's clock stopped (-Infinity: no further at all; Infinity: on to its
 * end without the World). The step at `t` runs only if that is `t` or later. `ctx`, the run's
 * context, is brought up to date with the World it ran (a container's cluster DNS).
 */
export interface WorldPace {
  to(t: number, ctx?: RunContext): number;
}

/**
 * Runs steps with clock ≤ until. `budget` bounds steps (lookahead, nested runs). With `pace`,
 * the World is run to each step's moment before the step (a step never reads a past World); a
 * step the World cannot reach is not run: the machine stays `running` there.
 */
export function advance(m: Machine, ctx: RunContext, until: number, budget = Infinity, pace?: WorldPace): void {
  let left = budget;
  while (m.state === 'running') {
    const kill = killTime(m);
    if (kill !== undefined && kill <= m.clock) {
      m.state = 'killed';
      m.killedAt = kill;
      return;
    }
    if (m.clock > until || left-- <= 0 || (ctx.lookahead && m.endless) || parkedForNet(m, ctx)) return;
    // The World's clock counts whole milliseconds: a step between two reads it as at the earlier.
    if (pace && pace.to(Math.floor(m.clock), ctx) < Math.floor(m.clock)) return;
    const before = m.clock;
    step(m, ctx);
    m.steps++;
    if (m.clock !== before) m.idle = 0;
    else if (++m.idle > SPIN_STEPS) m.state = 'spinning';
  }
}

/** When the first app's memory reaches the limit (the kernel OOM-kills the whole container). */
export function killTime(m: Machine): number | undefined {
  let t: number | undefined;
  for (const a of m.apps) if (a.oomAt !== undefined && (t === undefined || a.oomAt < t)) t = a.oomAt;
  return t;
}

/**
 * A head of its own beside `m` for a run that is no part of `m`'s script (an exec, a line typed
 * at an interactive shell): the same filesystem, log, apps, parsed script and open shells (shared
 * by reference), while the run's scope, clock and sinks are set on the head and never on `m`. So
 * `m` (a container's PID 1) may go on stepping while the run waits for the World (WorldPace).
 * Hand the counters back with rejoinHead.
 */
export function headBeside(m: Machine): Machine {
  m.ttyShells ??= [];
  return { ...m };
}

/**
 * Hands back to `m` the counters a run on `head` moved (PIDs taken, log lines dropped, a TERM
 * trap), keeping what `m` itself moved meanwhile: each is the larger of the two.
 */
export function rejoinHead(m: Machine, head: Machine): void {
  m.nextPid = Math.max(m.nextPid, head.nextPid);
  if (head.spawned !== undefined) m.spawned = Math.max(m.spawned ?? 0, head.spawned);
  m.dropped = Math.max(m.dropped, head.dropped);
  m.trapsTerm = m.trapsTerm || head.trapsTerm;
}

/** A transient machine sharing this one's filesystem, log and apps (for $(…), pipes, `&`). */
export function nestedMachine(m: Machine, out: Sink, stdin: string): Machine {
  const { pipeline: _stage, ...rest } = m;
  return { ...rest, ...scopeOf(m), stack: [], out, stdin, state: 'running', idle: 0, steps: 0, endless: false, errIgnored: errexitIgnored(m), outer: shellChain(m), lineStreams: undefined, awaiting: undefined };
}

/** How a nested run differs from its parent shell. */
export interface NestedKind {
  /** `$(…)`: bash and BusyBox ash clear `set -e` in it, dash keeps it (recorded: `set -e; x=$(false; echo y)`). */
  substitution?: boolean;
  /** A stage of a `! pipeline`: `set -e` is ignored in it. */
  negated?: boolean;
  /** A pipeline stage: every stage's words and which one this is (`ps | grep` lists the grep). */
  stage?: Machine['pipeline'];
  /**
   * A line typed at an interactive shell (tty-shell.ts): the script runs in that process, `$$` its
   * PID as `ps` shows it. `resume`: a line that stopped at `read` goes on, `input` read.
   */
  shell?: { proc: ShellProc; selfPid: number; lineNo: number; resume?: PendingRead & { input: string }; cut?: LineCut };
  /** An exec on a terminal (`kubectl exec -it POD -- CMD`): its stdin is the terminal (Machine.ttyIn). */
  ttyIn?: true;
  /** A Ctrl+C on that exec's terminal (sigint.ts): SIGINT to the command at `cut.at`. */
  cut?: LineCut;
  /**
   * That terminal stays open for typed lines (the page's): a program of the exec that waits at
   * its own prompt keeps the exec's frames (`awaiting`), as a `read` at an interactive shell does.
   */
  keepsTerminal?: true;
  /**
   * The run's steps wait for the World (advance's `pace`): each reads the cluster at its moment,
   * and so do those of what it waits for (RunContext.pace). What runs beside it — a pipeline's
   * stages, `&` jobs — still runs to its end inside one step, on the World of that step.
   */
  pace?: WorldPace;
}

/**
 * Ctrl+C at `at` on a line typed at an interactive shell (tty-shell.ts): the line runs until its
 * clock passes `at`; if a command was still running then (or blocks, or spins), `then` decides
 * what SIGINT does to the line, on the machine as it stopped.
 */
export interface LineCut {
  at: number;
  then(sub: Machine, inner: RunContext): void;
}

export interface NestedResult {
  status: number;
  clock: number;
  blocked: boolean;
  spinning: boolean;
  /** `kind.shell`: the shell's state once the line ran, and whether the line ended it (`exit`, `set -e`). */
  scope?: Scope;
  exited?: boolean;
  /** `kind.shell`: the line stopped at `read`, waiting for the next typed line. */
  awaiting?: PendingRead;
}

/** Runs `root` in a nested machine to completion (bounded). Shared arrays are mutated in place. */
export function runNested(m: Machine, ctx: RunContext, root: number, out: Sink, stdin: string, asScript = false, kind: NestedKind = {}): NestedResult {
  const sub = nestedMachine(m, out, stdin);
  if (kind.negated) sub.errIgnored = true;
  if (kind.substitution) {
    sub.depth = m.depth + 1;
    if (m.dialect !== 'dash') sub.opts.errexit = false;
  }
  if (kind.stage) sub.pipeline = kind.stage;
  // A line typed at a terminal reads it; a later pipeline stage reads the pipe instead.
  if (kind.shell || kind.ttyIn) sub.ttyIn = true;
  if (kind.stage && kind.stage.index > 0) sub.ttyIn = false;
  // An exec starts outside the container's own shells: its processes are the runtime's children.
  if (asScript) {
    sub.outer = [];
    sub.pid1Shell = pid1ShellOf(m) ?? null;
  }
  // A nested run finishes inside one step: it cannot park, so what the scan missed runs without the cluster.
  const inner: RunContext = { ...ctx, lookahead: false, parkForNet: false };
  // The line's World pace goes on into what the line waits for, not into what runs beside it.
  const pace = kind.pace ?? (kind.substitution ? ctx.pace : undefined);
  if (pace) inner.pace = pace;
  else delete inner.pace;
  // `$(…)`, a pipeline's stage and a `&` job are subshells: they keep only the ignored traps.
  if (!kind.shell) sub.traps = subshellTraps(sub.traps);
  if (kind.shell) {
    sub.selfPid = kind.shell.selfPid;
    sub.lineNo = kind.shell.lineNo;
    sub.exited = undefined;
    sub.awaiting = undefined;
    const resume = kind.shell.resume;
    sub.lineStreams = { out, err: m.err };
    if (resume) {
      // The waiting line's frames hold only the terminal's streams (shell-builtins.ts
      // awaitsTypedLine): this request's sinks take their place.
      sub.stack = structuredClone(resume.stack).map((f) => ('out' in f && f.out ? { ...f, out, err: m.err } : f));
      if (resume.read.reader) resumeReader(sub, inner, resume.read.reader, resume.input, resume.read.proc);
      else assignRead(sub, resume.read.names, resume.input, resume.read.array);
    } else sub.stack.push({ k: 'script', root, stage: 0, scope: null, proc: kind.shell.proc });
  } else if (asScript && kind.keepsTerminal) {
    sub.lineStreams = { out, err: m.err };
    sub.stack.push({ k: 'script', root, stage: 0, scope: null, terminal: true });
  } else if (asScript) enterScript(sub, root, null);
  else enter(sub, root, inner);
  const ran = finishNested(m, sub, inner, kind.shell?.cut ?? kind.cut);
  if ((kind.shell || kind.keepsTerminal) && sub.awaiting) {
    // The frames are kept as data: the request's sinks in them are dropped (the next request brings its own).
    const stack = sub.stack.map((f) => ('out' in f && f.out ? { ...f, out: { k: 'null' as const }, err: { k: 'null' as const } } : f));
    return { ...ran, blocked: false, scope: scopeOf(sub), exited: false, awaiting: { stack, read: sub.awaiting } };
  }
  return kind.shell ? { ...ran, scope: scopeOf(sub), exited: sub.exited === true } : ran;
}

/**
 * Runs `sub` to its end (bounded; with `until`, no step after that moment) and hands the counters
 * nested runs share back to `m`. Its steps wait for the World when `inner` has a pace.
 */
function finishNested(m: Machine, sub: Machine, inner: RunContext, cut?: LineCut, until = Infinity): NestedResult {
  advance(sub, inner, Math.min(cut?.at ?? Infinity, until), NESTED_BUDGET, inner.pace);
  // A line waiting in `read` has no command running: the page handles a Ctrl+C there itself.
  if (cut && !sub.awaiting && (sub.state === 'blocked' || sub.state === 'spinning' || (sub.state === 'running' && sub.clock > cut.at))) cut.then(sub, inner);
  // Nested runs share these by reference; counters must flow back.
  m.nextPid = sub.nextPid;
  if (sub.spawned !== undefined) m.spawned = sub.spawned;
  m.dropped = sub.dropped;
  m.trapsTerm = m.trapsTerm || sub.trapsTerm;
  const finished = sub.state === 'done';
  return { status: finished ? sub.exitCode : sub.status, clock: sub.clock, blocked: sub.state === 'blocked' || sub.state === 'running', spinning: sub.state === 'spinning' };
}

/**
 * Runs a program a tool runs and waits for (`timeout`, `xargs`: commands.ts execFromTool) in a
 * nested machine to its end, as runNested runs a node: `start` dispatches it there. It shares
 * the line's World pace; `until`: no step of it runs after that moment (timeout's deadline).
 */
export function runNestedCall(m: Machine, ctx: RunContext, out: Sink, err: Sink, stdin: string, start: (sub: Machine, inner: RunContext) => void, until?: number): NestedResult {
  const sub = nestedMachine(m, out, stdin);
  sub.err = err;
  const inner: RunContext = { ...ctx, lookahead: false, parkForNet: false };
  start(sub, inner);
  return finishNested(m, sub, inner, undefined, until);
}

/** `cmd &`: runs on its own; apps it starts keep running, the shell does not wait. */
function runDetached(m: Machine, ctx: RunContext, root: number): void {
  runNested(m, ctx, root, m.out, '');
  m.status = 0;
}
