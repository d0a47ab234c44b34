/**
 * The cluster CIDR node-ipam hands /24 node ranges out of (`--cluster-cidr`,
 * `--node-cidr-mask-size=24`). kubeadm clusters in this simulation use 10.244.0.0/14: 1,024 node
 * ranges. A cluster with more machines than that (up to the 5,000-node envelope) is built with
 * 10.224.0.0/11 instead — 8,192 ranges, clear of the Service range 10.96.0.0/12 and the machines'
 * 10.0.0.0/16 — as an administrator sizing a cluster that large would choose. Only then: every
 * smaller cluster keeps 10.244.0.0/14, so its Pod IPs (and every recorded transcript) stay put.
 */

export interface PodNetwork {
  /** `10.244.0.0/14`. */
  cidr: string;
  /** The second octet of the first /24 (10.<base>.0.0/24). */
  base: number;
  /** How many /24 node ranges it holds. */
  capacity: number;
}

export const DEFAULT_POD_NETWORK: PodNetwork = { cidr: '10.244.0.0/14', base: 244, capacity: 1024 };
export const WIDE_POD_NETWORK: PodNetwork = { cidr: '10.224.0.0/11', base: 224, capacity: 8192 };

/** kubeadm's usual `--pod-network-cidr` (flannel's default): what a cluster's components are configured with. */
export const KUBEADM_POD_SUBNET = '10.244.0.0/16';
const KUBEADM_POD_SUBNET_RANGES = 256;

/**
 * The cluster CIDR the components are configured with (kube-controller-manager's `--cluster-cidr`,
 * kube-proxy's `clusterCIDR`, its masquerade rules). Up to 256 machines every node range handed
 * out lies inside kubeadm's usual 10.244.0.0/16, so that is what they say; a bigger cluster says
 * the network it really uses.
 */
export function clusterCidrFor(machines: number): string {
  return machines <= KUBEADM_POD_SUBNET_RANGES ? KUBEADM_POD_SUBNET : podNetworkFor(machines).cidr;
}

/** The pod network of a cluster of `machines` machines (control planes included: they get a range too). */
export function podNetworkFor(machines: number): PodNetwork {
  return machines > DEFAULT_POD_NETWORK.capacity ? WIDE_POD_NETWORK : DEFAULT_POD_NETWORK;
}

/** The i-th /24 in order: 10.244.0.0/24, 10.244.1.0/24, …, 10.245.0.0/24 for the 257th. */
export function cidrForIndex(net: PodNetwork, i: number): string {
  return `10.${net.base + (i >> 8)}.${i & 255}.0/24`;
}

/** The index of a /24 in the network, or undefined when it is not one of its ranges. */
export function indexOfCidr(net: PodNetwork, cidr: string | undefined): number | undefined {
  const m = cidr?.match(/^10\.(\d+)\.(\d+)\.0\/24$/);
  if (!m) return undefined;
  const i = (Number(m[1]) - net.base) * 256 + Number(m[2]);
  return i >= 0 && i < net.capacity ? i : undefined;
}
