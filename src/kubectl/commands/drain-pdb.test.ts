import { beforeAll, describe, expect, it } from 'vitest';
import type { Pod, PodDisruptionBudget } from '../../k8s/types';
import { Simulation } from '../../engine/index';
import { kubectl } from '../testing';

const VIOLATES = "Cannot evict pod as it would violate the pod's disruption budget.";

function ready(p: Pod): boolean {
  return p.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') === true;
}

describe('kubectl drain through pods/eviction', () => {
  let base: Simulation;
  beforeAll(() => {
    // Three replicas of web, all on node-1, under a budget of minAvailable 2.
    base = new Simulation({ seed: 1 });
    for (const line of ['cordon node-2 node-3', 'create deployment web --image=nginx --replicas=3', 'create pdb web --selector=app=web --min-available=2']) {
      expect(kubectl(base, line).code).toBe(0);
    }
    base.advance(30_000);
    expect(kubectl(base, 'uncordon node-2 node-3').code).toBe(0);
  });
  const fresh = (): Simulation => Simulation.fromSnapshot(base.snapshot());

  it('evicts one Pod at a time, retrying every 5 s until a replacement is Ready, and never drops below the budget', () => {
    const sim = fresh();
    expect(sim.objects<Pod>('pods').filter((p) => p.metadata.namespace === 'default' && p.spec.nodeName === 'node-1' && ready(p))).toHaveLength(3);
    const start = sim.now;
    const r = kubectl(sim, 'drain node-1 --ignore-daemonsets');
    expect(r.code).toBe(0);
    const out = r.all.split('\n');
    expect(out[0]).toBe('node/node-1 cordoned');
    expect(out.at(-2)).toBe('node/node-1 drained');
    const retries = out.filter((l) => l.includes('(will retry after 5s)'));
    expect(retries.length).toBeGreaterThan(0);
    for (const l of retries) expect(l).toMatch(new RegExp(`^error when evicting pods/"web-[a-z0-9-]+" -n "default" \\(will retry after 5s\\): ${VIOLATES.replace(/[.()]/g, '\\$&')}$`));
    // web's three (a CoreDNS replica that landed on node-1 is evicted too, with no budget to wait for).
    expect(out.filter((l) => /^pod\/web-\S+ evicted$/.test(l))).toHaveLength(3);
    // Each retry is 5 s after the last; the drain took several of them.
    expect(sim.now - start).toBeGreaterThanOrEqual(10_000);
    const left = sim.objects<Pod>('pods').filter((p) => p.metadata.namespace === 'default' && !p.metadata.deletionTimestamp);
    expect(left.every((p) => p.spec.nodeName !== 'node-1')).toBe(true);
    expect(left.filter(ready).length).toBeGreaterThanOrEqual(2);
    // The disruption controller saw every eviction through: nothing is left in disruptedPods.
    sim.advance(5_000);
    const pdb = sim.objects<PodDisruptionBudget>('poddisruptionbudgets')[0]!;
    expect(pdb.status?.disruptedPods).toBeUndefined();
  });

  it('marks an evicted Pod with the DisruptionTarget condition while it terminates', () => {
    const sim = fresh();
    const pod = sim.objects<Pod>('pods').find((p) => p.metadata.namespace === 'default')!;
    const name = pod.metadata.name!;
    const res = sim.request({ verb: 'create', resource: 'pods', subresource: 'eviction', namespace: 'default', name, body: { apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name, namespace: 'default' } } });
    expect(res.ok).toBe(true);
    const after = sim.objects<Pod>('pods').find((p) => p.metadata.name === name)!;
    expect(after.metadata.deletionTimestamp).toBeDefined();
    expect(after.status?.conditions?.find((c) => c.type === 'DisruptionTarget')).toMatchObject({ status: 'True', reason: 'EvictionByEvictionAPI', message: 'Eviction API: evicting' });
  });

  it('gives up at --timeout with the global timeout error, and --disable-eviction deletes past the budget', () => {
    const sim = fresh();
    expect(kubectl(sim, `patch pdb web --type=merge -p '{"spec":{"minAvailable":3}}'`).code).toBe(0);
    sim.advance(2_000);
    const r = kubectl(sim, 'drain node-1 --ignore-daemonsets --timeout=7s');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`(will retry after 5s): ${VIOLATES}`);
    expect(r.stderr).toMatch(/error when evicting pods\/"web-[a-z0-9-]+" -n "default": global timeout reached: 7s/);
    expect(r.stderr).toContain('There are pending pods in node "node-1" when an error occurred:');
    const d = kubectl(sim, 'drain node-1 --ignore-daemonsets --disable-eviction');
    expect(d.code).toBe(0);
    expect(d.stdout).not.toContain('evicting pod');
    expect(d.stdout.split('\n').filter((l) => / deleted$/.test(l))).toHaveLength(3);
  });
});

describe('kubectl create poddisruptionbudget', () => {
  it('builds the object kubectl 1.35 builds, and refuses what create_pdb.go refuses', () => {
    const sim = new Simulation({ seed: 1 });
    const y = kubectl(sim, "create pdb web --selector='app=web,tier in (b,a),!x,y' --max-unavailable=30% --dry-run=client -o yaml -n team");
    expect(y.stdout).toBe(
      [
        'apiVersion: policy/v1',
        'kind: PodDisruptionBudget',
        'metadata:',
        '  name: web',
        '  namespace: team',
        'spec:',
        '  maxUnavailable: 30%',
        '  selector:',
        '    matchExpressions:',
        '    - key: tier',
        '      operator: In',
        '      values:',
        '      - a',
        '      - b',
        '    - key: x',
        '      operator: DoesNotExist',
        '    - key: "y"',
        '      operator: Exists',
        '    matchLabels:',
        '      app: web',
        'status:',
        '  currentHealthy: 0',
        '  desiredHealthy: 0',
        '  disruptionsAllowed: 0',
        '  expectedPods: 0',
        '',
      ].join('\n'),
    );
    expect(kubectl(sim, 'create pdb web --selector=app=web').stderr).toBe('error: one of min-available or max-unavailable must be specified\n');
    expect(kubectl(sim, 'create pdb web --min-available=1').stderr).toBe('error: a selector must be specified\n');
    expect(kubectl(sim, 'create pdb x --min-available=1Gi --selector=a=b').stderr).toBe('error: invalid format specified for min-available\n');
    expect(kubectl(sim, 'create pdb --min-available=1 --selector=a=b').stderr).toBe("error: exactly one NAME is required, got 0\nSee 'kubectl create poddisruptionbudget -h' for help and examples\n");
    expect(kubectl(sim, 'create poddisruptionbudget x --min-available=1 --selector=a>1').stderr).toBe('error: "gt" isn\'t supported in label selectors\n');
    expect(kubectl(sim, 'create pdb web --selector=app=web --min-available=50%').stdout).toBe('poddisruptionbudget.policy/web created\n');
    sim.advance(2_000);
    expect(kubectl(sim, 'get pdb').stdout).toBe('NAME   MIN AVAILABLE   MAX UNAVAILABLE   ALLOWED DISRUPTIONS   AGE\nweb    50%             N/A               0                     2s\n');
  });
});

describe('a NODE written TYPE/NAME', () => {
  it('is drained, cordoned and uncordoned as by its name; another type is refused (Builder.ResourceNames, the drain visitor)', () => {
    const sim = new Simulation({ seed: 1 });
    expect(kubectl(sim, 'cordon nodes/node-1').stdout).toBe('node/node-1 cordoned\n');
    expect(kubectl(sim, 'uncordon node/node-1').stdout).toBe('node/node-1 uncordoned\n');
    expect(kubectl(sim, 'drain nodes/node-1 --ignore-daemonsets --grace-period=0').stdout).toContain('node/node-1 drained\n');
    expect(kubectl(sim, 'uncordon nodes/node-1').stdout).toBe('node/node-1 uncordoned\n');
    const r = kubectl(sim, 'cordon pods/x');
    expect({ code: r.code, err: r.stderr }).toEqual({ code: 1, err: 'error: expected resource of type node, got "/v1, Resource=pods"\n' });
  });
});
