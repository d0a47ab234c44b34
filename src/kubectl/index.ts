/**
 * kubectl: argv in, kubectl's exact output out. Talks to the cluster only through the
 * Simulation's apiserver client (sim.request / sim.rawRequest) and advances simulated time for
 * waiting commands. Nothing escapes as an exception: command failures are CmdErrors, and a bug
 * here becomes `error: internal error: ...` with exit code 1.
 */
import type { Simulation } from '../engine/index';
import type { CommandResult, FileSource } from './types';
import { Client } from './client';
import { CmdError } from './errors';
import { INTERRUPTED_EXIT_CODE, Interrupted } from './interrupt';
import { parseFlags, splitCommand } from './flags';
import { Output } from './output';
import type { Command, Env } from './env';
import { HELP, UNSUPPORTED } from './commands/help';
import { COMMANDS } from './commands/registry';

export interface KubectlContext {
  sim: Simulation;
  files: FileSource;
  /** Text piped to `-f -`. */
  stdin?: string;
}

function dispatch(env: Env, argv: string[]): number {
  const { words, rest } = splitCommand(argv);
  const word = words[0];
  if (word === undefined || word === 'help') {
    // Bare `kubectl` (global flags allowed) prints the overview; an unknown flag is an error.
    if (word === undefined) parseFlags(rest.filter((a) => a !== '--help' && a !== '-h'), [], 'kubectl');
    env.out.out(HELP);
    return 0;
  }
  const cmd: Command | undefined = Object.hasOwn(COMMANDS, word) ? COMMANDS[word]!.run : undefined;
  if (cmd) {
    if (rest.includes('--help') || rest.includes('-h')) {
      env.out.out(`${HELP}`);
      return 0;
    }
    return cmd(env, rest);
  }
  if (UNSUPPORTED.includes(word)) {
    throw new CmdError(`error: "kubectl ${word}" is not available in this simulator; supported commands: ${Object.keys(COMMANDS).sort().join(', ')}\n`);
  }
  throw new CmdError(`error: unknown command "${word}" for "kubectl"\nRun 'kubectl --help' for usage.\n`);
}

export function runKubectl(ctx: KubectlContext, argv: string[]): CommandResult {
  const out = new Output(() => ctx.sim.now);
  const env: Env = { sim: ctx.sim, files: ctx.files, stdin: ctx.stdin, out, client: new Client(ctx.sim, out) };
  try {
    return out.result(dispatch(env, argv));
  } catch (e) {
    if (e instanceof Interrupted) return out.result(INTERRUPTED_EXIT_CODE, true);
    if (e instanceof CmdError) {
      out.err(e.text);
      return out.result(e.exitCode);
    }
    out.err(`error: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
    return out.result(1);
  }
}
