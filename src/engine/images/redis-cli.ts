/**
 * redis-cli as the redis image ships it (src/redis-cli.c at 7.4.1): options up to the first word
 * that is not one (`-h`, `-p`, `-a`/`--pass`, `--user`, `-u redis://…`, `-n`, `--raw`,
 * `--no-raw`, `-e`, `-x`, `--no-auth-warning`, `-v`), then one command sent on one connection —
 * AUTH and SELECT first when `-a`/`-n` ask for them — or, with no command, one command per line
 * of its stdin (`echo 'set a 1' | redis-cli`). Replies are printed as on a terminal when stdout
 * is one (`kubectl exec -it`) and raw otherwise (redis-reply.ts); INFO always verbatim. The server is reached
 * through the container's network (container-net.ts): its own apps on localhost, names through
 * the Pod's resolver, Services through kube-proxy, NetworkPolicy on the way.
 *
 * With no command and a terminal on stdin and stdout, its prompt (`127.0.0.1:6379> `) reads
 * the lines typed (redis-cli-repl.ts).
 *
 * Approximate: `--help`, `-r`, `-i`, `--csv`, `--json`, cluster mode and `--rdb` are not
 * modelled (an unknown option's error says so).
 */
import type { NetTool } from './net-tools';
import { exchange, show, type CliOptions } from './redis-cli-conn';
import { startRepl } from './redis-cli-repl';
import { splitArgs } from './redis-config';
import { stdinIsTty, stdoutIsTty, type ToolEnv, type ToolResult } from './tool-types';

const NOT_MODELLED = new Set(['-r', '-i', '-t', '-s', '-d', '-D', '--csv', '--json', '--quoted-json', '--rdb', '--pipe', '--bigkeys', '--memkeys', '--hotkeys', '--scan', '--stat', '--latency', '--cluster', '-c', '--eval', '--ldb', '-3', '-2', '--tls', '--help', '--sni', '--cacert', '--askpass', '--quoted-input', '-X', '--verbose', '--show-pushes', '-4', '-6']);

/** parseRedisUri: `redis://[user[:pass]@]host[:port][/db]`. */
function parseUri(uri: string, o: CliOptions): boolean {
  const m = /^rediss?:\/\/(?:([^:@]*)(?::([^@]*))?@)?([^:/]*)(?::(\d+))?(?:\/(\d+))?$/.exec(uri);
  if (!m) return false;
  if (m[2] !== undefined) {
    if (m[1]) o.user = decodeURIComponent(m[1]);
    o.auth = decodeURIComponent(m[2]);
  } else if (m[1]) o.auth = decodeURIComponent(m[1]);
  if (m[3]) o.host = m[3];
  if (m[4]) o.port = Number(m[4]);
  if (m[5]) o.db = Number(m[5]);
  return true;
}

type Parsed = { kind: 'run'; o: CliOptions; words: string[] } | { kind: 'exit'; status: number };

function parseOptions(args: string[], env: ToolEnv): Parsed {
  const o: CliOptions = { host: '127.0.0.1', port: 6379, db: 0, errcode: false, stdinLast: false, noAuthWarning: false };
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!;
    const last = i === args.length - 1;
    if (a === '-h' && !last) o.host = args[++i]!;
    else if (a === '-p' && !last) o.port = Number.parseInt(args[++i]!, 10) || 0;
    else if (a === '-n' && !last) o.db = Number.parseInt(args[++i]!, 10) || 0;
    else if ((a === '-a' || a === '--pass') && !last) o.auth = args[++i]!;
    else if (a === '--user' && !last) o.user = args[++i]!;
    else if (a === '-u' && !last) parseUri(args[++i]!, o);
    else if (a === '--raw') o.raw = true;
    else if (a === '--no-raw') o.raw = false;
    else if (a === '-e') o.errcode = true;
    else if (a === '-x') o.stdinLast = true;
    else if (a === '--no-auth-warning') o.noAuthWarning = true;
    else if (a === '-v' || a === '--version') {
      env.io.out(`redis-cli ${env.version}\n`);
      return { kind: 'exit', status: 0 };
    } else if (a.startsWith('-') && !NOT_MODELLED.has(a)) {
      env.io.err(`Unrecognized option or bad number of args for: '${a}'\n`);
      return { kind: 'exit', status: 1 };
    } else if (a.startsWith('-')) {
      env.io.err(`redis-cli: ${a}: not simulated in this classroom\n`);
      return { kind: 'exit', status: 1 };
    } else break;
  }
  if (!o.noAuthWarning && o.auth !== undefined) env.io.err("Warning: Using a password with '-a' or '-u' option on the command line interface may not be safe.\n");
  // parseEnv, after the warning: a password from the environment draws none.
  const fromEnv = env.vars.REDISCLI_AUTH;
  if (o.auth === undefined && fromEnv !== undefined) o.auth = fromEnv;
  return { kind: 'run', o, words: args.slice(i) };
}

export const redisCli: NetTool = (args, env, net): ToolResult => {
  const parsed = parseOptions(args, env);
  if (parsed.kind === 'exit') return { status: parsed.status };
  const { o } = parsed;
  // main(): raw unless isatty(STDOUT_FILENO) — stdout alone decides (`redis-cli get a < /dev/null` on a terminal still quotes).
  const raw = o.raw ?? !stdoutIsTty(env.io);
  // repl(): no command and a terminal to read lines from — the prompt (redis-cli-repl.ts).
  if (parsed.words.length === 0 && stdinIsTty(env.io) && stdoutIsTty(env.io)) return startRepl(o, env, net);
  let commands: string[][];
  if (parsed.words.length > 0) {
    const words = [...parsed.words];
    if (o.stdinLast) words.push(env.io.stdin);
    commands = [words];
  } else {
    // Not a terminal: the REPL reads its stdin line by line and prints no prompt.
    commands = [];
    for (const line of env.io.stdin.split('\n')) {
      const words = splitArgs(line);
      if (words === undefined) {
        env.io.out('Invalid argument(s)\n');
        continue;
      }
      if (words.length > 0) commands.push(words);
    }
    if (commands.length === 0) return { status: 0, ms: 1 };
  }
  const prelude: string[][] = [];
  if (o.auth !== undefined) prelude.push(o.user !== undefined ? ['AUTH', o.user, o.auth] : ['AUTH', o.auth]);
  if (o.db !== 0) prelude.push(['SELECT', String(o.db)]);
  const wire = exchange(env, net, o.host, o.port, [...prelude, ...commands]);
  if (wire.kind !== 'replies') {
    env.io.err(wire.text);
    return { status: 1, ms: wire.ms };
  }
  const replies = wire.replies;
  let k = 0;
  if (o.auth !== undefined) {
    const r = replies[k++]!;
    if (r.t === 'error') env.io.err(`AUTH failed: ${r.v}\n`);
  }
  if (o.db !== 0) {
    const r = replies[k++]!;
    // cliConnect gives up on a failed SELECT, and the command goes out on the same connection.
    if (r.t === 'error') env.io.err(`SELECT ${o.db} failed: ${r.v}\n`);
  }
  for (let c = 0; c < commands.length; c++) {
    const r = replies[k + c];
    // The server closed the connection at a SHUTDOWN (approximate: what comes after it is not sent again).
    if (!r) break;
    if (o.errcode && r.t === 'error' && parsed.words.length > 0) {
      env.io.err(`${r.v}\n`);
      return { status: 1, ms: 1 };
    }
    // config.shutdown: no reply comes back, and redis-cli prints none.
    if (commands[c]![0]!.toLowerCase() === 'shutdown' && r.t !== 'error') continue;
    env.io.out(show(commands[c]!, r, raw));
  }
  return { status: 0, ms: 1 + commands.length };
};
