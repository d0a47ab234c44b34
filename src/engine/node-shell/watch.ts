/**
 * procps-ng's `watch` on a node: its command line is the laptop prompt's (k8s/procps-watch-options.ts: usage, getopt's
 * messages, -v), then ncurses needs a terminal type. sshd sets TERM only for a session with a
 * terminal, so `ssh NODE -- watch …` (`sim ssh NODE -- watch crictl ps`) and a `chroot /host`
 * exec without one stop there: `Error opening terminal: unknown.`, exit 1, as they do on a real
 * node. The login (`sim ssh NODE`) has a terminal, whose TERM ssh sends (the laptop's).
 *
 * There, with its stdout the terminal, it is the laptop prompt's loop (k8s/procps-watch-run.ts)
 * on the node: the command run by the node's `sh -c` (or exec'd with -x) in watch's directory and
 * environment, each screen drawn on the terminal (Io.screen) as the laptop's watch draws it, the
 * header's clock the node's `date`, and the interval the cluster's time (the login's line waits
 * for the World: node-machine.ts). A Ctrl+C ends it: watch's SIGINT handler exits 0 (recorded),
 * and the line goes on as after any program that caught it (images/sigint.ts). Like the
 * laptop's it stops by itself after WATCH_BOUND_MS.
 *
 * Approximate: `-v` names procps-ng 4.0.2 (this machine's Debian build; Ubuntu 24.04 ships
 * 4.0.4); the command runs to its end at the moment it starts (its own `sleep` passes before the
 * screen is drawn, the cluster read as it was when it began); on another terminal (a debugging
 * Pod's `chroot /host`, `sim ssh NODE -- 'TERM=xterm watch …'`) the full screen is not drawn:
 * watch says so and points at the laptop prompt's watch.
 */
import type { Tool } from '../images/tool-types';
import { stdoutIsTty } from '../images/tool-types';
import { NO_TERMINAL, parseWatchArgs } from '../../k8s/procps-watch-options';
import { runWatch, type WatchHost } from '../../k8s/procps-watch-run';

/** What a node's login terminal lends watch (node-machine.ts). */
export interface NodeTerminal {
  columns: number;
  rows: number;
  /** Runs the cluster until `t`, or as far as it may go; returns the time reached. */
  sleepUntil(t: number): number;
  /**
   * Runs `argv` on the node as watch does — `sh -c TEXT`, or with `exec` the program itself
   * (undefined: execvp found none) — stdout and stderr into one pipe: what it wrote, its status,
   * and how long it ran.
   */
  run(argv: string[], exec: boolean, env: Record<string, string>, cwd: string, at: number): { text: string; status: number; ms: number } | undefined;
}

/** ctime()'s layout, as watch's header prints the time (`Sun Dec  6 07:30:44 2026`). */
const CTIME = '+%a %b %e %H:%M:%S %Y';

export function watchTool(node: string, terminal?: NodeTerminal): Tool {
  return (args, env) => {
    const parsed = parseWatchArgs(args);
    if (!parsed.ok) {
      if (parsed.stdout) env.io.out(parsed.stdout);
      if (parsed.stderr) env.io.err(parsed.stderr);
      return { status: parsed.exitCode };
    }
    if (!env.vars.TERM) {
      env.io.err(NO_TERMINAL);
      return { status: 1 };
    }
    const draw = env.io.screen;
    if (!terminal || !draw || !stdoutIsTty(env.io)) {
      env.io.err(`watch: its full screen is not simulated on this terminal in this classroom; at the laptop's prompt, watch 'sim ssh ${node} -- ${parsed.opts.command.join(' ')}' redraws it\n`);
      return { status: 1 };
    }
    const start = env.clock;
    let now = start;
    const cut = env.sigintAt;
    const host: WatchHost = {
      terminal: { columns: terminal.columns, rows: terminal.rows },
      interruptAt: cut,
      now: () => now,
      sleepUntil: (until) => {
        // Nothing watch does lies past a Ctrl+C: it dies there.
        now = Math.max(now, terminal.sleepUntil(cut === undefined ? until : Math.min(until, cut)));
        return now;
      },
      run: (argv, exec) => {
        const r = terminal.run(argv, exec, env.vars, env.cwd, now);
        if (!r) return { text: `watch: unable to execute '${argv[0] ?? ''}': No such file or directory\n`, status: 1 };
        // watch waits for the command: the cluster's time passes while it runs.
        if (r.ms > 0) now = Math.max(now, terminal.sleepUntil(now + r.ms));
        return { text: r.text, status: r.status };
      },
      stamp: (ms) => `${env.hostname}: ${terminal.run(['date', CTIME], true, env.vars, env.cwd, ms)?.text ?? '\n'}`,
    };
    const ran = runWatch(args, host);
    for (const c of ran.output) {
      env.io.at?.((c.at ?? now) - start);
      if (c.screen) draw(c.screen);
      else if (c.stream === 'stderr') env.io.err(c.text);
      else env.io.out(c.text);
    }
    env.io.at?.(now - start);
    // A Ctrl+C reached it while it ran: its handler exits 0 there.
    if (cut !== undefined && now >= cut) return { status: ran.exitCode, ms: now - start, caughtSigint: true };
    return { status: ran.exitCode, ms: now - start };
  };
}
