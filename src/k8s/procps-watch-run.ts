/**
 * procps-ng 4.0.2's `watch`, at the laptop's prompt (kubectl/session.ts) and at a node's login
 * (engine/node-shell/watch.ts), each giving it a WatchHost: it runs the command every interval of
 * *simulated* time and redraws the screen, like `kubectl get -w` streams over simulated time
 * (output chunks stamped `at`, revealed by the page's playhead). Each run's screen travels as an
 * OutputChunk's `screen` frame; the page's terminal draws it on the alternate screen while the
 * command waits and leaves it when the command ends or Ctrl+C cuts it (the Simulation's horizon,
 * kubectl/interrupt.ts, or the node's line's SIGINT — watch's SIGINT handler exits 0, recorded).
 *
 * The loop is watch.c's: draw the header (the clock when the run starts), run the command
 * (`sh -c "words joined by spaces"`, or exec'd with -x), lay its output under the header, then
 * sleep the interval (with -p, until the next multiple of it from the start). -g ends once the
 * output's cells changed, -q N once they stayed the same N runs, -e on a non-zero status.
 *
 * Like every stream here it is bounded: real watch runs until Ctrl+C, this one stops after
 * WATCH_BOUND_MS of simulated time and leaves the screen, exit 0. The worker simulates the whole
 * bound before the page sees the first frame (as for `kubectl get -w`), and every run is a kubectl
 * process, so the bound is shorter than wait-util.ts's MAX_WAIT_MS: 5 minutes cost about a second.
 */
import { fixed1, NO_TERMINAL, parseWatchArgs } from './procps-watch-options';
import { compose, ERREXIT_MESSAGE, headerRow, outputRows, withBottomMessage, type ScreenFrame } from './procps-watch-screen';

/** What watch wrote: its messages, or its screens (`text` empty), each at its simulated moment. */
export interface WatchChunk {
  stream: 'stdout' | 'stderr';
  text: string;
  at?: number;
  screen?: ScreenFrame;
}

export interface WatchRun {
  output: WatchChunk[];
  exitCode: number;
}

/** The terminal watch draws on: the page's xterm size. */
export interface TerminalSize {
  columns: number;
  rows: number;
}

export interface WatchHost {
  /** undefined: there is no terminal (the headless runner, a lesson's check). */
  terminal: TerminalSize | undefined;
  now(): number;
  /**
   * Waits until simulated time `until`, or less when a Ctrl+C replay's horizon comes first;
   * returns the time reached.
   */
  sleepUntil(until: number): number;
  /** The replayed Ctrl+C's moment, if any: nothing watch does after it happened. */
  interruptAt: number | undefined;
  /** Runs the command: `sh -c TEXT` (exec false) or argv exec'd (exec true); stdout and stderr share watch's pipe. */
  run(argv: string[], exec: boolean): { text: string; status: number };
  /** The header's right part: `HOST: ` and ctime() of `ms` (its trailing newline included). */
  stamp(ms: number): string;
}

/** How long one `watch` runs here before it stops by itself (see the header). */
export const WATCH_BOUND_MS = 5 * 60_000;

export { NO_TERMINAL };

/** watch.c's exit status after -e's "press a key" (recorded: 8). */
export const ERREXIT_STATUS = 8;

export function runWatch(args: string[], host: WatchHost): WatchRun {
  const parsed = parseWatchArgs(args);
  if (!parsed.ok) {
    const output: WatchChunk[] = [];
    if (parsed.stdout) output.push({ stream: 'stdout', text: parsed.stdout });
    if (parsed.stderr) output.push({ stream: 'stderr', text: parsed.stderr });
    return { output, exitCode: parsed.exitCode };
  }
  const o = parsed.opts;
  const term = host.terminal;
  if (!term) return { output: [{ stream: 'stderr', text: NO_TERMINAL }], exitCode: 1 };
  const width = Math.max(1, term.columns);
  const height = Math.max(1, term.rows);
  const layout = { width, height, top: o.title ? Math.min(2, height) : 0 };
  const command = o.command.join(' ');
  const left = `Every ${fixed1(o.interval)}s: `;
  const intervalMs = Math.round(o.interval * 1000);
  const start = host.now();
  const end = start + WATCH_BOUND_MS;
  const output: WatchChunk[] = [];
  const frame = (screen: ScreenFrame, at: number): void => {
    output.push({ stream: 'stdout', text: '', at, screen });
  };
  const marked = new Set<number>();
  let previous: string[] | undefined;
  let same = 0;
  let nextRun = start;
  for (;;) {
    const began = host.now();
    const header = o.title ? headerRow({ left, command, right: host.stamp(began) }, width) : undefined;
    const ran = host.run(o.exec ? o.command : [command], o.exec);
    const at = host.now();
    // A Ctrl+C while the command ran: watch died before drawing this run.
    if (host.interruptAt !== undefined && at > host.interruptAt) return { output, exitCode: 0 };
    const rows = outputRows(ran.text, width, height - layout.top, o.wrap);
    const { frame: screen, changed } = compose(layout, header, rows, previous, o.differences, marked);
    const first = previous === undefined;
    previous = rows;
    if (o.errexit && ran.status !== 0) {
      // watch.c writes the message over the bottom row, then blocks in getchar(). The page's
      // terminal hands a waiting command only Ctrl+C, so that is the key here: the message stays
      // up until it (or the stream's bound), and the status is then watch's 0 for SIGINT.
      frame(withBottomMessage(screen, height, width, ERREXIT_MESSAGE), at);
      const reached = host.sleepUntil(Math.max(at, end));
      return { output, exitCode: reached < end ? 0 : ERREXIT_STATUS };
    }
    frame(screen, at);
    if (o.chgexit && changed) return { output, exitCode: 0 };
    if (o.equexit !== undefined && !first) {
      same = changed ? 0 : same + 1;
      if (same >= o.equexit) return { output, exitCode: 0 };
    }
    nextRun = o.precise ? nextRun + intervalMs : host.now() + intervalMs;
    const wanted = Math.min(Math.max(nextRun, host.now()), end);
    if (host.sleepUntil(wanted) < wanted) return { output, exitCode: 0 };
    if (wanted >= end) return { output, exitCode: 0 };
  }
}
