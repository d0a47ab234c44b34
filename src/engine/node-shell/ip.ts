/**
 * `ip` on a node: Debian's iproute2 6.1 (the host's, also what `chroot /host` in a debugging Pod
 * runs) over the node's own network namespace as the CNI plugin wired it (node/netns.ts), and
 * `ip netns` over the Pods' namespaces the runtime pinned.
 */
import { ipCommand } from '../images/tools-ip';
import { nodeNetns, podNamespaces } from '../node/netns';
import type { World } from '../world';
import type { ShellIo } from './io';

export function nodeIp(w: World, node: string, args: string[], io: ShellIo): number {
  return ipCommand(args, nodeNetns(w, node), { dialect: 'iproute2', netAdmin: true, namespaces: () => podNamespaces(w, node) }, io);
}
