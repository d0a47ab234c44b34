import { describe, expect, it } from 'vitest';
import type { Pod } from '../../k8s/types';
import type { ApiRequest } from './handler';
import { bootCluster, createPod, podManifest } from '../kubelet/kubelet.testing';
import type { KubeconfigUser, Simulation } from '../simulation';

function ask(sim: Simulation, req: Omit<ApiRequest, 'user' | 'from' | 'resource' | 'namespace'>, as: KubeconfigUser = 'kubernetes-admin'): string {
  const res = sim.request({ resource: 'pods', namespace: 'default', ...req }, as);
  if (res.ok) return `ok ${res.code}`;
  return 'network' in res.error ? res.error.message : `${res.error.code} ${res.error.reason}: ${res.error.message}`;
}

describe("a Pod's Connect subresources where no stream is simulated", () => {
  it('locates the target first, then refuses a plain request to a stream with Upgrade request required', () => {
    const sim = bootCluster();
    const pod = podManifest('web', 'nginx:1.27');
    pod.spec.containers[0]!.ports = [{ containerPort: 80 }];
    createPod(sim, pod);
    sim.advance(15_000);
    for (const sub of ['exec', 'attach', 'portforward'] as const) {
      expect(ask(sim, { verb: 'get', subresource: sub, name: 'web', plain: true })).toBe('400 BadRequest: Upgrade request required');
      expect(ask(sim, { verb: 'create', subresource: sub, name: 'web', plain: true })).toBe('400 BadRequest: Upgrade request required');
      expect(ask(sim, { verb: 'get', subresource: sub, name: 'nope', plain: true })).toBe('404 NotFound: pods "nope" not found');
    }
    expect(ask(sim, { verb: 'get', subresource: 'attach', name: 'web', plain: true, container: 'side' })).toBe('400 BadRequest: container side is not valid for pod web');
    // PortForwardLocation names no container.
    expect(ask(sim, { verb: 'get', subresource: 'portforward', name: 'web', plain: true, container: 'side' })).toBe('400 BadRequest: Upgrade request required');
    expect(ask(sim, { verb: 'get', subresource: 'attach', name: 'web', plain: true }, 'jane')).toBe('403 Forbidden: pods "web" is forbidden: User "jane" cannot get resource "pods/attach" in API group "" in the namespace "default"');
  });

  it('refuses an upgraded port-forward and every proxy request with the Status of a target that cannot be reached', () => {
    const sim = bootCluster();
    const pod = podManifest('web', 'nginx:1.27');
    pod.spec.containers[0]!.ports = [{ containerPort: 80 }];
    createPod(sim, pod);
    createPod(sim, podManifest('bare', 'nginx:1.27'));
    expect(ask(sim, { verb: 'get', subresource: 'proxy', name: 'web' })).toBe('400 BadRequest: address not allowed');
    sim.advance(15_000);
    expect(ask(sim, { verb: 'create', subresource: 'portforward', name: 'web' })).toBe('500 : error dialing backend: dial tcp 10.0.0.11:10250: connect: connection refused');
    const ip = sim.storedObject<Pod>('pods/default/web')?.status?.podIP ?? '';
    expect(ask(sim, { verb: 'get', subresource: 'proxy', name: 'web' })).toBe(`500 : error trying to reach service: dial tcp ${ip}:80: connect: connection refused`);
    expect(ask(sim, { verb: 'delete', subresource: 'proxy', name: 'web:8080' })).toBe(`500 : error trying to reach service: dial tcp ${ip}:8080: connect: connection refused`);
    const bareIP = sim.storedObject<Pod>('pods/default/bare')?.status?.podIP ?? '';
    expect(ask(sim, { verb: 'get', subresource: 'proxy', name: 'https:bare:' })).toBe(`500 : error trying to reach service: dial tcp ${bareIP}:443: connect: connection refused`);
    expect(ask(sim, { verb: 'get', subresource: 'proxy', name: 'ftp:web:21' })).toBe('400 BadRequest: invalid pod request "ftp:web:21"');
  });

  it('asks RBAC for create as well when a stream is asked with GET (the WebSocket verb)', () => {
    const sim = bootCluster();
    createPod(sim, podManifest('web', 'nginx:1.27'));
    sim.advance(15_000);
    const apply = (obj: object, kind: string): void => {
      const res = sim.request({ verb: 'create', resource: kind, namespace: 'default', body: obj as never });
      if (!res.ok) throw new Error(res.error.message);
    };
    apply({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: { name: 'get-attach', namespace: 'default' }, rules: [{ apiGroups: [''], resources: ['pods/attach'], verbs: ['get'] }] }, 'roles');
    apply({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'RoleBinding', metadata: { name: 'jane-get-attach', namespace: 'default' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'get-attach' }, subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: 'jane' }] }, 'rolebindings');
    expect(ask(sim, { verb: 'get', subresource: 'attach', name: 'web', plain: true }, 'jane')).toBe('403 Forbidden: pods "web" is forbidden: ');
    expect(ask(sim, { verb: 'get', subresource: 'proxy', name: 'web' }, 'jane')).toBe('403 Forbidden: pods "web" is forbidden: User "jane" cannot get resource "pods/proxy" in API group "" in the namespace "default"');
  });
});
