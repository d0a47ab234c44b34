/** `--sort-by` orders as kubectl's sorter.go since v1.31: byte-wise strings, Quantities by value. */
import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import { sortObjects } from './sort';

function pod(name: string, cpu?: string, restarts?: number): KObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name },
    spec: { containers: [{ name: 'c', ...(cpu ? { resources: { requests: { cpu } } } : {}) }] },
    ...(restarts === undefined ? {} : { status: { containerStatuses: [{ restartCount: restarts }] } }),
  } as KObject;
}

const names = (objs: KObject[]): string[] => objs.map((o) => o.metadata.name ?? '');

describe('sortObjects', () => {
  it('sorts names byte-wise, not naturally: web-10 before web-2', () => {
    expect(names(sortObjects([pod('web-2'), pod('web-10'), pod('web-1'), pod('Web-3')], '.metadata.name'))).toEqual(['Web-3', 'web-1', 'web-10', 'web-2']);
  });

  it('sorts strings that are both Quantities by value', () => {
    const objs = [pod('a', '1'), pod('b', '250m'), pod('c', '1500m'), pod('d', '100m')];
    expect(names(sortObjects(objs, '.spec.containers[0].resources.requests.cpu'))).toEqual(['d', 'b', 'a', 'c']);
  });

  it('sorts numbers by value and puts objects without the field first', () => {
    const objs = [pod('a', undefined, 10), pod('b', undefined, 2), pod('c'), pod('d', undefined, 0)];
    expect(names(sortObjects(objs, '.status.containerStatuses[0].restartCount'))).toEqual(['c', 'd', 'b', 'a']);
  });

  it('puts a field present as null first, each null not less than another (a nil interface{})', () => {
    // events.k8s.io Events read as core/v1 carry lastTimestamp: null (the scheduler's Scheduled).
    const ev = (name: string, last: string | null): KObject => ({ apiVersion: 'v1', kind: 'Event', metadata: { name }, lastTimestamp: last }) as unknown as KObject;
    const objs = [ev('a', '2025-09-01T09:00:05Z'), ev('b', null), ev('c', '2025-09-01T09:00:01Z'), ev('d', null)];
    expect(names(sortObjects(objs, '.lastTimestamp'))).toEqual(['b', 'd', 'c', 'a']);
  });
});
