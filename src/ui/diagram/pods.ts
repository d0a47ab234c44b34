/**
 * A Pod as the diagram draws it: kubectl's STATUS and READY words, its containers with their
 * state, and a shape class so the state reads without colour (border style + glyph).
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
  status: string;
  ready: string;
  shape: PodShape;
  containers: ContainerView[];
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

/** A glyph per shape, drawn beside the words (aria-hidden: the words carry the meaning). */
export const SHAPE_GLYPH: Record<PodShape, string> = { ok: '●', notReady: '◐', progress: '◌', done: '■', terminating: '▽', problem: '✕' };

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
  return { name: p.metadata.name!, namespace: p.metadata.namespace ?? 'default', status: cols.status, ready: cols.ready, shape: podShape(cols.status, cols.ready), containers };
}

export const POD_W = 196;
const POD_BASE_H = 36;
const CONTAINER_H = 14;

export function podHeight(d: PodNodeData): number {
  return POD_BASE_H + d.containers.length * CONTAINER_H;
}
