import { describe, expect, it } from 'vitest';
import { serviceEnv, serviceLinkVars } from './service-env';
import type { Service } from './types';

function svc(namespace: string, name: string, clusterIP: string, ports: Service['spec']['ports'] = [{ port: 80, protocol: 'TCP' }]): Service {
  return { apiVersion: 'v1', kind: 'Service', metadata: { namespace, name }, spec: { clusterIP, ports } };
}

describe('Service-link environment variables (pkg/kubelet/envvars FromServices)', () => {
  it('names every variable as upstream does, named ports and the Docker link set included', () => {
    const s = svc('default', 'my-db', '10.96.5.6', [
      { name: 'sql', port: 5432, protocol: 'TCP' },
      { name: 'metrics', port: 9187, protocol: 'UDP' },
    ]);
    expect(serviceLinkVars(s)).toEqual([
      ['MY_DB_SERVICE_HOST', '10.96.5.6'],
      ['MY_DB_SERVICE_PORT', '5432'],
      ['MY_DB_SERVICE_PORT_SQL', '5432'],
      ['MY_DB_SERVICE_PORT_METRICS', '9187'],
      ['MY_DB_PORT', 'tcp://10.96.5.6:5432'],
      ['MY_DB_PORT_5432_TCP', 'tcp://10.96.5.6:5432'],
      ['MY_DB_PORT_5432_TCP_PROTO', 'tcp'],
      ['MY_DB_PORT_5432_TCP_PORT', '5432'],
      ['MY_DB_PORT_5432_TCP_ADDR', '10.96.5.6'],
      ['MY_DB_PORT_9187_UDP', 'udp://10.96.5.6:9187'],
      ['MY_DB_PORT_9187_UDP_PROTO', 'udp'],
      ['MY_DB_PORT_9187_UDP_PORT', '9187'],
      ['MY_DB_PORT_9187_UDP_ADDR', '10.96.5.6'],
    ]);
  });

  it("takes the Pod's namespace's Services with a ClusterIP, and default/kubernetes even with enableServiceLinks false", () => {
    const all = [svc('default', 'kubernetes', '10.96.0.1', [{ name: 'https', port: 443, protocol: 'TCP' }]), svc('shop', 'web', '10.96.1.2'), svc('shop', 'headless', 'None'), svc('other', 'api', '10.96.3.4')];
    const names = (ns: string, links: boolean): string[] => serviceEnv(all, ns, links).map(([k]) => k).filter((k) => k.endsWith('_SERVICE_HOST'));
    expect(names('shop', true)).toEqual(['KUBERNETES_SERVICE_HOST', 'WEB_SERVICE_HOST']);
    expect(names('shop', false)).toEqual(['KUBERNETES_SERVICE_HOST']);
    expect(names('default', true)).toEqual(['KUBERNETES_SERVICE_HOST']);
  });
});
