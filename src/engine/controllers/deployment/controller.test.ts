import { beforeAll, describe, expect, it } from 'vitest';
import type { Deployment, Pod, ReplicaSet } from '../../../k8s/types';
import { Simulation } from '../../simulation';
import { create, deployment, eventMessages, get, patch, pods, readyAll, waitFor } from '../controllers.testing';

const rsOf = (sim: Simulation, d: string): ReplicaSet[] =>
  sim.objects<ReplicaSet>('replicasets').filter((r) => r.metadata.ownerReferences?.some((o) => o.kind === 'Deployment' && o.name === d));
const dep = (sim: Simulation, name: string): Deployment => get<Deployment>(sim, 'deployments', name)!;
const cond = (d: Deployment, type: string) => d.status?.conditions?.find((c) => c.type === type);
const sizes = (sim: Simulation, d: string): Record<string, number> => Object.fromEntries(rsOf(sim, d).map((r) => [r.metadata.name!, r.spec.replicas ?? 0]));
const active = (ps: Pod[]): Pod[] => ps.filter((p) => !p.metadata.deletionTimestamp);

/** Marks new Pods Ready as they appear until the Deployment reports a finished rollout. */
function completeRollout(sim: Simulation, name: string): void {
  waitFor(
    sim,
    `rollout of ${name}`,
    () => {
      for (const rs of rsOf(sim, name)) readyAll(sim, rs.metadata.uid!);
      const d = dep(sim, name);
      const want = d.spec.replicas ?? 1;
      return (
        d.status?.observedGeneration === d.metadata.generation &&
        cond(d, 'Progressing')?.reason === 'NewReplicaSetAvailable' &&
        d.status?.updatedReplicas === want &&
        d.status?.availableReplicas === want &&
        d.status?.replicas === want
      );
    },
    120_000,
  );
}

describe('deployment-controller', () => {
  let base: Simulation;
  beforeAll(() => {
    base = new Simulation({ seed: 1 });
  });
  const fresh = (): Simulation => Simulation.fromSnapshot(base.snapshot());

  it('creates <deployment>-<pod-template-hash> with the hash in labels, selector and template', () => {
    const sim = fresh();
    create(sim, 'deployments', deployment('nginx', 3));
    waitFor(sim, 'replica set', () => rsOf(sim, 'nginx').length === 1 && pods(sim, rsOf(sim, 'nginx')[0]!.metadata.uid).length === 3);
    sim.advance(1000);
    const rs = rsOf(sim, 'nginx')[0]!;
    const hash = rs.metadata.labels?.['pod-template-hash'];
    expect(hash).toMatch(/^[4-9bcdf]{1,10}$/);
    expect(rs.metadata.name).toBe(`nginx-${hash}`);
    expect(rs.spec.selector.matchLabels).toEqual({ app: 'nginx', 'pod-template-hash': hash });
    expect(rs.spec.template?.metadata?.labels).toEqual({ app: 'nginx', 'pod-template-hash': hash });
    expect(rs.metadata.annotations).toEqual({
      'deployment.kubernetes.io/revision': '1',
      'deployment.kubernetes.io/desired-replicas': '3',
      'deployment.kubernetes.io/max-replicas': '4',
    });
    expect(rs.metadata.ownerReferences?.[0]).toMatchObject({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'nginx', controller: true, blockOwnerDeletion: true });
    for (const p of pods(sim, rs.metadata.uid)) expect(p.metadata.name).toMatch(new RegExp(`^nginx-${hash}-[bcdfghjklmnpqrstvwxz2456789]{5}$`));
    expect(eventMessages(sim, 'ScalingReplicaSet')).toEqual([`Scaled up replica set nginx-${hash} from 0 to 3`]);
    const d = dep(sim, 'nginx');
    expect(d.metadata.annotations?.['deployment.kubernetes.io/revision']).toBe('1');
    expect(d.status).toMatchObject({ observedGeneration: 1, replicas: 3, updatedReplicas: 3, unavailableReplicas: 3 });
    expect(cond(d, 'Available')).toMatchObject({ status: 'False', reason: 'MinimumReplicasUnavailable', message: 'Deployment does not have minimum availability.' });
    expect(cond(d, 'Progressing')).toMatchObject({ status: 'True', reason: 'ReplicaSetUpdated', message: `ReplicaSet "nginx-${hash}" is progressing.` });
  });

  it('persists the revision and NewReplicaSetCreated in one status update, then the rollout status in a second', () => {
    const sim = fresh();
    const from = sim.lastTraceSeq + 1;
    create(sim, 'deployments', deployment('rev', 2));
    waitFor(sim, 'replica set', () => rsOf(sim, 'rev').length === 1);
    // The first sync's writes: upstream's getNewReplicaSet makes one UpdateStatus for the
    // annotation and the condition together; syncRolloutStatus makes the next.
    const writes = sim.traceSince(from).filter((r) => r.kind === 'request' && r.from === 'deployment-controller' && r.detail.type === 'resource' && r.detail.method !== 'GET');
    const firstSync = writes.filter((r) => r.at === writes[0]!.at);
    const calls = firstSync.map((r) => (r.kind === 'request' && r.detail.type === 'resource' ? `${r.detail.method} ${r.detail.resource}/${r.detail.subresource ?? ''}` : ''));
    expect(calls).toEqual(['POST replicasets/', 'PUT deployments/status', 'PUT deployments/status']);
    const d = dep(sim, 'rev');
    expect(d.metadata.annotations?.['deployment.kubernetes.io/revision']).toBe('1');
  });

  it('becomes Available and NewReplicaSetAvailable once the Pods are ready', () => {
    const sim = fresh();
    create(sim, 'deployments', deployment('web', 2));
    completeRollout(sim, 'web');
    const d = dep(sim, 'web');
    const rs = rsOf(sim, 'web')[0]!;
    expect(d.status).toMatchObject({ replicas: 2, updatedReplicas: 2, readyReplicas: 2, availableReplicas: 2 });
    expect(d.status?.unavailableReplicas).toBeUndefined();
    expect(cond(d, 'Available')).toMatchObject({ status: 'True', reason: 'MinimumReplicasAvailable', message: 'Deployment has minimum availability.' });
    expect(cond(d, 'Progressing')).toMatchObject({ status: 'True', reason: 'NewReplicaSetAvailable', message: `ReplicaSet "${rs.metadata.name}" has successfully progressed.` });
  });

  it('serves zero counts as upstream encodes them after scaling to zero: omitted, except ReplicaSetStatus.replicas', () => {
    const sim = fresh();
    create(sim, 'deployments', deployment('web', 2));
    completeRollout(sim, 'web');
    patch(sim, 'deployments', 'web', { spec: { replicas: 0 } });
    waitFor(sim, 'scaled to zero', () => pods(sim).length === 0 && dep(sim, 'web').status?.replicas === undefined && dep(sim, 'web').status?.observedGeneration === 2, 120_000);
    // DeploymentStatus' counts are all `omitempty` int32s.
    const d = dep(sim, 'web');
    for (const f of ['replicas', 'updatedReplicas', 'readyReplicas', 'availableReplicas', 'unavailableReplicas']) expect(d.status).not.toHaveProperty(f);
    expect(d.status?.observedGeneration).toBe(2);
    // ReplicaSetStatus.replicas has no omitempty: `replicas: 0` is printed; the other counts are not.
    const rs = get<ReplicaSet>(sim, 'replicasets', rsOf(sim, 'web')[0]!.metadata.name!)!;
    expect(rs.status).toHaveProperty('replicas', 0);
    for (const f of ['fullyLabeledReplicas', 'readyReplicas', 'availableReplicas']) expect(rs.status).not.toHaveProperty(f);
  });

  it('rolls out a new template within maxSurge/maxUnavailable', () => {
    const sim = fresh();
    create(sim, 'deployments', deployment('roll', 4, { strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } } }));
    completeRollout(sim, 'roll');
    const oldRS = rsOf(sim, 'roll')[0]!;
    patch(sim, 'deployments', 'roll', { spec: { template: { spec: { containers: [{ name: 'app', image: 'nginx:1.16.1' }] } } } });
    waitFor(sim, 'new RS', () => rsOf(sim, 'roll').length === 2);
    sim.advance(2000);
    const newRS = rsOf(sim, 'roll').find((r) => r.metadata.uid !== oldRS.metadata.uid)!;
    // One surge Pod, nothing removed while it is not available.
    expect(sizes(sim, 'roll')).toEqual({ [oldRS.metadata.name!]: 4, [newRS.metadata.name!]: 1 });
    expect(newRS.metadata.annotations?.['deployment.kubernetes.io/revision']).toBe('2');
    let maxTotal = 0;
    waitFor(sim, 'rollout', () => {
      maxTotal = Math.max(maxTotal, Object.values(sizes(sim, 'roll')).reduce((a, b) => a + b, 0));
      readyAll(sim, newRS.metadata.uid!);
      return sizes(sim, 'roll')[oldRS.metadata.name!] === 0 && dep(sim, 'roll').status?.availableReplicas === 4 && dep(sim, 'roll').status?.updatedReplicas === 4;
    }, 120_000);
    expect(maxTotal).toBeLessThanOrEqual(5);
    const scaling = eventMessages(sim, 'ScalingReplicaSet');
    expect(scaling).toContain(`Scaled up replica set ${newRS.metadata.name} from 0 to 1`);
    expect(scaling).toContain(`Scaled down replica set ${oldRS.metadata.name} from 4 to 3`);
    expect(scaling).toContain(`Scaled down replica set ${oldRS.metadata.name} from 1 to 0`);
    expect(dep(sim, 'roll').metadata.annotations?.['deployment.kubernetes.io/revision']).toBe('2');
  });

  it('Recreate: scales the old ReplicaSet to zero and waits for its Pods before the new one', () => {
    const sim = fresh();
    create(sim, 'deployments', deployment('rec', 2, { strategy: { type: 'Recreate' } }));
    completeRollout(sim, 'rec');
    const oldRS = rsOf(sim, 'rec')[0]!;
    patch(sim, 'deployments', 'rec', { spec: { template: { spec: { containers: [{ name: 'app', image: 'nginx:1.16.1' }] } } } });
    waitFor(sim, 'new RS', () => rsOf(sim, 'rec').length === 2);
    // The new ReplicaSet only appears once no old Pod is left.
    expect(active(pods(sim, oldRS.metadata.uid))).toHaveLength(0);
    const scaling = eventMessages(sim, 'ScalingReplicaSet');
    const newRS = rsOf(sim, 'rec').find((r) => r.metadata.uid !== oldRS.metadata.uid)!;
    expect(scaling.indexOf(`Scaled down replica set ${oldRS.metadata.name} from 2 to 0`)).toBeLessThan(scaling.indexOf(`Scaled up replica set ${newRS.metadata.name} from 0 to 2`));
  });

  it('scales proportionally when replicas change mid-rollout', () => {
    const sim = fresh();
    create(sim, 'deployments', deployment('prop', 3));
    completeRollout(sim, 'prop');
    const oldRS = rsOf(sim, 'prop')[0]!;
    patch(sim, 'deployments', 'prop', { spec: { template: { spec: { containers: [{ name: 'app', image: 'nginx:1.16.1' }] } } } });
    waitFor(sim, 'surge', () => rsOf(sim, 'prop').length === 2);
    sim.advance(2000);
    const newRS = rsOf(sim, 'prop').find((r) => r.metadata.uid !== oldRS.metadata.uid)!;
    expect(sizes(sim, 'prop')).toEqual({ [oldRS.metadata.name!]: 3, [newRS.metadata.name!]: 1 });
    const before = eventMessages(sim, 'ScalingReplicaSet').length;
    patch(sim, 'deployments', 'prop', { spec: { replicas: 6 } });
    waitFor(sim, 'proportional scale', () => eventMessages(sim, 'ScalingReplicaSet').length >= before + 2);
    // 6 replicas + 2 surge = 8 Pods, shared 3:1 between the ReplicaSets: both double, larger first.
    expect(eventMessages(sim, 'ScalingReplicaSet').slice(before, before + 2)).toEqual([
      `Scaled up replica set ${oldRS.metadata.name} from 3 to 6`,
      `Scaled up replica set ${newRS.metadata.name} from 1 to 2`,
    ]);
    expect(rsOf(sim, 'prop').every((r) => r.metadata.annotations?.['deployment.kubernetes.io/max-replicas'] === '8')).toBe(true);
  });

  it('pauses rollouts but not scaling, and reports DeploymentPaused / DeploymentResumed', () => {
    const sim = fresh();
    create(sim, 'deployments', deployment('p', 2));
    completeRollout(sim, 'p');
    patch(sim, 'deployments', 'p', { spec: { paused: true } });
    patch(sim, 'deployments', 'p', { spec: { template: { spec: { containers: [{ name: 'app', image: 'nginx:1.16.1' }] } } } });
    patch(sim, 'deployments', 'p', { spec: { replicas: 3 } });
    waitFor(sim, 'scaled while paused', () => rsOf(sim, 'p')[0]?.spec.replicas === 3);
    sim.advance(3000);
    expect(rsOf(sim, 'p')).toHaveLength(1);
    expect(cond(dep(sim, 'p'), 'Progressing')).toMatchObject({ status: 'Unknown', reason: 'DeploymentPaused', message: 'Deployment is paused' });
    patch(sim, 'deployments', 'p', { spec: { paused: false } });
    waitFor(sim, 'rollout resumes', () => rsOf(sim, 'p').length === 2);
    expect(eventMessages(sim, 'ScalingReplicaSet').some((m) => m.startsWith('Scaled up replica set') && m.endsWith('from 0 to 1'))).toBe(true);
  });

  it('rolls back by reusing the old ReplicaSet, which takes the next revision', () => {
    const sim = fresh();
    create(sim, 'deployments', deployment('rb', 2));
    completeRollout(sim, 'rb');
    const first = rsOf(sim, 'rb')[0]!;
    const original = dep(sim, 'rb').spec.template;
    patch(sim, 'deployments', 'rb', { spec: { template: { spec: { containers: [{ name: 'app', image: 'nginx:1.16.1' }] } } } });
    completeRollout(sim, 'rb');
    // kubectl rollout undo: the template goes back to revision 1's (client-side).
    const cur = dep(sim, 'rb');
    sim.request({ verb: 'update', resource: 'deployments', namespace: 'default', name: 'rb', body: { ...cur, spec: { ...cur.spec, template: original } } });
    completeRollout(sim, 'rb');
    expect(rsOf(sim, 'rb')).toHaveLength(2);
    const reused = rsOf(sim, 'rb').find((r) => r.metadata.uid === first.metadata.uid)!;
    expect(reused.spec.replicas).toBe(2);
    expect(reused.metadata.annotations?.['deployment.kubernetes.io/revision']).toBe('3');
    expect(reused.metadata.annotations?.['deployment.kubernetes.io/revision-history']).toBe('1');
    expect(dep(sim, 'rb').metadata.annotations?.['deployment.kubernetes.io/revision']).toBe('3');
  });

  it('keeps at most revisionHistoryLimit old ReplicaSets', () => {
    const sim = fresh();
    create(sim, 'deployments', deployment('h', 1, { revisionHistoryLimit: 1 }));
    completeRollout(sim, 'h');
    for (const v of ['1.15', '1.16', '1.17']) {
      patch(sim, 'deployments', 'h', { spec: { template: { spec: { containers: [{ name: 'app', image: `nginx:${v}` }] } } } });
      completeRollout(sim, 'h');
    }
    waitFor(sim, 'cleanup', () => rsOf(sim, 'h').length === 2);
    const revisions = rsOf(sim, 'h').map((r) => r.metadata.annotations?.['deployment.kubernetes.io/revision']).sort();
    expect(revisions).toEqual(['3', '4']);
  });

  it('reports ProgressDeadlineExceeded when a rollout makes no progress', () => {
    const sim = fresh();
    create(sim, 'deployments', deployment('stuck', 1, { progressDeadlineSeconds: 10 }));
    waitFor(sim, 'rs', () => rsOf(sim, 'stuck').length === 1);
    const rs = rsOf(sim, 'stuck')[0]!;
    waitFor(sim, 'deadline', () => cond(dep(sim, 'stuck'), 'Progressing')?.reason === 'ProgressDeadlineExceeded', 30_000);
    expect(cond(dep(sim, 'stuck'), 'Progressing')).toMatchObject({ status: 'False', message: `ReplicaSet "${rs.metadata.name}" has timed out progressing.` });
  });
});
