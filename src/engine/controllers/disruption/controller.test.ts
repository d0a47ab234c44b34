import { beforeAll, describe, expect, it } from 'vitest';
import type { Job, KObject, Pod, PodDisruptionBudget } from '../../../k8s/types';
import { Simulation } from '../../simulation';
import type { ApiResponse } from '../../apiserver/handler';
import { advance, create, deployment, eventMessages, get, pods, podSpec, readyAll, setPodRunning, waitFor } from '../controllers.testing';

function pdb(name: string, spec: PodDisruptionBudget['spec']): PodDisruptionBudget {
  return { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name }, spec };
}

const statusOf = (sim: Simulation, name: string): PodDisruptionBudget['status'] => get<PodDisruptionBudget>(sim, 'poddisruptionbudgets', name)!.status;

function evict(sim: Simulation, pod: Pod): ApiResponse {
  const name = pod.metadata.name!;
  return sim.request({ verb: 'create', resource: 'pods', subresource: 'eviction', namespace: 'default', name, body: { apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name, namespace: 'default' } } as KObject });
}

/** A Deployment whose Pods (manually scheduled, so never started) are all marked Ready. */
function readyDeployment(sim: Simulation, name: string, replicas: number): string {
  const d = create(sim, 'deployments', deployment(name, replicas));
  waitFor(sim, `${name}'s Pods`, () => pods(sim, undefined).filter((p) => p.metadata.labels?.['app'] === name).length === replicas);
  for (const p of pods(sim).filter((x) => x.metadata.labels?.['app'] === name)) setPodRunning(sim, p, '10.244.9.9');
  advance(sim, 1000);
  return d.metadata.uid!;
}

describe('disruption controller', () => {
  let base: Simulation;
  beforeAll(() => {
    base = new Simulation({ seed: 1 });
  });
  const fresh = (): Simulation => Simulation.fromSnapshot(base.snapshot());

  it('starts a budget at zero, then counts healthy Pods against an integer minAvailable', () => {
    const sim = fresh();
    const created = create(sim, 'poddisruptionbudgets', pdb('web', { minAvailable: 2, selector: { matchLabels: { app: 'web' } } }));
    expect(created.status).toEqual({ disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0 });
    expect(created.metadata.generation).toBe(1);
    advance(sim, 1000);
    expect(eventMessages(sim, 'NoPods')).toEqual(['No matching pods found']);
    readyDeployment(sim, 'web', 3);
    const st = statusOf(sim, 'web')!;
    expect(st).toMatchObject({ currentHealthy: 3, desiredHealthy: 2, expectedPods: 3, disruptionsAllowed: 1, observedGeneration: 1 });
    expect(st.conditions).toEqual([{ type: 'DisruptionAllowed', status: 'True', reason: 'SufficientPods', message: '', observedGeneration: 1, lastTransitionTime: expect.any(String) }]);
  });

  it('takes percentages and maxUnavailable of the Deployment scale, not of the Pods that exist', () => {
    const sim = fresh();
    readyDeployment(sim, 'web', 4);
    create(sim, 'poddisruptionbudgets', pdb('pct', { minAvailable: '60%', selector: { matchLabels: { app: 'web' } } }));
    advance(sim, 1000);
    // ceil(60% of 4) = 3 must stay healthy.
    expect(statusOf(sim, 'pct')).toMatchObject({ expectedPods: 4, desiredHealthy: 3, currentHealthy: 4, disruptionsAllowed: 1 });
    sim.request({ verb: 'delete', resource: 'poddisruptionbudgets', namespace: 'default', name: 'pct' });
    create(sim, 'poddisruptionbudgets', pdb('max', { maxUnavailable: '50%', selector: { matchLabels: { app: 'web' } } }));
    // Scaling up counts at once: the new Pods exist, but are not Ready.
    sim.request({ verb: 'patch', resource: 'deployments', namespace: 'default', name: 'web', body: { spec: { replicas: 6 } } as unknown as KObject });
    waitFor(sim, 'six Pods', () => pods(sim).length === 6);
    advance(sim, 1000);
    expect(statusOf(sim, 'max')).toMatchObject({ expectedPods: 6, desiredHealthy: 3, currentHealthy: 4, disruptionsAllowed: 1 });
  });

  it('reads an empty selector as every Pod of the namespace and a missing one as none', () => {
    const sim = fresh();
    readyDeployment(sim, 'web', 2);
    create(sim, 'poddisruptionbudgets', pdb('everything', { minAvailable: 1, selector: {} }));
    create(sim, 'poddisruptionbudgets', pdb('nothing', { minAvailable: 1 }));
    advance(sim, 1000);
    expect(statusOf(sim, 'everything')).toMatchObject({ expectedPods: 2, currentHealthy: 2, disruptionsAllowed: 1 });
    expect(statusOf(sim, 'nothing')).toMatchObject({ expectedPods: 0, currentHealthy: 0, disruptionsAllowed: 0 });
  });

  it('fails safe when a percentage meets a controller without a scale', () => {
    const sim = fresh();
    const job: Job = { apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'batch' }, spec: { template: { metadata: { labels: { app: 'batch' } }, spec: { ...podSpec(), restartPolicy: 'Never' } } } };
    create(sim, 'jobs', job);
    waitFor(sim, 'the Job Pod', () => pods(sim).length === 1);
    create(sim, 'poddisruptionbudgets', pdb('batch', { maxUnavailable: 1, selector: { matchLabels: { app: 'batch' } } }));
    advance(sim, 1000);
    expect(eventMessages(sim, 'CalculateExpectedPodCountFailed')).toEqual(['Failed to calculate the number of expected pods: jobs.batch does not implement the scale subresource']);
    const st = statusOf(sim, 'batch')!;
    expect(st.disruptionsAllowed).toBe(0);
    expect(st.conditions?.[0]).toMatchObject({ type: 'DisruptionAllowed', status: 'False', reason: 'SyncFailed', message: 'jobs.batch does not implement the scale subresource' });
  });
});

describe('pods/eviction', () => {
  let base: Simulation;
  beforeAll(() => {
    base = new Simulation({ seed: 1 });
  });
  const fresh = (): Simulation => Simulation.fromSnapshot(base.snapshot());

  it('spends the budget, records the disruption, deletes the Pod, then answers 429 with the budget as its cause', () => {
    const sim = fresh();
    readyDeployment(sim, 'web', 3);
    create(sim, 'poddisruptionbudgets', pdb('web', { minAvailable: 2, selector: { matchLabels: { app: 'web' } } }));
    advance(sim, 1000);
    const [a, b] = pods(sim);
    const first = evict(sim, a!);
    expect(first).toMatchObject({ ok: true, code: 201, object: { kind: 'Status', status: 'Success' } });
    const st = statusOf(sim, 'web')!;
    expect(st.disruptionsAllowed).toBe(0);
    expect(Object.keys(st.disruptedPods ?? {})).toEqual([a!.metadata.name]);
    expect(st.conditions?.[0]).toMatchObject({ status: 'False', reason: 'InsufficientPods' });
    expect(get<Pod>(sim, 'pods', a!.metadata.name!)?.metadata.deletionTimestamp ?? 'gone').toBeTruthy();
    // The eviction spent disruptionsAllowed only; currentHealthy is the controller's to recount.
    const second = evict(sim, b!);
    expect(second).toEqual({
      ok: false,
      error: {
        code: 429,
        reason: 'TooManyRequests',
        message: "Cannot evict pod as it would violate the pod's disruption budget.",
        details: { causes: [{ type: 'DisruptionBudget', field: '', message: 'The disruption budget web needs 2 healthy pods and has 3 currently' }] },
      },
    });
    // The controller drops the approval once the Pod is deleting, and waits for the replacement.
    advance(sim, 1000);
    expect(statusOf(sim, 'web')!.disruptedPods).toBeUndefined();
    readyAll(sim, pods(sim)[0]!.metadata.ownerReferences![0]!.uid);
    advance(sim, 1000);
    expect(statusOf(sim, 'web')).toMatchObject({ currentHealthy: 3, disruptionsAllowed: 1 });
    expect(evict(sim, b!).ok).toBe(true);
  });

  it('refuses a Pod two budgets select, and lets a Pending Pod and, while the budget holds, an unready one go', () => {
    const sim = fresh();
    readyDeployment(sim, 'web', 3);
    create(sim, 'poddisruptionbudgets', pdb('one', { minAvailable: 1, selector: { matchLabels: { app: 'web' } } }));
    create(sim, 'poddisruptionbudgets', pdb('two', { maxUnavailable: 1, selector: { matchLabels: { app: 'web' } } }));
    advance(sim, 1000);
    const [a, b] = pods(sim);
    expect(evict(sim, a!)).toEqual({ ok: false, error: { code: 500, reason: '', message: 'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.' } });
    sim.request({ verb: 'delete', resource: 'poddisruptionbudgets', namespace: 'default', name: 'two' });
    create(sim, 'poddisruptionbudgets', pdb('all', { minAvailable: 3, selector: { matchLabels: { app: 'web' } } }));
    sim.request({ verb: 'delete', resource: 'poddisruptionbudgets', namespace: 'default', name: 'one' });
    advance(sim, 1000);
    expect(statusOf(sim, 'all')).toMatchObject({ currentHealthy: 3, desiredHealthy: 3, disruptionsAllowed: 0 });
    // Unready, with the budget met (IfHealthyBudget): evicting it costs nothing the budget counts.
    setPodRunning(sim, b!, '10.244.9.9', false);
    expect(evict(sim, b!).ok).toBe(true);
    // A Pod that never ran (Pending) is deleted without asking.
    const lone = create(sim, 'pods', { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'lone', labels: { app: 'web' } }, spec: podSpec() } as Pod);
    expect(evict(sim, lone).ok).toBe(true);
    expect(get(sim, 'pods', 'lone')).toBeUndefined();
  });

  it('answers NotFound for a missing Pod and BadRequest for a mismatched name', () => {
    const sim = fresh();
    readyDeployment(sim, 'web', 1);
    const [a] = pods(sim);
    const res = sim.request({ verb: 'create', resource: 'pods', subresource: 'eviction', namespace: 'default', name: a!.metadata.name!, body: { apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name: 'other' } } as KObject });
    expect(res).toMatchObject({ ok: false, error: { code: 400, message: 'name in URL does not match name in Eviction object' } });
    expect(evict(sim, { ...a!, metadata: { ...a!.metadata, name: 'nope' } })).toMatchObject({ ok: false, error: { code: 404, reason: 'NotFound' } });
  });
});
