import { describe, expect, it } from 'vitest';
import type { Pod, Service } from '../../k8s/types';
import { bootCluster, createPod, getPod, podManifest } from '../kubelet/kubelet.testing';
import { type Simulation, worldOf } from '../simulation';
import type { World } from '../world';
import { clusterDnsFrom } from './cluster-dns';

function logs(sim: Simulation, name: string, container?: string): string {
  const res = sim.request({ verb: 'get', resource: 'pods', subresource: 'log', namespace: 'default', name, logOptions: container ? { container } : {} });
  if (!res.ok) throw new Error(res.error.message);
  return res.text ?? '';
}

/** `w.dnsRuleTargets` recounted from every node's kube-proxy rule: what the kept index must equal. */
function dnsTargetsRecounted(w: World): Map<string, number> {
  const out = new Map<string, number>();
  for (const c of w.components.values()) {
    if (c.kind !== 'kube-proxy') continue;
    for (const ep of c.rules['10.96.0.10:53/UDP']?.endpoints ?? []) {
      const ip = ep.slice(0, ep.lastIndexOf(':'));
      out.set(ip, (out.get(ip) ?? 0) + 1);
    }
  }
  return out;
}

function service(name: string, extra: Partial<Service['spec']> = {}): Service {
  return { apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: 'default' }, spec: { selector: { app: name }, ports: [{ port: 80, targetPort: 8080, protocol: 'TCP' }], ...extra } };
}

function create(sim: Simulation, svc: Service): string {
  const res = sim.request({ verb: 'create', resource: 'services', namespace: 'default', body: svc });
  if (!res.ok) throw new Error(res.error.message);
  return (res.object as Service).spec.clusterIP!;
}

describe('cluster DNS inside Pods', () => {
  it('the docs\' init container waits for its Service and the Pod starts once CoreDNS answers for it', () => {
    const sim = bootCluster();
    const pod = podManifest('myapp-pod', 'busybox:1.36', {
      container: { command: ['sh', '-c', 'echo The app is running! && sleep 3600'] },
      spec: {
        initContainers: [
          {
            name: 'init-myservice',
            image: 'busybox:1.28',
            command: ['sh', '-c', 'until nslookup myservice.$(cat /var/run/secrets/kubernetes.io/serviceaccount/namespace).svc.cluster.local; do echo waiting for myservice; sleep 2; done'],
          },
        ],
      },
    });
    createPod(sim, pod);
    sim.advance(20_000);
    expect(getPod(sim, 'myapp-pod')?.status?.phase).toBe('Pending');
    expect(logs(sim, 'myapp-pod', 'init-myservice')).toContain(
      "Server:    10.96.0.10\nAddress 1: 10.96.0.10 kube-dns.kube-system.svc.cluster.local\n\nnslookup: can't resolve 'myservice.default.svc.cluster.local'\nwaiting for myservice\n",
    );
    const ip = create(sim, service('myservice'));
    sim.advance(10_000);
    const p = getPod(sim, 'myapp-pod') as Pod;
    expect(p.status?.initContainerStatuses?.[0]?.state?.terminated?.reason).toBe('Completed');
    expect(p.status?.phase).toBe('Running');
    expect(logs(sim, 'myapp-pod', 'init-myservice')).toContain(`Name:      myservice.default.svc.cluster.local\nAddress 1: ${ip} myservice.default.svc.cluster.local\n`);
  });

  it('answers a Service\'s name with its ClusterIP, and NXDOMAIN for a name no Service has', () => {
    const sim = bootCluster();
    const ip = create(sim, service('web'));
    sim.advance(2_000);
    createPod(sim, podManifest('client', 'busybox:1.36', { container: { command: ['sh', '-c', 'nslookup web.default.svc.cluster.local; nslookup nope.default.svc.cluster.local; echo "exit $?"; sleep 3600'] } }));
    sim.advance(15_000);
    expect(logs(sim, 'client')).toBe(
      `Server:\t\t10.96.0.10\nAddress:\t10.96.0.10:53\n\nName:\tweb.default.svc.cluster.local\nAddress: ${ip}\n\n\n` +
        "Server:\t\t10.96.0.10\nAddress:\t10.96.0.10:53\n\n** server can't find nope.default.svc.cluster.local: NXDOMAIN\n\n** server can't find nope.default.svc.cluster.local: NXDOMAIN\n\nexit 1\n",
    );
  });

  it('a query lands on a CoreDNS endpoint through kube-proxy: one whose node lost power answers nothing until its endpoint is withdrawn', () => {
    const sim = bootCluster();
    const w = worldOf(sim);
    const coredns = sim.objects<Pod>('pods').filter((p) => p.metadata.labels?.['k8s-app'] === 'kube-dns');
    expect(coredns).toHaveLength(2);
    const victim = coredns.find((p) => p.spec.nodeName !== 'control-plane')!;
    const survivor = coredns.find((p) => p !== victim)!;
    // The client runs on a worker without CoreDNS, so powering the victim's node off spares it.
    const client = ['node-1', 'node-2', 'node-3'].find((n) => !coredns.some((p) => p.spec.nodeName === n))!;
    const order = [survivor, victim].map((p) => p.status!.podIP!).sort();
    expect(clusterDnsFrom(w, client).route).toEqual({ kind: 'dnat', endpoints: ['serving', 'serving'] });
    // Every node (control plane included) points at both CoreDNS Pods.
    expect(w.dnsRuleTargets).toEqual(new Map(order.map((ip) => [ip, 4])));
    expect(clusterDnsFrom(w, client).records['kube-dns.kube-system.svc.cluster.local']).toEqual(['10.96.0.10']);
    createPod(sim, podManifest('client', 'busybox:1.36', { node: client, container: { command: ['sh', '-c', 'while true; do nslookup kubernetes.default.svc.cluster.local >/dev/null && echo ok || echo timeout; sleep 1; done'] } }));
    sim.advance(10_000);
    expect(logs(sim, 'client').split('\n').filter(Boolean).every((l) => l === 'ok')).toBe(true);
    const before = logs(sim, 'client').split('\n').filter(Boolean).length;
    sim.injectFault(`node/${victim.spec.nodeName!}`);
    // Powered off, its sandboxes are gone: the stale endpoint is an address nobody holds.
    expect(clusterDnsFrom(w, client).route).toEqual({ kind: 'dnat', endpoints: order.map((ip) => (ip === survivor.status!.podIP ? 'serving' : 'gone')) });
    sim.advance(30_000);
    // kube-proxy's random pick sends some lookups to the dead endpoint: those time out (5 s).
    const during = logs(sim, 'client').split('\n').filter(Boolean).slice(before);
    expect(during).toContain('timeout');
    expect(during).toContain('ok');
    // The node lifecycle controller marks the Pod not Ready after the grace period; the
    // EndpointSlice drops it and kube-proxy's next sync leaves only the live CoreDNS.
    sim.advance(90_000);
    expect(clusterDnsFrom(w, client).route).toEqual({ kind: 'dnat', endpoints: ['serving'] });
    // The powered-off node's kube-proxy keeps its stale rule (nothing runs there to sync it).
    expect(w.dnsRuleTargets).toEqual(dnsTargetsRecounted(w));
    expect(w.dnsRuleTargets?.get(victim.status!.podIP!)).toBe(1);
  });

  it('a headless Service resolves to its ready endpoints, and to nothing (NXDOMAIN) without one', () => {
    const sim = bootCluster();
    create(sim, service('db', { clusterIP: 'None' }));
    sim.advance(2_000);
    expect(clusterDnsFrom(worldOf(sim), 'node-1').records['db.default.svc.cluster.local']).toBeUndefined();
    createPod(sim, { ...podManifest('db-0', 'nginx:1.27', { node: 'node-2' }), metadata: { name: 'db-0', namespace: 'default', labels: { app: 'db' } } } as Pod);
    sim.advance(20_000);
    const ip = getPod(sim, 'db-0')!.status!.podIP!;
    expect(clusterDnsFrom(worldOf(sim), 'node-1').records['db.default.svc.cluster.local']).toEqual([ip]);
  });
});
