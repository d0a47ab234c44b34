/**
 * Symptoms of one machine: what stopped there (power, network, kubelet, container runtime, CNI,
 * kube-proxy) and where the node lifecycle stands — the Lease going stale, the 50 s grace
 * period, NotReady with its taints, the Pods marked not Ready, the countdown of the Pods'
 * tolerations to eviction, and the evicted Pods left Terminating (k8s-fidelity.md §5 "kubelet
 * down"). The numbers come from the objects themselves (Lease renewTime, taint timeAdded,
 * tolerationSeconds), never from a script.
 *
 * Every step of that lifecycle is a write by the node lifecycle controller inside the leading
 * kube-controller-manager, counted on that controller's own clock: while no write can commit
 * (etcd without quorum, no kube-apiserver) nothing of it happens — one block then says so for
 * every Node Lease at once — and while no kube-controller-manager leads, nothing happens yet.
 */
import type { Lease, Node, Pod, Service, Taint } from '../../k8s/types';
import { objectsOf } from '../store/cluster';
import { nodeController, registeredAt, type NodeController } from './control-state';
import { deleting, instances, podCommand, podName, pods, shortList, simTime, type Moment, type Statement, type Symptom } from './moment';

/** kube-controller-manager --node-monitor-grace-period (v1.32+). */
const GRACE_S = 50;
/** kube-controller-manager --node-monitor-period: how often the node controller checks each Node. */
const MONITOR_MS = 5000;
/** A Lease older than this (renewed every 10 s) is worth a word even with no fault known. */
const STALE_S = 20;

function nodeChecks(node: string): string[] {
  return ['kubectl get nodes', `kubectl describe node ${node}`, 'kubectl get leases -n kube-node-lease', 'kubectl get pods -o wide'];
}

function podsOn(m: Moment, node: string): Pod[] {
  return pods(m).filter((p) => p.spec.nodeName === node);
}

/** Seconds a Pod tolerates this NoExecute taint: 0 if not at all, undefined if forever. */
function toleration(p: Pod, taint: Taint): number | undefined {
  const t = p.spec.tolerations?.find(
    (x) => (x.operator === 'Exists' ? x.key === undefined || x.key === taint.key : x.key === taint.key) && (x.effect === undefined || x.effect === taint.effect),
  );
  if (!t) return 0;
  return t.tolerationSeconds;
}

/** Simulated ms of the last sign of life the node controller reads: the Lease or the Ready heartbeat. */
function lastHeard(m: Moment, node: Node): number | undefined {
  const lease = m.objects.get(`leases/kube-node-lease/${node.metadata.name ?? ''}`) as Lease | undefined;
  const times = [simTime(m, lease?.spec.renewTime), simTime(m, node.status?.conditions?.find((c) => c.type === 'Ready')?.lastHeartbeatTime)];
  const known = times.filter((t): t is number => t !== undefined);
  return known.length ? Math.max(...known) : undefined;
}

/** A Ready Node whose kubelet went quiet: how long until the node controller gives up on it. */
function silence(m: Moment, node: Node, host: string, faulted: boolean, nc: NodeController): Statement[] {
  const heard = lastHeard(m, node);
  if (heard === undefined || nc.kind === 'writes-blocked') return [];
  const ago = Math.max(0, Math.floor((m.now - heard) / 1000));
  if (nc.kind === 'no-leader') return faulted ? [{ key: 'sym.node.unwatched', params: { node: host, ago } }] : [];
  // The controller's clock for a Node starts at its first pass after taking the Lease, which
  // announces the Node (RegisteredNode) and comes within one node-monitor-period.
  const registered = registeredAt(m, host);
  const firstPass = nc.since === undefined ? heard : registered !== undefined && registered >= nc.since ? registered : nc.since + MONITOR_MS;
  const since = Math.max(heard, firstPass);
  const silent = Math.max(0, Math.floor((m.now - since) / 1000));
  // Without a fault that stops the heartbeat, a few seconds' age is just the 10 s renew rhythm.
  if (!faulted && silent < STALE_S) return [];
  if (silent >= GRACE_S) return [{ key: 'sym.node.leaseExpired', params: { node: host, ago } }];
  const left = GRACE_S - silent;
  return [since > heard ? { key: 'sym.node.leaseStaleNewLeader', params: { node: host, ago, counting: silent, left } } : { key: 'sym.node.leaseStale', params: { node: host, ago, left } }];
}

/** Where the node lifecycle stands for this machine; empty while all is well. */
function lifecycle(m: Moment, host: string, faulted: boolean, nc: NodeController): Statement[] {
  const node = m.objects.get(`nodes/${host}`) as Node | undefined;
  if (!node) return [];
  const ready = node.status?.conditions?.find((c) => c.type === 'Ready');
  if (ready?.status === 'True') return silence(m, node, host, faulted, nc);
  const out: Statement[] = [
    { key: 'sym.node.notReady', params: { node: host, status: ready?.status ?? 'Unknown', reason: ready?.reason ?? '', message: ready?.message ?? '' } },
  ];
  const live = podsOn(m, host).filter((p) => !deleting(p));
  const unready = live.filter((p) => p.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'False'));
  if (unready.length) out.push({ key: 'sym.node.podsNotReady', params: { node: host, count: unready.length, names: shortList(unready.map(podName)) } });
  const gone = podsOn(m, host).filter(deleting);
  const evicted: Statement[] = gone.length ? [{ key: 'sym.node.evicted', params: { node: host, count: gone.length, names: shortList(gone.map(podName)) } }] : [];
  if (nc.kind !== 'leading') return [...out, { key: 'sym.node.paused', params: { node: host } }, ...evicted];
  const taint = node.spec.taints?.find((t) => t.effect === 'NoExecute');
  const addedAt = simTime(m, taint?.timeAdded);
  // A machine with nothing wrong on it (its Ready marked Unknown by a controller that stopped
  // hearing it) reports Ready again at its kubelet's next status update, which can come first.
  const soon: Statement[] = faulted ? [{ key: 'sym.node.taintSoon', params: { node: host } }] : [];
  if (!taint || addedAt === undefined) return [...out, ...soon, ...evicted];
  const since = Math.max(0, Math.floor((m.now - addedAt) / 1000));
  const waits = live.map((p) => toleration(p, taint)).filter((s): s is number => s !== undefined);
  if (waits.length) {
    const tolerate = Math.max(...waits);
    const left = Math.max(0, Math.ceil(addedAt / 1000 + tolerate - m.now / 1000));
    out.push({ key: 'sym.node.evictionIn', params: { node: host, taint: `${taint.key}:${taint.effect}`, ago: since, tolerate, count: waits.length, left } });
  }
  return [...out, ...evicted];
}

/**
 * While no write commits, no kubelet renews its Node Lease — and no Node turns NotReady either,
 * because saying so is a write too. One block for all of them: the cause is the same.
 */
function frozenLeases(m: Moment, nc: NodeController): Symptom[] {
  if (nc.kind !== 'writes-blocked') return [];
  const nodes = objectsOf<Node>(m.objects, 'nodes');
  const heard = nodes.map((n) => lastHeard(m, n)).filter((t): t is number => t !== undefined);
  if (!nodes.length || !heard.length) return [];
  const ago = Math.max(0, Math.floor((m.now - Math.max(...heard)) / 1000));
  const names = shortList(nodes.map((n) => n.metadata.name ?? ''));
  // Without a quorum kubectl's reads fail too (they ask etcd first); sim status still shows the Nodes.
  const checks = ['sim status'];
  return [{ id: 'node-leases-frozen', tone: 'problem', says: [{ key: 'sym.node.leasesFrozen', params: { count: nodes.length, names, ago } }], checks }];
}

function down(m: Moment, id: string): boolean {
  const c = m.components.get(id);
  return !!c && !c.running;
}

function firstService(m: Moment): string | undefined {
  return objectsOf<Service>(m.objects, 'services').find((s) => s.metadata.namespace === 'default' && s.metadata.name !== 'kubernetes')?.metadata.name;
}

/** Everything wrong with one machine, most fundamental first. */
function machine(m: Moment, host: string, nc: NodeController): Symptom[] {
  const out: Symptom[] = [];
  const off = m.active.has(`node/${host}`);
  const cut = m.active.has(`network/${host}`);
  const kubelet = down(m, `kubelet/${host}`);
  const faulted = off || cut || kubelet;
  const life = lifecycle(m, host, faulted, nc);
  if (off) out.push({ id: `node-off:${host}`, tone: 'fault', says: [{ key: 'sym.node.off', params: { node: host } }, ...life], checks: nodeChecks(host) });
  else if (cut) out.push({ id: `node-partitioned:${host}`, tone: 'fault', says: [{ key: 'sym.node.partitioned', params: { node: host } }, ...life], checks: nodeChecks(host) });
  else if (kubelet) out.push({ id: `kubelet-down:${host}`, tone: 'fault', says: [{ key: 'sym.kubelet.down', params: { node: host } }, ...life], checks: nodeChecks(host) });
  if (off) return out;

  const local = podsOn(m, host).filter((p) => !deleting(p));
  if (down(m, `container-runtime/${host}`)) {
    const blocked = local.filter((p) => !(p.status?.containerStatuses ?? []).some((c) => c.state.running));
    const says: Statement[] = [{ key: 'sym.runtime.down', params: { node: host } }];
    if (blocked.length) says.push({ key: 'sym.runtime.blocked', params: { node: host, count: blocked.length, names: shortList(blocked.map(podName)) } });
    if (!faulted) says.push(...life);
    out.push({ id: `runtime-down:${host}`, tone: 'fault', says, checks: [`kubectl describe node ${host}`, 'kubectl get pods -o wide', 'kubectl get nodes'] });
  } else if (!faulted && life.length) {
    out.push({ id: `node-notready:${host}`, tone: 'problem', says: life, checks: nodeChecks(host) });
  }
  if (down(m, `cni/${host}`)) {
    const stuck = local.filter((p) => !p.status?.podIP && !p.spec.hostNetwork);
    const says: Statement[] = [{ key: 'sym.cni.down', params: { node: host } }];
    if (stuck.length) says.push({ key: 'sym.cni.stuck', params: { node: host, count: stuck.length, names: shortList(stuck.map(podName)) } });
    const checks = ['kubectl get pods -o wide', 'kubectl get events --field-selector reason=FailedCreatePodSandBox'];
    if (stuck[0]) checks.splice(1, 0, podCommand('describe pod', stuck[0]));
    out.push({ id: `cni-down:${host}`, tone: 'fault', says, checks });
  }
  if (down(m, `kube-proxy/${host}`)) {
    const svc = firstService(m);
    out.push({
      id: `proxy-down:${host}`,
      tone: 'fault',
      says: [{ key: 'sym.proxy.down', params: { node: host } }],
      checks: svc ? [`sim curl ${svc} --from ${host}`, 'kubectl get endpointslices'] : ['kubectl get endpointslices'],
    });
  }
  return out;
}

export function nodeSymptoms(m: Moment): Symptom[] {
  const hosts = new Set<string>();
  for (const c of instances(m, 'kubelet')) hosts.add(c.host);
  for (const n of objectsOf<Node>(m.objects, 'nodes')) hosts.add(n.metadata.name ?? '');
  const nc = nodeController(m);
  return [...frozenLeases(m, nc), ...[...hosts].sort().flatMap((h) => machine(m, h, nc))];
}
