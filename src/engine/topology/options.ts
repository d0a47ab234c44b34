/**
 * What a cluster is built with besides its shape: the optional cloud-controller-manager
 * (`--cloud-provider`) and each leader-elected component's client-go leader-election timings
 * (`--leader-elect-lease-duration`, `--leader-elect-renew-deadline`, `--leader-elect-retry-period`).
 * Lessons and `sim topology` set them; unset means kubeadm's defaults (no cloud provider, 15s /
 * 10s / 2s), so a cluster built without options is the one every recorded run was made on.
 */
import { goDuration } from '../../k8s/time';
import { clusterCidrFor, KUBEADM_POD_SUBNET } from './pod-network';
import type { World } from '../world';
import type { ProxyMode } from '../node/proxy-state';
import type { CniPlugin, RuntimeChoice } from './topology';

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
  /** The CRI runtime(s) the nodes run (`--runtime`; topology.ts assignRuntimes); unset: containerd everywhere. */
  runtime?: RuntimeChoice;
  /** kube-proxy's mode (`--proxy-mode`); unset: iptables, as kubeadm configures it. */
  proxyMode?: ProxyMode;
  /** The pod network's CNI plugin (`--cni`); unset: kindnet, which enforces NetworkPolicy (flannel does not). */
  cni?: CniPlugin;
  leaderElection?: Partial<Record<LeaderElectedComponent, LeaderElectionTimings>>;
  /**
   * Renew the apiservers' identity Leases every 10 s and collect expired ones
   * (apiserver/identity-lease.ts). Off by default: the renewals would change every recorded run.
   */
  identityLeaseRenewal?: boolean;
  /**
   * `ha` only (`--etcd-members 5`): how many control-plane machines, each with its stacked etcd
   * member; unset: 3. Five members keep a quorum of 3 through two failures.
   */
  etcdMembers?: number;
  /**
   * Scale mode (scale-mode.ts: a bounded trace window with exact counts beyond it, a bounded
   * change log); unset: on when the cluster has more than 100 workers (`--scale-mode on|off`).
   */
  scaleMode?: boolean;
}

export interface ElectionTimings {
  leaseDuration: number;
  renewDeadline: number;
  retryPeriod: number;
}

/** The timings the holder of `lockName` campaigns with. */
export function electionTimings(w: World, lockName: string): ElectionTimings {
  const t = w.timings;
  const o = w.cluster?.leaderElection?.[lockName as LeaderElectedComponent];
  return { leaseDuration: o?.leaseDuration ?? t.leaseDuration, renewDeadline: o?.renewDeadline ?? t.renewDeadline, retryPeriod: o?.retryPeriod ?? t.retryPeriod };
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

/** The leader-election flags kubeadm's manifest would carry for a component's non-default timings. */
export function leaderElectFlags(opts: ClusterOptions | undefined, component: LeaderElectedComponent): string[] {
  const o = opts?.leaderElection?.[component];
  if (!o) return [];
  const out: string[] = [];
  if (o.leaseDuration !== undefined) out.push(`--leader-elect-lease-duration=${goDuration(o.leaseDuration)}`);
  if (o.renewDeadline !== undefined) out.push(`--leader-elect-renew-deadline=${goDuration(o.renewDeadline)}`);
  if (o.retryPeriod !== undefined) out.push(`--leader-elect-retry-period=${goDuration(o.retryPeriod)}`);
  return out;
}

/**
 * The flags a static Pod's command carries beyond kubeadm's defaults for this cluster: the
 * leader-election timings, `--cloud-provider=external` on kube-controller-manager when a
 * cloud-controller-manager runs the cloud loops, and its wider `--cluster-cidr` when the cluster
 * has more `machines` than kubeadm's 10.244.0.0/16 has node ranges (pod-network.ts). The mirror
 * Pod and the manifest file agree.
 */
export function staticPodExtraFlags(opts: ClusterOptions | undefined, kind: string, machines = 0): string[] {
  if (kind !== 'kube-scheduler' && kind !== 'kube-controller-manager') return [];
  const cidr = clusterCidrFor(machines);
  return [
    ...leaderElectFlags(opts, kind),
    ...(kind === 'kube-controller-manager' && opts?.cloudProvider ? ['--cloud-provider=external'] : []),
    ...(kind === 'kube-controller-manager' && cidr !== KUBEADM_POD_SUBNET ? [`--cluster-cidr=${cidr}`] : []),
  ];
}
