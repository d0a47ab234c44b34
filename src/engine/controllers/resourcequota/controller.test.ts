import { beforeAll, describe, expect, it } from 'vitest';
import type { Deployment, KObject, LimitRange, Pod, ResourceQuota } from '../../../k8s/types';
import { Simulation } from '../../simulation';
import { advance, create, deployment, eventMessages, get, pods, podSpec, waitFor } from '../controllers.testing';
import { RESOURCE_QUOTA_SYNC_PERIOD_MS } from './controller';

function quota(name: string, hard: Record<string, string>, scopes?: string[]): ResourceQuota {
  return { apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name }, spec: { hard, ...(scopes ? { scopes } : {}) } };
}

function pod(name: string, resources?: { requests?: Record<string, string>; limits?: Record<string, string> }): Pod {
  const spec = podSpec();
  if (resources) spec.containers[0]!.resources = resources;
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name }, spec };
}

const statusOf = (sim: Simulation, name: string): ResourceQuota['status'] => get<ResourceQuota>(sim, 'resourcequotas', name)?.status;

function createError(sim: Simulation, resource: string, body: KObject, dryRun = false): string | undefined {
  const res = sim.request({ verb: 'create', resource, namespace: 'default', body, dryRun });
  return res.ok ? undefined : res.error.message;
}

describe('resource quota controller and admission', () => {
  let base: Simulation;
  beforeAll(() => {
    base = new Simulation({ seed: 1 });
  });
  const fresh = (): Simulation => Simulation.fromSnapshot(base.snapshot());

  it('fills status.hard and status.used on a new quota, counting what already exists', () => {
    const sim = fresh();
    create(sim, 'pods', pod('before', { requests: { cpu: '100m', memory: '64Mi' } }));
    const created = create(sim, 'resourcequotas', quota('q', { pods: '3', 'requests.cpu': '1000m', 'requests.memory': '1Gi', 'count/configmaps': '5' }));
    // Stored canonical and sorted; status is the controller's to write.
    expect(created.spec?.hard).toEqual({ 'count/configmaps': '5', pods: '3', 'requests.cpu': '1', 'requests.memory': '1Gi' });
    expect(created.status).toBeUndefined();
    advance(sim, 1000);
    // Every namespace has its kube-root-ca.crt ConfigMap (and default its `kubernetes` Service).
    expect(statusOf(sim, 'q')).toEqual({
      hard: { 'count/configmaps': '5', pods: '3', 'requests.cpu': '1', 'requests.memory': '1Gi' },
      used: { 'count/configmaps': '1', pods: '1', 'requests.cpu': '100m', 'requests.memory': '64Mi' },
    });
  });

  it('charges each admitted Pod at once and refuses the one that would exceed the quota', () => {
    const sim = fresh();
    create(sim, 'resourcequotas', quota('q', { pods: '2' }));
    advance(sim, 1000);
    create(sim, 'pods', pod('a'));
    expect(statusOf(sim, 'q')?.used).toEqual({ pods: '1' });
    // A dry run is checked but charges nothing.
    expect(createError(sim, 'pods', pod('dry'), true)).toBeUndefined();
    expect(statusOf(sim, 'q')?.used).toEqual({ pods: '1' });
    create(sim, 'pods', pod('b'));
    expect(createError(sim, 'pods', pod('c'))).toBe('pods "c" is forbidden: exceeded quota: q, requested: pods=1, used: pods=2, limited: pods=2');
  });

  it('matches on status.hard, so a quota acts from its first sync; then Pods must name what it limits', () => {
    const sim = fresh();
    create(sim, 'resourcequotas', quota('q', { 'limits.cpu': '2', 'requests.memory': '1Gi' }));
    // Before the controller has written status.hard, nothing matches the quota (generic.Matches).
    expect(createError(sim, 'pods', pod('early'))).toBeUndefined();
    sim.request({ verb: 'delete', resource: 'pods', namespace: 'default', name: 'early', gracePeriodSeconds: 0 });
    advance(sim, 1000);
    expect(createError(sim, 'pods', pod('bare'))).toBe('pods "bare" is forbidden: failed quota: q: must specify limits.cpu for: app; requests.memory for: app');
    create(sim, 'pods', pod('ok', { requests: { memory: '256Mi' }, limits: { cpu: '1500m', memory: '256Mi' } }));
    expect(statusOf(sim, 'q')?.used).toEqual({ 'limits.cpu': '1500m', 'requests.memory': '256Mi' });
    expect(createError(sim, 'pods', pod('more', { requests: { memory: '256Mi' }, limits: { cpu: '1', memory: '256Mi' } }))).toBe(
      'pods "more" is forbidden: exceeded quota: q, requested: limits.cpu=1, used: limits.cpu=1500m, limited: limits.cpu=2',
    );
  });

  it("charges a Pod its RuntimeClass's overhead, on requests and on the limits it sets, at admission and on every recount", () => {
    const sim = fresh();
    const rc = { apiVersion: 'node.k8s.io/v1', kind: 'RuntimeClass', metadata: { name: 'kata' }, handler: 'runc', overhead: { podFixed: { cpu: '250m', memory: '120Mi' } } } as KObject;
    expect(sim.request({ verb: 'create', resource: 'runtimeclasses', body: rc }).ok).toBe(true);
    create(sim, 'resourcequotas', quota('q', { 'requests.cpu': '1', 'requests.memory': '1Gi', 'limits.cpu': '2', 'limits.memory': '2Gi' }));
    advance(sim, 1000);
    const boxed = (name: string, cpu: string): Pod => {
      const p = pod(name, { requests: { cpu, memory: '64Mi' }, limits: { cpu: '500m', memory: '128Mi' } });
      p.spec.runtimeClassName = 'kata';
      return p;
    };
    create(sim, 'pods', boxed('a', '100m'));
    const used = { 'limits.cpu': '750m', 'limits.memory': '248Mi', 'requests.cpu': '350m', 'requests.memory': '184Mi' };
    expect(statusOf(sim, 'q')?.used).toEqual(used);
    // 500m asked for, 750m charged: 350m + 750m passes the hard 1.
    expect(createError(sim, 'pods', boxed('b', '500m'))).toBe('pods "b" is forbidden: exceeded quota: q, requested: requests.cpu=750m, used: requests.cpu=350m, limited: requests.cpu=1');
    // The controller's recount (over a hand-written usage) comes to the same sum.
    const q = get<ResourceQuota>(sim, 'resourcequotas', 'q')!;
    sim.request({ verb: 'update', resource: 'resourcequotas', subresource: 'status', namespace: 'default', name: 'q', body: { ...q, status: { ...q.status, used: {} } } as KObject });
    advance(sim, RESOURCE_QUOTA_SYNC_PERIOD_MS);
    expect(statusOf(sim, 'q')?.used).toEqual(used);
  });

  it('counts only the Pods a scope selects', () => {
    const sim = fresh();
    create(sim, 'resourcequotas', quota('be', { pods: '1' }, ['BestEffort']));
    advance(sim, 1000);
    create(sim, 'pods', pod('guaranteed', { requests: { cpu: '1', memory: '1Gi' }, limits: { cpu: '1', memory: '1Gi' } }));
    create(sim, 'pods', pod('best1'));
    expect(createError(sim, 'pods', pod('best2'))).toContain('exceeded quota: be, requested: pods=1, used: pods=1, limited: pods=1');
  });

  it('counts objects of any resource as count/<resource>.<group>', () => {
    const sim = fresh();
    create(sim, 'resourcequotas', quota('objects', { 'count/deployments.apps': '1', services: '0' }));
    advance(sim, 1000);
    create(sim, 'deployments', deployment('one', 0));
    expect(createError(sim, 'deployments', deployment('two', 0))).toBe(
      'deployments.apps "two" is forbidden: exceeded quota: objects, requested: count/deployments.apps=1, used: count/deployments.apps=1, limited: count/deployments.apps=1',
    );
    const svc = { apiVersion: 'v1', kind: 'Service', metadata: { name: 's' }, spec: { selector: { app: 'x' }, ports: [{ port: 80 }] } } as KObject;
    expect(createError(sim, 'services', svc)).toBe('services "s" is forbidden: exceeded quota: objects, requested: services=1, used: services=1, limited: services=0');
  });

  it('gives quota back on a delete, and recounts every sync period', () => {
    const sim = fresh();
    create(sim, 'resourcequotas', quota('q', { pods: '5' }));
    advance(sim, 1000);
    create(sim, 'pods', pod('a'));
    create(sim, 'pods', pod('b'));
    expect(statusOf(sim, 'q')?.used).toEqual({ pods: '2' });
    sim.request({ verb: 'delete', resource: 'pods', namespace: 'default', name: 'a', gracePeriodSeconds: 0 });
    waitFor(sim, 'the replenished quota', () => statusOf(sim, 'q')?.used?.['pods'] === '1');
    // A charge for an object that was never stored (here written by hand) lasts until the periodic recount.
    const q = get<ResourceQuota>(sim, 'resourcequotas', 'q')!;
    sim.request({ verb: 'update', resource: 'resourcequotas', subresource: 'status', namespace: 'default', name: 'q', body: { ...q, status: { ...q.status, used: { pods: '4' } } } as KObject });
    advance(sim, 1000);
    expect(statusOf(sim, 'q')?.used).toEqual({ pods: '4' });
    advance(sim, RESOURCE_QUOTA_SYNC_PERIOD_MS);
    expect(statusOf(sim, 'q')?.used).toEqual({ pods: '1' });
  });

  it("blocks a Deployment's ReplicaSet, which reports FailedCreate and ReplicaFailure", () => {
    const sim = fresh();
    create(sim, 'resourcequotas', quota('q', { pods: '2' }));
    advance(sim, 1000);
    create(sim, 'deployments', deployment('web', 3));
    waitFor(sim, 'two Pods', () => pods(sim).length === 2);
    advance(sim, 3000);
    expect(pods(sim)).toHaveLength(2);
    const failed = eventMessages(sim, 'FailedCreate');
    expect(failed.length).toBeGreaterThan(0);
    expect(failed[0]).toMatch(/^Error creating: pods "web-[a-z0-9]+-[a-z0-9]{5}" is forbidden: exceeded quota: q, requested: pods=1, used: pods=2, limited: pods=2$/);
    const cur = get<Deployment>(sim, 'deployments', 'web')!;
    expect(cur.status?.conditions?.find((c) => c.type === 'ReplicaFailure')).toMatchObject({ status: 'True', reason: 'FailedCreate' });
  });

  it('LimitRanger defaults container resources, annotates, and enforces max and ratio', () => {
    const sim = fresh();
    const lr: LimitRange = {
      apiVersion: 'v1',
      kind: 'LimitRange',
      metadata: { name: 'lr' },
      spec: { limits: [{ type: 'Container', max: { cpu: '1' }, defaultRequest: { cpu: '250m' }, maxLimitRequestRatio: { cpu: '4' } }] },
    };
    const stored = create(sim, 'limitranges', lr);
    // SetDefaults_LimitRangeItem: the default limit falls back to max.
    expect(stored.spec.limits[0]).toEqual({ type: 'Container', max: { cpu: '1' }, default: { cpu: '1' }, defaultRequest: { cpu: '250m' }, maxLimitRequestRatio: { cpu: '4' } });
    const p = create(sim, 'pods', pod('p'));
    expect(p.spec.containers[0]!.resources).toEqual({ limits: { cpu: '1' }, requests: { cpu: '250m' } });
    expect(p.metadata.annotations?.['kubernetes.io/limit-ranger']).toBe('LimitRanger plugin set: cpu request for container app; cpu limit for container app');
    expect(createError(sim, 'pods', pod('big', { requests: { cpu: '300m' }, limits: { cpu: '2' } }))).toBe(
      'pods "big" is forbidden: [maximum cpu usage per Container is 1, but limit is 2, cpu max limit to request ratio per Container is 4, but provided ratio is 6.666667]',
    );
    const bad: LimitRange = { apiVersion: 'v1', kind: 'LimitRange', metadata: { name: 'bad' }, spec: { limits: [{ type: 'Container', min: { cpu: '2' }, max: { cpu: '1' } }] } };
    expect(createError(sim, 'limitranges', bad)).toContain('spec.limits[0].min[cpu]: Invalid value: "2": min value 2 is greater than max value 1');
  });

  it("LimitRanger's Pod item counts a sidecar beside the app containers, a plain init container on its own", () => {
    const sim = fresh();
    const lr: LimitRange = { apiVersion: 'v1', kind: 'LimitRange', metadata: { name: 'per-pod' }, spec: { limits: [{ type: 'Pod', max: { cpu: '1' } }] } };
    create(sim, 'limitranges', lr);
    const withInit = (name: string, sidecar: boolean): Pod => {
      const p = pod(name, { requests: { cpu: '600m' }, limits: { cpu: '600m' } });
      const init = { name: 'proxy', image: 'busybox:1.36', resources: { requests: { cpu: '500m' }, limits: { cpu: '500m' } }, ...(sidecar ? { restartPolicy: 'Always' as const } : {}) };
      p.spec.initContainers = [init];
      return p;
    };
    // A plain init container runs before the app: the Pod needs max(600m, 500m).
    expect(createError(sim, 'pods', withInit('plain', false))).toBeUndefined();
    // A sidecar keeps running beside it: 600m + 500m is over the Pod's maximum.
    expect(createError(sim, 'pods', withInit('sidecar', true))).toBe('pods "sidecar" is forbidden: maximum cpu usage per Pod is 1, but limit is 1100m');
  });
});
