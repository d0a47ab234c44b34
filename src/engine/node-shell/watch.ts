/**
 * procps-ng's `watch` on a node: its command line is the laptop prompt's (k8s/procps-watch-options.ts: usage, getopt's
 * messages, -v), then ncurses needs a terminal type. sshd sets TERM only for a session with a
 * terminal, so `ssh NODE -- watch …` (`sim ssh NODE -- watch crictl ps`) and a `chroot /host`
 * exec without one stop there: `Error opening terminal: unknown.`, exit 1, as they do on a real
 * node. The login (`sim ssh NODE`) has a terminal, whose TERM ssh sends (the laptop's).
 *
 * Approximate: `-v` names procps-ng 4.0.2 (this machine's Debian build; Ubuntu 24.04 ships
 * 4.0.4); on a terminal (TERM set) the full-screen loop is not drawn here — the node's
 * shell output has no screen frames — so watch says so and points at the laptop prompt's watch,
 * which redraws `sim ssh NODE -- COMMAND` over simulated time.
 */
import type { Tool } from '../images/tool-types';
import { NO_TERMINAL, parseWatchArgs } from '../../k8s/procps-watch-options';

export function watchTool(node: string): Tool {
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
    env.io.err(`watch: its full screen is not simulated on a node's terminal in this classroom; at the laptop's prompt, watch 'sim ssh ${node} -- ${parsed.opts.command.join(' ')}' redraws it\n`);
    return { status: 1 };
  };
}
