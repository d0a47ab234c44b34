/** networking.k8s.io/v1 field schemas (strict decoding): NetworkPolicy, ServiceCIDR, IPAddress. */
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
  ServiceCIDR: { go: 'v1.ServiceCIDR', fields: { apiVersion: 'string?', kind: 'string?', metadata: 'ObjectMeta', spec: 'ServiceCIDRSpec', status: 'any' } },
  ServiceCIDRSpec: { go: 'v1.ServiceCIDRSpec', fields: { cidrs: '[]string' } },
  IPAddress: { go: 'v1.IPAddress', fields: { apiVersion: 'string?', kind: 'string?', metadata: 'ObjectMeta', spec: 'IPAddressSpec' } },
  IPAddressSpec: { go: 'v1.IPAddressSpec', fields: { parentRef: 'ParentReference' } },
  ParentReference: { go: 'v1.ParentReference', fields: { group: 'string?', resource: 'string?', namespace: 'string?', name: 'string?' } },
};
