/**
 * `sim ssh <node> -- <command>`: runs a command on a node as `ssh root@<node> <command>` would:
 * sshd joins the words with spaces and root's bash runs them with `-c`, on the node's own state
 * (engine/node-shell: crictl, journalctl -u kubelet, iptables-save / nft list ruleset, the CNI
 * config and static Pod manifests, the shell's loops, functions and `sleep`). Without `--` the
 * rest of the line is the command all the same. A powered-off or cut-off machine answers as ssh
 * does (exit 255). What the command writes comes out when it wrote it while the cluster's time
 * passes (timed-output.ts); one that never ends holds the terminal until Ctrl+C (without a
 * terminal it is ssh that dies of it, printing nothing) or the runner's bound on a wait.
 *
 * Without a command, at the terminal, it is `ssh root@<node>`: the terminal is attached to the
 * node's login bash (attach.ts), which keeps its state between lines until `exit`. Approximate:
 * the login banner (motd, "Last login") is not printed, and a machine lost while logged in ends
 * the session at the next line with ssh's connect error, where a real session hangs until TCP
 * gives up.
 */
import type { Session } from '../session';
import { attachmentOfNode, type Tty } from '../attach';
import { fail } from '../result';
import type { CommandResult } from '../types';
import { Output } from '../output';
import { TimedOutput } from '../timed-output';
import { INTERRUPTED_EXIT_CODE } from '../interrupt';
import { MAX_WAIT_MS } from '../wait-util';

export const SSH_USAGE = 'error: usage: sim ssh <node> [-- <command>]';

/** ssh's own failure (the machine did not answer): exit 255 and its message alone. */
function unreachable(res: { exitCode: number; output: { stream: string; text: string }[] }): boolean {
  return res.exitCode === 255 && res.output.some((c) => c.stream === 'stderr' && c.text.startsWith('ssh: '));
}

export function simSsh(session: Session, argv: string[], tty?: Tty): CommandResult {
  const [node, ...rest] = argv;
  const words = rest[0] === '--' ? rest.slice(1) : rest;
  if (node === undefined || node.startsWith('-')) return fail(`${SSH_USAGE}\nSee 'sim help' for usage.`);
  const sim = session.sim;
  if (words.length === 0) {
    // A script or a pipe has no terminal to lend the node's shell: ssh would read its commands from stdin.
    if (!tty) return fail(`${SSH_USAGE}\nAn interactive login needs the terminal; in a script, give the command after --.\nSee 'sim help' for usage.`);
    // Connecting opens the login shell, or meets what a command would (an unknown host, a machine that is off) before any prompt.
    // ssh asks for a terminal of the laptop's TERM (the pty-req), which the login's environment
    // gets; an empty or unset one sets none (sshd's session_pty_req).
    const term = session.shell.environment().TERM;
    const opened = sim.nodeLogin(node, '', undefined, { ...(tty.columns !== undefined ? { columns: tty.columns } : {}), ...(term ? { term } : {}) });
    if (unreachable(opened) || !opened.shell) return { output: opened.output.map((c) => ({ stream: c.stream, text: c.text })), exitCode: opened.exitCode };
    const exec = (script: string, ttyShell?: number, interruptAt?: number): ReturnType<Parameters<typeof attachmentOfNode>[1]> => {
      const start = sim.now;
      const res = sim.nodeLogin(node, script, ttyShell, { ...(interruptAt !== undefined ? { interruptAt } : {}), ...(tty.columns !== undefined ? { columns: tty.columns } : {}), ...(tty.rows !== undefined ? { rows: tty.rows } : {}), limitMs: MAX_WAIT_MS });
      if (unreachable(res)) return { ok: false, text: res.output.map((c) => c.text).join(''), exitCode: 255 };
      // A line that has not ended holds the terminal to the runner's bound (attach.ts nodeWait leaves it to this).
      if (res.running) sim.advance(Math.max(0, start + MAX_WAIT_MS - sim.now));
      // The cluster's time passed with the line: what is left of it is the caller's to wait.
      const left = res.running || res.durationMs === undefined ? 0 : Math.max(0, start + res.durationMs - sim.now);
      // The terminal merges stderr into what it shows.
      const streams = res.output.map((c) => ({ ...c, stream: 'stdout' as const }));
      return { ok: true, exitCode: res.exitCode, output: res.output.map((c) => c.text).join(''), streams, ...(left ? { durationMs: left } : {}), ...(sim.now > start ? { startedAt: start } : {}), ...(res.shell ? { shell: res.shell } : {}), ...(res.running ? { running: true as const } : {}) };
    };
    tty.attach(attachmentOfNode(node, exec, opened.shell));
    return { output: [], exitCode: 0 };
  }
  // ssh joins its arguments with spaces and the remote shell parses the result. The cluster's
  // time passes with the line (to its end, a Ctrl+C's horizon or the runner's bound).
  const start = sim.now;
  const res = sim.nodeShell(node, words.join(' '), { limitMs: MAX_WAIT_MS });
  const out = new Output(() => sim.now);
  const written = new TimedOutput(out, () => sim.now, res.output);
  const wait = res.running ? MAX_WAIT_MS : (res.durationMs ?? 0);
  if (wait > 0) {
    const until = start + wait;
    if (until > sim.now) sim.advance(until - sim.now);
    written.upToNow();
    // A Ctrl+C stops the wait: ssh without a terminal dies of it (SIGINT), what came before stays.
    if (sim.horizon !== undefined && sim.now < until) return out.result(INTERRUPTED_EXIT_CODE, true);
  }
  // The runner's bound on a command that never ends: the prompt comes back without a word.
  if (res.running) return out.result(0, true);
  written.rest();
  return out.result(res.exitCode, wait > 0);
}
