import { describe, expect, it } from 'vitest';
import { nodeInfo, podManifest } from '../scheduler.testing';
import { filter } from './node-unschedulable';
import { filter as nodeNameFilter } from './node-name';

describe('NodeUnschedulable', () => {
  it('rejects a cordoned node unless the Pod tolerates node.kubernetes.io/unschedulable', () => {
    const cordoned = nodeInfo('n', { unschedulable: true });
    expect(filter(podManifest('p'), cordoned)).toEqual({ code: 'UnschedulableAndUnresolvable', reasons: ['node(s) were unschedulable'] });
    expect(filter(podManifest('p', { tolerations: [{ key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' }] }), cordoned)).toBeUndefined();
    expect(filter(podManifest('p'), nodeInfo('m'))).toBeUndefined();
  });
});

describe('NodeName', () => {
  it('fits only the node the Pod names', () => {
    expect(nodeNameFilter(podManifest('p', { nodeName: 'a' }), nodeInfo('b'))?.reasons).toEqual(["node(s) didn't match the requested node name"]);
    expect(nodeNameFilter(podManifest('p', { nodeName: 'a' }), nodeInfo('a'))).toBeUndefined();
    expect(nodeNameFilter(podManifest('p'), nodeInfo('a'))).toBeUndefined();
  });
});
