/**
 * Each node's connection-tracking table (nf_conntrack), as `conntrack -L` lists it
 * (node-shell/conntrack.ts): the TCP connections the simulation routes through the node's kernel.
 * A client's connection is tracked on the node it leaves from — with kube-proxy's DNAT, the
 * original direction names the address dialled (a ClusterIP, a node port) and the reply the
 * endpoint that answers — and, when that endpoint is on another node, there too, already
 * translated. A finished exchange (HTTP/1.x `Connection: close`, a bare handshake) sits in
 * TIME_WAIT for nf_conntrack_tcp_timeout_time_wait, 120 s, and is then gone.
 *
 * DNS queries to the cluster DNS Service (a Pod's resolver, a node's `dig @10.96.0.10`) are UDP
 * flows (nf_conntrack_proto_udp.c): one entry per query socket, DNAT'ed to the CoreDNS endpoint
 * kube-proxy picked; answered within two seconds it keeps nf_conntrack_udp_timeout (30 s) and no
 * ASSURED (only a flow still active after 2 s is a stream, nf_conntrack_udp_timeout_stream,
 * 120 s, which one query and its answer never are); unanswered it is [UNREPLIED], 30 s too.
 *
 * Approximate: only connections to Pods are tracked (a node's own listeners — the API server, the
 * kubelet — are not); a container's own process's lookups are tracked only when it runs with the
 * live network (an exec, a parked request), not the node's queries to systemd-resolved's stub and
 * the uplink; probes and the agents' long-lived connections to the API server are not recorded,
 * so the table is smaller than a real node's. The client's
 * ephemeral port is a stable pick from Linux's range (32768–60999), not the one a server's access
 * log shows. A node keeps its last 512 entries.
 */
import { fnv1a } from '../../k8s/sha256';
import type { World } from '../world';

/** nf_conntrack_tcp_timeout_time_wait (net/netfilter/nf_conntrack_proto_tcp.c: 2 MINS). */
export const TIME_WAIT_SECONDS = 120;
/** nf_conntrack_udp_timeout (nf_conntrack_proto_udp.c udp_timeouts[UDP_CT_UNREPLIED]: 30 SECS). */
export const UDP_TIMEOUT_SECONDS = 30;
const CAP = 512;

export interface TrackedFlow {
  /** When the connection closed (sim ms): its TIME_WAIT timer starts here. */
  at: number;
  proto: 'tcp' | 'udp';
  /** UDP: whether the reply came back (IPS_SEEN_REPLY); TCP flows here always saw one. */
  replied?: boolean;
  /** Original direction: the client's address and port, the address and port it dialled. */
  src: string;
  sport: number;
  dst: string;
  dport: number;
  /** Reply direction: who answers (after DNAT), to whom (after any masquerade). */
  rsrc: string;
  rsport: number;
  rdst: string;
}

/** A connection as seen by one node's table, with what is left of its timeout. */
export interface ConntrackEntry extends TrackedFlow {
  timeout: number;
  /** TCP's state; UDP has none. */
  state?: 'TIME_WAIT';
}

/** How long a flow stays in the table after its last packet. */
function lifetime(f: TrackedFlow): number {
  return f.proto === 'udp' ? UDP_TIMEOUT_SECONDS : TIME_WAIT_SECONDS;
}

/** One connection from `client` to `dialled`, answered by `endpoint`, as `server` saw the client. */
export interface RoutedConnection {
  fromNode: string;
  endpointNode: string;
  client: string;
  dialled: { ip: string; port: number };
  endpoint: { ip: string; port: number };
  /** The client address the endpoint sees (the client's own, or a masquerading node's). */
  seenAs: string;
}

function push(w: World, node: string, flow: TrackedFlow): void {
  const tables = (w.conntrack ??= new Map<string, TrackedFlow[]>());
  const live = (tables.get(node) ?? []).filter((f) => f.at + lifetime(f) * 1000 > w.now);
  live.push(flow);
  tables.set(node, live.length > CAP ? live.slice(live.length - CAP) : live);
}

/** Records a finished connection in the tables of the nodes it passed. */
export function trackConnection(w: World, c: RoutedConnection): void {
  // The table's length tells connections made at one instant apart (an exec's loop runs within one).
  const n = w.conntrack?.get(c.fromNode)?.length ?? 0;
  const sport = 32768 + (fnv1a(`${w.seed}|${c.client}>${c.dialled.ip}:${c.dialled.port}@${w.now}#${n}`) % 28232);
  push(w, c.fromNode, { at: w.now, proto: 'tcp', src: c.client, sport, dst: c.dialled.ip, dport: c.dialled.port, rsrc: c.endpoint.ip, rsport: c.endpoint.port, rdst: c.seenAs });
  if (c.endpointNode !== c.fromNode) {
    push(w, c.endpointNode, { at: w.now, proto: 'tcp', src: c.seenAs, sport, dst: c.endpoint.ip, dport: c.endpoint.port, rsrc: c.endpoint.ip, rsport: c.endpoint.port, rdst: c.seenAs });
  }
}

/** A DNS query sent to the cluster DNS through kube-proxy's DNAT, answered or not. */
export function trackDatagram(w: World, c: RoutedConnection & { replied: boolean }): void {
  const n = w.conntrack?.get(c.fromNode)?.length ?? 0;
  const sport = 32768 + (fnv1a(`${w.seed}|udp|${c.client}>${c.dialled.ip}:${c.dialled.port}@${w.now}#${n}`) % 28232);
  const flow = { at: w.now, proto: 'udp' as const, replied: c.replied, sport, dport: c.dialled.port, rsrc: c.endpoint.ip, rsport: c.endpoint.port, rdst: c.seenAs };
  push(w, c.fromNode, { ...flow, src: c.client, dst: c.dialled.ip });
  if (c.endpointNode !== c.fromNode) push(w, c.endpointNode, { ...flow, src: c.seenAs, dst: c.endpoint.ip, dport: c.endpoint.port });
}

/**
 * The node's table now, in the order the kernel's hash walk gives (here: a stable hash of each
 * tuple), without expired entries.
 */
export function conntrackEntries(w: World, node: string): ConntrackEntry[] {
  const out: ConntrackEntry[] = [];
  for (const f of w.conntrack?.get(node) ?? []) {
    const left = lifetime(f) - Math.floor((w.now - f.at) / 1000);
    if (left > 0) out.push(f.proto === 'tcp' ? { ...f, timeout: left, state: 'TIME_WAIT' } : { ...f, timeout: left });
  }
  const key = (e: TrackedFlow): number => fnv1a(`${e.src}:${e.sport}>${e.dst}:${e.dport}`);
  return out.sort((a, b) => key(a) - key(b));
}

/** `conntrack -F`: the table emptied. */
export function flushConntrack(w: World, node: string): void {
  w.conntrack?.delete(node);
}

/** `conntrack -D`: the entries `drop` selects removed; how many. */
export function deleteConntrack(w: World, node: string, drop: (e: ConntrackEntry) => boolean): number {
  const live = conntrackEntries(w, node);
  const gone = live.filter(drop);
  if (gone.length === 0) return 0;
  const keep = new Set(live.filter((e) => !drop(e)).map((e) => `${e.at}|${e.src}:${e.sport}>${e.dst}:${e.dport}`));
  w.conntrack?.set(node, (w.conntrack.get(node) ?? []).filter((f) => keep.has(`${f.at}|${f.src}:${f.sport}>${f.dst}:${f.dport}`)));
  return gone.length;
}
