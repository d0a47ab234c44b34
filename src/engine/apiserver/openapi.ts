/**
 * kube-apiserver's `/openapi/v3/api/v1` and `/openapi/v3/apis/<group>/<version>`: the OpenAPI v3
 * document of one group version, which `kubectl explain` reads. It is built from the same struct
 * tables the request decoder checks bodies against (k8s/go-structs), so what explain lists
 * is exactly what the apiserver accepts. Descriptions are upstream's for the kinds and for the
 * type/object metadata every kind shares; other fields carry none here (kubectl's explain and
 * `reconcile serve` join upstream's on: src/kubectl/explain/describe.ts), and `status`, which
 * the decoder does not model, is a bare object.
 */
import { apiVersionOf, RESOURCES, type ResourceInfo } from '../../k8s/resources';
import { CORE_STRUCTS, fieldType, type StructSchema } from '../../k8s/go-structs/core';
import { KIND_STRUCTS } from '../../k8s/go-structs/kinds';
import { crossGroupViews, isConverted } from '../../k8s/served-versions';

/** The built-in resources at their storage versions, and core's Events as events.k8s.io/v1 serves them. */
const DOCUMENTED: readonly ResourceInfo[] = [...RESOURCES, ...crossGroupViews(RESOURCES)];

type Schema = Record<string, unknown>;

const API_CONVENTIONS = 'https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md';

/** The godoc of the shared fields, as the generated OpenAPI carries it. */
const COMMON_FIELDS: Record<string, string> = {
  apiVersion: `APIVersion defines the versioned schema of this representation of an object. Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values. More info: ${API_CONVENTIONS}#resources`,
  kind: `Kind is a string value representing the REST resource this object represents. Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In CamelCase. More info: ${API_CONVENTIONS}#types-kinds`,
  metadata: `Standard object's metadata. More info: ${API_CONVENTIONS}#metadata`,
};

/** The godoc of each kind (k8s.io/api types.go). */
const KIND_DESCRIPTIONS: Record<string, string> = {
  FlowSchema:
    'FlowSchema defines the schema of a group of flows. Note that a flow is made up of a set of inbound API requests with similar attributes and is identified by a pair of strings: the name of the FlowSchema and a "flow distinguisher".',
  PriorityLevelConfiguration: 'PriorityLevelConfiguration represents the configuration of a priority level.',
  RuntimeClass:
    'RuntimeClass defines a class of container runtime supported in the cluster. The RuntimeClass is used to determine which container runtime is used to run all containers in a pod. RuntimeClasses are manually defined by a user or cluster provisioner, and referenced in the PodSpec. The Kubelet is responsible for resolving the RuntimeClassName reference before running the pod.  For more details, see https://kubernetes.io/docs/concepts/containers/runtime-class/',
  Pod: 'Pod is a collection of containers that can run on a host. This resource is created by clients and scheduled onto hosts.',
  Deployment: 'Deployment enables declarative updates for Pods and ReplicaSets.',
  ReplicationController: 'ReplicationController represents the configuration of a replication controller.',
  PodTemplate: 'PodTemplate describes a template for creating copies of a predefined pod.',
  ReplicaSet: 'ReplicaSet ensures that a specified number of pod replicas are running at any given time.',
  DaemonSet: 'DaemonSet represents the configuration of a daemon set.',
  StatefulSet:
    'StatefulSet represents a set of pods with consistent identities. Identities are defined as:\n  - Network: A single stable DNS and hostname.\n  - Storage: As many VolumeClaims as requested.\n\nThe StatefulSet guarantees that a given network identity will always map to the same storage identity.',
  Service: 'Service is a named abstraction of software service (for example, mysql) consisting of local port (for example 3306) that the proxy listens on, and the selector that determines which pods will answer requests sent through the proxy.',
  ConfigMap: 'ConfigMap holds configuration data for pods to consume.',
  Secret: 'Secret holds secret data of a certain type. The total bytes of the values in the Data field must be less than MaxSecretSize bytes.',
  Namespace: 'Namespace provides a scope for Names. Use of multiple namespaces is optional.',
  Node: 'Node is a worker node in Kubernetes. Each node will have a unique identifier in the cache (i.e. in etcd).',
  ServiceAccount: 'ServiceAccount binds together: * a name, understood by users, and perhaps by peripheral systems, for an identity * a principal that can be authenticated and authorized * a set of secrets',
  PersistentVolumeClaim: "PersistentVolumeClaim is a user's request for and claim to a persistent volume",
  PersistentVolume: 'PersistentVolume (PV) is a storage resource provisioned by an administrator. It is analogous to a node. More info: https://kubernetes.io/docs/concepts/storage/persistent-volumes',
  'Event@v1':
    'Event is a report of an event somewhere in the cluster. It generally denotes some state change in the system. Events have a limited retention time and triggers and messages may evolve with time.  Event consumers should not rely on the timing of an event with a given Reason reflecting a consistent underlying trigger, or the continued existence of events with that Reason.  Events should be treated as informative, best-effort, supplemental data.',
  Event: 'Event is a report of an event somewhere in the cluster.  Events have a limited retention time and triggers and messages may evolve with time.  Event consumers should not rely on the timing of an event with a given Reason reflecting a consistent underlying trigger, or the continued existence of events with that Reason.  Events should be treated as informative, best-effort, supplemental data.',
  Lease: 'Lease defines a lease concept.',
  Job: 'Job represents the configuration of a single job.',
  CronJob: 'CronJob represents the configuration of a single cron job.',
  PodDisruptionBudget: 'PodDisruptionBudget is an object to define the max disruption that can be caused to a collection of pods',
  HorizontalPodAutoscaler: 'HorizontalPodAutoscaler is the configuration for a horizontal pod autoscaler, which automatically manages the replica count of any resource implementing the scale subresource based on the metrics specified.',
  APIService: 'APIService represents a server for a particular GroupVersion. Name must be "version.group".',
  ResourceQuota: 'ResourceQuota sets aggregate quota restrictions enforced per namespace',
  LimitRange: 'LimitRange sets resource usage limits for each kind of resource in a Namespace.',
  NetworkPolicy: 'NetworkPolicy describes what network traffic is allowed for a set of Pods',
  Ingress:
    'Ingress is a collection of rules that allow inbound connections to reach the endpoints defined by a backend. An Ingress can be configured to give services externally-reachable urls, load balance traffic, terminate SSL, offer name based virtual hosting etc.',
  IngressClass:
    'IngressClass represents the class of the Ingress, referenced by the Ingress Spec. The `ingressclass.kubernetes.io/is-default-class` annotation can be used to indicate that an IngressClass should be considered default. When a single IngressClass resource has this annotation set to true, new Ingress resources without a class specified will be assigned this default class.',
};

/** Fields the Go structs mark required (no omitempty, validated as required). */
const REQUIRED: Record<string, string[]> = {
  Container: ['name'],
  PodSpec: ['containers'],
  DeploymentSpec: ['selector', 'template'],
  ReplicaSetSpec: ['selector'],
  DaemonSetSpec: ['selector', 'template'],
  StatefulSetSpec: ['selector', 'template'],
  ServicePort: ['port'],
  ContainerPort: ['containerPort'],
  EnvVar: ['name'],
  VolumeMount: ['name', 'mountPath'],
  Volume: ['name'],
  KeyToPath: ['key', 'path'],
  Toleration: [],
  Taint: ['key', 'effect'],
  OwnerReference: ['apiVersion', 'kind', 'name', 'uid'],
  LabelSelectorRequirement: ['key', 'operator'],
  NodeSelectorRequirement: ['key', 'operator'],
  Binding: ['target'],
  Event: ['metadata', 'involvedObject'],
  EndpointSlice: ['addressType', 'endpoints'],
  LimitRangeSpec: ['limits'],
  LimitRangeItem: ['type'],
  ScopedResourceSelectorRequirement: ['scopeName', 'operator'],
  Endpoint: ['addresses'],
  PriorityClass: ['value'],
  StorageClass: ['provisioner'],
  RoleBinding: ['roleRef'],
  ClusterRoleBinding: ['roleRef'],
  PolicyRule: ['verbs'],
  Subject: ['kind', 'name'],
  RoleRef: ['apiGroup', 'kind', 'name'],
  CSIDriver: ['spec'],
  CSINode: ['spec'],
  CSINodeSpec: ['drivers'],
  CSINodeDriver: ['name', 'nodeID'],
  VolumeAttachment: ['spec'],
  VolumeAttachmentSpec: ['attacher', 'source', 'nodeName'],
  CSIStorageCapacity: ['storageClassName'],
  VolumeAttributesClass: ['driverName'],
  IPBlock: ['cidr'],
  HTTPIngressRuleValue: ['paths'],
  HTTPIngressPath: ['pathType', 'backend'],
  IngressServiceBackend: ['name'],
  TypedLocalObjectReference: ['kind', 'name'],
  IngressClassParametersReference: ['kind', 'name'],
  RuntimeClass: ['handler'],
  FlowDistinguisherMethod: ['type'],
  FlowSchemaSpec: ['priorityLevelConfiguration'],
  FcGroupSubject: ['name'],
  LimitResponse: ['type'],
  NonResourcePolicyRule: ['verbs', 'nonResourceURLs'],
  PolicyRulesWithSubjects: ['subjects'],
  PriorityLevelConfigurationReference: ['name'],
  PriorityLevelConfigurationSpec: ['type'],
  ResourcePolicyRule: ['verbs', 'apiGroups', 'resources'],
  FcServiceAccountSubject: ['namespace', 'name'],
  FcSubject: ['kind'],
  FcUserSubject: ['name'],
};

const STRUCTS: Record<string, StructSchema> = { ...CORE_STRUCTS, ...KIND_STRUCTS };

function bare(go: string): string {
  return go.slice(go.lastIndexOf('.') + 1);
}

/** The component name of a struct: its last segment is the Go type name explain prints. */
function schemaName(key: string): string {
  return `io.k8s.sim.${key}.${bare(STRUCTS[key]!.go)}`;
}

function ref(key: string): Schema {
  return { $ref: `#/components/schemas/${schemaName(key)}` };
}

function fieldSchema(spec: string): Schema {
  if (spec.startsWith('[]')) return { type: 'array', items: fieldSchema(spec.slice(2)) };
  if (spec.startsWith('map:')) return { type: 'object', additionalProperties: fieldSchema(spec.slice(4)) };
  if (spec.startsWith('string:')) return { type: 'string' };
  switch (spec) {
    case 'string':
    case 'time':
    case 'mtime':
      return { type: 'string' };
    case 'bytes':
      return { type: 'string', format: 'byte' };
    case 'int32':
    case 'int64':
      return { type: 'integer', format: spec };
    case 'float64':
      return { type: 'number', format: 'double' };
    case 'bool':
      return { type: 'boolean' };
    case 'ios':
      return { $ref: '#/components/schemas/io.k8s.apimachinery.pkg.util.intstr.IntOrString' };
    case 'qty':
      return { $ref: '#/components/schemas/io.k8s.apimachinery.pkg.api.resource.Quantity' };
    case 'rl':
      return { type: 'object', additionalProperties: { $ref: '#/components/schemas/io.k8s.apimachinery.pkg.api.resource.Quantity' } };
    case 'any':
      return { type: 'object' };
    default:
      return STRUCTS[spec] ? ref(spec) : { type: 'object' };
  }
}

function structSchema(key: string, root?: ResourceInfo): Schema {
  const st = STRUCTS[key]!;
  const properties: Record<string, Schema> = {};
  for (const [name, spec] of Object.entries(st.fields)) {
    const s = fieldSchema(fieldType(spec).type);
    const description = root ? COMMON_FIELDS[name] : undefined;
    // A described field that is a struct wraps its reference in allOf, as the generated v3 does.
    properties[name] = !description ? s : s['$ref'] ? { description, allOf: [s] } : { ...s, description };
  }
  const out: Schema = { type: 'object', properties };
  const described = root && (KIND_DESCRIPTIONS[key] ?? KIND_DESCRIPTIONS[root.kind]);
  if (described) out['description'] = described;
  if (REQUIRED[key]?.length) out['required'] = REQUIRED[key];
  if (root) out['x-kubernetes-group-version-kind'] = [{ group: root.group, kind: root.kind, version: root.version }];
  return out;
}

/** The structs a root reaches, by key. */
function reachable(key: string, seen: Set<string>): void {
  if (seen.has(key) || !STRUCTS[key]) return;
  seen.add(key);
  for (const spec of Object.values(STRUCTS[key].fields)) {
    const base = spec.replace(/^(\[\]|map:)+/, '');
    if (STRUCTS[base]) reachable(base, seen);
  }
}

/** The document for `group/version` (`''` for the core group), or undefined if none is served. */
export function openApiDocument(group: string, version: string): Schema | undefined {
  const served = DOCUMENTED.filter((r) => r.group === group && r.version === version);
  if (served.length === 0) return undefined;
  const paths: Record<string, Schema> = {};
  const schemas: Record<string, Schema> = {
    'io.k8s.apimachinery.pkg.util.intstr.IntOrString': { format: 'int-or-string', 'x-kubernetes-int-or-string': true },
    'io.k8s.apimachinery.pkg.api.resource.Quantity': { oneOf: [{ type: 'string' }, { type: 'number' }] },
  };
  const prefix = group ? `/apis/${apiVersionOf(served[0]!)}` : `/api/${version}`;
  for (const info of served) {
    const collection = `${prefix}${info.namespaced ? '/namespaces/{namespace}' : ''}/${info.resource}`;
    paths[collection] = { get: { 'x-kubernetes-group-version-kind': { group: info.group, kind: info.kind, version: info.version } } };
    // A version served by conversion has its own root struct (`Event@v1`), as the decoder keys it.
    const root = isConverted(info) ? `${info.kind}@${info.version}` : info.kind;
    if (!KIND_STRUCTS[root]) continue;
    const keys = new Set<string>();
    reachable(root, keys);
    for (const key of keys) schemas[key === root ? `io.k8s.api.${info.group || 'core'}.${info.version}.${info.kind}` : schemaName(key)] = structSchema(key, key === root ? info : undefined);
  }
  return { openapi: '3.0.0', info: { title: 'Kubernetes', version: 'unversioned' }, paths, components: { schemas } };
}
