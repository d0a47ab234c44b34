/**
 * serviceStrategy.PrepareForUpdate's dropTypeDependentFields (pkg/registry/core/service/strategy.go):
 * when an update moves a Service to a type that no longer uses a field the apiserver may have
 * filled in itself (node ports, the health-check node port, allocateLoadBalancerNodePorts,
 * loadBalancerClass, externalTrafficPolicy, cluster IPs for ExternalName), and the request left
 * that field as it was, the field is wiped — so `kubectl patch svc x -p '{"spec":{"type":"ClusterIP"}}'`
 * works on a LoadBalancer. A field the request changed is kept, and validation judges it.
 */
import type { Service, ServiceSpec } from '../../../k8s/types';

type Spec = ServiceSpec & {
  healthCheckNodePort?: number;
  allocateLoadBalancerNodePorts?: boolean;
  loadBalancerClass?: string;
  externalIPs?: string[];
};

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const needsClusterIP = (s: Spec): boolean => s.type !== 'ExternalName';
const needsNodePort = (s: Spec): boolean => s.type === 'NodePort' || s.type === 'LoadBalancer';
const needsHCNodePort = (s: Spec): boolean => s.type === 'LoadBalancer' && s.externalTrafficPolicy === 'Local';
/** serviceutil.ExternallyAccessible. */
const externallyAccessible = (s: Spec): boolean => needsNodePort(s) || (s.type === 'ClusterIP' && (s.externalIPs?.length ?? 0) > 0);

export function dropTypeDependentFields(next: Service, old: Service): void {
  const n = (next.spec ?? {}) as Spec;
  const o = (old.spec ?? {}) as Spec;
  if (needsClusterIP(o) && !needsClusterIP(n)) {
    if (same(o.clusterIP, n.clusterIP) && same(o.clusterIPs, n.clusterIPs)) {
      delete n.clusterIP;
      delete n.clusterIPs;
    }
    if (same(o.ipFamilies, n.ipFamilies)) delete n.ipFamilies;
    if (same(o.ipFamilyPolicy, n.ipFamilyPolicy)) delete n.ipFamilyPolicy;
  }
  const nodePorts = (s: Spec): (number | undefined)[] => (s.ports ?? []).map((p) => p.nodePort);
  if (needsNodePort(o) && !needsNodePort(n) && same(nodePorts(o), nodePorts(n))) {
    for (const p of n.ports ?? []) delete p.nodePort;
  }
  if (needsHCNodePort(o) && !needsHCNodePort(n) && same(o.healthCheckNodePort, n.healthCheckNodePort)) delete n.healthCheckNodePort;
  if (o.type === 'LoadBalancer' && n.type !== 'LoadBalancer') {
    if (n.allocateLoadBalancerNodePorts !== undefined && o.allocateLoadBalancerNodePorts !== undefined && n.allocateLoadBalancerNodePorts === o.allocateLoadBalancerNodePorts) delete n.allocateLoadBalancerNodePorts;
    if (same(o.loadBalancerClass, n.loadBalancerClass)) delete n.loadBalancerClass;
  }
  if (externallyAccessible(o) && !externallyAccessible(n) && same(o.externalTrafficPolicy, n.externalTrafficPolicy)) delete n.externalTrafficPolicy;
  // The load balancer's status goes with the type (its deprovisioning is the cloud's business).
  if (n.type !== 'LoadBalancer' && next.status?.loadBalancer) next.status = { ...next.status, loadBalancer: {} };
}
