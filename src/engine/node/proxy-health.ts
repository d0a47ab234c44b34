/**
 * kube-proxy's service health check servers (pkg/proxy/healthcheck/service_health.go): one per
 * externalTrafficPolicy Local LoadBalancer Service, on its healthCheckNodePort on every node,
 * answering any path with the node's count of local ready endpoints for it — 200 when there is
 * one (and kube-proxy is healthy), 503 when there is none — and a JSON body (dedented, trimmed of
 * newlines, so no final newline). The cloud's balancer checks it (node/cloud-lb.ts); a learner can
 * `curl <node-ip>:<port>/healthz`.
 * Approximate: the Services are the stored set and the endpoints this node's kube-proxy last
 * programmed (its rules); the server stops with kube-proxy.
 */
import type { Service } from '../../k8s/types';
import type { ComponentId } from '../core/ids';
import type { World } from '../world';
import type { KubeProxyState } from './proxy-state';

export interface HealthCheck {
  proxy: ComponentId;
  namespace: string;
  name: string;
  /** Local ready endpoints (distinct addresses) in this node's rules. */
  count: number;
}

/** The health check server kube-proxy on `node` runs on `port`, if any. */
export function healthCheckAt(w: World, node: string, port: number): HealthCheck | undefined {
  const c = w.components.get(`kube-proxy/${node}` as ComponentId);
  if (c?.kind !== 'kube-proxy' || !c.running) return undefined;
  const proxy = c as KubeProxyState;
  for (const obj of w.etcd.kv.get('services')?.values() ?? []) {
    const svc = obj as Service;
    const spec = svc.spec as Service['spec'] & { healthCheckNodePort?: number };
    if (spec.type !== 'LoadBalancer' || spec.externalTrafficPolicy !== 'Local' || spec.healthCheckNodePort !== port) continue;
    const key = `${svc.metadata.namespace}/${svc.metadata.name}`;
    const local = new Set<string>();
    for (const r of Object.values(proxy.rules)) if (r.service === key) for (const ep of r.localEndpoints ?? []) local.add(ep.slice(0, ep.lastIndexOf(':')));
    return { proxy: proxy.id, namespace: svc.metadata.namespace ?? 'default', name: svc.metadata.name ?? '', count: local.size };
  }
  return undefined;
}

/** hcHandler.ServeHTTP's answer. */
export function healthCheckReply(h: HealthCheck): { status: number; body: string; contentType: string } {
  const body = `{\n\t"service": {\n\t\t"namespace": ${JSON.stringify(h.namespace)},\n\t\t"name": ${JSON.stringify(h.name)}\n\t},\n\t"localEndpoints": ${h.count},\n\t"serviceProxyHealthy": true\n}`;
  return { status: h.count > 0 ? 200 : 503, body, contentType: 'application/json' };
}
