/**
 * What listens on a machine's own address (the host network): kube-apiserver's secure port 6443
 * on a control-plane machine. Traffic to a node IP — dialled directly, or DNATed there by the
 * `kubernetes` Service's rule — reaches it; another port of a running machine refuses the
 * connection, and a machine that is off or cut off from the sender never answers.
 *
 * Approximate: the kubelet (10250), etcd (2379) and the other components' ports are not served
 * here: they refuse.
 */
import type { ComponentId } from '../core/ids';
import type { World } from '../world';
import type { ApiServerState } from '../apiserver/state';
import { serveApiServerPort } from '../apiserver/https';
import type { HttpAnswer, HttpRequest } from '../images/types';

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
  | { kind: 'kube-apiserver'; server: ApiServerState };

/** What `port` on `machine` is to a sender on `fromNode`. */
export function hostListener(w: World, fromNode: string, machine: string, port: number): HostListener {
  if (w.faults.has(`node/${machine}`)) return { kind: 'unreachable' };
  // A partitioned worker and the control plane cannot reach each other.
  if (fromNode !== machine && (w.faults.has(`network/${machine}`) || w.faults.has(`network/${fromNode}`))) return { kind: 'unreachable' };
  if (port !== APISERVER_SECURE_PORT) return { kind: 'refused' };
  const server = w.apiServers.map((id) => w.components.get(id) as ApiServerState).find((s) => s.host === machine);
  return server?.running ? { kind: 'kube-apiserver', server } : { kind: 'refused' };
}

/** The request served by the listener (`from`: the caller's trace name). */
export function serveListener(w: World, l: Extract<HostListener, { kind: 'kube-apiserver' }>, from: ComponentId, req: HttpRequest): HttpAnswer {
  return serveApiServerPort(w, l.server, from, req);
}
