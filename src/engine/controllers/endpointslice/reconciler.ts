/**
 * The EndpointSlice reconciler (pkg/controller/endpointslice/reconciler.go), reduced to what the
 * simulation needs: endpoints are grouped by their resolved ports; existing slices are updated in
 * place (endpoints kept in their order, new ones appended, at most 100 per slice), emptied slices
 * deleted, and a Service with no endpoints keeps one placeholder slice (`endpoints: null`,
 * `ports: null`). Deletions paired with creations become updates, so a slice keeps its name.
 */
import type { Endpoint, EndpointSlice, OwnerReference, Service } from '../../../k8s/types';
import { canonicalJson, semanticEqual } from '../util/equal';
import { portsKey, type EndpointPort } from './endpoints';
import { pushAll } from '../../../k8s/arrays';

export const MAX_ENDPOINTS_PER_SLICE = 100;
export const LABEL_SERVICE_NAME = 'kubernetes.io/service-name';
export const LABEL_MANAGED_BY = 'endpointslice.kubernetes.io/managed-by';
export const CONTROLLER_NAME = 'endpointslice-controller.k8s.io';
export const TRIGGER_TIME = 'endpoints.kubernetes.io/last-change-trigger-time';
const LABEL_HEADLESS = 'service.kubernetes.io/headless';

export interface DesiredGroup {
  ports: EndpointPort[];
  /** targetRef UID (or address) → endpoint. */
  endpoints: Map<string, Endpoint>;
}

export interface Plan {
  create: EndpointSlice[];
  update: EndpointSlice[];
  delete: EndpointSlice[];
}

export function endpointKey(ep: Endpoint): string {
  return ep.targetRef?.uid ?? ep.addresses.join(',');
}

/** setEndpointSliceLabels: the Service's labels, plus the two the controller owns. */
export function sliceLabels(svc: Service): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(svc.metadata.labels ?? {})) {
    if (k === LABEL_SERVICE_NAME || k === LABEL_MANAGED_BY || k === LABEL_HEADLESS) continue;
    out[k] = v;
  }
  if (svc.spec.clusterIP === 'None') out[LABEL_HEADLESS] = '';
  out[LABEL_SERVICE_NAME] = svc.metadata.name ?? '';
  out[LABEL_MANAGED_BY] = CONTROLLER_NAME;
  return out;
}

function newSlice(svc: Service, ports: EndpointPort[] | null, endpoints: Endpoint[] | null): EndpointSlice {
  const ref: OwnerReference = { apiVersion: 'v1', kind: 'Service', name: svc.metadata.name ?? '', uid: svc.metadata.uid ?? '', controller: true, blockOwnerDeletion: true };
  return {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: { generateName: `${svc.metadata.name}-`, namespace: svc.metadata.namespace, labels: sliceLabels(svc), ownerReferences: [ref] },
    addressType: 'IPv4',
    endpoints,
    ports,
  };
}

function isPlaceholder(s: EndpointSlice): boolean {
  return (s.endpoints ?? []).length === 0 && (s.ports ?? []).length === 0;
}

function chunk<T>(xs: T[], n: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += n) out.push(xs.slice(i, i + n));
  return out;
}

export function planSlices(svc: Service, desired: Map<string, DesiredGroup>, existing: EndpointSlice[]): Plan {
  const plan: Plan = { create: [], update: [], delete: [] };
  const labels = sliceLabels(svc);
  const byPorts = new Map<string, EndpointSlice[]>();
  for (const s of existing) {
    const k = portsKey(s.ports as EndpointPort[] | null);
    byPorts.set(k, [...(byPorts.get(k) ?? []), s]);
  }
  for (const [k, slices] of byPorts) if (!desired.has(k)) pushAll(plan.delete, slices);

  for (const [k, group] of desired) {
    const remaining = new Map(group.endpoints);
    const withRoom: EndpointSlice[] = [];
    for (const slice of byPorts.get(k) ?? []) {
      const kept: Endpoint[] = [];
      let changed = false;
      for (const ep of slice.endpoints ?? []) {
        const want = remaining.get(endpointKey(ep));
        if (!want) {
          changed = true;
          continue;
        }
        remaining.delete(endpointKey(ep));
        if (canonicalJson(want) !== canonicalJson(ep)) changed = true;
        kept.push(want);
      }
      if (kept.length === 0) {
        plan.delete.push(slice);
        continue;
      }
      const next: EndpointSlice = { ...slice, endpoints: kept };
      if (changed || !semanticEqual(slice.metadata.labels, labels)) {
        next.metadata = { ...slice.metadata, labels };
        plan.update.push(next);
      }
      if (kept.length < MAX_ENDPOINTS_PER_SLICE) withRoom.push(next);
    }
    // New endpoints fill slices that are being written anyway, then any with room, then new slices.
    const left = [...remaining.values()];
    withRoom.sort((a, b) => Number(plan.update.includes(b)) - Number(plan.update.includes(a)));
    for (const slice of withRoom) {
      if (left.length === 0) break;
      const room = MAX_ENDPOINTS_PER_SLICE - (slice.endpoints ?? []).length;
      const add = left.splice(0, room);
      if (add.length === 0) continue;
      slice.endpoints = [...(slice.endpoints ?? []), ...add];
      if (!plan.update.includes(slice)) plan.update.push(slice);
    }
    for (const eps of chunk(left, MAX_ENDPOINTS_PER_SLICE)) plan.create.push(newSlice(svc, group.ports, eps));
  }

  // A Service with no endpoints still has exactly one (placeholder) slice.
  if (existing.length === plan.delete.length && plan.create.length === 0) {
    if (plan.delete.length === 1 && isPlaceholder(plan.delete[0]!) && semanticEqual(plan.delete[0]!.metadata.labels, labels)) plan.delete = [];
    else plan.create.push(newSlice(svc, null, null));
  }
  // finalize(): turn a delete + create pair into an update of the deleted slice.
  while (plan.delete.length > 0 && plan.create.length > 0) {
    const old = plan.delete.shift()!;
    const fresh = plan.create.pop()!;
    plan.update.push({ ...old, metadata: { ...old.metadata, labels: fresh.metadata.labels }, endpoints: fresh.endpoints, ports: fresh.ports });
  }
  return plan;
}
