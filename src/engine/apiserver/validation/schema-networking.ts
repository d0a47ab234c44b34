/** networking.k8s.io/v1 NetworkPolicy's field schemas (strict decoding). */
import type { StructSchema } from './schema-core';

export const NETWORKING_STRUCTS: Record<string, StructSchema> = {
  NetworkPolicy: { go: 'v1.NetworkPolicy', fields: { apiVersion: 'string?', kind: 'string?', metadata: 'ObjectMeta', spec: 'NetworkPolicySpec' } },
  NetworkPolicySpec: {
    go: 'v1.NetworkPolicySpec',
    fields: { podSelector: 'LabelSelector', ingress: '[]NetworkPolicyIngressRule', egress: '[]NetworkPolicyEgressRule', policyTypes: '[]string:v1.PolicyType' },
  },
  NetworkPolicyIngressRule: { go: 'v1.NetworkPolicyIngressRule', fields: { ports: '[]NetworkPolicyPort', from: '[]NetworkPolicyPeer' } },
  NetworkPolicyEgressRule: { go: 'v1.NetworkPolicyEgressRule', fields: { ports: '[]NetworkPolicyPort', to: '[]NetworkPolicyPeer' } },
  NetworkPolicyPort: { go: 'v1.NetworkPolicyPort', fields: { protocol: '*string:v1.Protocol', port: 'ios', endPort: '*int32' } },
  NetworkPolicyPeer: { go: 'v1.NetworkPolicyPeer', fields: { podSelector: 'LabelSelector', namespaceSelector: 'LabelSelector', ipBlock: 'IPBlock' } },
  IPBlock: { go: 'v1.IPBlock', fields: { cidr: 'string', except: '[]string' } },
};
