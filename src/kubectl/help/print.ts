/**
 * `kubectl <command> --help` (or `-h`), `kubectl help <command>` and `kubectl options`: kubectl
 * 1.35's own text for each command the simulator implements (kubectl-help.json, generated from
 * the real binary by scripts/gen-kubectl-help.mjs, with its few v1.36 overrides where the
 * simulator behaves as v1.36: `debug --profile`'s default), on stdout with exit 0. A parent command's
 * help lists only the subcommands that run here, as the root overview lists only the commands.
 * Fallback: until the help chunk has arrived (load.ts), every one of these prints the root
 * overview (commands/help.ts HELP) and starts the load.
 */
import type { Env } from '../env';
import { CmdError } from '../errors';
import { parseFlags } from '../flags';
import { HELP, ROOT_USAGE, UNSUPPORTED, notAvailable } from '../commands/help';
import { COMMANDS } from '../commands/registry';
import { runAlpha } from '../commands/alpha';
import { kubectlHelp, loadKubectlHelp, type KubectlHelp } from './load';
import { helpTopic } from './topics';

/** `--help` or `-h` among a command's own arguments (those after `--` are the exec'd command's). */
export function asksForHelp(argv: readonly string[]): boolean {
  const own = argv.includes('--') ? argv.slice(0, argv.indexOf('--')) : argv;
  return own.includes('--help') || own.includes('-h');
}

function loaded(env: Env): KubectlHelp | undefined {
  const help = kubectlHelp();
  if (!help) {
    void loadKubectlHelp();
    env.out.out(HELP);
  }
  return help;
}

function printTopic(env: Env, path: string): number {
  const help = loaded(env);
  if (!help) return 0;
  const topic = Object.hasOwn(help.aliases, path) ? help.aliases[path]! : path;
  env.out.out(Object.hasOwn(help.topics, topic) ? help.topics[topic]! : HELP);
  return 0;
}

/** A kubectl line (argv as typed) that asks for its command's help. */
export function printCommandHelp(env: Env, argv: readonly string[]): number {
  return printTopic(env, helpTopic(argv));
}

/** Go's %#q: backquoted when strconv.CanBackquote allows it, else double-quoted. */
function goQuote(s: string): string {
  // eslint-disable-next-line no-control-regex -- the control characters a raw string cannot hold
  return /[\x00-\x08\x0a-\x1f\x7f`\uFEFF]/.test(s) ? JSON.stringify(s) : `\`${s}\``;
}

/** `kubectl help [command path]`: cobra's help command, which reads only the global flags. */
export function runHelp(env: Env, argv: string[]): number {
  if (asksForHelp(argv)) return printTopic(env, 'help');
  const args = parseFlags(argv, [], 'kubectl help').args;
  const first = args[0];
  if (first === undefined) {
    env.out.out(HELP);
    return 0;
  }
  if (Object.hasOwn(COMMANDS, first)) return printCommandHelp(env, args);
  if (first === 'help') return printTopic(env, 'help');
  if (first === 'alpha') return runAlpha(env, []);
  // `options`' help template is empty: kubectl prints nothing.
  if (first === 'options') return 0;
  if (UNSUPPORTED.includes(first)) throw notAvailable(first);
  env.out.err(`Unknown help topic [${args.map(goQuote).join(' ')}]\n\n${ROOT_USAGE}`);
  return 0;
}

/** `kubectl options`: the global flags; its `--help` prints nothing, and a flag error says so. */
export function runOptions(env: Env, argv: string[]): number {
  if (asksForHelp(argv)) return 0;
  try {
    parseFlags(argv, [], 'kubectl options');
  } catch (e) {
    if (!(e instanceof CmdError)) throw e;
    throw new CmdError(e.text.replace(/See '.*' for usage\.\n$/, "Run 'kubectl options' without flags.\n"));
  }
  const help = loaded(env);
  if (help) env.out.out(help.options);
  return 0;
}
