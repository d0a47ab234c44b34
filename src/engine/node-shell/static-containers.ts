/**
 * The static Pods' containers as the node's runtime would list them: the kubelet's books
 * (kubelet/static-pods.ts) hold each one's container id, run count and start time, and the dead
 * container before it; the sandbox id is derived from the manifest hash, as stable as the
 * container ids are.
 */
import type { ComponentId } from '../core/ids';
import type { StaticPrevious } from '../kubelet/state';
import { ETCD_IMAGE, isStaticPodKind, K8S_VERSION, staticPodName, type StaticPodKind } from '../kubelet/static-pod-manifests';
import { hashHex } from '../node/hex';
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

export function imageOfStatic(kind: StaticPodKind): string {
  return kind === 'etcd' ? ETCD_IMAGE : `registry.k8s.io/${kind}:${K8S_VERSION}`;
}

export function staticContainers(w: World, node: string): StaticContainer[] {
  const kubelet = w.components.get(`kubelet/${node}` as ComponentId);
  if (kubelet?.kind !== 'kubelet') return [];
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
      sandboxId: hashHex(`${book.hash}/sandbox`),
      podName,
      running: book.running,
      restartCount: book.restartCount,
      startedAt: book.startedAt,
      podCreatedAt: Math.max(0, Math.min(book.startedAt, w.now) - 400),
      exitCode: book.blocked?.reason === 'crash' ? 1 : 137,
      ...(book.crashLog ? { crashLog: book.crashLog } : {}),
      ...(book.previous ? { previous: book.previous } : {}),
    });
  }
  return out;
}
