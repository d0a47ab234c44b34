/**
 * Helpers for kube-apiserver's tests: one booted cluster per test file, restored per test, and
 * requests that go through the real pipeline as the student's kubectl or as any identity.
 * Pods use `schedulerName: manual` so no scheduler binds them behind a test's back.
 */
import type { ComponentId } from '../core/ids';
import type { KObject, Pod } from '../../k8s/types';
import { Simulation, worldOf } from '../simulation';
import type { StatusError } from './status';
import type { UserInfo } from './auth';
import { handleRequest, pickServer, type ApiRequest, type ApiResponse } from './handler';
import { registerWatch } from './watch';
import type { WatchEvent } from './watch-types';

export type Req = Omit<ApiRequest, 'user' | 'from'>;

/** Boots once; each call returns an independent copy of the booted cluster. */
export function bootedCluster(opts: ConstructorParameters<typeof Simulation>[0] = { seed: 1 }): () => Simulation {
  let snapshot: ReturnType<Simulation['snapshot']> | undefined;
  return () => {
    snapshot ??= new Simulation(opts).snapshot();
    return Simulation.fromSnapshot(snapshot);
  };
}

export function ok(res: ApiResponse): KObject {
  if (!res.ok) throw new Error(`expected success, got ${res.error.message}`);
  return res.object as KObject;
}

export function failure(res: ApiResponse): StatusError {
  if (res.ok) throw new Error(`expected a failure, got ${res.code}`);
  if ('network' in res.error) throw new Error(`network error: ${res.error.message}`);
  return res.error;
}

/** A request from another identity (impersonation), through the same kube-apiserver kubectl reaches. */
export function requestAs(sim: Simulation, user: UserInfo, req: Req): ApiResponse {
  const kubectl = worldOf(sim).components.get('kubectl' as ComponentId)!;
  const server = pickServer(worldOf(sim), kubectl);
  if ('network' in server) return { ok: false, error: server };
  return handleRequest(worldOf(sim), server.id, { ...req, user, from: 'kubectl' as ComponentId });
}

export function pod(name: string, extra: Partial<Pod['spec']> = {}, labels: Record<string, string> = { app: name }): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, labels },
    spec: { schedulerName: 'manual', containers: [{ name: 'app', image: 'nginx:1.27' }], ...extra },
  };
}

export function deployment(name: string, spec: Record<string, unknown> = {}): KObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name },
    spec: {
      replicas: 1,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { schedulerName: 'manual', containers: [{ name: 'app', image: 'nginx:1.27' }] } },
      ...spec,
    },
  };
}

export function configMap(name: string, extra: Partial<KObject> = {}): KObject {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { key: 'value' }, ...extra };
}

/**
 * Opens a watch held by the kubectl component (which ignores deliveries) and returns a reader
 * of the events kube-apiserver has queued for it, in delivery order.
 */
export function openWatch(sim: Simulation, resource: string, filter: Parameters<typeof registerWatch>[1]['filter']): () => WatchEvent[] {
  const kubectl = worldOf(sim).components.get('kubectl' as ComponentId)!;
  const server = pickServer(worldOf(sim), kubectl);
  if ('network' in server) throw new Error(server.message);
  const reg = registerWatch(worldOf(sim), { watcher: kubectl.id, epoch: kubectl.epoch, server: server.id, resource, filter });
  return () =>
    worldOf(sim).queue
      .filter((e) => e.msg.type === 'watch' && e.msg.watchId === reg.id)
      .sort((a, b) => a.at - b.at || a.seq - b.seq)
      .map((e) => (e.msg as { event: WatchEvent }).event);
}
