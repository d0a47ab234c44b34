/**
 * kustomize v5's built-in field specs (api/internal/konfig/builtinpluginconsts): where
 * commonLabels, labels, commonAnnotations and replicas write, and which fields refer to
 * another resource by name (namereference.go), for the kinds the simulator serves.
 */
import type { FieldSpec } from './fieldspec';

/** metadataLabelsFieldSpecs: metadata and the pod templates' metadata. */
export const TEMPLATE_LABELS: readonly FieldSpec[] = [
  { path: 'metadata/labels', create: true },
  { path: 'spec/template/metadata/labels', create: true, version: 'v1', kind: 'ReplicationController' },
  { path: 'spec/template/metadata/labels', create: true, kind: 'Deployment' },
  { path: 'spec/template/metadata/labels', create: true, kind: 'ReplicaSet' },
  { path: 'spec/template/metadata/labels', create: true, kind: 'DaemonSet' },
  { path: 'spec/template/metadata/labels', create: true, group: 'apps', kind: 'StatefulSet' },
  { path: 'spec/template/metadata/labels', create: true, group: 'batch', kind: 'Job' },
  { path: 'spec/jobTemplate/metadata/labels', create: true, group: 'batch', kind: 'CronJob' },
  { path: 'spec/jobTemplate/spec/template/metadata/labels', create: true, group: 'batch', kind: 'CronJob' },
];

const AFFINITY = [
  'spec/template/spec/affinity/podAffinity/preferredDuringSchedulingIgnoredDuringExecution/podAffinityTerm/labelSelector/matchLabels',
  'spec/template/spec/affinity/podAffinity/requiredDuringSchedulingIgnoredDuringExecution/labelSelector/matchLabels',
  'spec/template/spec/affinity/podAntiAffinity/preferredDuringSchedulingIgnoredDuringExecution/podAffinityTerm/labelSelector/matchLabels',
  'spec/template/spec/affinity/podAntiAffinity/requiredDuringSchedulingIgnoredDuringExecution/labelSelector/matchLabels',
  'spec/template/spec/topologySpreadConstraints/labelSelector/matchLabels',
];

/** commonLabelFieldSpecs (and a label's includeSelectors): selectors too. */
export const COMMON_LABELS: readonly FieldSpec[] = [
  { path: 'spec/selector', create: true, version: 'v1', kind: 'Service' },
  { path: 'spec/selector', create: true, version: 'v1', kind: 'ReplicationController' },
  { path: 'spec/selector/matchLabels', create: true, kind: 'Deployment' },
  ...AFFINITY.map((path) => ({ path, group: 'apps', kind: 'Deployment' })),
  { path: 'spec/selector/matchLabels', create: true, kind: 'ReplicaSet' },
  { path: 'spec/selector/matchLabels', create: true, kind: 'DaemonSet' },
  { path: 'spec/selector/matchLabels', create: true, group: 'apps', kind: 'StatefulSet' },
  ...AFFINITY.map((path) => ({ path, group: 'apps', kind: 'StatefulSet' })),
  { path: 'spec/selector/matchLabels', group: 'batch', kind: 'Job' },
  { path: 'spec/jobTemplate/spec/selector/matchLabels', group: 'batch', kind: 'CronJob' },
  { path: 'spec/selector/matchLabels', group: 'policy', kind: 'PodDisruptionBudget' },
  { path: 'spec/podSelector/matchLabels', group: 'networking.k8s.io', kind: 'NetworkPolicy' },
  { path: 'spec/ingress/from/podSelector/matchLabels', group: 'networking.k8s.io', kind: 'NetworkPolicy' },
  { path: 'spec/egress/to/podSelector/matchLabels', group: 'networking.k8s.io', kind: 'NetworkPolicy' },
  ...TEMPLATE_LABELS,
  { path: 'spec/volumeClaimTemplates[]/metadata/labels', create: true, group: 'apps', kind: 'StatefulSet' },
];

export const COMMON_ANNOTATIONS: readonly FieldSpec[] = [
  { path: 'metadata/annotations', create: true },
  { path: 'spec/template/metadata/annotations', create: true, version: 'v1', kind: 'ReplicationController' },
  { path: 'spec/template/metadata/annotations', create: true, kind: 'Deployment' },
  { path: 'spec/template/metadata/annotations', create: true, kind: 'ReplicaSet' },
  { path: 'spec/template/metadata/annotations', create: true, kind: 'DaemonSet' },
  { path: 'spec/template/metadata/annotations', create: true, kind: 'StatefulSet' },
  { path: 'spec/template/metadata/annotations', create: true, group: 'batch', kind: 'Job' },
  { path: 'spec/jobTemplate/metadata/annotations', create: true, group: 'batch', kind: 'CronJob' },
  { path: 'spec/jobTemplate/spec/template/metadata/annotations', create: true, group: 'batch', kind: 'CronJob' },
];

/** replicasFieldSpecs, in the order the error message lists them. */
export const REPLICAS: readonly FieldSpec[] = [
  { path: 'spec/replicas', create: true, kind: 'Deployment' },
  { path: 'spec/replicas', create: true, kind: 'StatefulSet' },
  { path: 'spec/replicas', create: true, kind: 'ReplicaSet' },
  { path: 'spec/replicas', create: true, kind: 'ReplicationController' },
];

export interface NameReference {
  /** The referred kind (and group, when namereference.go names it). */
  kind: string;
  group?: string;
  fieldSpecs: FieldSpec[];
}

/** Where each workload kind keeps its pod spec. */
const POD_SPECS: [kind: string, path: string][] = [
  ['Pod', 'spec'],
  ['PodTemplate', 'template/spec'],
  ['Deployment', 'spec/template/spec'],
  ['ReplicaSet', 'spec/template/spec'],
  ['DaemonSet', 'spec/template/spec'],
  ['StatefulSet', 'spec/template/spec'],
  ['Job', 'spec/template/spec'],
  ['CronJob', 'spec/jobTemplate/spec/template/spec'],
];
/** The kinds whose serviceAccountName, claimName and priorityClassName are followed (no PodTemplate or ReplicaSet there). */
const SA_HOLDERS: [kind: string, path: string][] = [
  ['Pod', 'spec'],
  ['StatefulSet', 'spec/template/spec'],
  ['Deployment', 'spec/template/spec'],
  ['ReplicationController', 'spec/template/spec'],
  ['CronJob', 'spec/jobTemplate/spec/template/spec'],
  ['Job', 'spec/template/spec'],
  ['DaemonSet', 'spec/template/spec'],
];

const inPodSpecs = (holders: [string, string][], fields: string[]): FieldSpec[] => holders.flatMap(([kind, at]) => fields.map((f) => ({ path: `${at}/${f}`, kind })));

export const NAME_REFERENCES: readonly NameReference[] = [
  ...['Deployment', 'ReplicationController', 'ReplicaSet', 'StatefulSet'].map((kind) => ({
    kind,
    fieldSpecs: [{ path: 'spec/scaleTargetRef/name', kind: 'HorizontalPodAutoscaler' }],
  })),
  {
    kind: 'ConfigMap',
    fieldSpecs: [
      ...inPodSpecs(POD_SPECS, [
        'volumes/configMap/name',
        'containers/env/valueFrom/configMapKeyRef/name',
        'initContainers/env/valueFrom/configMapKeyRef/name',
        'containers/envFrom/configMapRef/name',
        'initContainers/envFrom/configMapRef/name',
        'volumes/projected/sources/configMap/name',
      ]),
      { path: 'rules/resourceNames', kind: 'Role' },
      { path: 'rules/resourceNames', kind: 'ClusterRole' },
    ],
  },
  {
    kind: 'Secret',
    fieldSpecs: [
      ...inPodSpecs(POD_SPECS, [
        'volumes/secret/secretName',
        'containers/env/valueFrom/secretKeyRef/name',
        'initContainers/env/valueFrom/secretKeyRef/name',
        'containers/envFrom/secretRef/name',
        'initContainers/envFrom/secretRef/name',
        'imagePullSecrets/name',
        'volumes/projected/sources/secret/name',
      ]),
      { path: 'spec/tls/secretName', kind: 'Ingress' },
      { path: 'imagePullSecrets/name', kind: 'ServiceAccount' },
      { path: 'rules/resourceNames', kind: 'Role' },
      { path: 'rules/resourceNames', kind: 'ClusterRole' },
    ],
  },
  {
    kind: 'Service',
    fieldSpecs: [
      { path: 'spec/serviceName', kind: 'StatefulSet', group: 'apps' },
      { path: 'spec/rules/http/paths/backend/serviceName', kind: 'Ingress' },
      { path: 'spec/backend/serviceName', kind: 'Ingress' },
      { path: 'spec/rules/http/paths/backend/service/name', kind: 'Ingress' },
      { path: 'spec/defaultBackend/service/name', kind: 'Ingress' },
    ],
  },
  { kind: 'Role', group: 'rbac.authorization.k8s.io', fieldSpecs: [{ path: 'roleRef/name', kind: 'RoleBinding' }] },
  {
    kind: 'ClusterRole',
    group: 'rbac.authorization.k8s.io',
    fieldSpecs: [
      { path: 'roleRef/name', kind: 'RoleBinding' },
      { path: 'roleRef/name', kind: 'ClusterRoleBinding' },
    ],
  },
  {
    kind: 'ServiceAccount',
    fieldSpecs: [{ path: 'subjects', kind: 'RoleBinding' }, { path: 'subjects', kind: 'ClusterRoleBinding' }, ...inPodSpecs(SA_HOLDERS, ['serviceAccountName'])],
  },
  { kind: 'PersistentVolumeClaim', fieldSpecs: inPodSpecs(SA_HOLDERS, ['volumes/persistentVolumeClaim/claimName']) },
  {
    kind: 'PersistentVolume',
    fieldSpecs: [
      { path: 'spec/volumeName', kind: 'PersistentVolumeClaim' },
      { path: 'rules/resourceNames', kind: 'ClusterRole' },
    ],
  },
  {
    kind: 'StorageClass',
    group: 'storage.k8s.io',
    fieldSpecs: [
      { path: 'spec/storageClassName', kind: 'PersistentVolume' },
      { path: 'spec/storageClassName', kind: 'PersistentVolumeClaim' },
      { path: 'spec/volumeClaimTemplates/spec/storageClassName', kind: 'StatefulSet' },
    ],
  },
  { kind: 'PriorityClass', group: 'scheduling.k8s.io', fieldSpecs: inPodSpecs(SA_HOLDERS, ['priorityClassName']) },
  { kind: 'IngressClass', fieldSpecs: [{ path: 'spec/ingressClassName', kind: 'Ingress' }] },
];
