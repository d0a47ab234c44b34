/** networking.k8s.io/v1 field schemas (strict decoding): NetworkPolicy, Ingress, IngressClass, ServiceCIDR, IPAddress. */
import type { StructSchema } from './core';

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
  Ingress: { go: 'v1.Ingress', fields: { apiVersion: 'string?', kind: 'string?', metadata: 'ObjectMeta', spec: 'IngressSpec', status: 'any' } },
  IngressSpec: {
    go: 'v1.IngressSpec',
    fields: { ingressClassName: '*string', defaultBackend: 'IngressBackend', tls: '[]IngressTLS', rules: '[]IngressRule' },
  },
  IngressTLS: { go: 'v1.IngressTLS', fields: { hosts: '[]string', secretName: 'string?' } },
  // IngressRuleValue is inlined: `http` sits beside `host`.
  IngressRule: { go: 'v1.IngressRule', fields: { host: 'string?', http: 'HTTPIngressRuleValue' } },
  HTTPIngressRuleValue: { go: 'v1.HTTPIngressRuleValue', fields: { paths: '[]HTTPIngressPath' } },
  HTTPIngressPath: { go: 'v1.HTTPIngressPath', fields: { path: 'string?', pathType: '*string:v1.PathType', backend: 'IngressBackend' } },
  IngressBackend: { go: 'v1.IngressBackend', fields: { service: 'IngressServiceBackend', resource: 'TypedLocalObjectReference' } },
  IngressServiceBackend: { go: 'v1.IngressServiceBackend', fields: { name: 'string', port: 'ServiceBackendPort' } },
  ServiceBackendPort: { go: 'v1.ServiceBackendPort', fields: { name: 'string?', number: 'int32?' } },
  TypedLocalObjectReference: { go: 'v1.TypedLocalObjectReference', fields: { apiGroup: '*string', kind: 'string', name: 'string' } },
  IngressClass: { go: 'v1.IngressClass', fields: { apiVersion: 'string?', kind: 'string?', metadata: 'ObjectMeta', spec: 'IngressClassSpec' } },
  IngressClassSpec: { go: 'v1.IngressClassSpec', fields: { controller: 'string?', parameters: 'IngressClassParametersReference' } },
  IngressClassParametersReference: {
    go: 'v1.IngressClassParametersReference',
    fields: { apiGroup: '*string', kind: 'string', name: 'string', scope: '*string', namespace: '*string' },
  },
  ServiceCIDR: { go: 'v1.ServiceCIDR', fields: { apiVersion: 'string?', kind: 'string?', metadata: 'ObjectMeta', spec: 'ServiceCIDRSpec', status: 'any' } },
  ServiceCIDRSpec: { go: 'v1.ServiceCIDRSpec', fields: { cidrs: '[]string' } },
  IPAddress: { go: 'v1.IPAddress', fields: { apiVersion: 'string?', kind: 'string?', metadata: 'ObjectMeta', spec: 'IPAddressSpec' } },
  IPAddressSpec: { go: 'v1.IPAddressSpec', fields: { parentRef: 'ParentReference' } },
  ParentReference: { go: 'v1.ParentReference', fields: { group: 'string?', resource: 'string?', namespace: 'string?', name: 'string?' } },
};
