/**
 * `sim ssh <node> -- <command>`: runs a command on a node as `ssh root@<node> <command>` would,
 * in the node's login shell, against the node's own state (engine/node-shell): crictl,
 * journalctl -u kubelet, iptables-save / nft list ruleset, the CNI config and static Pod
 * manifests. Without `--` the rest of the line is the command all the same. A powered-off or
 * cut-off machine answers as ssh does (exit 255).
 */
import type { Session } from '../session';
import { fail } from '../result';
import type { CommandResult } from '../types';

export const SSH_USAGE = 'error: usage: sim ssh <node> -- <command>';

export function simSsh(session: Session, argv: string[]): CommandResult {
  const [node, ...rest] = argv;
  const words = rest[0] === '--' ? rest.slice(1) : rest;
  if (node === undefined || node.startsWith('-') || words.length === 0) return fail(`${SSH_USAGE}\nSee 'sim help' for usage.`);
  // ssh joins its arguments with spaces and the remote shell parses the result.
  const res = session.sim.nodeShell(node, words.join(' '));
  return { output: res.output, exitCode: res.exitCode };
}
