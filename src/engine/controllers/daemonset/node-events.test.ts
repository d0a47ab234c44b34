import { describe, expect, it } from 'vitest';
import type { DaemonSet, Node } from '../../../k8s/types';
import { daemonSetsToSync, shouldIgnoreNodeUpdate } from './node-events';

function node(over: { rv?: string; ready?: string; beat?: string; labels?: Record<string, string>; taints?: Node['spec']['taints'] } = {}): Node {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name: 'node-1', resourceVersion: over.rv ?? '10', labels: { 'kubernetes.io/hostname': 'node-1', ...over.labels } },
    spec: over.taints ? { taints: over.taints } : {},
    status: {
      conditions: [
        { type: 'MemoryPressure', status: 'False', lastHeartbeatTime: over.beat ?? 't0' },
        { type: 'Ready', status: over.ready ?? 'True', lastHeartbeatTime: over.beat ?? 't0' },
      ],
    },
  } as Node;
}

function ds(name: string, spec: Partial<DaemonSet['spec']['template']['spec']> = {}): DaemonSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name, namespace: 'default' },
    spec: { selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'c', image: 'nginx' }], ...spec } } },
  } as DaemonSet;
}

describe('shouldIgnoreNodeUpdate', () => {
  it('ignores a heartbeat: new resourceVersion and condition times, the same True conditions', () => {
    expect(shouldIgnoreNodeUpdate(node(), node({ rv: '11', beat: 't1' }))).toBe(true);
  });
  it('does not ignore a Ready transition, a label or a taint', () => {
    expect(shouldIgnoreNodeUpdate(node(), node({ rv: '11', ready: 'Unknown' }))).toBe(false);
    expect(shouldIgnoreNodeUpdate(node(), node({ rv: '11', labels: { disk: 'ssd' } }))).toBe(false);
    expect(shouldIgnoreNodeUpdate(node(), node({ rv: '11', taints: [{ key: 'k', effect: 'NoSchedule' }] }))).toBe(false);
  });
});

describe('daemonSetsToSync', () => {
  const sets = new Map([
    ['default/all', ds('all')],
    ['default/ssd', ds('ssd', { nodeSelector: { disk: 'ssd' } })],
  ]);
  it('a new Node queues the DaemonSets that should run on it', () => {
    expect(daemonSetsToSync(sets, undefined, node())).toEqual(['default/all']);
  });
  it('an update queues only the DaemonSets whose placement on the node moved', () => {
    expect(daemonSetsToSync(sets, node(), node({ rv: '11', beat: 't1' }))).toEqual([]);
    expect(daemonSetsToSync(sets, node(), node({ rv: '11', labels: { disk: 'ssd' } }))).toEqual(['default/ssd']);
    // Ready → Unknown alone moves nobody; the NoSchedule taint that follows stops new Pods everywhere.
    expect(daemonSetsToSync(sets, node(), node({ rv: '11', ready: 'Unknown' }))).toEqual([]);
    const unreachable = node({ rv: '12', ready: 'Unknown', taints: [{ key: 'node.kubernetes.io/unreachable', effect: 'NoSchedule' }] });
    expect(daemonSetsToSync(sets, node({ ready: 'Unknown' }), unreachable)).toEqual(['default/all']);
  });
  it('a deleted Node queues nothing (its Pods are the pod garbage collector\'s)', () => {
    expect(daemonSetsToSync(sets, node(), undefined)).toEqual([]);
  });
});
