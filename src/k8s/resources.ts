/**
 * The API's discovery data: which resources exist, their kinds, groups, short names and scope.
 * kubectl resolves `po`, `deploy`, `pods`, `deployment.apps` through this table exactly as it
 * does through a real server's discovery documents, and `kubectl api-resources` prints it.
 */
export interface ResourceInfo {
  /** Plural lowercase name used in URLs and in RBAC: `pods`, `deployments`. */
  resource: string;
  singular: string;
  kind: string;
  /** '' for the core group. */
  group: string;
  version: string;
  namespaced: boolean;
  shortNames: readonly string[];
  verbs: readonly string[];
  /** Subresources that exist, e.g. `status`, `binding`, `scale`. */
  subresources: readonly string[];
  /** The Warning kube-apiserver attaches to every request for a deprecated resource. */
  deprecated?: string;
  /** The categories discovery lists (the registries' Categories()): `all` for what `kubectl get all` shows. */
  categories?: readonly string[];
}

const RW = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'] as const;

function r(
  resource: string,
  kind: string,
  group: string,
  version: string,
  namespaced: boolean,
  shortNames: string[] = [],
  subresources: string[] = [],
): ResourceInfo {
  return {
    resource,
    singular: kind.toLowerCase(),
    kind,
    group,
    version,
    namespaced,
    shortNames,
    verbs: RW,
    subresources,
  };
}

/** In the `all` category (each registry's Categories() returns []string{"all"}). */
function all(info: ResourceInfo): ResourceInfo {
  return { ...info, categories: ['all'] };
}

/** Sorted as `kubectl api-resources` prints them: core group first, then by group name. */
export const RESOURCES: readonly ResourceInfo[] = [
  r('bindings', 'Binding', '', 'v1', true),
  { ...r('componentstatuses', 'ComponentStatus', '', 'v1', false, ['cs']), verbs: ['get', 'list'], deprecated: 'v1 ComponentStatus is deprecated in v1.19+' },
  r('configmaps', 'ConfigMap', '', 'v1', true, ['cm']),
  { ...r('endpoints', 'Endpoints', '', 'v1', true, ['ep']), deprecated: 'v1 Endpoints is deprecated in v1.33+; use discovery.k8s.io/v1 EndpointSlice' },
  r('events', 'Event', '', 'v1', true, ['ev']),
  r('limitranges', 'LimitRange', '', 'v1', true, ['limits']),
  r('namespaces', 'Namespace', '', 'v1', false, ['ns'], ['status', 'finalize']),
  r('nodes', 'Node', '', 'v1', false, ['no'], ['status', 'proxy']),
  r('persistentvolumeclaims', 'PersistentVolumeClaim', '', 'v1', true, ['pvc'], ['status']),
  r('persistentvolumes', 'PersistentVolume', '', 'v1', false, ['pv'], ['status']),
  all(r('pods', 'Pod', '', 'v1', true, ['po'], ['status', 'binding', 'log', 'eviction', 'ephemeralcontainers', 'resize', 'exec', 'attach', 'portforward', 'proxy'])),
  r('podtemplates', 'PodTemplate', '', 'v1', true),
  all(r('replicationcontrollers', 'ReplicationController', '', 'v1', true, ['rc'], ['status', 'scale'])),
  r('resourcequotas', 'ResourceQuota', '', 'v1', true, ['quota'], ['status']),
  r('secrets', 'Secret', '', 'v1', true),
  r('serviceaccounts', 'ServiceAccount', '', 'v1', true, ['sa'], ['token']),
  all(r('services', 'Service', '', 'v1', true, ['svc'], ['status', 'proxy'])),
  { ...r('mutatingwebhookconfigurations', 'MutatingWebhookConfiguration', 'admissionregistration.k8s.io', 'v1', false), categories: ['api-extensions'] },
  { ...r('validatingadmissionpolicies', 'ValidatingAdmissionPolicy', 'admissionregistration.k8s.io', 'v1', false, [], ['status']), categories: ['api-extensions'] },
  { ...r('validatingadmissionpolicybindings', 'ValidatingAdmissionPolicyBinding', 'admissionregistration.k8s.io', 'v1', false), categories: ['api-extensions'] },
  { ...r('validatingwebhookconfigurations', 'ValidatingWebhookConfiguration', 'admissionregistration.k8s.io', 'v1', false), categories: ['api-extensions'] },
  { ...r('customresourcedefinitions', 'CustomResourceDefinition', 'apiextensions.k8s.io', 'v1', false, ['crd', 'crds'], ['status']), categories: ['api-extensions'] },
  { ...r('apiservices', 'APIService', 'apiregistration.k8s.io', 'v1', false, [], ['status']), categories: ['api-extensions'] },
  r('controllerrevisions', 'ControllerRevision', 'apps', 'v1', true),
  all(r('daemonsets', 'DaemonSet', 'apps', 'v1', true, ['ds'], ['status'])),
  all(r('deployments', 'Deployment', 'apps', 'v1', true, ['deploy'], ['status', 'scale'])),
  all(r('replicasets', 'ReplicaSet', 'apps', 'v1', true, ['rs'], ['status', 'scale'])),
  all(r('statefulsets', 'StatefulSet', 'apps', 'v1', true, ['sts'], ['status', 'scale'])),
  all(r('horizontalpodautoscalers', 'HorizontalPodAutoscaler', 'autoscaling', 'v2', true, ['hpa'], ['status'])),
  all(r('cronjobs', 'CronJob', 'batch', 'v1', true, ['cj'], ['status'])),
  all(r('jobs', 'Job', 'batch', 'v1', true, [], ['status'])),
  r('certificatesigningrequests', 'CertificateSigningRequest', 'certificates.k8s.io', 'v1', false, ['csr'], ['approval', 'status']),
  r('leases', 'Lease', 'coordination.k8s.io', 'v1', true),
  r('endpointslices', 'EndpointSlice', 'discovery.k8s.io', 'v1', true),
  r('flowschemas', 'FlowSchema', 'flowcontrol.apiserver.k8s.io', 'v1', false, [], ['status']),
  r('prioritylevelconfigurations', 'PriorityLevelConfiguration', 'flowcontrol.apiserver.k8s.io', 'v1', false, [], ['status']),
  r('ingressclasses', 'IngressClass', 'networking.k8s.io', 'v1', false),
  r('ingresses', 'Ingress', 'networking.k8s.io', 'v1', true, ['ing'], ['status']),
  r('ipaddresses', 'IPAddress', 'networking.k8s.io', 'v1', false, ['ip']),
  r('networkpolicies', 'NetworkPolicy', 'networking.k8s.io', 'v1', true, ['netpol']),
  r('servicecidrs', 'ServiceCIDR', 'networking.k8s.io', 'v1', false, [], ['status']),
  r('runtimeclasses', 'RuntimeClass', 'node.k8s.io', 'v1', false),
  r('poddisruptionbudgets', 'PodDisruptionBudget', 'policy', 'v1', true, ['pdb'], ['status']),
  r('clusterrolebindings', 'ClusterRoleBinding', 'rbac.authorization.k8s.io', 'v1', false),
  r('clusterroles', 'ClusterRole', 'rbac.authorization.k8s.io', 'v1', false),
  r('rolebindings', 'RoleBinding', 'rbac.authorization.k8s.io', 'v1', true),
  r('roles', 'Role', 'rbac.authorization.k8s.io', 'v1', true),
  r('priorityclasses', 'PriorityClass', 'scheduling.k8s.io', 'v1', false, ['pc']),
  r('csidrivers', 'CSIDriver', 'storage.k8s.io', 'v1', false),
  r('csinodes', 'CSINode', 'storage.k8s.io', 'v1', false),
  r('storageclasses', 'StorageClass', 'storage.k8s.io', 'v1', false, ['sc']),
  r('volumeattachments', 'VolumeAttachment', 'storage.k8s.io', 'v1', false, [], ['status']),
  r('csistoragecapacities', 'CSIStorageCapacity', 'storage.k8s.io', 'v1', true),
  r('volumeattributesclasses', 'VolumeAttributesClass', 'storage.k8s.io', 'v1', false, ['vac']),
];

/**
 * The create-only review APIs (`kubectl auth can-i`, `kubectl auth whoami`, TokenReview and
 * SubjectAccessReview for webhooks and aggregated servers): served, so requests
 * for them resolve, but kept out of RESOURCES, which the controllers' informers and the
 * discovery printers walk.
 */
export const REVIEW_RESOURCES: readonly ResourceInfo[] = [
  { ...r('selfsubjectreviews', 'SelfSubjectReview', 'authentication.k8s.io', 'v1', false), verbs: ['create'] },
  { ...r('tokenreviews', 'TokenReview', 'authentication.k8s.io', 'v1', false), verbs: ['create'] },
  { ...r('localsubjectaccessreviews', 'LocalSubjectAccessReview', 'authorization.k8s.io', 'v1', true), verbs: ['create'] },
  { ...r('selfsubjectaccessreviews', 'SelfSubjectAccessReview', 'authorization.k8s.io', 'v1', false), verbs: ['create'] },
  { ...r('selfsubjectrulesreviews', 'SelfSubjectRulesReview', 'authorization.k8s.io', 'v1', false), verbs: ['create'] },
  { ...r('subjectaccessreviews', 'SubjectAccessReview', 'authorization.k8s.io', 'v1', false), verbs: ['create'] },
];

/**
 * metrics.k8s.io/v1beta1, served only by aggregation (an Available APIService in front of
 * metrics-server): not in RESOURCES, so nothing lists or watches them unless discovery has them.
 * Requests name them `nodes.metrics.k8s.io` / `pods.metrics.k8s.io`, apart from the core kinds.
 */
export const METRICS_RESOURCES: readonly ResourceInfo[] = [
  { ...r('nodes', 'NodeMetrics', 'metrics.k8s.io', 'v1beta1', false), singular: '', verbs: ['get', 'list'] },
  { ...r('pods', 'PodMetrics', 'metrics.k8s.io', 'v1beta1', true), singular: '', verbs: ['get', 'list'] },
];

/** The resource name a request to the engine carries: an aggregated one's is qualified by its group. */
export function requestedResource(info: ResourceInfo): string {
  return METRICS_RESOURCES.some((m) => m.group === info.group) ? `${info.resource}.${info.group}` : info.resource;
}

const byResource = new Map([...RESOURCES, ...REVIEW_RESOURCES].map((x) => [x.resource, x]));
const byKind = new Map(RESOURCES.map((x) => [x.kind, x]));

export function resourceInfo(resource: string): ResourceInfo | undefined {
  return byResource.get(resource);
}

export function resourceForKind(kind: string): ResourceInfo | undefined {
  return byKind.get(kind);
}

export function apiVersionOf(info: ResourceInfo): string {
  return info.group ? `${info.group}/${info.version}` : info.version;
}

/** `deployments.apps`, `pods` — the qualified name used in error messages. */
export function qualifiedResource(info: ResourceInfo): string {
  return info.group ? `${info.resource}.${info.group}` : info.resource;
}

/**
 * Resolves what a user typed (`po`, `pod`, `pods`, `deploy`, `deployment.apps`,
 * `deployments.v1.apps`) to a resource, as kubectl's RESTMapper does; `custom` adds the
 * custom resources the server's discovery lists.
 */
export function resolveResource(typed: string, custom: readonly ResourceInfo[] = []): ResourceInfo | undefined {
  const t = typed.toLowerCase();
  const [head, ...rest] = t.split('.');
  const group = rest.length === 0 ? undefined : rest[0] === 'v1' || rest[0] === 'v1beta1' ? rest.slice(1).join('.') : rest.join('.');
  for (const info of custom.length ? [...RESOURCES, ...custom] : RESOURCES) {
    if (group !== undefined && info.group !== group) continue;
    if (info.resource === head || info.singular === head || info.shortNames.includes(head!)) return info;
  }
  return undefined;
}
