/**
 * Registry strategies' PrepareForCreate and PrepareForUpdate. PrepareForCreate runs after the
 * system fields (uid) are filled in and before validation; on update, fields a plain update
 * may not touch are reset to the stored values, so they are silently kept rather than rejected.
 */
import type { Container, Job, KObject, PodSpec, Service } from '../../../k8s/types';
import type { ResourceInfo } from '../../../k8s/resources';
import { dropTypeDependentFields } from './service-strategy';
import type { UserInfo } from '../auth';
import type { CertificateSigningRequest } from '../../../k8s/certificates';

/** batch/v1 labels the Job strategy writes (k8s.io/api/batch/v1 types.go). */
export const JOB_NAME_LABEL = 'batch.kubernetes.io/job-name';
export const CONTROLLER_UID_LABEL = 'batch.kubernetes.io/controller-uid';
const LEGACY_JOB_NAME_LABEL = 'job-name';
const LEGACY_CONTROLLER_UID_LABEL = 'controller-uid';

/**
 * jobStrategy.generateSelector: unless spec.manualSelector, the template gets both the legacy
 * and the prefixed job-name and controller-uid labels (a label the user set is kept, so a
 * conflicting one fails validation) and the selector matches on the prefixed controller-uid.
 */
function generateJobSelector(job: Job): void {
  const spec = job.spec;
  if (spec.manualSelector) return;
  spec.template ??= { spec: { containers: [] } };
  const meta = (spec.template.metadata ??= {});
  const labels = (meta.labels ??= {});
  for (const k of [LEGACY_JOB_NAME_LABEL, JOB_NAME_LABEL]) labels[k] ??= job.metadata.name ?? '';
  for (const k of [LEGACY_CONTROLLER_UID_LABEL, CONTROLLER_UID_LABEL]) labels[k] ??= job.metadata.uid ?? '';
  spec.selector ??= {};
  const matchLabels = (spec.selector.matchLabels ??= {});
  matchLabels[CONTROLLER_UID_LABEL] ??= job.metadata.uid ?? '';
  // SetDefaults_Job runs again on every read: a Job without labels of its own shows its
  // template's, now including the generated ones.
  if (Object.keys(job.metadata.labels ?? {}).length === 0) job.metadata.labels = { ...labels };
}

/**
 * csrStrategy.PrepareForCreate: the requestor is whoever sent it (username, uid, groups and extra
 * from the request's user, whatever the body said), and nobody creates a request already approved.
 */
function prepareCsrForCreate(csr: CertificateSigningRequest, user: UserInfo): void {
  const spec = (csr.spec ??= { request: '', signerName: '' });
  delete spec.uid;
  delete spec.groups;
  delete spec.extra;
  spec.username = user.name;
  if (user.uid) spec.uid = user.uid;
  if (user.groups.length) spec.groups = [...user.groups];
  if (user.extra && Object.keys(user.extra).length) spec.extra = Object.fromEntries(Object.entries(user.extra).map(([k, v]) => [k, [...v]]));
  csr.status = {};
}

/**
 * populateConditionTimestamps (the CSR strategies, on every update): a condition without a
 * lastUpdateTime gets now; without a lastTransitionTime, the stored one of the same type and
 * status, else now. Conditions are new objects, so the stored version is never touched.
 */
export function populateConditionTimestamps(csr: CertificateSigningRequest, old: CertificateSigningRequest, now: string): void {
  const conditions = csr.status?.conditions;
  if (!conditions?.length) return;
  csr.status = {
    ...csr.status,
    conditions: conditions.map((c) => {
      if (c.lastUpdateTime && c.lastTransitionTime) return c;
      const before = old.status?.conditions?.find((o) => o.type === c.type && o.status === c.status && o.lastTransitionTime);
      return { ...c, lastUpdateTime: c.lastUpdateTime || now, lastTransitionTime: c.lastTransitionTime || before?.lastTransitionTime || now };
    }),
  };
}

export function prepareForCreate(info: ResourceInfo, obj: KObject, user?: UserInfo): void {
  switch (info.resource) {
    case 'certificatesigningrequests':
      if (user) prepareCsrForCreate(obj as CertificateSigningRequest, user);
      return;
    case 'jobs':
      generateJobSelector(obj as Job);
      return;
    case 'horizontalpodautoscalers':
      // autoscalerStrategy.PrepareForCreate: the status is the controller's (desiredReplicas has no omitempty).
      obj.status = { desiredReplicas: 0 };
      return;
    case 'services':
      // svcStrategy.PrepareForCreate resets status to ServiceStatus{}, whose loadBalancer is a
      // struct without omitempty: every Service is stored and served with `loadBalancer: {}`.
      obj.status = { loadBalancer: {} };
      return;
    case 'ingresses':
      // ingressStrategy.PrepareForCreate: IngressStatus{}, whose loadBalancer struct encoding/json
      // always writes; only an ingress controller would fill it.
      obj.status = { loadBalancer: {} };
      return;
    case 'poddisruptionbudgets':
      // podDisruptionBudgetStrategy.PrepareForCreate: a new budget allows nothing until the controller counts.
      obj.status = { disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0 };
      return;
    default:
      return;
  }
}

/**
 * podResizeStrategy (dropNonResizeUpdates): the stored Pod with only each container's
 * resources and resizePolicy taken from the request, paired by index; a renamed or reordered
 * container keeps its new name so ValidatePodResize can refuse it. Status and metadata stay.
 */
function dropNonResizeUpdates(obj: KObject, old: KObject): void {
  const next = obj.spec as PodSpec | undefined;
  const stored = old.spec as PodSpec;
  const merge = (olds: Container[] | undefined, news: Container[] | undefined): Container[] | undefined =>
    olds?.map((o, i) => {
      const n = news?.[i];
      if (!n) return o;
      const c: Container = { ...o, name: n.name };
      if (n.resources !== undefined) c.resources = n.resources;
      else delete c.resources;
      if (n.resizePolicy !== undefined) c.resizePolicy = n.resizePolicy;
      else delete c.resizePolicy;
      return c;
    });
  const spec: PodSpec = { ...stored, containers: merge(stored.containers, next?.containers) ?? [] };
  if (stored.initContainers) spec.initContainers = merge(stored.initContainers, next?.initContainers);
  obj.spec = spec;
  obj.status = old.status;
  obj.metadata = { ...old.metadata, ...(obj.metadata?.resourceVersion !== undefined ? { resourceVersion: obj.metadata.resourceVersion } : {}) };
}

export function prepareForUpdate(info: ResourceInfo, obj: KObject, old: KObject, subresource: string | undefined): void {
  switch (info.resource) {
    case 'namespaces': {
      // namespaceStrategy: spec.finalizers change only through namespaces/finalize.
      if (subresource === 'finalize') return;
      const oldFinalizers = (old.spec as { finalizers?: string[] } | undefined)?.finalizers;
      const spec = ((obj.spec as Record<string, unknown> | undefined) ?? {}) as { finalizers?: string[] };
      if (oldFinalizers) spec.finalizers = structuredClone(oldFinalizers);
      else delete spec.finalizers;
      obj.spec = spec;
      return;
    }
    case 'services':
      if (subresource === undefined) dropTypeDependentFields(obj as Service, old as Service);
      return;
    case 'certificatesigningrequests':
      // csrStrategy.PrepareForUpdate: a request is immutable except through its subresources
      // (the status is kept by update() as for every resource with a status subresource).
      if (subresource === undefined) obj.spec = old.spec;
      return;
    case 'pods':
      // podEphemeralContainersStrategy (dropNonEphemeralContainerUpdates): only
      // spec.ephemeralContainers changes; the rest of the spec, the status and the metadata
      // (ResetObjectMetaForStatus) stay as stored.
      if (subresource === 'ephemeralcontainers') {
        const ecs = (obj.spec as PodSpec | undefined)?.ephemeralContainers;
        const spec: PodSpec = { ...(old.spec as PodSpec) };
        if (ecs !== undefined) spec.ephemeralContainers = ecs;
        else delete spec.ephemeralContainers;
        obj.spec = spec;
        obj.status = old.status;
        for (const k of ['labels', 'annotations', 'finalizers', 'ownerReferences'] as const) {
          if (old.metadata[k] !== undefined) (obj.metadata as Record<string, unknown>)[k] = old.metadata[k];
          else delete obj.metadata[k];
        }
      }
      if (subresource === 'resize') dropNonResizeUpdates(obj, old);
      return;
    default:
      return;
  }
}
