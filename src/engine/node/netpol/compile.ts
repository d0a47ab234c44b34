/**
 * From the agent's caches to the rules it programs on its node: for each local Pod that a
 * NetworkPolicy selects, the policies isolating it per direction and what their rules allow,
 * with every selector resolved to the Pod IPs it matches now (level-based: the whole table is
 * recomputed from the caches, never patched from one event).
 */
import type { Namespace, NetworkPolicy, NetworkPolicyPeer, NetworkPolicyPort, Pod } from '../../../k8s/types';
import { fromLabelSelector, matches } from '../../../k8s/labels';
import type { CompiledPeer, CompiledPort, CompiledRule, NodePolicyRules, PodPolicy } from './rules-types';

interface Caches {
  pods: readonly Pod[];
  namespaces: readonly Namespace[];
  policies: readonly NetworkPolicy[];
}

const keyOf = (o: { metadata: { namespace?: string; name?: string } }): string => `${o.metadata.namespace ?? ''}/${o.metadata.name ?? ''}`;

/** Pods that hold a pod-network IP now (host-network Pods share the node's address). */
function addressed(pods: readonly Pod[]): Pod[] {
  return pods.filter((p) => p.status?.podIP && !p.spec?.hostNetwork && p.status.phase !== 'Succeeded' && p.status.phase !== 'Failed');
}

function selects(np: NetworkPolicy, pod: Pod): boolean {
  return pod.metadata.namespace === np.metadata.namespace && matches(fromLabelSelector(np.spec?.podSelector), pod.metadata.labels);
}

function types(np: NetworkPolicy): { ingress: boolean; egress: boolean } {
  const t = np.spec?.policyTypes ?? [];
  return { ingress: t.includes('Ingress'), egress: t.includes('Egress') };
}

function peer(p: NetworkPolicyPeer, np: NetworkPolicy, c: Caches, pods: readonly Pod[]): CompiledPeer {
  if (p.ipBlock) return { kind: 'cidr', cidr: p.ipBlock.cidr, except: [...(p.ipBlock.except ?? [])] };
  // namespaceSelector alone: every Pod of the matching namespaces; podSelector alone: the policy's namespace.
  const nsSel = p.namespaceSelector ? fromLabelSelector(p.namespaceSelector) : undefined;
  const namespaces = nsSel ? new Set(c.namespaces.filter((n) => matches(nsSel, n.metadata.labels)).map((n) => n.metadata.name ?? '')) : new Set([np.metadata.namespace ?? '']);
  const podSel = p.podSelector ? fromLabelSelector(p.podSelector) : [];
  const ips = pods.filter((pod) => namespaces.has(pod.metadata.namespace ?? '') && matches(podSel, pod.metadata.labels)).map((pod) => pod.status!.podIP!);
  return { kind: 'pods', ips: [...new Set(ips)].sort() };
}

/** The container port named `name` (and `protocol`) on `pod`, if it declares one. */
function namedPort(pod: Pod, name: string, protocol: string): number | undefined {
  for (const ct of pod.spec?.containers ?? []) for (const cp of ct.ports ?? []) if (cp.name === name && (cp.protocol ?? 'TCP') === protocol) return cp.containerPort;
  return undefined;
}

/**
 * Ports of an ingress rule resolve names against the selected Pod itself; an egress rule's named
 * port means that name on whichever Pod is dialled, so it becomes every `ip:port` that names it.
 */
function port(p: NetworkPolicyPort, target: Pod | undefined, pods: readonly Pod[]): CompiledPort | undefined {
  const protocol = p.protocol ?? 'TCP';
  if (p.port === undefined) return { kind: 'any', protocol };
  if (typeof p.port === 'number') return { kind: 'number', protocol, port: p.port, ...(p.endPort !== undefined ? { endPort: p.endPort } : {}) };
  const name = p.port;
  if (target) {
    const n = namedPort(target, name, protocol);
    return n === undefined ? undefined : { kind: 'number', protocol, port: n };
  }
  const endpoints = pods.flatMap((pod) => {
    const n = namedPort(pod, name, protocol);
    return n === undefined ? [] : [`${pod.status!.podIP!}:${n}`];
  });
  return { kind: 'named', protocol, name, endpoints: endpoints.sort() };
}

function rule(np: NetworkPolicy, rulePorts: NetworkPolicyPort[] | undefined, rulePeers: NetworkPolicyPeer[] | undefined, c: Caches, pods: readonly Pod[], target: Pod | undefined): CompiledRule {
  const out: CompiledRule = { policy: keyOf(np) };
  if (rulePeers && rulePeers.length > 0) out.peers = rulePeers.map((p) => peer(p, np, c, pods));
  if (rulePorts && rulePorts.length > 0) out.ports = rulePorts.flatMap((p) => port(p, target, pods) ?? []);
  return out;
}

export function compileNodeRules(node: string, c: Caches, syncs: number): NodePolicyRules {
  const pods = addressed(c.pods);
  const policies = [...c.policies].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
  const out: Record<string, PodPolicy> = {};
  for (const pod of pods) {
    if (pod.spec?.nodeName !== node) continue;
    const selecting = policies.filter((np) => selects(np, pod));
    if (selecting.length === 0) continue;
    const ing = selecting.filter((np) => types(np).ingress);
    const eg = selecting.filter((np) => types(np).egress);
    if (ing.length === 0 && eg.length === 0) continue;
    out[pod.status!.podIP!] = {
      pod: { namespace: pod.metadata.namespace ?? '', name: pod.metadata.name ?? '' },
      ingressPolicies: ing.map(keyOf),
      egressPolicies: eg.map(keyOf),
      ingress: ing.flatMap((np) => (np.spec?.ingress ?? []).map((r) => rule(np, r.ports, r.from, c, pods, pod))),
      egress: eg.flatMap((np) => (np.spec?.egress ?? []).map((r) => rule(np, r.ports, r.to, c, pods, undefined))),
    };
  }
  return { pods: out, policies: c.policies.length, syncs };
}
