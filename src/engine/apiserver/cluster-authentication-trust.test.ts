import { describe, expect, it } from 'vitest';
import type { ConfigMap, Pod } from '../../k8s/types';
import { Simulation } from '../simulation';

describe('kube-system/extension-apiserver-authentication', () => {
  const sim = new Simulation({ seed: 5 });
  const trust = sim.objects<ConfigMap>('configmaps').find((c) => c.metadata.name === 'extension-apiserver-authentication')!;
  const apiserverCommand = sim.objects<Pod>('pods').find((p) => p.metadata.name?.startsWith('kube-apiserver-'))!.spec.containers[0]!.command ?? [];

  it("carries the cluster CA and the request-header trust kube-apiserver's kubeadm flags give", () => {
    const root = sim.objects<ConfigMap>('configmaps').find((c) => c.metadata.namespace === 'kube-system' && c.metadata.name === 'kube-root-ca.crt')!;
    expect(trust.data?.['client-ca-file']).toBe(root.data?.['ca.crt']);
    const frontProxy = trust.data?.['requestheader-client-ca-file'] ?? '';
    expect(frontProxy).toMatch(/^-----BEGIN CERTIFICATE-----\n[\s\S]+\n-----END CERTIFICATE-----\n$/);
    expect(frontProxy).not.toBe(trust.data?.['client-ca-file']);
    const flag = (name: string): string[] => {
      const value = apiserverCommand.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
      return value === undefined ? [] : value.split(',');
    };
    for (const name of ['requestheader-allowed-names', 'requestheader-extra-headers-prefix', 'requestheader-group-headers', 'requestheader-username-headers', 'requestheader-uid-headers']) {
      expect(JSON.parse(trust.data?.[name] ?? 'null'), name).toEqual(flag(name));
    }
    expect(trust.data?.['requestheader-uid-headers']).toBe('[]');
  });
});
