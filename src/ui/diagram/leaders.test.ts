import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import { leaderIds } from './leaders';
import { BASIC, withComponent } from './testkit';

const lease = (name: string, holder: string): [string, KObject] => [
  `leases/kube-system/${name}`,
  { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name, namespace: 'kube-system' }, spec: { holderIdentity: holder } } as KObject,
];

describe('leaderIds', () => {
  it('reads the Lease holder’s hostname when the worker sent no leader state', () => {
    expect([...leaderIds(new Map([lease('kube-scheduler', 'control-plane_1234-abcd')]), BASIC)]).toEqual(['kube-scheduler']);
  });

  it('prefers the instance’s own leader-election state (a stale Lease still names the old holder)', () => {
    let cs = withComponent(BASIC, 'kube-scheduler', { details: { leader: false } });
    cs = withComponent(cs, 'kube-controller-manager', { details: { leader: true } });
    const ids = leaderIds(new Map([lease('kube-scheduler', 'control-plane_1234')]), cs);
    expect([...ids]).toEqual(['kube-controller-manager']);
  });
});
