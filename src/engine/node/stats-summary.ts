/**
 * The kubelet's `/stats/summary` (pkg/kubelet/server/stats/summary.go, the Summary type of
 * k8s.io/kubelet/pkg/apis/stats/v1alpha1): the node's and each Pod's CPU and memory, from the
 * same counters /metrics/resource exposes and metrics-server turns into `kubectl top`
 * (resource-metrics.ts), so the two never disagree about a container.
 *
 * go-restful writes it with json.MarshalIndent(v, "", " ") (PrettyPrintResponses is on by
 * default): one-space indent, no trailing newline.
 *
 * Approximate: only what the simulation measures is reported — CPU (usageNanoCores over the last
 * cAdvisor housekeeping interval, and the cumulative usageCoreNanoSeconds) and the working set;
 * the pointer fields it has no numbers for (network, fs, rlimit, rss, page faults, volumes,
 * ephemeral storage) are left out as Go's omitempty leaves a nil one. The node's systemContainers
 * list only `pods`: the node daemons (kubelet, containerd) are one lump here, not cgroups.
 */
import { rfc3339 } from '../../k8s/time';
import { at as simAt } from '../core/ids';
import type { KubeletState } from '../kubelet/state';
import type { World } from '../world';
import { containerUsage, nodeUsage, type ContainerUsage } from './resource-metrics';

/** cAdvisor's housekeeping interval: usageNanoCores is the rate between its last two samples. */
const HOUSEKEEPING_MS = 10_000;

interface CpuStats {
  time: string;
  usageNanoCores: number;
  usageCoreNanoSeconds: number;
}

interface MemoryStats {
  time: string;
  workingSetBytes: number;
}

interface Counters {
  cpuNanos: number;
  workingSet: number;
}

function stamp(t: number): string {
  return rfc3339(simAt(t));
}

/** CPUStats from the counter now and one housekeeping interval ago (no rate before a full interval). */
function cpu(now: Counters, before: Counters | undefined, at: number): CpuStats {
  const rate = before ? Math.max(0, Math.round((now.cpuNanos - before.cpuNanos) / (HOUSEKEEPING_MS / 1000))) : 0;
  return { time: stamp(at), usageNanoCores: rate, usageCoreNanoSeconds: now.cpuNanos };
}

function memory(now: Counters, at: number): MemoryStats {
  return { time: stamp(at), workingSetBytes: Math.round(now.workingSet) };
}

function sum(list: readonly Counters[]): Counters {
  return { cpuNanos: list.reduce((n, c) => n + c.cpuNanos, 0), workingSet: list.reduce((n, c) => n + c.workingSet, 0) };
}

function key(u: ContainerUsage): string {
  return `${u.namespace}/${u.pod}/${u.container}`;
}

/** The Summary at `at`: the node, its `pods` cgroup, and every Pod with a running container. */
export function statsSummary(w: World, self: KubeletState, at: number): string {
  const prevAt = at - HOUSEKEEPING_MS;
  const samples = containerUsage(w, self, at);
  const earlier = prevAt >= 0 ? new Map(containerUsage(w, self, prevAt).map((u) => [key(u), u])) : new Map<string, ContainerUsage>();
  const before = (u: ContainerUsage): ContainerUsage | undefined => {
    const b = earlier.get(key(u));
    // A container restarted since has no earlier sample of its own.
    return b && b.startTime === u.startTime ? b : undefined;
  };
  const pods = new Map<string, ContainerUsage[]>();
  for (const u of samples) {
    const k = `${u.namespace}/${u.pod}`;
    pods.set(k, [...(pods.get(k) ?? []), u]);
  }
  const podStats = [...pods.values()].map((list) => {
    const first = list[0]!;
    const earliest = Math.min(...list.map((u) => u.startTime));
    const priors = list.map(before);
    const whole = priors.every((p) => p !== undefined) ? sum(priors as ContainerUsage[]) : undefined;
    return {
      podRef: { name: first.pod, namespace: first.namespace, uid: first.podUid },
      startTime: podStartTime(self, first.podUid) ?? stamp(earliest),
      containers: list.map((u) => ({ name: u.container, startTime: stamp(u.startTime), cpu: cpu(u, before(u), at), memory: memory(u, at) })),
      cpu: cpu(sum(list), whole, at),
      memory: memory(sum(list), at),
    };
  });
  const node = nodeUsage(samples, at);
  const nodeBefore = prevAt >= 0 ? nodeUsage([...earlier.values()], prevAt) : undefined;
  const podsBefore = prevAt >= 0 ? sum([...earlier.values()]) : undefined;
  const nodeObject = w.etcd.kv.get('nodes')?.get(`nodes/${self.host}`);
  const summary = {
    node: {
      nodeName: self.host,
      systemContainers: [{ name: 'pods', startTime: stamp(0), cpu: cpu(sum(samples), podsBefore, at), memory: memory(sum(samples), at) }],
      // The machine's boot, which the kubelet reads off the root cgroup: the Node registers moments after.
      startTime: nodeObject?.metadata.creationTimestamp ?? stamp(0),
      cpu: cpu(node, nodeBefore, at),
      memory: memory(node, at),
    },
    pods: podStats,
  };
  return JSON.stringify(summary, null, 1);
}

/** status.startTime as the kubelet set it when it accepted the Pod. */
function podStartTime(self: KubeletState, uid: string): string | undefined {
  return self.workers.get(uid)?.startTime;
}
