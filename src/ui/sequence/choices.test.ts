import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import { objectChoices } from './choices';

const obj = (resource: string, kind: string, namespace: string, name: string): [string, KObject] => [
  `${resource}/${namespace}/${name}`,
  { apiVersion: 'v1', kind, metadata: { name, namespace } },
];

describe('objectChoices', () => {
  it('offers Deployments, ReplicaSets and Pods, user namespaces first, nothing else', () => {
    const objects = new Map([
      obj('pods', 'Pod', 'kube-system', 'coredns-1'),
      obj('pods', 'Pod', 'default', 'go-api-568fb6b74-xfwr5'),
      obj('replicasets', 'ReplicaSet', 'default', 'go-api-568fb6b74'),
      obj('deployments', 'Deployment', 'default', 'go-api'),
      obj('services', 'Service', 'default', 'go-api'),
    ]);
    expect(objectChoices(objects).map((c) => [c.value, c.label])).toEqual([
      ['Deployment/default/go-api', 'deployment/go-api (default)'],
      ['ReplicaSet/default/go-api-568fb6b74', 'replicaset/go-api-568fb6b74 (default)'],
      ['Pod/default/go-api-568fb6b74-xfwr5', 'pod/go-api-568fb6b74-xfwr5 (default)'],
      ['Pod/kube-system/coredns-1', 'pod/coredns-1 (kube-system)'],
    ]);
  });
});
