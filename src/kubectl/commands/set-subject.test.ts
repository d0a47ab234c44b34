import { describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import type { RoleBinding } from '../../k8s/rbac';
import { kubectl } from '../testing';

const subjects = (sim: Simulation) => (sim.objects('rolebindings').find((o) => o.metadata.name === 'readers') as RoleBinding).subjects;

describe('kubectl set subject', () => {
  it('adds users, groups and service accounts once each, sorted within each kind; RBAC follows', () => {
    const sim = new Simulation({ seed: 1 });
    kubectl(sim, 'create rolebinding readers --clusterrole=view --user=alice');
    expect(kubectl(sim, 'auth can-i list pods --as=bob').stdout).toBe('no\n');
    expect(kubectl(sim, 'set subject rolebinding readers --user=bob --user=alice --group=devs --serviceaccount=:builder').stdout).toBe('rolebinding.rbac.authorization.k8s.io/readers subjects updated\n');
    expect(subjects(sim)).toEqual([
      { apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: 'alice' },
      { apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: 'bob' },
      { apiGroup: 'rbac.authorization.k8s.io', kind: 'Group', name: 'devs' },
      { kind: 'ServiceAccount', name: 'builder', namespace: 'default' },
    ]);
    expect(kubectl(sim, 'auth can-i list pods --as=bob').stdout).toBe('yes\n');
    // Nothing to add: no request, no output.
    expect(kubectl(sim, 'set subject rolebinding readers --user=bob')).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });

  it('refuses as upstream', () => {
    const sim = new Simulation({ seed: 1 });
    kubectl(sim, 'create clusterrolebinding crb --clusterrole=view --user=x');
    expect(kubectl(sim, 'set subject clusterrolebinding crb --serviceaccount=:builder').stderr).toBe('error: serviceaccount must be <namespace>:<name>, namespace must be specified\n');
    expect(kubectl(sim, 'set subject clusterrolebinding crb --serviceaccount=foo').stderr).toBe('error: serviceaccount must be <namespace>:<name>\n');
    expect(kubectl(sim, 'set subject clusterrolebinding crb').stderr).toBe('error: you must specify at least one value of user, group or serviceaccount\n');
    expect(kubectl(sim, 'set subject service kubernetes --user=a').stderr).toBe('error: services/kubernetes setting subjects is only supported for RoleBinding/ClusterRoleBinding\n');
  });
});
