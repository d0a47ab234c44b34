/**
 * kube-apiserver's ClusterIP repair loop (pkg/registry/core/service/ipallocator/controller:
 * RepairIPAddress, `ipallocator-repair-controller`): every Service's ClusterIPs must have an
 * IPAddress that points back at it. An IPAddress deleted by hand is not noticed by its own event
 * (the loop's IPAddress handler only looks at addresses that exist); the Service is checked again
 * when the loop's informers resync, every 3 minutes, and its address is recreated with a Warning
 * Event `ClusterIPNotAllocated`. Until then the address looks free, so a second Service can take
 * it — the repair then finds the address held for another Service and reports
 * `ClusterIPAlreadyAllocated` instead, as upstream does.
 *
 * Simulated as a timer armed by the IPAddress's deletion for the next 3-minute resync, counted
 * from the cluster's start, rather than as a loop that wakes every 3 minutes for nothing.
 */
import type { IPAddress, KObject, Service } from '../../k8s/types';
import type { ComponentBase } from '../core/component';
import { fnv1a } from '../../k8s/sha256';
import { setTimer, withRngStream } from '../runtime';
import type { World } from '../world';
import { APISERVER_USER } from './auth';
import { ipAddressFor, type Loopback } from './ipallocator';
import { storedObject } from './storage';

export const REPAIR_TIMER = 'ipallocator-repair';
const REPAIR_CONTROLLER = 'ipallocator-repair-controller';
/** ServiceIPRepairInterval. */
export const REPAIR_INTERVAL_MS = 3 * 60_000;
/** Seeds the stream a repaired IPAddress's uid is drawn from. */
const REPAIR_STREAM = 0x4e9a_1a7e;

function holders(w: World, ip: string): Service[] {
  const out: Service[] = [];
  for (const o of w.etcd.kv.get('services')?.values() ?? []) if (((o as Service).spec?.clusterIPs ?? []).includes(ip)) out.push(o as Service);
  return out;
}

/** After an IPAddress left storage: a Service still holding the address is checked at the next resync. */
export function ipAddressDeleted(w: World, server: ComponentBase, ip: IPAddress): void {
  const name = ip.metadata.name ?? '';
  if (holders(w, name).length === 0 || !server.running) return;
  armNextResync(w, server, name);
}

function armNextResync(w: World, server: ComponentBase, ip: string): void {
  const next = (Math.floor(w.now / REPAIR_INTERVAL_MS) + 1) * REPAIR_INTERVAL_MS;
  setTimer(w, server, next - w.now, REPAIR_TIMER, ip);
}

/** The loop's events.k8s.io recorder (given by the caller: the recorder's client sits above this module). */
export type RepairRecorder = (svc: KObject, e: { type: 'Warning'; reason: string; action: string; message: string; component: string }) => void;

/** syncService for every Service that holds `ip`. */
export function repairAddress(w: World, self: ComponentBase, send: Loopback, record: RepairRecorder, ip: string): void {
  const warn = (svc: Service, reason: string, message: string): void =>
    record(svc as KObject, { type: 'Warning', reason, action: 'ClusterIPAllocation', message, component: REPAIR_CONTROLLER });
  for (const svc of holders(w, ip)) {
    const held = storedObject(w, 'ipaddresses', undefined, ip) as IPAddress | undefined;
    const ref = held?.spec?.parentRef;
    if (!held) {
      warn(svc, 'ClusterIPNotAllocated', `Cluster IP [IPv4]: ${ip} is not allocated; repairing`);
      withRngStream(w, REPAIR_STREAM ^ fnv1a(`${ip}:${w.now}`), () => send({ verb: 'create', resource: 'ipaddresses', body: ipAddressFor(ip, svc), user: APISERVER_USER, from: self.id }));
    } else if (ref?.resource === 'services' && !ref.group && (ref.namespace !== svc.metadata.namespace || ref.name !== svc.metadata.name)) {
      const other = storedObject(w, 'services', ref.namespace, ref.name ?? '') as Service | undefined;
      if (other?.spec?.clusterIPs?.includes(ip)) {
        warn(svc, 'ClusterIPAlreadyAllocated', `Cluster IP [IPv4]:${ip} was assigned to multiple services; please recreate service`);
        // Every resync finds it again until one of the two Services lets the address go.
        armNextResync(w, self, ip);
      }
    }
  }
}
