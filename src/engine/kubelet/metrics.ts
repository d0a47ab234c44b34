/**
 * The kubelet's own `/metrics` (pkg/kubelet/metrics), read from the node's state at the scrape:
 * kubelet_node_name, the PLEG's kubelet_running_pods and kubelet_running_containers
 * (updateRunningContainerMetric: the runtime's pods with a ready sandbox, its containers by
 * state) and kubernetes_build_info. Help texts and stability are v1.36's metrics reference.
 * Approximate: the control plane's static Pods are components rather than runtime containers
 * here, so each counts as one Pod and one container, running while its process runs; a
 * container_state whose last container is gone is dropped (the real gauge keeps its last value).
 */
import { buildInfo } from '../metrics/build-info';
import type { MetricFamily } from '../metrics/exposition';
import { runtimeOf } from '../node/cri';
import type { ContainerPhase } from '../node/runtime-state';
import type { World } from '../world';
import type { KubeletState } from './state';

/** kubecontainer.State of each CRI state (toKubeContainerState). */
const STATE: Record<ContainerPhase, string> = { CONTAINER_CREATED: 'created', CONTAINER_RUNNING: 'running', CONTAINER_EXITED: 'exited' };

export function kubeletMetrics(w: World, self: KubeletState): MetricFamily[] {
  const byState = new Map<string, number>();
  const add = (state: string): void => void byState.set(state, (byState.get(state) ?? 0) + 1);
  const runningPods = new Set<string>();
  const rt = runtimeOf(w, self.host);
  for (const sb of rt?.sandboxes.values() ?? []) if (sb.state === 'SANDBOX_READY') runningPods.add(sb.podUid);
  for (const c of rt?.containers.values() ?? []) add(STATE[c.state]);
  for (const book of Object.values(self.staticPods)) {
    if (book.running) {
      runningPods.add(book.hash);
      add('running');
    } else if (book.finishedAt !== undefined) add('exited');
  }
  return [
    { name: 'kubelet_node_name', help: "The node's name. The count is always 1.", stability: 'ALPHA', type: 'gauge', samples: [{ labels: [['node', self.host]], value: 1 }] },
    {
      name: 'kubelet_running_containers',
      help: 'Number of containers currently running',
      stability: 'ALPHA',
      type: 'gauge',
      samples: [...byState].map(([state, n]) => ({ labels: [['container_state', state]], value: n })),
    },
    { name: 'kubelet_running_pods', help: 'Number of pods that have a running pod sandbox', stability: 'ALPHA', type: 'gauge', samples: [{ labels: [], value: runningPods.size }] },
    buildInfo(),
  ];
}
