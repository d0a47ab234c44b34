import { describe, expect, it } from 'vitest';
import type { KObject, Pod } from '../../k8s/types';
import type { Simulation } from '../simulation';
import { bootedCluster, configMap, ok, pod } from './apiserver.testing';
import type { FieldRequirement } from './watch-types';

const cluster = bootedCluster();

function bind(sim: Simulation, name: string, node: string): void {
  ok(sim.request({ verb: 'create', resource: 'pods', subresource: 'binding', namespace: 'default', name, body: { apiVersion: 'v1', kind: 'Binding', metadata: { name }, target: { apiVersion: 'v1', kind: 'Node', name: node } } as never }));
}

function list(sim: Simulation, resource: string, namespace: string | undefined, fieldSelector?: FieldRequirement[], app?: string): string[] {
  const res = sim.request({ verb: 'list', resource, ...(namespace ? { namespace } : {}), ...(fieldSelector ? { fieldSelector } : {}), ...(app ? { labelSelector: [{ key: 'app', op: 'In', values: [app] }] } : {}) });
  if (!res.ok) throw new Error(res.error.message);
  return (res.items ?? []).map((o: KObject) => `${o.metadata.namespace ?? ''}/${o.metadata.name}`);
}

/** The full scan's answer: every object of the unfiltered LIST that has the field's value, in order. */
function scanned(sim: Simulation, resource: string, namespace: string | undefined, pick: (o: KObject) => boolean): string[] {
  const res = sim.request({ verb: 'list', resource, ...(namespace ? { namespace } : {}) });
  if (!res.ok) throw new Error(res.error.message);
  return (res.items ?? []).filter(pick).map((o: KObject) => `${o.metadata.namespace ?? ''}/${o.metadata.name}`);
}

const onNode = (node: string): FieldRequirement[] => [{ field: 'spec.nodeName', op: '=', value: node }];
const nodeOf = (o: KObject): string => (o as Pod).spec.nodeName ?? '';

describe('LIST through the watch cache indexes', () => {
  it('answers a spec.nodeName selector with exactly the full scan, in storage order, as Pods are bound, deleted and re-created', () => {
    const sim = cluster();
    for (const name of ['a', 'b', 'c', 'd']) ok(sim.request({ verb: 'create', resource: 'pods', namespace: 'default', body: pod(name) }));
    // Build the index before the writes, so they are applied to it incrementally.
    expect(list(sim, 'pods', undefined, onNode('node-1'))).toEqual(scanned(sim, 'pods', undefined, (o) => nodeOf(o) === 'node-1'));
    bind(sim, 'c', 'node-1');
    bind(sim, 'a', 'node-1');
    bind(sim, 'b', 'node-2');
    // Bound c then a: the answer keeps storage order, not binding order.
    expect(list(sim, 'pods', 'default', onNode('node-1'))).toEqual(['default/a', 'default/c']);
    ok(sim.request({ verb: 'delete', resource: 'pods', namespace: 'default', name: 'c', gracePeriodSeconds: 0 }));
    ok(sim.request({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('c') }));
    bind(sim, 'c', 'node-1');
    for (const node of ['node-1', 'node-2', 'node-3', '']) {
      for (const ns of [undefined, 'default', 'kube-system']) {
        expect(list(sim, 'pods', ns, onNode(node))).toEqual(scanned(sim, 'pods', ns, (o) => nodeOf(o) === node));
      }
    }
    expect(list(sim, 'pods', 'default', onNode('node-1'))).toEqual(['default/a', 'default/c']);
    expect(list(sim, 'pods', 'default', onNode('node-1'), 'c')).toEqual(['default/c']);
    // The other requirements still filter the candidates.
    const both: FieldRequirement[] = [...onNode('node-1'), { field: 'metadata.name', op: '!=', value: 'a' }];
    expect(list(sim, 'pods', undefined, both)).toEqual(scanned(sim, 'pods', undefined, (o) => nodeOf(o) === 'node-1' && o.metadata.name !== 'a'));
  });

  it('answers a metadata.name selector from the one storage key it names', () => {
    const sim = cluster();
    ok(sim.request({ verb: 'create', resource: 'configmaps', namespace: 'default', body: configMap('settings') }));
    const byName = (name: string): FieldRequirement[] => [{ field: 'metadata.name', op: '=', value: name }];
    expect(list(sim, 'nodes', undefined, byName('node-2'))).toEqual(['/node-2']);
    expect(list(sim, 'nodes', undefined, byName('node-9'))).toEqual([]);
    expect(list(sim, 'configmaps', 'default', byName('settings'))).toEqual(['default/settings']);
    expect(list(sim, 'configmaps', 'kube-system', byName('settings'))).toEqual([]);
    // Across namespaces the name is no single key: the scan answers.
    expect(list(sim, 'configmaps', undefined, byName('settings'))).toEqual(scanned(sim, 'configmaps', undefined, (o) => o.metadata.name === 'settings'));
  });
});
