/**
 * The client side of every API call a component makes (client-go's REST client). It picks the
 * kube-apiserver endpoint — the local instance for control-plane components, the load-balanced
 * endpoint for everyone else — and hands the request to that instance's pipeline.
 * Requests complete within the current simulated millisecond; the time a change takes to be
 * noticed comes from watch delivery and worker scheduling, which is where real clusters spend it.
 */
import type { ComponentId } from '../core/ids';
import type { KObject } from '../../k8s/types';
import type { UserInfo } from '../apiserver/auth';
import type { NetworkError, StatusError } from '../apiserver/status';
import type { WatchFilter } from '../apiserver/watch-types';
import { handleRequest, pickServer, type ApiRequest, type ApiResponse } from '../apiserver/handler';
import { registerWatch } from '../apiserver/watch';
import type { ComponentBase } from '../core/component';
import type { World } from '../world';
import { FROM_CACHE } from '../../k8s/read-consistency';

export interface ClientIdentity {
  user: UserInfo;
  /** Name drawn on the trace for this client: `kube-scheduler`, `deployment-controller`, `kubelet/node-1`. */
  actor: ComponentId;
}

export type ListResult = { ok: true; items: KObject[]; resourceVersion: string } | { ok: false; error: StatusError | NetworkError };

export function request(w: World, self: ComponentBase, who: ClientIdentity, req: Omit<ApiRequest, 'user' | 'from'>): ApiResponse {
  const server = pickServer(w, self);
  if ('network' in server) return { ok: false, error: server };
  // client-go's user agent starts with the binary's name: the manager of writes that name none.
  return handleRequest(w, server.id, { fieldManager: self.kind, ...req, user: who.user, from: who.actor });
}

export function apiList(w: World, self: ComponentBase, who: ClientIdentity, resource: string, filter: WatchFilter): ListResult {
  // A Reflector's first list asks for resourceVersion "0": the watch cache answers without etcd.
  const req: Omit<ApiRequest, 'user' | 'from'> = { verb: 'list', resource, read: FROM_CACHE };
  if (filter.namespace) req.namespace = filter.namespace;
  if (filter.fieldSelector) req.fieldSelector = filter.fieldSelector;
  if (filter.labelSelector) req.labelSelector = filter.labelSelector;
  const res = request(w, self, who, req);
  if (!res.ok) return res;
  return { ok: true, items: res.items ?? [], resourceVersion: res.resourceVersion };
}

/** Opens a watch on the instance the client talks to; returns its id (undefined if unreachable). */
export function apiWatch(w: World, self: ComponentBase, who: ClientIdentity, resource: string, filter: WatchFilter): number | undefined {
  const server = pickServer(w, self);
  if ('network' in server) return undefined;
  return registerWatch(w, { watcher: self.id, epoch: self.epoch, server: server.id, resource, filter }).id;
}

export function isNotFound(res: ApiResponse): boolean {
  return !res.ok && !('network' in res.error) && res.error.code === 404;
}

export function isConflict(res: ApiResponse): boolean {
  return !res.ok && !('network' in res.error) && res.error.code === 409;
}

export function errorText(res: ApiResponse): string {
  return res.ok ? '' : res.error.message;
}
