/**
 * Real default timings (Kubernetes v1.34) plus the latencies of the simulated network and
 * processes. Every duration is simulated milliseconds.
 */
export interface ClusterTimings {
  /** One network hop between processes (jittered ±50%). */
  hopLatency: number;
  /** etcd's raft round (leader → followers → commit). */
  etcdCommit: number;
  /**
   * etcd's --election-timeout (default 1000 ms = 10 ticks of the 100 ms --heartbeat-interval;
   * kubeadm keeps both). With check-quorum, a leader that has not heard from a quorum for this
   * long steps down.
   */
  etcdElectionTimeout: number;
  /**
   * etcd's ServerConfig.ReqTimeout(): 5 s for queueing, computation and disk I/O plus two
   * election timeouts for a possible election. A proposal that cannot commit fails after it
   * with `etcdserver: request timed out`.
   */
  etcdRequestTimeout: number;
  /** kube-apiserver watch fan-out delay to a watcher. */
  watchDelay: number;
  /** Time a controller worker spends per reconcile. */
  reconcileCost: number;
  nodeStatusUpdateFrequency: number;
  nodeStatusReportFrequency: number;
  nodeLeaseDurationSeconds: number;
  nodeLeaseRenewInterval: number;
  nodeMonitorPeriod: number;
  nodeMonitorGracePeriod: number;
  nodeStartupGracePeriod: number;
  defaultTolerationSeconds: number;
  leaseDuration: number;
  renewDeadline: number;
  retryPeriod: number;
  crashLoopInitial: number;
  crashLoopMax: number;
  crashLoopReset: number;
  imageBackOffInitial: number;
  imageBackOffMax: number;
  podInitialBackoff: number;
  podMaxBackoff: number;
  /** Unschedulable Pods are retried at least this often even with no cluster event. */
  podMaxInUnschedulablePodsDuration: number;
  /** Image registry throughput used to turn image size into pull time (bytes per second). */
  registryBytesPerSecond: number;
  /** client-go's default rate limiter: per-item exponential 5ms → 1000s. */
  workqueueBaseDelay: number;
  workqueueMaxDelay: number;
  syncFrequency: number;
  /**
   * kube-controller-manager's --min-resync-period: its shared informers hand every cached object
   * to their handlers again every 1–2× this (controllers/behaviour.ts).
   */
  minResyncPeriod: number;
  /**
   * kube-controller-manager's --kube-api-qps and --kube-api-burst (defaults 20 and 30, from
   * pkg/controller/apis/config/v1alpha1/defaults.go): the token bucket each controller's client
   * puts its requests through. A big cluster's admin raises them.
   */
  kubeApiQps: number;
  kubeApiBurst: number;
}

export const DEFAULT_TIMINGS: ClusterTimings = {
  hopLatency: 1,
  etcdCommit: 2,
  etcdElectionTimeout: 1_000,
  etcdRequestTimeout: 7_000,
  watchDelay: 1,
  reconcileCost: 1,
  nodeStatusUpdateFrequency: 10_000,
  nodeStatusReportFrequency: 300_000,
  nodeLeaseDurationSeconds: 40,
  nodeLeaseRenewInterval: 10_000,
  nodeMonitorPeriod: 5_000,
  nodeMonitorGracePeriod: 50_000,
  nodeStartupGracePeriod: 60_000,
  defaultTolerationSeconds: 300,
  leaseDuration: 15_000,
  renewDeadline: 10_000,
  retryPeriod: 2_000,
  crashLoopInitial: 10_000,
  crashLoopMax: 300_000,
  crashLoopReset: 600_000,
  imageBackOffInitial: 10_000,
  imageBackOffMax: 300_000,
  podInitialBackoff: 1_000,
  podMaxBackoff: 10_000,
  podMaxInUnschedulablePodsDuration: 300_000,
  registryBytesPerSecond: 20 * 1024 * 1024,
  workqueueBaseDelay: 5,
  workqueueMaxDelay: 1_000_000,
  syncFrequency: 60_000,
  minResyncPeriod: 12 * 3600_000,
  kubeApiQps: 20,
  kubeApiBurst: 30,
};
