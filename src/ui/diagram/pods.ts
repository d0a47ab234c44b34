/**
 * A Pod as the diagram draws it: a compact chip with kubectl's STATUS and READY words (the shared
 * printer, src/k8s/printers/pod.ts), a shape per state so it reads without colour, and the name
 * shortened to what tells replicas apart (the suffix after their owner's name, which the chip's
 * group caption shows once). Pure: unit-tested as data.
 */
import type { Pod } from '../../k8s/types';
import { podStatus } from '../../k8s/printers/pod';

/**
 * ok: Running and all containers ready · notReady: Running, some not ready · progress: on its
 * way (Pending, ContainerCreating, Init:0/1) · done: Completed · terminating · problem: the rest
 * (CrashLoopBackOff, ImagePullBackOff, Error, OOMKilled, Evicted, Unknown…).
 */
export type PodShape = 'ok' | 'notReady' | 'progress' | 'done' | 'terminating' | 'problem';

export interface ContainerView {
  name: string;
  /** Kubernetes' container state words, untranslated: `Running`, `Waiting (ContainerCreating)`, `Terminated (Completed)`. */
  state: string;
  ready: boolean;
}

export interface PodNodeData extends Record<string, unknown> {
  name: string;
  namespace: string;
  /** What the chip shows: the suffix after the owner's name, or the whole name of a Pod nobody owns. */
  label: string;
  /** The controller that owns it (`go-api-5d8f7b9c4`), shown once above its Pods on each node. */
  owner?: string;
  status: string;
  ready: string;
  shape: PodShape;
  /**
   * The Pod's Ready condition is False although READY counts every container ready: what a Pod on
   * an unreachable node looks like (the node controller marks it; the kubelet cannot update READY).
   */
  readyFalse: boolean;
  containers: ContainerView[];
  /** A lesson step points at it. */
  focus?: boolean;
  /** STATUS goes without saying (Pending, in the box of Pods waiting for a node): the chip shows only the name and shape. */
  quiet?: boolean;
}

const PROGRESS = new Set(['Pending', 'ContainerCreating', 'PodInitializing', 'SchedulingGated']);

export function podShape(status: string, ready: string): PodShape {
  if (status === 'Terminating') return 'terminating';
  if (status === 'Completed' || status === 'Succeeded') return 'done';
  if (PROGRESS.has(status) || /^Init:\d+\/\d+$/.test(status)) return 'progress';
  if (status === 'Running') {
    const [a, b] = ready.split('/');
    return a === b ? 'ok' : 'notReady';
  }
  return 'problem';
}

/** The owner a Pod's name was generated from, and the part of the name after it. */
export function podLabel(p: Pod): { label: string; owner?: string } {
  const name = p.metadata.name ?? '';
  const owner = (p.metadata.ownerReferences ?? []).find((o) => o.controller) ?? p.metadata.ownerReferences?.[0];
  // A StatefulSet Pod's suffix is its ordinal: "0" alone would read as a count, so it keeps its name.
  if (owner?.kind === 'StatefulSet') return { label: name, owner: owner.name };
  if (owner && name.startsWith(`${owner.name}-`) && name.length > owner.name.length + 1) return { label: name.slice(owner.name.length + 1), owner: owner.name };
  return { label: name };
}

export function podView(p: Pod): PodNodeData {
  const cols = podStatus(p);
  const statuses = new Map((p.status?.containerStatuses ?? []).map((s) => [s.name, s]));
  const containers = p.spec.containers.map((c): ContainerView => {
    const s = statuses.get(c.name);
    let state = 'Waiting';
    if (s?.state.running) state = 'Running';
    else if (s?.state.terminated) state = `Terminated (${s.state.terminated.reason ?? `ExitCode:${s.state.terminated.exitCode}`})`;
    else if (s?.state.waiting?.reason) state = `Waiting (${s.state.waiting.reason})`;
    return { name: c.name, state, ready: s?.ready ?? false };
  });
  const [a, b] = cols.ready.split('/');
  const readyFalse = a === b && (p.status?.conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'False');
  const { label, owner } = podLabel(p);
  const view: PodNodeData = { name: p.metadata.name!, namespace: p.metadata.namespace ?? 'default', label, status: cols.status, ready: cols.ready, shape: podShape(cols.status, cols.ready), readyFalse, containers };
  if (owner) view.owner = owner;
  return view;
}

/** The kube-system Pods of one node, drawn as one chip: how many, and the worst shape among them. */
export interface SystemPodsData extends Record<string, unknown> {
  host: string;
  count: number;
  /** How many are not Running with every container ready. */
  unwell: number;
  shape: PodShape;
  names: string[];
  focus?: boolean;
}

const WORST: readonly PodShape[] = ['problem', 'notReady', 'terminating', 'progress', 'done', 'ok'];

export function systemPods(host: string, pods: readonly PodNodeData[]): SystemPodsData {
  const shapes = new Set(pods.map((p) => (p.readyFalse ? 'notReady' : p.shape)));
  const shape = WORST.find((s) => shapes.has(s)) ?? 'ok';
  const unwell = pods.filter((p) => (p.shape !== 'ok' && p.shape !== 'done') || p.readyFalse).length;
  return { host, count: pods.length, unwell, shape, names: pods.map((p) => p.name) };
}
