/**
 * Field schemas of the core/v1 pod types, as the v1 Go structs declare them (json names,
 * embedded structs flattened). Type grammar, read by decode.ts:
 *   string | string:<GoType> | int32 | int64 | bool | float64 | ios (IntOrString) | qty (Quantity)
 *   | rl (ResourceList) | time | mtime | bytes | any | []<type> | map:<type> | <StructName>
 * `any` marks fields the simulation never interprets (rare volume plugins, status): they are
 * accepted as-is rather than guessed at.
 *
 * A scalar field (string, int, bool, float, time) also says how Go holds it, as k8s.io/api
 * v0.36's types.go declares it (metav1.ObjectMeta and TypeMeta: apimachinery's types.go):
 *   `*bool`  a pointer (`*bool`, `*int32`, `*metav1.Time`): an explicit zero is kept, `false`
 *            and `0` included — `automountServiceAccountToken: false`, `replicas: 0`;
 *   `bool?`  a value with `json:",omitempty"`: its zero (`false`, `""`, `0`) decodes into the
 *            same Go value as no field at all, and is printed as nothing — `hostNetwork: false`,
 *            `minReadySeconds: 0` and `nodePort: 0` are gone from every answer;
 *   `bool`   a value without omitempty: its zero is printed (`containerPort: 0`).
 * metav1.Time and MicroTime are structs, which omitempty never omits: a value `time` field that
 * is zero prints `null` (Event's firstTimestamp, lastTimestamp, eventTime), and only omitzero
 * (ObjectMeta.creationTimestamp, `time?`) leaves it out. Lists, maps and structs carry no
 * marker: the empty-collection rule and PRINTS_NULL (decode.ts) cover them.
 */
/** A field's type read apart: the type itself, and how Go holds it when it is a scalar. */
export interface FieldType {
  /** The type without its markers: `int32` for `*int32` and `int32?`. */
  type: string;
  /** `*`: a pointer, whose explicit zero is kept. */
  pointer: boolean;
  /** `?`: a value with omitempty (omitzero for a time), whose zero is not printed. */
  omitsZero: boolean;
}

export function fieldType(spec: string): FieldType {
  const pointer = spec.startsWith('*');
  const omitsZero = spec.endsWith('?');
  return { type: pointer || omitsZero ? spec.slice(pointer ? 1 : 0, omitsZero ? -1 : undefined) : spec, pointer, omitsZero };
}

export interface StructSchema {
  /** The Go type name as encoding/json prints it in type errors: `v1.Container`. */
  go: string;
  fields: Record<string, string>;
}

const VOLUME_PLUGINS_UNMODELLED = [
  'awsElasticBlockStore',
  'azureDisk',
  'azureFile',
  'cephfs',
  'cinder',
  'fc',
  'flexVolume',
  'flocker',
  'gcePersistentDisk',
  'gitRepo',
  'glusterfs',
  'iscsi',
  'photonPersistentDisk',
  'portworxVolume',
  'quobyte',
  'rbd',
  'scaleIO',
  'storageos',
  'vsphereVolume',
];

const unmodelled = Object.fromEntries(VOLUME_PLUGINS_UNMODELLED.map((f) => [f, 'any']));

/** v1.Container's fields, which v1.EphemeralContainer repeats. */
const CONTAINER_FIELDS: Record<string, string> = {
  name: 'string',
  image: 'string?',
  command: '[]string',
  args: '[]string',
  workingDir: 'string?',
  ports: '[]ContainerPort',
  envFrom: '[]EnvFromSource',
  env: '[]EnvVar',
  resources: 'ResourceRequirements',
  resizePolicy: '[]ContainerResizePolicy',
  restartPolicy: '*string:v1.ContainerRestartPolicy',
  restartPolicyRules: 'any',
  volumeMounts: '[]VolumeMount',
  volumeDevices: '[]VolumeDevice',
  livenessProbe: 'Probe',
  readinessProbe: 'Probe',
  startupProbe: 'Probe',
  lifecycle: 'Lifecycle',
  terminationMessagePath: 'string?',
  terminationMessagePolicy: 'string:v1.TerminationMessagePolicy?',
  imagePullPolicy: 'string:v1.PullPolicy?',
  securityContext: 'SecurityContext',
  stdin: 'bool?',
  stdinOnce: 'bool?',
  tty: 'bool?',
};

export const CORE_STRUCTS: Record<string, StructSchema> = {
  ObjectMeta: {
    go: 'v1.ObjectMeta',
    fields: {
      name: 'string?',
      generateName: 'string?',
      namespace: 'string?',
      selfLink: 'string?',
      uid: 'string:types.UID?',
      resourceVersion: 'string?',
      generation: 'int64?',
      creationTimestamp: 'time?',
      deletionTimestamp: '*time',
      deletionGracePeriodSeconds: '*int64',
      labels: 'map:string',
      annotations: 'map:string',
      ownerReferences: '[]OwnerReference',
      finalizers: '[]string',
      managedFields: 'any',
    },
  },
  OwnerReference: {
    go: 'v1.OwnerReference',
    fields: { apiVersion: 'string', kind: 'string', name: 'string', uid: 'string:types.UID', controller: '*bool', blockOwnerDeletion: '*bool' },
  },
  LabelSelector: { go: 'v1.LabelSelector', fields: { matchLabels: 'map:string', matchExpressions: '[]LabelSelectorRequirement' } },
  LabelSelectorRequirement: {
    go: 'v1.LabelSelectorRequirement',
    fields: { key: 'string', operator: 'string:v1.LabelSelectorOperator', values: '[]string' },
  },
  ObjectReference: {
    go: 'v1.ObjectReference',
    fields: { kind: 'string?', namespace: 'string?', name: 'string?', uid: 'string:types.UID?', apiVersion: 'string?', resourceVersion: 'string?', fieldPath: 'string?' },
  },
  LocalObjectReference: { go: 'v1.LocalObjectReference', fields: { name: 'string?' } },
  PodTemplateSpec: { go: 'v1.PodTemplateSpec', fields: { metadata: 'ObjectMeta', spec: 'PodSpec' } },
  PodSpec: {
    go: 'v1.PodSpec',
    fields: {
      volumes: '[]Volume',
      initContainers: '[]Container',
      containers: '[]Container',
      ephemeralContainers: '[]EphemeralContainer',
      restartPolicy: 'string:v1.RestartPolicy?',
      terminationGracePeriodSeconds: '*int64',
      activeDeadlineSeconds: '*int64',
      dnsPolicy: 'string:v1.DNSPolicy?',
      nodeSelector: 'map:string',
      serviceAccountName: 'string?',
      serviceAccount: 'string?',
      automountServiceAccountToken: '*bool',
      nodeName: 'string?',
      hostNetwork: 'bool?',
      hostPID: 'bool?',
      hostIPC: 'bool?',
      shareProcessNamespace: '*bool',
      securityContext: 'PodSecurityContext',
      imagePullSecrets: '[]LocalObjectReference',
      hostname: 'string?',
      subdomain: 'string?',
      affinity: 'Affinity',
      schedulerName: 'string?',
      tolerations: '[]Toleration',
      hostAliases: '[]HostAlias',
      priorityClassName: 'string?',
      priority: '*int32',
      dnsConfig: 'PodDNSConfig',
      readinessGates: '[]PodReadinessGate',
      runtimeClassName: '*string',
      enableServiceLinks: '*bool',
      preemptionPolicy: '*string:v1.PreemptionPolicy',
      overhead: 'rl',
      topologySpreadConstraints: '[]TopologySpreadConstraint',
      setHostnameAsFQDN: '*bool',
      os: 'PodOS',
      hostUsers: '*bool',
      schedulingGates: '[]PodSchedulingGate',
      resourceClaims: 'any',
      resources: 'ResourceRequirements',
      hostnameOverride: '*string',
    },
  },
  Container: { go: 'v1.Container', fields: CONTAINER_FIELDS },
  EphemeralContainer: {
    go: 'v1.EphemeralContainer',
    // EphemeralContainerCommon repeats Container's fields, in the same order.
    fields: { ...CONTAINER_FIELDS, targetContainerName: 'string?' },
  },
  ContainerPort: {
    go: 'v1.ContainerPort',
    fields: { name: 'string?', hostPort: 'int32?', containerPort: 'int32', protocol: 'string:v1.Protocol?', hostIP: 'string?' },
  },
  EnvVar: { go: 'v1.EnvVar', fields: { name: 'string', value: 'string?', valueFrom: 'EnvVarSource' } },
  EnvVarSource: {
    go: 'v1.EnvVarSource',
    fields: { fieldRef: 'ObjectFieldSelector', resourceFieldRef: 'ResourceFieldSelector', configMapKeyRef: 'KeySelector', secretKeyRef: 'KeySelector', fileKeyRef: 'any' },
  },
  ObjectFieldSelector: { go: 'v1.ObjectFieldSelector', fields: { apiVersion: 'string?', fieldPath: 'string' } },
  ResourceFieldSelector: { go: 'v1.ResourceFieldSelector', fields: { containerName: 'string?', resource: 'string', divisor: 'qty' } },
  KeySelector: { go: 'v1.ConfigMapKeySelector', fields: { name: 'string?', key: 'string', optional: '*bool' } },
  EnvFromSource: { go: 'v1.EnvFromSource', fields: { prefix: 'string?', configMapRef: 'EnvSourceRef', secretRef: 'EnvSourceRef' } },
  EnvSourceRef: { go: 'v1.ConfigMapEnvSource', fields: { name: 'string?', optional: '*bool' } },
  ResourceRequirements: { go: 'v1.ResourceRequirements', fields: { limits: 'rl', requests: 'rl', claims: 'any' } },
  ContainerResizePolicy: {
    go: 'v1.ContainerResizePolicy',
    fields: { resourceName: 'string:v1.ResourceName', restartPolicy: 'string:v1.ResourceResizeRestartPolicy' },
  },
  VolumeMount: {
    go: 'v1.VolumeMount',
    fields: {
      name: 'string',
      readOnly: 'bool?',
      recursiveReadOnly: '*string:v1.RecursiveReadOnlyMode',
      mountPath: 'string',
      subPath: 'string?',
      mountPropagation: '*string:v1.MountPropagationMode',
      subPathExpr: 'string?',
    },
  },
  VolumeDevice: { go: 'v1.VolumeDevice', fields: { name: 'string', devicePath: 'string' } },
  Probe: {
    go: 'v1.Probe',
    fields: {
      exec: 'ExecAction',
      httpGet: 'HTTPGetAction',
      tcpSocket: 'TCPSocketAction',
      grpc: 'GRPCAction',
      initialDelaySeconds: 'int32?',
      timeoutSeconds: 'int32?',
      periodSeconds: 'int32?',
      successThreshold: 'int32?',
      failureThreshold: 'int32?',
      terminationGracePeriodSeconds: '*int64',
    },
  },
  ExecAction: { go: 'v1.ExecAction', fields: { command: '[]string' } },
  HTTPGetAction: {
    go: 'v1.HTTPGetAction',
    fields: { path: 'string?', port: 'ios', host: 'string?', scheme: 'string:v1.URIScheme?', httpHeaders: '[]HTTPHeader' },
  },
  HTTPHeader: { go: 'v1.HTTPHeader', fields: { name: 'string', value: 'string' } },
  TCPSocketAction: { go: 'v1.TCPSocketAction', fields: { port: 'ios', host: 'string?' } },
  GRPCAction: { go: 'v1.GRPCAction', fields: { port: 'int32', service: '*string' } },
  Lifecycle: { go: 'v1.Lifecycle', fields: { postStart: 'LifecycleHandler', preStop: 'LifecycleHandler', stopSignal: '*string:v1.Signal' } },
  LifecycleHandler: {
    go: 'v1.LifecycleHandler',
    fields: { exec: 'ExecAction', httpGet: 'HTTPGetAction', tcpSocket: 'TCPSocketAction', sleep: 'SleepAction' },
  },
  SleepAction: { go: 'v1.SleepAction', fields: { seconds: 'int64' } },
  SecurityContext: {
    go: 'v1.SecurityContext',
    fields: {
      capabilities: 'Capabilities',
      privileged: '*bool',
      seLinuxOptions: 'any',
      windowsOptions: 'any',
      runAsUser: '*int64',
      runAsGroup: '*int64',
      runAsNonRoot: '*bool',
      readOnlyRootFilesystem: '*bool',
      allowPrivilegeEscalation: '*bool',
      procMount: '*string:v1.ProcMountType',
      seccompProfile: 'any',
      appArmorProfile: 'any',
    },
  },
  Capabilities: { go: 'v1.Capabilities', fields: { add: '[]string:v1.Capability', drop: '[]string:v1.Capability' } },
  PodSecurityContext: {
    go: 'v1.PodSecurityContext',
    fields: {
      seLinuxOptions: 'any',
      windowsOptions: 'any',
      runAsUser: '*int64',
      runAsGroup: '*int64',
      runAsNonRoot: '*bool',
      supplementalGroups: '[]int64',
      supplementalGroupsPolicy: '*string:v1.SupplementalGroupsPolicy',
      fsGroup: '*int64',
      sysctls: 'any',
      fsGroupChangePolicy: '*string:v1.PodFSGroupChangePolicy',
      seccompProfile: 'any',
      appArmorProfile: 'any',
      seLinuxChangePolicy: '*string:v1.PodSELinuxChangePolicy',
    },
  },
  Affinity: { go: 'v1.Affinity', fields: { nodeAffinity: 'NodeAffinity', podAffinity: 'any', podAntiAffinity: 'any' } },
  NodeAffinity: {
    go: 'v1.NodeAffinity',
    fields: { requiredDuringSchedulingIgnoredDuringExecution: 'NodeSelector', preferredDuringSchedulingIgnoredDuringExecution: '[]PreferredSchedulingTerm' },
  },
  NodeSelector: { go: 'v1.NodeSelector', fields: { nodeSelectorTerms: '[]NodeSelectorTerm' } },
  NodeSelectorTerm: { go: 'v1.NodeSelectorTerm', fields: { matchExpressions: '[]NodeSelectorRequirement', matchFields: '[]NodeSelectorRequirement' } },
  NodeSelectorRequirement: {
    go: 'v1.NodeSelectorRequirement',
    fields: { key: 'string', operator: 'string:v1.NodeSelectorOperator', values: '[]string' },
  },
  PreferredSchedulingTerm: { go: 'v1.PreferredSchedulingTerm', fields: { weight: 'int32', preference: 'NodeSelectorTerm' } },
  Toleration: {
    go: 'v1.Toleration',
    fields: { key: 'string?', operator: 'string:v1.TolerationOperator?', value: 'string?', effect: 'string:v1.TaintEffect?', tolerationSeconds: '*int64' },
  },
  HostAlias: { go: 'v1.HostAlias', fields: { ip: 'string', hostnames: '[]string' } },
  PodDNSConfig: { go: 'v1.PodDNSConfig', fields: { nameservers: '[]string', searches: '[]string', options: 'any' } },
  PodReadinessGate: { go: 'v1.PodReadinessGate', fields: { conditionType: 'string:v1.PodConditionType' } },
  TopologySpreadConstraint: {
    go: 'v1.TopologySpreadConstraint',
    fields: {
      maxSkew: 'int32',
      topologyKey: 'string',
      whenUnsatisfiable: 'string:v1.UnsatisfiableConstraintAction',
      labelSelector: 'LabelSelector',
      minDomains: '*int32',
      nodeAffinityPolicy: '*string:v1.NodeInclusionPolicy',
      nodeTaintsPolicy: '*string:v1.NodeInclusionPolicy',
      matchLabelKeys: '[]string',
    },
  },
  PodOS: { go: 'v1.PodOS', fields: { name: 'string:v1.OSName' } },
  PodSchedulingGate: { go: 'v1.PodSchedulingGate', fields: { name: 'string' } },
  Volume: {
    go: 'v1.Volume',
    fields: {
      name: 'string',
      hostPath: 'HostPathVolumeSource',
      emptyDir: 'EmptyDirVolumeSource',
      secret: 'SecretVolumeSource',
      nfs: 'NFSVolumeSource',
      persistentVolumeClaim: 'PersistentVolumeClaimVolumeSource',
      downwardAPI: 'DownwardAPIVolumeSource',
      configMap: 'ConfigMapVolumeSource',
      projected: 'ProjectedVolumeSource',
      csi: 'CSIVolumeSource',
      ephemeral: 'any',
      image: 'ImageVolumeSource',
      ...unmodelled,
    },
  },
  HostPathVolumeSource: { go: 'v1.HostPathVolumeSource', fields: { path: 'string', type: '*string:v1.HostPathType' } },
  EmptyDirVolumeSource: { go: 'v1.EmptyDirVolumeSource', fields: { medium: 'string:v1.StorageMedium?', sizeLimit: 'qty' } },
  KeyToPath: { go: 'v1.KeyToPath', fields: { key: 'string', path: 'string', mode: '*int32' } },
  SecretVolumeSource: {
    go: 'v1.SecretVolumeSource',
    fields: { secretName: 'string?', items: '[]KeyToPath', defaultMode: '*int32', optional: '*bool' },
  },
  ConfigMapVolumeSource: {
    go: 'v1.ConfigMapVolumeSource',
    fields: { name: 'string?', items: '[]KeyToPath', defaultMode: '*int32', optional: '*bool' },
  },
  NFSVolumeSource: { go: 'v1.NFSVolumeSource', fields: { server: 'string', path: 'string', readOnly: 'bool?' } },
  PersistentVolumeClaimVolumeSource: { go: 'v1.PersistentVolumeClaimVolumeSource', fields: { claimName: 'string', readOnly: 'bool?' } },
  DownwardAPIVolumeSource: { go: 'v1.DownwardAPIVolumeSource', fields: { items: '[]DownwardAPIVolumeFile', defaultMode: '*int32' } },
  DownwardAPIVolumeFile: {
    go: 'v1.DownwardAPIVolumeFile',
    fields: { path: 'string', fieldRef: 'ObjectFieldSelector', resourceFieldRef: 'ResourceFieldSelector', mode: '*int32' },
  },
  ProjectedVolumeSource: { go: 'v1.ProjectedVolumeSource', fields: { sources: '[]VolumeProjection', defaultMode: '*int32' } },
  VolumeProjection: {
    go: 'v1.VolumeProjection',
    fields: {
      secret: 'ProjectionRef',
      downwardAPI: 'DownwardAPIProjection',
      configMap: 'ProjectionRef',
      serviceAccountToken: 'ServiceAccountTokenProjection',
      clusterTrustBundle: 'any',
      podCertificate: 'any',
    },
  },
  ProjectionRef: { go: 'v1.ConfigMapProjection', fields: { name: 'string?', items: '[]KeyToPath', optional: '*bool' } },
  DownwardAPIProjection: { go: 'v1.DownwardAPIProjection', fields: { items: '[]DownwardAPIVolumeFile' } },
  ServiceAccountTokenProjection: {
    go: 'v1.ServiceAccountTokenProjection',
    fields: { audience: 'string?', expirationSeconds: '*int64', path: 'string' },
  },
  CSIVolumeSource: {
    go: 'v1.CSIVolumeSource',
    fields: { driver: 'string', readOnly: '*bool', fsType: '*string', volumeAttributes: 'map:string', nodePublishSecretRef: 'LocalObjectReference' },
  },
  ImageVolumeSource: { go: 'v1.ImageVolumeSource', fields: { reference: 'string?', pullPolicy: 'string:v1.PullPolicy?' } },
};
