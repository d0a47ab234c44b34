import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import { nodeRows, podRows } from './views';

const pod = (ns: string, name: string, nodeName?: string): [string, KObject] => [
  `pods/${ns}/${name}`,
  { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: ns }, spec: { containers: [{ name: 'c', image: 'i' }], ...(nodeName ? { nodeName } : {}) }, status: { phase: 'Pending' } },
];

describe('list rows', () => {
  it('puts the learner’s Pods before kube-system ones and shows <none> for unscheduled', () => {
    const objects = new Map([pod('kube-system', 'coredns-1', 'node-1'), pod('default', 'web-b'), pod('default', 'web-a', 'node-2')]);
    expect(podRows(objects).map((r) => `${r.namespace}/${r.name}@${r.node}`)).toEqual(['default/web-a@node-2', 'default/web-b@<none>', 'kube-system/coredns-1@node-1']);
  });

  it('renders node rows with kubectl columns', () => {
    const objects = new Map<string, KObject>([
      [
        'nodes/node-1',
        {
          apiVersion: 'v1',
          kind: 'Node',
          metadata: { name: 'node-1', labels: {} },
          spec: {},
          status: { conditions: [{ type: 'Ready', status: 'True' }], nodeInfo: { kubeletVersion: 'v1.34.1' } },
        },
      ],
    ]);
    expect(nodeRows(objects)).toEqual([{ key: 'nodes/node-1', name: 'node-1', status: 'Ready', roles: '<none>', version: 'v1.34.1' }]);
  });
});
