/**
 * Shared shapes and small helpers for the userland commands (tools.ts, tools-files.ts,
 * tools-text.ts): a command gets argv and a ToolEnv, writes through Io, and returns a ToolResult.
 */
import type { ImageUser } from './catalog-types';
import type { HostView, ViOpen } from './types';
import type { WorldPace } from './machine';
import type { NetNs } from './netns-types';
import type { SystemView } from './sysinfo';
import type { Proc } from './proc-model';
import type { CurlBuild } from './curl-builds';
import { normalizePath, type BaseFs, type FsLayer } from './fs';
import type { RedisCliRepl } from './redis-cli-repl';
import type { MysqlCliRepl } from './mysql-client-repl';
import type { ScreenFrame } from '../../k8s/procps-watch-screen';

export interface Io {
  stdin: string;
  out(text: string): void;
  err(text: string): void;
  /** Both stdin and stdout are the learner's terminal (nothing piped or redirected): isatty. */
  terminal?: boolean;
  /**
   * Which fds are the terminal, each as isatty() answers (a container's: commands.ts ttyOf);
   * unset: none, or only `terminal` is known (the laptop's prompt).
   */
  tty?: { in: boolean; out: boolean; err: boolean };
  /**
   * Moves the tool's own clock to `ms` after it started: what it writes next is stamped then
   * (ping's reply a second in a container's log). Unset where output carries no time.
   */
  at?(ms: number): void;
  /** A full-screen program draws its whole screen on stdout, the terminal (a node's `watch`): a client shows it on its alternate screen. */
  screen?(frame: ScreenFrame): void;
}

/** `groups`: the process's group list when the Pod set one (runAsGroup, fsGroup, supplementalGroups), each with its /etc/group name if it has one. */
export type RunUser = ImageUser & { unnamed?: true; groupUnnamed?: true; groups?: [number, string | undefined][] };

export interface ToolEnv {
  io: Io;
  vars: Record<string, string>;
  cwd: string;
  /** Absolute simulated ms at which the command runs. */
  clock: number;
  /**
   * A Ctrl+C at the terminal the tool runs on, at this absolute simulated ms (sigint.ts): a tool
   * that catches SIGINT (ping's statistics) ends there and says so (ToolResult.caughtSigint); any
   * other is killed by it without being told.
   */
  sigintAt?: number;
  fs: FsLayer;
  base: BaseFs;
  flavour: 'busybox' | 'coreutils';
  /** The image's C library (Userland.libc): its getopt's words. Unset: glibc. */
  libc?: 'musl';
  /** BusyBox's CONFIG_UNAME_OSNAME where the image's build sets it (Alpine's `Linux`); unset: `GNU/Linux`. */
  osName?: string;
  dialect: 'ash' | 'dash' | 'bash';
  /** The shell's `$0`, which dash's and bash's builtins start their messages with (`sh` when absent). */
  shell?: string;
  /** The shell reads a terminal (the learner types into it): bash's messages then carry no `line 1:`, dash's the line's number. */
  interactive?: { line: number };
  hostname: string;
  /** What `ps` lists (proc-model.ts): every process the caller's PID namespace holds, itself included. */
  processes: Proc[];
  /** `ps`'s caller (its uid and terminal: the default selection) and the machine's memory (%MEM). */
  caller?: { uid: number; tty: string };
  memTotalKb?: number;
  /** The image's version (BusyBox 1.28's nslookup prints differently from later ones). */
  version: string;
  /**
   * Who the process runs as when it is not root: the image's USER, or securityContext.runAsUser
   * (`unnamed`/`groupUnnamed`: /etc/passwd or /etc/group has no name for the id).
   */
  user?: RunUser;
  /** The node under the container, when an exec or attach reaches it (`chroot /host`). */
  host?: HostView;
  /** The line's World pace (RunContext.pace), which a program the tool runs and waits for shares (chroot's node shell). */
  pace?: WorldPace;
  /**
   * Sends `signal` from `sender` to process `pid` as `processes` numbers it (kill, pkill):
   * app-signals.ts says what it does. False when no application has that PID.
   */
  signal?(pid: number, signal: number, sender?: number): boolean;
  /** The container's network namespace, when an exec or attach supplies it (`ip`). */
  netns?: () => NetNs;
  /** The machine under the tool and the container's cgroup (sysinfo.ts): what df lists. */
  system?: SystemView;
  /** Which curl `curl` is (curl-builds.ts); unset: curlimages/curl:latest's (the laptop's). */
  curl?: CurlBuild;
  /** The version dig's banner names (CatalogImage.bindVersion); unset: Alpine bind-tools'. */
  bindVersion?: string;
  /** Whether an executable program is at this absolute path (program-dirs.ts): what `which` looks for. */
  program?(fullPath: string): boolean;
  /** The exec's terminal can show the page's editor (tools-vi.ts): `vi` hands it the file it opened. */
  editor?(open: ViOpen): void;
  /** The terminal's width (TIOCGWINSZ) when a terminal is the tool's; unset: 80 (ls-columns.ts). */
  columns?: number;
  /**
   * The tool runs as its program, named as it was run (`/usr/bin/printf`, `printf` from `env`),
   * not as the shell's builtin of the same name: by its path, through execvp (env, xargs, nohup),
   * with no shell (`kubectl exec POD -- printf …`), or where the shell has no such builtin.
   */
  asProgram?: string;
}

/** `ms`: time the command takes; `block`: it never returns (`sleep infinity`, `tail -f`). */
export interface ToolResult {
  status: number;
  ms?: number;
  block?: true;
  /** With `block`: the file `tail -f` follows (absolute path; follow.ts). */
  follow?: string;
  /** The tool caught the terminal's SIGINT (ToolEnv.sigintAt) and ended by itself `ms` after it started (sigint.ts). */
  caughtSigint?: true;
  /**
   * The tool runs another program in its place (`env NAME=VALUE COMMAND`, `nohup`), or runs
   * programs and waits for them (`timeout`, `xargs`): commands.ts execFromTool.
   */
  exec?: ExecRequest;
  /**
   * The tool reads the terminal a line at a time with its own line editor (redis-cli's prompt):
   * it has drawn `prompt` and waits for the next typed line (line-reader.ts). Only when its stdin
   * and stdout are the terminal of an interactive session; `status` and `ms` mean nothing then.
   */
  reads?: LineReader;
}

/**
 * A program waiting at its own prompt, as plain data (a container's state is snapshotted):
 * which program, what it keeps between lines, and the prompt it drew. Its terminal is in raw
 * mode, so Ctrl+C and Ctrl+D reach it as bytes, not as SIGINT or the end of input.
 */
export type LineReader = RedisCliRepl | MysqlCliRepl;

/** What a program at its prompt reads next: a typed line, or the byte Ctrl+D or Ctrl+C sent. */
export type ReaderInput = { k: 'line'; text: string } | { k: 'eof' } | { k: 'interrupt' };

/** What a tool runs: a program (execvp's lookup: never a shell builtin or function), or several in turn. */
export interface ExecRequest {
  argv: string[];
  env: Record<string, string>;
  /** The tool's own message when no such program exists (written, status `missingStatus`, else 127). */
  missing: string;
  missingStatus?: number;
  /** What the program reads; unset: the tool's stdin. */
  stdin?: string;
  /** Where its stdout goes instead of the tool's (`nohup`'s nohup.out, an absolute path), appended to. */
  outFile?: string;
  /** Its stderr goes where its stdout goes (`nohup` with stderr on a terminal: dup2(1, 2)). */
  errToOut?: true;
  /** `timeout`: a program still running `ms` after it started is killed, and the tool's status is `status`. */
  limit?: { ms: number; status: number };
  /** More runs after the first, each once the last ended (xargs' batches), with the same environment. */
  more?: string[][];
  /** After each run: a message (written to stderr) when the tool stops there (xargs after a 255). */
  stop?(status: number): string | undefined;
  /** `time`: what the tool writes to stderr once the program ended with `status` after `ms` of simulated time. */
  report?(status: number, ms: number): string;
  /** The tool's status from the programs' (in order); unset: the last one's. A missing program ends the runs. */
  status?(statuses: readonly number[]): number;
}

export type Tool = (args: string[], env: ToolEnv) => ToolResult;

/** isatty(1): stdout is the learner's terminal. */
export const stdoutIsTty = (io: Io): boolean => io.tty?.out ?? io.terminal === true;
/** isatty(0): stdin is the learner's terminal. */
export const stdinIsTty = (io: Io): boolean => io.tty?.in ?? io.terminal === true;

/** The tool's uid and gid (root when no user is set): what a file it creates in a volume is owned by. */
export function idsOf(env: ToolEnv): readonly [number, number] {
  return [env.user?.uid ?? 0, env.user?.gid ?? 0];
}

/**
 * `env` with some fields replaced, its getters kept as getters: a spread would read `processes`,
 * which is built only when ps asks (a node's table syncs every container on it).
 */
export function envWith(env: ToolEnv, patch: Partial<ToolEnv>): ToolEnv {
  return Object.defineProperties(Object.defineProperties({}, Object.getOwnPropertyDescriptors(env)), Object.getOwnPropertyDescriptors(patch)) as ToolEnv;
}

export const ok: ToolResult = { status: 0 };
export const path = (env: ToolEnv, p: string): string => normalizePath(p, env.cwd);
export const bb = (env: ToolEnv): boolean => env.flavour === 'busybox';

/** Whose words getopt's errors are in: the image's libc's (musl's in Alpine, glibc's elsewhere). */
export const libcGetopt = (env: ToolEnv): 'glibc' | 'musl' => env.libc ?? 'glibc';

/** Splits `-abc` style flags from operands; `--` ends flags. */
export function flags(args: string[]): { set: Set<string>; rest: string[] } {
  const set = new Set<string>();
  const rest: string[] = [];
  let done = false;
  for (const a of args) {
    if (!done && a === '--') done = true;
    else if (!done && /^-[A-Za-z]+$/.test(a)) for (const c of a.slice(1)) set.add(c);
    else rest.push(a);
  }
  return { set, rest };
}

export function unescape(s: string): string {
  return s.replace(/\\(0[0-7]{0,3}|[abfnrtv\\c])/g, (_, c: string) => {
    const map: Record<string, string> = { a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\', c: '' };
    return c.startsWith('0') ? String.fromCharCode(parseInt(c.slice(1) || '0', 8)) : (map[c] ?? c);
  });
}

