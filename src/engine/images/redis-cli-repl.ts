/**
 * redis-cli's prompt: with no command and its stdin on a terminal, redis-cli connects (without
 * giving up when it cannot) and reads one line at a time with linenoise — `127.0.0.1:6379> `,
 * `redis-0.redis:6379[2]> ` after `-n 2` or `select 2`, `not connected> ` while it has no
 * connection. Rules from redis/redis src/redis-cli.c at 7.4.1 (main, repl, cliConnect,
 * cliRefreshPrompt, cliSendCommand, issueCommandRepeat) and deps/linenoise/linenoise.c:
 * - each line is split as sdssplitargs splits it (`Invalid argument(s)` on an open quote); a
 *   first word that is a number repeats the command (`3 incr hits`);
 * - `quit` and `exit` leave with status 0; so do Ctrl+D on an empty line and Ctrl+C, which
 *   linenoise reads in raw mode as bytes (no SIGINT), after the newline linenoiseRaw prints;
 * - `connect HOST PORT`, `clear`, `help`, `:set hints`, `restart` are redis-cli's own;
 * - a command while not connected first connects again (each failure says so on stderr); a
 *   successful SELECT, or AUTH followed by the SELECT redis-cli replays, moves the prompt's db;
 * - SHUTDOWN that the server obeys closes the connection: nothing is printed, `not connected> `.
 *
 * The state between lines is plain data (the container is snapshotted with it). Approximate: the
 * connection is not one socket kept open — each line dials again with the AUTH and SELECT the
 * connection has had, so a server restarted between two lines is not noticed (a real connection
 * would say `Error: Server closed the connection` first); MULTI's `(TX)` and SUBSCRIBE's modes
 * are not modelled (the server does not know them); `help TOPIC` and hints are not either;
 * the history (`~/.rediscli_history`) is not written.
 */
import type { Net } from './net-tools';
import { exchange, show, type CliOptions } from './redis-cli-conn';
import { splitArgs } from './redis-config';
import type { ReaderInput, ToolEnv, ToolResult } from './tool-types';

/** redis-cli at its prompt: where it connects, with what, and the connection it has. */
export interface RedisCliRepl {
  program: 'redis-cli';
  prompt: string;
  host: string;
  port: number;
  auth?: string;
  user?: string;
  /** config.dbnum: the database the connection has selected (the prompt's `[n]`). */
  db: number;
  /** config.conn_info.input_dbnum: the database each new connection selects (`-n`, a SELECT). */
  inputDb: number;
  /** `--raw`: replies as without a terminal. */
  raw: boolean;
  /** Whether it holds a connection (hiredis' context). */
  connected: boolean;
}

/** cliRefreshPrompt (formatAddr brackets an IPv6 address), or linenoise's `not connected> `. */
function prompt(s: RedisCliRepl): string {
  if (!s.connected) return 'not connected> ';
  const addr = s.host.includes(':') ? `[${s.host}]:${s.port}` : `${s.host}:${s.port}`;
  return `${addr}${s.db !== 0 ? `[${s.db}]` : ''}> `;
}

/** What the connection replays before a line's command: the AUTH it passed and the database it selected. */
function prelude(s: RedisCliRepl): string[][] {
  const out: string[][] = [];
  if (s.auth !== undefined) out.push(s.user !== undefined ? ['AUTH', s.user, s.auth] : ['AUTH', s.auth]);
  if (s.db !== 0) out.push(['SELECT', String(s.db)]);
  return out;
}

/**
 * cliConnect: the connection, then cliAuth and cliSelect, each printing its own failure. A failed
 * AUTH or SELECT still leaves the connection open (the prompt shows the address). Returns the
 * simulated time it took.
 */
function connect(s: RedisCliRepl, env: ToolEnv, net: Net): number {
  s.db = 0;
  const hello: string[][] = [];
  if (s.auth !== undefined) hello.push(s.user !== undefined ? ['AUTH', s.user, s.auth] : ['AUTH', s.auth]);
  if (s.inputDb !== 0) hello.push(['SELECT', String(s.inputDb)]);
  const x = exchange(env, net, s.host, s.port, hello);
  if (x.kind === 'connect') {
    env.io.err(x.text);
    s.connected = false;
    return x.ms;
  }
  s.connected = true;
  if (x.kind !== 'replies') return x.ms;
  let k = 0;
  if (s.auth !== undefined) {
    const r = x.replies[k++]!;
    if (r.t === 'error') {
      env.io.err(`AUTH failed: ${r.v}\n`);
      return x.ms;
    }
  }
  if (s.inputDb !== 0) {
    const r = x.replies[k]!;
    if (r.t === 'error') env.io.err(`SELECT ${s.inputDb} failed: ${r.v}\n`);
    else s.db = s.inputDb;
  }
  return x.ms;
}

/** main() with no command and a terminal: connect (a failure is no reason to stop), then the first prompt. */
export function startRepl(o: CliOptions, env: ToolEnv, net: Net): ToolResult {
  const s: RedisCliRepl = { program: 'redis-cli', prompt: '', host: o.host, port: o.port, ...(o.auth !== undefined ? { auth: o.auth } : {}), ...(o.user !== undefined ? { user: o.user } : {}), db: 0, inputDb: o.db, raw: o.raw === true, connected: false };
  const ms = connect(s, env, net);
  s.prompt = prompt(s);
  return { status: 0, ms, reads: s };
}

/** cliOutputGenericHelp. */
function genericHelp(version: string): string {
  return `redis-cli ${version}\nTo get help about Redis commands type:\n      "help @<group>" to get a list of commands in <group>\n      "help <command>" for help on <command>\n      "help <tab>" to get a list of possible help topics\n      "quit" to exit\n\nTo set redis-cli preferences:\n      ":set hints" enable online hints\n      ":set nohints" disable online hints\nSet your preferences in ~/.redisclirc\n`;
}

/** cliSetPreferences, typed at the prompt. */
function preferences(words: string[]): string {
  if (words[0]!.toLowerCase() === ':set' && words.length >= 2) {
    const p = words[1]!.toLowerCase();
    return p === 'hints' || p === 'nohints' ? '' : `unknown redis-cli preference '${words[1]}'\n`;
  }
  return `unknown redis-cli internal command '${words[0]}'\n`;
}

/** issueCommandRepeat and cliSendCommand: the command `repeat` times on the connection, connecting first if there is none. */
function issue(s: RedisCliRepl, words: string[], repeat: number, env: ToolEnv, net: Net): { ms: number; exit?: number } {
  let ms = 0;
  if (!s.connected) {
    ms += connect(s, env, net);
    if (!s.connected) return { ms };
  }
  const before = prelude(s);
  const x = exchange(env, net, s.host, s.port, [...before, ...Array.from({ length: repeat }, () => words)]);
  ms += x.ms;
  if (x.kind === 'connect' || (x.kind === 'protocol' && x.text === 'Error: Server closed the connection\n')) {
    // The server went away since the last line: hiredis reads end of file (interactive mode keeps going).
    env.io.err('Error: Server closed the connection\n');
    s.connected = false;
    return { ms };
  }
  if (x.kind === 'protocol') {
    // cliReadReply: any other read error ends redis-cli, interactive or not.
    env.io.err(x.text);
    return { ms, exit: 1 };
  }
  const name = words[0]!.toLowerCase();
  for (const r of x.replies.slice(before.length)) {
    // config.shutdown: the server closes the connection instead of answering, and that is no error.
    if (name === 'shutdown' && r.t !== 'error') {
      s.connected = false;
      s.db = 0;
      return { ms };
    }
    env.io.out(show(words, r, s.raw));
    if (r.t === 'error') continue;
    if (name === 'select' && words.length === 2) s.inputDb = s.db = Number.parseInt(words[1]!, 10) || 0;
    else if (name === 'auth' && (words.length === 2 || words.length === 3)) {
      // The connection is authenticated now; then cliSelect replays the database asked for.
      s.auth = words[words.length - 1]!;
      if (words.length === 3) s.user = words[1]!;
      else delete s.user;
    }
  }
  return { ms };
}

/** One thing typed at the prompt (repl()'s loop body): the next prompt, or redis-cli's exit. */
export function replLine(prev: RedisCliRepl, input: ReaderInput, env: ToolEnv, net: Net): ToolResult {
  // Ctrl+D on an empty line or Ctrl+C: linenoise gives up the line, and repl() exits. The
  // newline linenoiseRaw prints as it leaves raw mode is the terminal's, as after a typed line.
  if (input.k !== 'line') return { status: 0 };
  const s: RedisCliRepl = { ...prev };
  const next = (ms = 0): ToolResult => {
    s.prompt = prompt(s);
    return { status: 0, ms, reads: s };
  };
  const words = splitArgs(input.text);
  if (words === undefined) {
    env.io.out('Invalid argument(s)\n');
    return next();
  }
  if (words.length === 0) return next();
  // strtol over the whole first word, with more words after it: a repeat count.
  let repeat = 1;
  let args = words;
  if (words.length > 1 && /^\s*[+-]?\d+$/.test(words[0]!)) {
    repeat = Number.parseInt(words[0]!, 10);
    if (repeat <= 0 || !Number.isSafeInteger(repeat)) {
      env.io.out('Invalid redis-cli repeat command option value.\n');
      return next();
    }
    args = words.slice(1);
  }
  const name = words[0]!.toLowerCase();
  if (name === 'quit' || name === 'exit') return { status: 0 };
  if (words[0]!.startsWith(':')) {
    env.io.out(preferences(words));
    return next();
  }
  if (name === 'restart') {
    env.io.out("Use 'restart' only in Lua debugging mode.\n");
    return next();
  }
  if (name === 'connect' && words.length === 3) {
    s.host = words[1]!;
    s.port = Number.parseInt(words[2]!, 10) || 0;
    return next(connect(s, env, net));
  }
  if (name === 'clear' && words.length === 1) {
    // linenoiseClearScreen.
    env.io.out('\x1b[H\x1b[2J');
    return next();
  }
  const first = args[0]!.toLowerCase();
  if (first === 'help' || first === '?') {
    if (args.length === 1) env.io.out(genericHelp(env.version));
    else env.io.err(`redis-cli: help ${args.slice(1).join(' ')}: not simulated in this classroom\n`);
    return next();
  }
  const done = issue(s, args, repeat, env, net);
  return done.exit === undefined ? next(done.ms) : { status: done.exit, ms: done.ms };
}
