/**
 * The kubelet's `/metrics/resource` (pkg/kubelet/metrics/collectors/resource_metrics.go): the
 * node's and every running container's cumulative CPU seconds and working set, in the
 * Prometheus text format metrics-server parses, each sample stamped with when it was taken.
 * Containers are the runtime's (their usage comes from their processes, metrics/cpu.ts); the
 * static Pods' processes (etcd, kube-apiserver, …) are components rather than containers here,
 * so they report a fixed profile. The node adds its own daemons (kubelet, containerd, the OS).
 */
import { EPOCH_MS } from '../../k8s/time';
import type { KubeletState } from '../kubelet/state';
import type { KubeletResponse, ResourceMetricsRequest } from '../kubelet/server-api';
import { cpuNanosAt, runningAt, workingSetAt } from '../metrics/cpu';
import type { World } from '../world';
import { runtimeOf } from './cri';
import { baseFacts, NODE_DAEMONS } from './machine-facts';
import type { MachineFacts } from '../images/sysinfo';
import { agentId } from '../core/ids';

const MiB = 1 << 20;
/** What the control plane's static Pods use when idle (a kubeadm control plane at rest). */
const STATIC_POD_PROFILE: Record<string, { millicores: number; bytes: number }> = {
  etcd: { millicores: 18, bytes: 42 * MiB },
  'kube-apiserver': { millicores: 38, bytes: 236 * MiB },
  'kube-controller-manager': { millicores: 11, bytes: 52 * MiB },
  'kube-scheduler': { millicores: 3, bytes: 21 * MiB },
};

/** One running container's counters at a moment: what both /metrics/resource and /stats/summary report. */
export interface ContainerUsage {
  container: string;
  namespace: string;
  pod: string;
  /** The Pod's UID: a static Pod's is its manifest's config hash, as the file source sets it. */
  podUid: string;
  /**
   * Cumulative CPU in whole core-nanoseconds, as CRI's usageCoreNanoSeconds (a uint64) reports
   * it: /stats/summary prints it, /metrics/resource divides it by 1e9 at print time.
   */
  cpuNanos: number;
  workingSet: number;
  startTime: number;
}

type Sample = ContainerUsage;

/** Every running container's counters at `at`, ordered by namespace, Pod and container. */
export function containerUsage(w: World, self: KubeletState, at: number): ContainerUsage[] {
  const out: Sample[] = [];
  const rt = runtimeOf(w, self.host);
  if (rt) {
    for (const c of rt.containers.values()) {
      if (!runningAt(c, at)) continue;
      const sb = rt.sandboxes.get(c.sandboxId);
      if (!sb) continue;
      out.push({ container: c.config.name, namespace: sb.podNamespace, pod: sb.podName, podUid: sb.podUid, cpuNanos: Math.round(cpuNanosAt(w, c, at)), workingSet: workingSetAt(c, at), startTime: c.startedAt ?? 0 });
    }
  }
  for (const [pod, book] of Object.entries(self.staticPods)) {
    const name = pod.endsWith(`-${self.host}`) ? pod.slice(0, -(self.host.length + 1)) : pod;
    const profile = STATIC_POD_PROFILE[name];
    if (!profile || !book.running || book.startedAt > at || (book.finishedAt !== undefined && book.finishedAt <= at)) continue;
    out.push({ container: name, namespace: 'kube-system', pod, podUid: book.hash, cpuNanos: Math.round(profile.millicores * (at - book.startedAt) * 1e3), workingSet: profile.bytes, startTime: book.startedAt });
  }
  return out.sort((a, b) => `${a.namespace}/${a.pod}/${a.container}`.localeCompare(`${b.namespace}/${b.pod}/${b.container}`));
}

/** The node's cumulative CPU nanoseconds and working set: its containers plus the daemons no container accounts for. */
export function nodeUsage(samples: readonly ContainerUsage[], at: number): { cpuNanos: number; workingSet: number } {
  return {
    cpuNanos: samples.reduce((n, s) => n + s.cpuNanos, 0) + Math.round(NODE_DAEMONS.millicores * at * 1e3),
    workingSet: samples.reduce((n, s) => n + s.workingSet, 0) + NODE_DAEMONS.bytes,
  };
}

function labels(s: Sample): string {
  return `{container="${s.container}",namespace="${s.namespace}",pod="${s.pod}"}`;
}

export function serveResourceMetrics(w: World, self: KubeletState, req: ResourceMetricsRequest): KubeletResponse {
  const at = Math.min(req.at, w.now);
  const ts = EPOCH_MS + at;
  const samples = containerUsage(w, self, at);
  const { cpuNanos: nodeCpu, workingSet: nodeMem } = nodeUsage(samples, at);
  const lines = [
    '# HELP container_cpu_usage_seconds_total [STABLE] Cumulative cpu time consumed by the container in core-seconds',
    '# TYPE container_cpu_usage_seconds_total counter',
    ...samples.map((s) => `container_cpu_usage_seconds_total${labels(s)} ${s.cpuNanos / 1e9} ${ts}`),
    '# HELP container_memory_working_set_bytes [STABLE] Current working set of the container in bytes',
    '# TYPE container_memory_working_set_bytes gauge',
    ...samples.map((s) => `container_memory_working_set_bytes${labels(s)} ${s.workingSet} ${ts}`),
    '# HELP container_start_time_seconds [STABLE] Start time of the container since unix epoch in seconds',
    '# TYPE container_start_time_seconds gauge',
    ...samples.map((s) => `container_start_time_seconds${labels(s)} ${(EPOCH_MS + s.startTime) / 1000} ${ts}`),
    '# HELP node_cpu_usage_seconds_total [STABLE] Cumulative cpu time consumed by the node in core-seconds',
    '# TYPE node_cpu_usage_seconds_total counter',
    `node_cpu_usage_seconds_total ${nodeCpu / 1e9} ${ts}`,
    '# HELP node_memory_working_set_bytes [STABLE] Current working set of the node in bytes',
    '# TYPE node_memory_working_set_bytes gauge',
    `node_memory_working_set_bytes ${nodeMem} ${ts}`,
    '# HELP scrape_error [ALPHA] 1 if there was an error while getting container metrics, 0 otherwise',
    '# TYPE scrape_error gauge',
    'scrape_error 0',
  ];
  return { ok: true, text: `${lines.join('\n')}\n` };
}

/**
 * The machine's facts now (machine-facts.ts), its memory in use the node's working set as
 * /metrics/resource reports it: `free` on the node and `kubectl top node` agree.
 */
export function liveMachineFacts(w: World, host: string): MachineFacts | undefined {
  const kubelet = w.components.get(agentId('kubelet', host));
  const used = kubelet?.kind === 'kubelet' ? nodeUsage(containerUsage(w, kubelet, w.now), w.now).workingSet : undefined;
  return baseFacts(w, host, runtimeOf(w, host), used);
}

/** `{ machine }` for an exec's or attach's NetworkView, when the node is known. */
export function liveMachine(w: World, host: string): { machine?: MachineFacts } {
  const machine = liveMachineFacts(w, host);
  return machine ? { machine } : {};
}
