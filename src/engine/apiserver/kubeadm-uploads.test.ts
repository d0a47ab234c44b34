import { describe, expect, it } from 'vitest';
import type { ConfigMap } from '../../k8s/types';
import { decodeBase64 } from '../../k8s/base64';
import { parse } from 'yaml';
import { Simulation } from '../simulation';

const cm = (sim: Simulation, ns: string, name: string): ConfigMap | undefined =>
  sim.objects<ConfigMap>('configmaps').find((c) => c.metadata.namespace === ns && c.metadata.name === name);

describe("kubeadm's uploaded configuration", () => {
  const sim = new Simulation({ seed: 3 });

  it('has the ConfigMaps a kubeadm cluster lists, kube-proxy with its kubeconfig', () => {
    const names = sim
      .objects<ConfigMap>('configmaps')
      .filter((c) => c.metadata.namespace === 'kube-system' || c.metadata.namespace === 'kube-public')
      .map((c) => `${c.metadata.namespace}/${c.metadata.name}`)
      .sort();
    expect(names).toEqual([
      'kube-public/cluster-info',
      'kube-public/kube-root-ca.crt',
      'kube-system/coredns',
      'kube-system/extension-apiserver-authentication',
      'kube-system/kube-apiserver-legacy-service-account-token-tracking',
      'kube-system/kube-proxy',
      'kube-system/kube-root-ca.crt',
      'kube-system/kubeadm-config',
      'kube-system/kubelet-config',
    ]);
    const proxy = cm(sim, 'kube-system', 'kube-proxy')!;
    expect(proxy.metadata.labels).toEqual({ app: 'kube-proxy' });
    expect(Object.keys(proxy.data ?? {}).sort()).toEqual(['config.conf', 'kubeconfig.conf']);
    expect(proxy.data?.['kubeconfig.conf']).toContain('    server: https://10.0.0.10:6443\n');
    expect(cm(sim, 'kube-system', 'kube-apiserver-legacy-service-account-token-tracking')?.data).toEqual({ since: '2025-09-01' });
    expect(cm(sim, 'kube-system', 'kubelet-config')?.data?.kubelet).toMatch(/^apiVersion: kubelet\.config\.k8s\.io\/v1beta1\n[\s\S]*kind: KubeletConfiguration\n/);
  });

  it("publishes cluster-info with the cluster's CA, readable by anyone as kubeadm's Role allows", () => {
    const info = cm(sim, 'kube-public', 'cluster-info')!;
    const kubeconfig = info.data?.kubeconfig ?? '';
    const ca = /certificate-authority-data: (\S+)/.exec(kubeconfig)?.[1] ?? '';
    expect(decodeBase64(ca)).toBe(cm(sim, 'kube-public', 'kube-root-ca.crt')?.data?.['ca.crt']);
    expect(kubeconfig).toContain('  name: ""\ncontexts: null\ncurrent-context: ""\nkind: Config\npreferences: {}\nusers: null\n');
    const anonymous = { user: 'system:anonymous', groups: ['system:unauthenticated'] };
    const read = (name: string) => sim.request({ verb: 'get', resource: 'configmaps', namespace: 'kube-public', name, impersonate: anonymous });
    expect(read('cluster-info').ok).toBe(true);
    expect(read('kube-root-ca.crt').ok).toBe(false);
  });

  it("writes kube-proxy's whole KubeProxyConfiguration as kubeadm marshals it: every non-omitempty field, zeros undefaulted", () => {
    const conf = cm(sim, 'kube-system', 'kube-proxy')?.data?.['config.conf'] ?? '';
    const doc = parse(conf) as Record<string, unknown>;
    const keys = Object.keys(doc);
    expect(keys).toEqual([...keys].sort());
    expect(keys).toHaveLength(24);
    expect(keys).not.toContain('featureGates');
    expect(keys).not.toContain('windowsRunAsService');
    expect(doc).toMatchObject({
      bindAddress: '0.0.0.0',
      mode: 'iptables',
      configSyncPeriod: '0s',
      nodePortAddresses: null,
      conntrack: { maxPerCore: null, udpTimeout: '0s' },
      iptables: { masqueradeBit: null, syncPeriod: '0s' },
      logging: { flushFrequency: 0, verbosity: 0, options: { json: { infoBufferSize: '0' }, text: { infoBufferSize: '0' } } },
    });
    expect(conf).toContain('\ndetectLocalMode: ""\n');
    expect(conf.endsWith('\n')).toBe(false);
  });

  it('names the load balancer as controlPlaneEndpoint in an HA cluster', () => {
    const ha = new Simulation({ seed: 3, topology: 'ha' });
    const config = cm(ha, 'kube-system', 'kubeadm-config')?.data?.ClusterConfiguration ?? '';
    expect(config).toContain('controlPlaneEndpoint: 10.0.0.100:6443\n');
    expect(config).toContain('kubernetesVersion: v1.36.1\n');
    expect(cm(sim, 'kube-system', 'kubeadm-config')?.data?.ClusterConfiguration).not.toContain('controlPlaneEndpoint');
    expect(cm(ha, 'kube-public', 'cluster-info')?.data?.kubeconfig).toContain('server: https://10.0.0.100:6443\n');
  });
});
