/** The DefaultIngressClass admission plugin through kube-apiserver's create path. */
import { describe, expect, it } from 'vitest';
import type { Ingress, KObject } from '../../../k8s/types';
import { bootedCluster, ok } from '../apiserver.testing';
import { worldOf } from '../../simulation';

const cluster = bootedCluster();
type Sim = ReturnType<typeof cluster>;

const DEFAULT = { 'ingressclass.kubernetes.io/is-default-class': 'true' };

function addClass(sim: Sim, name: string, annotations: Record<string, string> = {}): void {
  ok(sim.request({ verb: 'create', resource: 'ingressclasses', body: { apiVersion: 'networking.k8s.io/v1', kind: 'IngressClass', metadata: { name, annotations }, spec: { controller: `example.com/${name}` } } as KObject }));
}

function createIngress(sim: Sim, name: string, spec: Record<string, unknown> = {}, annotations?: Record<string, string>): Ingress {
  const body = { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', metadata: { name, ...(annotations ? { annotations } : {}) }, spec: { defaultBackend: { service: { name: 'web', port: { number: 80 } } }, ...spec } };
  return ok(sim.request({ verb: 'create', resource: 'ingresses', namespace: 'default', body: body as KObject })) as Ingress;
}

describe('DefaultIngressClass', () => {
  it('leaves the class unset when no IngressClass is the default', () => {
    const sim = cluster();
    addClass(sim, 'plain');
    expect(createIngress(sim, 'a').spec.ingressClassName).toBeUndefined();
  });

  it('writes the default class into an Ingress that names none, and says so on the trace', () => {
    const sim = cluster();
    addClass(sim, 'nginx', DEFAULT);
    expect(createIngress(sim, 'a').spec.ingressClassName).toBe('nginx');
    const hop = worldOf(sim).trace.records.filter((r) => r.kind === 'mutating-admission').at(-1)!;
    expect(hop.summary).toBe('mutated by DefaultIngressClass');
    // A class given by the field or by the legacy annotation is kept, even one that does not exist.
    expect(createIngress(sim, 'b', { ingressClassName: 'other' }).spec.ingressClassName).toBe('other');
    expect(createIngress(sim, 'c', {}, { 'kubernetes.io/ingress.class': 'legacy' }).spec.ingressClassName).toBeUndefined();
  });

  it('picks the newest of several defaults, and by name among equally old ones', () => {
    const sim = cluster();
    addClass(sim, 'zeta', DEFAULT);
    addClass(sim, 'alpha', DEFAULT);
    expect(createIngress(sim, 'same-second').spec.ingressClassName).toBe('alpha');
    sim.advance(2_000);
    addClass(sim, 'newest', DEFAULT);
    expect(createIngress(sim, 'later').spec.ingressClassName).toBe('newest');
  });

  it('runs on create only: an update that drops the class keeps it dropped', () => {
    const sim = cluster();
    addClass(sim, 'nginx', DEFAULT);
    const ing = createIngress(sim, 'a');
    const { ingressClassName: _c, ...spec } = ing.spec;
    const updated = ok(sim.request({ verb: 'update', resource: 'ingresses', namespace: 'default', name: 'a', body: { ...ing, spec } as KObject })) as Ingress;
    expect(updated.spec.ingressClassName).toBeUndefined();
  });
});
