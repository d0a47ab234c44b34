/** The agent's rule table from its caches, and the verdicts it gives: pure functions, no cluster. */
import { describe, expect, it } from 'vitest';
import type { Namespace, NetworkPolicy, Pod } from '../../../k8s/types';
import { compileNodeRules } from './compile';
import { verdict } from './verdict';

function pod(name: string, ns: string, ip: string, node: string, labels: Record<string, string>, port?: { name: string; containerPort: number }): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: ns, labels },
    spec: { nodeName: node, containers: [{ name: 'c', image: 'x', ...(port ? { ports: [port] } : {}) }] },
    status: { phase: 'Running', podIP: ip },
  } as Pod;
}

const ns = (name: string, labels: Record<string, string> = {}): Namespace => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name, labels: { 'kubernetes.io/metadata.name': name, ...labels } } }) as Namespace;

function np(name: string, spec: NetworkPolicy['spec'], namespace = 'default'): NetworkPolicy {
  return { apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: { name, namespace }, spec };
}

const PODS = [
  pod('web', 'default', '10.244.1.2', 'node-1', { app: 'web' }, { name: 'http', containerPort: 8080 }),
  pod('client', 'default', '10.244.2.2', 'node-2', { role: 'client' }),
  pod('db', 'data', '10.244.1.3', 'node-1', { app: 'db' }, { name: 'pg', containerPort: 5432 }),
];
const NAMESPACES = [ns('default'), ns('data', { team: 'data' })];

describe('compileNodeRules', () => {
  it('programs only the Pods on its node that a policy selects, per direction', () => {
    const policies = [np('deny', { podSelector: {}, policyTypes: ['Ingress'] }), np('egress', { podSelector: { matchLabels: { role: 'client' } }, policyTypes: ['Egress'], egress: [] })];
    const n1 = compileNodeRules('node-1', { pods: PODS, namespaces: NAMESPACES, policies }, 0);
    expect(Object.keys(n1.pods)).toEqual(['10.244.1.2']);
    expect(n1.pods['10.244.1.2']).toMatchObject({ ingressPolicies: ['default/deny'], egressPolicies: [], ingress: [] });
    const n2 = compileNodeRules('node-2', { pods: PODS, namespaces: NAMESPACES, policies }, 0);
    expect(n2.pods['10.244.2.2']).toMatchObject({ ingressPolicies: ['default/deny'], egressPolicies: ['default/egress'] });
  });

  it('resolves selectors to Pod IPs and an ingress named port on the selected Pod', () => {
    const policies = [np('allow', { podSelector: { matchLabels: { app: 'web' } }, policyTypes: ['Ingress'], ingress: [{ from: [{ podSelector: { matchLabels: { role: 'client' } } }], ports: [{ protocol: 'TCP', port: 'http' }] }] })];
    const pp = compileNodeRules('node-1', { pods: PODS, namespaces: NAMESPACES, policies }, 0).pods['10.244.1.2'];
    expect(pp?.ingress).toEqual([{ policy: 'default/allow', peers: [{ kind: 'pods', ips: ['10.244.2.2'] }], ports: [{ kind: 'number', protocol: 'TCP', port: 8080 }] }]);
    expect(verdict(pp, 'ingress', { peerIp: '10.244.2.2', port: 8080, protocol: 'TCP' })).toEqual({ allowed: true });
    expect(verdict(pp, 'ingress', { peerIp: '10.244.2.2', port: 8081, protocol: 'TCP' })).toEqual({ allowed: false, policies: ['default/allow'] });
    expect(verdict(pp, 'ingress', { peerIp: '10.244.1.3', port: 8080, protocol: 'TCP' }).allowed).toBe(false);
    // Not selected for egress: anything goes out.
    expect(verdict(pp, 'egress', { peerIp: '1.2.3.4', port: 1, protocol: 'UDP' })).toEqual({ allowed: true });
  });

  it('matches namespaceSelector peers, ipBlock excepts, port ranges and egress named ports on the destination', () => {
    const policies = [
      np('client-out', {
        podSelector: { matchLabels: { role: 'client' } },
        policyTypes: ['Egress'],
        egress: [
          { to: [{ namespaceSelector: { matchLabels: { team: 'data' } } }], ports: [{ protocol: 'TCP', port: 'pg' }] },
          { to: [{ ipBlock: { cidr: '192.168.0.0/16', except: ['192.168.5.0/24'] } }], ports: [{ protocol: 'TCP', port: 8000, endPort: 8100 }] },
        ],
      }),
    ];
    const pp = compileNodeRules('node-2', { pods: PODS, namespaces: NAMESPACES, policies }, 0).pods['10.244.2.2'];
    expect(verdict(pp, 'egress', { peerIp: '10.244.1.3', port: 5432, protocol: 'TCP', endpoint: '10.244.1.3:5432' }).allowed).toBe(true);
    expect(verdict(pp, 'egress', { peerIp: '10.244.1.3', port: 5433, protocol: 'TCP', endpoint: '10.244.1.3:5433' }).allowed).toBe(false);
    expect(verdict(pp, 'egress', { peerIp: '10.244.1.2', port: 8080, protocol: 'TCP', endpoint: '10.244.1.2:8080' }).allowed).toBe(false);
    expect(verdict(pp, 'egress', { peerIp: '192.168.1.1', port: 8050, protocol: 'TCP' }).allowed).toBe(true);
    expect(verdict(pp, 'egress', { peerIp: '192.168.5.1', port: 8050, protocol: 'TCP' }).allowed).toBe(false);
    expect(verdict(pp, 'egress', { peerIp: '192.168.1.1', port: 8101, protocol: 'TCP' }).allowed).toBe(false);
    expect(verdict(pp, 'egress', { peerIp: '192.168.1.1', port: 8050, protocol: 'UDP' }).allowed).toBe(false);
  });
});
