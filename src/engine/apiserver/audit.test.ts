import { describe, expect, it } from 'vitest';
import { Simulation, worldOf } from '../simulation';
import type { ApiServerState } from './state';
import { appendAudit, MAX_AUDIT_EVENTS } from './audit';

const parse = (lines: string[]): Record<string, unknown>[] => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

describe('kube-apiserver audit log', () => {
  it('writes one Metadata-level ResponseComplete event per request, fields in audit.k8s.io/v1 order', () => {
    const sim = new Simulation({ seed: 1 });
    sim.request({ verb: 'list', resource: 'pods', namespace: 'default' });
    const [line] = sim.auditLog({ user: 'kubernetes-admin', tail: 1 });
    const ev = JSON.parse(line!) as Record<string, unknown>;
    expect(Object.keys(ev)).toEqual(['kind', 'apiVersion', 'level', 'auditID', 'stage', 'requestURI', 'verb', 'user', 'sourceIPs', 'userAgent', 'objectRef', 'responseStatus', 'requestReceivedTimestamp', 'stageTimestamp', 'annotations']);
    expect(ev).toMatchObject({
      kind: 'Event',
      apiVersion: 'audit.k8s.io/v1',
      level: 'Metadata',
      stage: 'ResponseComplete',
      requestURI: '/api/v1/namespaces/default/pods?limit=500',
      verb: 'list',
      user: { username: 'kubernetes-admin', groups: ['kubeadm:cluster-admins', 'system:authenticated'] },
      objectRef: { resource: 'pods', namespace: 'default', apiVersion: 'v1' },
      responseStatus: { metadata: {}, code: 200 },
      annotations: {
        'authorization.k8s.io/decision': 'allow',
        'authorization.k8s.io/reason': 'RBAC: allowed by ClusterRoleBinding "kubeadm:cluster-admins" of ClusterRole "cluster-admin" to Group "kubeadm:cluster-admins"',
      },
    });
    expect(ev['auditID']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(ev['requestReceivedTimestamp']).toMatch(/^2025-09-01T09:00:\d\d\.\d{6}Z$/);
  });

  it('records a denial with the Status the client got, and who impersonated whom', () => {
    const sim = new Simulation({ seed: 1 });
    sim.request({ verb: 'list', resource: 'secrets', namespace: 'default', impersonate: { user: 'jane', groups: ['system:authenticated'] } });
    const [ev] = parse(sim.auditLog({ tail: 1 }));
    expect(ev).toMatchObject({
      user: { username: 'kubernetes-admin' },
      impersonatedUser: { username: 'jane' },
      responseStatus: { status: 'Failure', reason: 'Forbidden', code: 403 },
      annotations: { 'authorization.k8s.io/decision': 'forbid', 'authorization.k8s.io/reason': '' },
    });
  });

  it('audits the components too: a kubelet from its node, a controller with its ServiceAccount', () => {
    const sim = new Simulation({ seed: 1 });
    const kubelet = parse(sim.auditLog({ user: 'system:node:node-1', tail: 1 }))[0]!;
    expect(kubelet).toMatchObject({ sourceIPs: ['10.0.0.11'], userAgent: expect.stringMatching(/^kubelet\/v1\.\d+\.\d+ \(linux\/amd64\) kubernetes\/[0-9a-f]{7}$/) });
    const ctrl = parse(sim.auditLog({ user: 'system:serviceaccount:kube-system:node-controller', tail: 1 }))[0]!;
    expect(ctrl['userAgent']).toMatch(/\/system:serviceaccount:kube-system:node-controller$/);
    expect((ctrl['annotations'] as Record<string, string>)['authorization.k8s.io/reason']).toMatch(/^RBAC: allowed by ClusterRoleBinding "system:controller:node-controller" of ClusterRole "system:controller:node-controller" to ServiceAccount "node-controller\/kube-system"$/);
  });

  it('completes objectRef from the body as it arrived, also where the client hands its body over to be stored', () => {
    const sim = new Simulation({ seed: 1 });
    sim.request({ verb: 'create', resource: 'deployments', namespace: 'default', body: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { replicas: 1, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] } } } } as never });
    sim.advance(2000);
    const creates = parse(sim.auditLog({ user: 'system:serviceaccount:kube-system:replicaset-controller', verb: 'create' }));
    // The Pod's body carries generateName only: LogRequestObject runs before a name or uid exists.
    const inDefault = (resource: string) => creates.find((e) => (e['objectRef'] as { resource: string; namespace: string }).resource === resource && (e['objectRef'] as { namespace: string }).namespace === 'default')!;
    const pod = inDefault('pods');
    expect(pod['objectRef']).toEqual({ resource: 'pods', namespace: 'default', apiVersion: 'v1' });
    // An Event is named by its recorder, and still has no uid or resourceVersion when it arrives.
    const event = inDefault('events');
    expect(event['objectRef']).toEqual({ resource: 'events', namespace: 'default', name: expect.stringMatching(/^web-[a-z0-9]+\.[0-9a-f]+$/), apiVersion: 'v1' });
  });

  it('is deterministic and draws nothing from the world PRNG', () => {
    const a = new Simulation({ seed: 7 });
    const b = new Simulation({ seed: 7 });
    expect(a.auditLog({ tail: 50 })).toEqual(b.auditLog({ tail: 50 }));
    const rng = { ...worldOf(a).rng };
    a.auditLog();
    expect(worldOf(a).rng).toEqual(rng);
  });

  it('keeps the newest events within its bound, and filters by verb', () => {
    const sim = new Simulation({ seed: 1 });
    const w = worldOf(sim);
    const server = w.components.get(w.apiServers[0]!) as ApiServerState;
    const sample = server.audit!.events[server.audit!.events.length - 1]!;
    for (let i = 0; i < MAX_AUDIT_EVENTS * 1.3; i++) appendAudit(server, { ...sample, n: w.nextRequestId++ });
    expect(server.audit!.written).toBeGreaterThan(MAX_AUDIT_EVENTS);
    expect(server.audit!.events.length).toBeLessThanOrEqual(MAX_AUDIT_EVENTS * 1.2);
    expect(server.audit!.events[server.audit!.events.length - 1]!.n).toBe(w.nextRequestId - 1);
    sim.advance(30_000);
    expect(parse(sim.auditLog({ verb: 'update', tail: 5 })).every((e) => e['verb'] === 'update')).toBe(true);
    expect(sim.auditLog({ tail: 0 })).toEqual([]);
  });
});
