/**
 * kube-apiserver's APIService priorities (cmd/kube-apiserver/app/aggregator.go's apiVersionPriorities,
 * merged over controlplane/apiserver's DefaultGenericAPIServicePriorities): the order discovery
 * lists groups in (highest groupPriorityMinimum first) and a group's versions in. The
 * autoregister controller makes a local APIService only for a served group/version listed here —
 * apiregistration.k8s.io itself, the aggregator's own group, has none. Only the group/versions
 * this cluster can serve are kept; the numbers are upstream's.
 */
export interface ApiServicePriority {
  readonly group: number;
  readonly version: number;
}

const PRIORITIES: Readonly<Record<string, ApiServicePriority>> = {
  v1: { group: 18000, version: 1 },
  'apps/v1': { group: 17800, version: 15 },
  'events.k8s.io/v1': { group: 17750, version: 15 },
  'authentication.k8s.io/v1': { group: 17700, version: 15 },
  'authorization.k8s.io/v1': { group: 17600, version: 15 },
  'autoscaling/v1': { group: 17500, version: 15 },
  'autoscaling/v2': { group: 17500, version: 30 },
  'batch/v1': { group: 17400, version: 15 },
  'certificates.k8s.io/v1': { group: 17300, version: 15 },
  'networking.k8s.io/v1': { group: 17200, version: 15 },
  'policy/v1': { group: 17100, version: 15 },
  'rbac.authorization.k8s.io/v1': { group: 17000, version: 15 },
  'storage.k8s.io/v1': { group: 16800, version: 15 },
  'apiextensions.k8s.io/v1': { group: 16700, version: 15 },
  'admissionregistration.k8s.io/v1': { group: 16700, version: 15 },
  'scheduling.k8s.io/v1': { group: 16600, version: 15 },
  'coordination.k8s.io/v1': { group: 16500, version: 15 },
  'node.k8s.io/v1': { group: 16300, version: 15 },
  'discovery.k8s.io/v1': { group: 16200, version: 15 },
  'flowcontrol.apiserver.k8s.io/v1': { group: 16100, version: 21 },
};

/** The priority of a built-in group/version (`""` is the core group), undefined when upstream lists none. */
export function apiServicePriority(group: string, version: string): ApiServicePriority | undefined {
  return PRIORITIES[group ? `${group}/${version}` : version];
}

/** crdregistration_controller's: custom resources rank below every built-in group. */
export const CRD_API_SERVICE_PRIORITY: ApiServicePriority = { group: 1000, version: 100 };
