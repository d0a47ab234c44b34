/**
 * The simulated cloud's load balancers as the network meets them (controllers/cloud/provider.ts
 * makes them): a packet to a load balancer's address on one of its Service's ports is forwarded,
 * destination and source unchanged (a pass-through balancer, as GCE's network LB is), to one
 * healthy backend node, whose kube-proxy rules for that address take it from there.
 *
 * Backends: the Nodes without node.kubernetes.io/exclude-from-external-load-balancers (kubeadm
 * puts it on control-plane machines) that are Ready and reachable. With externalTrafficPolicy
 * Local the balancer's health check asks each node's healthCheckNodePort, which answers 200 only
 * where the node's kube-proxy has a local endpoint, so only those nodes get traffic.
 * Approximate: health checks are read at the moment of the packet (a real balancer notices a
 * change after its check interval, seconds); the backend is drawn from the world PRNG.
 */
import type { Node, Service } from '../../k8s/types';
import { EXCLUDE_FROM_LB_LABEL } from '../../k8s/cloud';
import { nextInt } from '../core/rng';
import type { World } from '../world';
import { machineCutOff } from './cut-off';
import { proxyOf } from './kube-proxy';

/** The load balancer holding `ip` that is provisioned now: the Service it fronts. */
function balancerAt(w: World, ip: string): Service | undefined {
  const lb = Object.values(w.cloud?.loadBalancers ?? {}).find((l) => l.ip === ip && l.readyAt <= w.now);
  if (!lb) return undefined;
  const [ns = '', name = ''] = lb.service.split('/');
  const svc = w.etcd.kv.get('services')?.get(`services/${ns}/${name}`) as Service | undefined;
  return svc?.spec.type === 'LoadBalancer' ? svc : undefined;
}

function ready(n: Node): boolean {
  return (n.status?.conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True');
}

export type LbForward =
  /** No provisioned balancer holds the address. */
  | { kind: 'no-balancer' }
  /** A balancer holds it, but not for this port, or no backend passes its health check: nothing answers. */
  | { kind: 'no-backend' }
  /** The node the balancer hands the packet to. */
  | { kind: 'node'; node: string };

/** Where the cloud sends a TCP packet to `ip:port`. */
export function forwardFromBalancer(w: World, ip: string, port: number): LbForward {
  const svc = balancerAt(w, ip);
  if (!svc) return { kind: 'no-balancer' };
  if (!(svc.spec.ports ?? []).some((p) => p.port === port && (p.protocol ?? 'TCP') === 'TCP')) return { kind: 'no-backend' };
  const local = svc.spec.externalTrafficPolicy === 'Local';
  const backends: string[] = [];
  for (const obj of w.etcd.kv.get('nodes')?.values() ?? []) {
    const n = obj as Node;
    const name = n.metadata.name ?? '';
    if (Object.hasOwn(n.metadata.labels ?? {}, EXCLUDE_FROM_LB_LABEL) || !ready(n) || !w.machineSpecs.has(name) || machineCutOff(w, name)) continue;
    if (local) {
      // The healthCheckNodePort's answer: this node's kube-proxy rule for the address has a local endpoint.
      const rule = proxyOf(w, name)?.rules[`lb:${ip}:${port}/TCP`];
      if (!rule?.localEndpoints?.length) continue;
    }
    backends.push(name);
  }
  backends.sort();
  if (backends.length === 0) return { kind: 'no-backend' };
  return { kind: 'node', node: backends[nextInt(w.rng, 0, backends.length - 1)]! };
}
