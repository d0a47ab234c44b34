/** describeJob and describeCronJob (describe.go). */
import type { CronJob, Job, JobTemplateSpec } from '../../k8s/types';
import { formatLabelSelector } from '../../k8s/labels';
import { humanDuration, parseTimestamp } from '../../k8s/time';
import type { Client } from '../client';
import { DescribeWriter } from './writer';
import { annotationsMultiline, controllerOf, describeEvents, describePodTemplate, fmtTime, labelsMultiline, searchEvents, SHOW_EVENTS, type DescriberSettings } from './common';

/** capIndexesListOrNone: long index lists are cut after the first comma past `softLimit`. */
function capIndexes(indexes: string | undefined, softLimit: number): string {
  if (!indexes) return '<none>';
  let ix = softLimit;
  while (ix < indexes.length && indexes[ix] !== ',') ix++;
  return ix >= indexes.length ? indexes : `${indexes.slice(0, ix + 1)}...`;
}

export function describeJob(client: Client, job: Job, now: number, settings: DescriberSettings = SHOW_EVENTS): string {
  const w = new DescribeWriter();
  const spec = job.spec ?? ({} as Job['spec']);
  const s = job.status ?? {};
  w.write(0, `Name:\t${job.metadata.name ?? ''}\n`);
  w.write(0, `Namespace:\t${job.metadata.namespace ?? ''}\n`);
  w.write(0, `Selector:\t${formatLabelSelector(spec.selector)}\n`);
  labelsMultiline(w, 'Labels', job.metadata.labels);
  annotationsMultiline(w, 'Annotations', job.metadata.annotations);
  const ctl = controllerOf(job);
  if (ctl) w.write(0, `Controlled By:\t${ctl}\n`);
  if (spec.parallelism !== undefined) w.write(0, `Parallelism:\t${spec.parallelism}\n`);
  w.write(0, `Completions:\t${spec.completions ?? '<unset>'}\n`);
  if (spec.completionMode !== undefined) w.write(0, `Completion Mode:\t${spec.completionMode}\n`);
  if (spec.suspend !== undefined) w.write(0, `Suspend:\t${spec.suspend}\n`);
  if (spec.backoffLimit !== undefined) w.write(0, `Backoff Limit:\t${spec.backoffLimit}\n`);
  if (spec.ttlSecondsAfterFinished !== undefined) w.write(0, `TTL Seconds After Finished:\t${spec.ttlSecondsAfterFinished}\n`);
  if (s.startTime) w.write(0, `Start Time:\t${fmtTime(s.startTime)}\n`);
  if (s.completionTime) w.write(0, `Completed At:\t${fmtTime(s.completionTime)}\n`);
  if (s.startTime && s.completionTime) w.write(0, `Duration:\t${humanDuration(parseTimestamp(s.completionTime) - parseTimestamp(s.startTime))}\n`);
  if (spec.activeDeadlineSeconds !== undefined) w.write(0, `Active Deadline Seconds:\t${spec.activeDeadlineSeconds}s\n`);
  if (s.ready === undefined) w.write(0, `Pods Statuses:\t${s.active ?? 0} Active / ${s.succeeded ?? 0} Succeeded / ${s.failed ?? 0} Failed\n`);
  else w.write(0, `Pods Statuses:\t${s.active ?? 0} Active (${s.ready} Ready) / ${s.succeeded ?? 0} Succeeded / ${s.failed ?? 0} Failed\n`);
  if (spec.completionMode === 'Indexed') w.write(0, `Completed Indexes:\t${capIndexes(s.completedIndexes, 50)}\n`);
  describePodTemplate(w, spec.template);
  if (settings.showEvents) describeEvents(w, searchEvents(client, { name: job.metadata.name ?? '', namespace: job.metadata.namespace, kind: 'Job', uid: job.metadata.uid }), now);
  return w.toString();
}

function describeJobTemplate(w: DescribeWriter, t: JobTemplateSpec | undefined): void {
  const spec = t?.spec;
  w.write(0, `Selector:\t${spec?.selector ? formatLabelSelector(spec.selector) : '<unset>'}\n`);
  w.write(0, `Parallelism:\t${spec?.parallelism ?? '<unset>'}\n`);
  w.write(0, `Completions:\t${spec?.completions ?? '<unset>'}\n`);
  if (spec?.activeDeadlineSeconds !== undefined) w.write(0, `Active Deadline Seconds:\t${spec.activeDeadlineSeconds}s\n`);
  describePodTemplate(w, spec?.template);
}

export function describeCronJob(client: Client, cj: CronJob, now: number, settings: DescriberSettings = SHOW_EVENTS): string {
  const w = new DescribeWriter();
  const spec = cj.spec ?? ({} as CronJob['spec']);
  w.write(0, `Name:\t${cj.metadata.name ?? ''}\n`);
  w.write(0, `Namespace:\t${cj.metadata.namespace ?? ''}\n`);
  labelsMultiline(w, 'Labels', cj.metadata.labels);
  annotationsMultiline(w, 'Annotations', cj.metadata.annotations);
  w.write(0, `Schedule:\t${spec.schedule ?? ''}\n`);
  w.write(0, `Concurrency Policy:\t${spec.concurrencyPolicy ?? ''}\n`);
  w.write(0, `Suspend:\t${spec.suspend === undefined ? '<unset>' : spec.suspend ? 'True' : 'False'}\n`);
  w.write(0, `Time Zone:\t${spec.timeZone ?? '<unset>'}\n`);
  w.write(0, `Successful Job History Limit:\t${spec.successfulJobsHistoryLimit ?? '<unset>'}\n`);
  w.write(0, `Failed Job History Limit:\t${spec.failedJobsHistoryLimit ?? '<unset>'}\n`);
  w.write(0, `Starting Deadline Seconds:\t${spec.startingDeadlineSeconds !== undefined ? `${spec.startingDeadlineSeconds}s` : '<unset>'}\n`);
  describeJobTemplate(w, spec.jobTemplate);
  w.write(0, `Last Schedule Time:\t${cj.status?.lastScheduleTime ? fmtTime(cj.status.lastScheduleTime) : '<unset>'}\n`);
  const active = (cj.status?.active ?? []).map((r) => r.name ?? '');
  w.write(0, `Active Jobs:\t${active.length ? active.join(', ') : '<none>'}\n`);
  if (settings.showEvents) describeEvents(w, searchEvents(client, { name: cj.metadata.name ?? '', namespace: cj.metadata.namespace, kind: 'CronJob', uid: cj.metadata.uid }), now);
  return w.toString();
}
