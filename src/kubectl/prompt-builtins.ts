/**
 * Commands of the prompt that need the Session itself rather than the shell's state: `test` and
 * `[` (they stat the workstation's files and read variables as numbers), `type` (it knows the
 * machine's programs), `xargs`, whose commands run through the Session as typed ones do, and
 * job control (`jobs`, `fg`, `bg`, `kill`, `wait`: prompt-jobs.ts), which waits in simulated time.
 */
import { WORKSTATION_COMMANDS, type Simulation } from '../engine/index';
import { waitForeground, type Laptop } from './laptop';
import { lineCommand } from './command-spec';
import type { RunOptions } from './session';
import type { SessionPort } from './prompt-host';
import { runTest, testHost } from './prompt-test';
import { runType } from './prompt-type';
import { runXargs } from './prompt-xargs';
import type { CommandResult } from './types';

interface BuiltinPort extends SessionPort {
  readonly laptop: Laptop;
  readonly sim: Simulation;
  simpleCommand(words: string[], assignments: [string, string][], line: string, stdin: string | undefined, opts: RunOptions, tty: boolean): CommandResult;
}

/** The programs xargs can exec: the workstation's, kubectl and sim (a shell builtin is not a program). */
function execable(cmd: string): boolean {
  return WORKSTATION_COMMANDS.includes(cmd) || (cmd !== 'k' && lineCommand(cmd) !== undefined) || cmd === 'test' || cmd === '[' || cmd === 'true' || cmd === 'false' || cmd === 'xargs';
}

export function lineBuiltin(s: BuiltinPort, cmd: string, args: string[], stdin: string | undefined, opts: RunOptions): CommandResult | undefined {
  switch (cmd) {
    case 'test':
    case '[': {
      const r = runTest(cmd, args, testHost(s));
      return r.status === 2 ? { output: [{ stream: 'stderr', text: `bash: ${cmd}: ${r.message}\n` }], exitCode: 2 } : { output: [], exitCode: r.status };
    }
    case 'type':
      return runType(s.shell, args);
    case 'xargs':
      return runXargs(args, stdin ?? '', {
        exists: execable,
        // The command's stdin is /dev/null, as GNU xargs gives it.
        // A program, never a function of the prompt's (xargs execs).
        run: (argv) => (argv[0] === 'true' || argv[0] === 'false' ? { output: [], exitCode: argv[0] === 'true' ? 0 : 1 } : s.simpleCommand(argv, [], argv.join(' '), '', { ...opts, call: undefined }, false)),
      });
    case 'jobs':
      return s.laptop.jobs.jobsBuiltin(args);
    case 'kill':
      return s.laptop.jobs.kill(args);
    case 'bg':
      return s.laptop.jobs.bg(args);
    case 'fg':
      return s.laptop.jobs.fg(args, (until) => waitForeground(s.sim, opts.interruptAt, until), () => s.sim.now);
    case 'wait':
      return s.laptop.jobs.wait(args, (until) => waitForeground(s.sim, opts.interruptAt, until), () => s.sim.now);
    default:
      return undefined;
  }
}
