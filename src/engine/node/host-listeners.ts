/**
 * What listens on a machine's own address (the host network): kube-apiserver's secure port 6443
 * on a control-plane machine, the kubelet's 10250 on every node, kube-proxy's health server
 * (10256) and health check node ports (proxy-health.ts). Traffic to a node IP — dialled
 * directly, or DNATed there by the `kubernetes` Service's rule — reaches them; another port of a
 * running machine refuses the connection, and a machine that is off or cut off from the sender
 * never answers.
 *
 * Approximate: etcd (2379), the scheduler's and controller-manager's ports and hostNetwork Pods'
 * apps are not served here: they refuse.
 */
import type { ComponentId } from '../core/ids';
import type { World } from '../world';
import type { ApiServerState } from '../apiserver/state';
import { serveApiServerPort } from '../apiserver/https';
import type { HttpAnswer, HttpRequest } from '../images/types';
import { KUBELET_PORT, serveKubeletPort } from '../kubelet/server-port';
import { healthCheckAt, healthCheckReply, PROXIER_HEALTH_PORT, proxierHealthAt, proxierHealthReply, type HealthCheck, type ProxierHealth } from './proxy-health';

export const APISERVER_SECURE_PORT = 6443;

/** The machine whose address is `ip`, if any. */
export function machineAt(w: World, ip: string): string | undefined {
  for (const [name, spec] of w.machineSpecs) if (spec.ip === ip) return name;
  return undefined;
}

export type HostListener =
  /** The machine is off, or a partition stands between it and the sender: nothing comes back. */
  | { kind: 'unreachable' }
  /** The machine answers with a reset: nothing listens on the port. */
  | { kind: 'refused' }
  | { kind: 'kube-apiserver'; server: ApiServerState }
  | { kind: 'kubelet'; id: ComponentId; node: string }
  /** kube-proxy's health check server for an externalTrafficPolicy Local Service (proxy-health.ts). */
  | { kind: 'kube-proxy-health'; check: HealthCheck }
  /** kube-proxy's own health server on *:10256 (proxy-health.ts). */
  | { kind: 'kube-proxy-healthz'; health: ProxierHealth };

/** What `port` on `machine` is to a sender on `fromNode`. */
export function hostListener(w: World, fromNode: string, machine: string, port: number): HostListener {
  if (w.faults.has(`node/${machine}`)) return { kind: 'unreachable' };
  // A partitioned worker and the control plane cannot reach each other.
  if (fromNode !== machine && (w.faults.has(`network/${machine}`) || w.faults.has(`network/${fromNode}`))) return { kind: 'unreachable' };
  if (port === KUBELET_PORT) {
    const kubelet = w.components.get(`kubelet/${machine}` as ComponentId);
    return kubelet?.running ? { kind: 'kubelet', id: kubelet.id, node: machine } : { kind: 'refused' };
  }
  if (port === PROXIER_HEALTH_PORT) {
    const health = proxierHealthAt(w, machine);
    return health ? { kind: 'kube-proxy-healthz', health } : { kind: 'refused' };
  }
  const check = healthCheckAt(w, machine, port);
  if (check) return { kind: 'kube-proxy-health', check };
  if (port !== APISERVER_SECURE_PORT) return { kind: 'refused' };
  const server = w.apiServers.map((id) => w.components.get(id) as ApiServerState).find((s) => s.host === machine);
  return server?.running ? { kind: 'kube-apiserver', server } : { kind: 'refused' };
}

/** A listener that answers (not unreachable, not refused). */
export type ServingListener = Exclude<HostListener, { kind: 'unreachable' | 'refused' }>;

/** The component answering a listener, for the trace. */
export function listenerId(l: ServingListener): ComponentId {
  return l.kind === 'kubelet' ? l.id : l.kind === 'kube-proxy-health' ? l.check.proxy : l.kind === 'kube-proxy-healthz' ? l.health.proxy : l.server.id;
}

/** The request served by the listener (`from`: the caller's trace name). */
export function serveListener(w: World, l: ServingListener, from: ComponentId, req: HttpRequest): HttpAnswer {
  switch (l.kind) {
    case 'kube-proxy-health':
      return healthCheckReply(l.check);
    case 'kube-proxy-healthz':
      return proxierHealthReply(w, l.health, req);
    case 'kube-apiserver':
      return serveApiServerPort(w, l.server, from, req);
    case 'kubelet':
      return serveKubeletPort(w, l.node, req);
    default: {
      const never: never = l;
      return never;
    }
  }
}
