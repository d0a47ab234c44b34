/** describeNode (describe.go): conditions, addresses, capacity, the Lease, pods and allocations. */
import type { Lease, Node, Pod } from '../../k8s/types';
import { resourceInfo } from '../../k8s/resources';
import { milli } from '../../k8s/quantity';
import { addUsage, qtyString, ZERO, type Qty, type Usage } from '../../k8s/resource-list';
import { podLimits, podRequests } from '../../k8s/pod-resources';
import { isNetworkError } from '../errors';
import type { Client } from '../client';
import { nodeRoles } from '../../k8s/printers/node';
import { since } from '../../k8s/printers/util';
import { DescribeWriter } from './writer';
import { annotationsMultiline, describeEvents, fmtTime, labelsMultiline, searchEvents, taintsMultiline, SHOW_EVENTS, type DescriberSettings } from './common';

/** IsStandardContainerResourceName, and pods: every other allocatable name but hugepages is an extended resource. */
const STANDARD = new Set(['cpu', 'memory', 'ephemeral-storage', 'pods']);

function pct(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.trunc((part / whole) * 100);
}

/** `500m (25%)`: a quantity and its share of what the node can allocate, truncated like int64(float64). */
function cell(q: Qty | undefined, whole: number): string {
  return `${qtyString(q ?? ZERO)} (${pct(q?.milli ?? 0, whole)}%)`;
}

/** getPodsTotalRequestsAndLimits: every Pod's PodRequests/PodLimits summed per resource. */
function totals(pods: Pod[]): { reqs: Usage; lims: Usage } {
  let reqs: Usage = new Map();
  let lims: Usage = new Map();
  for (const p of pods) {
    // getPodsTotalRequestsAndLimits reads the specs; the per-Pod rows below count resizes (UseStatusResources).
    reqs = addUsage(reqs, podRequests(p, { useStatusResources: false }));
    lims = addUsage(lims, podLimits(p, { useStatusResources: false }));
  }
  return { reqs, lims };
}

function describeNodeResource(w: DescribeWriter, pods: Pod[], node: Node, now: number): void {
  w.write(0, `Non-terminated Pods:\t(${pods.length} in total)\n`);
  w.write(1, 'Namespace\tName\t\tCPU Requests\tCPU Limits\tMemory Requests\tMemory Limits\tAge\n');
  w.write(1, '---------\t----\t\t------------\t----------\t---------------\t-------------\t---\n');
  const alloc = Object.keys(node.status?.allocatable ?? {}).length ? node.status!.allocatable! : (node.status?.capacity ?? {});
  const allocCpu = milli(alloc['cpu']);
  const allocMem = milli(alloc['memory']);
  for (const p of pods) {
    const r = podRequests(p);
    const l = podLimits(p);
    w.write(1, `${p.metadata.namespace ?? ''}\t${p.metadata.name ?? ''}\t\t${cell(r.get('cpu'), allocCpu)}\t${cell(l.get('cpu'), allocCpu)}\t${cell(r.get('memory'), allocMem)}\t${cell(l.get('memory'), allocMem)}\t${since(p.metadata.creationTimestamp, now)}\n`);
  }
  w.write(0, 'Allocated resources:\n  (Total limits may be over 100 percent, i.e., overcommitted.)\n');
  w.write(1, 'Resource\tRequests\tLimits\n');
  w.write(1, '--------\t--------\t------\n');
  const { reqs, lims } = totals(pods);
  const row = (k: string, whole: number): void => w.write(1, `${k}\t${cell(reqs.get(k), whole)}\t${cell(lims.get(k), whole)}\n`);
  row('cpu', allocCpu);
  row('memory', allocMem);
  row('ephemeral-storage', milli(alloc['ephemeral-storage']));
  const names = Object.keys(alloc).sort();
  for (const k of names.filter((r) => r.startsWith('hugepages-'))) row(k, milli(alloc[k]));
  // Extended resources print bare, without a share of the node.
  for (const k of names.filter((r) => !r.startsWith('hugepages-') && !STANDARD.has(r))) w.write(1, `${k}\t${qtyString(reqs.get(k) ?? ZERO)}\t${qtyString(lims.get(k) ?? ZERO)}\n`);
}

export function describeNode(client: Client, node: Node, now: number, settings: DescriberSettings = SHOW_EVENTS): string {
  const w = new DescribeWriter();
  const name = node.metadata.name ?? '';
  w.write(0, `Name:\t${name}\n`);
  const roles = nodeRoles(node);
  w.write(0, `Roles:\t${roles.length ? roles.join(',') : '<none>'}\n`);
  labelsMultiline(w, 'Labels', node.metadata.labels);
  annotationsMultiline(w, 'Annotations', node.metadata.annotations);
  w.write(0, `CreationTimestamp:\t${fmtTime(node.metadata.creationTimestamp)}\n`);
  taintsMultiline(w, 'Taints', node.spec?.taints);
  w.write(0, `Unschedulable:\t${node.spec?.unschedulable === true}\n`);
  const lease = client.get(resourceInfo('leases')!, 'kube-node-lease', name);
  if (lease.ok) {
    const spec = (lease.value as Lease).spec ?? {};
    w.write(0, 'Lease:\n');
    w.write(1, `HolderIdentity:\t${spec.holderIdentity ?? '<unset>'}\n`);
    w.write(1, `AcquireTime:\t${spec.acquireTime ? fmtTime(spec.acquireTime) : '<unset>'}\n`);
    w.write(1, `RenewTime:\t${spec.renewTime ? fmtTime(spec.renewTime) : '<unset>'}\n`);
  } else w.write(0, `Lease:\tFailed to get lease: ${isNetworkError(lease.error) ? lease.error.message : lease.error.message}\n`);
  const conds = node.status?.conditions ?? [];
  if (conds.length) {
    w.write(0, 'Conditions:\n  Type\tStatus\tLastHeartbeatTime\tLastTransitionTime\tReason\tMessage\n');
    w.write(1, '----\t------\t-----------------\t------------------\t------\t-------\n');
    for (const c of conds) w.write(1, `${c.type} \t${c.status} \t${fmtTime(c.lastHeartbeatTime)} \t${fmtTime(c.lastTransitionTime)} \t${c.reason ?? ''} \t${c.message ?? ''}\n`);
  }
  w.write(0, 'Addresses:\n');
  for (const a of node.status?.addresses ?? []) w.write(1, `${a.type}:\t${a.address}\n`);
  const resources = (title: string, list: Record<string, string> | undefined): void => {
    const keys = Object.keys(list ?? {}).sort();
    if (!keys.length) return;
    w.write(0, `${title}:\n`);
    for (const k of keys) w.write(0, `  ${k}:\t${list![k]}\n`);
  };
  resources('Capacity', node.status?.capacity);
  resources('Allocatable', node.status?.allocatable);
  const info = node.status?.nodeInfo;
  w.write(0, 'System Info:\n');
  w.write(0, `  Machine ID:\t${info?.machineID ?? ''}\n`);
  w.write(0, `  System UUID:\t${info?.systemUUID ?? ''}\n`);
  w.write(0, `  Boot ID:\t${info?.bootID ?? ''}\n`);
  w.write(0, `  Kernel Version:\t${info?.kernelVersion ?? ''}\n`);
  w.write(0, `  OS Image:\t${info?.osImage ?? ''}\n`);
  w.write(0, `  Operating System:\t${info?.operatingSystem ?? ''}\n`);
  w.write(0, `  Architecture:\t${info?.architecture ?? ''}\n`);
  w.write(0, `  Container Runtime Version:\t${info?.containerRuntimeVersion ?? ''}\n`);
  w.write(0, `  Kubelet Version:\t${info?.kubeletVersion ?? ''}\n`);
  // kubectl v1.36 dropped the Kube-Proxy Version line (nodeInfo.kubeProxyVersion is deprecated).
  if (node.spec?.podCIDR) w.write(0, `PodCIDR:\t${node.spec.podCIDR}\n`);
  if (node.spec?.podCIDRs?.length) w.write(0, `PodCIDRs:\t${node.spec.podCIDRs.join(',')}\n`);
  if (node.spec?.providerID) w.write(0, `ProviderID:\t${node.spec.providerID}\n`);
  const pods = client.list(resourceInfo('pods')!, undefined, {
    fieldSelector: [
      { field: 'spec.nodeName', op: '=', value: name },
      { field: 'status.phase', op: '!=', value: 'Succeeded' },
      { field: 'status.phase', op: '!=', value: 'Failed' },
    ],
  });
  if (pods.ok) describeNodeResource(w, pods.value as Pod[], node, now);
  else if (!isNetworkError(pods.error) && pods.error.reason === 'Forbidden') w.write(0, 'Pods:\tnot authorized\n');
  if (settings.showEvents) describeEvents(w, [...searchEvents(client, { name, kind: 'Node', uid: node.metadata.uid }), ...searchEvents(client, { name, kind: 'Node', uid: name })], now);
  return w.toString();
}
