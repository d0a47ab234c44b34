import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { bootCluster } from '../../kubelet/kubelet.testing';
import type { Simulation } from '../../simulation';

const deployment = (container: Record<string, unknown>, selector: Record<string, string> = { app: 'web' }): KObject =>
  ({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web' },
    spec: { selector: { matchLabels: selector }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx:1.27', ...container }] } } },
  }) as unknown as KObject;

const dns = (ports: Record<string, unknown>[]): KObject => ({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'dns' }, spec: { selector: { app: 'dns' }, ports } }) as unknown as KObject;

function apply(sim: Simulation, resource: string, body: KObject, fieldManager: string, force = false) {
  return sim.request({ verb: 'patch', resource, namespace: 'default', name: body.metadata.name, body, apply: { fieldManager, force } });
}

function fieldsOf(obj: KObject | undefined, manager: string): unknown {
  return (obj?.metadata.managedFields as { manager: string; fieldsV1: unknown }[] | undefined)?.find((e) => e.manager === manager)?.fieldsV1;
}

const objectOf = (r: ReturnType<typeof apply>): KObject | undefined => (r.ok ? r.object : undefined);

describe('server-side apply field sets follow the OpenAPI schema', () => {
  it('keys a container port by containerPort and its defaulted protocol; args, a selector and an env source are one leaf each', () => {
    const sim = bootCluster();
    const r = apply(sim, 'deployments', deployment({ args: ['-g', 'daemon off;'], ports: [{ containerPort: 80, name: 'http' }], env: [{ name: 'MODE', valueFrom: { configMapKeyRef: { name: 'cfg', key: 'mode' } } }] }), 'kubectl');
    expect(r).toMatchObject({ ok: true, code: 201 });
    const spec = fieldsOf(objectOf(r), 'kubectl') as { 'f:spec': Record<string, unknown> };
    // LabelSelector is +structType=atomic: the selector is one leaf, not its labels.
    expect(spec['f:spec']['f:selector']).toEqual({});
    const container = (spec['f:spec']['f:template'] as Record<string, Record<string, Record<string, unknown>>>)['f:spec']!['f:containers']!['k:{"name":"web"}'];
    expect(container).toEqual({
      '.': {},
      'f:args': {},
      'f:env': { 'k:{"name":"MODE"}': { '.': {}, 'f:name': {}, 'f:valueFrom': { 'f:configMapKeyRef': {} } } },
      'f:image': {},
      'f:name': {},
      'f:ports': { 'k:{"containerPort":80,"protocol":"TCP"}': { '.': {}, 'f:containerPort': {}, 'f:name': {} } },
    });
  });

  it("keeps a Service's 53/TCP and 53/UDP apart, and merges another manager's port in by both keys", () => {
    const sim = bootCluster();
    const r = apply(sim, 'services', dns([{ name: 'dns', port: 53, protocol: 'UDP' }, { name: 'dns-tcp', port: 53, protocol: 'TCP' }]), 'kubectl');
    expect(r).toMatchObject({ ok: true, code: 201 });
    const ports = (o: KObject | undefined): unknown => (o?.spec as { ports: { name: string; port: number; protocol: string }[] }).ports.map((p) => `${p.name} ${p.port}/${p.protocol}`);
    expect(ports(objectOf(r))).toEqual(['dns 53/UDP', 'dns-tcp 53/TCP']);
    expect(Object.keys((fieldsOf(objectOf(r), 'kubectl') as { 'f:spec': { 'f:ports': object } })['f:spec']['f:ports'])).toEqual(['k:{"port":53,"protocol":"TCP"}', 'k:{"port":53,"protocol":"UDP"}']);

    // A second manager adds 9153/TCP (protocol left to its default) without touching kubectl's ports.
    const metrics = apply(sim, 'services', dns([{ name: 'metrics', port: 9153 }]), 'prometheus');
    expect(ports(objectOf(metrics))).toEqual(['dns 53/UDP', 'dns-tcp 53/TCP', 'metrics 9153/TCP']);
    // kubectl dropping its TCP port removes that item only.
    const udpOnly = apply(sim, 'services', dns([{ name: 'dns', port: 53, protocol: 'UDP' }]), 'kubectl');
    expect(ports(objectOf(udpOnly))).toEqual(['dns 53/UDP', 'metrics 9153/TCP']);
  });

  it('owns finalizers as set items (v:), merged by union and removed one by one', () => {
    const sim = bootCluster();
    const cm = (finalizers: string[]): KObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings', finalizers }, data: { mode: 'dev' } }) as unknown as KObject;
    const first = apply(sim, 'configmaps', cm(['example.com/a']), 'alice');
    expect(fieldsOf(objectOf(first), 'alice')).toEqual({ 'f:data': { 'f:mode': {} }, 'f:metadata': { 'f:finalizers': { 'v:"example.com/a"': {} } } });
    const both = apply(sim, 'configmaps', cm(['example.com/b']), 'bob');
    expect(objectOf(both)?.metadata.finalizers).toEqual(['example.com/a', 'example.com/b']);
    const dropped = apply(sim, 'configmaps', cm([]), 'alice');
    expect(objectOf(dropped)?.metadata.finalizers).toEqual(['example.com/b']);
  });

  it('conflicts on an atomic selector as a whole, and on a keyed port field by its full key', () => {
    const sim = bootCluster();
    expect(apply(sim, 'deployments', deployment({ ports: [{ containerPort: 80, name: 'http' }] }), 'kubectl')).toMatchObject({ ok: true });
    const selector = apply(sim, 'deployments', deployment({}, { app: 'web', tier: 'front' }), 'ci');
    expect(!selector.ok && selector.error.message).toBe('Apply failed with 1 conflict: conflict with "kubectl": .spec.selector');

    const port = apply(sim, 'deployments', deployment({ ports: [{ containerPort: 80, name: 'web' }] }), 'ci');
    expect(!port.ok && port.error).toEqual({
      code: 409,
      reason: 'Conflict',
      message: 'Apply failed with 1 conflict: conflict with "kubectl": .spec.template.spec.containers[name="web"].ports[containerPort=80,protocol="TCP"].name',
      details: { causes: [{ type: 'FieldManagerConflict', message: 'conflict with "kubectl"', field: '.spec.template.spec.containers[name="web"].ports[containerPort=80,protocol="TCP"].name' }] },
    });
    // The same port under UDP is another item: no conflict, and both ports stay.
    const udp = apply(sim, 'deployments', deployment({ ports: [{ containerPort: 80, protocol: 'UDP', name: 'quic' }] }), 'ci');
    const containers = (objectOf(udp)?.spec as { template: { spec: { containers: { ports: unknown[] }[] } } }).template.spec.containers;
    expect(containers[0]!.ports).toEqual([
      { containerPort: 80, name: 'http', protocol: 'TCP' },
      { containerPort: 80, name: 'quic', protocol: 'UDP' },
    ]);
  });

  it('replaces an atomic list (args) whole and keeps the live order of a list-map with the applied order of shared items', () => {
    const sim = bootCluster();
    const env = (names: string[]) => names.map((name) => ({ name, value: name.toLowerCase() }));
    expect(apply(sim, 'deployments', deployment({ args: ['a', 'b'], env: env(['A', 'B']) }), 'kubectl')).toMatchObject({ ok: true });
    expect(apply(sim, 'deployments', deployment({ env: env(['C']) }), 'ops')).toMatchObject({ ok: true });
    const r = apply(sim, 'deployments', deployment({ args: ['c'], env: env(['B', 'D', 'A']) }), 'kubectl');
    const c = (objectOf(r)?.spec as { template: { spec: { containers: { args: string[]; env: { name: string }[] }[] } } }).template.spec.containers[0]!;
    expect(c.args).toEqual(['c']);
    // typed/merge.go's order: the shared items B and A in the applied order, ops' C where the live
    // list had it (after B, as A moved behind it), the new D before A as applied.
    expect(c.env.map((e) => e.name)).toEqual(['B', 'C', 'D', 'A']);
  });

  it('rejects a configuration SMD cannot type: duplicate keys, a list-map item naming no key that has no default, managedFields', () => {
    const sim = bootCluster();
    const web = deployment({ env: [{ name: 'A', value: '1' }, { name: 'A', value: '2' }] });
    // A container without a name is keyed by the name's OpenAPI default "" (validation refuses it later).
    (web.spec as { template: { spec: { containers: unknown[] } } }).template.spec.containers.push({ image: 'busybox' }, { image: 'busybox:2' });
    const r = apply(sim, 'deployments', { ...web, metadata: { ...web.metadata, namespace: 'default' } }, 'kubectl');
    expect(!r.ok && r.error).toEqual({
      code: 500,
      reason: '',
      message: [
        'failed to create typed patch object (default/web; apps/v1, Kind=Deployment): errors:',
        '  .spec.template.spec.containers[name="web"].env: duplicate entries for key [name="A"]',
        '  .spec.template.spec.containers: duplicate entries for key [name=""]',
      ].join('\n'),
    });
    // An ObjectReference's name is omitempty, so it has no default to key by.
    const sa = { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'robot' }, secrets: [{ namespace: 'default' }] } as unknown as KObject;
    expect(apply(sim, 'serviceaccounts', sa, 'kubectl')).toMatchObject({
      ok: false,
      error: { code: 500, message: 'failed to create typed patch object (/robot; /v1, Kind=ServiceAccount): .secrets: element 0: associative list with keys has an element that omits all key fields ["name"] (and doesn\'t have default values for any key fields)' },
    });
    const owned = { ...deployment({}), metadata: { name: 'web', managedFields: [] } } as unknown as KObject;
    expect(apply(sim, 'deployments', owned, 'kubectl')).toMatchObject({ ok: false, error: { code: 400, reason: 'BadRequest', message: 'metadata.managedFields must be nil' } });
  });
});
