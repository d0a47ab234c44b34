/**
 * Test support: what each statement of the symptoms card claims, as checks against the real
 * cluster. Every SymptomKey has one (the Record makes a new statement without a check a type
 * error). A check asserts what the statement says is true now, and registers what it says will
 * happen (or will not) with the Audit, which moves time forward and holds the card to it.
 *
 * The checks read the objects and component states the page shows, and — at the audit's
 * checkpoints (`full`) — what a learner would see running kubectl, so a claim is only as good
 * as what the cluster really does. Over 400 lines on purpose: one table, a check per symptom
 * key, read side by side with the i18n statements it holds to account.
 */
import { expect } from 'vitest';
import type { KEvent, Lease, Node, PersistentVolumeClaim, Pod, ReplicaSet } from '../../k8s/types';
import type { ComponentSummary } from '../../protocol/messages';
import { objectsOf } from '../store/cluster';
import type { LabHarness } from './instructor.testing';
import { pods, secondsSince, simTime, type Moment, type SymptomKey } from './moment';

export type Params = Readonly<Record<string, string | number>>;

/** What a check can ask of the Audit running it. */
export interface ClaimContext {
  lab: LabHarness;
  m: Moment;
  p: Params;
  /** At a checkpoint: also run the kubectl commands a learner would. */
  full: boolean;
  /** `holds` must become true in [from, by] (simulated ms). */
  eventually(label: string, by: number, holds: (m: Moment) => boolean, from?: number): void;
  /** `holds` must stay true for as long as `guard` does (to the end of the audit). */
  always(label: string, holds: (m: Moment) => boolean, guard?: (m: Moment) => boolean): void;
  /** The card said this Node turns NotReady in [from, by]. */
  notReadyBy(node: string, from: number, by: number): void;
  /** The card said this Node may turn NotReady (no deadline, no obligation). */
  mayTurnNotReady(node: string): void;
  /** The card said this Pod is evicted in [from, by]. */
  evictedBy(pod: Pod, from: number, by: number): void;
}

export type ClaimCheck = (c: ClaimContext) => void;

// ---- readings ----

const str = (p: Params, k: string): string => String(p[k] ?? '');
const num = (p: Params, k: string): number => Number(p[k] ?? NaN);
const list = (s: string): string[] => s.split(', ').filter(Boolean);

/** `a, b, c (+2)` → the names shown and how many there are in all. */
export function shortNames(s: string): { shown: string[]; total: number } {
  const [, head = '', more] = /^(.*?)(?: \(\+(\d+)\))?$/.exec(s) ?? [];
  const shown = list(head);
  return { shown, total: shown.length + Number(more ?? 0) };
}

export const podKey = (p: Pod): string => `${p.metadata.namespace ?? 'default'}/${p.metadata.name ?? ''}`;
const shownName = (p: Pod): string => ((p.metadata.namespace ?? 'default') === 'default' ? (p.metadata.name ?? '') : podKey(p));

export function comp(m: Moment, id: string): ComponentSummary {
  const c = m.components.get(id);
  if (!c) throw new Error(`no component ${id}`);
  return c;
}

const ofKind = (m: Moment, kind: ComponentSummary['kind']): ComponentSummary[] => [...m.components.values()].filter((c) => c.kind === kind);

export const leads = (m: Moment, kind: ComponentSummary['kind']): boolean => ofKind(m, kind).some((c) => c.running && c.details?.leader === true);

/** Whether a write can commit: some kube-apiserver runs and a majority of etcd members does. */
export function writable(m: Moment): boolean {
  const etcd = ofKind(m, 'etcd');
  return ofKind(m, 'kube-apiserver').some((c) => c.running) && etcd.filter((c) => c.running).length > etcd.length / 2;
}

export function node(m: Moment, name: string): Node {
  const n = m.objects.get(`nodes/${name}`) as Node | undefined;
  if (!n) throw new Error(`no node ${name}`);
  return n;
}

export const ready = (n: Node): string => n.status?.conditions?.find((c) => c.type === 'Ready')?.status ?? 'Unknown';
const condition = (p: Pod, type: string): string | undefined => p.status?.conditions?.find((c) => c.type === type)?.status;
const lease = (m: Moment, ns: string, name: string): Lease | undefined => m.objects.get(`leases/${ns}/${name}`) as Lease | undefined;
const holderHost = (l: Lease | undefined): string => {
  const id = l?.spec.holderIdentity ?? '';
  return id.slice(0, id.lastIndexOf('_'));
};
const live = (m: Moment): Pod[] => pods(m).filter((p) => !p.metadata.deletionTimestamp);
const podsOn = (m: Moment, host: string): Pod[] => pods(m).filter((p) => p.spec.nodeName === host);
const podsNamed = (m: Moment, names: string): Pod[] => {
  const shown = new Set(shortNames(names).shown);
  return pods(m).filter((p) => shown.has(shownName(p)));
};
const events = (m: Moment, reason: string): KEvent[] => objectsOf<KEvent>(m.objects, 'events').filter((e) => e.reason === reason);
const waiting = (p: Pod): string | undefined => (p.status?.containerStatuses ?? []).find((c) => c.state.waiting?.reason)?.state.waiting?.reason;
const restarts = (p: Pod): number => (p.status?.containerStatuses ?? []).reduce((n, c) => n + c.restartCount, 0);
const rv = (o: { metadata: { resourceVersion?: string } } | undefined): string => o?.metadata.resourceVersion ?? '';

/** The newest resourceVersion in the cluster: it moves with every committed write. */
export function revision(m: Moment): number {
  let max = 0;
  for (const o of m.objects.values()) max = Math.max(max, Number(o.metadata.resourceVersion ?? 0));
  return max;
}

/** Seconds agree within the card's rounding (whole seconds, a moment later). */
function about(actual: number | undefined, said: number, label: string): void {
  expect(actual, label).toBeDefined();
  expect(Math.abs(actual! - said), `${label}: ${actual} s, card says ${said} s`).toBeLessThanOrEqual(1);
}

/** `go-api 3/5` entries against the Deployments and their Pods. */
function checkLagging(m: Moment, entries: string, lab: LabHarness, full: boolean): void {
  for (const e of shortNames(entries).shown) {
    const [, name = '', have, want] = /^(\S+) (\d+)\/(\d+)$/.exec(e) ?? [];
    const rs = objectsOf<ReplicaSet>(m.objects, 'replicasets').filter((r) => r.metadata.ownerReferences?.some((o) => o.name === name && o.kind === 'Deployment'));
    const uids = new Set(rs.map((r) => r.metadata.uid));
    expect(live(m).filter((p) => p.metadata.ownerReferences?.some((o) => uids.has(o.uid))).length, e).toBe(Number(have));
    if (full) expect(lab.out(`kubectl get deployment ${name} -o jsonpath={.spec.replicas}`), e).toBe(want);
  }
}

function unboundPending(m: Moment): Pod[] {
  return live(m).filter((p) => !p.spec.nodeName && (p.status?.phase ?? 'Pending') === 'Pending');
}

/** Pods Pending with no node, counted; `stay`: while no kube-scheduler runs they remain so. */
function pendingCount(c: ClaimContext, stay: boolean): void {
  const now = unboundPending(c.m);
  expect(now.length, 'Pods Pending with no node').toBe(num(c.p, 'count'));
  if (!stay) return;
  for (const p of podsNamed(c.m, str(c.p, 'names'))) c.always(`${podKey(p)} stays unbound`, (m) => !(m.objects.get(`pods/${podKey(p)}`) as Pod | undefined)?.spec.nodeName);
}

/** The leader is gone: a standby holds the Lease within a retry (2 s, jittered ×1.2) after expiry. */
function takeover(c: ClaimContext, kind: string, left: number): void {
  const before = holderHost(lease(c.m, 'kube-system', kind));
  c.eventually(`a standby takes the ${kind} Lease`, c.m.now + (left + 4) * 1000, (m) => holderHost(lease(m, 'kube-system', kind)) !== before, c.m.now + (left - 2) * 1000);
}

function leaderGone(c: ClaimContext, state: 'stopped' | 'cut-off'): void {
  const id = str(c.p, 'id');
  const kind = str(c.p, 'kind');
  expect(holderHost(lease(c.m, 'kube-system', kind)), `${kind} Lease holder`).toBe(comp(c.m, id).host);
  expect(comp(c.m, id).running, id).toBe(state === 'cut-off');
  if (state === 'cut-off') expect(comp(c.m, str(c.p, 'apiserver')).running).toBe(false);
  about(secondsSince(c.m, lease(c.m, 'kube-system', kind)?.spec.renewTime), num(c.p, 'ago'), `${kind} renewTime`);
}

function standby(c: ClaimContext, state: 'stopped' | 'cut-off'): void {
  const kind = str(c.p, 'kind');
  for (const id of list(str(c.p, 'down'))) {
    expect(comp(c.m, id).running, id).toBe(state === 'cut-off');
    if (state === 'cut-off') expect(ofKind(c.m, 'kube-apiserver').find((a) => a.host === comp(c.m, id).host)?.running, `${id}'s kube-apiserver`).toBe(false);
  }
  const leader = comp(c.m, str(c.p, 'leader'));
  expect(holderHost(lease(c.m, 'kube-system', kind)), `${kind} Lease holder`).toBe(leader.host);
  about(secondsSince(c.m, lease(c.m, 'kube-system', kind)?.spec.acquireTime), num(c.p, 'held'), `${kind} acquireTime`);
  c.eventually(`${leader.id} leads`, c.m.now + 3000, (m) => comp(m, leader.id).details?.leader === true);
}

/** A Ready Node with a stale Lease: NotReady `left` s from now, at the node controller's next 5 s pass. */
function staleLease(c: ClaimContext): void {
  const name = str(c.p, 'node');
  expect(ready(node(c.m, name)), name).toBe('True');
  about(secondsSince(c.m, lease(c.m, 'kube-node-lease', name)?.spec.renewTime), num(c.p, 'ago'), `${name} Lease renewTime`);
  const left = num(c.p, 'left') * 1000;
  c.notReadyBy(name, c.m.now + left - 2000, c.m.now + left + 7000);
}

/** Nothing written: objects keep their resourceVersions (the newest one does not move). */
function frozen(c: ClaimContext, label: string): void {
  const at = revision(c.m);
  c.always(label, (m) => revision(m) === at, (m) => !writable(m));
}

export const CLAIMS: Record<SymptomKey, ClaimCheck> = {
  'sym.apiserver.down': (c) => {
    expect(ofKind(c.m, 'kube-apiserver').some((a) => a.running)).toBe(false);
    if (c.full) expect(c.lab.out('kubectl get pods')).toMatch(/(^|\n)The connection to the server [\d.]+:6443 was refused/);
    frozen(c, 'nothing changes while kube-apiserver is down');
  },
  'sym.apiserver.degraded': (c) => {
    for (const id of list(str(c.p, 'down'))) expect(comp(c.m, id).running, id).toBe(false);
    expect(ofKind(c.m, 'kube-apiserver').filter((a) => a.running).length).toBe(num(c.p, 'up'));
    if (c.full) expect(c.lab.out('kubectl get nodes')).toMatch(/^NAME\s+STATUS/);
  },
  'sym.apiserver.cutOff': (c) => {
    for (const id of list(str(c.p, 'list'))) {
      expect(comp(c.m, id).running, id).toBe(true);
      expect(ofKind(c.m, 'kube-apiserver').find((a) => a.host === comp(c.m, id).host)?.running, `${id}'s kube-apiserver`).toBe(false);
    }
  },
  'sym.etcd.noQuorum': (c) => {
    const up = ofKind(c.m, 'etcd').filter((e) => e.running).length;
    expect(up).toBe(num(c.p, 'up'));
    expect(up).toBeLessThan(num(c.p, 'quorum'));
    if (c.full) {
      expect(c.lab.out('kubectl create namespace write-check')).toBe('Error from server: etcdserver: request timed out\n');
      // A list without a resourceVersion asks etcd for its revision first: it fails as the write did.
      expect(c.lab.out('kubectl get pods -A')).toBe('Error from server: etcdserver: request timed out\n');
    }
    frozen(c, 'nothing is written while etcd has no quorum');
  },
  'sym.etcd.degraded': (c) => {
    expect(ofKind(c.m, 'etcd').filter((e) => e.running).length).toBe(num(c.p, 'up'));
    if (c.full) {
      expect(c.lab.out('kubectl create configmap audit-write --from-literal=k=v')).toBe('configmap/audit-write created\n');
      expect(c.lab.out('kubectl delete configmap audit-write')).toMatch(/^configmap "audit-write" deleted/);
    }
  },
  'sym.scheduler.down': (c) => {
    expect(ofKind(c.m, 'kube-scheduler').some((s) => s.running)).toBe(false);
    c.always('no Pod is bound while no kube-scheduler runs', (m) => unboundPending(m).length >= unboundPending(c.m).length);
  },
  'sym.scheduler.downPending': (c) => {
    expect(ofKind(c.m, 'kube-scheduler').some((s) => s.running)).toBe(false);
    pendingCount(c, true);
    const waitingFor = new Set(podsNamed(c.m, str(c.p, 'names')).map((p) => p.metadata.name));
    expect(events(c.m, 'FailedScheduling').filter((e) => waitingFor.has(e.involvedObject.name ?? '')), 'FailedScheduling events').toEqual([]);
  },
  'sym.kcm.down': (c) => {
    expect(ofKind(c.m, 'kube-controller-manager').some((k) => k.running)).toBe(false);
    const before = new Set(pods(c.m).map(podKey));
    // Retired once an instance runs again: from then on its controllers may create Pods.
    c.always(
      'no Pod is created while kube-controller-manager is stopped',
      (m) => pods(m).every((p) => before.has(podKey(p))),
      (m) => !ofKind(m, 'kube-controller-manager').some((k) => k.running),
    );
  },
  'sym.kcm.downLagging': (c) => {
    CLAIMS['sym.kcm.down'](c);
    checkLagging(c.m, str(c.p, 'list'), c.lab, c.full);
  },
  'sym.leader.lost': (c) => {
    leaderGone(c, 'stopped');
    takeover(c, str(c.p, 'kind'), num(c.p, 'left'));
  },
  'sym.leader.expired': (c) => {
    leaderGone(c, 'stopped');
    takeover(c, str(c.p, 'kind'), 0);
  },
  'sym.leader.lostCutOff': (c) => {
    leaderGone(c, 'cut-off');
    takeover(c, str(c.p, 'kind'), num(c.p, 'left'));
  },
  'sym.leader.expiredCutOff': (c) => {
    leaderGone(c, 'cut-off');
    takeover(c, str(c.p, 'kind'), 0);
  },
  'sym.leader.standbyDown': (c) => standby(c, 'stopped'),
  'sym.leader.standbyCutOff': (c) => standby(c, 'cut-off'),
  'sym.leader.none': (c) => {
    const kind = str(c.p, 'kind');
    const at = rv(lease(c.m, 'kube-system', kind));
    c.always(`nobody takes the ${kind} Lease`, (m) => rv(lease(m, 'kube-system', kind)) === at);
  },
  'sym.leader.pending': (c) => pendingCount(c, false),
  'sym.lease.renewFailing': (c) => {
    const kind = str(c.p, 'kind');
    expect(comp(c.m, str(c.p, 'id')).details?.leader, `${str(c.p, 'id')} leads`).toBe(true);
    about(secondsSince(c.m, lease(c.m, 'kube-system', kind)?.spec.renewTime), num(c.p, 'ago'), `${kind} renewTime`);
    // It gives up at its first 2 s retry after renewDeadline.
    c.eventually(`no ${kind} leads`, c.m.now + (num(c.p, 'left') + 3) * 1000, (m) => !leads(m, kind as ComponentSummary['kind']));
  },
  'sym.lease.noLeader': (c) => {
    const kind = str(c.p, 'kind') as ComponentSummary['kind'];
    expect(leads(c.m, kind), `some ${kind} leads`).toBe(false);
    about(secondsSince(c.m, lease(c.m, 'kube-system', kind)?.spec.renewTime), num(c.p, 'ago'), `${kind} renewTime`);
    const at = rv(lease(c.m, 'kube-system', kind));
    c.always(`no ${kind} leads and its Lease stays as it was`, (m) => !leads(m, kind) && rv(lease(m, 'kube-system', kind)) === at, (m) => !writable(m));
    if (c.full) expect(c.lab.out('sim status')).not.toMatch(new RegExp(`leader of kube-system/${kind}`));
  },
  'sym.node.off': (c) => {
    const host = str(c.p, 'node');
    expect([...c.m.components.values()].filter((x) => x.host === host && x.running), `running on ${host}`).toEqual([]);
  },
  'sym.node.partitioned': (c) => {
    expect(comp(c.m, `kubelet/${str(c.p, 'node')}`).running).toBe(true);
    expect(c.m.active.has(`network/${str(c.p, 'node')}`)).toBe(true);
  },
  'sym.kubelet.down': (c) => expect(comp(c.m, `kubelet/${str(c.p, 'node')}`).running).toBe(false),
  'sym.node.leaseStale': staleLease,
  'sym.node.leaseStaleNewLeader': (c) => {
    staleLease(c);
    // The new leader's node controller announced the Node on its first pass (or does within 5 s).
    const at = (reason: string, name: string) =>
      Math.max(0, ...objectsOf<KEvent>(c.m.objects, 'events').filter((e) => e.reason === reason && e.involvedObject.name === name).map((e) => simTime(c.m, e.lastTimestamp) ?? 0));
    const leading = at('LeaderElection', 'kube-controller-manager');
    const registered = at('RegisteredNode', str(c.p, 'node'));
    const counting = registered >= leading ? c.m.now - registered : Math.max(0, c.m.now - leading - 5000);
    about(Math.floor(counting / 1000), num(c.p, 'counting'), 'node controller counting since');
  },
  'sym.node.leaseExpired': (c) => {
    const name = str(c.p, 'node');
    expect(ready(node(c.m, name))).toBe('True');
    expect(num(c.p, 'ago')).toBeGreaterThanOrEqual(50);
    c.notReadyBy(name, c.m.now, c.m.now + 7000);
  },
  'sym.node.unwatched': (c) => {
    const name = str(c.p, 'node');
    expect(leads(c.m, 'kube-controller-manager')).toBe(false);
    c.always(`${name} stays Ready while no kube-controller-manager leads`, (m) => ready(node(m, name)) === 'True', (m) => !leads(m, 'kube-controller-manager'));
  },
  'sym.node.leasesFrozen': (c) => {
    const nodes = objectsOf<Node>(c.m.objects, 'nodes');
    expect(nodes.length).toBe(num(c.p, 'count'));
    expect(writable(c.m)).toBe(false);
    const renewed = new Map(nodes.map((n) => [n.metadata.name ?? '', rv(lease(c.m, 'kube-node-lease', n.metadata.name ?? ''))]));
    const status = new Map(nodes.map((n) => [n.metadata.name ?? '', ready(n)]));
    c.always('no Node Lease is renewed and no Node changes its Ready status', (m) => [...renewed].every(([n, v]) => rv(lease(m, 'kube-node-lease', n)) === v && ready(node(m, n)) === status.get(n)), (m) => !writable(m));
    // kubectl cannot read the Nodes meanwhile: with kube-apiserver up, its reads need etcd's quorum.
    if (c.full && ofKind(c.m, 'kube-apiserver').some((a) => a.running)) expect(c.lab.out('kubectl get nodes')).toBe('Error from server: etcdserver: request timed out\n');
  },
  'sym.node.notReady': (c) => {
    const name = str(c.p, 'node');
    const r = node(c.m, name).status?.conditions?.find((x) => x.type === 'Ready');
    expect([r?.status, r?.reason ?? '', r?.message ?? '']).toEqual([str(c.p, 'status'), str(c.p, 'reason'), str(c.p, 'message')]);
    if (c.full) expect(c.lab.out('kubectl get nodes')).toMatch(new RegExp(`^${name}\\s+NotReady\\s`, 'm'));
  },
  'sym.node.podsNotReady': (c) => {
    const unready = podsOn(c.m, str(c.p, 'node')).filter((p) => !p.metadata.deletionTimestamp && condition(p, 'Ready') === 'False');
    expect(unready.length).toBe(num(c.p, 'count'));
  },
  'sym.node.paused': (c) => {
    const name = str(c.p, 'node');
    const taints = JSON.stringify(node(c.m, name).spec.taints ?? []);
    const alive = new Set(podsOn(c.m, name).filter((p) => !p.metadata.deletionTimestamp).map(podKey));
    const idle = (m: Moment) => !writable(m) || !leads(m, 'kube-controller-manager');
    expect(idle(c.m)).toBe(true);
    c.always(`no new taint and no eviction on ${name}`, (m) => JSON.stringify(node(m, name).spec.taints ?? []) === taints && podsOn(m, name).every((p) => !alive.has(podKey(p)) || !p.metadata.deletionTimestamp), idle);
  },
  'sym.node.taintSoon': (c) => {
    const name = str(c.p, 'node');
    c.eventually(`${name} gets a NoExecute taint`, c.m.now + 15_000, (m) => (node(m, name).spec.taints ?? []).some((t) => t.effect === 'NoExecute'));
  },
  'sym.node.evictionIn': (c) => {
    const name = str(c.p, 'node');
    const taint = node(c.m, name).spec.taints?.find((t) => `${t.key}:${t.effect}` === str(c.p, 'taint'));
    expect(taint, str(c.p, 'taint')).toBeDefined();
    about(secondsSince(c.m, taint!.timeAdded), num(c.p, 'ago'), 'taint timeAdded');
    const addedAt = simTime(c.m, taint!.timeAdded)!;
    let counted = 0;
    for (const p of podsOn(c.m, name).filter((x) => !x.metadata.deletionTimestamp)) {
      const t = p.spec.tolerations?.find((x) => (x.operator === 'Exists' ? x.key === undefined || x.key === taint!.key : x.key === taint!.key) && (x.effect === undefined || x.effect === taint!.effect));
      if (t && t.tolerationSeconds === undefined) continue;
      counted++;
      const at = addedAt + (t?.tolerationSeconds ?? 0) * 1000;
      c.evictedBy(p, at - 2000, Math.max(at, c.m.now) + 10_000);
    }
    expect(counted, 'Pods that do not tolerate the taint forever').toBe(num(c.p, 'count'));
    expect(Math.max(0, Math.ceil((addedAt + num(c.p, 'tolerate') * 1000 - c.m.now) / 1000))).toBe(num(c.p, 'left'));
  },
  'sym.node.evicted': (c) => {
    const name = str(c.p, 'node');
    const gone = podsOn(c.m, name).filter((p) => p.metadata.deletionTimestamp);
    expect(gone.length).toBe(num(c.p, 'count'));
    if (c.full) for (const p of gone.filter((x) => (x.metadata.namespace ?? 'default') === 'default')) expect(c.lab.out(`kubectl get pod ${p.metadata.name}`)).toMatch(/\sTerminating\s/);
    for (const p of gone) {
      const owner = p.metadata.ownerReferences?.find((o) => o.controller && o.kind === 'ReplicaSet');
      if (!owner) continue;
      c.eventually(`${owner.name} replaces ${podKey(p)}`, c.m.now + 15_000, (m) => {
        const rs = objectsOf<ReplicaSet>(m.objects, 'replicasets').find((r) => r.metadata.uid === owner.uid);
        return live(m).filter((x) => x.metadata.ownerReferences?.some((o) => o.uid === owner.uid)).length >= (rs?.spec.replicas ?? 1);
      });
    }
  },
  'sym.runtime.down': (c) => {
    const name = str(c.p, 'node');
    expect(comp(c.m, `container-runtime/${name}`).running).toBe(false);
    c.notReadyBy(name, 0, c.m.now + 15_000);
    c.eventually(`${name} reports the runtime down`, c.m.now + 15_000, (m) => node(m, name).status?.conditions?.find((x) => x.type === 'Ready')?.message?.includes('container runtime is down') === true);
  },
  'sym.runtime.blocked': (c) => {
    const blocked = podsOn(c.m, str(c.p, 'node')).filter((p) => !p.metadata.deletionTimestamp && !(p.status?.containerStatuses ?? []).some((s) => s.state.running));
    expect(blocked.length).toBe(num(c.p, 'count'));
  },
  'sym.cni.down': (c) => expect(comp(c.m, `cni/${str(c.p, 'node')}`).running).toBe(false),
  'sym.cni.stuck': (c) => {
    const stuck = podsOn(c.m, str(c.p, 'node')).filter((p) => !p.metadata.deletionTimestamp && !p.status?.podIP && !p.spec.hostNetwork);
    expect(stuck.length).toBe(num(c.p, 'count'));
    for (const p of podsNamed(c.m, str(c.p, 'names'))) {
      c.eventually(`${podKey(p)} gets FailedCreatePodSandBox`, c.m.now + 15_000, (m) => events(m, 'FailedCreatePodSandBox').some((e) => e.involvedObject.uid === p.metadata.uid));
      if (c.full) expect(c.lab.out(`kubectl get pods -n ${p.metadata.namespace ?? 'default'} ${p.metadata.name}`)).toMatch(/\sContainerCreating\s/);
    }
  },
  'sym.proxy.down': (c) => expect(comp(c.m, `kube-proxy/${str(c.p, 'node')}`).running).toBe(false),
  'sym.csi.down': (c) => expect(ofKind(c.m, 'csi').some((x) => x.running)).toBe(false),
  'sym.csi.claims': (c) => {
    const pending = objectsOf<PersistentVolumeClaim>(c.m.objects, 'persistentvolumeclaims').filter((x) => x.status?.phase !== 'Bound' && !x.metadata.deletionTimestamp);
    expect(pending.length).toBe(num(c.p, 'count'));
    for (const x of pending) c.always(`${x.metadata.name} stays unbound`, (m) => (m.objects.get(`persistentvolumeclaims/${x.metadata.namespace}/${x.metadata.name}`) as PersistentVolumeClaim | undefined)?.status?.phase !== 'Bound');
  },
  'sym.csi.unplaced': (c) => {
    const shown = podsNamed(c.m, str(c.p, 'names'));
    expect(shown.length).toBe(shortNames(str(c.p, 'names')).shown.length);
    for (const p of shown) {
      expect(p.spec.nodeName ?? '', podKey(p)).toBe('');
      expect(objectsOf<KEvent>(c.m.objects, 'events').filter((e) => e.involvedObject.uid === p.metadata.uid), `events of ${podKey(p)}`).toEqual([]);
      c.always(`${podKey(p)} stays unbound`, (m) => !(m.objects.get(`pods/${podKey(p)}`) as Pod | undefined)?.spec.nodeName);
    }
  },
  'sym.csi.mounting': (c) => {
    for (const p of podsNamed(c.m, str(c.p, 'names'))) c.eventually(`${podKey(p)} gets FailedMount`, c.m.now + 30_000, (m) => events(m, 'FailedMount').some((e) => e.involvedObject.uid === p.metadata.uid));
  },
  'sym.latency': (c) => expect(c.m.active.has(str(c.p, 'target'))).toBe(true),
  'sym.watchDrop': (c) => expect(c.m.active.has(str(c.p, 'target'))).toBe(true),
  'sym.watchDrop.kcm': (c) => {
    for (const n of objectsOf<Node>(c.m.objects, 'nodes')) c.mayTurnNotReady(n.metadata.name ?? '');
  },
  'sym.watchDrop.lagging': (c) => checkLagging(c.m, str(c.p, 'list'), c.lab, c.full),
  'sym.pods.crashLoop': (c) => {
    const shown = podsNamed(c.m, str(c.p, 'names'));
    for (const p of shown) expect(waiting(p), podKey(p)).toBe('CrashLoopBackOff');
    expect(Math.max(...shown.map(restarts))).toBe(num(c.p, 'restarts'));
    if (c.full) expect(c.lab.out(`kubectl logs ${shown[0]!.metadata.name} -n ${shown[0]!.metadata.namespace ?? 'default'} --previous`)).not.toBe('');
  },
  'sym.pods.imagePull': (c) => {
    for (const p of podsNamed(c.m, str(c.p, 'names'))) expect(['ErrImagePull', 'ImagePullBackOff']).toContain(waiting(p));
  },
  'sym.pods.unschedulable': (c) => {
    for (const p of podsNamed(c.m, str(c.p, 'names'))) {
      expect(p.status?.conditions?.find((x) => x.type === 'PodScheduled')?.reason, podKey(p)).toBe('Unschedulable');
      c.always(`${podKey(p)} stays unbound`, (m) => !(m.objects.get(`pods/${podKey(p)}`) as Pod | undefined)?.spec.nodeName);
    }
  },
  'sym.pods.notReady': (c) => {
    for (const p of podsNamed(c.m, str(c.p, 'names'))) {
      expect([p.status?.phase, condition(p, 'Ready'), condition(p, 'ContainersReady')], podKey(p)).toEqual(['Running', 'False', 'False']);
      expect(events(c.m, 'Unhealthy').some((e) => e.involvedObject.uid === p.metadata.uid && e.message?.startsWith('Readiness probe failed')), `${podKey(p)} readiness events`).toBe(true);
      const n = restarts(p);
      c.always(`${podKey(p)} is not restarted`, (m) => restarts((m.objects.get(`pods/${podKey(p)}`) as Pod | undefined) ?? p) === n);
    }
  },
  'sym.pods.markedNotReady': (c) => {
    for (const p of podsNamed(c.m, str(c.p, 'names'))) {
      expect([condition(p, 'Ready'), condition(p, 'ContainersReady')], podKey(p)).toEqual(['False', 'True']);
      expect(events(c.m, 'NodeNotReady').some((e) => e.involvedObject.uid === p.metadata.uid), `${podKey(p)} NodeNotReady event`).toBe(true);
      c.eventually(`${podKey(p)} is Ready again`, c.m.now + 180_000, (m) => condition((m.objects.get(`pods/${podKey(p)}`) as Pod | undefined) ?? p, 'Ready') === 'True');
    }
  },
  'sym.calm': (c) => {
    expect(c.m.active.size, 'active faults').toBe(0);
    for (const n of objectsOf<Node>(c.m.objects, 'nodes')) expect(ready(n), n.metadata.name).toBe('True');
    const stuck = live(c.m).filter((p) => (p.status?.phase ?? 'Pending') === 'Pending' && (secondsSince(c.m, p.metadata.creationTimestamp) ?? 0) > 60);
    expect(stuck.map(podKey), 'Pods Pending for over a minute').toEqual([]);
  },
};
