/**
 * procps-ng 4.0.2's `pkill` (Debian's procps, as the images with procps have it): signals the
 * processes whose name (the 15-character comm; the whole command line with -f) matches an
 * extended regex, leaving itself out, as pgrep selects them (tools-pgrep.ts). `-SIGNAL` or
 * `--signal SIGNAL` (a number or a name, with or without SIG; default TERM), -f, -x, -i, -n, -o,
 * -e (`NAME killed (pid N)`). Exit 0 when something matched, 1 when nothing did.
 *
 * What a signal does is the container's (ToolEnv.signal): an application process ends with
 * 128 + the signal (the JVM's SIGTERM: 143); a shell that is PID 1 ignores it (the kernel drops
 * signals PID 1 has no handler for). Approximate: other options (-u, -P, -g, -s, -t, --ns …) are
 * refused as unknown, and no process refuses a signal for want of permission.
 */
import { translate } from './posix-regex';
import type { Proc } from './proc-model';
import type { ToolEnv, ToolResult } from './tool-types';

/** The signal numbers of Linux x86-64 that kill(1) and pkill name. */
const SIGNALS: Readonly<Record<string, number>> = { HUP: 1, INT: 2, QUIT: 3, ILL: 4, TRAP: 5, ABRT: 6, BUS: 7, FPE: 8, KILL: 9, USR1: 10, SEGV: 11, USR2: 12, PIPE: 13, ALRM: 14, TERM: 15, STKFLT: 16, CHLD: 17, CONT: 18, STOP: 19, TSTP: 20, TTIN: 21, TTOU: 22 };

/** A signal as kill(1) and pkill take it: a number up to 64, or a name with or without SIG. */
export function signalOf(text: string): number | undefined {
  if (/^\d+$/.test(text)) return Number(text) <= 64 ? Number(text) : undefined;
  const name = text.toUpperCase().replace(/^SIG/, '');
  return SIGNALS[name];
}

const USAGE = "\nUsage:\n pkill [options] <pattern>\n";

export function pkill(args: string[], env: ToolEnv): ToolResult {
  let sig = 15;
  let full = false;
  let exact = false;
  let ignoreCase = false;
  let newest = false;
  let oldest = false;
  let echo = false;
  const operands: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--signal') {
      const s = signalOf(args[++i] ?? '');
      if (s === undefined) {
        env.io.err(`pkill: Unknown signal "${args[i] ?? ''}".\n`);
        return { status: 2 };
      }
      sig = s;
      continue;
    }
    if (!a.startsWith('-') || a === '-') {
      operands.push(a);
      continue;
    }
    if (i === 0 && signalOf(a.slice(1)) !== undefined && !/^-[fxinoe]+$/.test(a)) {
      sig = signalOf(a.slice(1))!;
      continue;
    }
    for (const f of a.slice(1)) {
      if (f === 'f') full = true;
      else if (f === 'x') exact = true;
      else if (f === 'i') ignoreCase = true;
      else if (f === 'n') newest = true;
      else if (f === 'o') oldest = true;
      else if (f === 'e') echo = true;
      else {
        env.io.err(`pkill: invalid option -- '${f}'\n${USAGE}`);
        return { status: 2 };
      }
    }
  }
  if (operands.length === 0) {
    env.io.err("pkill: no matching criteria specified\nTry `pkill --help' for more information.\n");
    return { status: 2 };
  }
  if (operands.length > 1) {
    env.io.err("pkill: only one pattern can be provided\nTry `pkill --help' for more information.\n");
    return { status: 2 };
  }
  const t = translate(operands[0]!, true);
  if (!t.ok) {
    env.io.err(`pkill: cannot compile regular expression '${operands[0]!}': ${t.error}\n`);
    return { status: 2 };
  }
  const re = new RegExp(exact ? `^(?:${t.source})$` : t.source, ignoreCase ? 'i' : '');
  // pkill leaves itself out: the last process the caller's table lists is the command running.
  const procs = env.processes.slice(0, -1).sort((a, b) => a.pid - b.pid);
  let hits = procs.filter((p: Proc) => re.test(full ? p.args || p.comm : p.comm));
  if (newest && hits.length) hits = [hits.reduce((a, b) => (b.startedAt >= a.startedAt ? b : a))];
  else if (oldest && hits.length) hits = [hits.reduce((a, b) => (b.startedAt < a.startedAt ? b : a))];
  for (const p of hits) {
    env.signal?.(p.pid, sig);
    if (echo) env.io.out(`${p.comm} killed (pid ${p.pid})\n`);
  }
  return { status: hits.length ? 0 : 1 };
}
