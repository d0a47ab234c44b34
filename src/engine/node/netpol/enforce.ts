/**
 * One connection through the policy rules the nodes' CNI agents last programmed: the sender's
 * node filters egress, the receiver's node filters ingress (after kube-proxy's DNAT, so against
 * the endpoint Pod and its port). Traffic from a node to a Pod on that same node always passes
 * (the NetworkPolicy API's rule, which keeps kubelet probes working). A drop is a `cni` hop; the
 * sender learns nothing — the packet just never gets an answer.
 */
import type { ComponentId } from '../../core/ids';
import type { NamespacedName } from '../../core/trace';
import { trace } from '../../runtime';
import type { World } from '../../world';
import { cniOf } from '../cni';
import { verdict } from './verdict';

export type Endpoint =
  /** A Pod on the pod network. */
  | { kind: 'pod'; ip: string; node: string; pod: NamespacedName }
  /** A node itself (`sim curl --from`), or anything else that is no Pod. */
  | { kind: 'host'; ip: string; node?: string };

export interface Dropped {
  node: string;
  plugin: string;
  direction: 'ingress' | 'egress';
  pod: NamespacedName;
  policies: string[];
}

export function checkConnection(w: World, src: Endpoint, dst: Endpoint, port: number, protocol: 'TCP' | 'UDP' | 'ICMP'): Dropped | undefined {
  if (src.kind === 'pod') {
    const cni = cniOf(w, src.node);
    const v = verdict(cni?.policy.pods[src.ip], 'egress', { peerIp: dst.ip, port, protocol, endpoint: `${dst.ip}:${port}` });
    if (!v.allowed && cni) return drop(w, cni.id, { node: src.node, plugin: cni.plugin, direction: 'egress', pod: src.pod, policies: v.policies }, dst.ip, port, protocol);
  }
  if (dst.kind === 'pod') {
    if (src.kind === 'host' && src.node === dst.node) return undefined;
    const cni = cniOf(w, dst.node);
    const v = verdict(cni?.policy.pods[dst.ip], 'ingress', { peerIp: src.ip, port, protocol });
    if (!v.allowed && cni) return drop(w, cni.id, { node: dst.node, plugin: cni.plugin, direction: 'ingress', pod: dst.pod, policies: v.policies }, src.ip, port, protocol);
  }
  return undefined;
}

function drop(w: World, cni: ComponentId, d: Dropped, peer: string, port: number, protocol: string): Dropped {
  // A dropped ping is not traced: the drop record (and its narration) names a port, ICMP has none.
  if (protocol === 'ICMP') return d;
  trace(w, {
    from: cni,
    to: cni,
    kind: 'cni',
    detail: { op: 'drop', plugin: d.plugin, direction: d.direction, pod: d.pod, peer, port, protocol, policies: d.policies },
    object: { kind: 'Pod', ...d.pod },
  });
  return d;
}
