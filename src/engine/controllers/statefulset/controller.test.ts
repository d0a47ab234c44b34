import { beforeAll, describe, expect, it } from 'vitest';
import type { ControllerRevision, KEvent, PersistentVolumeClaim, Pod, StatefulSet } from '../../../k8s/types';
import { Simulation, worldOf } from '../../simulation';
import { podSpec, setPodRunning, waitFor } from '../controllers.testing';
import { clusterDnsFrom } from '../../node/cluster-dns';

function sts(name: string, replicas: number, extra: Partial<StatefulSet['spec']> = {}, spec = podSpec()): StatefulSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name },
    spec: { replicas, serviceName: name, selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec }, ...extra },
  };
}

function create(sim: Simulation, body: StatefulSet): void {
  const res = sim.request({ verb: 'create', resource: 'statefulsets', namespace: 'default', body });
  if (!res.ok) throw new Error(res.error.message);
}

const getSts = (sim: Simulation, name: string): StatefulSet => sim.objects<StatefulSet>('statefulsets').find((s) => s.metadata.name === name)!;

function setPods(sim: Simulation, name: string, live = true): Pod[] {
  return sim
    .objects<Pod>('pods')
    .filter((p) => p.metadata.namespace === 'default' && p.metadata.ownerReferences?.some((r) => r.kind === 'StatefulSet' && r.name === name) && (!live || !p.metadata.deletionTimestamp))
    .sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : 1));
}

const names = (sim: Simulation, name: string): string[] => setPods(sim, name).map((p) => p.metadata.name!);

function events(sim: Simulation, reason: string): string[] {
  return sim
    .objects<KEvent>('events')
    .filter((e) => e.involvedObject?.kind === 'StatefulSet' && e.reason === reason)
    .map((e) => e.message ?? '');
}

function ready(sim: Simulation, podName: string, ok = true): void {
  const pod = setPods(sim, podName.replace(/-\d+$/, '')).find((p) => p.metadata.name === podName)!;
  setPodRunning(sim, pod, `10.244.9.${Number(podName.split('-').pop()) + 10}`, ok);
}

const claims = (sim: Simulation): PersistentVolumeClaim[] => sim.objects<PersistentVolumeClaim>('persistentvolumeclaims').filter((c) => c.metadata.namespace === 'default');

const WWW = { metadata: { name: 'www' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } } as unknown as PersistentVolumeClaim;

describe('statefulset-controller', () => {
  let base: Simulation;
  beforeAll(() => {
    base = new Simulation({ seed: 1 });
  });
  const fresh = (): Simulation => Simulation.fromSnapshot(base.snapshot());

  it('OrderedReady creates web-0 first and web-1 only once web-0 is Running and Ready, with identity labels, hostname and subdomain', () => {
    const sim = fresh();
    create(sim, sts('web', 3));
    sim.advance(2000);
    expect(names(sim, 'web')).toEqual(['web-0']);
    const pod = setPods(sim, 'web')[0]!;
    expect(pod.metadata.generateName).toBe('web-');
    expect(pod.metadata.labels).toMatchObject({ app: 'web', 'statefulset.kubernetes.io/pod-name': 'web-0', 'apps.kubernetes.io/pod-index': '0' });
    expect(pod.metadata.labels?.['controller-revision-hash']).toBe(getSts(sim, 'web').status?.updateRevision);
    expect(pod.spec).toMatchObject({ hostname: 'web-0', subdomain: 'web' });
    ready(sim, 'web-0', false);
    sim.advance(2000);
    expect(names(sim, 'web')).toEqual(['web-0']);
    ready(sim, 'web-0');
    waitFor(sim, 'web-1', () => names(sim, 'web').length === 2);
    expect(names(sim, 'web')).toEqual(['web-0', 'web-1']);
    ready(sim, 'web-1');
    waitFor(sim, 'web-2', () => names(sim, 'web').length === 3);
    ready(sim, 'web-2');
    waitFor(sim, 'status', () => getSts(sim, 'web').status?.readyReplicas === 3);
    const st = getSts(sim, 'web').status!;
    expect(st).toMatchObject({ observedGeneration: 1, replicas: 3, readyReplicas: 3, currentReplicas: 3, updatedReplicas: 3, availableReplicas: 3, collisionCount: 0 });
    expect(st.currentRevision).toBe(st.updateRevision);
    expect(events(sim, 'SuccessfulCreate')).toEqual(['create Pod web-0 in StatefulSet web successful', 'create Pod web-1 in StatefulSet web successful', 'create Pod web-2 in StatefulSet web successful']);
    const revs = sim.objects<ControllerRevision>('controllerrevisions').filter((c) => c.metadata.ownerReferences?.[0]?.name === 'web');
    expect(revs.map((r) => [r.metadata.name, r.revision])).toEqual([[st.updateRevision, 1]]);
  });

  it('serves a set scaled to zero as apps/v1 encodes it: replicas and availableReplicas 0, the omitempty counts absent', () => {
    const sim = fresh();
    create(sim, sts('web', 1));
    sim.advance(2000);
    ready(sim, 'web-0');
    waitFor(sim, 'web-0 available', () => getSts(sim, 'web').status?.availableReplicas === 1);
    const res = sim.request({ verb: 'patch', resource: 'statefulsets', namespace: 'default', name: 'web', body: { spec: { replicas: 0 } } as never });
    expect(res.ok).toBe(true);
    waitFor(sim, 'no Pods and a zero status', () => setPods(sim, 'web', false).length === 0 && getSts(sim, 'web').status?.replicas === 0, 120_000);
    const got = sim.request({ verb: 'get', resource: 'statefulsets', namespace: 'default', name: 'web' });
    const status = (got.ok ? got.object : undefined) as StatefulSet | undefined;
    // StatefulSetStatus.replicas and availableReplicas have no omitempty; the other counts do.
    expect(status?.status).toMatchObject({ observedGeneration: 2, replicas: 0, availableReplicas: 0 });
    for (const f of ['readyReplicas', 'currentReplicas', 'updatedReplicas']) expect(status?.status).not.toHaveProperty(f);
  });

  it('Parallel creates every ordinal at once and scales down the highest ordinals together', () => {
    const sim = fresh();
    create(sim, sts('par', 3, { podManagementPolicy: 'Parallel' }));
    waitFor(sim, 'three pods', () => names(sim, 'par').length === 3);
    expect(names(sim, 'par')).toEqual(['par-0', 'par-1', 'par-2']);
    sim.request({ verb: 'patch', resource: 'statefulsets', namespace: 'default', name: 'par', subresource: 'scale', body: { spec: { replicas: 1 } } as never });
    waitFor(sim, 'one pod', () => names(sim, 'par').length === 1);
    expect(names(sim, 'par')).toEqual(['par-0']);
  });

  it('OrderedReady halts while a Pod is unhealthy, then scales down from the highest ordinal', () => {
    const sim = fresh();
    create(sim, sts('web', 3));
    for (const n of ['web-0', 'web-1', 'web-2']) {
      waitFor(sim, n, () => names(sim, 'web').includes(n));
      ready(sim, n);
    }
    ready(sim, 'web-0', false);
    sim.request({ verb: 'patch', resource: 'statefulsets', namespace: 'default', name: 'web', body: { spec: { replicas: 1 } } as never });
    sim.advance(5000);
    expect(names(sim, 'web')).toEqual(['web-0', 'web-1', 'web-2']);
    ready(sim, 'web-0');
    waitFor(sim, 'scaled down', () => names(sim, 'web').length === 1);
    expect(names(sim, 'web')).toEqual(['web-0']);
    expect(events(sim, 'SuccessfulDelete')).toEqual(['delete Pod web-2 in StatefulSet web successful', 'delete Pod web-1 in StatefulSet web successful']);
  });

  it('creates a claim per Pod from volumeClaimTemplates, keeps it on scale-down (Retain) and reuses it on scale-up', () => {
    const sim = fresh();
    create(sim, sts('db', 2, { volumeClaimTemplates: [WWW] }, { containers: [{ name: 'db', image: 'nginx:1.27', volumeMounts: [{ name: 'www', mountPath: '/data' }] }] }));
    waitFor(sim, 'two ready', () => getSts(sim, 'db').status?.readyReplicas === 2, 120_000);
    expect(claims(sim).map((c) => [c.metadata.name, c.status?.phase, c.metadata.labels])).toEqual([
      ['www-db-0', 'Bound', { app: 'db' }],
      ['www-db-1', 'Bound', { app: 'db' }],
    ]);
    expect(setPods(sim, 'db')[1]!.spec.volumes?.[0]).toEqual({ name: 'www', persistentVolumeClaim: { claimName: 'www-db-1' } });
    expect(events(sim, 'SuccessfulCreate')).toContain('create Claim www-db-0 Pod db-0 in StatefulSet db success');
    const uid = claims(sim)[1]!.metadata.uid;
    sim.request({ verb: 'patch', resource: 'statefulsets', namespace: 'default', name: 'db', body: { spec: { replicas: 1 } } as never });
    waitFor(sim, 'db-1 gone', () => setPods(sim, 'db', false).length === 1, 60_000);
    expect(claims(sim).map((c) => c.metadata.name)).toEqual(['www-db-0', 'www-db-1']);
    sim.request({ verb: 'patch', resource: 'statefulsets', namespace: 'default', name: 'db', body: { spec: { replicas: 2 } } as never });
    waitFor(sim, 'two ready again', () => getSts(sim, 'db').status?.readyReplicas === 2, 120_000);
    expect(claims(sim).find((c) => c.metadata.name === 'www-db-1')!.metadata.uid).toBe(uid);
  });

  it('whenDeleted: Delete makes the StatefulSet own its claims, so they go with it', () => {
    const sim = fresh();
    create(sim, sts('db', 1, { volumeClaimTemplates: [WWW], persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Delete', whenScaled: 'Retain' } }, { containers: [{ name: 'db', image: 'nginx:1.27' }] }));
    waitFor(sim, 'owned claim', () => claims(sim)[0]?.metadata.ownerReferences?.some((r) => r.kind === 'StatefulSet') === true, 60_000);
    sim.request({ verb: 'delete', resource: 'statefulsets', namespace: 'default', name: 'db' });
    waitFor(sim, 'claim gone', () => claims(sim).length === 0, 120_000);
  });

  it('whenScaled: Delete gives a scaled-away Pod its claim, so the claim goes with the Pod', () => {
    const sim = fresh();
    create(sim, sts('db', 2, { volumeClaimTemplates: [WWW], persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Retain', whenScaled: 'Delete' } }, { containers: [{ name: 'db', image: 'nginx:1.27' }] }));
    waitFor(sim, 'two ready', () => getSts(sim, 'db').status?.readyReplicas === 2, 120_000);
    expect(claims(sim).every((c) => !c.metadata.ownerReferences)).toBe(true);
    sim.request({ verb: 'patch', resource: 'statefulsets', namespace: 'default', name: 'db', body: { spec: { replicas: 1 } } as never });
    waitFor(sim, 'claim of db-1 gone', () => claims(sim).map((c) => c.metadata.name).join() === 'www-db-0', 120_000);
  });

  it('a RollingUpdate replaces Pods from the highest ordinal down to the partition, one healthy Pod at a time', () => {
    const sim = fresh();
    create(sim, sts('web', 3, { podManagementPolicy: 'Parallel', updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 1 } } }));
    waitFor(sim, 'three pods', () => names(sim, 'web').length === 3);
    for (const n of ['web-0', 'web-1', 'web-2']) ready(sim, n);
    sim.request({ verb: 'patch', resource: 'statefulsets', namespace: 'default', name: 'web', body: { spec: { template: { spec: { containers: [{ name: 'app', image: 'nginx:1.28' }] } } } } as never });
    const image = (n: string): string | undefined => setPods(sim, 'web').find((p) => p.metadata.name === n)?.spec.containers[0]!.image;
    waitFor(sim, 'web-2 replaced', () => image('web-2') === 'nginx:1.28');
    sim.advance(3000);
    expect(image('web-1')).toBe('nginx:1.14.2');
    ready(sim, 'web-2');
    waitFor(sim, 'web-1 replaced', () => image('web-1') === 'nginx:1.28');
    ready(sim, 'web-1');
    sim.advance(5000);
    expect(image('web-0')).toBe('nginx:1.14.2');
    const st = getSts(sim, 'web').status!;
    expect(st).toMatchObject({ updatedReplicas: 2, currentReplicas: 1 });
    expect(st.currentRevision).not.toBe(st.updateRevision);
    expect(events(sim, 'SuccessfulDelete')).toEqual(['delete Pod web-2 in StatefulSet web successful', 'delete Pod web-1 in StatefulSet web successful']);
  });

  it('maxUnavailable lets that many outdated Pods go at once, highest ordinals first', () => {
    const sim = fresh();
    create(sim, sts('web', 3, { podManagementPolicy: 'Parallel', updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 2 } } }));
    waitFor(sim, 'three pods', () => names(sim, 'web').length === 3);
    for (const n of ['web-0', 'web-1', 'web-2']) ready(sim, n);
    expect(getSts(sim, 'web').spec.updateStrategy?.rollingUpdate).toEqual({ maxUnavailable: 2, partition: 0 });
    sim.request({ verb: 'patch', resource: 'statefulsets', namespace: 'default', name: 'web', body: { spec: { template: { spec: { containers: [{ name: 'app', image: 'nginx:1.28' }] } } } } as never });
    waitFor(sim, 'two deleted', () => events(sim, 'SuccessfulDelete').length === 2);
    sim.advance(3000);
    expect(events(sim, 'SuccessfulDelete')).toEqual(['delete Pod web-2 in StatefulSet web successful', 'delete Pod web-1 in StatefulSet web successful']);
    ready(sim, 'web-2');
    waitFor(sim, 'web-0 deleted', () => events(sim, 'SuccessfulDelete').length === 3);
  });

  it('OnDelete keeps old Pods until they are deleted', () => {
    const sim = fresh();
    create(sim, sts('web', 1, { updateStrategy: { type: 'OnDelete' } }));
    waitFor(sim, 'one pod', () => names(sim, 'web').length === 1);
    ready(sim, 'web-0');
    sim.request({ verb: 'patch', resource: 'statefulsets', namespace: 'default', name: 'web', body: { spec: { template: { spec: { containers: [{ name: 'app', image: 'nginx:1.28' }] } } } } as never });
    sim.advance(10_000);
    expect(setPods(sim, 'web')[0]!.spec.containers[0]!.image).toBe('nginx:1.14.2');
    sim.request({ verb: 'delete', resource: 'pods', namespace: 'default', name: 'web-0', gracePeriodSeconds: 0 });
    waitFor(sim, 'recreated', () => setPods(sim, 'web')[0]?.spec.containers[0]!.image === 'nginx:1.28');
  });

  it('publishes <pod>.<service> A records for a headless Service', () => {
    const sim = fresh();
    const svc = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'nginx' }, spec: { clusterIP: 'None', selector: { app: 'nginx' }, ports: [{ port: 80 }] } };
    expect(sim.request({ verb: 'create', resource: 'services', namespace: 'default', body: svc as never }).ok).toBe(true);
    const set = sts('web', 2, {}, { containers: [{ name: 'nginx', image: 'nginx:1.27' }] });
    set.spec.serviceName = 'nginx';
    set.spec.selector = { matchLabels: { app: 'nginx' } };
    set.spec.template.metadata = { labels: { app: 'nginx' } };
    create(sim, set);
    waitFor(sim, 'two ready', () => getSts(sim, 'web').status?.readyReplicas === 2, 120_000);
    sim.advance(3000);
    const records = clusterDnsFrom(worldOf(sim), 'node-1').records;
    const ips = setPods(sim, 'web').map((p) => p.status?.podIP);
    expect(records['web-0.nginx.default.svc.cluster.local']).toEqual([ips[0]]);
    expect(records['web-1.nginx.default.svc.cluster.local']).toEqual([ips[1]]);
  });

  it('a PodDisruptionBudget with maxUnavailable counts against the StatefulSet\'s scale', () => {
    const sim = fresh();
    create(sim, sts('web', 3, { podManagementPolicy: 'Parallel' }));
    waitFor(sim, 'three pods', () => names(sim, 'web').length === 3);
    for (const n of ['web-0', 'web-1', 'web-2']) ready(sim, n);
    const pdb = { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: 'web' }, spec: { maxUnavailable: 1, selector: { matchLabels: { app: 'web' } } } };
    expect(sim.request({ verb: 'create', resource: 'poddisruptionbudgets', namespace: 'default', body: pdb as never }).ok).toBe(true);
    const status = (): unknown => (sim.objects('poddisruptionbudgets').find((o) => o.metadata.name === 'web') as { status?: unknown } | undefined)?.status;
    waitFor(sim, 'budget counted', () => (status() as { expectedPods?: number } | undefined)?.expectedPods === 3);
    expect(status()).toMatchObject({ expectedPods: 3, currentHealthy: 3, desiredHealthy: 2, disruptionsAllowed: 1 });
  });

  it('adopts the Pods and revision a set deleted with --cascade=orphan left behind', () => {
    const sim = fresh();
    create(sim, sts('web', 2, { podManagementPolicy: 'Parallel' }));
    waitFor(sim, 'two pods', () => names(sim, 'web').length === 2);
    const before = setPods(sim, 'web').map((p) => p.metadata.uid);
    sim.request({ verb: 'delete', resource: 'statefulsets', namespace: 'default', name: 'web', propagationPolicy: 'Orphan' });
    const orphaned = (): Pod[] => sim.objects<Pod>('pods').filter((p) => p.metadata.labels?.app === 'web' && !p.metadata.ownerReferences?.length);
    waitFor(sim, 'orphaned', () => orphaned().length === 2);
    create(sim, sts('web', 2, { podManagementPolicy: 'Parallel' }));
    waitFor(sim, 'adopted', () => names(sim, 'web').length === 2 && orphaned().length === 0);
    sim.advance(3000);
    expect(setPods(sim, 'web').map((p) => p.metadata.uid)).toEqual(before);
    expect(setPods(sim, 'web').every((p) => p.metadata.ownerReferences?.[0]?.uid === getSts(sim, 'web').metadata.uid)).toBe(true);
    const revs = sim.objects<ControllerRevision>('controllerrevisions').filter((c) => c.metadata.labels?.app === 'web');
    expect(revs.map((r) => r.metadata.ownerReferences?.[0]?.uid)).toEqual([getSts(sim, 'web').metadata.uid]);
    expect(events(sim, 'FailedCreate')).toEqual([]);
  });

  it('validates names as DNS labels, the selector against the template, and forbids other spec updates', () => {
    const sim = fresh();
    const bad = sts('web.v1', 1, { serviceName: 'web' });
    const res = sim.request({ verb: 'create', resource: 'statefulsets', namespace: 'default', body: bad });
    expect(!res.ok && res.error.message).toBe('StatefulSet.apps "web.v1" is invalid: metadata.name: Invalid value: "web.v1": must not contain dots');
    const mismatch = sts('web', 1);
    mismatch.spec.template.metadata = { labels: { app: 'other' } };
    const r2 = sim.request({ verb: 'create', resource: 'statefulsets', namespace: 'default', body: mismatch });
    expect(!r2.ok && r2.error.message).toBe('StatefulSet.apps "web" is invalid: spec.template.metadata.labels: Invalid value: {"app":"other"}: `selector` does not match template `labels`');
    create(sim, sts('web', 1));
    const r3 = sim.request({ verb: 'patch', resource: 'statefulsets', namespace: 'default', name: 'web', body: { spec: { serviceName: 'other' } } as never });
    expect(!r3.ok && r3.error.message).toBe(
      "StatefulSet.apps \"web\" is invalid: spec: Forbidden: updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden",
    );
    expect(sim.request({ verb: 'patch', resource: 'statefulsets', namespace: 'default', name: 'web', body: { spec: { replicas: 2, minReadySeconds: 5 } } as never }).ok).toBe(true);
    expect(getSts(sim, 'web').spec).toMatchObject({ podManagementPolicy: 'OrderedReady', revisionHistoryLimit: 10, updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0, maxUnavailable: 1 } }, persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Retain', whenScaled: 'Retain' } });
  });
});
