/**
 * The Service registry's IP and port allocators (pkg/registry/core/service/ipallocator,
 * portallocator). They run inside kube-apiserver before validation; the simulation runs them
 * as a mutating step so the trace shows where a ClusterIP comes from. On update they keep what
 * was allocated (patchAllocatedValues) and sync clusterIP with clusterIPs (normalizeClusterIPs).
 * Which ranges exist and which addresses are taken is ipallocator.ts's: ServiceCIDR and
 * IPAddress objects.
 */
import { nextInt } from '../../core/rng';
import type { Service, ServicePort } from '../../../k8s/types';
import type { World } from '../../world';
import { internalError, invalid as invalidStatus, type FieldError, type StatusError } from '../status';
import { invalid, path } from '../validation/field';
import { isValidIPv4 } from '../../../k8s/string-validation';
import { allocateNext, dryRunAllocateNext, dryRunStaticError, staticAllocationError } from '../ipallocator';
import type { AdmissionAttributes, MutatingPlugin } from './types';

const NODE_PORT_MIN = 30000;
const NODE_PORT_MAX = 32767;

function needsClusterIP(s: Service): boolean {
  return s.spec.type !== 'ExternalName';
}

function needsNodePorts(s: Service): boolean {
  return s.spec.type === 'NodePort' || (s.spec.type === 'LoadBalancer' && (s.spec as { allocateLoadBalancerNodePorts?: boolean }).allocateLoadBalancerNodePorts !== false);
}

/** serviceutil.NeedsHealthCheck: a LoadBalancer whose external traffic stays on the receiving node. */
function needsHealthCheckNodePort(s: Service): boolean {
  return s.spec.type === 'LoadBalancer' && s.spec.externalTrafficPolicy === 'Local';
}

type HealthChecked = Service['spec'] & { healthCheckNodePort?: number };

function allocatedNodePorts(w: World, except: Service): Set<string> {
  const out = new Set<string>();
  for (const o of w.etcd.kv.get('services')?.values() ?? []) {
    if (o.metadata.uid === except.metadata.uid && except.metadata.uid) continue;
    for (const p of (o as Service).spec.ports ?? []) if (p.nodePort) out.add(`${p.nodePort}`);
    const hc = ((o as Service).spec as HealthChecked).healthCheckNodePort;
    if (hc) out.add(`${hc}`);
  }
  return out;
}

function fail(a: AdmissionAttributes, errs: FieldError[]): StatusError {
  return invalidStatus(a.info, a.obj.metadata.name ?? '', errs);
}

function allocateClusterIP(w: World, a: AdmissionAttributes, svc: Service): StatusError | undefined {
  const ip = svc.spec.clusterIP;
  if (ip === 'None') return undefined;
  if (ip) {
    if (!isValidIPv4(ip)) return undefined; // validation reports the malformed address
    const reason = a.dryRun ? dryRunStaticError(w, ip) : staticAllocationError(w, ip);
    return reason ? fail(a, [invalid(path('spec', 'clusterIPs'), svc.spec.clusterIPs ?? [ip], `failed to allocate IP ${ip}: ${reason}`)]) : undefined;
  }
  const next = a.dryRun ? dryRunAllocateNext(w) : allocateNext(w, w.rng);
  if (next === undefined || 'error' in next) return internalError(`failed to allocate a serviceIP: ${next?.error ?? 'range is full'}`);
  svc.spec.clusterIP = next.ip;
  svc.spec.clusterIPs = [next.ip];
  return undefined;
}

/**
 * PortAllocationOperation.AllocateNext in a dry run: a dummy port past the largest this operation
 * took, 32769 for the first, drawn from nothing (its search loop, `port < 100`, never runs).
 */
function dryRunNextPort(taken: readonly number[]): number {
  return (taken.length ? Math.max(...taken) : 32768) + 1;
}

function allocateNodePorts(w: World, a: AdmissionAttributes, svc: Service, old: Service | undefined): StatusError | undefined {
  const used = allocatedNodePorts(w, svc);
  const taken: number[] = [];
  const errs: FieldError[] = [];
  (svc.spec.ports ?? []).forEach((p: ServicePort, i) => {
    // patchAllocatedValues: a port that keeps its number keeps its nodePort.
    const prev = old && needsNodePorts(old) ? (old.spec.ports ?? []).find((o) => o.port === p.port && (o.protocol ?? 'TCP') === (p.protocol ?? 'TCP')) : undefined;
    if (!p.nodePort && prev?.nodePort) p.nodePort = prev.nodePort;
    if (p.nodePort) {
      if (prev?.nodePort === p.nodePort) return;
      const fld = path('spec', 'ports').index(i).child('nodePort');
      // A dry run's Allocate checks only that the port is free: the range is the real allocator's check.
      if (!a.dryRun && (p.nodePort < NODE_PORT_MIN || p.nodePort > NODE_PORT_MAX)) {
        errs.push(invalid(fld, p.nodePort, `provided port is not in the valid range. The range of valid ports is ${NODE_PORT_MIN}-${NODE_PORT_MAX}`));
      } else if (used.has(`${p.nodePort}`)) errs.push(invalid(fld, p.nodePort, 'provided port is already allocated'));
      used.add(`${p.nodePort}`);
      taken.push(p.nodePort);
      return;
    }
    let port = a.dryRun ? dryRunNextPort(taken) : 0;
    while (port === 0 || (!a.dryRun && used.has(`${port}`))) port = nextInt(w.rng, NODE_PORT_MIN, NODE_PORT_MAX);
    p.nodePort = port;
    used.add(`${port}`);
    taken.push(port);
  });
  return errs.length ? fail(a, errs) : undefined;
}

/**
 * allocHealthCheckNodePort: an externalTrafficPolicy Local LoadBalancer gets a port from the
 * node-port range (unless it names one) where every node's kube-proxy answers its health check;
 * an update keeps the one it had (patchAllocatedValues).
 */
function allocateHealthCheckNodePort(w: World, a: AdmissionAttributes, svc: Service, old: Service | undefined): StatusError | undefined {
  const spec = svc.spec as HealthChecked;
  const prev = old && needsHealthCheckNodePort(old) ? (old.spec as HealthChecked).healthCheckNodePort : undefined;
  if (!spec.healthCheckNodePort && prev) spec.healthCheckNodePort = prev;
  const used = allocatedNodePorts(w, svc);
  for (const p of svc.spec.ports ?? []) if (p.nodePort) used.add(`${p.nodePort}`);
  const given = spec.healthCheckNodePort;
  if (given) {
    if (given === prev) return undefined;
    // alloc.go wraps this allocator's error in NewInternalError.
    if (!a.dryRun && (given < NODE_PORT_MIN || given > NODE_PORT_MAX)) return internalError(`failed to allocate requested HealthCheck NodePort ${given}: provided port is not in the valid range. The range of valid ports is ${NODE_PORT_MIN}-${NODE_PORT_MAX}`);
    if (used.has(`${given}`)) return internalError(`failed to allocate requested HealthCheck NodePort ${given}: provided port is already allocated`);
    return undefined;
  }
  let port = a.dryRun ? dryRunNextPort((svc.spec.ports ?? []).flatMap((p) => (p.nodePort ? [p.nodePort] : []))) : 0;
  while (port === 0 || (!a.dryRun && used.has(`${port}`))) port = nextInt(w.rng, NODE_PORT_MIN, NODE_PORT_MAX);
  spec.healthCheckNodePort = port;
  return undefined;
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
    if (needsHealthCheckNodePort(svc)) {
      const hcErr = allocateHealthCheckNodePort(w, a, svc, old);
      if (hcErr) return hcErr;
    }
    return JSON.stringify(svc.spec) !== before;
  },
};
