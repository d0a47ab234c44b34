import { describe, expect, it } from 'vitest';
import type { KObject, Node, PersistentVolumeClaim, Pod, Service } from '../../../k8s/types';
import { ALPHANUMS } from '../../core/rng';
import { nodeUser } from '../auth';
import { bootedCluster, failure, ok, pod, requestAs } from '../apiserver.testing';
import { worldOf } from '../../simulation';

const cluster = bootedCluster();

function createPod(sim: ReturnType<typeof cluster>, body: Pod): Pod {
  return ok(sim.request({ verb: 'create', resource: 'pods', namespace: 'default', body })) as Pod;
}

describe('mutating admission of Pods', () => {
  it('names the plugins that changed the Pod on the trace', () => {
    const sim = cluster();
    createPod(sim, pod('web'));
    const hop = worldOf(sim).trace.records.filter((r) => r.kind === 'mutating-admission').at(-1)!;
    expect(hop.summary).toBe('mutated by defaulting, ServiceAccount, Priority, DefaultTolerationSeconds');
  });

  it('mounts the ServiceAccount token as kube-api-access-<5> in every container', () => {
    const sim = cluster();
    const p = createPod(sim, pod('web', { initContainers: [{ name: 'init', image: 'busybox' }] }));
    expect(p.spec.serviceAccountName).toBe('default');
    expect(p.spec.serviceAccount).toBe('default');
    const vol = p.spec.volumes!.at(-1)!;
    expect(vol.name).toMatch(new RegExp(`^kube-api-access-[${ALPHANUMS}]{5}$`));
    expect(vol.projected?.defaultMode).toBe(420);
    for (const c of [...p.spec.initContainers!, ...p.spec.containers]) {
      expect(c.volumeMounts).toContainEqual({ name: vol.name, readOnly: true, mountPath: '/var/run/secrets/kubernetes.io/serviceaccount' });
    }
    const noToken = createPod(sim, { ...pod('quiet'), spec: { ...pod('quiet').spec, automountServiceAccountToken: false } as Pod['spec'] });
    expect(noToken.spec.volumes ?? []).toEqual([]);
  });

  it('refuses a Pod whose ServiceAccount does not exist', () => {
    const sim = cluster();
    const e = failure(sim.request({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('web', { serviceAccountName: 'deployer' }) }));
    expect(e).toMatchObject({ code: 403, reason: 'Forbidden', message: 'pods "web" is forbidden: error looking up service account default/deployer: serviceaccount "deployer" not found' });
    const generated = failure(sim.request({ verb: 'create', resource: 'pods', namespace: 'default', body: { ...pod(''), metadata: { generateName: 'web-7d4b9c-' }, spec: { ...pod('').spec, serviceAccountName: 'deployer' } } }));
    expect(generated.message).toBe('pods "web-7d4b9c-" is forbidden: error looking up service account default/deployer: serviceaccount "deployer" not found');
    ok(sim.request({ verb: 'create', resource: 'serviceaccounts', namespace: 'default', body: { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'deployer' } } }));
    expect(createPod(sim, pod('web', { serviceAccountName: 'deployer' })).spec.serviceAccountName).toBe('deployer');
  });

  it('resolves priority from the PriorityClass and refuses a hand-set one', () => {
    const sim = cluster();
    const plain = createPod(sim, pod('plain'));
    expect([plain.spec.priority, plain.spec.preemptionPolicy]).toEqual([0, 'PreemptLowerPriority']);
    expect(createPod(sim, pod('critical', { priorityClassName: 'system-cluster-critical' })).spec.priority).toBe(2000000000);
    expect(failure(sim.request({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('gold', { priorityClassName: 'gold' }) })).message).toBe(
      'pods "gold" is forbidden: no PriorityClass with name gold was found',
    );
    expect(failure(sim.request({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('vip', { priority: 1000 }) })).message).toBe(
      'pods "vip" is forbidden: the integer value of priority (1000) must not be provided in pod spec; priority admission controller computed 0 from the given PriorityClass name',
    );
    ok(sim.request({ verb: 'create', resource: 'priorityclasses', body: { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'high' }, value: 1000 } as KObject }));
    expect(createPod(sim, pod('vip', { priorityClassName: 'high' })).spec.priority).toBe(1000);
  });

  it('validates PriorityClasses and allows a single default', () => {
    const sim = cluster();
    const pc = (name: string, value: number, globalDefault = false): KObject => ({ apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name }, value, globalDefault });
    expect(failure(sim.request({ verb: 'create', resource: 'priorityclasses', body: pc('huge', 2000000000) })).message).toBe(
      'PriorityClass.scheduling.k8s.io "huge" is invalid: value: Forbidden: maximum allowed value of a user defined priority is 1000000000',
    );
    ok(sim.request({ verb: 'create', resource: 'priorityclasses', body: pc('normal', 100, true) }));
    expect(failure(sim.request({ verb: 'create', resource: 'priorityclasses', body: pc('other', 50, true) })).message).toBe(
      'priorityclasses.scheduling.k8s.io "other" is forbidden: PriorityClass normal is already marked as default. Only one default can exist',
    );
    const p = createPod(sim, pod('defaulted'));
    expect([p.spec.priorityClassName, p.spec.priority]).toEqual(['normal', 100]);
  });

  it('adds the 300 s not-ready and unreachable tolerations unless already tolerated', () => {
    const sim = cluster();
    expect(createPod(sim, pod('web')).spec.tolerations).toEqual([
      { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
      { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
    ]);
    const everything = createPod(sim, pod('daemon', { tolerations: [{ operator: 'Exists' }] }));
    expect(everything.spec.tolerations).toEqual([{ operator: 'Exists' }]);
  });
});

describe('storage, Service and Node admission', () => {
  it('gives a claim without a class the default StorageClass', () => {
    const sim = cluster();
    const pvc = ok(sim.request({
      verb: 'create',
      resource: 'persistentvolumeclaims',
      namespace: 'default',
      body: { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } } as KObject,
    })) as PersistentVolumeClaim;
    expect(pvc.spec.storageClassName).toBe('standard');
    expect(pvc.spec.volumeMode).toBe('Filesystem');
    expect(pvc.status?.phase).toBe('Pending');
  });

  it('allocates ClusterIPs from the service range and NodePorts from 30000-32767', () => {
    const sim = cluster();
    const kubernetes = sim.objects<Service>('services').find((s) => s.metadata.name === 'kubernetes')!;
    expect(kubernetes.spec.clusterIP).toBe('10.96.0.1');
    const s = ok(sim.request({ verb: 'create', resource: 'services', namespace: 'default', body: { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web' }, spec: { type: 'NodePort', ports: [{ port: 80 }] } } as KObject })) as Service;
    const [a, b, c] = s.spec.clusterIP!.split('.').map(Number);
    expect(a).toBe(10);
    expect(b! >= 96 && b! <= 111).toBe(true);
    expect(b === 96 && c === 0).toBe(false);
    expect(s.spec.clusterIPs).toEqual([s.spec.clusterIP]);
    expect(s.spec.ports![0]!.nodePort! >= 30000 && s.spec.ports![0]!.nodePort! <= 32767).toBe(true);
    expect([s.spec.externalTrafficPolicy, s.spec.internalTrafficPolicy, s.spec.ipFamilyPolicy]).toEqual(['Cluster', 'Cluster', 'SingleStack']);
  });

  it('refuses addresses and ports that are taken or out of range', () => {
    const sim = cluster();
    const svc = (name: string, spec: Record<string, unknown>): KObject => ({ apiVersion: 'v1', kind: 'Service', metadata: { name }, spec: { ports: [{ port: 80 }], ...spec } });
    expect(failure(sim.request({ verb: 'create', resource: 'services', namespace: 'default', body: svc('a', { clusterIP: '10.96.0.1' }) })).message).toBe(
      'Service "a" is invalid: spec.clusterIPs: Invalid value: ["10.96.0.1"]: failed to allocate IP 10.96.0.1: provided IP is already allocated',
    );
    expect(failure(sim.request({ verb: 'create', resource: 'services', namespace: 'default', body: svc('b', { clusterIP: '192.168.1.1' }) })).message).toBe(
      'Service "b" is invalid: spec.clusterIPs: Invalid value: ["192.168.1.1"]: failed to allocate IP 192.168.1.1: the provided network does not match the current range',
    );
    // Inside a ServiceCIDR but its network address: that range's own allocator refuses it.
    expect(failure(sim.request({ verb: 'create', resource: 'services', namespace: 'default', body: svc('b', { clusterIP: '10.96.0.0' }) })).message).toBe(
      'Service "b" is invalid: spec.clusterIPs: Invalid value: ["10.96.0.0"]: failed to allocate IP 10.96.0.0: the provided IP (10.96.0.0) is not in the valid range. The range of valid IPs is 10.96.0.0/12',
    );
    expect(failure(sim.request({ verb: 'create', resource: 'services', namespace: 'default', body: svc('c', { type: 'NodePort', ports: [{ port: 80, nodePort: 80 }] }) })).message).toBe(
      'Service "c" is invalid: spec.ports[0].nodePort: Invalid value: 80: provided port is not in the valid range. The range of valid ports is 30000-32767',
    );
    ok(sim.request({ verb: 'create', resource: 'services', namespace: 'default', body: svc('d', { type: 'NodePort', ports: [{ port: 80, nodePort: 30080 }] }) }));
    expect(failure(sim.request({ verb: 'create', resource: 'services', namespace: 'default', body: svc('e', { type: 'NodePort', ports: [{ port: 80, nodePort: 30080 }] }) })).message).toBe(
      'Service "e" is invalid: spec.ports[0].nodePort: Invalid value: 30080: provided port is already allocated',
    );
  });

  it('registers every new Node as not-ready until the node controller says otherwise', () => {
    const sim = cluster();
    const n = ok(sim.request({ verb: 'create', resource: 'nodes', body: { apiVersion: 'v1', kind: 'Node', metadata: { name: 'node-9' } } as KObject })) as Node;
    expect(n.spec.taints).toEqual([{ key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' }]);
  });
});

describe('NodeRestriction', () => {
  it('keeps a kubelet to its own Node, Lease and Pods', () => {
    const sim = cluster();
    const kubelet1 = nodeUser('node-1');
    const elsewhere = createPod(sim, pod('elsewhere', { nodeName: 'node-2' }));
    const status = { ...elsewhere, status: { phase: 'Running' } } as Pod;
    expect(failure(requestAs(sim, kubelet1, { verb: 'update', resource: 'pods', subresource: 'status', namespace: 'default', name: 'elsewhere', body: status })).message).toBe(
      'pods "elsewhere" is forbidden: node "node-1" can only update pod status for pods with spec.nodeName set to itself',
    );
    expect(failure(requestAs(sim, kubelet1, { verb: 'delete', resource: 'pods', namespace: 'default', name: 'elsewhere' })).message).toBe(
      'pods "elsewhere" is forbidden: node "node-1" can only delete pods with spec.nodeName set to itself',
    );
    expect(failure(requestAs(sim, kubelet1, { verb: 'patch', resource: 'nodes', name: 'node-2', body: { metadata: { labels: { x: 'y' } } } as never })).message).toBe(
      'nodes "node-2" is forbidden: node "node-1" is not allowed to modify node "node-2"',
    );
    expect(failure(requestAs(sim, kubelet1, { verb: 'create', resource: 'pods', namespace: 'default', body: pod('sneaky', { nodeName: 'node-1' }) })).message).toBe(
      'pods "sneaky" is forbidden: pod does not have "kubernetes.io/config.mirror" annotation, node "node-1" can only create mirror pods',
    );
    const mine = createPod(sim, pod('mine', { nodeName: 'node-1' }));
    ok(requestAs(sim, kubelet1, { verb: 'update', resource: 'pods', subresource: 'status', namespace: 'default', name: 'mine', body: { ...mine, status: { phase: 'Running' } } as Pod }));
  });
});
