/**
 * BusyBox's `time [-p] PROG ARGS` applet (miscutils/time.c), what `time` runs in a BusyBox or
 * Alpine shell (ash has no `time` keyword; bash's keyword is shell-time in the interpreter). It
 * runs PROG as execvp does (commands.ts execFromTool) and, once it ended, writes to stderr
 * `Command exited with non-zero status N` when N is not 0, then `real\t%E\nuser\t%u\nsys\t%T`
 * (`0m 1.23s`) or with -p `real %e\nuser %U\nsys %S` (`1.23`): hundredths, truncated. A missing
 * PROG is reported by the forked child (`time: can't execute 'x': No such file or directory`,
 * status 127) and timed all the same. Recorded from BusyBox 1.35 on this machine.
 *
 * Approximate: the classroom keeps no CPU accounts, so user and sys are 0; -v, -f and -o are not
 * simulated.
 */
import { libcGetopt, type ExecRequest, type ToolEnv, type ToolResult } from './tool-types';
import { getopt, getopt32, messageOf } from '../../k8s/getopt';

const USAGE = 'BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: time [-vpa] [-o FILE] PROG ARGS\n\nRun PROG, display resource usage when it exits\n\n\t-v\tVerbose\n\t-p\tPOSIX output format\n\t-f FMT\tCustom format\n\t-o FILE\tWrite result to FILE\n\t-a\tAppend (else overwrite)\n';

/** `%e`: seconds with hundredths. */
function plain(ms: number): string {
  const cs = Math.floor(ms / 10);
  return `${Math.floor(cs / 100)}.${String(cs % 100).padStart(2, '0')}`;
}

/** `%E`, `%u`, `%T`: `Mm S.SSs`, hours first past an hour (`1h 2m 03s`). */
function long(ms: number): string {
  const cs = Math.floor(ms / 10);
  const s = Math.floor(cs / 100);
  if (s >= 3600) return `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 60)}m ${s % 60}.${String(cs % 100).padStart(2, '0')}s`;
}

/** The applet's report for a run that ended with `status` after `ms`. */
export function busyboxTimeReport(posix: boolean, status: number, ms: number): string {
  const exited = status === 0 ? '' : `Command exited with non-zero status ${status}\n`;
  return posix ? `${exited}real ${plain(ms)}\nuser 0.00\nsys 0.00\n` : `${exited}real\t${long(ms)}\nuser\t0m 0.00s\nsys\t0m 0.00s\n`;
}

export function time(args: string[], env: ToolEnv): ToolResult {
  let posix = false;
  // getopt32 "^+vpao:f:": options stop at PROG.
  const walked = getopt(args, getopt32('+vpao:f:'), ({ key }): ToolResult | undefined => {
    if (key === 'p') posix = true;
    else {
      env.io.err(`time: option '-${key}' is not supported by this simulator\n`);
      return { status: 1 };
    }
    return undefined;
  });
  if (walked.k === 'error') {
    env.io.err(`time: ${messageOf(libcGetopt(env), walked.error)}\n${USAGE}`);
    return { status: 1 };
  }
  if (walked.k === 'stopped') return walked.value;
  const argv = walked.operands;
  if (argv.length === 0) {
    env.io.err(USAGE);
    return { status: 1 };
  }
  const exec: ExecRequest = {
    argv,
    env: env.vars,
    missing: `time: can't execute '${argv[0]!}': No such file or directory\n${busyboxTimeReport(posix, 127, 0)}`,
    report: (status, ms) => busyboxTimeReport(posix, status, ms),
  };
  return { status: 0, exec };
}
