/** NetworkPolicy through kube-apiserver: SetDefaults_NetworkPolicy, then ValidateNetworkPolicy's messages in upstream's order. */
import { describe, expect, it } from 'vitest';
import type { KObject, NetworkPolicy } from '../../../k8s/types';
import { bootedCluster, failure, ok } from '../apiserver.testing';

const cluster = bootedCluster();

function create(spec: unknown, name = 'np'): ReturnType<ReturnType<typeof cluster>['request']> {
  const body = { apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: { name }, spec } as unknown as KObject;
  return cluster().request({ verb: 'create', resource: 'networkpolicies', namespace: 'default', body });
}

function causes(spec: unknown): string[] {
  const e = failure(create(spec));
  expect(e.code).toBe(422);
  return (e.details?.causes ?? []).map((c) => `${c.field}: ${c.message}`);
}

describe('NetworkPolicy defaults', () => {
  it('defaults policyTypes from the rules and each port to TCP; an absent podSelector selects every Pod', () => {
    const np = ok(create({ egress: [{ ports: [{ port: 53 }] }] })) as NetworkPolicy;
    expect(np.spec).toEqual({ podSelector: {}, egress: [{ ports: [{ port: 53, protocol: 'TCP' }] }], policyTypes: ['Ingress', 'Egress'] });
    const ingressOnly = ok(create({ podSelector: { matchLabels: { app: 'web' } } }, 'ing')) as NetworkPolicy;
    expect(ingressOnly.spec.policyTypes).toEqual(['Ingress']);
  });
});

describe('NetworkPolicy validation', () => {
  it('checks ports, peers and ipBlocks rule by rule', () => {
    expect(
      causes({
        podSelector: { matchExpressions: [{ key: 'app', operator: 'In' }] },
        ingress: [{ ports: [{ port: 'http', endPort: 90 }, { protocol: 'ICMP', port: 70000 }], from: [{}, { ipBlock: { cidr: '10.0.0.0/8' }, podSelector: {} }] }],
        egress: [{ ports: [{ endPort: 10 }, { port: 80, endPort: 79 }], to: [{ ipBlock: { cidr: '10.0.0.0/16', except: ['10.0.0.0/8', 'x'] } }] }],
        policyTypes: ['Ingress', 'Outbound'],
      }),
    ).toEqual([
      'spec.podSelector.matchExpressions[0].values: Required value: must be specified when `operator` is \'In\' or \'NotIn\'',
      'spec.ingress[0].ports[0].endPort: Invalid value: 90: may not be specified when `port` is non-numeric',
      'spec.ingress[0].ports[1].protocol: Unsupported value: "ICMP": supported values: "TCP", "UDP", "SCTP"',
      'spec.ingress[0].ports[1].port: Invalid value: 70000: must be between 1 and 65535, inclusive',
      'spec.ingress[0].from[0]: Required value: must specify a peer',
      'spec.ingress[0].from[1]: Forbidden: may not specify both ipBlock and another peer',
      'spec.egress[0].ports[0].endPort: Invalid value: 10: may not be specified when `port` is not specified',
      'spec.egress[0].ports[1].endPort: Invalid value: 79: must be greater than or equal to `port`',
      'spec.egress[0].to[0].ipBlock.except[0]: Invalid value: "10.0.0.0/8": must be a strict subset of `cidr`',
      'spec.egress[0].to[0].ipBlock.except[1]: Invalid value: "x": must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)',
      'spec.policyTypes[1]: Unsupported value: "Outbound": supported values: "Ingress", "Egress"',
    ]);
  });

  it('refuses more than two policyTypes and an ipBlock without a cidr', () => {
    expect(causes({ podSelector: {}, ingress: [{ from: [{ ipBlock: { cidr: '' } }] }], policyTypes: ['Ingress', 'Egress', 'Ingress'] })).toEqual([
      'spec.ingress[0].from[0].ipBlock.cidr: Required value',
      'spec.policyTypes: Invalid value: ["Ingress","Egress","Ingress"]: may not specify more than two policyTypes',
    ]);
  });
});
