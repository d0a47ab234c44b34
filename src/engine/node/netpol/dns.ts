/**
 * Whether a Pod's DNS query gets through the NetworkPolicy rules: its node's kube-proxy rule for
 * kube-dns (53/UDP) sends the query to one CoreDNS endpoint, and that Pod-to-Pod packet must pass
 * the sender's egress rules and CoreDNS's ingress rules. So a default-deny egress policy breaks
 * name resolution until a rule allows UDP 53 to the kube-dns Pods.
 */
import { CLUSTER_DNS } from '../../images/base-fs';
import type { World } from '../../world';
import { runtimeOf } from '../cri';
import { proxyOf } from '../kube-proxy';
import { checkConnection, type Endpoint } from './enforce';

/** The Pod holding `ip` on the pod network now, as a policy endpoint. */
export function endpointAt(w: World, ip: string): Endpoint {
  for (const m of w.machines) {
    const rt = runtimeOf(w, m);
    if (!rt) continue;
    for (const sb of rt.sandboxes.values()) {
      if (sb.state === 'SANDBOX_READY' && !sb.hostNetwork && sb.ip === ip) return { kind: 'pod', ip, node: m, pod: { namespace: sb.podNamespace, name: sb.podName } };
    }
  }
  return { kind: 'host', ip };
}

/** `endpoint`: the index among the node's kube-dns endpoints the resolver's socket is pinned to. */
export function cniDnsReachable(w: World, from: Endpoint & { node: string }, endpoint: number): boolean {
  const rule = proxyOf(w, from.node)?.rules[`${CLUSTER_DNS}:53/UDP`];
  const target = rule?.endpoints[endpoint];
  if (!target) return true;
  const ip = target.slice(0, target.lastIndexOf(':'));
  return checkConnection(w, from, endpointAt(w, ip), 53, 'UDP') === undefined;
}
