/**
 * The node's own programs as the interpreter runs them (RunContext.programs): crictl, kubeadm,
 * journalctl, systemctl, iptables-save, nft, iproute2's ip and ss, lsb_release, conntrack (this folder's tools,
 * over the node's state and disk), Ubuntu's openssl (the laptop's, images/tools-openssl.ts),
 * procps' watch (watch.ts) and sudo. Their files are in node-image.ts.
 *
 * sudo: root runs anything (Ubuntu's /etc/sudoers: `root ALL=(ALL:ALL) ALL`) and sudo then says
 * nothing of its own; a program it cannot find is `sudo: NAME: command not found`, status 1
 * (sudo's sudo_edit/exec path, plugins/sudoers/sudoers.c `command not found`). Approximate: its
 * options other than `-E` (root's environment is kept either way) are not modelled.
 */
import type { World } from '../world';
import type { Tool } from '../images/tool-types';
import { openssl } from '../images/tools-openssl';
import type { NodeDisk, ShellIo } from './io';
import { crictl } from './crictl';
import { kubeadm } from './kubeadm';
import { journalctl } from './journalctl';
import { systemctl } from './systemctl';
import { lsbRelease } from './lsb-release';
import { nodeIp } from './ip';
import { iptablesSave, nftListRuleset } from './netfilter';
import { ssTool } from './ss';
import { conntrack } from './conntrack';
import { watchTool, type NodeTerminal } from './watch';

type NodeTool = (w: World, node: string, args: string[], io: ShellIo, disk: NodeDisk) => number;

const iptablesSaveTool: NodeTool = (w, node, args, io) => {
  const t = args[0] === '-t' ? args[1] : args[0]?.startsWith('--table=') ? args[0].slice('--table='.length) : undefined;
  if (t !== undefined && !['mangle', 'filter', 'nat', 'raw', 'security'].includes(t)) {
    io.err(`iptables-save: Unable to open table ${t}\n`);
    return 1;
  }
  io.out(iptablesSave(w, node, t));
  return 0;
};

const nft: NodeTool = (w, node, args, io) => {
  if (args.join(' ') !== 'list ruleset') {
    io.err('Error: syntax error, only `nft list ruleset` is supported here\n');
    return 1;
  }
  io.out(nftListRuleset(w, node));
  return 0;
};

const NODE_TOOLS: Readonly<Record<string, NodeTool>> = {
  crictl,
  kubeadm,
  ip: nodeIp,
  journalctl,
  'iptables-save': iptablesSaveTool,
  nft,
  systemctl,
  lsb_release: lsbRelease,
  conntrack,
};

const sudo: Tool = (args, env) => {
  let i = 0;
  while (args[i] === '-E') i++;
  if (args[i] === '--') i++;
  const argv = args.slice(i);
  const first = argv[0];
  if (first === undefined || first.startsWith('-')) {
    env.io.err(`sudo: ${first === undefined ? 'a command is needed here' : `option ${first}`}: not simulated in this classroom (sudo COMMAND runs COMMAND as root)\n`);
    return { status: 1 };
  }
  return { status: 0, exec: { argv, env: env.vars, missing: `sudo: ${first}: command not found\n`, missingStatus: 1 } };
};

/** The node's programs for one request, bound to the World and the node (`terminal`: the login's, for watch). */
export function nodePrograms(w: World, node: string, terminal?: NodeTerminal): Record<string, Tool> {
  const out: Record<string, Tool> = { openssl, sudo, ss: ssTool(w, node), watch: watchTool(node, terminal) };
  for (const [name, tool] of Object.entries(NODE_TOOLS)) {
    out[name] = (args, env) => ({ status: tool(w, node, args, { out: env.io.out, err: env.io.err }, { layer: env.fs, base: env.base }) });
  }
  return out;
}
