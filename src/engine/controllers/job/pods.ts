/**
 * The Job controller's Pod writes (RealPodControl and job_controller.go): Pods are created from
 * the template with the tracking finalizer and, for an Indexed Job, their index as annotation,
 * label, hostname, name prefix and JOB_COMPLETION_INDEX; deleting a Pod leaves its finalizer for
 * the status tracking to remove once the Pod is counted.
 */
import type { Container, Job, KObject, Pod } from '../../../k8s/types';
import type { ControllerContext } from '../framework';
import { isNamespaceTerminating, statusCode } from '../util/errors';
import { newControllerRef } from '../util/meta';
import { cloneData } from '../../core/clone';
import { COMPLETION_INDEX_ENV, JOB_COMPLETION_INDEX, JOB_TRACKING_FINALIZER } from './util';

/** names.MaxGeneratedNameLength. */
const MAX_GENERATED_NAME_LENGTH = 58;

/** podGenerateNameWithIndex. */
function generateNameWithIndex(jobName: string, index: number): string {
  const suffix = `-${index}-`;
  const prefix = jobName + suffix;
  return prefix.length > MAX_GENERATED_NAME_LENGTH ? jobName.slice(0, MAX_GENERATED_NAME_LENGTH - suffix.length) + suffix : prefix;
}

/** addCompletionIndexEnvVariable: the index, read through the downward API from the label (PodIndexLabel, GA in 1.32). */
function withIndexEnv(c: Container): Container {
  if ((c.env ?? []).some((e) => e.name === COMPLETION_INDEX_ENV)) return c;
  return { ...c, env: [...(c.env ?? []), { name: COMPLETION_INDEX_ENV, valueFrom: { fieldRef: { fieldPath: `metadata.labels['${JOB_COMPLETION_INDEX}']` } } }] };
}

/** Creates one Pod (`indexAnnotations`: backoffLimitPerIndex's counts); returns an error message on failure (undefined on success or a terminating namespace). */
export function createJobPod(ctx: ControllerContext, job: Job, index: number, indexAnnotations?: Record<string, string>): string | undefined {
  const t = job.spec.template;
  const spec = cloneData(t?.spec ?? { containers: [] });
  const metadata: KObject['metadata'] = {
    generateName: `${job.metadata.name}-`,
    labels: { ...(t?.metadata?.labels ?? {}) },
    ownerReferences: [newControllerRef(job, 'batch/v1', 'Job')],
  };
  const annotations = { ...(t?.metadata?.annotations ?? {}) };
  const finalizers = [...(t?.metadata?.finalizers ?? [])];
  if (!finalizers.includes(JOB_TRACKING_FINALIZER)) finalizers.push(JOB_TRACKING_FINALIZER);
  if (index >= 0) {
    spec.containers = spec.containers.map(withIndexEnv);
    if (spec.initContainers) spec.initContainers = spec.initContainers.map(withIndexEnv);
    annotations[JOB_COMPLETION_INDEX] = String(index);
    // backoffLimitPerIndex: the index's failure counts so far (per-index.ts).
    Object.assign(annotations, indexAnnotations ?? {});
    metadata.labels![JOB_COMPLETION_INDEX] = String(index);
    spec.hostname = `${job.metadata.name}-${index}`;
    metadata.generateName = generateNameWithIndex(job.metadata.name ?? '', index);
  }
  if (Object.keys(annotations).length) metadata.annotations = annotations;
  metadata.finalizers = finalizers;
  const body: Pod = { apiVersion: 'v1', kind: 'Pod', metadata, spec };
  const res = ctx.request({ verb: 'create', resource: 'pods', namespace: job.metadata.namespace, body });
  if (!res.ok) {
    if (isNamespaceTerminating(res)) return undefined;
    ctx.record(job, { type: 'Warning', reason: 'FailedCreate', message: `Error creating: ${res.error.message}` });
    return res.error.message;
  }
  ctx.record(job, { type: 'Normal', reason: 'SuccessfulCreate', message: `Created pod: ${res.object?.metadata.name ?? ''}` });
  return undefined;
}

/** PodControl.DeletePod: ok when the Pod is gone or going. */
export function deleteJobPod(ctx: ControllerContext, job: Job, pod: Pod): { ok: boolean; notFound?: boolean; error?: string } {
  const res = ctx.request({ verb: 'delete', resource: 'pods', namespace: pod.metadata.namespace, name: pod.metadata.name });
  if (res.ok) {
    ctx.record(job, { type: 'Normal', reason: 'SuccessfulDelete', message: `Deleted pod: ${pod.metadata.name}` });
    return { ok: true };
  }
  if (statusCode(res) === 404) return { ok: false, notFound: true };
  ctx.record(job, { type: 'Warning', reason: 'FailedDelete', message: `Error deleting: ${res.error.message}` });
  return { ok: false, error: res.error.message };
}

/**
 * removeTrackingFinalizerPatch: a strategic merge patch deleting the one finalizer from the set,
 * so a finalizer another party adds meanwhile stays.
 */
export function removeTrackingFinalizer(ctx: ControllerContext, pod: Pod): { ok: boolean; error?: string } {
  const res = ctx.request({
    verb: 'patch',
    resource: 'pods',
    namespace: pod.metadata.namespace,
    name: pod.metadata.name,
    body: { metadata: { '$deleteFromPrimitiveList/finalizers': [JOB_TRACKING_FINALIZER] } } as unknown as KObject,
  });
  if (res.ok || statusCode(res) === 404) return { ok: true };
  return { ok: false, error: res.error.message };
}
