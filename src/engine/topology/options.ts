/**
 * How the engine applies what a cluster is built with besides its shape (the options themselves,
 * plain data, are src/k8s/cluster-options.ts): each leader-elected component's client-go
 * leader-election timings (`--leader-elect-lease-duration`, `--leader-elect-renew-deadline`,
 * `--leader-elect-retry-period`) and the flags a cloud-controller-manager or a large cluster puts
 * on the static Pods. Lessons and `sim topology` set them; unset means kubeadm's defaults (no cloud
 * provider, 15s / 10s / 2s), so a cluster built without options is the one every recorded run was
 * made on.
 */
import { goDuration } from '../../k8s/time';
import type { ClusterOptions, ElectionTimings, LeaderElectedComponent } from '../../k8s/cluster-options';
import { clusterCidrFor, KUBEADM_POD_SUBNET } from './pod-network';
import type { World } from '../world';

// The options and client-go's checks of the timings are shared with `sim topology` and the page.
export { electionTimingsError, LEADER_ELECTED, MAX_WORKERS } from '../../k8s/cluster-options';
export type { CloudProvider, ClusterOptions, ElectionTimings, LeaderElectedComponent, LeaderElectionTimings } from '../../k8s/cluster-options';

/** The timings the holder of `lockName` campaigns with. */
export function electionTimings(w: World, lockName: string): ElectionTimings {
  const t = w.timings;
  const o = w.cluster?.leaderElection?.[lockName as LeaderElectedComponent];
  return { leaseDuration: o?.leaseDuration ?? t.leaseDuration, renewDeadline: o?.renewDeadline ?? t.renewDeadline, retryPeriod: o?.retryPeriod ?? t.retryPeriod };
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
