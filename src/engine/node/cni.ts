/**
 * The CNI plugin as the container runtime invokes it: ADD wires a sandbox into the pod network
 * and returns its IP (host-local IPAM: .1 is the gateway, addresses are handed out round-robin),
 * DEL releases it. Each call is a `cni` hop on the trace.
 */
import type { Behaviour } from '../behaviour';
import { agentId, type ComponentId } from '../core/ids';
import { markComponentChanged, trace } from '../runtime';
import type { World } from '../world';
import type { CniState } from './cni-state';
import { cniPluginType } from './cni-plugin';
import { policyAgentTimer, policyAgentWatch, policyAgentWatchClosed, startPolicyAgent, stopPolicyAgent } from './netpol/agent';
import { intToIpv4, ipv4ToInt } from '../../k8s/ipv4';

/**
 * A binary on disk plus its config file, whose IPAM state survives restarts; a policy-capable
 * plugin also runs its node agent (netpol/agent.ts), which does boot and watch.
 */
export const cniBehaviour: Behaviour<'cni'> = {
  start: startPolicyAgent,
  stop: (_w, self) => stopPolicyAgent(self),
  onWatch: policyAgentWatch,
  onWatchClosed: policyAgentWatchClosed,
  onTimer: (w, self, name) => policyAgentTimer(w, self, name),
};

export function cniOf(w: World, host: string): CniState | undefined {
  const c = w.components.get(agentId('cni', host));
  return c?.kind === 'cni' ? c : undefined;
}

export const CNI_NOT_INITIALIZED = 'cni plugin not initialized';

/**
 * libcni's error when the plugin binary cannot be run. A failed `cni/<node>` is a broken plugin
 * install: the config file stays, so containerd still reports NetworkReady and the Node stays
 * Ready, but every ADD fails until it is repaired. Sandboxes already wired keep their IPs.
 * The type is the binary the node's CNI config names (kindnet's ptp, calico, flannel).
 */
export function cniPluginMissing(type: string): string {
  return `failed to find plugin "${type}" in path [/opt/cni/bin]`;
}

function range(subnet: string): { first: number; last: number } {
  const [base, bits] = subnet.split('/');
  const size = 2 ** (32 - Number(bits ?? 24));
  const net = ipv4ToInt(base ?? '0.0.0.0') ?? 0;
  // .0 is the network, .1 the gateway on the node's bridge, the top address broadcast.
  return { first: net + 2, last: net + size - 2 };
}

/** Writes the plugin's config for the node's pod CIDR (what kindnet/flannel do on a real node). */
export function configureCni(w: World, cni: CniState, from: ComponentId, podCIDR: string): void {
  if (cni.subnet === podCIDR) return;
  cni.subnet = podCIDR;
  cni.lastReserved = undefined;
  markComponentChanged(w, cni.id);
  trace(w, { from, to: cni.id, kind: 'cni', detail: { op: 'config', plugin: cniPluginType(cni.plugin), subnet: podCIDR } });
}

export type CniResult = { ok: true; ip: string } | { ok: false; error: string };

export function cniAdd(w: World, cni: CniState, from: ComponentId, pod: { namespace: string; name: string }, sandboxId: string): CniResult {
  const add = (result: { ip: string } | { error: string }): void => {
    trace(w, { from, to: cni.id, kind: 'cni', detail: { op: 'ADD', pod: { namespace: pod.namespace, name: pod.name }, ...result }, object: { kind: 'Pod', namespace: pod.namespace, name: pod.name } });
  };
  if (!cni.running) {
    const error = cniPluginMissing(cniPluginType(cni.plugin));
    add({ error });
    return { ok: false, error };
  }
  if (!cni.subnet) {
    add({ error: CNI_NOT_INITIALIZED });
    return { ok: false, error: CNI_NOT_INITIALIZED };
  }
  const { first, last } = range(cni.subnet);
  const span = last - first + 1;
  const start = cni.lastReserved === undefined ? first : cni.lastReserved + 1;
  for (let i = 0; i < span; i++) {
    const n = first + ((start - first + i) % span);
    const ip = intToIpv4(n);
    if (cni.allocations.has(ip)) continue;
    cni.allocations.set(ip, sandboxId);
    cni.lastReserved = n;
    markComponentChanged(w, cni.id);
    add({ ip });
    return { ok: true, ip };
  }
  const error = `failed to allocate for range 0: no IP addresses available in range set: ${intToIpv4(first)}-${intToIpv4(last)}`;
  add({ error });
  return { ok: false, error };
}

export function cniDel(w: World, cni: CniState, from: ComponentId, pod: { namespace: string; name: string }, sandboxId: string): void {
  let released = '';
  for (const [ip, owner] of cni.allocations) {
    if (owner !== sandboxId) continue;
    cni.allocations.delete(ip);
    released = ip;
  }
  markComponentChanged(w, cni.id);
  trace(w, {
    from,
    to: cni.id,
    kind: 'cni',
    detail: { op: 'DEL', pod: { namespace: pod.namespace, name: pod.name }, ...(released ? { releasedIp: released } : {}) },
    object: { kind: 'Pod', namespace: pod.namespace, name: pod.name },
  });
}
