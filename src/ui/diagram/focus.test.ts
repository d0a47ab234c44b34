import { describe, expect, it } from 'vitest';
import { focusedObjects, namesComponent, nodeFocused, nodeOptionFor, optionFor, podFocused } from './focus';

describe('namesComponent', () => {
  it('matches a component, its HA instances, every node’s agent, and kube-controller-manager for its controllers', () => {
    expect(namesComponent('kube-scheduler', 'kube-scheduler', 'kube-scheduler')).toBe(true);
    expect(namesComponent('etcd', 'etcd-2', 'etcd')).toBe(true);
    expect(namesComponent('kubelet', 'kubelet/node-1', 'kubelet')).toBe(true);
    expect(namesComponent('kubelet/node-1', 'kubelet/node-2', 'kubelet')).toBe(false);
    expect(namesComponent('replicaset-controller', 'kube-controller-manager', 'kube-controller-manager')).toBe(true);
    expect(namesComponent('*-controller', 'kube-controller-manager-2', 'kube-controller-manager')).toBe(true);
    expect(namesComponent('replicaset-controller', 'kube-scheduler', 'kube-scheduler')).toBe(false);
    expect(namesComponent('csi', 'csi', 'csi')).toBe(true);
  });
});

describe('optionFor and nodeOptionFor', () => {
  const choice = { form: 'component' as const, options: ['replicaset-controller', 'kubelet', 'kube-scheduler'] };
  it('answers with the option that names the clicked component; controllers are answered on their own chips', () => {
    expect(optionFor(choice, 'kubelet/node-2')).toBe('kubelet');
    expect(optionFor(choice, 'kube-scheduler')).toBe('kube-scheduler');
    expect(optionFor(choice, 'kube-controller-manager')).toBeUndefined();
    expect(optionFor(choice, 'etcd')).toBeUndefined();
    expect(optionFor(undefined, 'kubelet/node-2')).toBeUndefined();
    expect(optionFor({ form: 'node', options: ['kubelet'] }, 'kubelet/node-2')).toBeUndefined();
  });

  it('answers a node question with the clicked machine', () => {
    expect(nodeOptionFor({ form: 'node', options: ['control-plane', 'node-1'] }, 'node-1')).toBe('node-1');
    expect(nodeOptionFor({ form: 'node', options: ['control-plane', 'node-1'] }, 'node-2')).toBeUndefined();
    expect(nodeOptionFor(choice, 'node-1')).toBeUndefined();
  });
});

describe('podFocused and nodeFocused', () => {
  const objects = focusedObjects([{ object: { kind: 'Pod', namespace: 'default', name: 'hello-*' } }, { object: { kind: 'Deployment', namespace: 'default', name: 'go-api' } }, { object: { kind: 'Node', name: 'node-2' } }, { component: 'etcd' }]);
  it('matches Pods by glob and namespace, and through their ReplicaSet to a Deployment', () => {
    expect(objects).toHaveLength(3);
    expect(podFocused(objects, { namespace: 'default', name: 'hello-abc' })).toBe(true);
    expect(podFocused(objects, { namespace: 'kube-system', name: 'hello-abc' })).toBe(false);
    expect(podFocused(objects, { namespace: 'default', name: 'go-api-5d8f-x2k9p', owner: 'go-api-5d8f' })).toBe(true);
    expect(podFocused(objects, { namespace: 'default', name: 'go-api-canary-1-x', owner: 'go-api-canary-1' })).toBe(false);
    expect(nodeFocused(objects, 'node-2')).toBe(true);
    expect(nodeFocused(objects, 'node-1')).toBe(false);
  });
});
