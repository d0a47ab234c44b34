/**
 * Properties over random command sequences, run on the real engine:
 * no Pod is ever bound twice, no node's allocatable is ever exceeded, resourceVersion only grows,
 * the cluster converges to the declared state once commands stop, and a seed fully determines
 * the run. The same properties run at 100 nodes too (issue #16), with few runs to keep CI short.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { milli } from '../k8s/quantity';
import type { Deployment, Node, Pod } from '../k8s/types';
import { Simulation, worldOf } from './simulation';
import type { World } from './world';

type Command =
  | { type: 'deploy'; name: string; replicas: number; cpu: string }
  | { type: 'scale'; name: string; replicas: number }
  | { type: 'deletePod'; index: number }
  | { type: 'deleteDeployment'; name: string }
  | { type: 'advance'; ms: number };

const names = fc.constantFrom('alpha', 'beta', 'gamma');
/** Commands whose Deployments have up to `maxReplicas` replicas. */
function commands(maxReplicas: number): fc.Arbitrary<Command> {
  return fc.oneof(
    fc.record({ type: fc.constant('deploy' as const), name: names, replicas: fc.integer({ min: 0, max: maxReplicas }), cpu: fc.constantFrom('100m', '250m', '500m') }),
    fc.record({ type: fc.constant('scale' as const), name: names, replicas: fc.integer({ min: 0, max: maxReplicas }) }),
    fc.record({ type: fc.constant('deletePod' as const), index: fc.nat({ max: 20 }) }),
    fc.record({ type: fc.constant('deleteDeployment' as const), name: names }),
    fc.record({ type: fc.constant('advance' as const), ms: fc.integer({ min: 0, max: 15_000 }) }),
  );
}
const command = commands(5);

function manifest(name: string, replicas: number, cpu: string): Deployment {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: 'default' },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name } },
        spec: { containers: [{ name: 'web', image: 'nginx:1.27', resources: { requests: { cpu, memory: '64Mi' } } }] },
      },
    },
  };
}

/** Invariants checked after every single message the engine processes. */
class Watcher {
  bound = new Map<string, string>();
  lastRv = 0;
  violations: string[] = [];

  check(w: World): void {
    const pods = [...(w.etcd.kv.get('pods')?.values() ?? [])] as Pod[];
    const used = new Map<string, number>();
    for (const p of pods) {
      const uid = p.metadata.uid!;
      const node = p.spec.nodeName;
      if (!node) continue;
      const before = this.bound.get(uid);
      if (before !== undefined && before !== node) this.violations.push(`pod ${p.metadata.name} moved from ${before} to ${node}`);
      this.bound.set(uid, node);
      if (p.status?.phase === 'Succeeded' || p.status?.phase === 'Failed') continue;
      const cpu = p.spec.containers.reduce((n, c) => n + milli(c.resources?.requests?.['cpu']), 0);
      used.set(node, (used.get(node) ?? 0) + cpu);
    }
    for (const n of (w.etcd.kv.get('nodes')?.values() ?? []) as Iterable<Node>) {
      const alloc = milli(n.status?.allocatable?.['cpu']);
      const u = used.get(n.metadata.name!) ?? 0;
      if (u > alloc) this.violations.push(`node ${n.metadata.name} has ${u}m cpu requested of ${alloc}m allocatable`);
    }
    if (w.etcd.revision < this.lastRv) this.violations.push(`revision went back from ${this.lastRv} to ${w.etcd.revision}`);
    this.lastRv = w.etcd.revision;
  }
}

function run(seed: number, cmds: Command[], watcher?: Watcher, make: (seed: number) => Simulation = (s) => new Simulation({ seed: s })): Simulation {
  const sim = make(seed);
  const advance = (ms: number): void => {
    if (!watcher) return sim.advance(ms);
    sim.runUntil(() => {
      watcher.check(worldOf(sim));
      return false;
    }, ms);
  };
  for (const c of cmds) {
    switch (c.type) {
      case 'deploy': {
        const got = sim.request({ verb: 'get', resource: 'deployments', namespace: 'default', name: c.name });
        if (!got.ok) sim.request({ verb: 'create', resource: 'deployments', namespace: 'default', body: manifest(c.name, c.replicas, c.cpu) });
        break;
      }
      case 'scale':
        sim.request({ verb: 'patch', resource: 'deployments', namespace: 'default', name: c.name, body: { spec: { replicas: c.replicas } } as never });
        break;
      case 'deletePod': {
        const pods = sim.objects<Pod>('pods').filter((p) => p.metadata.namespace === 'default');
        const p = pods[c.index % Math.max(1, pods.length)];
        if (p) sim.request({ verb: 'delete', resource: 'pods', namespace: 'default', name: p.metadata.name! });
        break;
      }
      case 'deleteDeployment':
        sim.request({ verb: 'delete', resource: 'deployments', namespace: 'default', name: c.name });
        break;
      case 'advance':
        advance(c.ms);
        break;
    }
  }
  return sim;
}

/** The invariants hold after every message, and once commands stop the cluster converges. */
function invariantsAndConvergence(seed: number, cmds: Command[], make?: (seed: number) => Simulation): void {
  const watcher = new Watcher();
  const sim = run(seed, cmds, watcher, make);
  // Commands have stopped: give the control loops time to converge (graceful deletes take 30 s).
  sim.runUntil(() => {
    watcher.check(worldOf(sim));
    return false;
  }, 180_000);
  expect(watcher.violations).toEqual([]);
  // kube-system's CoreDNS is not one of the generated workloads.
  for (const d of sim.objects<Deployment>('deployments').filter((x) => x.metadata.namespace === 'default')) {
    const want = d.spec.replicas ?? 1;
    const live = sim.objects<Pod>('pods').filter((p) => p.metadata.labels?.['app'] === d.metadata.name && !p.metadata.deletionTimestamp);
    expect({ name: d.metadata.name, pods: live.length, ready: d.status?.readyReplicas ?? 0 }).toEqual({ name: d.metadata.name, pods: want, ready: want });
  }
}

describe('engine properties over random command sequences', () => {
  it('never binds a Pod twice, never overcommits a node, never moves resourceVersion back, and converges', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.array(command, { minLength: 1, maxLength: 12 }), (seed, cmds) => invariantsAndConvergence(seed, cmds)),
      { numRuns: 12, seed: 20261129 },
    );
  });

  it('is fully determined by its seed: same seed and commands give the same trace', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.array(command, { minLength: 1, maxLength: 8 }), (seed, cmds) => {
        const a = run(seed, cmds);
        const b = run(seed, cmds);
        expect(JSON.stringify(worldOf(b).trace.records)).toBe(JSON.stringify(worldOf(a).trace.records));
        expect(worldOf(b).etcd.revision).toBe(worldOf(a).etcd.revision);
      }),
      { numRuns: 6, seed: 7 },
    );
  });

  it('commits resourceVersions in strictly increasing order', () => {
    const sim = run(3, [{ type: 'deploy', name: 'alpha', replicas: 3, cpu: '100m' }, { type: 'advance', ms: 30_000 }]);
    const revs = worldOf(sim).trace.records.filter((r) => r.kind === 'etcd-commit' && r.resourceVersion).map((r) => Number(r.resourceVersion));
    expect(revs.length).toBeGreaterThan(10);
    for (let i = 1; i < revs.length; i++) expect(revs[i]).toBeGreaterThan(revs[i - 1]!);
  });
});

/**
 * The same properties on a 100-node cluster (the largest below scale mode). A boot at this size
 * costs about a second, so the invariant runs share one boot (each case restores its snapshot)
 * and determinism is checked on one case, booting twice.
 */
describe('engine properties at 100 nodes', () => {
  let booted: ReturnType<Simulation['snapshot']> | undefined;
  const fromBoot = (): Simulation => Simulation.fromSnapshot((booted ??= new Simulation({ seed: 100, workers: 100 }).snapshot()));

  it('never binds a Pod twice, never overcommits a node, never moves resourceVersion back, and converges', () => {
    fc.assert(
      fc.property(fc.array(commands(40), { minLength: 1, maxLength: 10 }), (cmds) => invariantsAndConvergence(100, cmds, fromBoot)),
      { numRuns: 3, seed: 20261202 },
    );
  });

  it('is fully determined by its seed: same seed and commands give the same trace', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.array(commands(40), { minLength: 1, maxLength: 6 }), (seed, cmds) => {
        const make = (s: number): Simulation => new Simulation({ seed: s, workers: 100 });
        const a = run(seed, cmds, undefined, make);
        const b = run(seed, cmds, undefined, make);
        expect(a.machines()).toHaveLength(101);
        expect(JSON.stringify(worldOf(b).trace.records)).toBe(JSON.stringify(worldOf(a).trace.records));
        expect(JSON.stringify(b.storedObjects())).toBe(JSON.stringify(a.storedObjects()));
      }),
      { numRuns: 1, seed: 16 },
    );
  });
});
