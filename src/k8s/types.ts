/**
 * The subset of the Kubernetes API types the simulation models. Field names and nesting are
 * exactly Kubernetes' own so that `-o yaml` reads like a real cluster. Every field is optional
 * where Kubernetes allows it to be absent; defaulting happens in admission, not here.
 *
 * One file on purpose (it is long): these are declarations only, kept together like
 * k8s.io/api's types.go so a reader can find any field in one place.
 */

export interface OwnerReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

export interface ObjectMeta {
  name?: string;
  generateName?: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  generation?: number;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  deletionGracePeriodSeconds?: number;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: OwnerReference[];
  finalizers?: string[];
  managedFields?: unknown[];
}

/** Any stored object. Specific kinds narrow `spec`/`status`. */
export interface KObject {
  apiVersion: string;
  kind: string;
  metadata: ObjectMeta;
  spec?: unknown;
  status?: unknown;
  [field: string]: unknown;
}

export interface LabelSelectorRequirement {
  key: string;
  operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';
  values?: string[];
}

export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: LabelSelectorRequirement[];
}

export type ResourceList = Record<string, string>;

export interface ResourceRequirements {
  requests?: ResourceList;
  limits?: ResourceList;
}

/** v1.ContainerResizePolicy: whether resizing resourceName restarts the container. */
export interface ContainerResizePolicy {
  resourceName: string;
  restartPolicy: 'NotRequired' | 'RestartContainer';
}

export type IntOrString = number | string;

export interface HTTPGetAction {
  path?: string;
  port: IntOrString;
  host?: string;
  scheme?: 'HTTP' | 'HTTPS';
}

export interface Probe {
  exec?: { command?: string[] };
  httpGet?: HTTPGetAction;
  tcpSocket?: { port: IntOrString; host?: string };
  grpc?: { port: number; service?: string };
  initialDelaySeconds?: number;
  timeoutSeconds?: number;
  periodSeconds?: number;
  successThreshold?: number;
  failureThreshold?: number;
  terminationGracePeriodSeconds?: number;
}

export interface ContainerPort {
  name?: string;
  containerPort: number;
  hostPort?: number;
  protocol?: 'TCP' | 'UDP' | 'SCTP';
}

export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: {
    configMapKeyRef?: { name: string; key: string; optional?: boolean };
    secretKeyRef?: { name: string; key: string; optional?: boolean };
    fieldRef?: { fieldPath: string; apiVersion?: string };
    resourceFieldRef?: { containerName?: string; resource: string; divisor?: string | number };
  };
}

export interface EnvFromSource {
  prefix?: string;
  configMapRef?: { name: string; optional?: boolean };
  secretRef?: { name: string; optional?: boolean };
}

export interface KeyToPath {
  key: string;
  path: string;
  mode?: number;
}

export interface VolumeMount {
  name: string;
  mountPath: string;
  readOnly?: boolean;
  subPath?: string;
}

/** A lifecycle hook's action (core/v1 LifecycleHandler): one of exec, httpGet, tcpSocket, sleep. */
export interface LifecycleHandler {
  exec?: { command?: string[] };
  httpGet?: HTTPGetAction;
  tcpSocket?: { port: IntOrString; host?: string };
  sleep?: { seconds: number };
}

export interface Lifecycle {
  postStart?: LifecycleHandler;
  preStop?: LifecycleHandler;
  stopSignal?: string;
}

export interface Container {
  name: string;
  image?: string;
  command?: string[];
  args?: string[];
  workingDir?: string;
  ports?: ContainerPort[];
  env?: EnvVar[];
  envFrom?: EnvFromSource[];
  resources?: ResourceRequirements;
  /** How a resize of each resource is applied (pods/resize); defaulting leaves it unset. */
  resizePolicy?: ContainerResizePolicy[];
  volumeMounts?: VolumeMount[];
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  startupProbe?: Probe;
  lifecycle?: Lifecycle;
  imagePullPolicy?: 'Always' | 'IfNotPresent' | 'Never';
  restartPolicy?: 'Always';
  terminationMessagePath?: string;
  terminationMessagePolicy?: 'File' | 'FallbackToLogsOnError';
  /** Keep a stdin stream open for attach (`kubectl run -i`); stdinOnce closes it after the first attach ends. */
  stdin?: boolean;
  stdinOnce?: boolean;
  tty?: boolean;
  securityContext?: Record<string, unknown>;
}

/**
 * A debugging container added to a running Pod through `pods/ephemeralcontainers` (`kubectl
 * debug`): a Container's fields (most of them refused by validation) plus the container whose
 * process namespace it joins.
 */
export interface EphemeralContainer extends Container {
  targetContainerName?: string;
}

export interface Volume {
  name: string;
  emptyDir?: { medium?: string; sizeLimit?: string };
  configMap?: { name: string; optional?: boolean; defaultMode?: number; items?: KeyToPath[] };
  secret?: { secretName: string; optional?: boolean; defaultMode?: number; items?: KeyToPath[] };
  persistentVolumeClaim?: { claimName: string; readOnly?: boolean };
  hostPath?: { path: string; type?: string };
  projected?: { sources?: unknown[]; defaultMode?: number };
  downwardAPI?: { items?: DownwardAPIVolumeFile[]; defaultMode?: number };
}

/** One file of a downwardAPI volume (or a projected volume's downwardAPI source). */
export interface DownwardAPIVolumeFile {
  path: string;
  fieldRef?: { apiVersion?: string; fieldPath: string };
  resourceFieldRef?: { containerName?: string; resource: string; divisor?: string | number };
  mode?: number;
}

export interface Toleration {
  key?: string;
  operator?: 'Exists' | 'Equal';
  value?: string;
  effect?: 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute';
  tolerationSeconds?: number;
}

export interface Taint {
  key: string;
  value?: string;
  effect: 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute';
  timeAdded?: string;
}

export interface NodeSelectorRequirement {
  key: string;
  operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist' | 'Gt' | 'Lt';
  values?: string[];
}

export interface NodeSelectorTerm {
  matchExpressions?: NodeSelectorRequirement[];
  matchFields?: NodeSelectorRequirement[];
}

export interface Affinity {
  nodeAffinity?: {
    requiredDuringSchedulingIgnoredDuringExecution?: { nodeSelectorTerms: NodeSelectorTerm[] };
    preferredDuringSchedulingIgnoredDuringExecution?: { weight: number; preference: NodeSelectorTerm }[];
  };
  podAffinity?: unknown;
  podAntiAffinity?: unknown;
}

export interface TopologySpreadConstraint {
  maxSkew: number;
  topologyKey: string;
  whenUnsatisfiable: 'DoNotSchedule' | 'ScheduleAnyway';
  labelSelector?: LabelSelector;
  minDomains?: number;
}

export interface PodSpec {
  containers: Container[];
  initContainers?: Container[];
  ephemeralContainers?: EphemeralContainer[];
  volumes?: Volume[];
  restartPolicy?: 'Always' | 'OnFailure' | 'Never';
  terminationGracePeriodSeconds?: number;
  dnsPolicy?: string;
  nodeSelector?: Record<string, string>;
  nodeName?: string;
  serviceAccountName?: string;
  serviceAccount?: string;
  imagePullSecrets?: LocalObjectReference[];
  securityContext?: Record<string, unknown>;
  schedulerName?: string;
  tolerations?: Toleration[];
  affinity?: Affinity;
  priority?: number;
  priorityClassName?: string;
  enableServiceLinks?: boolean;
  preemptionPolicy?: string;
  topologySpreadConstraints?: TopologySpreadConstraint[];
  schedulingGates?: { name: string }[];
  hostNetwork?: boolean;
  hostPID?: boolean;
  hostIPC?: boolean;
  shareProcessNamespace?: boolean;
  /** false: the Pod gets a user namespace of its own (KEP-127). */
  hostUsers?: boolean;
  readinessGates?: { conditionType: string }[];
  hostname?: string;
  subdomain?: string;
  activeDeadlineSeconds?: number;
  runtimeClassName?: string;
  /** Set only by the RuntimeClass admission plugin, from the class's overhead.podFixed. */
  overhead?: ResourceList;
}

export interface PodCondition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  lastProbeTime?: string | null;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
  observedGeneration?: number;
}

export interface ContainerStateWaiting {
  reason?: string;
  message?: string;
}
export interface ContainerStateRunning {
  startedAt?: string;
}
export interface ContainerStateTerminated {
  exitCode: number;
  signal?: number;
  reason?: string;
  message?: string;
  startedAt?: string;
  finishedAt?: string;
  containerID?: string;
}
export interface ContainerState {
  waiting?: ContainerStateWaiting;
  running?: ContainerStateRunning;
  terminated?: ContainerStateTerminated;
}

export interface ContainerStatus {
  name: string;
  state: ContainerState;
  lastState: ContainerState;
  ready: boolean;
  restartCount: number;
  image: string;
  imageID: string;
  containerID?: string;
  started?: boolean;
  /** The requests the kubelet admitted (after an in-place resize, what it accepted). */
  allocatedResources?: ResourceList;
  /** The requests and limits the running container was last configured with. */
  resources?: ResourceRequirements;
  volumeMounts?: { name: string; mountPath: string; readOnly?: boolean }[];
  /** The identity the runtime reports the process started with (SupplementalGroupsPolicy, GA in 1.35). */
  user?: { linux?: { uid: number; gid: number; supplementalGroups?: number[] } };
}

export interface PodStatus {
  phase?: 'Pending' | 'Running' | 'Succeeded' | 'Failed' | 'Unknown';
  conditions?: PodCondition[];
  message?: string;
  reason?: string;
  hostIP?: string;
  hostIPs?: { ip: string }[];
  podIP?: string;
  podIPs?: { ip: string }[];
  startTime?: string;
  initContainerStatuses?: ContainerStatus[];
  containerStatuses?: ContainerStatus[];
  ephemeralContainerStatuses?: ContainerStatus[];
  qosClass?: 'Guaranteed' | 'Burstable' | 'BestEffort';
  nominatedNodeName?: string;
  observedGeneration?: number;
}

export interface Pod extends KObject {
  kind: 'Pod';
  spec: PodSpec;
  status?: PodStatus;
}

export interface PodTemplateSpec {
  metadata?: ObjectMeta;
  spec: PodSpec;
}

export interface DeploymentStrategy {
  type?: 'RollingUpdate' | 'Recreate';
  rollingUpdate?: { maxSurge?: IntOrString; maxUnavailable?: IntOrString };
}

export interface DeploymentSpec {
  replicas?: number;
  selector: LabelSelector;
  template: PodTemplateSpec;
  strategy?: DeploymentStrategy;
  minReadySeconds?: number;
  revisionHistoryLimit?: number;
  paused?: boolean;
  progressDeadlineSeconds?: number;
}

export interface WorkloadCondition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  lastUpdateTime?: string;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

export interface DeploymentStatus {
  observedGeneration?: number;
  replicas?: number;
  updatedReplicas?: number;
  readyReplicas?: number;
  availableReplicas?: number;
  unavailableReplicas?: number;
  terminatingReplicas?: number;
  conditions?: WorkloadCondition[];
  collisionCount?: number;
}

export interface Deployment extends KObject {
  kind: 'Deployment';
  spec: DeploymentSpec;
  status?: DeploymentStatus;
}

export interface ReplicaSetSpec {
  replicas?: number;
  minReadySeconds?: number;
  selector: LabelSelector;
  template?: PodTemplateSpec;
}

export interface ReplicaSetStatus {
  replicas: number;
  fullyLabeledReplicas?: number;
  readyReplicas?: number;
  availableReplicas?: number;
  terminatingReplicas?: number;
  observedGeneration?: number;
  conditions?: WorkloadCondition[];
}

export interface ReplicaSet extends KObject {
  kind: 'ReplicaSet';
  spec: ReplicaSetSpec;
  status?: ReplicaSetStatus;
}

/** core/v1 ReplicationController: a ReplicaSet's predecessor, its selector a plain label map. */
export interface ReplicationControllerSpec {
  replicas?: number;
  minReadySeconds?: number;
  selector?: Record<string, string>;
  template?: PodTemplateSpec;
}

/** ReplicaSetStatus without terminatingReplicas, which core/v1 never gained. */
export type ReplicationControllerStatus = Omit<ReplicaSetStatus, 'terminatingReplicas'>;

export interface ReplicationController extends KObject {
  kind: 'ReplicationController';
  spec: ReplicationControllerSpec;
  status?: ReplicationControllerStatus;
}

/** core/v1 PodTemplate: a stored Pod template, read by nothing in the cluster itself. */
export interface PodTemplate extends KObject {
  kind: 'PodTemplate';
  template?: PodTemplateSpec;
}

export interface DaemonSetUpdateStrategy {
  type?: 'RollingUpdate' | 'OnDelete';
  rollingUpdate?: { maxUnavailable?: IntOrString; maxSurge?: IntOrString };
}

export interface DaemonSetSpec {
  selector: LabelSelector;
  template: PodTemplateSpec;
  updateStrategy?: DaemonSetUpdateStrategy;
  minReadySeconds?: number;
  revisionHistoryLimit?: number;
}

export interface DaemonSetStatus {
  currentNumberScheduled: number;
  numberMisscheduled: number;
  desiredNumberScheduled: number;
  numberReady: number;
  observedGeneration?: number;
  updatedNumberScheduled?: number;
  numberAvailable?: number;
  numberUnavailable?: number;
  collisionCount?: number;
  conditions?: WorkloadCondition[];
}

export interface DaemonSet extends KObject {
  kind: 'DaemonSet';
  spec: DaemonSetSpec;
  status?: DaemonSetStatus;
}

export interface StatefulSetUpdateStrategy {
  type?: 'RollingUpdate' | 'OnDelete';
  rollingUpdate?: { partition?: number; maxUnavailable?: IntOrString };
}

export interface StatefulSetSpec {
  replicas?: number;
  selector: LabelSelector;
  template: PodTemplateSpec;
  volumeClaimTemplates?: PersistentVolumeClaim[];
  serviceName?: string;
  podManagementPolicy?: 'OrderedReady' | 'Parallel';
  updateStrategy?: StatefulSetUpdateStrategy;
  revisionHistoryLimit?: number;
  minReadySeconds?: number;
  persistentVolumeClaimRetentionPolicy?: { whenDeleted?: 'Retain' | 'Delete'; whenScaled?: 'Retain' | 'Delete' };
  ordinals?: { start?: number };
}

export interface StatefulSetStatus {
  observedGeneration?: number;
  replicas: number;
  readyReplicas?: number;
  currentReplicas?: number;
  updatedReplicas?: number;
  currentRevision?: string;
  updateRevision?: string;
  collisionCount?: number;
  conditions?: WorkloadCondition[];
  availableReplicas: number;
}

export interface StatefulSet extends KObject {
  kind: 'StatefulSet';
  spec: StatefulSetSpec;
  status?: StatefulSetStatus;
}

/** batch/v1 PodFailurePolicy: how a failed Pod's exit codes or conditions count against the Job. */
export interface PodFailurePolicyRule {
  action: 'FailJob' | 'FailIndex' | 'Ignore' | 'Count';
  onExitCodes?: { containerName?: string; operator: 'In' | 'NotIn'; values: number[] };
  onPodConditions?: { type: string; status?: 'True' | 'False' | 'Unknown' }[];
}

export interface JobSpec {
  parallelism?: number;
  completions?: number;
  activeDeadlineSeconds?: number;
  podFailurePolicy?: { rules: PodFailurePolicyRule[] };
  successPolicy?: { rules: { succeededIndexes?: string; succeededCount?: number }[] };
  backoffLimit?: number;
  backoffLimitPerIndex?: number;
  maxFailedIndexes?: number;
  selector?: LabelSelector;
  manualSelector?: boolean;
  template: PodTemplateSpec;
  ttlSecondsAfterFinished?: number;
  completionMode?: 'NonIndexed' | 'Indexed';
  suspend?: boolean;
  podReplacementPolicy?: 'TerminatingOrFailed' | 'Failed';
  managedBy?: string;
}

export interface JobCondition {
  type: 'Complete' | 'Failed' | 'Suspended' | 'FailureTarget' | 'SuccessCriteriaMet';
  status: 'True' | 'False' | 'Unknown';
  lastProbeTime?: string;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

export interface JobStatus {
  conditions?: JobCondition[];
  startTime?: string;
  completionTime?: string;
  active?: number;
  succeeded?: number;
  failed?: number;
  terminating?: number;
  completedIndexes?: string;
  failedIndexes?: string;
  uncountedTerminatedPods?: { succeeded?: string[]; failed?: string[] };
  ready?: number;
}

export interface Job extends KObject {
  kind: 'Job';
  spec: JobSpec;
  status?: JobStatus;
}

export interface JobTemplateSpec {
  metadata?: ObjectMeta;
  spec: JobSpec;
}

export interface CronJobSpec {
  schedule: string;
  timeZone?: string;
  startingDeadlineSeconds?: number;
  concurrencyPolicy?: 'Allow' | 'Forbid' | 'Replace';
  suspend?: boolean;
  jobTemplate: JobTemplateSpec;
  successfulJobsHistoryLimit?: number;
  failedJobsHistoryLimit?: number;
}

export interface CronJobStatus {
  active?: ObjectReference[];
  lastScheduleTime?: string;
  lastSuccessfulTime?: string;
}

export interface CronJob extends KObject {
  kind: 'CronJob';
  spec: CronJobSpec;
  status?: CronJobStatus;
}

/** v1 Endpoints (deprecated since v1.33 in favour of EndpointSlice, still kept by its controller). */
export interface EndpointAddress {
  ip: string;
  hostname?: string;
  nodeName?: string;
  targetRef?: { kind: string; namespace?: string | undefined; name: string; uid?: string | undefined };
}

export interface EndpointsPort {
  name?: string;
  port: number;
  protocol?: string;
  appProtocol?: string;
}

export interface EndpointSubset {
  addresses?: EndpointAddress[];
  notReadyAddresses?: EndpointAddress[];
  ports?: EndpointsPort[];
}

export interface Endpoints extends KObject {
  kind: 'Endpoints';
  subsets?: EndpointSubset[];
}

/** apps/v1 ControllerRevision: one immutable snapshot of a workload's template (`data`). */
export interface ControllerRevision extends KObject {
  kind: 'ControllerRevision';
  data?: unknown;
  revision: number;
}

export interface NodeCondition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  lastHeartbeatTime?: string;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

export interface NodeSpec {
  podCIDR?: string;
  podCIDRs?: string[];
  unschedulable?: boolean;
  taints?: Taint[];
  providerID?: string;
}

export interface NodeStatus {
  capacity?: ResourceList;
  allocatable?: ResourceList;
  conditions?: NodeCondition[];
  addresses?: { type: string; address: string }[];
  daemonEndpoints?: { kubeletEndpoint: { Port: number } };
  nodeInfo?: {
    machineID: string;
    systemUUID: string;
    bootID: string;
    kernelVersion: string;
    osImage: string;
    containerRuntimeVersion: string;
    kubeletVersion: string;
    kubeProxyVersion?: string;
    operatingSystem: string;
    architecture: string;
  };
  images?: { names: string[]; sizeBytes: number }[];
  /** What the node's runtime supports that Pods may ask for (NodeFeatures). */
  features?: { supplementalGroupsPolicy?: boolean };
}

export interface Node extends KObject {
  kind: 'Node';
  spec: NodeSpec;
  status?: NodeStatus;
}

export interface ServicePort {
  name?: string;
  protocol?: 'TCP' | 'UDP' | 'SCTP';
  port: number;
  targetPort?: IntOrString;
  nodePort?: number;
  appProtocol?: string;
}

export interface ServiceSpec {
  type?: 'ClusterIP' | 'NodePort' | 'LoadBalancer' | 'ExternalName';
  selector?: Record<string, string>;
  ports?: ServicePort[];
  clusterIP?: string;
  clusterIPs?: string[];
  sessionAffinity?: 'None' | 'ClientIP';
  ipFamilies?: string[];
  ipFamilyPolicy?: string;
  internalTrafficPolicy?: string;
  externalTrafficPolicy?: string;
  externalName?: string;
}

export interface Service extends KObject {
  kind: 'Service';
  spec: ServiceSpec;
  status?: { loadBalancer?: { ingress?: { ip?: string; hostname?: string; ipMode?: string }[] } };
}

export interface Endpoint {
  addresses: string[];
  conditions?: { ready?: boolean; serving?: boolean; terminating?: boolean };
  nodeName?: string;
  targetRef?: { kind: string; name: string; namespace?: string; uid?: string };
  zone?: string;
}

export interface EndpointSlice extends KObject {
  kind: 'EndpointSlice';
  addressType: 'IPv4' | 'IPv6' | 'FQDN';
  endpoints: Endpoint[] | null;
  ports?: { name?: string; port?: number; protocol?: string; appProtocol?: string }[] | null;
}

/** core/v1 ComponentStatus (deprecated since v1.19, still served): computed per request, never stored. */
export interface ComponentStatus extends KObject {
  kind: 'ComponentStatus';
  conditions: { type: 'Healthy'; status: 'True' | 'False' | 'Unknown'; message?: string; error?: string }[];
}

export interface Lease extends KObject {
  kind: 'Lease';
  spec: {
    holderIdentity?: string;
    leaseDurationSeconds?: number;
    acquireTime?: string;
    renewTime?: string;
    leaseTransitions?: number;
  };
}

export interface EventSource {
  component?: string;
  host?: string;
}

export interface ObjectReference {
  kind?: string;
  namespace?: string;
  name?: string;
  uid?: string;
  apiVersion?: string;
  resourceVersion?: string;
  fieldPath?: string;
}

export interface KEvent extends KObject {
  kind: 'Event';
  involvedObject: ObjectReference;
  reason?: string;
  message?: string;
  source?: EventSource;
  firstTimestamp?: string | null;
  lastTimestamp?: string | null;
  count?: number;
  type?: 'Normal' | 'Warning';
  eventTime?: string | null;
  /** An events.k8s.io Event seen again: how often, and when last (MicroTime). */
  series?: { count: number; lastObservedTime: string };
  action?: string;
  related?: ObjectReference;
  reportingComponent?: string;
  reportingInstance?: string;
}

export interface ConfigMap extends KObject {
  kind: 'ConfigMap';
  data?: Record<string, string>;
  binaryData?: Record<string, string>;
}

export interface Secret extends KObject {
  kind: 'Secret';
  type?: string;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}

export interface Namespace extends KObject {
  kind: 'Namespace';
  spec?: { finalizers?: string[] };
  status?: { phase?: 'Active' | 'Terminating' };
}

export interface PersistentVolumeClaim extends KObject {
  kind: 'PersistentVolumeClaim';
  spec: {
    accessModes?: string[];
    resources?: { requests?: ResourceList };
    storageClassName?: string;
    volumeName?: string;
    volumeMode?: string;
  };
  status?: { phase?: 'Pending' | 'Bound' | 'Lost'; accessModes?: string[]; capacity?: ResourceList };
}

export interface PersistentVolume extends KObject {
  kind: 'PersistentVolume';
  spec: {
    capacity?: ResourceList;
    accessModes?: string[];
    persistentVolumeReclaimPolicy?: string;
    storageClassName?: string;
    claimRef?: ObjectReference;
    csi?: { driver: string; volumeHandle: string; fsType?: string; readOnly?: boolean; volumeAttributes?: Record<string, string> };
    hostPath?: { path: string; type?: string };
    volumeMode?: string;
    nodeAffinity?: unknown;
  };
  status?: { phase?: 'Pending' | 'Available' | 'Bound' | 'Released' | 'Failed' };
}

export interface StorageClass extends KObject {
  kind: 'StorageClass';
  provisioner: string;
  reclaimPolicy?: string;
  volumeBindingMode?: string;
  allowVolumeExpansion?: boolean;
  parameters?: Record<string, string>;
  mountOptions?: string[];
}

/** storage.k8s.io/v1 CSINode: the CSI drivers a node's kubelet has registered, one object per Node. */
export interface CSINodeDriver {
  name: string;
  nodeID: string;
  topologyKeys?: string[] | null;
  allocatable?: { count?: number };
}

export interface CSINode extends KObject {
  kind: 'CSINode';
  spec: { drivers: CSINodeDriver[] | null };
}

/** storage.k8s.io/v1: how Kubernetes talks to one CSI driver (kubectl get csidrivers). */
export interface CSIDriver extends KObject {
  kind: 'CSIDriver';
  spec: {
    attachRequired?: boolean;
    podInfoOnMount?: boolean;
    volumeLifecycleModes?: string[];
    storageCapacity?: boolean;
    fsGroupPolicy?: string;
    tokenRequests?: { audience: string; expirationSeconds?: number }[];
    requiresRepublish?: boolean;
    seLinuxMount?: boolean;
  };
}

/** v1 ResourceQuota scopes and scope selectors: which Pods a quota counts. */
export interface ScopedResourceSelectorRequirement {
  scopeName: string;
  operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';
  values?: string[];
}

export interface ResourceQuotaSpec {
  hard?: ResourceList;
  scopes?: string[];
  scopeSelector?: { matchExpressions?: ScopedResourceSelectorRequirement[] };
}

/** Kept by the resource quota controller (a full recount) and by the ResourceQuota admission plugin (each admitted charge). */
export interface ResourceQuotaStatus {
  hard?: ResourceList;
  used?: ResourceList;
}

/** v1 ResourceQuota: the most a namespace may consume, per resource name (`pods`, `requests.cpu`, `count/deployments.apps`). */
export interface ResourceQuota extends KObject {
  kind: 'ResourceQuota';
  spec?: ResourceQuotaSpec;
  status?: ResourceQuotaStatus;
}

/** One LimitRange item: bounds and defaults for a Container, a Pod (summed) or a PersistentVolumeClaim. */
export interface LimitRangeItem {
  type: string;
  max?: ResourceList;
  min?: ResourceList;
  default?: ResourceList;
  defaultRequest?: ResourceList;
  maxLimitRequestRatio?: ResourceList;
}

/** v1 LimitRange: enforced (and defaulted) by the LimitRanger admission plugin. */
export interface LimitRange extends KObject {
  kind: 'LimitRange';
  spec: { limits: LimitRangeItem[] };
}

/** policy/v1: how many of the Pods a selector picks voluntary disruptions (evictions) may leave. */
export interface PodDisruptionBudgetSpec {
  /** Exactly one of minAvailable and maxUnavailable is set (validation refuses both). */
  minAvailable?: IntOrString;
  maxUnavailable?: IntOrString;
  selector?: LabelSelector;
  unhealthyPodEvictionPolicy?: 'IfHealthyBudget' | 'AlwaysAllow';
}

/** metav1.Condition, the shape the newer APIs (PodDisruptionBudget) use. */
export interface MetaCondition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  observedGeneration?: number;
  lastTransitionTime: string;
  reason: string;
  message: string;
}

export interface PodDisruptionBudgetStatus {
  observedGeneration?: number;
  /** Pod name -> when the eviction subresource approved its eviction (RFC 3339). */
  disruptedPods?: Record<string, string>;
  disruptionsAllowed: number;
  currentHealthy: number;
  desiredHealthy: number;
  expectedPods: number;
  conditions?: MetaCondition[];
}

export interface PodDisruptionBudget extends KObject {
  kind: 'PodDisruptionBudget';
  spec: PodDisruptionBudgetSpec;
  status?: PodDisruptionBudgetStatus;
}

/** policy/v1 Eviction: the pods/eviction subresource's body. */
export interface Eviction extends KObject {
  kind: 'Eviction';
  deleteOptions?: { gracePeriodSeconds?: number; dryRun?: string[]; preconditions?: { uid?: string; resourceVersion?: string } };
}

/** scheduling.k8s.io/v1: a named priority for Pods (`priorityClassName`). */
export interface PriorityClass extends KObject {
  kind: 'PriorityClass';
  value: number;
  globalDefault?: boolean;
  description?: string;
  preemptionPolicy?: 'PreemptLowerPriority' | 'Never';
}

/** networking.k8s.io/v1 NetworkPolicy: which traffic the selected Pods accept and send (the CNI plugin enforces it). */
export interface NetworkPolicyPort {
  /** Defaulted to TCP. */
  protocol?: 'TCP' | 'UDP' | 'SCTP';
  /** A number or a named container port; unset: every port. */
  port?: IntOrString;
  endPort?: number;
}

export interface IPBlock {
  cidr: string;
  except?: string[];
}

export interface NetworkPolicyPeer {
  podSelector?: LabelSelector;
  namespaceSelector?: LabelSelector;
  ipBlock?: IPBlock;
}

export interface NetworkPolicyIngressRule {
  ports?: NetworkPolicyPort[];
  from?: NetworkPolicyPeer[];
}

export interface NetworkPolicyEgressRule {
  ports?: NetworkPolicyPort[];
  to?: NetworkPolicyPeer[];
}

export type NetworkPolicyType = 'Ingress' | 'Egress';

export interface NetworkPolicySpec {
  podSelector: LabelSelector;
  ingress?: NetworkPolicyIngressRule[];
  egress?: NetworkPolicyEgressRule[];
  /** Defaulted: Ingress, plus Egress when egress rules are given. */
  policyTypes?: NetworkPolicyType[];
}

export interface NetworkPolicy extends KObject {
  kind: 'NetworkPolicy';
  spec: NetworkPolicySpec;
}

/** networking.k8s.io/v1 ServiceCIDR: a range kube-apiserver may allocate ClusterIPs from. */
export interface ServiceCIDR extends KObject {
  kind: 'ServiceCIDR';
  /** At most two CIDRs, one per IP family; immutable. */
  spec?: { cidrs?: string[] };
  status?: { conditions?: MetaCondition[] };
}

/** What an IPAddress is held by: for a ClusterIP, the Service (group '', resource `services`). */
export interface ParentReference {
  group?: string;
  resource?: string;
  namespace?: string;
  name?: string;
}

/** networking.k8s.io/v1 IPAddress: one allocated address, named by the address in canonical form. */
export interface IPAddress extends KObject {
  kind: 'IPAddress';
  spec?: { parentRef?: ParentReference };
}

/** core/v1 LocalObjectReference: an object in the same namespace, by name (imagePullSecrets). */
export interface LocalObjectReference {
  name: string;
}

/** core/v1 TypedLocalObjectReference: an Ingress backend that is not a Service. */
export interface TypedLocalObjectReference {
  apiGroup?: string;
  kind: string;
  name: string;
}

/** A Service backend's port: a number or the Service port's name, never both. */
export interface ServiceBackendPort {
  name?: string;
  number?: number;
}

export interface IngressBackend {
  service?: { name: string; port?: ServiceBackendPort };
  resource?: TypedLocalObjectReference;
}

export type IngressPathType = 'Exact' | 'Prefix' | 'ImplementationSpecific';

export interface HTTPIngressPath {
  path?: string;
  pathType?: IngressPathType;
  backend: IngressBackend;
}

export interface IngressRule {
  host?: string;
  http?: { paths: HTTPIngressPath[] | null };
}

export interface IngressTLS {
  hosts?: string[];
  secretName?: string;
}

export interface IngressLoadBalancerIngress {
  ip?: string;
  hostname?: string;
  ports?: { port: number; protocol: string; error?: string }[];
}

/**
 * networking.k8s.io/v1 Ingress: HTTP routing an ingress controller is meant to carry out. A
 * kubeadm cluster installs none, so nothing here fills status.loadBalancer.
 */
export interface Ingress extends KObject {
  kind: 'Ingress';
  spec: {
    ingressClassName?: string;
    defaultBackend?: IngressBackend;
    tls?: IngressTLS[];
    rules?: IngressRule[];
  };
  status?: { loadBalancer?: { ingress?: IngressLoadBalancerIngress[] } };
}

export interface IngressClassParametersReference {
  apiGroup?: string;
  kind: string;
  name: string;
  /** Defaulted to Cluster. */
  scope?: 'Cluster' | 'Namespace';
  namespace?: string;
}

/** networking.k8s.io/v1 IngressClass: which controller implements the Ingresses that name it. */
export interface IngressClass extends KObject {
  kind: 'IngressClass';
  spec: { controller?: string; parameters?: IngressClassParametersReference };
}

/**
 * node.k8s.io/v1 RuntimeClass: names the CRI handler a Pod's sandbox is run with. Its fields sit
 * at the top level (no spec), and it has no status.
 */
export interface RuntimeClass extends KObject {
  kind: 'RuntimeClass';
  handler: string;
  overhead?: { podFixed?: ResourceList };
  scheduling?: { nodeSelector?: Record<string, string>; tolerations?: Toleration[] };
}

export interface ServiceAccount extends KObject {
  kind: 'ServiceAccount';
  imagePullSecrets?: LocalObjectReference[];
  automountServiceAccountToken?: boolean;
}

/** Binding is the pods/binding subresource body the scheduler POSTs. */
export interface Binding extends KObject {
  kind: 'Binding';
  target: ObjectReference;
}

export type Phase = NonNullable<PodStatus['phase']>;
