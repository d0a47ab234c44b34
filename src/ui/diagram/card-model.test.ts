import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import { leaseOf, recentMessages } from './card-model';
import { BASIC, rec } from './testkit';

const lease = (namespace: string, name: string, holder: string): [string, KObject] => [
  `leases/${namespace}/${name}`,
  { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name, namespace }, spec: { holderIdentity: holder, renewTime: '2025-01-01T00:00:10.000000Z' } } as KObject,
];

describe('leaseOf', () => {
  const objects = new Map([lease('kube-system', 'kube-scheduler', 'control-plane_abc'), lease('kube-node-lease', 'node-1', 'node-1')]);

  it('reads the leader-election Lease for kube-scheduler and the node Lease for a kubelet', () => {
    expect(leaseOf({ kind: 'kube-scheduler', host: 'control-plane' }, objects)).toEqual({ namespace: 'kube-system', name: 'kube-scheduler', holder: 'control-plane_abc', renewTime: '2025-01-01T00:00:10.000000Z' });
    expect(leaseOf({ kind: 'kubelet', host: 'node-1' }, objects)).toMatchObject({ namespace: 'kube-node-lease', name: 'node-1', holder: 'node-1' });
  });

  it('says when the Lease does not exist yet, and has none for components that hold no Lease', () => {
    expect(leaseOf({ kind: 'kube-controller-manager', host: 'control-plane' }, objects)).toBe('none');
    expect(leaseOf({ kind: 'etcd', host: 'control-plane' }, objects)).toBeUndefined();
  });
});

describe('recentMessages', () => {
  const trace = [
    rec(1, 'kubectl', 'kube-apiserver'),
    rec(2, 'deployment-controller', 'kube-apiserver'),
    rec(3, 'kube-apiserver', 'kube-apiserver', 'authn'),
    rec(4, 'kube-controller-manager', 'kube-apiserver', 'lease'),
    rec(5, 'kube-apiserver', 'replicaset-controller', 'watch'),
    rec(6, 'kube-scheduler', 'kube-apiserver', 'event'),
  ];

  it('counts the controllers as kube-controller-manager, newest first, without self-hops, Events or Leases', () => {
    expect(recentMessages(trace, 'kube-controller-manager', BASIC).map((r) => r.seq)).toEqual([5, 2]);
    expect(recentMessages(trace, 'kube-apiserver', BASIC).map((r) => r.seq)).toEqual([5, 2, 1]);
    expect(recentMessages(trace, 'kube-scheduler', BASIC)).toEqual([]);
  });

  it('keeps only the latest n', () => {
    const many = Array.from({ length: 20 }, (_, i) => rec(i + 1, 'kubectl', 'kube-apiserver'));
    expect(recentMessages(many, 'kubectl', BASIC).map((r) => r.seq)).toEqual([20, 19, 18, 17, 16, 15, 14, 13]);
  });
});
