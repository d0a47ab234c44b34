import { describe, expect, it } from 'vitest';
import { componentMatches, detailMatches, globMatch } from './match';
import { readField } from './fields';

describe('patterns', () => {
  it('match components, their HA instances, per-node agents and kube-controller-manager controllers', () => {
    const ctrl = new Set(['replicaset-controller']);
    expect(componentMatches('kube-scheduler', 'kube-scheduler')).toBe(true);
    expect(componentMatches('kube-scheduler', 'kube-scheduler-2')).toBe(true);
    expect(componentMatches('kube-scheduler', 'kube-scheduler-extra')).toBe(false);
    expect(componentMatches('kubelet', 'kubelet/node-1')).toBe(true);
    expect(componentMatches('kubelet/node-2', 'kubelet/node-1')).toBe(false);
    expect(componentMatches('kube-controller-manager', 'replicaset-controller', ctrl)).toBe(true);
    expect(componentMatches('*-controller', 'replicaset-controller')).toBe(true);
    expect(globMatch('go-api-*', 'go-api-568fb6b74-x')).toBe(true);
    expect(globMatch('go.api', 'goXapi')).toBe(false);
  });

  it('match detail fields as a subset, lists as alternatives, and never match inherited properties', () => {
    const d = { verb: 'create', resource: 'pods', nested: { a: 1 } };
    expect(detailMatches({ verb: 'create' }, d)).toBe(true);
    expect(detailMatches({ verb: ['update', 'create'], nested: { a: 1 } }, d)).toBe(true);
    expect(detailMatches({ subresource: 'binding' }, d)).toBe(false);
    expect(detailMatches({ toString: 'x' }, d)).toBe(false);
    expect(detailMatches({ verb: 'create', subresource: null }, d)).toBe(true);
    expect(detailMatches({ verb: 'create', subresource: null }, { ...d, subresource: 'binding' })).toBe(false);
  });

  it('read dotted paths, list filters and kubectl columns', () => {
    const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', labels: { app: 'x' } }, spec: { containers: [{ name: 'c', image: 'i' }] }, status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] } };
    expect(readField(pod, 'status.conditions[type=Ready].status')).toBe('True');
    expect(readField(pod, 'spec.containers[0].name')).toBe('c');
    expect(readField(pod, 'metadata.labels.app')).toBe('x');
    expect(readField(pod, 'metadata.constructor')).toBeUndefined();
    expect(readField(pod, 'kubectl:READY')).toBe('0/1');
  });
});
