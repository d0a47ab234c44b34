import { describe, expect, it } from 'vitest';
import type { Deployment, PodTemplateSpec, ReplicaSet } from '../../../k8s/types';
import { computeHash, fnv1a32, safeEncodeString } from './hash';
import { newRSNewReplicas, replicaSetProportion, resolveFenceposts, setNewReplicaSetAnnotations } from './util';

const template: PodTemplateSpec = { metadata: { labels: { app: 'nginx' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.14.2' }] } };

function dep(replicas: number, maxSurge: string | number = '25%', maxUnavailable: string | number = '25%', status?: Deployment['status']): Deployment {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'd', annotations: { 'kubernetes.io/change-cause': 'v2', 'kubectl.kubernetes.io/last-applied-configuration': '{}' } },
    spec: { replicas, selector: { matchLabels: { app: 'nginx' } }, template, strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge, maxUnavailable } } },
    ...(status ? { status } : {}),
  };
}

function rs(name: string, replicas: number, annotations: Record<string, string> = {}): ReplicaSet {
  return { apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name, annotations, creationTimestamp: '2025-09-01T09:00:00Z' }, spec: { replicas, selector: {}, template } };
}

describe('pod-template-hash', () => {
  it('is FNV-1a 32 printed in decimal and safe-encoded: only 4-9 b c d f', () => {
    expect(fnv1a32([])).toBe(0x811c9dc5);
    expect(fnv1a32([0x61])).toBe(0xe40c292c);
    expect(safeEncodeString('0123456789')).toBe('456789bcdf');
    for (let i = 0; i < 50; i++) {
      const h = computeHash({ ...template, spec: { containers: [{ name: 'c', image: `nginx:1.${i}` }] } });
      expect(h).toMatch(/^[4-9bcdf]{1,10}$/);
    }
  });

  it('depends on the template and collisionCount, not on key order', () => {
    const a = computeHash(template);
    expect(computeHash({ spec: template.spec, metadata: template.metadata })).toBe(a);
    expect(computeHash(template, 1)).not.toBe(a);
    expect(computeHash({ ...template, metadata: { labels: { app: 'other' } } })).not.toBe(a);
  });
});

describe('rolling update arithmetic', () => {
  it('resolves fenceposts: surge rounds up, unavailable down, never both zero', () => {
    expect(resolveFenceposts('25%', '25%', 3)).toEqual([1, 0]);
    expect(resolveFenceposts('25%', '25%', 10)).toEqual([3, 2]);
    expect(resolveFenceposts(0, '10%', 5)).toEqual([0, 1]);
    expect(resolveFenceposts(2, 0, 5)).toEqual([2, 0]);
    expect(resolveFenceposts('50%', '50%', 1)).toEqual([1, 0]);
  });

  it('grows the new ReplicaSet only up to replicas + maxSurge in total', () => {
    const d = dep(3);
    const newRS = rs('new', 0);
    expect(newRSNewReplicas(d, [rs('old', 3), newRS], newRS)).toBe(1);
    expect(newRSNewReplicas(d, [rs('old', 4), newRS], newRS)).toBe(0);
    expect(newRSNewReplicas(d, [rs('old', 1), rs('new', 2)], rs('new', 2))).toBe(3);
  });

  it('splits a scale-up in proportion to max-replicas annotations', () => {
    const d = dep(6, '25%', '25%', { replicas: 4 });
    // Was 3 replicas (max 4); now 6 (max 8): the 3-replica RS doubles, the 1-replica RS doubles.
    expect(replicaSetProportion(rs('old', 3, { 'deployment.kubernetes.io/max-replicas': '4' }), d, 4, 0)).toBe(3);
    expect(replicaSetProportion(rs('new', 1, { 'deployment.kubernetes.io/max-replicas': '4' }), d, 4, 3)).toBe(1);
    expect(replicaSetProportion(rs('zero', 0), d, 4, 0)).toBe(0);
  });
});

describe('ReplicaSet annotations', () => {
  it('copies Deployment annotations except the skipped ones, and records revisions on rollback', () => {
    const d = dep(3);
    const fresh = rs('new', 0);
    setNewReplicaSetAnnotations(d, fresh, '1', false);
    expect(fresh.metadata.annotations).toEqual({
      'kubernetes.io/change-cause': 'v2',
      'deployment.kubernetes.io/revision': '1',
      'deployment.kubernetes.io/desired-replicas': '3',
      'deployment.kubernetes.io/max-replicas': '4',
    });
    const rolledBack = rs('old', 0, { 'deployment.kubernetes.io/revision': '1' });
    expect(setNewReplicaSetAnnotations(d, rolledBack, '3', true)).toBe(true);
    expect(rolledBack.metadata.annotations?.['deployment.kubernetes.io/revision']).toBe('3');
    expect(rolledBack.metadata.annotations?.['deployment.kubernetes.io/revision-history']).toBe('1');
  });
});
