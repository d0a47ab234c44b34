/**
 * The card while no write can commit (etcd without quorum, kube-apiserver stopped) and while no
 * kube-controller-manager leads: what it predicts for the Nodes and the Leases, checked against
 * the real engine after time passes, and through the recovery.
 */
import { describe, expect, it } from 'vitest';
import type { Lease, Node, Pod } from '../../k8s/types';
import { translate } from '../i18n/catalog';
import { objectsOf } from '../store/cluster';
import { Audit } from './audit.testing';
import { LabHarness } from './instructor.testing';
import { symptoms, type Symptom } from './symptoms';

const FAIL_ETCD = { basic: ['sim fail etcd'], ha: ['sim fail etcd-1', 'sim fail etcd-2'] } as const;

function withGoApi(topology: 'basic' | 'ha'): LabHarness {
  const lab = new LabHarness(topology);
  expect(lab.out('kubectl apply -f go-api.yaml')).toBe('deployment.apps/go-api created\n');
  expect(lab.out('kubectl rollout status deployment/go-api --timeout=2m')).toContain('successfully rolled out');
  return lab;
}

const text = (s: Symptom, locale: 'en' | 'zh-CN' = 'en'): string => s.says.map((x) => translate(locale, x.key, x.params)).join(' ');

/** The Nodes the card says will turn NotReady. */
function predictedNotReady(lab: LabHarness): string[] {
  const keys = new Set(['sym.node.leaseStale', 'sym.node.leaseStaleNewLeader', 'sym.node.leaseExpired']);
  return symptoms(lab.moment())
    .flatMap((s) => s.says)
    .filter((x) => keys.has(x.key))
    .map((x) => String(x.params?.['node']));
}

const TIMED_OUT = 'Error from server: etcdserver: request timed out\n';

/** Each stored Pod's name, phase, IP and Node. */
function podPlaces(lab: LabHarness): string[] {
  return objectsOf<Pod>(lab.cluster.objects, 'pods').map((p) => `${p.metadata.namespace}/${p.metadata.name} ${p.status?.phase} ${p.status?.podIP} ${p.spec.nodeName}`);
}

function readiness(lab: LabHarness): Record<string, string> {
  return Object.fromEntries(objectsOf<Node>(lab.cluster.objects, 'nodes').map((n) => [n.metadata.name, n.status?.conditions?.find((c) => c.type === 'Ready')?.status ?? '']));
}

describe('etcd without quorum', () => {
  for (const topology of ['basic', 'ha'] as const) {
    it(`${topology}: writes fail with the real error, and no Node is predicted NotReady or turns NotReady`, () => {
      const lab = withGoApi(topology);
      const pods = podPlaces(lab);
      for (const line of FAIL_ETCD[topology]) lab.out(line);

      const quorum = symptoms(lab.moment()).find((s) => s.id === 'etcd-quorum-lost')!;
      expect(text(quorum)).toContain('Every write fails with “etcdserver: request timed out”');
      expect(text(quorum, 'zh-CN')).toContain('“etcdserver: request timed out”');
      expect(lab.out(quorum.checks[0]!)).toBe('Error from server: etcdserver: request timed out\n');

      // kubectl's reads fail too (they ask etcd first); what is stored is read from the page's store.
      expect(lab.out('kubectl get pods -o wide')).toBe(TIMED_OUT);
      const leases = (): string[] => objectsOf<Lease>(lab.cluster.objects, 'leases').filter((l) => l.metadata.namespace === 'kube-node-lease').map((l) => `${l.metadata.name} ${l.spec.renewTime}`);
      lab.out('sim advance 20s');
      const frozen = leases();
      const nodes = Object.keys(readiness(lab));
      expect(predictedNotReady(lab)).toEqual([]);
      // Two minutes on: every Node the card called NotReady-bound (none) did, and no other did.
      lab.out('sim advance 100s');
      expect(predictedNotReady(lab)).toEqual([]);
      expect(Object.values(readiness(lab))).toEqual(nodes.map(() => 'True'));
      expect(lab.out('kubectl get nodes')).toBe(TIMED_OUT);
      expect(leases()).toEqual(frozen);
      expect(podPlaces(lab)).toEqual(pods);

      // One block per cause and per Lease, whatever the number of instances and Nodes.
      const card = symptoms(lab.moment());
      expect(card.map((s) => s.id)).toEqual(['etcd-quorum-lost', 'no-leader:kube-scheduler', 'no-leader:kube-controller-manager', 'node-leases-frozen']);
      expect(new Set(card.map((s) => text(s))).size).toBe(card.length);
      expect(text(card[3]!)).toMatch(new RegExp(`^The kubelets cannot renew their Node Leases \\(${nodes.length} Nodes: .*\\): .*Yet no Node turns NotReady while this lasts`));
      expect(text(card[2]!)).toMatch(/^No kube-controller-manager leads: its Lease has not been renewed for \d+ s/);
      // The Lease still names its last holder: it cannot be updated either.
      const holder = (lab.cluster.objects.get('leases/kube-system/kube-controller-manager') as Lease).spec.holderIdentity!;
      expect(holder).not.toBe('');
      expect(lab.out('sim status')).not.toContain('leader of kube-system/kube-controller-manager');
    });

    it(`${topology}: the card keeps its word through the outage and the recovery`, () => {
      const lab = withGoApi(topology);
      for (const line of FAIL_ETCD[topology]) lab.out(line);
      const audit = new Audit(lab, `etcd quorum (${topology})`);
      audit.advance(90_000);
      for (const line of FAIL_ETCD[topology]) audit.run(line.replace('fail', 'recover'));
      audit.advance(120_000);
      audit.finish();
      expect(audit.card.map((s) => s.id)).toEqual(['calm']);
    });
  }
});

describe('kube-apiserver stopped', () => {
  it('basic: the same frozen Leases, checked with sim status, and nothing NotReady through the recovery', () => {
    const lab = withGoApi('basic');
    lab.out('sim fail kube-apiserver');
    const audit = new Audit(lab, 'kube-apiserver down');
    audit.advance(90_000);
    const frozen = audit.card.find((s) => s.id === 'node-leases-frozen')!;
    expect(frozen.checks).toEqual(['sim status']);
    expect(audit.card.map((s) => s.id)).toEqual(['apiserver-down', 'no-leader:kube-scheduler', 'no-leader:kube-controller-manager', 'node-leases-frozen']);
    audit.run('sim recover kube-apiserver');
    audit.advance(120_000);
    audit.finish();
    expect(audit.card.map((s) => s.id)).toEqual(['calm']);
  });
});

describe('no kube-controller-manager leads', () => {
  it('a silent kubelet is not marked NotReady until one leads again, then 50 s after it took the Lease', () => {
    const lab = withGoApi('basic');
    lab.out('sim fail kube-controller-manager');
    lab.out('sim fail kubelet/node-2');
    const audit = new Audit(lab, 'kubelet down, kube-controller-manager stopped');
    audit.advance(90_000);
    const waiting = text(audit.card.find((s) => s.id === 'kubelet-down:node-2')!);
    expect(waiting).toMatch(/node-2’s Lease was last renewed \d+ s ago, but no kube-controller-manager leads right now/);
    expect(readiness(lab)['node-2']).toBe('True');
    audit.run('sim recover kube-controller-manager');
    audit.advance(20_000);
    const counting = text(audit.card.find((s) => s.id === 'kubelet-down:node-2')!);
    const [, ago, since, left] = /last renewed (\d+) s ago, but the node controller began counting only (\d+) s ago.* in about (\d+) s/.exec(counting) ?? [];
    expect(Number(ago)).toBeGreaterThan(100);
    expect(Number(since) + Number(left)).toBe(50);
    audit.advance(60_000);
    expect(readiness(lab)['node-2']).toBe('Unknown');
    audit.finish();
  });
});
