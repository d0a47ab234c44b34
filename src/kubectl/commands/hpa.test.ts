import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HorizontalPodAutoscaler } from '../../k8s/autoscaling';
import type { Deployment } from '../../k8s/types';
import { Simulation } from '../../engine/index';
import { kubectl } from '../testing';

const manifest = (f: string): string => readFileSync(new URL(`../../../examples/manifests/${f}`, import.meta.url), 'utf8');
const FILES = { 'metrics-server.yaml': manifest('metrics-server.yaml'), 'go-api.yaml': manifest('go-api.yaml'), 'go-api-service.yaml': manifest('go-api-service.yaml') };

function run(sim: Simulation, line: string): string {
  const r = kubectl(sim, line, { files: FILES });
  expect(r.code, `${line}\n${r.all}`).toBe(0);
  return r.stdout;
}

const hpa = (sim: Simulation): HorizontalPodAutoscaler => sim.storedObject<HorizontalPodAutoscaler>('horizontalpodautoscalers/default/go-api')!;
const replicas = (sim: Simulation): number => sim.storedObject<Deployment>('deployments/default/go-api')!.spec.replicas ?? 0;

describe('metrics-server, kubectl top and the HorizontalPodAutoscaler', () => {
  let base: Simulation;
  beforeAll(() => {
    base = new Simulation({ seed: 1 });
    run(base, 'apply -f go-api.yaml -f go-api-service.yaml');
    run(base, 'rollout status deployment/go-api --timeout=2m');
  });
  const fresh = (): Simulation => Simulation.fromSnapshot(base.snapshot());
  const withMetrics = (): Simulation => {
    const sim = fresh();
    run(sim, 'apply -f metrics-server.yaml');
    run(sim, 'rollout status deployment/metrics-server -n kube-system --timeout=2m');
    sim.advance(20_000);
    return sim;
  };

  it('has no Metrics API, so no metrics.k8s.io in discovery, before metrics-server is installed', () => {
    const sim = fresh();
    expect(kubectl(sim, 'top pods').stderr).toBe('error: Metrics API not available\n');
    expect(kubectl(sim, 'top nodes').stderr).toBe('error: Metrics API not available\n');
    expect(run(sim, 'api-resources --api-group=metrics.k8s.io')).toBe('NAME   SHORTNAMES   APIVERSION   NAMESPACED   KIND\n');
    // The APIService exists at once, but stays unavailable until its Service has a ready endpoint.
    // (Its AGE is 0s or 1s: creationTimestamp has whole seconds, 150 ms may cross one.)
    run(sim, 'apply -f metrics-server.yaml');
    sim.advance(150);
    // Listed among the Local ones kube-apiserver registered for its own groups.
    const listed = run(sim, 'get apiservices');
    expect(listed).toMatch(/^v1beta1\.metrics\.k8s\.io +kube-system\/metrics-server {3}False \(MissingEndpoints\) {3}[01]s$/m);
    expect(listed).toMatch(/^v1\.apps +Local {24}True {23}\d+s\n/m);
    expect(kubectl(sim, 'top pods').stderr).toBe('error: Metrics API not available\n');
  });

  it('aggregates metrics.k8s.io once metrics-server is Ready, and top prints kubectl\'s columns', () => {
    const sim = withMetrics();
    expect(run(sim, 'get apiservices v1beta1.metrics.k8s.io')).toContain('kube-system/metrics-server   True        ');
    expect(run(sim, 'api-resources --api-group=metrics.k8s.io')).toBe(
      ['NAME    SHORTNAMES   APIVERSION               NAMESPACED   KIND', 'nodes                metrics.k8s.io/v1beta1   false        NodeMetrics', 'pods                 metrics.k8s.io/v1beta1   true         PodMetrics', ''].join('\n'),
    );
    const nodes = run(sim, 'top nodes').split('\n');
    expect(nodes[0]).toBe('NAME            CPU(cores)   CPU(%)   MEMORY(bytes)   MEMORY(%)   ');
    expect(nodes.slice(1, -1).map((l) => l.split(/\s+/)[0])).toEqual(['control-plane', 'node-1', 'node-2', 'node-3']);
    for (const l of nodes.slice(1, -1)) expect(l).toMatch(/^\S+\s+\d+m\s+\d+%\s+\d+Mi\s+\d+%\s+$/);
    const pods = run(sim, 'top pods').split('\n');
    expect(pods[0]).toBe('NAME                     CPU(cores)   MEMORY(bytes)   ');
    expect(pods.slice(1, -1)).toHaveLength(3);
    for (const l of pods.slice(1, -1)) expect(l).toMatch(/^go-api-\S+ {3}1m {11}18Mi {12}$/);
    expect(run(sim, 'get --raw /apis/metrics.k8s.io/v1beta1/nodes/node-1')).toMatch(/^\{"kind":"NodeMetrics","apiVersion":"metrics\.k8s\.io\/v1beta1","metadata":\{"name":"node-1",.*"window":"15s"\}\n$/);
    expect(JSON.parse(run(sim, 'get --raw /apis/metrics.k8s.io/v1beta1/namespaces/default/pods')).items).toHaveLength(3);
    const all = run(sim, 'top pods -A --containers --sort-by=memory').split('\n');
    expect(all[0]).toMatch(/^NAMESPACE +POD +NAME +CPU\(cores\) +MEMORY\(bytes\) +$/);
    expect(all[1]).toMatch(/^kube-system +kube-apiserver-control-plane +kube-apiserver +\d+m +236Mi +$/);
  });

  it('says "metrics not available yet" for Pods too young to have been scraped twice', () => {
    const sim = withMetrics();
    run(sim, 'create deployment young --image=nginx');
    // No Pod yet: nothing to wait for.
    expect(kubectl(sim, 'top pods -l app=young').stderr).toBe('No resources found in default namespace.\n');
    sim.advance(5000);
    expect(kubectl(sim, 'top pods -l app=young').stderr).toBe('error: metrics not available yet\n');
    // Old enough to have been scraped, and still without metrics: kubectl names it.
    sim.advance(150_000);
    expect(kubectl(sim, 'top pods -l app=nobody').stderr).toBe('No resources found in default namespace.\n');
  });

  it('autoscale creates an autoscaling/v2 HPA; a new HPA shows <unknown> until its first sync 15 s later', () => {
    const sim = withMetrics();
    expect(run(sim, 'autoscale deployment go-api --cpu=50% --min=1 --max=10 --dry-run=client -o yaml')).toBe(
      [
        'apiVersion: autoscaling/v2',
        'kind: HorizontalPodAutoscaler',
        'metadata:',
        '  name: go-api',
        'spec:',
        '  maxReplicas: 10',
        '  metrics:',
        '  - resource:',
        '      name: cpu',
        '      target:',
        '        averageUtilization: 50',
        '        type: Utilization',
        '    type: Resource',
        '  minReplicas: 1',
        '  scaleTargetRef:',
        '    apiVersion: apps/v1',
        '    kind: Deployment',
        '    name: go-api',
        // The typed HPA's status: desiredReplicas and currentMetrics have no omitempty (as kubectl 1.35 prints it).
        'status:',
        '  currentMetrics: null',
        '  desiredReplicas: 0',
        '',
      ].join('\n'),
    );
    const dep = kubectl(sim, 'autoscale deployment go-api --cpu-percent=50 --max=10');
    expect(dep.stderr).toContain('Flag --cpu-percent has been deprecated');
    expect(dep.stdout).toBe('horizontalpodautoscaler.autoscaling/go-api autoscaled\n');
    expect(run(sim, 'get hpa')).toMatch(/^go-api +Deployment\/go-api +cpu: <unknown>\/50% +1 +10 +0 +0s$/m);
    sim.advance(16_000);
    expect(run(sim, 'get hpa')).toMatch(/^go-api +Deployment\/go-api +cpu: 0%\/50% +1 +10 +3 +/m);
    expect(kubectl(sim, 'autoscale deployment go-api --max=0').stderr).toBe('error: --max=MAXPODS is required and must be at least 1, max: 0\n');
  });

  it('scales up under load by the legacy limit, then down only after the 300 s stabilization window', () => {
    const sim = withMetrics();
    run(sim, 'autoscale deployment go-api --cpu=50% --min=1 --max=10');
    sim.advance(20_000);
    sim.setServiceLoad('default/go-api', 600);
    sim.advance(35_000);
    // 600 requests/s over 3 Pods at 1m each: 201m of a 200m request is 100%, twice the target.
    expect(run(sim, 'top pods')).toMatch(/go-api-\S+ +201m +18Mi/);
    expect(replicas(sim)).toBe(6);
    const events = run(sim, 'get events --field-selector reason=SuccessfulRescale -o custom-columns=MSG:.message --no-headers');
    expect(events).toBe('New size: 6; reason: cpu resource utilization (percentage of request) above target\n');
    expect(hpa(sim).status?.conditions?.map((c) => c.type)).toEqual(['AbleToScale', 'ScalingActive', 'ScalingLimited']);
    sim.setServiceLoad('default/go-api', 0);
    const off = sim.now;
    sim.advance(120_000);
    expect(replicas(sim)).toBeGreaterThan(1);
    expect(hpa(sim).status?.conditions?.find((c) => c.type === 'AbleToScale')?.reason).toBe('ScaleDownStabilized');
    sim.advance(300_000 - (sim.now - off) + 60_000);
    expect(replicas(sim)).toBe(1);
    expect(run(sim, 'describe hpa go-api')).toContain('  ScalingLimited  True    TooFewReplicas    the desired replica count is less than the minimum replica count\n');
  });

  it('reports FailedGetResourceMetric while the Metrics API is missing, and a missing request', () => {
    const sim = fresh();
    run(sim, 'autoscale deployment go-api --cpu=50% --max=5');
    run(sim, 'create deployment bare --image=nginx');
    run(sim, 'autoscale deployment bare --max=3');
    sim.advance(16_000);
    const d = run(sim, 'describe hpa go-api');
    expect(d).toContain(
      '  ScalingActive  False   FailedGetResourceMetric  the HPA was unable to compute the replica count: unable to get metrics for resource cpu: unable to fetch metrics from resource metrics API: the server could not find the requested resource (get pods.metrics.k8s.io)\n',
    );
    expect(d).toContain('FailedComputeMetricsReplicas  ');
    // HorizontalPodAutoscalerStatus.currentMetrics has no omitempty: no metric read is `null`.
    expect(run(sim, 'get hpa go-api -o yaml')).toContain('\n  currentMetrics: null\n');
    expect(d).toContain('invalid metrics (1 invalid out of 1), first error is: failed to get cpu utilization: unable to get metrics for resource cpu: unable to fetch metrics from resource metrics API: the server could not find the requested resource (get pods.metrics.k8s.io)');
    run(sim, 'apply -f metrics-server.yaml');
    sim.advance(90_000);
    expect(run(sim, 'describe hpa bare')).toContain('the HPA was unable to compute the replica count: missing request for cpu in container nginx of Pod bare-');
  });
});
