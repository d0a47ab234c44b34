import { describe, expect, it } from 'vitest';
import type { Deployment } from '../k8s/types';
import { Simulation, worldOf } from './simulation';

function deployment(name: string, replicas: number): Deployment {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: 'default' },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] } },
    },
  };
}

describe('Simulation', () => {
  it('boots a basic cluster with every Node Ready and both leaders elected', () => {
    const sim = new Simulation({ seed: 5 });
    const nodes = sim.objects('nodes').map((n) => n.metadata.name).sort();
    expect(nodes).toEqual(['control-plane', 'node-1', 'node-2', 'node-3']);
    const leases = sim.objects('leases').filter((l) => l.metadata.namespace === 'kube-system').map((l) => l.metadata.name).sort();
    // The apiserver's identity Lease (apiserver-<hash>) beside the two leader-election Leases.
    expect(leases).toEqual([expect.stringMatching(/^apiserver-[a-z0-9]{26}$/), 'kube-controller-manager', 'kube-scheduler']);
  });

  it('restores a snapshot to exactly the same future (objects, trace and random names)', () => {
    const sim = new Simulation({ seed: 9 });
    sim.request({ verb: 'create', resource: 'deployments', namespace: 'default', body: deployment('web', 2) });
    sim.advance(3_000);
    const snap = sim.snapshot();
    sim.advance(30_000);
    const first = { trace: JSON.stringify(sim.traceSince(0)), pods: sim.objects('pods').map((p) => p.metadata.name).sort() };

    const again = Simulation.fromSnapshot(snap);
    again.advance(30_000);
    expect({ trace: JSON.stringify(again.traceSince(0)), pods: again.objects('pods').map((p) => p.metadata.name).sort() }).toEqual(first);
  });

  it('forks: a new command after restoring a past snapshot discards the old future', () => {
    const sim = new Simulation({ seed: 9 });
    const snap = sim.snapshot();
    sim.request({ verb: 'create', resource: 'deployments', namespace: 'default', body: deployment('web', 2) });
    sim.advance(20_000);
    sim.restore(snap);
    sim.request({ verb: 'create', resource: 'deployments', namespace: 'default', body: deployment('api', 1) });
    sim.advance(20_000);
    expect(sim.objects('deployments').filter((d) => d.metadata.namespace === 'default').map((d) => d.metadata.name)).toEqual(['api']);
  });

  it('drains versioned diffs: versions chain, and a removed object is reported by key', () => {
    const sim = new Simulation({ seed: 3 });
    const d0 = sim.drainDiff();
    sim.request({ verb: 'create', resource: 'configmaps', namespace: 'default', body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cfg' }, data: { a: '1' } } });
    const d1 = sim.drainDiff();
    expect(d1.from).toBe(d0.to);
    expect(d1.added.map((o) => o.metadata.name)).toContain('cfg');
    expect(d1.trace.some((r) => r.kind === 'etcd-commit')).toBe(true);
    sim.request({ verb: 'delete', resource: 'configmaps', namespace: 'default', name: 'cfg' });
    const d2 = sim.drainDiff();
    expect(d2.from).toBe(d1.to);
    expect(d2.removed).toContain('configmaps/default/cfg');
  });

  it('stops exactly at a chosen message with runUntilTrace', () => {
    const sim = new Simulation({ seed: 4 });
    sim.request({ verb: 'create', resource: 'deployments', namespace: 'default', body: deployment('web', 1) });
    const rec = sim.runUntilTrace((r) => r.kind === 'schedule', 60_000);
    expect(rec?.summary).toMatch(/^pod default\/web-[a-z0-9]+-[a-z0-9]{5}: filter/);
    expect(sim.now).toBe(rec!.at);
    const pods = sim.objects('pods').filter((p) => p.metadata.namespace === 'default');
    expect(pods).toHaveLength(1);
  });
});

describe('Simulation.recordChanges (the history time travel is built on)', () => {
  it('logs every committed version in order; folding the log gives etcd as it is now', () => {
    const sim = new Simulation({ seed: 4 });
    const base = new Map<string, unknown>();
    for (const bucket of worldOf(sim).etcd.kv.values()) for (const [k, o] of bucket) base.set(k, JSON.stringify(o));
    sim.drainDiff();
    sim.recordChanges();
    sim.request({ verb: 'create', resource: 'deployments', namespace: 'default', body: deployment('web', 3) });
    sim.advance(40_000);
    const d = sim.drainDiff();
    const podVersions = d.log.filter((c) => c.key.startsWith('pods/default/web-'));
    // Create, bind, and several kubelet status writes per Pod: more versions than the diff's final states.
    expect(podVersions.length).toBeGreaterThan(3 * 3);
    expect(d.log.map((c) => c.seq)).toEqual([...d.log.map((c) => c.seq)].sort((a, b) => a - b));

    const folded = new Map(base);
    for (const c of d.log) {
      if (c.object) folded.set(c.key, JSON.stringify(c.object));
      else folded.delete(c.key);
    }
    const now = new Map<string, unknown>();
    for (const bucket of worldOf(sim).etcd.kv.values()) for (const [k, o] of bucket) now.set(k, JSON.stringify(o));
    expect(folded).toEqual(now);
  });

  it('keeps each logged version unchanged while the cluster goes on (the log may hold references)', () => {
    const sim = new Simulation({ seed: 4 });
    sim.recordChanges();
    sim.request({ verb: 'create', resource: 'deployments', namespace: 'default', body: deployment('web', 2) });
    sim.advance(5_000);
    const log = sim.drainDiff().log;
    const frozen = log.map((c) => JSON.stringify(c.object));
    const current = sim.objects<Deployment>('deployments').find((o) => o.metadata.name === 'web')!;
    expect(sim.request({ verb: 'update', resource: 'deployments', namespace: 'default', name: 'web', body: { ...current, spec: { ...current.spec, replicas: 4 } } }).ok).toBe(true);
    sim.advance(60_000);
    expect(sim.objects('pods').filter((p) => p.metadata.name?.startsWith('web-'))).toHaveLength(4);
    sim.request({ verb: 'delete', resource: 'deployments', namespace: 'default', name: 'web' });
    sim.advance(60_000);
    expect(log.map((c) => JSON.stringify(c.object))).toEqual(frozen);
  });

  it('adds nothing to diffs unless asked', () => {
    const sim = new Simulation({ seed: 4 });
    sim.request({ verb: 'create', resource: 'deployments', namespace: 'default', body: deployment('web', 1) });
    sim.advance(5_000);
    expect(sim.drainDiff().log).toEqual([]);
    expect(worldOf(sim).changes.log).toBeUndefined();
  });
});
