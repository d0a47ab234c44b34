/**
 * autoscaling/v1 HorizontalPodAutoscalers through reconcile serve: kubectl ≤ 1.32's
 * `kubectl autoscale` POSTs an autoscaling/v1 HPA; kube-apiserver stores it as autoscaling/v2
 * and serves it back at either version. The expected output is what a real 1.35 cluster prints,
 * reasoned from upstream's conversion (pkg/apis/autoscaling/v1/conversion.go) and printers.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HorizontalPodAutoscaler } from '../k8s/autoscaling';
import { kubectlBinary, type KubectlBinary } from './kubectl-binary.testing';
import { runKubectl } from './served.testing';
import { servedSession } from './served-session.testing';

/** The kubectl on PATH when it is 1.32 or older: the last ones whose `autoscale` creates autoscaling/v1. */
function oldKubectl(): KubectlBinary | undefined {
  try {
    const out = execFileSync('kubectl', ['version', '--client', '-o', 'json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const minor = parseInt((JSON.parse(out) as { clientVersion: { minor: string } }).clientVersion.minor, 10);
    return minor <= 32 ? { path: 'kubectl', source: 'kubectl on PATH' } : undefined;
  } catch {
    return undefined;
  }
}

const old = oldKubectl();
let current: KubectlBinary;
const setup = servedSession('hpa-v1');

beforeAll(async () => {
  current = await kubectlBinary();
});

const stored = (): HorizontalPodAutoscaler => setup.served.cluster.sim.storedObject<HorizontalPodAutoscaler>('horizontalpodautoscalers/default/web')!;

/** The stored object's server-set fields, which the expected YAML quotes. */
function meta(): string {
  const m = stored().metadata;
  return `  creationTimestamp: "${m.creationTimestamp}"\n  name: web\n  namespace: default\n  resourceVersion: "${m.resourceVersion}"\n  uid: ${m.uid}\n`;
}

const TARGET = '  scaleTargetRef:\n    apiVersion: apps/v1\n    kind: Deployment\n    name: web\n';

describe.skipIf(!old)('autoscaling/v1 HorizontalPodAutoscaler through reconcile serve (kubectl 1.32 on PATH)', () => {
  const run = async (k: KubectlBinary, line: string): Promise<string> => {
    const r = await runKubectl(k, setup.served, setup.home, line.split(' '));
    expect(r.stderr, line).toBe('');
    expect(r.code, line).toBe(0);
    return r.stdout;
  };

  it('kubectl autoscale POSTs an autoscaling/v1 HPA (protobuf), stored as v2 with its CPU target as a metric', async () => {
    await run(current, 'create deployment web --image=nginx');
    expect(await run(old!, 'autoscale deployment web --cpu-percent=50 --min=1 --max=5')).toBe('horizontalpodautoscaler.autoscaling/web autoscaled\n');
    expect(stored().apiVersion).toBe('autoscaling/v2');
    expect(stored().spec.metrics).toEqual([{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } }]);
    // `get` prints the server's Table of the preferred version, v2.
    expect(await run(old!, 'get hpa')).toBe(
      ['NAME   REFERENCE        TARGETS              MINPODS   MAXPODS   REPLICAS   AGE', 'web    Deployment/web   cpu: <unknown>/50%   1         5         0          0s', ''].join('\n'),
    );
  });

  it('serves it back at v2 by default, and at v1 when the full resource name asks for it', async () => {
    const v2 = `apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata:\n${meta()}spec:\n  maxReplicas: 5\n  metrics:\n  - resource:\n      name: cpu\n      target:\n        averageUtilization: 50\n        type: Utilization\n    type: Resource\n  minReplicas: 1\n${TARGET}status:\n  desiredReplicas: 0\n`;
    expect(await run(old!, 'get hpa web -o yaml')).toBe(v2);
    // client-go's shortcut expander keeps only the group and resource of a short name: hpa.v1.autoscaling is still v2.
    expect(await run(old!, 'get hpa.v1.autoscaling web -o yaml')).toBe(v2);
    // v1's currentReplicas has no omitempty; the CPU target is v1's own field.
    const v1 = `apiVersion: autoscaling/v1\nkind: HorizontalPodAutoscaler\nmetadata:\n${meta()}spec:\n  maxReplicas: 5\n  minReplicas: 1\n${TARGET}  targetCPUUtilizationPercentage: 50\nstatus:\n  currentReplicas: 0\n  desiredReplicas: 0\n`;
    expect(await run(old!, 'get horizontalpodautoscalers.v1.autoscaling web -o yaml')).toBe(v1);
    expect(await run(current, 'get horizontalpodautoscalers.v1.autoscaling web -o yaml')).toBe(v1);
    const versions = (await run(old!, 'api-versions')).split('\n');
    expect(versions.slice(versions.indexOf('autoscaling/v1'), versions.indexOf('autoscaling/v1') + 2)).toEqual(['autoscaling/v1', 'autoscaling/v2']);
    // kubectl lists each resource once, at the group's preferred version.
    expect(await run(current, 'api-resources --api-group=autoscaling')).toBe(
      'NAME                       SHORTNAMES   APIVERSION       NAMESPACED   KIND\nhorizontalpodautoscalers   hpa          autoscaling/v2   true         HorizontalPodAutoscaler\n',
    );
  });

  it('carries the v2 status conditions in the v1 annotation once the controller has run', async () => {
    setup.served.cluster.advance(60_000);
    const out = await run(old!, 'get horizontalpodautoscalers.v1.autoscaling web -o json');
    const hpa = JSON.parse(out) as { metadata: { annotations: Record<string, string> }; status: object };
    const conditions = JSON.parse(hpa.metadata.annotations['autoscaling.alpha.kubernetes.io/conditions']!) as { type: string; status: string; reason: string }[];
    expect(conditions.map((c) => [c.type, c.status, c.reason])).toEqual([
      ['AbleToScale', 'True', 'SucceededGetScale'],
      ['ScalingActive', 'False', 'FailedGetResourceMetric'],
    ]);
    expect(Object.keys(hpa.metadata.annotations)).toEqual(['autoscaling.alpha.kubernetes.io/conditions']);
    expect(hpa.status).toEqual({ currentReplicas: 1, desiredReplicas: 0 });
    // The stored object never holds the round-trip annotations.
    expect(stored().metadata.annotations).toBeUndefined();
  });

  it('a v1 watch carries v1 objects', async () => {
    const out = await run(current, 'get --raw /apis/autoscaling/v1/namespaces/default/horizontalpodautoscalers?watch=true&timeoutSeconds=1');
    const events = out.trim().split('\n').map((l) => JSON.parse(l) as { type: string; object: { apiVersion: string; spec: Record<string, unknown> } });
    expect(events.map((e) => [e.type, e.object.apiVersion, e.object.spec['targetCPUUtilizationPercentage']])).toEqual([['ADDED', 'autoscaling/v1', 50]]);
  });

  it('strict decoding at v1: a v1 manifest with an unknown field is refused as kube-apiserver refuses it', async () => {
    writeFileSync(join(setup.home, 'typo.yaml'), 'apiVersion: autoscaling/v1\nkind: HorizontalPodAutoscaler\nmetadata:\n  name: typo\nspec:\n  scaleTargetRef:\n    apiVersion: apps/v1\n    kind: Deployment\n    name: web\n  maxReplicas: 5\n  targetCPU: 50\n');
    const r = await runKubectl(current, setup.served, setup.home, ['apply', '-f', join(setup.home, 'typo.yaml')]);
    expect(r.stderr).toBe(`Error from server (BadRequest): error when creating "${join(setup.home, 'typo.yaml')}": HorizontalPodAutoscaler in version "v1" cannot be handled as a HorizontalPodAutoscaler: strict decoding error: unknown field "spec.targetCPU"\n`);
    expect(r.code).toBe(1);
  });

  it('updates through v1 (kubectl patch, a merge patch on the v1 object) keep the v2 metrics', async () => {
    expect(await run(old!, 'patch horizontalpodautoscalers.v1.autoscaling web --type=merge -p {"spec":{"targetCPUUtilizationPercentage":70}}')).toBe('horizontalpodautoscaler.autoscaling/web patched\n');
    expect(stored().spec.metrics).toEqual([{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } }]);
    expect(stored().metadata.annotations).toBeUndefined();
    expect(await run(old!, 'get hpa web -o jsonpath={.spec.metrics[0].resource.target.averageUtilization}')).toBe('70');
    // A Table at v1 is printed from the stored object: cpu before memory, as stored (a v1 round
    // trip would put the memory metric, carried in the annotation, first).
    await run(current, 'patch hpa web --type=json -p [{"op":"add","path":"/spec/metrics/-","value":{"type":"Resource","resource":{"name":"memory","target":{"type":"AverageValue","averageValue":"100Mi"}}}}]');
    const table = await run(old!, 'get horizontalpodautoscalers.v1.autoscaling');
    expect(table).toContain('cpu: <unknown>/70%, memory: <unknown>/100Mi');
    // The same rows as at v2 (AGE aside: each kubectl invocation advances the manual clock).
    const withoutAge = (t: string): string => t.replace(/\s+\S+$/gm, '');
    expect(withoutAge(table)).toBe(withoutAge(await run(old!, 'get hpa')));
  });
});
