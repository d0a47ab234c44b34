/**
 * autoscaling/v1 HorizontalPodAutoscalers through our kubectl: a v1 manifest applies (stored as
 * v2), the full resource name `horizontalpodautoscalers.v1.autoscaling` reads it back at v1, a
 * short name (`hpa.v1.autoscaling`) loses the version as client-go's shortcut expander drops it,
 * and `kubectl autoscale` (1.36) still creates v2.
 */
import { describe, expect, it } from 'vitest';
import type { HorizontalPodAutoscaler } from '../../k8s/autoscaling';
import { Simulation } from '../../engine/index';
import { kubectl } from '../testing';

const V1 = `apiVersion: autoscaling/v1
kind: HorizontalPodAutoscaler
metadata:
  name: web
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: web
  maxReplicas: 5
  targetCPUUtilizationPercentage: 50
`;

const V2 = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: web
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: web
  maxReplicas: 5
  metrics:
  - type: Resource
    resource:
      name: memory
      target:
        type: AverageValue
        averageValue: 100Mi
  - type: Resource
    resource:
      name: cpu
      target:
        type: Utilization
        averageUtilization: 50
`;

function setup(): { sim: Simulation; run: (line: string) => string } {
  const sim = new Simulation({ seed: 1 });
  const run = (line: string): string => {
    const r = kubectl(sim, line, { files: { 'hpa.yaml': V1, 'hpa-v2.yaml': V2 } });
    expect(r.code, `${line}\n${r.all}`).toBe(0);
    return r.stdout;
  };
  run('create deployment web --image=nginx');
  return { sim, run };
}

const stored = (sim: Simulation): HorizontalPodAutoscaler => sim.storedObject<HorizontalPodAutoscaler>('horizontalpodautoscalers/default/web')!;

describe('autoscaling/v1 HorizontalPodAutoscaler', () => {
  it('applies a v1 manifest, stored as v2; get hpa prints its TARGETS as usual', () => {
    const { sim, run } = setup();
    expect(run('apply -f hpa.yaml')).toBe('horizontalpodautoscaler.autoscaling/web created\n');
    expect(stored(sim)).toMatchObject({ apiVersion: 'autoscaling/v2', spec: { minReplicas: 1, maxReplicas: 5, metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } }] } });
    sim.advance(60_000);
    expect(run('get hpa')).toBe(['NAME   REFERENCE        TARGETS              MINPODS   MAXPODS   REPLICAS   AGE', 'web    Deployment/web   cpu: <unknown>/50%   1         5         1          60s', ''].join('\n'));
    // The Table is printed from the internal (v2) object whatever the version asked for.
    expect(run('get horizontalpodautoscalers.v1.autoscaling')).toBe(run('get hpa'));
    // A second apply of the same v1 manifest is a no-op through the v1 view.
    expect(run('apply -f hpa.yaml')).toBe('horizontalpodautoscaler.autoscaling/web unchanged\n');
  });

  it('reads it back at v1 by its full name, with the conditions in the annotation; a short name stays at v2', () => {
    const { sim, run } = setup();
    run('apply -f hpa.yaml');
    sim.advance(60_000);
    const v1 = run('get horizontalpodautoscalers.v1.autoscaling web -o yaml');
    expect(v1).toMatch(/^apiVersion: autoscaling\/v1\nkind: HorizontalPodAutoscaler\n/);
    expect(v1).toContain("    autoscaling.alpha.kubernetes.io/conditions: '[{\"type\":\"AbleToScale\",\"status\":\"True\",");
    expect(v1).toContain('  targetCPUUtilizationPercentage: 50\nstatus:\n  currentReplicas: 1\n  desiredReplicas: 0\n');
    expect(v1).not.toContain('metrics:');
    expect(run('get horizontalpodautoscaler.v1.autoscaling web -o yaml')).toBe(v1);
    expect(run('get hpa.v1.autoscaling web -o yaml')).toBe(run('get hpa web -o yaml'));
    expect(run('get hpa web -o yaml')).toMatch(/^apiVersion: autoscaling\/v2\n/);
    expect(stored(sim).metadata.annotations?.['autoscaling.alpha.kubernetes.io/conditions']).toBeUndefined();
  });

  it('a merge patch at v1 changes the v2 metric and keeps the others (carried in the metrics annotation)', () => {
    const { sim, run } = setup();
    // A v2 memory metric beside the CPU one: v1 shows only the CPU target, the memory metric rides in the annotation.
    run('create -f hpa-v2.yaml');
    expect(run('get horizontalpodautoscalers.v1.autoscaling web -o jsonpath={.metadata.annotations}')).toBe('{"autoscaling.alpha.kubernetes.io/metrics":"[{\\"type\\":\\"Resource\\",\\"resource\\":{\\"name\\":\\"memory\\",\\"targetAverageValue\\":\\"100Mi\\"}}]"}');
    expect(run('get horizontalpodautoscalers.v1.autoscaling web -o jsonpath={.spec.targetCPUUtilizationPercentage}')).toBe('50');
    expect(run(`patch horizontalpodautoscalers.v1.autoscaling web --type=merge -p '{"spec":{"targetCPUUtilizationPercentage":70}}'`)).toBe('horizontalpodautoscaler.autoscaling/web patched\n');
    // The annotation's metrics come back first, then v1's own CPU target (Convert_v1_HorizontalPodAutoscaler_To_autoscaling_HorizontalPodAutoscaler).
    expect(stored(sim).spec.metrics).toEqual([
      { type: 'Resource', resource: { name: 'memory', target: { type: 'AverageValue', averageValue: '100Mi' } } },
      { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } },
    ]);
    expect(stored(sim).metadata.annotations).toBeUndefined();
  });

  it('kubectl autoscale (1.36) still creates autoscaling/v2', () => {
    const { sim, run } = setup();
    expect(run('autoscale deployment web --cpu=50% --memory=100Mi --max=3')).toBe('horizontalpodautoscaler.autoscaling/web autoscaled\n');
    expect(stored(sim).apiVersion).toBe('autoscaling/v2');
    // Tables and describe read the stored object: cpu before memory as stored, where the v1
    // round trip would put the annotation's memory metric first.
    sim.advance(30_000);
    expect(run('get hpa')).toContain('cpu: <unknown>/50%, memory: <unknown>/100Mi');
    expect(run('get horizontalpodautoscalers.v1.autoscaling -o wide')).toBe(run('get hpa -o wide'));
    expect(run('describe horizontalpodautoscalers.v1.autoscaling web')).toBe(run('describe hpa web'));
  });
});

describe('autoscaling/v1 requests in the apiserver', () => {
  it('a server-side apply, a /status write and a delete at v1 convert like the others', () => {
    const { sim } = setup();
    const v1 = { apiVersion: 'autoscaling/v1', kind: 'HorizontalPodAutoscaler', metadata: { name: 'web', namespace: 'default' }, spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, maxReplicas: 4, targetCPUUtilizationPercentage: 65 } };
    const at = { resource: 'horizontalpodautoscalers', version: 'v1', namespace: 'default', name: 'web' } as const;
    const applied = sim.request({ ...at, verb: 'patch', body: v1 as never, apply: { fieldManager: 'ci', force: false } });
    expect(applied).toMatchObject({ ok: true, object: { apiVersion: 'autoscaling/v1', spec: { maxReplicas: 4, targetCPUUtilizationPercentage: 65 } } });
    expect(stored(sim).spec.metrics).toEqual([{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 65 } } }]);
    // A v1 status names the CPU utilization; the v2 status gets it as a current metric.
    const current = sim.request({ ...at, verb: 'get' });
    const status = { ...(current.ok ? current.object : {}), status: { currentReplicas: 2, desiredReplicas: 2, currentCPUUtilizationPercentage: 40 } };
    expect(sim.request({ ...at, verb: 'update', subresource: 'status', body: status as never })).toMatchObject({ ok: true, object: { status: { currentReplicas: 2, desiredReplicas: 2, currentCPUUtilizationPercentage: 40 } } });
    expect(stored(sim).status?.currentMetrics).toEqual([{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: 40 } } }]);
    expect(sim.request({ ...at, verb: 'list', name: undefined })).toMatchObject({ ok: true, items: [{ apiVersion: 'autoscaling/v1' }] });
    expect(sim.request({ ...at, verb: 'delete' }).ok).toBe(true);
    expect(sim.storedObject('horizontalpodautoscalers/default/web')).toBeUndefined();
    // A version the resource is not served at is no route at all.
    expect(sim.request({ ...at, version: 'v2beta2', verb: 'get' })).toMatchObject({ ok: false, error: { code: 404, message: 'the server could not find the requested resource' } });
  });
});

describe('autoscaling discovery', () => {
  it('lists v2 (preferred) then v1, in the legacy and aggregated documents', () => {
    const { run } = setup();
    expect(JSON.parse(run('get --raw /apis/autoscaling'))).toEqual({ kind: 'APIGroup', apiVersion: 'v1', name: 'autoscaling', versions: [{ groupVersion: 'autoscaling/v2', version: 'v2' }, { groupVersion: 'autoscaling/v1', version: 'v1' }], preferredVersion: { groupVersion: 'autoscaling/v2', version: 'v2' } });
    const v1 = JSON.parse(run('get --raw /apis/autoscaling/v1')) as { groupVersion: string; resources: { name: string; kind: string; shortNames?: string[] }[] };
    expect(v1.groupVersion).toBe('autoscaling/v1');
    expect(v1.resources.map((r) => [r.name, r.kind, r.shortNames])).toEqual([
      ['horizontalpodautoscalers', 'HorizontalPodAutoscaler', ['hpa']],
      ['horizontalpodautoscalers/status', 'HorizontalPodAutoscaler', undefined],
    ]);
    expect(run('api-versions')).toContain('authorization.k8s.io/v1\nautoscaling/v1\nautoscaling/v2\nbatch/v1\n');
    // api-resources prints each resource once, at its preferred version.
    expect(run('api-resources --api-group=autoscaling')).toBe('NAME                       SHORTNAMES   APIVERSION       NAMESPACED   KIND\nhorizontalpodautoscalers   hpa          autoscaling/v2   true         HorizontalPodAutoscaler\n');
  });
});

describe('autoscaling/v1 decoding', () => {
  it('refuses a v1 field it does not know (strict decoding into the v1 struct), and warns with --validate=warn', () => {
    const { sim } = setup();
    const typo = V1.replace('targetCPUUtilizationPercentage', 'targetCPU');
    const refused = kubectl(sim, 'apply -f typo.yaml', { files: { 'typo.yaml': typo } });
    expect(refused.stderr).toBe('Error from server (BadRequest): error when creating "typo.yaml": HorizontalPodAutoscaler in version "v1" cannot be handled as a HorizontalPodAutoscaler: strict decoding error: unknown field "spec.targetCPU"\n');
    const warned = kubectl(sim, 'apply -f typo.yaml --validate=warn', { files: { 'typo.yaml': typo } });
    expect(warned.stderr).toBe('Warning: unknown field "spec.targetCPU"\n');
    // Without a target, the v1 → v2 conversion gives the old implicit 80% CPU metric.
    expect(stored(sim).spec.metrics).toEqual([{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } }]);
    const patched = kubectl(sim, `patch horizontalpodautoscalers.v1.autoscaling web --type=merge -p '{"spec":{"maxReplica":3}}'`);
    expect(patched.stderr).toContain('strict decoding error: unknown field "spec.maxReplica"');
  });
});
