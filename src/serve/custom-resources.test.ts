import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation } from '../engine/index';
import type { KObject } from '../k8s/types';
import { kubectl } from '../kubectl/testing';
import { aggregatedDiscovery, apiGroupList, apiResourceList } from '../k8s/discovery';
import { routeOf } from './route';
import { toTable } from '../kubectl/printers/server-table';

const CRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: crontabs.stable.example.com}
spec:
  group: stable.example.com
  scope: Namespaced
  names: {plural: crontabs, kind: CronTab, shortNames: [ct], categories: [all]}
  versions:
  - name: v1
    served: true
    storage: true
    schema: {openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {cronSpec: {type: string}}}}}}
    additionalPrinterColumns:
    - {name: Spec, type: string, jsonPath: .spec.cronSpec}
`;

describe('serving custom resources', () => {
  let sim: Simulation;
  beforeAll(() => {
    sim = new Simulation({ seed: 1 });
    expect(kubectl(sim, 'apply -f -', { stdin: CRD }).code).toBe(0);
    sim.advance(200);
  });

  it('lists an established CRD\'s resource in legacy and aggregated discovery', () => {
    const custom = sim.customResources();
    const named = aggregatedDiscovery(false, custom) as { items: { metadata: { name: string }; versions: { resources: { resource: string; shortNames?: string[]; categories?: string[] }[] }[] }[] };
    const group = named.items.find((i) => i.metadata.name === 'stable.example.com')!;
    expect(group.versions[0]!.resources[0]).toMatchObject({ resource: 'crontabs', shortNames: ['ct'], categories: ['all'] });
    expect(apiResourceList('stable.example.com', 'v1', custom)).toMatchObject({ groupVersion: 'stable.example.com/v1' });
    expect(JSON.stringify(apiGroupList(custom))).toContain('"groupVersion":"stable.example.com/v1"');
    expect(apiResourceList('stable.example.com', 'v1')).toBeUndefined();
  });

  it('routes its requests and renders its Table with the printer columns', () => {
    const custom = sim.customResources();
    const route = routeOf('GET', '/apis/stable.example.com/v1/namespaces/default/crontabs/nightly', custom);
    expect(route).toMatchObject({ type: 'resource', verb: 'get', name: 'nightly', namespace: 'default' });
    expect(routeOf('GET', '/apis/stable.example.com/v1/namespaces/default/crontabs', [])).toEqual({ type: 'not-found' });
    const obj = { apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name: 'nightly', creationTimestamp: '2025-09-01T09:00:00Z' }, spec: { cronSpec: '0 3 * * *' } } as KObject;
    const table = toTable(custom[0]!, [obj], 0, '1', { includeObject: 'None', noHeaders: false }) as { columnDefinitions: { name: string }[]; rows: { cells: string[] }[] };
    expect(table.columnDefinitions.map((c) => c.name)).toEqual(['NAME', 'SPEC']);
    expect(table.rows[0]!.cells).toEqual(['nightly', '0 3 * * *']);
  });
});
