/**
 * Store-shaped fixtures for the diagram's unit tests: component summaries as the worker reports
 * them for the basic topology, trace records and Pods. Nothing in the app imports this.
 */
import type { KObject, Pod } from '../../k8s/types';
import type { TraceRecord } from '../../engine/core/trace';
import type { ComponentSummary } from '../../protocol/messages';

export function comps(list: [string, ComponentSummary['kind'], string][]): Map<string, ComponentSummary> {
  return new Map(list.map(([id, kind, host]) => [id, { id, kind, host, running: true }]));
}

const nodeParts = (host: string): [string, ComponentSummary['kind'], string][] => [
  [`kubelet/${host}`, 'kubelet', host],
  [`container-runtime/${host}`, 'container-runtime', host],
  [`cni/${host}`, 'cni', host],
  [`kube-proxy/${host}`, 'kube-proxy', host],
];

export const BASIC = comps([
  ['kubectl', 'kubectl', 'workstation'],
  ['etcd', 'etcd', 'control-plane'],
  ['kube-apiserver', 'kube-apiserver', 'control-plane'],
  ['kube-scheduler', 'kube-scheduler', 'control-plane'],
  ['kube-controller-manager', 'kube-controller-manager', 'control-plane'],
  ['csi', 'csi', 'control-plane'],
  ...nodeParts('control-plane'),
  ...nodeParts('node-1'),
  ...nodeParts('node-2'),
]);

/** BASIC with some components changed (running, details). */
export function withComponent(base: ReadonlyMap<string, ComponentSummary>, id: string, patch: Partial<ComponentSummary>): Map<string, ComponentSummary> {
  const out = new Map(base);
  out.set(id, { ...base.get(id)!, ...patch });
  return out;
}

export function rec(seq: number, from: string, to: string, kind: TraceRecord['kind'] = 'request', summary = 'x'): TraceRecord {
  return { seq, at: seq, from, to, kind, summary } as TraceRecord;
}

export function pod(name: string, node: string, status: Pod['status'] = { phase: 'Pending' }, containers = ['c']): [string, KObject] {
  return [
    `pods/default/${name}`,
    { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' }, spec: { nodeName: node, containers: containers.map((c) => ({ name: c, image: 'nginx' })) }, status } as Pod,
  ];
}
