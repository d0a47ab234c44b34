import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { bootCluster } from '../../kubelet/kubelet.testing';
import type { Simulation } from '../../simulation';

const web = (replicas: number, image = 'nginx:1.27'): KObject =>
  ({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web' },
    spec: { replicas, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image }] } } },
  }) as unknown as KObject;

function apply(sim: Simulation, body: KObject, force = false) {
  return sim.request({ verb: 'patch', resource: 'deployments', namespace: 'default', name: 'web', body, apply: { fieldManager: 'kubectl', force } });
}

function managers(sim: Simulation): string[] {
  const got = sim.request({ verb: 'get', resource: 'deployments', namespace: 'default', name: 'web' });
  const entries = (got.ok ? (got.object!.metadata.managedFields ?? []) : []) as { manager: string; operation: string; subresource?: string }[];
  return entries.map((e) => `${e.manager} ${e.operation}${e.subresource ? ` ${e.subresource}` : ''}`);
}

describe('server-side apply: Update managers', () => {
  it('a scale records kubectl-scale on .spec.replicas; an apply that changes it conflicts until forced', () => {
    const sim = bootCluster();
    expect(apply(sim, web(2))).toMatchObject({ ok: true, code: 201 });
    // A client naming its manager (kubectl's own scale sends none and is recorded as `kubectl`).
    const scaled = sim.request({ verb: 'patch', resource: 'deployments', subresource: 'scale', namespace: 'default', name: 'web', patchType: 'merge', body: { spec: { replicas: 5 } } as unknown as KObject, fieldManager: 'kubectl-scale' });
    expect(scaled).toMatchObject({ ok: true });
    expect(managers(sim)).toContain('kubectl-scale Update scale');

    const r = apply(sim, web(2));
    expect(!r.ok && r.error).toEqual({
      code: 409,
      reason: 'Conflict',
      message: 'Apply failed with 1 conflict: conflict with "kubectl-scale" using apps/v1: .spec.replicas',
      details: { causes: [{ type: 'FieldManagerConflict', message: 'conflict with "kubectl-scale" using apps/v1', field: '.spec.replicas' }] },
    });
    // The same value is no conflict (the applier co-owns it), another field is none either.
    expect(apply(sim, web(5, 'nginx:1.28'))).toMatchObject({ ok: true });

    const forced = apply(sim, web(3), true);
    expect(forced.ok && (forced.object!.spec as { replicas: number }).replicas).toBe(3);
    // The scaler lost its only field, so its entry goes.
    expect(managers(sim).some((m) => m.startsWith('kubectl-scale'))).toBe(false);
  });

  it("a controller's status writes never conflict with an apply of spec", () => {
    const sim = bootCluster();
    expect(apply(sim, web(2))).toMatchObject({ ok: true });
    sim.advance(30_000);
    // The revision annotation too is the status writer's: the deployment controller sets it with UpdateStatus.
    expect(managers(sim)).toEqual(['kubectl Apply', 'kube-controller-manager Update status']);
    expect(apply(sim, web(4, 'nginx:1.28'))).toMatchObject({ ok: true, code: 200 });
  });

  it('an update moves fields out of other managers, and an object nobody applied starts with before-first-apply', () => {
    const sim = bootCluster();
    const cm = (data: Record<string, string>): KObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings' }, data }) as unknown as KObject;
    expect(sim.request({ verb: 'create', resource: 'configmaps', namespace: 'default', body: cm({ mode: 'dev' }), fieldManager: 'kubectl-create' })).toMatchObject({ ok: true });
    const first = sim.request({ verb: 'patch', resource: 'configmaps', namespace: 'default', name: 'settings', body: cm({ mode: 'prod' }), apply: { fieldManager: 'kubectl', force: false } });
    expect(!first.ok && first.error.message).toBe('Apply failed with 1 conflict: conflict with "before-first-apply" using v1: .data.mode');
    expect(sim.request({ verb: 'patch', resource: 'configmaps', namespace: 'default', name: 'settings', body: cm({ mode: 'dev', level: '1' }), apply: { fieldManager: 'kubectl', force: false } })).toMatchObject({ ok: true });
    const edited = sim.request({ verb: 'patch', resource: 'configmaps', namespace: 'default', name: 'settings', patchType: 'merge', body: { data: { level: '2' } } as unknown as KObject, fieldManager: 'kubectl-patch' });
    const entries = (edited.ok ? edited.object!.metadata.managedFields : []) as { manager: string; fieldsV1: unknown }[];
    expect(entries.map((e) => [e.manager, e.fieldsV1])).toEqual([
      ['kubectl', { 'f:data': { 'f:mode': {} } }],
      ['before-first-apply', { 'f:data': { 'f:mode': {} } }],
      ['kubectl-patch', { 'f:data': { 'f:level': {} } }],
    ]);
  });
});
