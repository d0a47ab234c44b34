/**
 * `sim ssh <node> -- <command>`: runs a command on a node as `ssh root@<node> <command>` would,
 * in the node's login shell, against the node's own state (engine/node-shell): crictl,
 * journalctl -u kubelet, iptables-save / nft list ruleset, the CNI config and static Pod
 * manifests. Without `--` the rest of the line is the command all the same. A powered-off or
 * cut-off machine answers as ssh does (exit 255).
 *
 * Without a command, at the terminal, it is `ssh root@<node>`: the terminal is attached to the
 * node's bash (attach.ts) until `exit`. Approximate: the login banner (motd, "Last login") is not
 * printed, and a machine lost while logged in ends the session at the next line with ssh's
 * connect error, where a real session hangs until TCP gives up.
 */
import type { Session } from '../session';
import { attachmentOfNode, type Tty } from '../attach';
import { fail } from '../result';
import type { CommandResult } from '../types';

export const SSH_USAGE = 'error: usage: sim ssh <node> [-- <command>]';

export function simSsh(session: Session, argv: string[], tty?: Tty): CommandResult {
  const [node, ...rest] = argv;
  const words = rest[0] === '--' ? rest.slice(1) : rest;
  if (node === undefined || node.startsWith('-')) return fail(`${SSH_USAGE}\nSee 'sim help' for usage.`);
  if (words.length === 0) {
    // A script or a pipe has no terminal to lend the node's shell: ssh would read its commands from stdin.
    if (!tty) return fail(`${SSH_USAGE}\nAn interactive login needs the terminal; in a script, give the command after --.\nSee 'sim help' for usage.`);
    // Connecting first meets what a command would (an unknown host, a machine that is off) before any prompt.
    const probe = session.sim.nodeShell(node, 'true');
    if (probe.exitCode !== 0) return { output: probe.output, exitCode: probe.exitCode };
    tty.attach(attachmentOfNode(node, (script) => {
      const res = session.sim.nodeShell(node, script);
      const unreachable = res.exitCode === 255 && res.output.some((c) => c.stream === 'stderr' && c.text.startsWith('ssh: '));
      if (unreachable) return { ok: false, text: res.output.map((c) => c.text).join(''), exitCode: 255 };
      return { ok: true, exitCode: res.exitCode, output: res.output.map((c) => c.text).join(''), streams: res.output };
    }));
    return { output: [], exitCode: 0 };
  }
  // ssh joins its arguments with spaces and the remote shell parses the result.
  const res = session.sim.nodeShell(node, words.join(' '));
  return { output: res.output, exitCode: res.exitCode };
}
