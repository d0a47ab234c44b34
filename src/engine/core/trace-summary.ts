/**
 * A hop's English line for `sim trace`, rendered from the same detail the record carries, so the
 * two cannot disagree. The wording is fixed by the golden transcripts: change a sentence here
 * and they change with it.
 */
import { goDuration } from '../../k8s/time';
import type { NamespacedName, TraceDetails, TraceKind, TraceObject } from './trace';

/** What a summary is rendered from: the kind, its detail, and the object the hop is about. */
export type TraceHop = { [K in TraceKind]: { kind: K; detail: TraceDetails[K]; object?: TraceObject | undefined } }[TraceKind];

export function summarize(h: TraceHop): string {
  switch (h.kind) {
    case 'request':
      return `${h.detail.method} ${h.detail.path}`;
    case 'authn':
      return h.detail.impersonatedBy ? `impersonation: "${h.detail.impersonatedBy}" acts as "${h.detail.user}"` : `authenticated as "${h.detail.user}"`;
    case 'authz':
      return `RBAC: ${h.detail.allowed ? 'allowed' : 'denied'} ${h.detail.verb} ${h.detail.resource}`;
    case 'mutating-admission': {
      const d = h.detail;
      if (d.result === 'rejected') return `rejected: ${d.message}`;
      return d.result === 'mutated' ? `mutated by ${d.plugins.join(', ')}` : 'no mutation';
    }
    case 'validation':
      return h.detail.result === 'rejected' ? `rejected: ${h.detail.message}` : `${h.object?.kind ?? ''} is valid`;
    case 'validating-admission': {
      const d = h.detail;
      if (d.result === 'rejected') return `rejected: ${d.message}`;
      if (d.operation === 'delete') return `admitted delete of ${kindName(h.object)}`;
      const asked = [...(d.webhooks ?? []).map((n) => `webhook ${n} allowed`), ...(d.ignored ?? []).map((n) => `webhook ${n} failed, ignored`)];
      return asked.length ? `admitted (${asked.join('; ')})` : 'admitted';
    }
    case 'etcd-write':
      return `Txn ${h.detail.op} ${h.detail.key}`;
    case 'etcd-read':
      return `Range ${h.detail.key}`;
    case 'etcd-commit':
      return etcdCommit(h.detail);
    case 'response':
      return response(h.detail);
    case 'watch': {
      const d = h.detail;
      if (d.type === 'closed') return `watch ended: ${d.reason} (${d.watches} watches; the Reflectors relist)`;
      const o = h.object;
      const name = o?.namespace ? `${o.namespace}/${o.name}` : (o?.name ?? '');
      return `watch ${d.event} ${o?.kind.toLowerCase() ?? d.resource} ${name}${d.dropped ? ' dropped' : ''}`;
    }
    case 'reconcile':
      return reconcile(h.detail);
    case 'schedule':
      return schedule(h.detail);
    case 'cri':
      return cri(h.detail);
    case 'cni':
      return cni(h.detail);
    case 'oci': {
      const d = h.detail;
      return `${d.runtime} ${d.op} ${d.id.slice(0, 13)} (${d.container ?? 'sandbox'} of ${nn(d.pod)})`;
    }
    case 'csi':
      return csi(h.detail);
    case 'probe': {
      const d = h.detail;
      return `${PROBE_LABEL[d.probe]} probe ${nn(d.pod)} ${d.container}: ${d.result}${d.message !== undefined ? ` (${d.message})` : ''}`;
    }
    case 'event': {
      const d = h.detail;
      const what = 'method' in d ? `${d.method} lease ${d.namespace}/${d.name}` : `Event ${d.type} ${d.reason}: ${d.message}`;
      return failed(what, d.error);
    }
    case 'lease':
      return failed(`${h.detail.method} lease ${h.detail.namespace}/${h.detail.name}`, h.detail.error);
    case 'process': {
      const d = h.detail;
      return `container ${d.container} in ${d.pod ? nn(d.pod) : d.podUID} exited with code ${d.exitCode} (${d.reason})`;
    }
    case 'pleg': {
      const d = h.detail;
      return `PLEG relist ${d.pod ? nn(d.pod) : d.podUID}: ${d.events.map((e) => `${e.type} ${e.container ?? 'sandbox'}`).join(', ')}`;
    }
    case 'fault':
      return fault(h.detail);
    case 'proxy': {
      const d = h.detail;
      if (d.type === 'sync') return `sync proxy rules: ${d.services} services, ${d.endpoints} endpoints`;
      const via = d.service !== undefined ? ` via ${d.service}` : '';
      const at = d.pod ? nn(d.pod) : d.listener !== undefined ? `${d.listener} on ${d.host ?? ''}` : d.host !== undefined ? `address of node ${d.host}` : 'no Pod has this address';
      const from = d.fromPod ? `${nn(d.fromPod)} on ${d.fromNode}` : d.fromNode;
      return `${d.protocol === 'tcp' ? 'connect' : (d.method ?? 'GET')} ${d.url} from ${from}${via} → ${d.endpoint} (${at})`;
    }
    default: {
      const never: never = h;
      return String(never);
    }
  }
}

const PROBE_LABEL: Record<TraceDetails['probe']['probe'], string> = { liveness: 'Liveness', readiness: 'Readiness', startup: 'Startup' };

function nn(p: NamespacedName): string {
  return `${p.namespace}/${p.name}`;
}

/** `deployment/go-api`, as kubectl names an object. */
function kindName(o: TraceObject | undefined): string {
  return o ? `${o.kind.toLowerCase()}/${o.name}` : '';
}

function failed(what: string, error: string | undefined): string {
  return error === undefined ? what : `${what} failed: ${error}`;
}

function etcdCommit(d: TraceDetails['etcd-commit']): string {
  switch (d.type) {
    case 'committed':
      return `committed revision ${d.revision} (quorum ${d.quorum}/${d.members})${d.tookMs !== undefined ? `, took ${goDuration(d.tookMs)}` : ''}`;
    case 'failed':
      return `error: ${d.error}`;
    case 'leader-elected':
      return `raft: ${d.member} elected leader at term ${d.term}${d.previous !== undefined ? ` (was ${d.previous})` : ''}`;
    case 'restored':
      return `restored snapshot ${d.path} (the keyspace of revision ${d.snapshotRevision}); revisions continue after ${d.revision}`;
    default: {
      const never: never = d;
      return String(never);
    }
  }
}

function response(d: TraceDetails['response']): string {
  if (d.type === 'network') return d.error;
  if (d.message !== undefined) return `${d.code} ${d.reason || 'Error'}: ${d.message}`;
  const body = d.object ? ` ${kindName(d.object)}` : d.items !== undefined ? ` (${d.items} items)` : '';
  return `${d.code} ${d.reason}`.trim() + body;
}

function reconcile(d: TraceDetails['reconcile']): string {
  switch (d.type) {
    case 'sync':
      return `reconcile ${d.key}`;
    case 'error':
      return `error syncing ${d.key}: ${d.error}; requeuing in ${d.requeueAfterMs}ms`;
    case 'resync':
      return `informer resync: ${d.objects} cached objects handed to the event handlers again (no LIST)`;
    default: {
      const never: never = d;
      return String(never);
    }
  }
}

/** `filter 3 nodes → 2 feasible`, or `filter 100 of 5000 nodes` when percentageOfNodesToScore stopped early. */
function filtered(evaluated: number, total: number, feasible: number): string {
  return `filter ${evaluated === total ? `${evaluated}` : `${evaluated} of ${total}`} nodes → ${feasible} feasible`;
}

function schedule(d: TraceDetails['schedule']): string {
  const pod = `pod ${nn(d.pod)}`;
  if (d.result === 'scheduled') {
    const more = d.feasible > d.scores.length ? ` (+${d.feasible - d.scores.length} more)` : '';
    const scores = d.scores.length ? `; score ${d.scores.map((s) => `${s.node}=${s.score}`).join(' ')}${more}` : '';
    return `${pod}: ${filtered(d.evaluated, d.total, d.feasible)}${scores}; selected ${d.selected}`;
  }
  const preemption = d.nominated ? `; preemption: nominated ${d.nominated.node}, evicting ${d.nominated.victims.join(', ')}` : '';
  // No nodes at all: the message alone says so.
  if (d.total === 0) return `${pod}: ${d.message}${preemption}`;
  const head = d.preFilterPlugin !== undefined ? `PreFilter ${d.preFilterPlugin} rejected the pod` : filtered(d.evaluated, d.total, 0);
  return `${pod}: ${head}; ${d.message}${preemption}`;
}

function cri(d: TraceDetails['cri']): string {
  switch (d.call) {
    case 'RunPodSandbox':
    case 'StopPodSandbox':
    case 'RemovePodSandbox':
      return `${d.call} ${nn(d.pod)}`;
    case 'CreateContainer':
    case 'StartContainer':
    case 'StopContainer':
      return `${d.call} ${d.container}`;
    case 'UpdateRuntimeConfig':
      return `UpdateRuntimeConfig podCIDR=${d.podCIDR}`;
    case 'PullImage':
      return `PullImage ${d.image}`;
    case 'Exec':
      return `Exec ${d.container}: ${d.command.join(' ')}`;
    case 'Attach':
      return `Attach ${d.container}`;
    case 'PortForward':
      return `PortForward ${nn(d.pod)} port ${d.port}`;
    default: {
      const never: never = d;
      return String(never);
    }
  }
}

function cni(d: TraceDetails['cni']): string {
  switch (d.op) {
    case 'ADD':
      return 'ip' in d ? `CNI ADD ${nn(d.pod)} → ${d.ip}` : `CNI ADD ${nn(d.pod)} failed: ${d.error}`;
    case 'DEL':
      return `CNI DEL ${nn(d.pod)}${d.releasedIp !== undefined ? ` (${d.releasedIp})` : ''}`;
    case 'config':
      return `write CNI config: ${d.plugin}, host-local IPAM subnet ${d.subnet}`;
    case 'policy-sync':
      return `${d.plugin} programs NetworkPolicy rules: ${d.policies} ${d.policies === 1 ? 'policy' : 'policies'}, ${d.isolatedPods} isolated ${d.isolatedPods === 1 ? 'pod' : 'pods'} on this node`;
    case 'drop':
      return `${d.plugin} drops ${d.protocol} ${d.direction === 'ingress' ? `from ${d.peer} to ${nn(d.pod)}` : `from ${nn(d.pod)} to ${d.peer}`} port ${d.port} (${d.direction} isolated by ${d.policies.join(', ')})`;
    default: {
      const never: never = d;
      return String(never);
    }
  }
}

function csi(d: TraceDetails['csi']): string {
  switch (d.call) {
    case 'CreateVolume':
      return `CreateVolume ${d.volume} (${d.size}) on ${d.node ?? 'any node'}`;
    case 'DeleteVolume':
    case 'NodeUnstageVolume':
    case 'NodeUnpublishVolume':
      return `${d.call} ${d.volume}`;
    case 'NodeStageVolume':
    case 'NodePublishVolume':
      return `${d.call} ${d.volume} → ${d.path}`;
    default: {
      const never: never = d;
      return String(never);
    }
  }
}

function fault(d: TraceDetails['fault']): string {
  // A fault on one node part or machine names the part after the slash (`kubelet/node-1`, `node-2`).
  const host = d.target.slice(d.target.indexOf('/') + 1);
  switch (d.action) {
    case 'delay':
      return `delay watch events ${d.direction ?? 'to'} ${host} by ${goDuration(d.delayMs ?? 0)}`;
    case 'undelay':
      return `stop delaying watch events ${d.direction ?? 'to'} ${host}`;
    case 'drop':
      return `drop watch events to ${host} (its watches stay open)`;
    case 'undrop':
      return `stop dropping watch events to ${host}`;
    case 'slow-disk':
      return `slow ${host}'s disk: each WAL fsync takes ${goDuration(d.delayMs ?? 0)} more`;
    case 'heal-disk':
      return `restore ${host}'s disk speed`;
    case 'power-off':
      return `power off ${host}`;
    case 'power-on':
      return `power on ${host}`;
    case 'partition':
    case 'reconnect':
      return `${d.action} ${host}`;
    case 'stop':
    case 'start':
      return `${d.action} ${d.target}`;
    default: {
      const never: never = d.action;
      return String(never);
    }
  }
}
