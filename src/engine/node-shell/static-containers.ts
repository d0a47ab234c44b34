/**
 * The static Pods' sandboxes and containers as the node's runtime would list them: the kubelet's
 * books (kubelet/static-pods.ts) hold each one's sandbox, container id, run count and start time,
 * and the dead container before it; what is left of static Pods no longer run (a manifest moved
 * away or edited) waits for container GC in the kubelet's staticGone (kubelet/static-pod-gc.ts).
 */
import type { ComponentId } from '../core/ids';
import type { StaticPrevious } from '../kubelet/state';
import { ETCD_IMAGE, isStaticPodKind, K8S_VERSION, staticPodName, type StaticPodKind } from '../kubelet/static-pod-manifests';
import type { World } from '../world';

export interface StaticContainer {
  kind: StaticPodKind;
  componentId: string;
  containerId: string;
  sandboxId: string;
  podName: string;
  running: boolean;
  restartCount: number;
  startedAt: number;
  podCreatedAt: number;
  /** How the last run ended: killed (137), or its binary's own exit (1 on a flag it refused). */
  exitCode: number;
  /** What a run that exited at once wrote (static-pod-run.ts); otherwise the component's own log. */
  crashLog?: string[];
  /** The dead container before this one, which the runtime keeps until the next one replaces it. */
  previous?: StaticPrevious;
}

/** A static Pod's sandbox, current or left behind, as crictl pods lists it. */
export interface StaticSandboxRow {
  id: string;
  podName: string;
  attempt: number;
  createdAt: number;
  ready: boolean;
}

/** An exited container of a static Pod no longer run, kept until container GC. */
export interface StaticLeftover {
  kind: StaticPodKind;
  componentId: string;
  podName: string;
  container: StaticPrevious;
}

export function imageOfStatic(kind: StaticPodKind): string {
  return kind === 'etcd' ? ETCD_IMAGE : `registry.k8s.io/${kind}:${K8S_VERSION}`;
}

function kubeletOf(w: World, node: string) {
  const kubelet = w.components.get(`kubelet/${node}` as ComponentId);
  return kubelet?.kind === 'kubelet' ? kubelet : undefined;
}

export function staticContainers(w: World, node: string): StaticContainer[] {
  const kubelet = kubeletOf(w, node);
  if (!kubelet) return [];
  const out: StaticContainer[] = [];
  for (const c of w.components.values()) {
    if (c.host !== node || !isStaticPodKind(c.kind)) continue;
    const podName = staticPodName(c.kind, node);
    const book = kubelet.staticPods[podName];
    if (!book) continue;
    out.push({
      kind: c.kind,
      componentId: c.id,
      containerId: book.containerId,
      sandboxId: book.sandbox.id,
      podName,
      running: book.running,
      restartCount: book.restartCount,
      startedAt: book.startedAt,
      podCreatedAt: book.sandbox.createdAt,
      exitCode: book.blocked?.reason === 'crash' ? 1 : 137,
      ...(book.crashLog ? { crashLog: book.crashLog } : {}),
      ...(book.previous ? { previous: { ...book.previous, sandboxId: book.previous.sandboxId ?? book.sandbox.id } } : {}),
    });
  }
  return out;
}

/** Every static Pod sandbox the runtime holds: the running ones Ready, those left behind NotReady. */
export function staticSandboxes(w: World, node: string): StaticSandboxRow[] {
  const kubelet = kubeletOf(w, node);
  if (!kubelet) return [];
  const out: StaticSandboxRow[] = [];
  for (const s of staticContainers(w, node)) {
    const book = kubelet.staticPods[s.podName]!;
    out.push({ id: book.sandbox.id, podName: s.podName, attempt: book.sandbox.attempt, createdAt: book.sandbox.createdAt, ready: true });
    if (book.priorSandbox) out.push({ ...book.priorSandbox, podName: s.podName, ready: false });
  }
  for (const g of kubelet.staticGone ?? []) for (const sb of g.sandboxes) out.push({ ...sb, podName: g.name, ready: false });
  return out;
}

/** The exited containers of static Pods no longer run, with the component they ran. */
export function staticLeftovers(w: World, node: string): StaticLeftover[] {
  const kubelet = kubeletOf(w, node);
  if (!kubelet) return [];
  const out: StaticLeftover[] = [];
  for (const g of kubelet.staticGone ?? []) {
    const comp = [...w.components.values()].find((c) => c.host === node && c.kind === g.container && isStaticPodKind(c.kind));
    if (!comp || !isStaticPodKind(comp.kind)) continue;
    for (const c of g.containers) out.push({ kind: comp.kind, componentId: comp.id, podName: g.name, container: c });
  }
  return out;
}
