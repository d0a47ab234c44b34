/**
 * `kubectl get TYPE NAME... --subresource X`: one GET of each object's subresource, routed as
 * kube-apiserver routes it (../subresource.ts). The answer is what the subresource's storage
 * returns — the object itself for status, resize and ephemeralcontainers, a Scale for scale —
 * and kubectl prints it as the server's Table for it would be: the resource's own columns, or
 * the Scale's. A body that is no object (a Pod's log) is one kubectl cannot decode.
 */
import type { ResourceInfo } from '../../k8s/resources';
import { scaleOf } from '../../k8s/scale';
import type { KObject } from '../../k8s/types';
import type { Env } from '../env';
import type { Failure } from '../errors';
import { subresourceRoute } from '../subresource';
import { planRaw } from './raw-resource';

export interface SubresourceObjects {
  objs: KObject[];
  /** The answers are Scales. */
  scale?: true;
}

/** client-go's decoder names the media type it has no serializer for, without parameters. */
function undecodable(contentType: string | undefined): Failure {
  return { text: `serializer for ${(contentType ?? 'text/plain').split(';')[0]!.trim()} doesn't exist` };
}

export function getSubresource(env: Env, info: ResourceInfo, ns: string, names: readonly string[], sub: string, ignoreNotFound: boolean): { fetched: SubresourceObjects; errors: Failure[] } {
  const objs: KObject[] = [];
  const errors: Failure[] = [];
  let scale = false;
  for (const name of names) {
    const route = subresourceRoute(env.client, info, ns, name, sub, 'GET');
    if (!('type' in route)) {
      errors.push({ api: route });
      continue;
    }
    const plan = planRaw(route);
    if (plan.kind === 'status') {
      errors.push({ api: plan.error });
      continue;
    }
    if (plan.kind === 'stream') continue;
    const res = env.client.raw(plan.req);
    if (!res.ok) {
      if (!(ignoreNotFound && !('network' in res.error) && res.error.reason === 'NotFound')) errors.push({ api: res.error });
      continue;
    }
    if (!res.object) {
      errors.push(undecodable(res.proxied?.contentType));
      continue;
    }
    const obj = structuredClone(res.object);
    scale = plan.view === 'scale';
    objs.push(scale ? (scaleOf(obj) as unknown as KObject) : obj);
  }
  return { fetched: scale ? { objs, scale: true } : { objs }, errors };
}
