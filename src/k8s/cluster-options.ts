/**
 * What a cluster is built with: its shape (`basic`, `ha`) and the options kubeadm-style clusters
 * differ by — how many workers, the CRI runtime, kube-proxy's mode, the CNI plugin, stacked etcd's
 * size, a cloud-controller-manager, and each leader-elected component's client-go timings. Plain
 * data and client-go's own checks, so the engine that builds the cluster (src/engine/topology),
 * `sim topology` that reads them from a command line (./sim-topology.ts) and the page that must
 * know whether a typed line will rebuild the cluster all share one definition.
 *
 * Unset means kubeadm's defaults (three workers, containerd, iptables, kindnet, three etcd
 * members, no cloud provider, 15s / 10s / 2s), so a cluster built without options is the one every
 * recorded run was made on.
 */

export type TopologyName = 'basic' | 'ha';

export const TOPOLOGIES: readonly TopologyName[] = ['basic', 'ha'];

/**
 * The pod network's CNI plugin. kindnet (kind's default, and this cluster's) and Calico run a
 * per-node agent that enforces NetworkPolicy; flannel only wires Pods together and ignores
 * NetworkPolicies, so traffic they forbid still flows.
 */
export type CniPlugin = 'kindnet' | 'calico' | 'flannel';

export const CNI_PLUGINS: readonly CniPlugin[] = ['kindnet', 'calico', 'flannel'];

export const DEFAULT_CNI: CniPlugin = 'kindnet';

/** Which CRI implementation a node runs (src/engine/node/runtime-impl.ts says what each is). */
export type RuntimeImpl = 'containerd' | 'cri-o';

/** Which CRI runtime the nodes run: one for all, or `mixed` (the last worker runs CRI-O, the rest containerd). */
export type RuntimeChoice = RuntimeImpl | 'mixed';

export const RUNTIME_CHOICES: readonly RuntimeChoice[] = ['containerd', 'cri-o', 'mixed'];

/** kube-proxy's backend (KubeProxyConfiguration.mode); kubeadm's default is iptables. */
export type ProxyMode = 'iptables' | 'nftables';

export const PROXY_MODES: readonly ProxyMode[] = ['iptables', 'nftables'];

export type LeaderElectedComponent = 'kube-scheduler' | 'kube-controller-manager' | 'cloud-controller-manager';

export const LEADER_ELECTED: readonly LeaderElectedComponent[] = ['kube-scheduler', 'kube-controller-manager', 'cloud-controller-manager'];

/** Simulated milliseconds; an unset field keeps the default. */
export interface LeaderElectionTimings {
  leaseDuration?: number;
  renewDeadline?: number;
  retryPeriod?: number;
}

/** The cloud provider the simulated cloud-controller-manager implements. */
export type CloudProvider = 'sim';

/** The most workers `sim topology --nodes` builds: Kubernetes' documented envelope (5,000 nodes). */
export const MAX_WORKERS = 5_000;

export interface ClusterOptions {
  /** How many worker machines (`--nodes`); unset: 3. The control plane comes on top. */
  workers?: number;
  cloudProvider?: CloudProvider;
  /** The CRI runtime(s) the nodes run (`--runtime`; src/engine/topology/topology.ts assignRuntimes); unset: containerd everywhere. */
  runtime?: RuntimeChoice;
  /** kube-proxy's mode (`--proxy-mode`); unset: iptables, as kubeadm configures it. */
  proxyMode?: ProxyMode;
  /** The pod network's CNI plugin (`--cni`); unset: kindnet, which enforces NetworkPolicy (flannel does not). */
  cni?: CniPlugin;
  leaderElection?: Partial<Record<LeaderElectedComponent, LeaderElectionTimings>>;
  /**
   * Renew the apiservers' identity Leases every 10 s and collect expired ones
   * (src/engine/apiserver/identity-lease.ts). Off by default: the renewals would change every recorded run.
   */
  identityLeaseRenewal?: boolean;
  /**
   * `ha` only (`--etcd-members 5`): how many control-plane machines, each with its stacked etcd
   * member; unset: 3. Five members keep a quorum of 3 through two failures.
   */
  etcdMembers?: number;
  /**
   * Scale mode (src/engine/scale-mode.ts: a bounded trace window with exact counts beyond it, a
   * bounded change log); unset: on when the cluster has more than 100 workers (`--scale-mode on|off`).
   */
  scaleMode?: boolean;
}

export interface ElectionTimings {
  leaseDuration: number;
  renewDeadline: number;
  retryPeriod: number;
}

/** client-go's JitterFactor: a candidate retries within retryPeriod × [1, 2.2). */
const JITTER_FACTOR = 1.2;

/** NewLeaderElector's checks, with its messages; '' when the timings are usable. */
export function electionTimingsError(t: ElectionTimings): string {
  if (t.leaseDuration <= t.renewDeadline) return 'leaseDuration must be greater than renewDeadline';
  if (t.renewDeadline <= JITTER_FACTOR * t.retryPeriod) return 'renewDeadline must be greater than retryPeriod*JitterFactor';
  if (t.leaseDuration < 1) return 'leaseDuration must be greater than zero';
  if (t.renewDeadline < 1) return 'renewDeadline must be greater than zero';
  if (t.retryPeriod < 1) return 'retryPeriod must be greater than zero';
  return '';
}
