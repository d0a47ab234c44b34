/**
 * SetDefaults_* for the kinds the simulation models (k8s.io/kubernetes pkg/apis/<group>/v1/defaults.go).
 * Go defaulting treats a zero value as unset, so `0` probe thresholds and empty strings are
 * defaulted like absent ones. Pod-only defaults (SetDefaults_Pod: requests from limits,
 * enableServiceLinks) never reach workload templates. Returns true when anything was filled in.
 * Just over 400 lines: one dispatch over every served kind, read like the defaults.go files it
 * follows; kinds with long rules already live in their own *-defaults.ts.
 */
import { defaultFlowSchema, defaultPriorityLevelConfiguration } from './flowcontrol-defaults';
import { defaultCrd } from '../../apiextensions/strategy';
import type { APIService, HorizontalPodAutoscaler } from '../../../k8s/autoscaling';
import { defaultAPIService, defaultHorizontalPodAutoscaler } from './autoscaling-defaults';
import type { RoleBinding } from '../../../k8s/rbac';
import { defaultRoleBinding } from './rbac-defaults';
import type { Container, CronJob, DaemonSet, Deployment, Job, JobSpec, KObject, PersistentVolume, PersistentVolumeClaim, PodSpec, PodTemplate, Probe, ReplicaSet, ReplicationController, Secret, Service, StatefulSet, StorageClass, Volume } from '../../../k8s/types';
import type { ResourceInfo } from '../../../k8s/resources';
import { base64Encode } from '../../../k8s/base64';
import { setOwn } from '../../../k8s/own';
import type { LimitRange, ResourceQuota } from '../../../k8s/types';
import { canonicalizeQuota, defaultLimitRange } from './limit-range-defaults';
import { defaultNetworkPolicy } from '../../../k8s/network-policy';
import type { IngressClass, NetworkPolicy } from '../../../k8s/types';
import { defaultValidatingAdmissionPolicy, defaultValidatingAdmissionPolicyBinding } from './policy/defaults';
import { defaultWebhookConfiguration } from './webhook/defaults';

function setIfAbsent<T extends object, K extends keyof T>(o: T, k: K, v: T[K]): boolean {
  if (o[k] === undefined || o[k] === null) {
    o[k] = v;
    return true;
  }
  return false;
}

/** Go zero-value defaulting: `0` and `""` count as unset. */
function setIfZero<T extends object, K extends keyof T>(o: T, k: K, v: T[K]): boolean {
  const cur = o[k] as unknown;
  if (cur === undefined || cur === null || cur === 0 || cur === '') {
    o[k] = v;
    return true;
  }
  return false;
}

function imageTag(image: string): string | undefined {
  const afterSlash = image.slice(image.lastIndexOf('/') + 1);
  if (afterSlash.includes('@')) return '@digest';
  const i = afterSlash.indexOf(':');
  return i < 0 ? undefined : afterSlash.slice(i + 1);
}

function defaultProbe(p: Probe | undefined): boolean {
  if (!p) return false;
  let c = false;
  c = setIfZero(p, 'timeoutSeconds', 1) || c;
  c = setIfZero(p, 'periodSeconds', 10) || c;
  c = setIfZero(p, 'successThreshold', 1) || c;
  c = setIfZero(p, 'failureThreshold', 3) || c;
  if (p.httpGet) {
    c = setIfZero(p.httpGet, 'path', '/') || c;
    c = setIfZero(p.httpGet, 'scheme', 'HTTP') || c;
  }
  return c;
}

function defaultContainer(ct: Container): boolean {
  let c = false;
  if (!ct.imagePullPolicy) {
    // ParseImageName defaults a missing tag to `latest`; a digest, or no parseable image, has none.
    const tag = ct.image ? (imageTag(ct.image) ?? 'latest') : '';
    ct.imagePullPolicy = tag === 'latest' ? 'Always' : 'IfNotPresent';
    c = true;
  }
  c = setIfZero(ct, 'terminationMessagePath', '/dev/termination-log') || c;
  c = setIfZero(ct, 'terminationMessagePolicy', 'File') || c;
  for (const p of ct.ports ?? []) c = setIfZero(p, 'protocol', 'TCP') || c;
  if (ct.resources === undefined || ct.resources === null) {
    ct.resources = {};
    c = true;
  }
  c = defaultProbe(ct.livenessProbe) || c;
  c = defaultProbe(ct.readinessProbe) || c;
  c = defaultProbe(ct.startupProbe) || c;
  // SetDefaults_ObjectFieldSelector: a fieldRef without apiVersion means v1.
  for (const e of ct.env ?? []) if (e.valueFrom?.fieldRef) c = setIfZero(e.valueFrom.fieldRef, 'apiVersion', 'v1') || c;
  return c;
}

type FieldItems = { items?: { fieldRef?: { apiVersion?: string } }[] } | undefined;

/** SetDefaults_ObjectFieldSelector for downwardAPI volumes and projected downwardAPI sources. */
function defaultDownwardItems(v: Volume): boolean {
  const sources = [(v as { downwardAPI?: FieldItems }).downwardAPI, ...(v.projected?.sources ?? []).map((s) => (s as { downwardAPI?: FieldItems } | null)?.downwardAPI)];
  let c = false;
  for (const src of sources) for (const it of src?.items ?? []) if (it?.fieldRef) c = setIfZero(it.fieldRef, 'apiVersion', 'v1') || c;
  return c;
}

/** SetDefaults_PodSpec and the container defaults: what every Pod and Pod template gets. */
export function defaultPodSpec(spec: PodSpec): boolean {
  let c = false;
  c = setIfZero(spec, 'restartPolicy', 'Always') || c;
  c = setIfAbsent(spec, 'terminationGracePeriodSeconds', 30) || c;
  c = setIfZero(spec, 'dnsPolicy', 'ClusterFirst') || c;
  c = setIfAbsent(spec, 'securityContext', {}) || c;
  c = setIfZero(spec, 'schedulerName', 'default-scheduler') || c;
  for (const ct of spec.containers ?? []) c = defaultContainer(ct) || c;
  for (const ct of spec.initContainers ?? []) c = defaultContainer(ct) || c;
  // SetDefaults_EphemeralContainer: the container defaults, on EphemeralContainerCommon.
  for (const ct of spec.ephemeralContainers ?? []) c = defaultContainer(ct) || c;
  for (const v of spec.volumes ?? []) {
    // SetDefaults_Volume: a volume that names no source is an emptyDir.
    if (Object.keys(v).every((k) => k === 'name' || (v as unknown as Record<string, unknown>)[k] == null)) {
      v.emptyDir = {};
      c = true;
    }
    if (v.configMap) c = setIfAbsent(v.configMap, 'defaultMode', 420) || c;
    if (v.secret) c = setIfAbsent(v.secret, 'defaultMode', 420) || c;
    if (v.downwardAPI) c = setIfAbsent(v.downwardAPI, 'defaultMode', 420) || c;
    if (v.emptyDir === null) (v as { emptyDir?: object }).emptyDir = {};
    c = defaultDownwardItems(v) || c;
  }
  return c;
}

/** SetDefaults_Pod: only real Pods get requests copied from limits and enableServiceLinks. */
function defaultPod(spec: PodSpec): boolean {
  let c = defaultPodSpec(spec);
  for (const ct of [...(spec.initContainers ?? []), ...(spec.containers ?? [])]) {
    const lim = ct.resources?.limits;
    if (!lim) continue;
    for (const [k, v] of Object.entries(lim)) {
      ct.resources!.requests ??= {};
      if (ct.resources!.requests[k] === undefined) {
        ct.resources!.requests[k] = v;
        c = true;
      }
    }
  }
  c = setIfAbsent(spec, 'enableServiceLinks', true) || c;
  if (spec.hostNetwork) for (const ct of spec.containers ?? []) for (const p of ct.ports ?? []) c = setIfZero(p, 'hostPort', p.containerPort) || c;
  return c;
}

function specOf<T>(obj: KObject): T {
  if (obj.spec === undefined || obj.spec === null) obj.spec = {};
  return obj.spec as T;
}

function defaultDeployment(d: Deployment): boolean {
  const spec = specOf<Deployment['spec']>(d);
  let c = setIfAbsent(spec, 'replicas', 1);
  spec.strategy ??= {};
  c = setIfZero(spec.strategy, 'type', 'RollingUpdate') || c;
  if (spec.strategy.type === 'RollingUpdate') {
    spec.strategy.rollingUpdate ??= {};
    c = setIfAbsent(spec.strategy.rollingUpdate, 'maxUnavailable', '25%') || c;
    c = setIfAbsent(spec.strategy.rollingUpdate, 'maxSurge', '25%') || c;
  }
  c = setIfAbsent(spec, 'revisionHistoryLimit', 10) || c;
  c = setIfAbsent(spec, 'progressDeadlineSeconds', 600) || c;
  spec.template ??= { spec: { containers: [] } };
  spec.template.spec ??= { containers: [] };
  return defaultPodSpec(spec.template.spec) || c;
}

/** SetDefaults_DaemonSet (apps/v1). */
/**
 * SetDefaults_ReplicationController: with no selector the template's labels select, and label
 * an unlabelled controller too; replicas is 1 unless given.
 */
function defaultReplicationController(rc: ReplicationController): boolean {
  const spec = specOf<ReplicationController['spec']>(rc);
  const labels = spec.template?.metadata?.labels;
  let c = false;
  if (labels) {
    if (Object.keys(spec.selector ?? {}).length === 0) {
      spec.selector = { ...labels };
      c = true;
    }
    if (Object.keys(rc.metadata.labels ?? {}).length === 0) {
      rc.metadata.labels = { ...labels };
      c = true;
    }
  }
  c = setIfAbsent(spec, 'replicas', 1) || c;
  return (spec.template?.spec ? defaultPodSpec(spec.template.spec) : false) || c;
}

function defaultDaemonSet(ds: DaemonSet): boolean {
  const spec = specOf<DaemonSet['spec']>(ds);
  spec.updateStrategy ??= {};
  let c = setIfZero(spec.updateStrategy, 'type', 'RollingUpdate');
  if (spec.updateStrategy.type === 'RollingUpdate') {
    spec.updateStrategy.rollingUpdate ??= {};
    c = setIfAbsent(spec.updateStrategy.rollingUpdate, 'maxUnavailable', 1) || c;
    c = setIfAbsent(spec.updateStrategy.rollingUpdate, 'maxSurge', 0) || c;
  }
  c = setIfAbsent(spec, 'revisionHistoryLimit', 10) || c;
  spec.template ??= { spec: { containers: [] } };
  spec.template.spec ??= { containers: [] };
  return defaultPodSpec(spec.template.spec) || c;
}

/**
 * SetDefaults_StatefulSet (apps/v1) with MaxUnavailableStatefulSet on (beta since 1.35), and each
 * volumeClaimTemplate defaulted as a claim (volumeMode Filesystem, status.phase Pending) and
 * given the apiVersion and kind that the v1 conversion writes.
 */
function defaultStatefulSet(sts: StatefulSet): boolean {
  const spec = specOf<StatefulSet['spec']>(sts);
  let c = setIfZero(spec, 'podManagementPolicy', 'OrderedReady');
  spec.updateStrategy ??= {};
  if (!spec.updateStrategy.type) {
    spec.updateStrategy.type = 'RollingUpdate';
    spec.updateStrategy.rollingUpdate ??= {};
    c = true;
  }
  if (spec.updateStrategy.type === 'RollingUpdate' && spec.updateStrategy.rollingUpdate) {
    c = setIfAbsent(spec.updateStrategy.rollingUpdate, 'partition', 0) || c;
    c = setIfAbsent(spec.updateStrategy.rollingUpdate, 'maxUnavailable', 1) || c;
  }
  spec.persistentVolumeClaimRetentionPolicy ??= {};
  c = setIfZero(spec.persistentVolumeClaimRetentionPolicy, 'whenDeleted', 'Retain') || c;
  c = setIfZero(spec.persistentVolumeClaimRetentionPolicy, 'whenScaled', 'Retain') || c;
  c = setIfAbsent(spec, 'replicas', 1) || c;
  c = setIfAbsent(spec, 'revisionHistoryLimit', 10) || c;
  spec.volumeClaimTemplates = spec.volumeClaimTemplates?.map((t) => {
    c = setIfAbsent((t.spec ??= {}), 'volumeMode', 'Filesystem') || c;
    t.status ??= {};
    c = setIfZero(t.status, 'phase', 'Pending') || c;
    if (t.apiVersion === 'v1' && t.kind === 'PersistentVolumeClaim') return t;
    // The v1 conversion stamps each template's TypeMeta, so they read back with it.
    c = true;
    const { apiVersion: _v, kind: _k, ...rest } = t;
    return { apiVersion: 'v1', kind: 'PersistentVolumeClaim', ...rest };
  });
  if (spec.volumeClaimTemplates === undefined) delete spec.volumeClaimTemplates;
  spec.template ??= { spec: { containers: [] } };
  spec.template.spec ??= { containers: [] };
  return defaultPodSpec(spec.template.spec) || c;
}

/** SetDefaults_PodFailurePolicyOnPodConditionsPattern: a pattern without a status means True. */
function defaultPodFailurePolicy(spec: JobSpec): boolean {
  let c = false;
  for (const rule of spec.podFailurePolicy?.rules ?? []) for (const pattern of rule.onPodConditions ?? []) c = setIfZero(pattern, 'status', 'True') || c;
  return c;
}

function defaultJobTemplate(spec: JobSpec): boolean {
  spec.template ??= { spec: { containers: [] } };
  spec.template.spec ??= { containers: [] };
  return defaultPodSpec(spec.template.spec);
}

/** SetDefaults_Job (batch/v1). */
function defaultJob(job: Job): boolean {
  const spec = specOf<JobSpec>(job);
  let c = false;
  // A non-parallel Job may leave both unset: both become 1.
  if (spec.completions === undefined && spec.parallelism === undefined) {
    spec.completions = 1;
    c = true;
  }
  c = setIfAbsent(spec, 'parallelism', 1) || c;
  c = setIfAbsent(spec, 'backoffLimit', spec.backoffLimitPerIndex !== undefined ? 2147483647 : 6) || c;
  const labels = spec.template?.metadata?.labels;
  if (labels && Object.keys(job.metadata.labels ?? {}).length === 0) {
    job.metadata.labels = { ...labels };
    c = true;
  }
  c = setIfAbsent(spec, 'completionMode', 'NonIndexed') || c;
  c = setIfAbsent(spec, 'suspend', false) || c;
  c = defaultPodFailurePolicy(spec) || c;
  c = setIfAbsent(spec, 'podReplacementPolicy', spec.podFailurePolicy ? 'Failed' : 'TerminatingOrFailed') || c;
  c = setIfAbsent(spec, 'manualSelector', false) || c;
  return defaultJobTemplate(spec) || c;
}

/** SetDefaults_CronJob (batch/v1). Its jobTemplate gets only the Pod template's defaults. */
function defaultCronJob(cj: CronJob): boolean {
  const spec = specOf<CronJob['spec']>(cj);
  let c = setIfZero(spec, 'concurrencyPolicy', 'Allow');
  c = setIfAbsent(spec, 'suspend', false) || c;
  c = setIfAbsent(spec, 'successfulJobsHistoryLimit', 3) || c;
  c = setIfAbsent(spec, 'failedJobsHistoryLimit', 1) || c;
  spec.jobTemplate ??= { spec: { template: { spec: { containers: [] } } } };
  spec.jobTemplate.spec ??= { template: { spec: { containers: [] } } };
  c = defaultPodFailurePolicy(spec.jobTemplate.spec) || c;
  return defaultJobTemplate(spec.jobTemplate.spec) || c;
}

function defaultService(s: Service): boolean {
  const spec = specOf<Service['spec']>(s);
  let c = setIfZero(spec, 'type', 'ClusterIP');
  c = setIfZero(spec, 'sessionAffinity', 'None') || c;
  if (spec.sessionAffinity === 'ClientIP') {
    const cfg = ((spec as Record<string, unknown>)['sessionAffinityConfig'] ??= {}) as { clientIP?: { timeoutSeconds?: number } };
    cfg.clientIP ??= {};
    c = setIfAbsent(cfg.clientIP, 'timeoutSeconds', 10800) || c;
  }
  if (spec.type !== 'ExternalName') c = setIfAbsent(spec, 'internalTrafficPolicy', 'Cluster') || c;
  if (spec.type === 'NodePort' || spec.type === 'LoadBalancer') c = setIfZero(spec, 'externalTrafficPolicy', 'Cluster') || c;
  if (spec.type === 'LoadBalancer') c = setIfAbsent(spec as { allocateLoadBalancerNodePorts?: boolean }, 'allocateLoadBalancerNodePorts', true) || c;
  for (const p of spec.ports ?? []) {
    c = setIfZero(p, 'protocol', 'TCP') || c;
    c = setIfZero(p, 'targetPort', p.port) || c;
  }
  return c;
}

/** The v1 → internal conversion folds stringData into data; the stored Secret has no stringData. */
function defaultSecret(s: Secret): boolean {
  let c = setIfZero(s, 'type', 'Opaque');
  if (s.stringData) {
    s.data ??= {};
    for (const [k, v] of Object.entries(s.stringData)) setOwn(s.data, k, base64Encode(String(v)));
    delete s.stringData;
    c = true;
  }
  return c;
}

export function applyDefaults(info: ResourceInfo, obj: KObject): boolean {
  switch (info.resource) {
    case 'pods': {
      const spec = specOf<PodSpec>(obj);
      spec.containers ??= [];
      return defaultPod(spec);
    }
    case 'deployments':
      return defaultDeployment(obj as Deployment);
    case 'daemonsets':
      return defaultDaemonSet(obj as DaemonSet);
    case 'statefulsets':
      return defaultStatefulSet(obj as StatefulSet);
    case 'jobs':
      return defaultJob(obj as Job);
    case 'cronjobs':
      return defaultCronJob(obj as CronJob);
    case 'replicationcontrollers':
      return defaultReplicationController(obj as ReplicationController);
    case 'podtemplates': {
      const t = (obj as PodTemplate).template;
      return t?.spec ? defaultPodSpec(t.spec) : false;
    }
    case 'replicasets': {
      const spec = specOf<ReplicaSet['spec']>(obj);
      const c = setIfAbsent(spec, 'replicas', 1);
      return (spec.template?.spec ? defaultPodSpec(spec.template.spec) : false) || c;
    }
    case 'namespaces': {
      // SetDefaults_Namespace: every Namespace is selectable by its own name.
      const labels = (obj.metadata.labels ??= {});
      if (labels['kubernetes.io/metadata.name'] === obj.metadata.name) return false;
      labels['kubernetes.io/metadata.name'] = obj.metadata.name ?? '';
      return true;
    }
    case 'services':
      return defaultService(obj as Service);
    case 'customresourcedefinitions':
      return defaultCrd(obj);
    case 'limitranges':
      return defaultLimitRange(obj as LimitRange);
    case 'resourcequotas':
      return canonicalizeQuota(obj as ResourceQuota);
    case 'secrets':
      return defaultSecret(obj as Secret);
    case 'persistentvolumeclaims': {
      const pvc = obj as PersistentVolumeClaim;
      let c = setIfAbsent(specOf<PersistentVolumeClaim['spec']>(pvc), 'volumeMode', 'Filesystem');
      pvc.status ??= {};
      c = setIfZero(pvc.status, 'phase', 'Pending') || c;
      return c;
    }
    case 'persistentvolumes': {
      const pv = obj as PersistentVolume;
      const spec = specOf<PersistentVolume['spec']>(pv);
      let c = setIfZero(spec, 'persistentVolumeReclaimPolicy', 'Retain');
      c = setIfAbsent(spec, 'volumeMode', 'Filesystem') || c;
      pv.status ??= {};
      c = setIfZero(pv.status, 'phase', 'Pending') || c;
      return c;
    }
    case 'rolebindings':
    case 'clusterrolebindings':
      return defaultRoleBinding(obj as RoleBinding);
    case 'flowschemas':
      return defaultFlowSchema(obj);
    case 'prioritylevelconfigurations':
      return defaultPriorityLevelConfiguration(obj);
    case 'priorityclasses':
      return setIfAbsent(obj as { preemptionPolicy?: string }, 'preemptionPolicy', 'PreemptLowerPriority');
    case 'networkpolicies': {
      // podSelector has no omitempty: an absent one decodes as the empty selector (every Pod).
      const np = obj as NetworkPolicy;
      const c = setIfAbsent(specOf<NetworkPolicy['spec']>(np), 'podSelector', {});
      return defaultNetworkPolicy(np) || c;
    }
    case 'ingressclasses': {
      // SetDefaults_IngressClass: parameters without a scope refer to a cluster-scoped object.
      const params = (obj as IngressClass).spec?.parameters;
      return params ? setIfAbsent(params, 'scope', 'Cluster') : false;
    }
    case 'validatingadmissionpolicies':
      return defaultValidatingAdmissionPolicy(obj);
    case 'validatingadmissionpolicybindings':
      return defaultValidatingAdmissionPolicyBinding(obj);
    case 'validatingwebhookconfigurations':
    case 'mutatingwebhookconfigurations':
      return defaultWebhookConfiguration(obj, info.resource === 'mutatingwebhookconfigurations');
    case 'horizontalpodautoscalers':
      return defaultHorizontalPodAutoscaler(obj as HorizontalPodAutoscaler);
    case 'apiservices':
      return defaultAPIService(obj.spec as APIService['spec'] | undefined);
    case 'storageclasses': {
      const sc = obj as StorageClass;
      let c = setIfZero(sc, 'reclaimPolicy', 'Delete');
      c = setIfZero(sc, 'volumeBindingMode', 'Immediate') || c;
      return c;
    }
    default:
      return false;
  }
}
