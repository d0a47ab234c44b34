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
import { civil, EPOCH_MS } from '../../k8s/time';
import { utf8Length } from '../../k8s/utf8';
import type { ComponentId } from '../core/ids';
import type { World } from '../world';
import { goHead, httpDate } from '../images/http-wire';
import type { HttpAnswer, HttpRequest } from '../images/types';
import type { KubeProxyState } from './proxy-state';
import { runtimeOf } from './cri';

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

/** kube-proxy's own health server (healthzBindAddress 0.0.0.0:10256): pkg/proxy/healthcheck/proxy_health.go. */
export const PROXIER_HEALTH_PORT = 10256;

export interface ProxierHealth {
  proxy: ComponentId;
  /** When kube-proxy's process started: the monotonic reading Go's time.Now() carries counts from it. */
  startedAt: number;
}

/** kube-proxy on `node`, when it runs: its container's start (the DaemonSet Pod's) stands for the process's. */
export function proxierHealthAt(w: World, node: string): ProxierHealth | undefined {
  const c = w.components.get(`kube-proxy/${node}` as ComponentId);
  if (c?.kind !== 'kube-proxy' || !c.running) return undefined;
  const rt = runtimeOf(w, node);
  const started = [...(rt?.containers.values() ?? [])].find((x) => x.state === 'CONTAINER_RUNNING' && x.imageRef.includes('/kube-proxy:'))?.startedAt;
  return { proxy: c.id, startedAt: started ?? 0 };
}

/** time.Time's String() of a time.Now(): wall clock in UTC, then the monotonic reading (`m=+S.NNNNNNNNN`) since the process started. */
export function goTimeString(at: number, startedAt: number): string {
  const wall = EPOCH_MS + at;
  const c = civil(Math.floor(wall / 1000) * 1000);
  const p2 = (n: number): string => String(n).padStart(2, '0');
  const ns = Math.round((wall - Math.floor(wall / 1000) * 1000) * 1e6);
  const frac = ns === 0 ? '' : `.${String(ns).padStart(9, '0').replace(/0+$/, '')}`;
  const mono = Math.round(Math.max(0, at - startedAt) * 1e6);
  return `${c.y}-${p2(c.mo)}-${p2(c.d)} ${p2(c.h)}:${p2(c.mi)}:${p2(c.s)}${frac} +0000 UTC m=+${Math.floor(mono / 1e9)}.${String(mono % 1e9).padStart(9, '0')}`;
}

/**
 * healthzHandler and livezHandler: a healthy kube-proxy's lastUpdated is the current time (the
 * handler's compatibility rule), in fmt's `{"lastUpdated": %q,"currentTime": %q, "nodeEligible": %v}`;
 * any other path is the mux's 404. Approximate: always healthy and eligible while it runs.
 */
export function proxierHealthReply(w: World, h: ProxierHealth, req: HttpRequest): HttpAnswer {
  const q = req.path.search(/[?#]/);
  const path = q < 0 ? req.path : req.path.slice(0, q);
  const date = httpDate(EPOCH_MS + w.now);
  if (path !== '/healthz' && path !== '/livez') {
    const body = '404 page not found\n';
    return { status: 404, body, head: goHead(false, 404, [['Content-Type', 'text/plain; charset=utf-8'], ['X-Content-Type-Options', 'nosniff']], utf8Length(body), date) };
  }
  const now = JSON.stringify(goTimeString(w.now, h.startedAt));
  const body = path === '/healthz' ? `{"lastUpdated": ${now},"currentTime": ${now}, "nodeEligible": true}` : `{"lastUpdated": ${now},"currentTime": ${now}}`;
  return { status: 200, body: req.method === 'HEAD' ? '' : body, head: goHead(false, 200, [['Content-Type', 'application/json'], ['X-Content-Type-Options', 'nosniff']], utf8Length(body), date) };
}
