/**
 * Ctrl+C on a terminal while a command runs: the terminal sends SIGINT to its foreground process
 * group, at `at`. Shared by a line typed at an interactive shell (tty-shell.ts) and by `kubectl
 * exec -t POD -- CMD` (process.ts execInContainer), whose CMD (and the shells it runs) is that
 * group.
 *
 * Two cases, recorded under a pty (bash 5.2.15, dash 0.5.12, BusyBox 1.35 `sh -c`, a child
 * that catches SIGINT, prints and exits 0 — as ping does; see sigint.test.ts):
 * - the running program dies of it (`sleep`, `tail -f`): without an INT trap every shell dies
 *   too (`sh -c 'sleep 5; echo after'` prints nothing more; the status is 130); with one, the
 *   shell runs it and goes on (`caught`, `after`);
 * - the program catches it and ends by itself (ping prints its statistics, exit 0): bash
 *   (which waits for its child and only dies of SIGINT when the child did) goes on, running its
 *   trap if there is one; dash and BusyBox ash die of it without a trap, run it with one.
 * An interactive shell (the typed line) survives: bash's job control gives the job a group of its
 * own, so bash runs no trap but goes on when the trap is set; dash and ash run the trap and go
 * on, or abandon the rest of the line (`$?` 130). After a program that caught it, all three go
 * on with its status and run no trap (recorded: `ping …; echo after $?` prints `after 0`, and
 * `$?` is 0 at the next prompt). An ignored INT
 * (`trap '' INT`) is ignored by the job too, which runs on. A command with no shell around it
 * (`kubectl exec -t POD -- sleep 100`) ends with the program.
 *
 * A line that waits for the World (machine.ts WorldPace) has it only up to the Ctrl+C: that moment
 * is the replay's horizon, which the cluster's time cannot pass while the command runs. What the
 * line does after it (its INT trap, what bash goes on with) runs to its end on the World of that
 * moment, as a whole line ran before lines waited for the World (approximate).
 */
import { advance, NESTED_BUDGET, popFrame, runTrap, type Machine, type RunContext } from './machine';
import type { ExecChunk } from './types';

export interface InterruptOptions {
  /** The run is a line typed at an interactive shell (not a `-c` script). */
  interactive: boolean;
  /** Drops what was written after `at`: the killed program never wrote it. */
  drop: () => void;
}

/** What SIGINT at `at` does to the run `sub` (stopped at or past `at`), as the module header says. */
export function interruptRun(sub: Machine, inner: RunContext, at: number, o: InterruptOptions): void {
  // From here the line runs on the World of the Ctrl+C's moment, what it waits for included.
  delete inner.pace;
  const action = sub.traps?.INT;
  const handled = inner.sigint?.handled === true;
  if (action === '' && !handled) {
    advance(sub, inner, Infinity, NESTED_BUDGET);
    return;
  }
  const shell = sub.dialect;
  if (!handled) {
    o.drop();
    sub.clock = at;
    sub.status = 130;
  }
  sub.idle = 0;
  sub.state = 'running';
  const bash = shell === 'bash';
  if (handled && o.interactive) {
    // The job caught it and exited by itself: the shell goes on with its status, no trap run.
    advance(sub, inner, Infinity, NESTED_BUDGET);
    return;
  }
  // bash, and a program run without a shell, go on after a program that caught it.
  const goesOn = action !== undefined || (handled && (bash || shell === null));
  if (!goesOn) {
    while (sub.stack.length) popFrame(sub);
    sub.state = 'done';
    sub.exitCode = 130;
    sub.status = 130;
    return;
  }
  // An interactive bash runs no trap: the job's group was not its own.
  if (action !== undefined && action !== '' && !(bash && o.interactive)) runTrap(sub, 'INT', sub.status, false);
  advance(sub, inner, Infinity, NESTED_BUDGET);
}

/** Drops what was written after `at` (the entries of `buf`, `chunks` and `times` correspond). */
export function dropAfter(buf: string[], chunks: ExecChunk[], times: number[], at: number): void {
  for (let i = times.length - 1; i >= 0; i--) {
    if (times[i]! <= at) continue;
    buf.splice(i, 1);
    chunks.splice(i, 1);
    times.splice(i, 1);
  }
}
