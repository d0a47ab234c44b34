/** describeNetworkPolicy's layout (kubectl pkg/describe), including the branches the example does not reach. */
import { describe, expect, it } from 'vitest';
import type { NetworkPolicy } from '../../k8s/types';
import { describeNetworkPolicy } from './network-policy';

describe('describeNetworkPolicy', () => {
  it('prints ipBlocks, port ranges, several rules and both directions', () => {
    const np: NetworkPolicy = {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'NetworkPolicy',
      metadata: { name: 'mixed', namespace: 'default', creationTimestamp: '2025-09-01T09:00:12Z', labels: { team: 'a' } },
      spec: {
        podSelector: { matchLabels: { app: 'db' } },
        ingress: [{ from: [{ ipBlock: { cidr: '172.17.0.0/16', except: ['172.17.1.0/24', '172.17.2.0/24'] } }, { namespaceSelector: { matchLabels: { project: 'x' } } }], ports: [{ protocol: 'TCP', port: 6379 }] }, {}],
        egress: [{ to: [], ports: [{ protocol: 'TCP', port: 32000, endPort: 32768 }] }],
        policyTypes: ['Ingress', 'Egress'],
      },
    };
    expect(describeNetworkPolicy(np)).toBe(`Name:         mixed
Namespace:    default
Created on:   2025-09-01 09:00:12 +0000 UTC
Labels:       team=a
Annotations:  <none>
Spec:
  PodSelector:     app=db
  Allowing ingress traffic:
    To Port: 6379/TCP
    From:
      IPBlock:
        CIDR: 172.17.0.0/16
        Except: 172.17.1.0/24, 172.17.2.0/24
    From:
      NamespaceSelector: project=x
    ----------
    To Port: <any> (traffic allowed to all ports)
    From: <any> (traffic not restricted by source)
  Allowing egress traffic:
    To Port Range: 32000-32768/TCP
    To: <any> (traffic not restricted by destination)
  Policy Types: Ingress, Egress
`);
  });
});
