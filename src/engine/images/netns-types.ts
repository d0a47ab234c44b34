/**
 * A network namespace as `ip` reads it over netlink: its links with their addresses, its main
 * routing table and its neighbour cache. Plain data the node layer builds from the world when a
 * command runs (node/netns.ts) and the `ip` tool prints (tools-ip.ts); nothing here is stored.
 */

export type Scope = 'host' | 'link' | 'global';

export interface NetAddr {
  family: 4 | 6;
  local: string;
  prefix: number;
  /** IPv4 broadcast (netlink computes it for prefixes shorter than /31). */
  brd?: string;
  scope: Scope;
}

export interface NetLink {
  index: number;
  name: string;
  /**
   * IFLA_LINK: a veth's peer ifindex in another namespace (`eth0@if7`, then `link-netnsid`),
   * or 0 for a tunnel on no device (`tunl0@NONE`). Unset: no `@`.
   */
  link?: number;
  /** IFLA_LINK_NETNSID: the peer's namespace as this one numbers it. */
  netnsid?: number;
  /** IFF_* names in iproute2's order (print_link_flags): BROADCAST, MULTICAST, NOARP, UP, LOWER_UP. */
  flags: string[];
  mtu: number;
  qdisc: string;
  /** The bridge it is enslaved to (`master cni0`). */
  master?: string;
  state: 'UP' | 'DOWN' | 'UNKNOWN';
  /** tx_queue_len; 0 is not printed. */
  qlen: number;
  /** ARPHRD type as ll_type_n2a names it. */
  type: 'loopback' | 'ether' | 'ipip';
  mac: string;
  brd: string;
  addrs: NetAddr[];
}

export interface NetRoute {
  /** RTN type other than unicast (`blackhole`, `local`). */
  type?: 'blackhole' | 'local';
  /** `default`, `10.244.2.0/24` or a host address. */
  dst: string;
  via?: string;
  dev?: string;
  /** RTPROT other than boot (`kernel` for prefix routes, `bird` for Calico's, `static`). */
  proto?: 'kernel' | 'bird' | 'static';
  scope?: Scope;
  src?: string;
  onlink?: true;
  /** RTNH_F_LINKDOWN: the device has no carrier (iproute2 prints it; BusyBox does not). */
  linkdown?: true;
  /** Set on the per-link `fe80::/64` routes (IPv6 only). */
  family?: 6;
}

export interface NetNeighbour {
  ip: string;
  dev: string;
  mac: string;
  state: 'REACHABLE' | 'STALE' | 'DELAY';
}

export interface NetNs {
  links: NetLink[];
  routes: NetRoute[];
  neighbours: NetNeighbour[];
  /** The caller holds CAP_NET_ADMIN here (a privileged or NET_ADMIN container): a change is not refused. */
  netAdmin?: true;
}
