import { describe, expect, it } from 'vitest';
import type { APIService } from '../../k8s/autoscaling';
import type { CustomResourceDefinition } from '../../k8s/apiextensions';
import type { KObject } from '../../k8s/types';
import { Simulation } from '../simulation';

const apiServices = (sim: Simulation): APIService[] => sim.objects<APIService>('apiservices');
const named = (sim: Simulation, name: string): APIService | undefined => apiServices(sim).find((a) => a.metadata.name === name);

function widgetCrd(): CustomResourceDefinition {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'widgets.example.com' },
    spec: {
      group: 'example.com',
      scope: 'Namespaced',
      names: { plural: 'widgets', kind: 'Widget' },
      versions: [
        { name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } },
        { name: 'v1beta1', served: false, storage: false, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } },
      ],
    },
  };
}

describe('the autoregister controller', () => {
  it('registers a Local APIService for every built-in group/version but its own, Available once the aggregator has looked', () => {
    const sim = new Simulation({ seed: 2 });
    expect(apiServices(sim).map((a) => a.metadata.name ?? '').sort()).toEqual([
      'v1.',
      'v1.admissionregistration.k8s.io',
      'v1.apiextensions.k8s.io',
      'v1.apps',
      'v1.authentication.k8s.io',
      'v1.authorization.k8s.io',
      'v1.autoscaling',
      'v1.batch',
      'v1.certificates.k8s.io',
      'v1.coordination.k8s.io',
      'v1.discovery.k8s.io',
      'v1.events.k8s.io',
      'v1.flowcontrol.apiserver.k8s.io',
      'v1.networking.k8s.io',
      'v1.node.k8s.io',
      'v1.policy',
      'v1.rbac.authorization.k8s.io',
      'v1.scheduling.k8s.io',
      'v1.storage.k8s.io',
      'v2.autoscaling',
    ]);
    const core = named(sim, 'v1.')!;
    expect(core.spec).toEqual({ version: 'v1', groupPriorityMinimum: 18000, versionPriority: 1 });
    expect(core.metadata.labels).toEqual({ 'kube-aggregator.kubernetes.io/automanaged': 'onstart' });
    expect(named(sim, 'v2.autoscaling')?.spec).toEqual({ group: 'autoscaling', version: 'v2', groupPriorityMinimum: 17500, versionPriority: 30 });
    for (const a of apiServices(sim)) {
      expect(a.status?.conditions, a.metadata.name).toEqual([{ type: 'Available', status: 'True', lastTransitionTime: expect.any(String), reason: 'Local', message: 'Local APIServices are always available' }]);
    }
  });

  it("follows the group/versions CRDs serve: a served version's APIService comes and goes with its CRD", () => {
    const sim = new Simulation({ seed: 2 });
    expect(sim.request({ verb: 'create', resource: 'customresourcedefinitions', body: widgetCrd() as unknown as KObject }).ok).toBe(true);
    sim.advance(2_000);
    const api = named(sim, 'v1.example.com');
    expect(api?.spec).toEqual({ group: 'example.com', version: 'v1', groupPriorityMinimum: 1000, versionPriority: 100 });
    expect(api?.metadata.labels).toEqual({ 'kube-aggregator.kubernetes.io/automanaged': 'true' });
    expect(api?.status?.conditions?.[0]).toMatchObject({ status: 'True', reason: 'Local' });
    expect(named(sim, 'v1beta1.example.com')).toBeUndefined();
    expect(sim.request({ verb: 'delete', resource: 'customresourcedefinitions', name: 'widgets.example.com' }).ok).toBe(true);
    sim.advance(5_000);
    expect(named(sim, 'v1.example.com')).toBeUndefined();
    expect(named(sim, 'v1.apps')).toBeDefined();
  });

  it("validates an APIService as kube-aggregator does: an empty group only for v1, a Local one without TLS settings", () => {
    const sim = new Simulation({ seed: 2 });
    const create = (name: string, spec: Record<string, unknown>) => sim.request({ verb: 'create', resource: 'apiservices', body: { apiVersion: 'apiregistration.k8s.io/v1', kind: 'APIService', metadata: { name }, spec } as unknown as KObject });
    const noGroup = create('v2.', { version: 'v2', groupPriorityMinimum: 100, versionPriority: 10 });
    expect(noGroup.ok ? '' : noGroup.error.message).toContain('spec.group: Required value: only v1 may have an empty group and it better be legacy kube');
    const tls = create('v1.local.example.com', { group: 'local.example.com', version: 'v1', groupPriorityMinimum: 100, versionPriority: 10, caBundle: 'AAAA', insecureSkipTLSVerify: true });
    const message = tls.ok ? '' : tls.error.message;
    expect(message).toContain('spec.caBundle: Invalid value: "3 bytes": local APIServices may not have a caBundle');
    expect(message).toContain('spec.insecureSkipTLSVerify: Invalid value: true: local APIServices may not have insecureSkipTLSVerify');
    expect(create('v1.local.example.com', { group: 'local.example.com', version: 'v1', groupPriorityMinimum: 100, versionPriority: 10 }).ok).toBe(true);
  });
});
