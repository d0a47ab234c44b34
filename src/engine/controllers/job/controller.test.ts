import { beforeAll, describe, expect, it } from 'vitest';
import type { Job, KEvent, Pod } from '../../../k8s/types';
import { parseTimestamp } from '../../../k8s/time';
import { Simulation } from '../../simulation';
import { create, get, waitFor } from '../controllers.testing';

function job(name: string, command: string, spec: Partial<Job['spec']> = {}): Job {
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name },
    spec: { template: { spec: { containers: [{ name: 'main', image: 'busybox:1.36', command: ['sh', '-c', command] }], restartPolicy: 'Never' } }, ...spec },
  };
}

function jobPods(sim: Simulation, name: string): Pod[] {
  return sim.objects<Pod>('pods').filter((p) => p.metadata.ownerReferences?.some((r) => r.kind === 'Job' && r.name === name));
}

function jobEvents(sim: Simulation, name: string): KEvent[] {
  return sim.objects<KEvent>('events').filter((e) => e.involvedObject.kind === 'Job' && e.involvedObject.name === name);
}

const conditionTypes = (j: Job | undefined): string[] => (j?.status?.conditions ?? []).map((c) => c.type);

describe('job-controller', () => {
  let base: Simulation;
  beforeAll(() => {
    base = new Simulation({ seed: 1 });
  });
  const fresh = (): Simulation => Simulation.fromSnapshot(base.snapshot());

  it('defaults the Job and generates its selector and the four job labels', () => {
    const sim = fresh();
    const j = create(sim, 'jobs', job('pi', 'exit 0'));
    const uid = j.metadata.uid!;
    expect(j.spec).toMatchObject({ completions: 1, parallelism: 1, backoffLimit: 6, completionMode: 'NonIndexed', suspend: false, manualSelector: false, podReplacementPolicy: 'TerminatingOrFailed' });
    expect(j.spec.selector).toEqual({ matchLabels: { 'batch.kubernetes.io/controller-uid': uid } });
    const labels = { 'batch.kubernetes.io/controller-uid': uid, 'batch.kubernetes.io/job-name': 'pi', 'controller-uid': uid, 'job-name': 'pi' };
    expect(j.spec.template.metadata?.labels).toEqual(labels);
    expect(j.metadata.labels).toEqual(labels);
  });

  it('rejects a template that would restart Always, with the real message', () => {
    const sim = fresh();
    const bad = job('bad', 'exit 0');
    delete bad.spec.template.spec.restartPolicy;
    const res = sim.request({ verb: 'create', resource: 'jobs', namespace: 'default', body: bad });
    expect(res.ok).toBe(false);
    expect(!res.ok && res.error.message).toBe('Job.batch "bad" is invalid: spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"');
  });

  it('runs 3 completions 2 at a time, counts them through the tracking finalizer and completes', () => {
    const sim = fresh();
    create(sim, 'jobs', job('work', 'echo done; sleep 3', { completions: 3, parallelism: 2 }));
    waitFor(sim, 'two Pods', () => jobPods(sim, 'work').length === 2, 5_000);
    for (const p of jobPods(sim, 'work')) expect(p.metadata.finalizers).toEqual(['batch.kubernetes.io/job-tracking']);
    waitFor(sim, 'the Job to complete', () => conditionTypes(get<Job>(sim, 'jobs', 'work')).includes('Complete'), 120_000);
    const j = get<Job>(sim, 'jobs', 'work')!;
    expect(conditionTypes(j)).toEqual(['SuccessCriteriaMet', 'Complete']);
    expect(j.status).toMatchObject({ succeeded: 3, ready: 0, terminating: 0, uncountedTerminatedPods: {} });
    expect(j.status?.active).toBeUndefined();
    expect(j.status?.conditions?.[1]).toMatchObject({ reason: 'CompletionsReached', message: 'Reached expected number of succeeded pods' });
    expect(j.status?.completionTime).toBe(j.status?.conditions?.[1]?.lastTransitionTime);
    const pods = jobPods(sim, 'work');
    expect(pods).toHaveLength(3);
    expect(pods.every((p) => p.status?.phase === 'Succeeded' && !p.metadata.finalizers)).toBe(true);
    // Never more than parallelism at once: the third Pod starts after a first one finished.
    const created = pods.map((p) => parseTimestamp(p.metadata.creationTimestamp!)).sort((a, b) => a - b);
    expect(created[2]).toBeGreaterThan(created[1]!);
    const reasons = jobEvents(sim, 'work').map((e) => e.reason);
    expect(reasons.filter((r) => r === 'SuccessfulCreate')).toHaveLength(3);
    expect(reasons.at(-1)).toBe('Completed');
  });

  it('backs off 10 s then 20 s between failed Pods and fails with BackoffLimitExceeded', () => {
    const sim = fresh();
    create(sim, 'jobs', job('flaky', 'echo trying; exit 1', { backoffLimit: 2 }));
    waitFor(sim, 'the Job to fail', () => conditionTypes(get<Job>(sim, 'jobs', 'flaky')).includes('Failed'), 180_000);
    const j = get<Job>(sim, 'jobs', 'flaky')!;
    expect(conditionTypes(j)).toEqual(['FailureTarget', 'Failed']);
    expect(j.status?.conditions?.[1]).toMatchObject({ reason: 'BackoffLimitExceeded', message: 'Job has reached the specified backoff limit' });
    expect(j.status?.failed).toBe(3);
    const pods = jobPods(sim, 'flaky').sort((a, b) => parseTimestamp(a.metadata.creationTimestamp!) - parseTimestamp(b.metadata.creationTimestamp!));
    expect(pods).toHaveLength(3);
    const finished = (p: Pod): number => parseTimestamp(p.status!.containerStatuses![0]!.state.terminated!.finishedAt!);
    const gap = (i: number): number => parseTimestamp(pods[i + 1]!.metadata.creationTimestamp!) - finished(pods[i]!);
    expect(gap(0)).toBeGreaterThanOrEqual(10_000);
    expect(gap(0)).toBeLessThan(12_000);
    expect(gap(1)).toBeGreaterThanOrEqual(20_000);
    expect(gap(1)).toBeLessThan(22_000);
    const warning = jobEvents(sim, 'flaky').find((e) => e.type === 'Warning');
    expect(warning).toMatchObject({ reason: 'BackoffLimitExceeded', message: 'Job has reached the specified backoff limit' });
  });

  it('fails a Job past activeDeadlineSeconds and deletes its running Pod', () => {
    const sim = fresh();
    create(sim, 'jobs', job('slow', 'sleep 3600', { activeDeadlineSeconds: 5 }));
    waitFor(sim, 'the Job to fail', () => conditionTypes(get<Job>(sim, 'jobs', 'slow')).includes('Failed'), 120_000);
    const j = get<Job>(sim, 'jobs', 'slow')!;
    expect(j.status?.conditions?.[1]).toMatchObject({ type: 'Failed', reason: 'DeadlineExceeded', message: 'Job was active longer than specified deadline' });
    expect(jobEvents(sim, 'slow').map((e) => e.reason)).toEqual(['SuccessfulCreate', 'SuccessfulDelete', 'DeadlineExceeded']);
  });

  it('fails at once on a FailJob exit code and ignores Ignore exit codes', () => {
    const sim = fresh();
    const rules = [
      { action: 'Ignore' as const, onExitCodes: { operator: 'In' as const, values: [3] } },
      { action: 'FailJob' as const, onExitCodes: { containerName: 'main', operator: 'In' as const, values: [42] } },
    ];
    create(sim, 'jobs', job('policy', 'exit 42', { podFailurePolicy: { rules } }));
    waitFor(sim, 'the Job to fail', () => conditionTypes(get<Job>(sim, 'jobs', 'policy')).includes('Failed'), 60_000);
    const j = get<Job>(sim, 'jobs', 'policy')!;
    const pod = jobPods(sim, 'policy')[0]!;
    expect(j.spec.podReplacementPolicy).toBe('Failed');
    expect(j.status?.conditions?.[1]).toMatchObject({ reason: 'PodFailurePolicy', message: `Container main for pod default/${pod.metadata.name} failed with exit code 42 matching FailJob rule at index 1` });
  });

  it('gives each Indexed Pod its index as annotation, label, hostname and JOB_COMPLETION_INDEX', () => {
    const sim = fresh();
    create(sim, 'jobs', job('idx', 'echo $JOB_COMPLETION_INDEX', { completions: 3, parallelism: 3, completionMode: 'Indexed' }));
    waitFor(sim, 'the Job to complete', () => conditionTypes(get<Job>(sim, 'jobs', 'idx')).includes('Complete'), 60_000);
    expect(get<Job>(sim, 'jobs', 'idx')!.status?.completedIndexes).toBe('0-2');
    const pods = jobPods(sim, 'idx').sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : 1));
    pods.forEach((p, i) => {
      expect(p.metadata.name).toMatch(new RegExp(`^idx-${i}-[a-z0-9]{5}$`));
      expect(p.metadata.annotations?.['batch.kubernetes.io/job-completion-index']).toBe(String(i));
      expect(p.metadata.labels?.['batch.kubernetes.io/job-completion-index']).toBe(String(i));
      expect(p.spec.hostname).toBe(`idx-${i}`);
      const log = sim.request({ verb: 'get', resource: 'pods', subresource: 'log', namespace: 'default', name: p.metadata.name!, logOptions: {} });
      expect(log.ok && log.text).toBe(`${i}\n`);
    });
  });

  it('with backoffLimitPerIndex fails an index on its own: retried once, or at once on FailIndex; the Job fails with FailedIndexes', () => {
    // The Pod failure policy page's job-backoff-limit-per-index-failindex.yaml, in sh.
    const sim = fresh();
    const rules = [{ action: 'FailIndex' as const, onExitCodes: { containerName: 'main', operator: 'In' as const, values: [42] } }];
    const spec = { completions: 4, parallelism: 2, completionMode: 'Indexed' as const, backoffLimitPerIndex: 1, backoffLimit: 6, podFailurePolicy: { rules } };
    create(sim, 'jobs', job('perindex', 'case $JOB_COMPLETION_INDEX in 0) exit 1;; 1) exit 42;; esac', spec));
    waitFor(sim, 'the Job to fail', () => conditionTypes(get<Job>(sim, 'jobs', 'perindex')).includes('Failed'), 120_000);
    const j = get<Job>(sim, 'jobs', 'perindex')!;
    expect(j.status).toMatchObject({ failedIndexes: '0,1', completedIndexes: '2,3', failed: 3, succeeded: 2 });
    expect(j.status?.conditions?.map((c) => [c.type, c.reason, c.message])).toEqual([
      ['FailureTarget', 'FailedIndexes', 'Job has failed indexes'],
      ['Failed', 'FailedIndexes', 'Job has failed indexes'],
    ]);
    const pods = jobPods(sim, 'perindex').map((p) => [p.metadata.annotations?.['batch.kubernetes.io/job-completion-index'], p.metadata.annotations?.['batch.kubernetes.io/job-index-failure-count']]);
    expect(pods.sort()).toEqual([['0', '0'], ['0', '1'], ['1', '0'], ['2', '0'], ['3', '0']]);
    // Index 0's retry waited its 10 s back-off after the first failure.
    const zero = jobPods(sim, 'perindex').filter((p) => p.metadata.annotations?.['batch.kubernetes.io/job-completion-index'] === '0');
    const [first, retry] = zero.sort((a, b) => parseTimestamp(a.metadata.creationTimestamp!) - parseTimestamp(b.metadata.creationTimestamp!));
    const failedAt = parseTimestamp(first!.status!.containerStatuses![0]!.state.terminated!.finishedAt!);
    expect(parseTimestamp(retry!.metadata.creationTimestamp!) - failedAt).toBeGreaterThanOrEqual(10_000);
  });

  it('deletes a finished Job ttlSecondsAfterFinished after it finished', () => {
    const sim = fresh();
    create(sim, 'jobs', job('short', 'exit 0', { ttlSecondsAfterFinished: 20 }));
    waitFor(sim, 'the Job to complete', () => conditionTypes(get<Job>(sim, 'jobs', 'short')).includes('Complete'), 60_000);
    const done = parseTimestamp(get<Job>(sim, 'jobs', 'short')!.status!.completionTime!);
    waitFor(sim, 'the Job to be deleted', () => get<Job>(sim, 'jobs', 'short') === undefined, 60_000);
    expect(sim.now - done).toBeGreaterThanOrEqual(20_000);
    expect(sim.now - done).toBeLessThan(23_000);
  });
  it('orphans the Pods of a Job deleted without a propagation policy and drops their tracking finalizer', () => {
    const sim = fresh();
    create(sim, 'jobs', job('long', 'sleep 3600'));
    waitFor(sim, 'a running Pod', () => jobPods(sim, 'long')[0]?.status?.phase === 'Running', 60_000);
    const pod = jobPods(sim, 'long')[0]!;
    const res = sim.request({ verb: 'delete', resource: 'jobs', namespace: 'default', name: 'long' });
    expect(res.ok).toBe(true);
    waitFor(sim, 'the Job to be gone', () => get<Job>(sim, 'jobs', 'long') === undefined, 30_000);
    sim.advance(5_000);
    const left = get<Pod>(sim, 'pods', pod.metadata.name!)!;
    expect(left.status?.phase).toBe('Running');
    expect(left.metadata.ownerReferences).toBeUndefined();
    expect(left.metadata.finalizers).toBeUndefined();
  });
  it('counts container restarts of an OnFailure Job against backoffLimit', () => {
    const sim = fresh();
    const j = job('restarts', 'exit 1', { backoffLimit: 2 });
    j.spec.template.spec.restartPolicy = 'OnFailure';
    create(sim, 'jobs', j);
    waitFor(sim, 'the Job to fail', () => conditionTypes(get<Job>(sim, 'jobs', 'restarts')).includes('Failed'), 180_000);
    const done = get<Job>(sim, 'jobs', 'restarts')!;
    expect(done.status?.conditions?.[1]).toMatchObject({ type: 'Failed', reason: 'BackoffLimitExceeded' });
    // One Pod, restarted by its kubelet until the restarts reached the limit, then deleted.
    const pods = jobPods(sim, 'restarts');
    expect(jobEvents(sim, 'restarts').map((e) => e.reason)).toEqual(['SuccessfulCreate', 'SuccessfulDelete', 'BackoffLimitExceeded']);
    expect(pods.length).toBeLessThanOrEqual(1);
  });
});
