/**
 * Field selectors on LIST and WATCH as kube-apiserver handles them: each label converted for the
 * requested kind (pkg/apis/<group>/v1/conversion.go, runtime.DefaultMetaV1FieldSelectorConversion,
 * the CRD converter) or refused 400 before anything is read, and the accepted ones matched against
 * the registry's field set, where booleans and counts are printed and a missing label reads "".
 */
import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import { parseFieldSelector, type FieldRequirement } from '../../k8s/field-selector';
import type { Simulation } from '../simulation';
import { bootedCluster, failure, ok, openWatch, pod, type Req } from './apiserver.testing';

const cluster = bootedCluster();

function sel(text: string): FieldRequirement[] {
  const r = parseFieldSelector(text);
  if (typeof r === 'string') throw new Error(r);
  return r;
}

function names(sim: Simulation, resource: string, selector: string, extra: Partial<Req> = {}): string[] {
  const res = sim.request({ verb: 'list', resource, fieldSelector: sel(selector), ...extra });
  if (!res.ok) throw new Error(res.error.message);
  return (res.items ?? []).map((o: KObject) => o.metadata.name ?? '').sort();
}

function refusal(sim: Simulation, resource: string, selector: string, extra: Partial<Req> = {}): string {
  const e = failure(sim.request({ verb: 'list', resource, fieldSelector: sel(selector), ...extra }));
  expect([e.code, e.reason]).toEqual([400, 'BadRequest']);
  return e.message;
}

describe('field labels per kind', () => {
  it("refuses a label the kind's conversion function does not list, in its own words", () => {
    const sim = cluster();
    expect(refusal(sim, 'pods', 'spec.foo=bar')).toBe('field label not supported: spec.foo');
    expect(refusal(sim, 'nodes', 'metadata.namespace=x')).toBe('field label not supported: metadata.namespace');
    expect(refusal(sim, 'namespaces', 'spec.finalizers=x')).toBe('field label not supported: spec.finalizers');
    expect(refusal(sim, 'events', 'message=x', { namespace: 'default' })).toBe('field label not supported: message');
    expect(refusal(sim, 'jobs', 'status.succeeded=1')).toBe('field label "status.succeeded" not supported for batchv1.Job');
    // No conversion registered (apps/v1 has none, whatever the ReplicaSet registry lists): the default one.
    expect(refusal(sim, 'replicasets', 'status.replicas=0')).toBe('"status.replicas" is not a known field selector: only "metadata.name", "metadata.namespace"');
    expect(refusal(sim, 'configmaps', 'data.key=value')).toBe('"data.key" is not a known field selector: only "metadata.name", "metadata.namespace"');
    // events.k8s.io names the fields its own way; core's names are refused there.
    expect(refusal(sim, 'events', 'involvedObject.kind=Pod', { group: 'events.k8s.io', version: 'v1' })).toBe('field label not supported: involvedObject.kind');
  });

  it('names the first refused label in sorted order, as fields.ParseSelector sorts the terms', () => {
    expect(refusal(cluster(), 'pods', 'zz=1,spec.nodeName=node-1,aa=2')).toBe('field label not supported: aa');
  });

  it('refuses on a resource served outside storage (ComponentStatus) too', () => {
    const sim = cluster();
    expect(refusal(sim, 'componentstatuses', 'status.x=y')).toMatch(/^"status.x" is not a known field selector/);
  });

  it('accepts metadata.namespace on a cluster-scoped kind without a conversion function, matching only ""', () => {
    const sim = cluster();
    expect(names(sim, 'storageclasses', 'metadata.namespace=')).toEqual(names(sim, 'storageclasses', 'metadata.name!=x'));
    expect(names(sim, 'priorityclasses', 'metadata.namespace=kube-system')).toEqual([]);
  });
});

describe('field values as the registries set them', () => {
  it("reads a Pod's hostNetwork as true or false, its podIP from podIPs, and never sets status.podIPs", () => {
    const sim = cluster();
    const hostNetwork = names(sim, 'pods', 'spec.hostNetwork=true', { namespace: 'kube-system' });
    expect(hostNetwork.some((n) => n.startsWith('kube-proxy-'))).toBe(true);
    const podNetwork = names(sim, 'pods', 'spec.hostNetwork=false', { namespace: 'kube-system' });
    expect(podNetwork.some((n) => n.startsWith('coredns-'))).toBe(true);
    expect([...hostNetwork, ...podNetwork].sort()).toEqual(names(sim, 'pods', 'metadata.name!=', { namespace: 'kube-system' }));
    const dns = sim.objects('pods').find((p) => p.metadata.name?.startsWith('coredns-'))!;
    const ip = (dns.status as { podIPs: { ip: string }[] }).podIPs[0]!.ip;
    expect(names(sim, 'pods', `status.podIP=${ip}`)).toEqual([dns.metadata.name]);
    expect(names(sim, 'pods', `status.podIPs=${ip}`)).toEqual([]);
    expect(names(sim, 'pods', 'status.podIPs=')).toEqual(names(sim, 'pods', 'metadata.name!='));
    // spec.host is the pre-1.0 name of spec.nodeName.
    expect(names(sim, 'pods', 'spec.host=node-1')).toEqual(names(sim, 'pods', 'spec.nodeName=node-1'));
  });

  it('prints a Node unschedulable flag, Job successes and RC replicas even when unset', () => {
    const sim = cluster();
    expect(names(sim, 'nodes', 'spec.unschedulable=false')).toEqual(['control-plane', 'node-1', 'node-2', 'node-3']);
    ok(sim.request({ verb: 'patch', resource: 'nodes', name: 'node-2', body: { spec: { unschedulable: true } } as never }));
    expect(names(sim, 'nodes', 'spec.unschedulable=true')).toEqual(['node-2']);
    ok(sim.request({ verb: 'create', resource: 'jobs', namespace: 'default', body: { apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'once' }, spec: { suspend: true, template: { spec: { restartPolicy: 'Never', containers: [{ name: 'c', image: 'busybox' }] } } } } as never }));
    expect(names(sim, 'jobs', 'status.successful=0', { namespace: 'default' })).toEqual(['once']);
    expect(names(sim, 'jobs', 'status.successful!=0', { namespace: 'default' })).toEqual([]);
    ok(sim.request({ verb: 'create', resource: 'replicationcontrollers', namespace: 'default', body: { apiVersion: 'v1', kind: 'ReplicationController', metadata: { name: 'rc' }, spec: { replicas: 0, selector: { app: 'rc' }, template: { metadata: { labels: { app: 'rc' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } } } as never }));
    expect(names(sim, 'replicationcontrollers', 'status.replicas=0', { namespace: 'default' })).toEqual(['rc']);
  });

  it("reads an Event's source from source.component, else reportingComponent, and maps events.k8s.io's names", () => {
    const sim = cluster();
    const core = { apiVersion: 'v1', kind: 'Event', involvedObject: { kind: 'Pod', name: 'web', namespace: 'default' }, reason: 'Tested', type: 'Normal', message: 'm' };
    ok(sim.request({ verb: 'create', resource: 'events', namespace: 'default', body: { ...core, metadata: { name: 'a' }, source: { component: 'tester' } } as never }));
    ok(sim.request({ verb: 'create', resource: 'events', namespace: 'default', body: { ...core, metadata: { name: 'b' }, reportingComponent: 'tester', reportingInstance: 'tester-1', action: 'Test', eventTime: '2026-01-01T00:00:00.000000Z' } as never }));
    expect(names(sim, 'events', 'source=tester', { namespace: 'default' })).toEqual(['a', 'b']);
    expect(names(sim, 'events', 'reportingComponent=tester', { namespace: 'default' })).toEqual(['b']);
    const v1 = { namespace: 'default', group: 'events.k8s.io', version: 'v1' } as const;
    expect(names(sim, 'events', 'regarding.name=web,reportingController=tester', v1)).toEqual(['b']);
    expect(names(sim, 'events', 'regarding.kind=Pod,reason=Tested', v1)).toEqual(['a', 'b']);
  });
});

describe('custom resources', () => {
  it("accepts the served version's selectableFields, metadata.namespace only when namespaced", () => {
    const sim = cluster();
    const schema = { type: 'object', properties: { spec: { type: 'object', properties: { color: { type: 'string' }, size: { type: 'integer' }, on: { type: 'boolean' } } } } };
    const crd = (plural: string, kind: string, scope: string): KObject =>
      ({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: `${plural}.example.com` }, spec: { group: 'example.com', scope, names: { plural, kind }, versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: schema }, selectableFields: [{ jsonPath: '.spec.color' }, { jsonPath: '.spec.size' }, { jsonPath: '.spec.on' }] }] } }) as never;
    ok(sim.request({ verb: 'create', resource: 'customresourcedefinitions', body: crd('widgets', 'Widget', 'Namespaced') }));
    ok(sim.request({ verb: 'create', resource: 'customresourcedefinitions', body: crd('globes', 'Globe', 'Cluster') }));
    sim.advance(100);
    const widget = (name: string, spec: object): KObject => ({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name }, spec }) as never;
    ok(sim.request({ verb: 'create', resource: 'widgets', namespace: 'default', body: widget('red', { color: 'red', size: 3, on: true }) }));
    ok(sim.request({ verb: 'create', resource: 'widgets', namespace: 'default', body: widget('plain', {}) }));
    expect(names(sim, 'widgets', 'spec.color=red')).toEqual(['red']);
    expect(names(sim, 'widgets', 'spec.size=3,spec.on=true')).toEqual(['red']);
    expect(names(sim, 'widgets', 'spec.color=', { namespace: 'default' })).toEqual(['plain']);
    expect(names(sim, 'widgets', 'metadata.namespace=default')).toEqual(['plain', 'red']);
    expect(refusal(sim, 'widgets', 'spec.shape=round')).toBe('field label not supported: spec.shape');
    expect(refusal(sim, 'globes', 'metadata.namespace=')).toBe('field label not supported: metadata.namespace');
  });
});

describe('watches', () => {
  it('match by the field set too: a Node cordoned arrives on a spec.unschedulable=true watch', () => {
    const sim = cluster();
    const cordoned = openWatch(sim, 'nodes', { fieldSelector: sel('spec.unschedulable=true') });
    const hostPods = openWatch(sim, 'pods', { fieldSelector: sel('spec.hostNetwork=true') });
    ok(sim.request({ verb: 'patch', resource: 'nodes', name: 'node-3', body: { spec: { unschedulable: true } } as never }));
    ok(sim.request({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('plain') }));
    ok(sim.request({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('host', { hostNetwork: true }) }));
    expect(cordoned().map((e) => `${e.type} ${e.object.metadata.name}`)).toEqual(['ADDED node-3']);
    expect(hostPods().map((e) => `${e.type} ${e.object.metadata.name}`)).toEqual(['ADDED host']);
  });
});
