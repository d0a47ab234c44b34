/**
 * When a CronJob runs (pkg/controller/cronjob/utils.go): mostRecentScheduleTime finds the latest
 * activation not after now, counting from status.lastScheduleTime (or the CronJob's creation)
 * and, for starting, no earlier than startingDeadlineSeconds ago; nextScheduleTimeDuration is
 * when to look again (the next activation plus 100 ms). Times are Unix milliseconds.
 */
import type { CronJob } from '../../../k8s/types';
import { nextAfter, type CronSchedule } from '../../../k8s/cron';
import { EPOCH_MS, parseTimestamp } from '../../../k8s/time';

/** nextScheduleDelta. */
const NEXT_SCHEDULE_DELTA = 100;

export type Missed = 'none' | 'few' | 'many';

export interface MostRecent {
  earliest: number;
  mostRecent?: number;
  missed: Missed;
  error?: string;
}

/** The zone a schedule without `TZ=` is read in: spec.timeZone, else the controller's UTC. */
export function zoneOf(cj: CronJob): string | undefined {
  return cj.spec.timeZone;
}

function unixOf(rfc: string): number {
  return EPOCH_MS + parseTimestamp(rfc);
}

export function mostRecentScheduleTime(cj: CronJob, now: number, sched: CronSchedule, includeStartingDeadline: boolean): MostRecent {
  let earliest = unixOf(cj.status?.lastScheduleTime ?? cj.metadata.creationTimestamp ?? '');
  const sds = cj.spec.startingDeadlineSeconds;
  if (includeStartingDeadline && sds !== undefined) earliest = Math.max(earliest, now - sds * 1000);
  const zone = zoneOf(cj);
  const t1 = nextAfter(sched, earliest, zone);
  if (t1 === undefined || now < t1) return { earliest, missed: 'none' };
  const t2 = nextAfter(sched, t1, zone);
  if (t2 === undefined || now < t2) return { earliest, mostRecent: t1, missed: 'none' };
  const between = Math.round((t2 - t1) / 1000);
  if (between < 1) return { earliest, missed: 'none', error: 'time difference between two schedules is less than 1 second' };
  const elapsed = Math.floor((now - t1) / 1000);
  const missedCount = Math.floor(elapsed / between) + 1;
  // Start one interval before the estimate and let the schedule find the exact latest time.
  const potentialEarliest = t1 + (missedCount - 2) * between * 1000;
  let mostRecent: number | undefined;
  for (let t = nextAfter(sched, potentialEarliest, zone); t !== undefined && t <= now; t = nextAfter(sched, t, zone)) mostRecent = t;
  const missed: Missed = missedCount > 100 ? 'many' : missedCount > 1 ? 'few' : 'none';
  return mostRecent === undefined ? { earliest, missed } : { earliest, mostRecent, missed };
}

/** nextScheduleTimeDuration: ms from now until the sync after the next activation. */
export function nextScheduleDelay(cj: CronJob, now: number, sched: CronSchedule): number | undefined {
  const r = mostRecentScheduleTime(cj, now, sched, false);
  let from: number;
  if (r.error) from = now;
  else if (r.mostRecent === undefined) from = r.missed === 'none' ? r.earliest : now;
  else from = r.mostRecent;
  const next = nextAfter(sched, from, zoneOf(cj));
  return next === undefined ? undefined : next + NEXT_SCHEDULE_DELTA - now;
}
