/**
 * `kubectl auth can-i --as=<component>` against the bootstrap policy, through the real engine:
 * what each controller's ServiceAccount, the scheduler and a joining node's bootstrap token may
 * do in a kubeadm cluster, and the near misses they may not.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import { kubectl } from '../testing';

let sim: Simulation;

beforeAll(() => {
  sim = new Simulation({ seed: 1 });
});

const sa = (name: string): string => `--as=system:serviceaccount:kube-system:${name}`;
const canI = (args: string): string => kubectl(sim, `auth can-i ${args}`).stdout;

describe('kubectl auth can-i for the controllers', () => {
  it('lets the deployment controller write status (and the revision annotation with it) but not patch a Deployment', () => {
    expect(canI(`update deployments.apps --subresource=status -n default ${sa('deployment-controller')}`)).toBe('yes\n');
    expect(canI(`update deployments.apps -n default ${sa('deployment-controller')}`)).toBe('yes\n');
    expect(canI(`patch deployments.apps -n default ${sa('deployment-controller')}`)).toBe('no\n');
  });

  it('runs taint eviction as node-controller: there is no taint-eviction-controller role', () => {
    expect(canI(`delete pods -n default ${sa('node-controller')}`)).toBe('yes\n');
    expect(canI(`patch pods --subresource=status -n default ${sa('node-controller')}`)).toBe('yes\n');
    expect(canI(`delete pods -n default ${sa('taint-eviction-controller')}`)).toBe('no\n');
  });

  it('holds each controller to its own objects', () => {
    expect(canI(`create endpointslices.discovery.k8s.io -n default ${sa('endpointslice-controller')}`)).toBe('yes\n');
    expect(canI(`create endpoints -n default ${sa('endpointslice-controller')}`)).toBe('no\n');
    expect(canI(`delete persistentvolumeclaims -n default ${sa('statefulset-controller')}`)).toBe('yes\n');
    expect(canI(`patch persistentvolumeclaims -n default ${sa('statefulset-controller')}`)).toBe('no\n');
    expect(canI(`delete deployments.apps -n default ${sa('generic-garbage-collector')}`)).toBe('yes\n');
    expect(canI(`create deployments.apps -n default ${sa('generic-garbage-collector')}`)).toBe('no\n');
    // resourceNames: one ConfigMap only.
    expect(canI(`get configmaps/kube-apiserver-legacy-service-account-token-tracking -n kube-system ${sa('legacy-service-account-token-cleaner')}`)).toBe('yes\n');
    expect(canI(`get configmaps/kube-root-ca.crt -n kube-system ${sa('legacy-service-account-token-cleaner')}`)).toBe('no\n');
  });

  it('gives kube-scheduler its own Lease anywhere and every Lease in kube-system (system::leader-locking-kube-scheduler)', () => {
    expect(canI('update leases.coordination.k8s.io/kube-scheduler -n default --as=system:kube-scheduler')).toBe('yes\n');
    expect(canI('update leases.coordination.k8s.io/other -n default --as=system:kube-scheduler')).toBe('no\n');
    expect(canI('update leases.coordination.k8s.io/other -n kube-system --as=system:kube-scheduler')).toBe('yes\n');
  });
});

describe("kubectl auth can-i for kubeadm's join identities", () => {
  const token = '--as=system:bootstrap:abcdef --as-group=system:bootstrappers --as-group=system:bootstrappers:kubeadm:default-node-token';

  it('lets a bootstrap token read the ConfigMaps and the Node `kubeadm join` reads, and no more', () => {
    expect(canI(`get configmaps/kubeadm-config -n kube-system ${token}`)).toBe('yes\n');
    expect(canI(`get configmaps/kubelet-config -n kube-system ${token}`)).toBe('yes\n');
    expect(canI(`get configmaps/kube-proxy -n kube-system ${token}`)).toBe('yes\n');
    expect(canI(`get configmaps/coredns -n kube-system ${token}`)).toBe('no\n');
    expect(canI(`get nodes/node-1 ${token}`)).toBe('yes\n');
    expect(canI(`list nodes ${token}`)).toBe('no\n');
  });

  it('lets kube-scheduler and kube-controller-manager read extension-apiserver-authentication, and a plain user not', () => {
    const cm = 'get configmaps/extension-apiserver-authentication -n kube-system';
    expect(canI(`${cm} --as=system:kube-scheduler`)).toBe('yes\n');
    expect(canI(`${cm} --as=system:kube-controller-manager`)).toBe('yes\n');
    expect(canI(`${cm} --as=jane`)).toBe('no\n');
    expect(kubectl(sim, `${cm} --as=system:kube-scheduler -o jsonpath={.data.requestheader-allowed-names}`).stdout).toBe('["front-proxy-client"]');
  });

  it('lets an anonymous client get cluster-info in kube-public and nothing else', () => {
    // Anonymous may not ask can-i (system:basic-user is for authenticated users): ask for the object.
    const anonymous = '-n kube-public --as=system:anonymous --as-group=system:unauthenticated';
    expect(kubectl(sim, `auth can-i get configmaps ${anonymous}`).stderr).toContain('User "system:anonymous" cannot create resource "selfsubjectaccessreviews"');
    const info = kubectl(sim, `get configmap cluster-info ${anonymous}`);
    expect(info.stderr).toBe('');
    // The kubeconfig and the bootstrap signer's jws-kubeconfig-<token-id>.
    expect(info.stdout).toMatch(/^NAME\s+DATA\s+AGE\ncluster-info\s+2\s+/);
    expect(kubectl(sim, `get configmap other ${anonymous}`).stderr).toBe('Error from server (Forbidden): configmaps "other" is forbidden: User "system:anonymous" cannot get resource "configmaps" in API group "" in the namespace "kube-public"\n');
  });
});
