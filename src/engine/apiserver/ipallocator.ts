/**
 * kube-apiserver's ClusterIP allocator since MultiCIDRServiceAllocator
 * (pkg/registry/core/service/ipallocator: MetaAllocator, Allocator): the ranges are the
 * ServiceCIDR objects that are Ready (or not yet judged) and not being deleted, and an address is
 * taken when an IPAddress object named by it exists — created through kube-apiserver's own
 * loopback client with the Service as its parent, deleted when the Service lets it go. Because
 * the ledger is API objects, `kubectl get ipaddresses` shows every allocation and an IPAddress a
 * learner creates by hand takes its address out of the pool.
 *
 * Where this sits in a request differs from upstream in one place: upstream creates the
 * IPAddress in the registry's BeginCreate (between mutating admission and validation) and deletes
 * it again if the Service is then refused; here the address is chosen in mutating admission
 * (admission/cluster-ip.ts) and its IPAddress created just before the Service is stored, so a
 * refused Service never leaves one behind. Nothing interleaves inside a request, so the address
 * chosen is still free when it is written.
 */
import type { IPAddress, Service, ServiceCIDR } from '../../k8s/types';
import { cidrContains, cidrSize, formatCidr, intToIpv4, ipv4ToInt, parseCidr, type Cidr } from '../../k8s/ipv4';
import { nextInt, type RngState } from '../core/rng';
import { fnv1a } from '../../k8s/sha256';
import { withRngStream } from '../runtime';
import type { ComponentId } from '../core/ids';
import type { World } from '../world';
import { APISERVER_USER } from './auth';
import { storedObject } from './storage';
import type { ApiRequest, ApiResponse } from './handler';

/** The default ServiceCIDR kube-apiserver keeps from `--service-cluster-ip-range` (defaultservicecidr). */
export const DEFAULT_SERVICE_CIDR_NAME = 'kubernetes';
export const SERVICE_CIDR = '10.96.0.0/12';
export const LABEL_IP_FAMILY = 'ipaddress.kubernetes.io/ip-family';
export const LABEL_MANAGED_BY = 'ipaddress.kubernetes.io/managed-by';
export const IPALLOCATOR = 'ipallocator.k8s.io';

/** Seeds the stream an IPAddress's uid is drawn from (mixed with its address and the time). */
const IPADDRESS_STREAM = 0x1bad_d2e5;

interface Range {
  cidr: Cidr;
  first: number;
  last: number;
  /** KEP-3070: the lower band kept for static addresses, min(max(size/16, 16), 256); none below /28. */
  offset: number;
}

function rangeOf(cidr: Cidr): Range {
  const size = cidrSize(cidr);
  // Neither the network address nor (IPv4) the broadcast address is handed out.
  const first = cidr.base + 1;
  const last = cidr.base + size - 2;
  const offset = size <= 16 ? 0 : Math.min(Math.max(Math.floor(size / 16), 16), 256);
  return { cidr, first, last, offset };
}

/** isReady: a ServiceCIDR without a Ready condition counts as ready (kube-controller-manager may not be running). */
function ready(sc: ServiceCIDR): boolean {
  if (sc.metadata.deletionTimestamp) return false;
  const cond = sc.status?.conditions?.find((c) => c.type === 'Ready');
  return !cond || cond.status === 'True';
}

/**
 * The MetaAllocator's allocators: one per IPv4 CIDR of any ServiceCIDR, ready while one of the
 * ServiceCIDRs naming it is. Upstream keeps them in a Go map; here the default ServiceCIDR's
 * come first, then by name, so every walk over them is the same from run to run.
 */
function allocators(w: World): { range: Range; ready: boolean }[] {
  const all = [...(w.etcd.kv.get('servicecidrs')?.values() ?? [])] as ServiceCIDR[];
  all.sort((a, b) => (a.metadata.name === DEFAULT_SERVICE_CIDR_NAME ? -1 : b.metadata.name === DEFAULT_SERVICE_CIDR_NAME ? 1 : (a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : 1));
  const out: { range: Range; ready: boolean }[] = [];
  for (const sc of all) {
    for (const c of sc.spec?.cidrs ?? []) {
      const cidr = parseCidr(c);
      if (!cidr) continue;
      const seen = out.find((a) => a.range.cidr.base === cidr.base && a.range.cidr.bits === cidr.bits);
      if (seen) seen.ready ||= ready(sc);
      else out.push({ range: rangeOf(cidr), ready: ready(sc) });
    }
  }
  return out;
}

/** The ranges to allocate from: the ready allocators'. */
function readyRanges(w: World): Range[] {
  return allocators(w)
    .filter((a) => a.ready)
    .map((a) => a.range);
}

export function isAllocated(w: World, ip: string): boolean {
  return storedObject(w, 'ipaddresses', undefined, ip) !== undefined;
}

/** AllocateService for an address the Service asks for: why it cannot have it, or undefined. */
export function staticAllocationError(w: World, ip: string): string | undefined {
  const n = ipv4ToInt(ip);
  if (n === undefined) return undefined;
  const range = readyRanges(w).find((r) => cidrContains(r.cidr, n));
  if (!range) return 'the provided network does not match the current range';
  if (n < range.first || n > range.last) return `the provided IP (${ip}) is not in the valid range. The range of valid IPs is ${formatCidr(range.cidr)}`;
  return isAllocated(w, ip) ? 'provided IP is already allocated' : undefined;
}

/** The first free address walking [lo, hi] from `start`, wrapping once. */
function probe(w: World, lo: number, hi: number, start: number): string | undefined {
  const span = hi - lo + 1;
  for (let k = 0; k < span; k++) {
    const ip = intToIpv4(lo + ((start - lo + k) % span));
    if (!isAllocated(w, ip)) return ip;
  }
  return undefined;
}

/**
 * AllocateNextService: from a random place in a range's upper band, the next free address;
 * when the upper band is full, the same in the static band below it; then the next range.
 */
export function allocateNext(w: World, rng: RngState): { ip: string } | undefined {
  for (const r of readyRanges(w)) {
    const bandFirst = r.first + r.offset;
    if (bandFirst <= r.last) {
      const start = Math.max(bandFirst, r.cidr.base + r.offset + nextInt(rng, 0, r.last - r.cidr.base - r.offset));
      const ip = probe(w, bandFirst, r.last, start);
      if (ip) return { ip };
    }
    if (r.offset > 0) {
      const ip = probe(w, r.first, bandFirst - 1, r.first + nextInt(rng, 0, r.offset - 1));
      if (ip) return { ip };
    }
  }
  return undefined;
}

/**
 * A dry run's allocator (MetaAllocator.DryRun): the first allocator, ready or not, whose
 * dryRunAllocator persists nothing and draws nothing. Without one, upstream hands back a zero
 * Allocator, which is never ready.
 */
function dryRunAllocator(w: World): { range: Range; ready: boolean } | undefined {
  return allocators(w)[0];
}

/**
 * A dry run's AllocateNext: "Don't bother finding a free value" — the range's network address
 * (CIDR().IP), so `--dry-run=server` shows 10.96.0.0 and moves no later allocation.
 */
export function dryRunAllocateNext(w: World): { ip: string } | { error: string } {
  const a = dryRunAllocator(w);
  if (!a?.ready) return { error: 'allocator not ready' };
  return { ip: intToIpv4(a.range.cidr.base) };
}

/** A dry run's Allocate: only that one allocator's range is checked; an address already taken passes. */
export function dryRunStaticError(w: World, ip: string): string | undefined {
  const n = ipv4ToInt(ip);
  if (n === undefined) return undefined;
  const a = dryRunAllocator(w);
  if (!a?.ready) return 'allocator not ready';
  const r = a.range;
  return n < r.first || n > r.last ? `the provided IP (${ip}) is not in the valid range. The range of valid IPs is ${formatCidr(r.cidr)}` : undefined;
}

/** The cluster IPs a Service holds (a headless Service's `None` is not an address). */
function heldIPs(svc: Service | undefined): string[] {
  return (svc?.spec?.clusterIPs ?? []).filter((ip) => ip !== 'None' && ipv4ToInt(ip) !== undefined);
}

export type Loopback = (req: ApiRequest) => ApiResponse;

/** The allocator's IPAddress for a Service's address (newIPAddress). */
export function ipAddressFor(ip: string, svc: Service): IPAddress {
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'IPAddress',
    metadata: { name: ip, labels: { [LABEL_IP_FAMILY]: 'IPv4', [LABEL_MANAGED_BY]: IPALLOCATOR } },
    spec: { parentRef: { group: '', resource: 'services', namespace: svc.metadata.namespace ?? '', name: svc.metadata.name ?? '' } },
  };
}

/**
 * Before a Service is stored: an IPAddress for every address it holds that `old` did not, each
 * uid from a stream of its own so the allocation moves no other draw of the world's PRNG.
 */
export function reserveIPAddresses(w: World, send: Loopback, server: ComponentId, old: Service | undefined, next: Service): void {
  const had = new Set(heldIPs(old));
  for (const ip of heldIPs(next)) {
    if (had.has(ip) || isAllocated(w, ip)) continue;
    withRngStream(w, IPADDRESS_STREAM ^ fnv1a(`${ip}:${w.now}`), () =>
      send({ verb: 'create', resource: 'ipaddresses', body: ipAddressFor(ip, next), user: APISERVER_USER, from: server }),
    );
  }
}

/** After a Service changed or went away: Release deletes the IPAddress of every address it no longer holds. */
export function releaseIPAddresses(w: World, send: Loopback, server: ComponentId, old: Service, next: Service | undefined): void {
  const keep = new Set(heldIPs(next));
  for (const ip of heldIPs(old)) {
    if (keep.has(ip)) continue;
    const held = storedObject(w, 'ipaddresses', undefined, ip) as IPAddress | undefined;
    const ref = held?.spec?.parentRef;
    // Only the Service's own address: a hand-made IPAddress for another parent stays.
    if (!held || ref?.resource !== 'services' || ref.namespace !== old.metadata.namespace || ref.name !== old.metadata.name) continue;
    send({ verb: 'delete', resource: 'ipaddresses', name: ip, user: APISERVER_USER, from: server });
  }
}
