/**
 * kube-proxy's rules as pure data: built from Services and EndpointSlices exactly as the
 * iptables proxier does (only ready endpoints; a Service with none REJECTs), and the lookup a
 * packet from this node goes through. `sim curl` uses resolveServiceRequest to follow a request.
 */
import type { EndpointSlice, Service } from '../../k8s/types';
import type { ProxyRule } from './proxy-state';

const SERVICE_NAME_LABEL = 'kubernetes.io/service-name';

function ruleKey(ip: string, port: number, protocol: string): string {
  return `${ip}:${port}/${protocol}`;
}

/**
 * `node`: the kube-proxy's own node, whose ready endpoints are a Local-policy rule's local ones
 * (the EndpointSlice's nodeName); unset, no rule knows them.
 */
export function buildRules(services: Service[], slices: EndpointSlice[], node?: string): Record<string, ProxyRule> {
  const bySvc = new Map<string, EndpointSlice[]>();
  for (const s of slices) {
    const svc = s.metadata.labels?.[SERVICE_NAME_LABEL];
    if (!svc) continue;
    const key = `${s.metadata.namespace}/${svc}`;
    bySvc.set(key, [...(bySvc.get(key) ?? []), s]);
  }
  const rules: Record<string, ProxyRule> = {};
  const sorted = [...services].sort((a, b) => `${a.metadata.namespace}/${a.metadata.name}`.localeCompare(`${b.metadata.namespace}/${b.metadata.name}`));
  for (const svc of sorted) {
    const ip = svc.spec.clusterIP;
    if (!ip || ip === 'None' || svc.spec.type === 'ExternalName') continue;
    const key = `${svc.metadata.namespace}/${svc.metadata.name}`;
    for (const sp of svc.spec.ports ?? []) {
      const protocol = sp.protocol ?? 'TCP';
      const endpoints = new Set<string>();
      const local = new Set<string>();
      for (const slice of bySvc.get(key) ?? []) {
        for (const p of slice.ports ?? []) {
          if ((p.name ?? '') !== (sp.name ?? '') || (p.protocol ?? 'TCP') !== protocol || p.port === undefined) continue;
          for (const ep of slice.endpoints ?? []) {
            if (ep.conditions?.ready === false) continue;
            for (const addr of ep.addresses) {
              endpoints.add(`${addr}:${p.port}`);
              if (node !== undefined && ep.nodeName === node) local.add(`${addr}:${p.port}`);
            }
          }
        }
      }
      const rule: ProxyRule = { service: key, portName: sp.name ?? '', protocol, clusterIP: ip, port: sp.port, endpoints: [...endpoints].sort() };
      if (sp.nodePort) rule.nodePort = sp.nodePort;
      const lbIPs = svc.spec.type === 'LoadBalancer' ? (svc.status?.loadBalancer?.ingress ?? []).flatMap((i) => (i.ip ? [i.ip] : [])) : [];
      if (lbIPs.length) rule.loadBalancerIPs = lbIPs;
      if ((svc.spec.type === 'NodePort' || svc.spec.type === 'LoadBalancer') && svc.spec.externalTrafficPolicy === 'Local') {
        rule.externalLocal = true;
        rule.localEndpoints = [...local].sort();
      }
      rules[ruleKey(ip, sp.port, protocol)] = rule;
      if (sp.nodePort) rules[`nodeport:${sp.nodePort}/${protocol}`] = rule;
      for (const lb of lbIPs) rules[`lb:${ruleKey(lb, sp.port, protocol)}`] = rule;
    }
  }
  return rules;
}

export function ruleStats(rules: Record<string, ProxyRule>): { services: number; endpoints: number } {
  const unique = new Set(Object.values(rules));
  const services = new Set([...unique].map((r) => r.service));
  let endpoints = 0;
  for (const r of unique) endpoints += r.endpoints.length;
  return { services: services.size, endpoints };
}

/**
 * How the packet met the rule: its ClusterIP, a node port on one of the nodes' addresses, or a
 * load balancer's address (status.loadBalancer.ingress) the cloud forwarded to this node.
 */
export type RuleMatch = 'cluster-ip' | 'node-port' | 'load-balancer';

export type ServiceResolution =
  /** DNAT to one endpoint. */
  | { kind: 'endpoint'; rule: ProxyRule; endpoint: string; via: RuleMatch }
  /** The Service exists but has no ready endpoint: iptables REJECTs (connection refused). */
  | { kind: 'no-endpoints'; rule: ProxyRule }
  /** externalTrafficPolicy Local and no endpoint on this node: the packet from outside is dropped (the client times out). */
  | { kind: 'dropped'; rule: ProxyRule }
  /** Not a Service address: the packet is routed as is. */
  | { kind: 'not-a-service' };

/**
 * A request from this node to `ip:port`. `nodeIPs` are the cluster's node addresses (NodePort
 * traffic to any of them is caught too). `pick` chooses the endpoint (iptables' random
 * statistic match); callers draw it from the world's PRNG so the choice stays deterministic.
 */
export function resolveServiceRequest(
  rules: Record<string, ProxyRule>,
  target: { ip: string; port: number; protocol?: string },
  nodeIPs: string[],
  pick: number,
  fromOutside = false,
): ServiceResolution {
  const protocol = target.protocol ?? 'TCP';
  const key = ruleKey(target.ip, target.port, protocol);
  let via: RuleMatch = 'cluster-ip';
  let rule = rules[key];
  if (!rule && nodeIPs.includes(target.ip)) {
    rule = rules[`nodeport:${target.port}/${protocol}`];
    via = 'node-port';
  }
  if (!rule) {
    rule = rules[`lb:${key}`];
    via = 'load-balancer';
  }
  if (!rule) return { kind: 'not-a-service' };
  if (rule.endpoints.length === 0) return { kind: 'no-endpoints', rule };
  // Local policy binds only traffic from outside: a Pod's or the node's own still reaches every endpoint.
  const pool = fromOutside && via !== 'cluster-ip' && rule.externalLocal ? (rule.localEndpoints ?? []) : rule.endpoints;
  if (pool.length === 0) return { kind: 'dropped', rule };
  const i = ((Math.floor(pick) % pool.length) + pool.length) % pool.length;
  return { kind: 'endpoint', rule, endpoint: pool[i]!, via };
}

/** `name.namespace.svc.cluster.local` (or shorter forms, relative to `fromNamespace`) → ClusterIP. */
export function serviceIP(services: Service[], host: string, fromNamespace: string): string | undefined {
  const parts = host.replace(/\.$/, '').split('.');
  const name = parts[0];
  let ns = fromNamespace;
  if (parts.length >= 2 && parts[1] !== 'svc') ns = parts[1]!;
  const rest = parts.slice(2).join('.');
  if (parts.length > 2 && rest !== 'svc' && rest !== 'svc.cluster.local') return undefined;
  const svc = services.find((s) => s.metadata.name === name && s.metadata.namespace === ns);
  const ip = svc?.spec.clusterIP;
  return ip && ip !== 'None' ? ip : undefined;
}
