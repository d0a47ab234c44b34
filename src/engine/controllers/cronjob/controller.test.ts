import { beforeAll, describe, expect, it } from 'vitest';
import type { CronJob, Job, KEvent } from '../../../k8s/types';
import { EPOCH_MS, parseTimestamp } from '../../../k8s/time';
import { Simulation } from '../../simulation';
import { create, get, waitFor } from '../controllers.testing';

function cronJob(name: string, spec: Partial<CronJob['spec']> = {}): CronJob {
  return {
    apiVersion: 'batch/v1',
    kind: 'CronJob',
    metadata: { name },
    spec: {
      schedule: '*/1 * * * *',
      jobTemplate: { spec: { template: { spec: { containers: [{ name: 'tick', image: 'busybox:1.36', command: ['sh', '-c', 'date'] }], restartPolicy: 'OnFailure' } } } },
      ...spec,
    },
  };
}

const jobsOf = (sim: Simulation, cj: string): Job[] => sim.objects<Job>('jobs').filter((j) => j.metadata.ownerReferences?.some((r) => r.kind === 'CronJob' && r.name === cj));
const cjEvents = (sim: Simulation, name: string): KEvent[] => sim.objects<KEvent>('events').filter((e) => e.involvedObject.kind === 'CronJob' && e.involvedObject.name === name);

describe('cronjob-controller', () => {
  let base: Simulation;
  beforeAll(() => {
    base = new Simulation({ seed: 1 });
  });
  const fresh = (): Simulation => Simulation.fromSnapshot(base.snapshot());

  it('fires every minute on the minute, names Jobs by the minute and keeps successfulJobsHistoryLimit of them', () => {
    const sim = fresh();
    const cj = create(sim, 'cronjobs', cronJob('tick', { successfulJobsHistoryLimit: 2 }));
    expect(cj.spec).toMatchObject({ concurrencyPolicy: 'Allow', suspend: false, failedJobsHistoryLimit: 1, successfulJobsHistoryLimit: 2 });
    waitFor(sim, 'three runs', () => cjEvents(sim, 'tick').filter((e) => e.reason === 'SuccessfulCreate').length === 3, 4 * 60_000);
    sim.advance(30_000);
    const created = cjEvents(sim, 'tick').filter((e) => e.reason === 'SuccessfulCreate').map((e) => e.message!.replace('Created job ', ''));
    // Each name is the scheduled minute since the epoch, one minute apart.
    const minutes = created.map((n) => Number(n.replace('tick-', '')));
    expect(minutes[1]! - minutes[0]!).toBe(1);
    expect(minutes[2]! - minutes[1]!).toBe(1);
    expect(minutes[0]! * 60_000).toBeGreaterThan(EPOCH_MS + parseTimestamp(cj.metadata.creationTimestamp!));
    const jobs = jobsOf(sim, 'tick');
    expect(jobs.map((j) => j.metadata.name).sort()).toEqual(created.slice(1));
    expect(jobs[0]!.metadata.annotations?.['batch.kubernetes.io/cronjob-scheduled-timestamp']).toMatch(/^2025-09-01T09:0\d:00Z$/);
    expect(cjEvents(sim, 'tick').filter((e) => e.reason === 'SuccessfulDelete').map((e) => e.message)).toEqual([`Deleted job ${created[0]}`]);
    expect(cjEvents(sim, 'tick').filter((e) => e.reason === 'SawCompletedJob').map((e) => e.message)).toEqual(created.map((n) => `Saw completed job: ${n}, status: Complete`));
    const status = get<CronJob>(sim, 'cronjobs', 'tick')!.status!;
    expect(status.active).toBeUndefined();
    expect(status.lastScheduleTime).toBe(`2025-09-01T09:0${String(minutes[2]! - EPOCH_MS / 60_000)}:00Z`);
    expect(status.lastSuccessfulTime).toBeDefined();
  });

  it('skips a run while the last is active under Forbid, and replaces it under Replace', () => {
    const sim = fresh();
    const long = { jobTemplate: { spec: { template: { spec: { containers: [{ name: 'w', image: 'busybox:1.36', command: ['sleep', '3600'] }], restartPolicy: 'Never' as const } } } } };
    create(sim, 'cronjobs', cronJob('forbid', { concurrencyPolicy: 'Forbid', ...long }));
    create(sim, 'cronjobs', cronJob('replace', { concurrencyPolicy: 'Replace', ...long }));
    waitFor(sim, 'the second minute', () => cjEvents(sim, 'replace').some((e) => e.reason === 'SuccessfulDelete'), 3 * 60_000);
    expect(cjEvents(sim, 'forbid').map((e) => e.reason)).toEqual(['SuccessfulCreate', 'JobAlreadyActive']);
    expect(cjEvents(sim, 'forbid').at(-1)!.message).toBe('Not starting job because prior execution is running and concurrency policy is Forbid');
    expect(cjEvents(sim, 'replace').map((e) => e.reason)).toEqual(['SuccessfulCreate', 'SuccessfulDelete', 'SuccessfulCreate']);
    expect(get<CronJob>(sim, 'cronjobs', 'replace')!.status?.active).toHaveLength(1);
  });

  it('creates nothing while suspended', () => {
    const sim = fresh();
    create(sim, 'cronjobs', cronJob('paused', { suspend: true }));
    sim.advance(3 * 60_000);
    expect(jobsOf(sim, 'paused')).toHaveLength(0);
  });
});
