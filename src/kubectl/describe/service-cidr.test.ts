import { describe, expect, it } from 'vitest';
import { Simulation } from '../../engine/index';
import { kubectl } from '../testing';

describe('kubectl get and describe for ServiceCIDRs and IPAddresses', () => {
  const sim = new Simulation({ seed: 1 });

  it('prints the tables as printers.go does (an IPAddress row has no AGE: its table defines two columns)', () => {
    expect(kubectl(sim, 'get servicecidrs').stdout).toBe(['NAME         CIDRS          AGE', 'kubernetes   10.96.0.0/12   8s', ''].join('\n'));
    expect(kubectl(sim, 'get ip').stdout).toBe(['NAME         PARENTREF', '10.96.0.1    services/default/kubernetes', '10.96.0.10   services/kube-system/kube-dns', ''].join('\n'));
  });

  it('describes the default ServiceCIDR and an IPAddress like describe.go', () => {
    expect(kubectl(sim, 'describe servicecidr kubernetes').stdout).toBe(
      [
        'Name:         kubernetes',
        'Labels:       <none>',
        'Annotations:  <none>',
        'CIDRs:        10.96.0.0/12',
        'Status:',
        'Conditions:',
        '  Type   Status  LastTransitionTime               Reason  Message',
        '  ----   ------  ------------------               ------  -------',
        '  Ready  True    Mon, 01 Sep 2025 09:00:01 +0000          Kubernetes Service CIDR is ready',
        'Events:  <none>',
        '',
      ].join('\n'),
    );
    expect(kubectl(sim, 'describe ipaddress 10.96.0.10').stdout).toBe(
      [
        'Name:         10.96.0.10',
        'Labels:       ipaddress.kubernetes.io/ip-family=IPv4',
        '              ipaddress.kubernetes.io/managed-by=ipallocator.k8s.io',
        'Annotations:  <none>',
        'Parent Reference:',
        '  Group:      ',
        '  Resource:   services',
        '  Namespace:  kube-system',
        '  Name:       kube-dns',
        'Events:       <none>',
        '',
      ].join('\n'),
    );
  });

  it('lists both kinds in api-resources, ipaddresses with its short name', () => {
    const lines = kubectl(sim, 'api-resources --api-group=networking.k8s.io').stdout.split('\n');
    expect(lines).toContain('ipaddresses       ip           networking.k8s.io/v1   false        IPAddress');
    expect(lines).toContain('servicecidrs                   networking.k8s.io/v1   false        ServiceCIDR');
  });
});
