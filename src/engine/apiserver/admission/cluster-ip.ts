/**
 * The Service registry's IP and port allocators (pkg/registry/core/service/ipallocator,
 * portallocator). They run inside kube-apiserver before validation; the simulation runs them
 * as a mutating step so the trace shows where a ClusterIP comes from. On update they keep what
 * was allocated (patchAllocatedValues) and sync clusterIP with clusterIPs (normalizeClusterIPs).
 */
import { nextInt } from '../../core/rng';
import type { Service, ServicePort } from '../../../k8s/types';
import type { World } from '../../world';
import { invalid as invalidStatus, type FieldError, type StatusError } from '../status';
import { invalid, path } from '../validation/field';
import { isValidIPv4 } from '../validation/names';
import type { AdmissionAttributes, MutatingPlugin } from './types';

export const SERVICE_CIDR = '10.96.0.0/12';
const NODE_PORT_MIN = 30000;
const NODE_PORT_MAX = 32767;

function ipToInt(ip: string): number {
  return ip.split('.').reduce((n, p) => n * 256 + Number(p), 0);
}

function intToIp(n: number): string {
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}

const BASE = ipToInt('10.96.0.0');
const SIZE = 2 ** 20;
/** The lower band (min(max(16, size/16), 256) addresses) is kept for static assignment. */
const STATIC_BAND = 256;

function needsClusterIP(s: Service): boolean {
  return s.spec.type !== 'ExternalName';
}

function needsNodePorts(s: Service): boolean {
  return s.spec.type === 'NodePort' || (s.spec.type === 'LoadBalancer' && (s.spec as { allocateLoadBalancerNodePorts?: boolean }).allocateLoadBalancerNodePorts !== false);
}

function allocatedIPs(w: World, except: Service): Set<string> {
  const out = new Set<string>();
  for (const o of w.etcd.kv.get('services')?.values() ?? []) {
    if (o.metadata.uid === except.metadata.uid && except.metadata.uid) continue;
    for (const ip of (o as Service).spec.clusterIPs ?? []) out.add(ip);
  }
  return out;
}

function allocatedNodePorts(w: World, except: Service): Set<string> {
  const out = new Set<string>();
  for (const o of w.etcd.kv.get('services')?.values() ?? []) {
    if (o.metadata.uid === except.metadata.uid && except.metadata.uid) continue;
    for (const p of (o as Service).spec.ports ?? []) if (p.nodePort) out.add(`${p.nodePort}`);
  }
  return out;
}

function fail(a: AdmissionAttributes, errs: FieldError[]): StatusError {
  return invalidStatus(a.info, a.obj.metadata.name ?? '', errs);
}

function allocateClusterIP(w: World, a: AdmissionAttributes, svc: Service): StatusError | undefined {
  const used = allocatedIPs(w, svc);
  const ip = svc.spec.clusterIP;
  if (ip && ip !== 'None') {
    if (!isValidIPv4(ip)) return undefined; // validation reports the malformed address
    const n = ipToInt(ip);
    const reason =
      n <= BASE || n >= BASE + SIZE - 1
        ? `the provided IP (${ip}) is not in the valid range. The range of valid IPs is ${SERVICE_CIDR}`
        : used.has(ip)
          ? 'provided IP is already allocated'
          : undefined;
    if (reason) return fail(a, [invalid(path('spec', 'clusterIPs'), svc.spec.clusterIPs ?? [ip], `failed to allocate IP ${ip}: ${reason}`)]);
    return undefined;
  }
  if (ip === 'None') return undefined;
  // The apiserver's own Service takes the first address; everyone else draws from the upper band.
  let next = svc.metadata.name === 'kubernetes' && a.namespace === 'default' ? '10.96.0.1' : '';
  while (next === '' || used.has(next)) next = intToIp(BASE + STATIC_BAND + nextInt(w.rng, 0, SIZE - STATIC_BAND - 2));
  svc.spec.clusterIP = next;
  svc.spec.clusterIPs = [next];
  return undefined;
}

function allocateNodePorts(w: World, a: AdmissionAttributes, svc: Service, old: Service | undefined): StatusError | undefined {
  const used = allocatedNodePorts(w, svc);
  const errs: FieldError[] = [];
  (svc.spec.ports ?? []).forEach((p: ServicePort, i) => {
    // patchAllocatedValues: a port that keeps its number keeps its nodePort.
    const prev = old && needsNodePorts(old) ? (old.spec.ports ?? []).find((o) => o.port === p.port && (o.protocol ?? 'TCP') === (p.protocol ?? 'TCP')) : undefined;
    if (!p.nodePort && prev?.nodePort) p.nodePort = prev.nodePort;
    if (p.nodePort) {
      if (prev?.nodePort === p.nodePort) return;
      const fld = path('spec', 'ports').index(i).child('nodePort');
      if (p.nodePort < NODE_PORT_MIN || p.nodePort > NODE_PORT_MAX) {
        errs.push(invalid(fld, p.nodePort, `provided port is not in the valid range. The range of valid ports is ${NODE_PORT_MIN}-${NODE_PORT_MAX}`));
      } else if (used.has(`${p.nodePort}`)) errs.push(invalid(fld, p.nodePort, 'provided port is already allocated'));
      used.add(`${p.nodePort}`);
      return;
    }
    let port = 0;
    while (port === 0 || used.has(`${port}`)) port = nextInt(w.rng, NODE_PORT_MIN, NODE_PORT_MAX);
    p.nodePort = port;
    used.add(`${port}`);
  });
  return errs.length ? fail(a, errs) : undefined;
}

/** patchAllocatedValues + normalizeClusterIPs for an update. */
function keepAllocated(svc: Service, old: Service): void {
  if (needsClusterIP(old) && needsClusterIP(svc)) {
    if (!svc.spec.clusterIP) svc.spec.clusterIP = old.spec.clusterIP;
    if (!svc.spec.clusterIPs?.length && old.spec.clusterIPs?.length && svc.spec.clusterIP === old.spec.clusterIP) svc.spec.clusterIPs = old.spec.clusterIPs;
  }
  const sameIPs = JSON.stringify(svc.spec.clusterIPs ?? []) === JSON.stringify(old.spec.clusterIPs ?? []);
  if (svc.spec.clusterIP !== old.spec.clusterIP && svc.spec.clusterIP && sameIPs) svc.spec.clusterIPs = [svc.spec.clusterIP];
}

export const ClusterIPAllocator: MutatingPlugin = {
  name: 'ClusterIPAllocator',
  admit(w, a) {
    if (a.info.resource !== 'services' || a.subresource || (a.operation !== 'CREATE' && a.operation !== 'UPDATE')) return false;
    const svc = a.obj as Service;
    svc.spec ??= {};
    const before = JSON.stringify(svc.spec);
    const old = a.operation === 'UPDATE' ? (a.old as Service | undefined) : undefined;
    if (old) keepAllocated(svc, old);
    else if (svc.spec.clusterIP && !svc.spec.clusterIPs?.length) svc.spec.clusterIPs = [svc.spec.clusterIP];
    if (!needsClusterIP(svc)) return JSON.stringify(svc.spec) !== before;
    const ipErr = old && old.spec.clusterIPs?.length ? undefined : allocateClusterIP(w, a, svc);
    if (ipErr) return ipErr;
    svc.spec.ipFamilies ??= ['IPv4'];
    svc.spec.ipFamilyPolicy ??= 'SingleStack';
    if (needsNodePorts(svc)) {
      const portErr = allocateNodePorts(w, a, svc, old);
      if (portErr) return portErr;
    }
    return JSON.stringify(svc.spec) !== before;
  },
};
