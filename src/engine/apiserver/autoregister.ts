/**
 * kube-aggregator's autoregister controller inside kube-apiserver: an APIService for every
 * group/version kube-apiserver serves itself (`v1.`, `v1.apps`, `v2.autoscaling`, …), made at
 * start and labelled `kube-aggregator.kubernetes.io/automanaged: onstart`. They carry no
 * `service` — they are Local — and the AvailableConditionController (aggregator.ts) marks them
 * Available with reason Local. The same controller keeps the APIServices of custom resources'
 * group/versions (labelled `"true"`), which crdregistration asks for (apiextensions/crd-registration.ts).
 */
import type { APIService } from '../../k8s/autoscaling';
import { apiServicePriority, type ApiServicePriority } from '../../k8s/api-service-priorities';
import { servedGroupVersions } from '../../k8s/discovery';

export const AUTOMANAGED_LABEL = 'kube-aggregator.kubernetes.io/automanaged';

/** An automanaged APIService: `onstart` for kube-apiserver's own group/versions, `true` for those synced while it runs. */
export function localApiService(group: string, version: string, priority: ApiServicePriority, managed: 'onstart' | 'true'): APIService {
  return {
    apiVersion: 'apiregistration.k8s.io/v1',
    kind: 'APIService',
    metadata: { name: `${version}.${group}`, labels: { [AUTOMANAGED_LABEL]: managed } },
    // An empty group (the core `v1.`) is left out, as the spec's `omitempty` writes it.
    spec: { group, version, groupPriorityMinimum: priority.group, versionPriority: priority.version },
  };
}

/** apiServicesToRegister: one per built-in group/version that has a priority (apiregistration.k8s.io has none). */
export function builtinApiServices(): APIService[] {
  const out: APIService[] = [];
  for (const { group, version } of servedGroupVersions()) {
    const priority = apiServicePriority(group, version);
    if (priority) out.push(localApiService(group, version, priority, 'onstart'));
  }
  return out;
}
