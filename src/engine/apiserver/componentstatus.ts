/**
 * The deprecated core/v1 ComponentStatus API (`kubectl get cs`), as pkg/registry/core/
 * componentstatus serves it: nothing stored — every GET and LIST asks, from the kube-apiserver
 * that took the request, its own machine's kube-scheduler (https://127.0.0.1:10259/healthz) and
 * kube-controller-manager (https://127.0.0.1:10257/healthz), and its etcd storage backend
 * (`etcd-0`). A refused probe is Unhealthy with the dial error as its message; an etcd without
 * quorum is Unhealthy with the client's error. No resourceVersion, no watch.
 *
 * Approximate: upstream probes the three concurrently and lists them in the order the probes
 * finish (so runs differ); here always by name: controller-manager, etcd-0, scheduler.
 */
import type { ComponentStatus } from '../../k8s/types';
import { matches } from '../../k8s/labels';
import type { ComponentKind } from '../core/component';
import type { World } from '../world';
import type { ApiRequest, ApiResponse } from './handler';
import { etcdHasQuorum } from './etcd-quorum';
import { filterMatches } from './watch';

const PROBED: readonly { name: string; kind: ComponentKind; port: number }[] = [
  { name: 'scheduler', kind: 'kube-scheduler', port: 10259 },
  { name: 'controller-manager', kind: 'kube-controller-manager', port: 10257 },
];

function status(name: string, healthy: boolean, message: string, error = ''): ComponentStatus {
  const condition = { type: 'Healthy' as const, status: healthy ? ('True' as const) : ('False' as const), ...(message ? { message } : {}), ...(error ? { error } : {}) };
  return { apiVersion: 'v1', kind: 'ComponentStatus', metadata: { name }, conditions: [condition] };
}

/** Every component status, probed from the apiserver on `host`. */
export function componentStatuses(w: World, host: string): ComponentStatus[] {
  const out: ComponentStatus[] = [];
  for (const p of PROBED) {
    const local = [...w.components.values()].find((c) => c.kind === p.kind && c.host === host);
    const url = `https://127.0.0.1:${p.port}/healthz`;
    // HTTPProber turns a failed dial into a Failure whose data is the client's error text.
    out.push(local?.running ? status(p.name, true, 'ok') : status(p.name, false, `Get "${url}": dial tcp 127.0.0.1:${p.port}: connect: connection refused`));
  }
  out.push(etcdHasQuorum(w) ? status('etcd-0', true, 'ok') : status('etcd-0', false, '', 'etcdserver: request timed out'));
  return out.sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : 1));
}

/** GET and LIST as the REST storage answers them; it implements no other verb. */
export function serveComponentStatus(w: World, host: string, req: ApiRequest): ApiResponse {
  const all = componentStatuses(w, host);
  switch (req.verb) {
    case 'get': {
      const one = all.find((s) => s.metadata.name === req.name);
      // Get returns a plain error, which the handler answers as an InternalError.
      if (!one) return { ok: false, error: { code: 500, reason: 'InternalError', message: `Internal error occurred: Component not found: ${req.name ?? ''}` } };
      return { ok: true, code: 200, object: one, resourceVersion: '' };
    }
    case 'list': {
      // The predicate still runs: a selector matches nothing, as these objects carry no labels.
      const items = all.filter((s) => (!req.labelSelector || matches(req.labelSelector, s.metadata.labels)) && (!req.fieldSelector || filterMatches({ fieldSelector: req.fieldSelector }, s)));
      return { ok: true, code: 200, items, resourceVersion: '' };
    }
    default:
      return { ok: false, error: { code: 405, reason: 'MethodNotAllowed', message: 'the server does not allow this method on the requested resource' } };
  }
}
