/**
 * What the control plane can do at the moment shown, as the symptoms rules need it: whether any
 * write can commit, whether a leader-elected instance can reach kube-apiserver, and whether the
 * node lifecycle controller is running (and since when). Read from the components and objects
 * only, like every other reading of a Moment.
 */
import type { KEvent, KObject } from '../../k8s/types';
import type { ComponentSummary } from '../../protocol/messages';
import { objectsOf } from '../store/cluster';
import { instances, simTime, type Moment } from './moment';

/** etcd commits a write only while a majority of its members runs. */
export function quorumOf(members: number): number {
  return Math.floor(members / 2) + 1;
}

/**
 * Why no write can commit right now, if none can: no kube-apiserver runs (every request is
 * refused), or etcd has lost quorum (every write times out). Either way nothing in the cluster
 * changes — no heartbeat, no Lease renewal, no status a controller would set.
 */
export type WriteBlock = 'apiserver' | 'etcd';

export function writesBlocked(m: Moment): WriteBlock | undefined {
  const api = instances(m, 'kube-apiserver');
  if (api.length && !api.some((c) => c.running)) return 'apiserver';
  const etcd = instances(m, 'etcd');
  if (etcd.length && etcd.filter((c) => c.running).length < quorumOf(etcd.length)) return 'etcd';
  return undefined;
}

/**
 * Whether a kube-scheduler or kube-controller-manager instance can work: kubeadm points each
 * at the kube-apiserver on its own machine, so a stopped local kube-apiserver cuts it off
 * although the process runs (apiserver/handler.ts pickServer).
 */
export type Reach = 'ok' | 'stopped' | 'cut-off';

export function reach(m: Moment, c: ComponentSummary): Reach {
  if (!c.running) return 'stopped';
  const local = instances(m, 'kube-apiserver').find((a) => a.host === c.host);
  return local && !local.running ? 'cut-off' : 'ok';
}

/** The kube-apiserver on a machine (what its control-plane components talk to). */
export function localApiserver(m: Moment, host: string): string {
  return instances(m, 'kube-apiserver').find((a) => a.host === host)?.id ?? 'kube-apiserver';
}

const eventCache = new WeakMap<ReadonlyMap<string, KObject>, KEvent[]>();

function events(m: Moment): KEvent[] {
  let list = eventCache.get(m.objects);
  if (!list) eventCache.set(m.objects, (list = objectsOf<KEvent>(m.objects, 'events')));
  return list;
}

/**
 * Simulated ms when the current holder of a kube-system Lease last became leader: every
 * acquisition records a `LeaderElection` Event (client/leaderelection.ts), and a holder that
 * acquires again bumps its Event's lastTimestamp.
 */
export function leaderSince(m: Moment, lease: string): number | undefined {
  return latest(m, (e) => e.reason === 'LeaderElection' && e.metadata.namespace === 'kube-system' && e.involvedObject.kind === 'Lease' && e.involvedObject.name === lease);
}

/**
 * Simulated ms when the node lifecycle controller last started watching this Node: on its first
 * pass after taking the Lease it announces every Node it did not know (`RegisteredNode`, one
 * aggregated Event per Node), and its grace period counts from that pass.
 */
export function registeredAt(m: Moment, node: string): number | undefined {
  return latest(m, (e) => e.reason === 'RegisteredNode' && e.involvedObject.kind === 'Node' && e.involvedObject.name === node);
}

function latest(m: Moment, which: (e: KEvent) => boolean): number | undefined {
  let best: number | undefined;
  for (const e of events(m)) {
    if (!which(e)) continue;
    const t = simTime(m, e.lastTimestamp ?? e.firstTimestamp ?? e.eventTime);
    if (t !== undefined && (best === undefined || t > best)) best = t;
  }
  return best;
}

/**
 * Where the node lifecycle controller stands. It runs inside the leading kube-controller-manager
 * and keeps its own clock per Node, started afresh whenever it starts leading; it can mark a
 * Node NotReady only when writes commit.
 */
export type NodeController = { kind: 'writes-blocked'; block: WriteBlock } | { kind: 'no-leader' } | { kind: 'leading'; since: number | undefined };

export function nodeController(m: Moment): NodeController {
  const block = writesBlocked(m);
  if (block) return { kind: 'writes-blocked', block };
  const kcm = instances(m, 'kube-controller-manager');
  // Without component details (an older worker) nobody is known not to lead.
  if (kcm.length && !kcm.some((c) => reach(m, c) === 'ok' && c.details?.leader !== false)) return { kind: 'no-leader' };
  return { kind: 'leading', since: leaderSince(m, 'kube-controller-manager') };
}
