import { describe, expect, it } from 'vitest';
import type { ConfigMap, Node } from '../../k8s/types';
import { Simulation } from '../simulation';
import { cidrForIndex, clusterCidrFor, DEFAULT_POD_NETWORK, indexOfCidr, podNetworkFor, WIDE_POD_NETWORK } from '../topology/pod-network';
import { kubeadmAddons } from '../apiserver/kubeadm-addons';
import { staticPodExtraFlags } from '../topology/options';
import { fakeNode, get, waitFor } from './controllers.testing';

describe('node-ipam-controller', () => {
  it('numbers /24 ranges through the /14 cluster CIDR', () => {
    const net = DEFAULT_POD_NETWORK;
    expect(cidrForIndex(net, 0)).toBe('10.244.0.0/24');
    expect(cidrForIndex(net, 3)).toBe('10.244.3.0/24');
    expect(cidrForIndex(net, 256)).toBe('10.245.0.0/24');
    expect(cidrForIndex(net, 1023)).toBe('10.247.255.0/24');
    expect(indexOfCidr(net, '10.248.0.0/24')).toBeUndefined();
  });

  it('widens the cluster CIDR to a /11 only for clusters of more than 1,024 machines', () => {
    expect(podNetworkFor(1024)).toBe(DEFAULT_POD_NETWORK);
    expect(podNetworkFor(1025)).toBe(WIDE_POD_NETWORK);
    const wide = WIDE_POD_NETWORK;
    expect(wide.capacity).toBeGreaterThanOrEqual(5_003);
    expect(cidrForIndex(wide, 0)).toBe('10.224.0.0/24');
    expect(cidrForIndex(wide, 5_002)).toBe('10.243.138.0/24');
    expect(cidrForIndex(wide, 8_191)).toBe('10.255.255.0/24');
    for (const i of [0, 1_024, 5_002, 8_191]) expect(indexOfCidr(wide, cidrForIndex(wide, i))).toBe(i);
    // kube-controller-manager's static Pod says which one it allocates from.
    expect(staticPodExtraFlags(undefined, 'kube-controller-manager', 5_001)).toEqual(['--cluster-cidr=10.224.0.0/11']);
  });

  it('configures the components with kubeadm\'s 10.244.0.0/16 while every range fits in it, and with the real network past that', () => {
    expect(clusterCidrFor(4)).toBe('10.244.0.0/16');
    expect(clusterCidrFor(256)).toBe('10.244.0.0/16');
    // The 257th machine's range, 10.245.0.0/24, lies outside the /16.
    expect(clusterCidrFor(257)).toBe('10.244.0.0/14');
    expect(clusterCidrFor(1_025)).toBe('10.224.0.0/11');
    expect(staticPodExtraFlags(undefined, 'kube-controller-manager', 256)).toEqual([]);
    expect(staticPodExtraFlags(undefined, 'kube-controller-manager', 1_024)).toEqual(['--cluster-cidr=10.244.0.0/14']);
    const proxyConf = (cidr?: string): string => (kubeadmAddons('10.0.0.10:6443', 'iptables', cidr).find(([, o]) => o.metadata.name === 'kube-proxy' && o.kind === 'ConfigMap')![1] as ConfigMap).data!['config.conf']!;
    expect(proxyConf()).toContain('clusterCIDR: 10.244.0.0/16\n');
    expect(proxyConf('10.224.0.0/11')).toContain('clusterCIDR: 10.224.0.0/11\n');
  });

  it('gives every Node its own podCIDR, in order, and reuses a deleted Node\'s', () => {
    const sim = new Simulation({ seed: 1 });
    fakeNode(sim, 'extra-1');
    fakeNode(sim, 'extra-2');
    const cidr = (n: string): string | undefined => get<Node>(sim, 'nodes', n, undefined)?.spec.podCIDR;
    waitFor(sim, 'cidrs', () => !!cidr('extra-1') && !!cidr('extra-2'), 10_000);
    const all = sim.objects<Node>('nodes').map((n) => n.spec.podCIDR);
    expect(new Set(all).size).toBe(all.length);
    const [a, b] = [cidr('extra-1')!, cidr('extra-2')!];
    expect(a).toMatch(/^10\.244\.\d+\.0\/24$/);
    expect(Number(b.split('.')[2])).toBe(Number(a.split('.')[2]) + 1);
    expect(get<Node>(sim, 'nodes', 'extra-1', undefined)!.spec.podCIDRs).toEqual([a]);
  });
});
