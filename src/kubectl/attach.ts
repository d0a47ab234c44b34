/**
 * The container shell a browser terminal is attached to by `kubectl exec -it POD -- sh`.
 *
 * A real session keeps one exec stream open while the shell reads the lines typed into it. Here
 * every line is one request through kube-apiserver and the kubelet carrying the line as the
 * stream's next piece of input: the trace shows each line reaching the container, and the
 * session's command log replays to the same world. The container keeps the shell between lines
 * (engine/images/tty-shell.ts): one process with its own PID, variables, options, directory and
 * `$?`, which `exit`, `set -e` and a failure, or end of input end. What the shell prints before
 * a line is its PS1 as it expands it after the previous line (Attachment.prompt; it starts as
 * BusyBox ash `\w \$ `, Debian dash `# `, bash with Debian's /etc/bash.bashrc `\u@\h:\w\$ `).
 *
 * Invariants:
 * - The attachment outlives no container: once the container it was started in is no longer
 *   running (the Pod deleted, the container killed or restarted), the next line ends it as
 *   kubectl ends when the runtime kills the exec'd shell: `command terminated with exit code 137`.
 * - A shell the container keeps (Attachment.ttyShell) runs every line as typed but `chroot DIR`
 *   (the chroot's own shell reads the lines that follow, chrootLine); `sim ssh`'s login shell is
 *   one the node keeps. Without one, `exit [N]` and `cd [DIR]` typed as a whole line are the
 *   attachment's own, and a variable assigned by a line of its own is set again before each later
 *   line (approximate).
 */
import { DETACH_KEYS, END_OF_INPUT } from '../k8s/end-of-input';
import type { Pod } from '../k8s/types';
import type { ExecChunk, FollowRef, Simulation, StreamRun, TtyShellState, ViOpen, ViOutcome, ViSave } from '../engine/index';
import type { AttachedShell, CommandResult, OutputChunk } from './types';
import { defaultPs1, expandPrompt } from '../k8s/shell-prompt';
import { waitWhileRunning, type FollowRead } from './exec-wait';
import { Output } from './output';
import { followReader, TimedOutput } from './timed-output';

/** The shells `kubectl exec -it POD -- <shell>` attaches to (a shell with arguments just runs). */
// zsh (netshoot's CMD) is not modelled: its session is bash's (prompt, messages).
export const INTERACTIVE_SHELLS: ReadonlySet<string> = new Set(['sh', 'ash', 'bash', 'zsh', '/bin/sh', '/bin/ash', '/bin/bash', '/bin/zsh']);

/** Which shell reads the lines: it decides the prompt. */
export type ShellDialect = 'ash' | 'dash' | 'bash';

/** How one exec of the shell ended: its combined output (a TTY merges stderr), or kubectl's error text. */
/** `streams`: `output` chunk by chunk with the stream that wrote it (no TTY; absent: all of it went to stdout). */
/** A command's reply; `durationMs` is how long it ran in the container (simulated), which the caller waits. */
/** `shell`: the interactive shell the script was typed into, after it (the kubelet's ExecOutcome.shell). */
/**
 * `running`: the command had not ended when the stream's input was through (`sleep infinity`):
 * `output` is what it wrote so far, `exitCode` means nothing yet, and the caller keeps the
 * stream open (exec-wait.ts).
 */
/** `editor`: `vi` on the terminal opened the page's editor, or the editor's save came back (container-editor.ts). */
/**
 * `startedAt`: when the line began, for a line during which the cluster's time already passed (a
 * node's, engine/node-shell/node-machine.ts; a container's, the kubelet's ExecOutcome.startedAt);
 * `durationMs` is then what is left to wait.
 */
export type ShellReply = { ok: true; exitCode: number; output: string; streams?: ExecChunk[]; durationMs?: number; startedAt?: number; shell?: TtyShellState; running?: true; follow?: FollowRef; editor?: ViOutcome } | { ok: false; text: string; exitCode: number };

/**
 * A command's run over an exec or attach stream as kubectl holds it. `streams` keeps when each
 * chunk was written (timed-output.ts); on a TTY (`keepStreams` false) the terminal merged
 * stderr into stdout, so every chunk is stdout.
 */
export function shellReply(run: StreamRun, keepStreams: boolean): ShellReply {
  const streams = run.streams && (keepStreams ? run.streams : run.streams.map((c) => ({ ...c, stream: 'stdout' as const })));
  const base = { ok: true as const, output: run.output, ...(streams ? { streams } : {}), ...(run.startedAt !== undefined ? { startedAt: run.startedAt } : {}), ...(run.shell ? { shell: run.shell } : {}), ...(run.follow ? { follow: run.follow } : {}) };
  if (run.type === 'running') return { ...base, exitCode: 0, running: true };
  return { ...base, exitCode: run.exitCode, ...(run.durationMs ? { durationMs: run.durationMs } : {}), ...(run.editor ? { editor: run.editor } : {}) };
}

export interface Attachment {
  namespace: string;
  pod: string;
  container: string;
  /** The container the shell was started in: a restarted container is another process. */
  containerID: string | undefined;
  dialect: ShellDialect;
  user: string;
  uid: number;
  hostname: string;
  home: string;
  /** Where every exec of the shell starts (the image's WORKDIR), and where the learner is. */
  startCwd: string;
  cwd: string;
  /** `$?`: what a bare `exit` exits with. */
  lastStatus: number;
  /**
   * Shell variables assigned by a line of their own (`TOKEN=$(cat …)`, `export X=1`): the shell
   * keeps them, so every later line starts by setting them again.
   */
  vars?: Record<string, string>;
  /**
   * The shell's PID when the container keeps it between lines (images/tty-shell.ts): each line
   * reaches that one process, which keeps its own state (variables, options, directory, `$?`)
   * and ends itself (`exit`, `set -e`); `sim ssh`'s login is the node's (engine/node-shell). Absent:
   * every line is a new `sh -c` the attachment replays its state into.
   */
  ttyShell?: number;
  /** What that shell printed as its prompt after the last line (its own PS1 expanded); absent: the dialect's own PS1 is drawn. */
  prompt?: string;
  /** The prompt is a program's reading the terminal in raw mode (AttachedShell.raw), not the shell's. */
  raw?: true;
  /**
   * One exec of the shell with `script` as its input, sent as the attaching kubectl sent it (to
   * `ttyShell`, if given); `interruptAt`: the learner's Ctrl+C while it runs, at that simulated time.
   */
  exec(script: string, ttyShell?: number, interruptAt?: number): ShellReply;
  /**
   * The page editor's answer to a `vi` the shell ran on this terminal, sent to the container over
   * the exec stream (ExecOptions.viSave). Absent: this attachment's terminal opens no editor.
   */
  viSave?(save: ViSave): ShellReply;
  /**
   * `sim ssh NODE` without a command: a login shell on the node itself (no Pod, no container), as
   * `ssh root@NODE` gives. The session lives as long as the machine answers (each line's exec says
   * when it does not), and `exit` ends it as ssh does (`logout`, then `Connection to NODE closed.`).
   */
  node?: string;
  /** `kubectl run --rm -it`: once the session ends, kubectl deletes the Pod it created. */
  removeOnDetach?: boolean;
  /**
   * `kubectl run -it`: the shell is the container's PID 1 (an attach, not an exec), so `exit N`
   * ends the container; this ends it and answers what kubectl prints once the attach is over.
   */
  endPid1?: (exitCode: number) => CommandResult;
  /**
   * A raw-TTY attach with stdin (`kubectl attach -it`, `kubectl run -it`): Ctrl+P Ctrl+Q
   * (DETACH_KEYS) ends kubectl's session and leaves the shell running; this answers what kubectl
   * prints then (attach.go's reattachMessage).
   */
  detach?: () => CommandResult;
  /**
   * `chroot DIR` typed as a whole line: the shell runs chroot, whose `/bin/sh -i` (the node's
   * dash, under `kubectl debug node/…`'s `/host`) reads the following lines until `exit`. Each
   * line goes to the container's shell as `chroot DIR /bin/sh -c 'cd CWD; LINE'`. `pid1`: the chroot
   * is the container's own process (`kubectl debug node/… -it -- chroot /host`): the attach's input
   * is its shell's already, and `exit` ends the container.
   */
  chroot?: { root: string; cwd: string; lines: number; pid1?: true };
}

/**
 * What the shell learns about itself when it starts interactively (its PS1 needs the directory,
 * the user and the host; `sh` is dash where the image ships dash). Sent as the attaching exec's
 * input, so attaching makes one exec request, as `kubectl exec -it` does.
 */
export const STARTUP_SCRIPT = 'echo "cwd:$(pwd)"; echo "home:$HOME"; echo "host:$(hostname)"; echo "uid:$(id -u)"; echo "user:$(whoami)"; command -v dash >/dev/null && echo dash:yes; true';

/** The browser terminal's TTY, as kubectl sees it: `kubectl exec -it POD -- sh` attaches its shell there. */
export interface Tty {
  attach(a: Attachment): void;
  /**
   * The page terminal's width for the line being run, as kubectl's resize stream tells the
   * container's terminal (what `ls` lays its columns out in); unset: the page did not say (80).
   */
  columns?: number;
  /** Its height (what a node's `watch` fills); unset: the page did not say (24). */
  rows?: number;
}

export interface AttachTarget {
  pod: Pod;
  container: string;
  /** argv[0] as typed: `sh`, `/bin/bash`, … */
  shell: string;
  exec: Attachment['exec'];
  /** The shell the attaching request started (ShellReply.shell's PID), which the following lines go to. */
  ttyShell?: number;
  /** That shell's prompt, as it printed it (ShellReply.shell's). */
  prompt?: string;
}

/** The attachment the startup script's output describes. */
export function attachment(t: AttachTarget, startup: string): Attachment {
  const facts = new Map<string, string>();
  for (const line of startup.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0 && !facts.has(line.slice(0, colon))) facts.set(line.slice(0, colon), line.slice(colon + 1));
  }
  const base = t.shell.slice(t.shell.lastIndexOf('/') + 1);
  const dialect: ShellDialect = base === 'bash' || base === 'zsh' ? 'bash' : base === 'sh' && facts.get('dash') === 'yes' ? 'dash' : 'ash';
  const uid = Number(/\d+/.exec(facts.get('uid') ?? '')?.[0] ?? 0);
  const cwd = facts.get('cwd') || '/';
  const name = t.pod.metadata.name ?? '';
  return {
    namespace: t.pod.metadata.namespace ?? 'default',
    pod: name,
    container: t.container,
    containerID: [...(t.pod.status?.containerStatuses ?? []), ...(t.pod.status?.ephemeralContainerStatuses ?? [])].find((c) => c.name === t.container)?.containerID,
    dialect,
    user: facts.get('user') || (uid === 0 ? 'root' : String(uid)),
    uid,
    hostname: facts.get('host') || name,
    home: facts.get('home') || '/',
    startCwd: cwd,
    cwd,
    lastStatus: 0,
    exec: t.exec,
    ...(t.ttyShell !== undefined ? { ttyShell: t.ttyShell } : {}),
    ...(t.prompt !== undefined ? { prompt: t.prompt } : {}),
  };
}

/**
 * `sim ssh NODE`'s login shell: root's bash in /root on the node (bash's PS1 `\u@\h:\w\$ `), which
 * the node keeps between lines (engine/node-shell/node-machine.ts) as a container keeps its
 * interactive shell: `shell` is it as the connecting request opened it.
 */
export function attachmentOfNode(node: string, exec: Attachment['exec'], shell: TtyShellState): Attachment {
  return { namespace: '', pod: '', container: '', containerID: undefined, dialect: 'bash', user: 'root', uid: 0, hostname: node, home: '/root', startCwd: shell.cwd, cwd: shell.cwd, lastStatus: 0, exec, node, ttyShell: shell.pid, ...(shell.prompt !== undefined ? { prompt: shell.prompt } : {}) };
}

/**
 * PS1 as the shell prints it: the container shell's own (Attachment.prompt), else the PS1 the
 * shell starts with (src/k8s/shell-prompt.ts, the one rule both use).
 */
export function promptOf(a: Attachment): string {
  // dash's PS1 (the node's /bin/sh under chroot).
  const dialect = a.chroot ? 'dash' : a.dialect;
  if (!a.chroot && a.prompt !== undefined) return a.prompt;
  return expandPrompt(defaultPs1(dialect, a.uid), { dialect, user: a.user, uid: a.uid, hostname: a.hostname, cwd: a.cwd, home: a.home, shellName: dialect, commandNumber: 1, now: 0, vars: {} });
}

export function shellOf(a: Attachment): AttachedShell {
  return { namespace: a.namespace, pod: a.pod, container: a.container, prompt: promptOf(a), ...(a.raw && !a.chroot ? { raw: true as const } : {}), ...(a.detach ? { detachKeys: true as const } : {}) };
}

/** A line's result, and whether the terminal is still attached after it. */
export interface LineOutcome {
  result: CommandResult;
  detached: boolean;
  /** The line ran `vi` on the terminal: the file it opened for the page's editor. */
  editor?: ViOpen;
}

function quote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** checkErr of the stream's exit status (utilexec.ExitError): kubectl's own line, and its exit code. */
function terminated(code: number): LineOutcome {
  return { result: { output: [{ stream: 'stderr', text: `command terminated with exit code ${code}\n` }], exitCode: code }, detached: true };
}

function stillRunning(sim: Simulation, a: Attachment): boolean {
  // A node's login shell has no container: the machine going away shows in the line's own exec.
  if (a.node !== undefined) return true;
  // The stream's own liveness, not a request: the runtime ends the exec when its container dies.
  const pod = sim.storedObject<Pod>(`pods/${a.namespace}/${a.pod}`);
  const status = [...(pod?.status?.containerStatuses ?? []), ...(pod?.status?.ephemeralContainerStatuses ?? [])].find((c) => c.name === a.container);
  return status?.state.running !== undefined && status.containerID === a.containerID;
}

/** `cd`'s operand with a leading `~` expanded, as the interactive shell expands it (the container's `sh -c` does not). */
function cdTarget(a: Attachment, arg: string | undefined): string {
  if (arg === undefined) return '';
  return arg === '~' || arg.startsWith('~/') ? quote(a.home + arg.slice(1)) : arg;
}

/** A line that only assigns a variable: `NAME=value`, `export NAME=value`. */
const ASSIGNMENT = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)=(?:[^\s;&|]|\$\([^)]*\)|"[^"]*"|'[^']*')*\s*$/;
const VAR_MARK = '@@reconcile-shell-var@@';

function replied(reply: ShellReply): LineOutcome {
  if (!reply.ok) return { result: { output: [{ stream: 'stderr', text: reply.text }], exitCode: reply.exitCode }, detached: true };
  return { result: { output: reply.output ? [{ stream: 'stdout', text: reply.output }] : [], exitCode: reply.exitCode }, detached: false };
}

/** A line typed in a chroot's shell: `exit` leaves it (its status is chroot's `$?`), `cd` moves in it. */
function chrootLine(sim: Simulation, a: Attachment, ch: NonNullable<Attachment['chroot']>, line: string): LineOutcome {
  const exit = /^\s*exit(?:\s+(\d+))?\s*$/.exec(line);
  if (exit) {
    const code = (exit[1] === undefined ? 0 : Number(exit[1])) & 255;
    if (ch.pid1 && a.endPid1) return { result: a.endPid1(code), detached: true };
    delete a.chroot;
    a.lastStatus = code;
    return { result: { output: [], exitCode: code }, detached: false };
  }
  const at = ch.cwd === '/' ? '' : `cd ${quote(ch.cwd)}; `;
  const cd = /^\s*cd(?:\s+(\S+))?\s*$/.exec(line);
  const inner = cd ? `${at}cd${cd[1] === undefined ? '' : ` ${cd[1]}`} && pwd` : `${at}${line}`;
  const reply = a.exec(ch.pid1 ? inner : `chroot ${quote(ch.root)} /bin/sh -c ${quote(inner)}`, a.ttyShell);
  // dash -i numbers the lines it has read (`/bin/sh: 3: x: not found`); each -c line is its line 1.
  ch.lines++;
  if (reply.ok) reply.output = reply.output.replace(/^\/bin\/sh: 1: /gm, `/bin/sh: ${ch.lines}: `);
  if (reply.ok && reply.running) return runningLine(sim, a, lineOutput(sim, { ...reply, streams: [{ stream: 'stdout', text: reply.output }] }));
  if (reply.ok && cd && reply.exitCode === 0) {
    ch.cwd = reply.output.trim().split('\n').pop() || ch.cwd;
    return { result: { output: [], exitCode: 0 }, detached: false };
  }
  return replied(reply);
}

/**
 * A line whose command has not ended (`sleep infinity`, `tail -f`): the terminal stays its own
 * until the container stops — the runtime kills the command with it, and the session ends as
 * when the next line finds it gone (`command terminated with exit code 137`). What it wrote so
 * far comes out now. A Ctrl+C replays the line with its moment (runShellLine's `interruptAt`),
 * which the shell itself handles. At the runner's bound on a wait (MAX_WAIT_MS) the prompt comes
 * back without a word (approximate: the command would still hold the terminal; `$?` is the
 * shell's as the blocked line left it).
 */
function runningLine(sim: Simulation, a: Attachment, written: LineOutput): LineOutcome {
  written.shown.upToNow();
  // A node's line has held the terminal to the runner's bound already: the cluster's time passes
  // with it (kubectl/sim/ssh.ts); a Ctrl+C replays it with its moment, which its shell handles.
  const end = a.node !== undefined ? 'capped' : waitWhileRunning(sim, a.namespace, a.pod, a.container, a.containerID, written.follow, written.startedAt);
  written.shown.upToNow();
  const output = written.out.result(0, true).output;
  if (end === 'capped') return { result: { output, exitCode: a.lastStatus, unended: true }, detached: false };
  const killed = terminated(137);
  return { ...killed, result: { ...killed.result, output: [...output, ...killed.result.output] } };
}

/** A line's output on its way to the terminal: each chunk when the command wrote it (timed-output.ts). */
interface LineOutput {
  out: Output;
  shown: TimedOutput;
  /** When the line began, if the cluster's time passed with it before its answer (ShellReply.startedAt). */
  startedAt?: number;
  /** The line's `tail -f` follows a file: read on as the line waits (timed-output.ts followReader). */
  follow?: FollowRead;
}

/**
 * Open before the line's time passes, or told when the line began (ShellReply.startedAt): chunks
 * keep their moments only if time passed (Output.result).
 */
function lineOutput(sim: Simulation, reply: Extract<ShellReply, { ok: true }>, a?: Attachment): LineOutput {
  const out = new Output(() => sim.now, reply.startedAt);
  const shown = new TimedOutput(out, () => sim.now, reply.streams ?? (reply.output ? [{ stream: 'stdout', text: reply.output }] : []));
  const file = reply.follow && a && a.node === undefined ? followReader(sim, out, a, reply.follow) : undefined;
  const began = reply.startedAt !== undefined ? { startedAt: reply.startedAt } : {};
  if (!file) return { out, shown, ...began };
  // What tail printed before it waited comes before what the file gained since.
  const follow = (close: boolean): void => {
    shown.upToNow();
    file(close);
  };
  return { out, shown, follow, ...began };
}

/** The line returned: all it wrote (a Ctrl+C'd `tail -f`'s file included), as OutputChunks. */
function allOf(written: LineOutput): OutputChunk[] {
  written.follow?.(true);
  written.shown.rest();
  return written.out.result(0).output;
}

/**
 * A line typed at a shell the container keeps (Attachment.ttyShell): it runs there as typed, and
 * ends the session when it ends the shell — `exit N`, end of input, `set -e` and a failure. A
 * terminal attached to PID 1 then ends the container; an exec's stream closes, and kubectl says
 * `command terminated with exit code N` for a non-zero N (checkErr of the CodeExitError).
 */
function ttyShellLine(sim: Simulation, a: Attachment, pid: number, line: string, interruptAt: number | undefined): LineOutcome {
  const reply = a.exec(line, pid, interruptAt);
  if (!reply.ok) return { result: { output: [{ stream: 'stderr', text: reply.text }], exitCode: reply.exitCode }, detached: true };
  const written = lineOutput(sim, reply, a);
  if (reply.running) return runningLine(sim, a, written);
  // The prompt comes back when the line's command ends; the cluster's time moves on meanwhile.
  if (reply.durationMs) sim.advance(reply.durationMs);
  a.lastStatus = reply.exitCode;
  if (reply.shell) {
    a.cwd = reply.shell.cwd;
    if (reply.shell.prompt !== undefined) a.prompt = reply.shell.prompt;
    if (reply.shell.raw) a.raw = true;
    else delete a.raw;
  }
  const output = allOf(written);
  const editor = reply.editor?.k === 'open' ? { editor: reply.editor.open } : {};
  if (!reply.shell?.ended) return { result: { output, exitCode: reply.exitCode }, detached: false, ...editor };
  const code = reply.exitCode & 255;
  // A node's login ended (bash said `logout`): ssh reports the closed connection and exits with the shell's status.
  const closed = a.node !== undefined ? { output: [{ stream: 'stderr' as const, text: `Connection to ${a.node} closed.\n` }], exitCode: code } : undefined;
  const end = a.endPid1 ? a.endPid1(code) : (closed ?? (code === 0 ? { output: [], exitCode: 0 } : terminated(code).result));
  return { result: { output: [...output, ...end.output], exitCode: end.exitCode }, detached: true };
}

/**
 * Runs one line typed at the attached shell's prompt; `interruptAt`: the learner's Ctrl+C at that
 * simulated time, which reaches a shell the container keeps (its foreground command gets SIGINT).
 */
export function runShellLine(sim: Simulation, a: Attachment, typed: string, interruptAt?: number): LineOutcome {
  if (!stillRunning(sim, a)) return terminated(137);
  // Ctrl+P Ctrl+Q: kubectl's escape proxy takes them; the shell never sees them and keeps running.
  if (typed === DETACH_KEYS && a.detach) return { result: a.detach(), detached: true };
  // Ctrl+D: a shell the container keeps reads end of input itself (tty-shell.ts); the others end as `exit` does.
  const line = typed === END_OF_INPUT && (a.ttyShell === undefined || a.chroot) ? 'exit' : typed;
  if (a.chroot) return chrootLine(sim, a, a.chroot, line);
  // A program at its own prompt (raw) reads every line itself, `chroot DIR` too.
  if (a.ttyShell !== undefined && (a.raw || !/^\s*chroot\s+\S+\s*$/.test(line))) return ttyShellLine(sim, a, a.ttyShell, line, interruptAt);
  const exit = /^\s*exit(?:\s+(\d+))?\s*$/.exec(line);
  if (exit) {
    const code = (exit[1] === undefined ? a.lastStatus : Number(exit[1])) & 255;
    if (a.endPid1) return { result: a.endPid1(code), detached: true };
    return code === 0 ? { result: { output: [], exitCode: 0 }, detached: true } : terminated(code);
  }
  const vars = Object.entries(a.vars ?? {})
    .map(([k, v]) => `${k}=${quote(v)}\n`)
    .join('');
  // A shell the container keeps is where it was left; a new `sh -c` is told.
  const at = a.ttyShell !== undefined ? '' : `${vars}${a.cwd === a.startCwd ? '' : `cd ${quote(a.cwd)}\n`}`;
  const cd = /^\s*cd(?:\s+(\S+))?\s*$/.exec(line);
  const assigned = ASSIGNMENT.exec(line)?.[1];
  // The value is read back after the line, behind a marker the output is cut at.
  const script = cd ? `${at}cd ${cdTarget(a, cd[1])} && pwd` : assigned ? `${at}${line}\n__rc=$?; echo "${VAR_MARK}$${assigned}"; exit $__rc` : `${at}${line}`;
  const chroot = /^\s*chroot\s+(\S+)\s*$/.exec(line);
  if (chroot) {
    // chroot without PROG runs `/bin/sh -i` in the new root; asking it for `/bin/sh -c true` first
    // meets the same errors (no such directory, no /bin/sh there) before any prompt is drawn.
    const reply = a.exec(`${at}chroot ${line.trim().slice('chroot'.length).trim()} /bin/sh -c true`, a.ttyShell);
    if (reply.ok && reply.exitCode === 0) {
      const root = chroot[1]!;
      a.chroot = { root: root.startsWith('/') ? root : `${a.cwd.replace(/\/$/, '')}/${root}`, cwd: '/', lines: 0 };
      return { result: { output: [], exitCode: 0 }, detached: false };
    }
    if (reply.ok) a.lastStatus = reply.exitCode;
    return replied(reply);
  }
  const reply = a.exec(script);
  if (!reply.ok) return { result: { output: [{ stream: 'stderr', text: reply.text }], exitCode: reply.exitCode }, detached: true };
  const written = lineOutput(sim, reply);
  // The prompt comes back when the line's command ends; the cluster's time moves on meanwhile.
  if (reply.durationMs) sim.advance(reply.durationMs);
  a.lastStatus = reply.exitCode;
  if (assigned) {
    const mark = reply.output.lastIndexOf(VAR_MARK);
    const shown = mark < 0 ? reply.output : reply.output.slice(0, mark);
    if (mark >= 0) a.vars = { ...(a.vars ?? {}), [assigned]: reply.output.slice(mark + VAR_MARK.length).replace(/\n$/, '') };
    return { result: { output: shown ? [{ stream: 'stdout', text: shown }] : [], exitCode: reply.exitCode }, detached: false };
  }
  if (cd && reply.exitCode === 0) {
    a.cwd = reply.output.trim().split('\n').pop() || a.cwd;
    return { result: { output: [], exitCode: 0 }, detached: false };
  }
  return { result: { output: allOf(written), exitCode: reply.exitCode }, detached: false };
}
