/**
 * Jobs and CronJobs (pkg/apis/batch/validation): the template's Pods must restart OnFailure or
 * Never, the selector must select them, counts are non-negative, an Indexed Job needs
 * completions; a CronJob's schedule must parse as robfig/cron reads it and its timeZone must
 * exist. On update the selector, the completion mode and the Pod template are immutable.
 * The generated-selector label checks (ValidateGeneratedSelector) are left out: the strategy
 * always writes the labels it checks.
 */
import type { CronJob, Job, JobSpec, PodTemplateSpec } from '../../../k8s/types';
import { fromLabelSelector, matches } from '../../../k8s/labels';
import { CronError, parseStandard } from '../../../k8s/cron';
import { isKnownZone } from '../../../k8s/timezones';
import type { FieldError } from '../status';
import { immutable, invalid, nonNegative, notSupported, path, required, type Path } from './field';
import { mapValue, selectorValue, validateAnnotations, validateLabels, validateLabelSelector, validateObjectMeta, validateObjectMetaUpdate } from './meta';
import { nameIsDNSSubdomain } from '../../../k8s/string-validation';
import { validatePodSpec } from './podspec';
import { pushAll } from '../../../k8s/arrays';

/** maxParallelismForIndexedJob. */
const MAX_INDEXED_PARALLELISM = 100_000;
/** A CronJob's name leaves room for the `-<minutes>` suffix of its Jobs' names. */
const CRONJOB_NAME_MAX = 52;

function validateJobTemplate(spec: JobSpec, t: PodTemplateSpec | undefined, p: Path): FieldError[] {
  const template = t ?? ({ spec: {} } as PodTemplateSpec);
  const tp = p.child('template');
  const errs: FieldError[] = [];
  pushAll(errs, validateLabels(template.metadata?.labels, tp.child('labels')));
  pushAll(errs, validateAnnotations(template.metadata?.annotations, tp.child('annotations')));
  const podSpec = template.spec ?? ({} as PodTemplateSpec['spec']);
  pushAll(errs, validatePodSpec(podSpec, tp.child('spec')));
  const policy = podSpec.restartPolicy ?? '';
  const rp = tp.child('spec', 'restartPolicy');
  // Pod defaulting turns an absent restartPolicy into Always, so both read as "not set".
  if (policy === 'Always' || policy === '') errs.push(required(rp, 'valid values: "OnFailure", "Never"'));
  else if (policy !== 'OnFailure' && policy !== 'Never') errs.push(notSupported(rp, policy, ['OnFailure', 'Never']));
  else if (spec.podFailurePolicy && policy !== 'Never') errs.push(invalid(rp, policy, 'only "Never" is supported when podFailurePolicy is specified'));
  return errs;
}

/** validateJobSpec: what a Job and a CronJob's jobTemplate share. */
function validateJobSpecCommon(spec: JobSpec, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  pushAll(errs, nonNegative(spec.parallelism, p.child('parallelism')));
  pushAll(errs, nonNegative(spec.completions, p.child('completions')));
  pushAll(errs, nonNegative(spec.activeDeadlineSeconds, p.child('activeDeadlineSeconds')));
  pushAll(errs, nonNegative(spec.backoffLimit, p.child('backoffLimit')));
  pushAll(errs, nonNegative(spec.ttlSecondsAfterFinished, p.child('ttlSecondsAfterFinished')));
  const mode = spec.completionMode;
  if (mode !== undefined) {
    if (mode !== 'NonIndexed' && mode !== 'Indexed') errs.push(notSupported(p.child('completionMode'), mode, ['NonIndexed', 'Indexed']));
    if (mode === 'Indexed') {
      if (spec.completions === undefined) errs.push(required(p.child('completions'), 'when completion mode is Indexed'));
      if ((spec.parallelism ?? 0) > MAX_INDEXED_PARALLELISM) {
        errs.push(invalid(p.child('parallelism'), spec.parallelism, `must be less than or equal to ${MAX_INDEXED_PARALLELISM} when completion mode is Indexed`));
      }
    }
  }
  (spec.podFailurePolicy?.rules ?? []).forEach((rule, i) => {
    const rp = p.child('podFailurePolicy', 'rules').index(i);
    if (!['FailJob', 'FailIndex', 'Ignore', 'Count'].includes(rule.action)) errs.push(notSupported(rp.child('action'), rule.action, ['Count', 'FailIndex', 'FailJob', 'Ignore']));
    if (!rule.onExitCodes === !rule.onPodConditions) errs.push(invalid(rp, rule, 'specifying one of OnExitCodes and OnPodConditions is required'));
    const ec = rule.onExitCodes;
    if (ec) {
      if (ec.operator !== 'In' && ec.operator !== 'NotIn') errs.push(notSupported(rp.child('onExitCodes', 'operator'), ec.operator, ['In', 'NotIn']));
      if ((ec.values ?? []).length === 0) errs.push(required(rp.child('onExitCodes', 'values'), 'at least one value is required'));
      if (ec.operator === 'In' && (ec.values ?? []).includes(0)) errs.push(invalid(rp.child('onExitCodes', 'values').index(ec.values.indexOf(0)), 0, 'must not be 0 for the In operator'));
    }
  });
  pushAll(errs, validateJobTemplate(spec, spec.template, p));
  return errs;
}

/** ValidateJobSpec: a Job's own selector is required and must select its template. */
function validateJobSpec(spec: JobSpec, p: Path): FieldError[] {
  const errs = validateJobSpecCommon(spec, p);
  if (!spec.selector) errs.push(required(p.child('selector')));
  else {
    pushAll(errs, validateLabelSelector(spec.selector, p.child('selector')));
    const labels = spec.template?.metadata?.labels;
    if (!matches(fromLabelSelector(spec.selector), labels)) errs.push(invalid(p.child('template', 'metadata', 'labels'), mapValue(labels), '`selector` does not match template `labels`'));
  }
  return errs;
}

export function validateJob(job: Job, old: Job | undefined): FieldError[] {
  const errs = old ? validateObjectMetaUpdate(job.metadata, old.metadata) : validateObjectMeta(job.metadata, true, nameIsDNSSubdomain);
  const spec = job.spec ?? ({} as JobSpec);
  pushAll(errs, validateJobSpec(spec, path('spec')));
  if (old) {
    const p = path('spec');
    pushAll(errs, immutable(selectorValue(spec.selector), selectorValue(old.spec.selector), p.child('selector')));
    pushAll(errs, immutable(spec.completionMode, old.spec.completionMode, p.child('completionMode')));
    pushAll(errs, immutable(spec.template, old.spec.template, p.child('template')));
  }
  return errs;
}

/** validateScheduleFormat and validateTimeZone. */
function validateSchedule(cj: CronJob, p: Path): FieldError[] {
  const errs: FieldError[] = [];
  const schedule = cj.spec.schedule ?? '';
  if (schedule === '') return [required(p.child('schedule'))];
  try {
    parseStandard(schedule);
  } catch (e) {
    if (!(e instanceof CronError)) throw e;
    errs.push(invalid(p.child('schedule'), schedule, e.message));
  }
  const tz = cj.spec.timeZone;
  if (schedule.includes('TZ') && tz !== undefined) errs.push(invalid(p.child('schedule'), schedule, 'cannot use both timeZone field and TZ or CRON_TZ in schedule'));
  if (tz !== undefined) {
    const tp = p.child('timeZone');
    if (tz === '') errs.push(invalid(tp, tz, 'timeZone must be nil or non-empty string'));
    else if (tz.toLowerCase() === 'local') errs.push(invalid(tp, tz, 'timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones'));
    else if (!isKnownZone(tz)) errs.push(invalid(tp, tz, `unknown time zone ${tz}`));
  }
  return errs;
}

export function validateCronJob(cj: CronJob, old: CronJob | undefined): FieldError[] {
  const errs = old ? validateObjectMetaUpdate(cj.metadata, old.metadata) : validateObjectMeta(cj.metadata, true, nameIsDNSSubdomain);
  const name = cj.metadata.name ?? '';
  if (!old && name.length > CRONJOB_NAME_MAX) errs.push(invalid(path('metadata', 'name'), name, `must be no more than ${CRONJOB_NAME_MAX} characters`));
  const p = path('spec');
  const spec = cj.spec ?? ({} as CronJob['spec']);
  pushAll(errs, validateSchedule({ ...cj, spec }, p));
  pushAll(errs, nonNegative(spec.startingDeadlineSeconds, p.child('startingDeadlineSeconds')));
  const policy = spec.concurrencyPolicy ?? '';
  if (policy === '') errs.push(required(p.child('concurrencyPolicy')));
  else if (!['Allow', 'Forbid', 'Replace'].includes(policy)) errs.push(notSupported(p.child('concurrencyPolicy'), policy, ['Allow', 'Forbid', 'Replace']));
  pushAll(errs, nonNegative(spec.successfulJobsHistoryLimit, p.child('successfulJobsHistoryLimit')));
  pushAll(errs, nonNegative(spec.failedJobsHistoryLimit, p.child('failedJobsHistoryLimit')));
  const jp = p.child('jobTemplate', 'spec');
  const jobSpec = spec.jobTemplate?.spec ?? ({} as JobSpec);
  pushAll(errs, validateJobSpecCommon(jobSpec, jp));
  if (jobSpec.selector) errs.push(invalid(jp.child('selector'), selectorValue(jobSpec.selector), '`selector` will be auto-generated'));
  if (jobSpec.manualSelector) errs.push(notSupported(jp.child('manualSelector'), true, ['nil', 'false']));
  return errs;
}
