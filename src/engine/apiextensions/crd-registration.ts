/**
 * kube-apiserver's crdregistration controller with the autoregister sync it drives: every
 * group/version a CustomResourceDefinition serves gets a Local APIService (priority 1000/100,
 * labelled automanaged `"true"`), and loses it once no CRD serves it. Level-based: it reads the
 * stored CRDs and APIServices and writes only the difference, through the apiserver's own
 * pipeline.
 */
import type { APIService } from '../../k8s/autoscaling';
import { CRD_API_SERVICE_PRIORITY } from '../../k8s/api-service-priorities';
import type { ApiRequest, ApiResponse } from '../apiserver/handler';
import { AUTOMANAGED_LABEL, localApiService } from '../apiserver/autoregister';
import type { World } from '../world';
import { storedCrds } from './served';

const APISERVICES = 'apiservices';

export function syncCrdApiServices(w: World, request: (req: Omit<ApiRequest, 'user' | 'from'>) => ApiResponse): void {
  const wanted = new Map<string, { group: string; version: string }>();
  for (const crd of storedCrds(w)) {
    for (const v of crd.spec.versions ?? []) if (v.served) wanted.set(`${v.name}.${crd.spec.group}`, { group: crd.spec.group, version: v.name });
  }
  const existing = new Map<string, APIService>();
  for (const o of w.etcd.kv.get(APISERVICES)?.values() ?? []) existing.set(o.metadata.name ?? '', o as APIService);
  for (const [name, gv] of wanted) {
    if (existing.has(name)) continue;
    request({ verb: 'create', resource: APISERVICES, body: localApiService(gv.group, gv.version, CRD_API_SERVICE_PRIORITY, 'true') });
  }
  for (const [name, api] of existing) {
    if (api.metadata.labels?.[AUTOMANAGED_LABEL] === 'true' && !wanted.has(name)) request({ verb: 'delete', resource: APISERVICES, name });
  }
}
