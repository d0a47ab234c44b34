/**
 * The object tree: what owns what, as a learner thinks of a cluster. Deployments hold their
 * ReplicaSets and those hold their Pods (metadata.ownerReferences, matched by uid), DaemonSets
 * hold their Pods, Services hold their EndpointSlices (label kubernetes.io/service-name), each
 * Node lists the Pods bound to it (spec.nodeName), and Leases are grouped per namespace.
 * User namespaces come first and start expanded; kube-* namespaces start collapsed.
 *
 * Invariant: ids are unique and stable across moments (storage keys, or derived from them), so
 * expansion and focus survive time travel. A Pod appears twice — under its owner and under its
 * Node — with two ids and the same `key`.
 */
import type { DaemonSet, Deployment, EndpointSlice, KObject, Lease, Namespace, Node, Pod, ReplicaSet, Service } from '../../k8s/types';
import { nodeStatus } from '../../k8s/printers/node';
import { podStatus } from '../../k8s/printers/pod';
import { since } from '../../k8s/printers/util';

export type Group = 'nodes' | 'leases' | 'other' | 'cluster';

export type TreeLabel = { type: 'object'; kind: string; name: string } | { type: 'namespace'; name: string } | { type: 'group'; group: Group; namespace?: string };

/** For styling only: the status text carries the meaning. */
export type Tone = 'ok' | 'progress' | 'problem' | 'none';

export interface TreeNode {
  id: string;
  label: TreeLabel;
  /** Storage key of the object this item shows; absent for groups. */
  key?: string;
  /** Short status in Kubernetes' words (`Running`, `NotReady`, `2/3 ready`, `holder node-1`). */
  status: string;
  tone: Tone;
  children: TreeNode[];
  /** Whether the item starts expanded. */
  expanded: boolean;
  /** Leases: how long ago spec.renewTime was, at the moment shown (the heartbeat's age). */
  renewed?: string;
}

const WORKLOAD_RANK: Record<string, number> = { Deployment: 0, StatefulSet: 1, DaemonSet: 2, CronJob: 3, Job: 4, ReplicaSet: 5, Pod: 6 };
const WORKLOAD_EXPANDED = new Set(['Deployment', 'ReplicaSet', 'DaemonSet', 'StatefulSet', 'Job', 'CronJob']);

const isSystem = (ns: string): boolean => ns.startsWith('kube-');

/** `now` (the moment shown) adds each Lease's renewal age; without it there is none. */
export function objectTree(objects: ReadonlyMap<string, KObject>, now?: number): TreeNode[] {
  const byNamespace = new Map<string, [string, KObject][]>();
  const cluster: [string, KObject][] = [];
  const nodes: [string, Node][] = [];
  const pods: [string, Pod][] = [];
  for (const entry of objects) {
    const [key, o] = entry;
    if (o.kind === 'Event') continue;
    if (o.kind === 'Pod') pods.push(entry as [string, Pod]);
    const ns = o.metadata.namespace;
    if (ns) {
      const list = byNamespace.get(ns);
      if (list) list.push(entry);
      else byNamespace.set(ns, [entry]);
    } else if (o.kind === 'Node') nodes.push(entry as [string, Node]);
    else if (o.kind !== 'Namespace') cluster.push([key, o]);
  }
  const namespaceObjects = new Map<string, [string, Namespace]>();
  for (const [key, o] of objects) if (o.kind === 'Namespace' && o.metadata.name) namespaceObjects.set(o.metadata.name, [key, o as Namespace]);
  const names = [...new Set([...namespaceObjects.keys(), ...byNamespace.keys()])].sort(namespaceOrder);

  const namespaceNode = (ns: string): TreeNode => {
    const obj = namespaceObjects.get(ns);
    return {
      id: `ns:${ns}`,
      label: { type: 'namespace', name: ns },
      ...(obj ? { key: obj[0] } : {}),
      status: obj?.[1].status?.phase ?? '',
      tone: 'none',
      children: namespaceChildren(ns, byNamespace.get(ns) ?? [], now),
      expanded: !isSystem(ns),
    };
  };

  const out: TreeNode[] = names.filter((n) => !isSystem(n)).map(namespaceNode);
  if (nodes.length) out.push(nodesGroup(nodes, pods));
  out.push(...names.filter(isSystem).map(namespaceNode));
  if (cluster.length) out.push(group('cluster', undefined, cluster.sort(byKindName).map(([k, o]) => leaf(k, o)), false));
  return out;
}

/** `default` first, then other user namespaces, then kube-* (each alphabetically). */
function namespaceOrder(a: string, b: string): number {
  const rank = (n: string): number => (n === 'default' ? 0 : isSystem(n) ? 2 : 1);
  return rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0);
}

function namespaceChildren(ns: string, entries: [string, KObject][], now: number | undefined): TreeNode[] {
  const workloads = new Map<string, TreeNode>();
  const byUid = new Map<string, TreeNode>();
  const owners = new Map<TreeNode, string | undefined>();
  const services: [string, Service][] = [];
  const slices: [string, EndpointSlice][] = [];
  const leases: [string, Lease][] = [];
  const other: [string, KObject][] = [];
  for (const [key, o] of entries) {
    if (o.kind in WORKLOAD_RANK) {
      const n = leaf(key, o);
      if (WORKLOAD_EXPANDED.has(o.kind)) n.expanded = true;
      workloads.set(key, n);
      if (o.metadata.uid) byUid.set(o.metadata.uid, n);
      const refs = o.metadata.ownerReferences ?? [];
      owners.set(n, (refs.find((r) => r.controller) ?? refs[0])?.uid);
    } else if (o.kind === 'Service') services.push([key, o as Service]);
    else if (o.kind === 'EndpointSlice') slices.push([key, o as EndpointSlice]);
    else if (o.kind === 'Lease') leases.push([key, o as Lease]);
    else other.push([key, o]);
  }

  const roots: TreeNode[] = [];
  for (const [n, ownerUid] of owners) {
    const owner = ownerUid === undefined ? undefined : byUid.get(ownerUid);
    if (owner && owner !== n) owner.children.push(n);
    else roots.push(n);
  }
  const sortTree = (list: TreeNode[]): TreeNode[] => {
    list.sort(byLabel);
    for (const n of list) sortTree(n.children);
    return list;
  };

  const serviceNodes = services.sort(byKindName).map(([key, s]) => {
    const n = leaf(key, s);
    n.expanded = true;
    n.children = slices.filter(([, e]) => e.metadata.labels?.['kubernetes.io/service-name'] === s.metadata.name).sort(byKindName).map(([k, e]) => leaf(k, e));
    return n;
  });
  const orphanSlices = slices.filter(([, e]) => !services.some(([, s]) => s.metadata.name === e.metadata.labels?.['kubernetes.io/service-name']));

  const out = [...sortTree(roots), ...serviceNodes];
  const leaseNode = ([k, l]: [string, Lease]): TreeNode => {
    const n = leaf(k, l);
    if (now !== undefined && l.spec.renewTime) n.renewed = since(l.spec.renewTime, now);
    return n;
  };
  if (leases.length) out.push(group('leases', ns, leases.sort(byKindName).map(leaseNode), true));
  const rest = [...other, ...orphanSlices].sort(byKindName);
  if (rest.length) out.push(group('other', ns, rest.map(([k, o]) => leaf(k, o)), false));
  return out;
}

function nodesGroup(nodes: [string, Node][], pods: [string, Pod][]): TreeNode {
  const children = nodes.sort(byKindName).map(([key, node]) => {
    const n = leaf(key, node);
    n.children = pods
      .filter(([, p]) => p.spec.nodeName !== undefined && p.spec.nodeName === node.metadata.name)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, p]) => ({ ...leaf(k, p), id: `${key}>${k}` }));
    return n;
  });
  return group('nodes', undefined, children, true);
}

function group(g: Group, namespace: string | undefined, children: TreeNode[], expanded: boolean): TreeNode {
  return { id: namespace ? `group:${namespace}:${g}` : `group:${g}`, label: { type: 'group', group: g, ...(namespace ? { namespace } : {}) }, status: '', tone: 'none', children, expanded };
}

function leaf(key: string, o: KObject): TreeNode {
  const [status, tone] = statusOf(o);
  return { id: key, key, label: { type: 'object', kind: o.kind, name: o.metadata.name ?? '' }, status, tone, children: [], expanded: false };
}

/** The short status each kind shows: kubectl's own column values where it has one. */
export function statusOf(o: KObject): [string, Tone] {
  switch (o.kind) {
    case 'Pod': {
      const s = podStatus(o as Pod).status;
      return [s, podTone(s)];
    }
    case 'Node': {
      const s = nodeStatus(o as Node);
      return [s, s.startsWith('Ready') ? 'ok' : 'problem'];
    }
    case 'Deployment': {
      const d = o as Deployment;
      return readiness(d.status?.readyReplicas ?? 0, d.spec.replicas ?? 1);
    }
    case 'ReplicaSet': {
      const r = o as ReplicaSet;
      return readiness(r.status?.readyReplicas ?? 0, r.spec.replicas ?? 1);
    }
    case 'DaemonSet': {
      const s = (o as DaemonSet).status;
      return readiness(s?.numberReady ?? 0, s?.desiredNumberScheduled ?? 0);
    }
    case 'Service': {
      const s = (o as Service).spec;
      return [[s.type ?? 'ClusterIP', s.clusterIP ?? ''].join(' ').trim(), 'none'];
    }
    case 'EndpointSlice': {
      const addrs = ((o as EndpointSlice).endpoints ?? []).flatMap((e) => e.addresses);
      return [addrs.length ? addrs.join(',') : '<unset>', 'none'];
    }
    case 'Lease': {
      const holder = (o as Lease).spec.holderIdentity;
      return [holder ? `holder ${holder}` : '<none>', 'none'];
    }
    case 'Namespace':
      return [(o as Namespace).status?.phase ?? '', 'none'];
    default:
      return ['', 'none'];
  }
}

function readiness(ready: number, desired: number): [string, Tone] {
  return [`${ready}/${desired} ready`, ready >= desired ? 'ok' : 'progress'];
}

function podTone(status: string): Tone {
  if (status === 'Running' || status === 'Completed') return 'ok';
  if (status === 'Pending' || status === 'ContainerCreating' || status === 'Terminating' || status === 'PodInitializing' || status.startsWith('Init:')) return 'progress';
  return 'problem';
}

function byKindName(a: [string, KObject], b: [string, KObject]): number {
  return cmp(a[1].kind, b[1].kind) || cmp(a[1].metadata.name ?? '', b[1].metadata.name ?? '');
}

function byLabel(a: TreeNode, b: TreeNode): number {
  if (a.label.type !== 'object' || b.label.type !== 'object') return 0;
  return (WORKLOAD_RANK[a.label.kind] ?? 9) - (WORKLOAD_RANK[b.label.kind] ?? 9) || cmp(a.label.name, b.label.name);
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
