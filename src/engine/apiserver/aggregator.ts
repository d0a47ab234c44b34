/**
 * kube-aggregator inside kube-apiserver: an APIService (apiregistration.k8s.io/v1) that names a
 * Service hands its group/version to the process behind that Service. Its availability
 * (AvailableConditionController) asks: does the Service exist, has its Endpoints a ready address
 * on the Service port, and does that backend answer discovery? Only an Available APIService's
 * resources appear in discovery and are proxied; otherwise requests get 503, as upstream. The
 * only backend the simulation serves is metrics-server's metrics.k8s.io (metrics/metrics-server.ts).
 *
 * The availability check runs on a timer of the apiserver, armed by every commit of an
 * APIService and, while any exists, of the Services, Endpoints and Pods it depends on (upstream
 * watches the same objects); it writes status through the apiserver's own pipeline (loopback).
 */
import { METRICS_RESOURCES, type ResourceInfo } from '../../k8s/resources';
import type { APIService } from '../../k8s/autoscaling';
import type { Endpoints, KObject, Service } from '../../k8s/types';
import { matches } from '../../k8s/labels';
import { rfc3339 } from '../../k8s/time';
import { cloneData } from '../core/clone';
import type { ComponentId } from '../core/ids';
import { setTimer } from '../runtime';
import type { World } from '../world';
import { metricsAt, type MetricsServerProcess } from '../metrics/metrics-server';
import { appAlive } from '../images/app';
import type { ContainerRecord, RuntimeState } from '../node/runtime-state';
import type { ApiRequest, ApiResponse } from './handler';
import type { StatusError } from './status';

export const AGGREGATOR_TIMER = 'apiservice-availability';
const APISERVICES = 'apiservices';
/** Objects whose changes can move an APIService's availability. */
const DEPENDENCIES = new Set(['services', 'endpoints', 'pods']);

/** The stored object (storage.ts's key layout), read without importing the store, which calls in here. */
function storedObject(w: World, resource: string, namespace: string | undefined, name: string): KObject | undefined {
  return w.etcd.kv.get(resource)?.get(namespace ? `${resource}/${namespace}/${name}` : `${resource}/${name}`);
}

export type Availability = { available: true } | { available: false; reason: string; message: string };

function apiServices(w: World): APIService[] {
  const b = w.etcd.kv.get(APISERVICES);
  if (!b || b.size === 0) return [];
  return [...b.values()].map((o) => o as APIService).sort((a, b) => ((a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : 1));
}

/** The request name of an aggregated resource: `pods.metrics.k8s.io`. */
export function aggregatedName(info: ResourceInfo): string {
  return `${info.resource}.${info.group}`;
}

/** The resource a request names when it is an aggregated one whose APIService exists (else undefined: 404). */
export function aggregatedResource(w: World, resource: string): ResourceInfo | undefined {
  const info = METRICS_RESOURCES.find((r) => aggregatedName(r) === resource);
  if (!info) return undefined;
  return storedObject(w, APISERVICES, undefined, `${info.version}.${info.group}`) ? info : undefined;
}

export function isAggregated(info: ResourceInfo): boolean {
  return METRICS_RESOURCES.includes(info);
}

interface Backend {
  ip: string;
  port: number;
  process: MetricsServerProcess | undefined;
  listening: boolean;
}

function containerAt(w: World, ip: string): { container: ContainerRecord; node: string } | undefined {
  for (const m of w.machines) {
    const rt = w.components.get(`container-runtime/${m}` as ComponentId) as RuntimeState | undefined;
    if (rt?.kind !== 'container-runtime') continue;
    for (const sb of rt.sandboxes.values()) {
      if (sb.state !== 'SANDBOX_READY' || sb.ip !== ip) continue;
      for (const c of rt.containers.values()) if (c.sandboxId === sb.id && c.state === 'CONTAINER_RUNNING' && c.process) return { container: c, node: m };
    }
  }
  return undefined;
}

/** The Service's first ready endpoint on its port, or why there is none. */
function backendOf(w: World, api: APIService): Backend | Availability {
  const ref = api.spec.service;
  if (!ref) return { available: true };
  const svc = storedObject(w, 'services', ref.namespace, ref.name) as Service | undefined;
  if (!svc) return { available: false, reason: 'ServiceNotFound', message: `service/${ref.name} in "${ref.namespace}" is not present` };
  const port = (svc.spec.ports ?? []).find((p) => p.port === (ref.port ?? 443));
  if (!port) return { available: false, reason: 'ServicePortError', message: `service/${ref.name} in "${ref.namespace}" is not listening on port ${ref.port ?? 443}` };
  const eps = storedObject(w, 'endpoints', ref.namespace, ref.name) as Endpoints | undefined;
  if (!eps) return { available: false, reason: 'EndpointsNotFound', message: `cannot find endpoints for service/${ref.name} in "${ref.namespace}"` };
  for (const subset of eps.subsets ?? []) {
    const p = (subset.ports ?? []).find((x) => (x.name ?? '') === (port.name ?? ''));
    const addr = subset.addresses?.[0];
    if (!p || !addr) continue;
    const found = containerAt(w, addr.ip);
    const process = found && /(^|\/)metrics-server(:|@|$)/.test(found.container.imageRef.replace(/:[^/]*$/, '')) ? { container: found.container, node: found.node } : undefined;
    const listening = found?.container.process?.machine.apps.some((a) => appAlive(a, w.now) && w.now >= a.listenAt && a.listen.some((l) => l.port === p.port)) ?? false;
    return { ip: addr.ip, port: p.port, process, listening };
  }
  return { available: false, reason: 'MissingEndpoints', message: `endpoints for service/${ref.name} in "${ref.namespace}" have no addresses with port name "${port.name ?? ''}"` };
}

/** The AvailableConditionController's verdict on one APIService now. */
export function availability(w: World, api: APIService): Availability {
  if (!api.spec.service) return { available: true };
  const b = backendOf(w, api);
  if ('available' in b) return b;
  const url = `https://${b.ip}:${b.port}/apis/${api.spec.group}/${api.spec.version}`;
  if (!b.listening) return { available: false, reason: 'FailedDiscoveryCheck', message: `failing or missing response from ${url}: Get "${url}": dial tcp ${b.ip}:${b.port}: connect: connection refused` };
  if (!b.process || api.spec.group !== 'metrics.k8s.io' || api.spec.version !== 'v1beta1') return { available: false, reason: 'FailedDiscoveryCheck', message: `failing or missing response from ${url}: bad status from ${url}: 404` };
  return { available: true };
}

/** Group/versions served by aggregation now: the resources of every Available APIService. */
export function aggregatedResources(w: World): ResourceInfo[] {
  const out: ResourceInfo[] = [];
  for (const api of apiServices(w)) {
    if (!api.spec.service || !availability(w, api).available) continue;
    for (const r of METRICS_RESOURCES) if (r.group === api.spec.group && r.version === api.spec.version) out.push(r);
  }
  return out;
}

const UNAVAILABLE: StatusError = { code: 503, reason: 'ServiceUnavailable', message: 'the server is currently unable to handle the request' };

/** The proxied request (get/list of NodeMetrics or PodMetrics), answered by the backend's process. */
export function proxyAggregated(w: World, info: ResourceInfo, req: ApiRequest): ApiResponse {
  const api = storedObject(w, APISERVICES, undefined, `${info.version}.${info.group}`) as APIService | undefined;
  if (!api || req.verb !== 'get' && req.verb !== 'list') return { ok: false, error: { code: 405, reason: 'MethodNotAllowed', message: `the server does not allow this method on the requested resource` } };
  const b = backendOf(w, api);
  if ('available' in b || !b.listening || !b.process) return { ok: false, error: UNAVAILABLE };
  const store = metricsAt(w, b.process, w.now);
  const all: KObject[] = info.resource === 'nodes' ? store.nodes : store.pods.filter((p) => !req.namespace || p.metadata.namespace === req.namespace);
  if (req.verb === 'get') {
    const one = all.find((o) => o.metadata.name === req.name && (!info.namespaced || o.metadata.namespace === req.namespace));
    if (!one) {
      // metrics-server's NotFound names its storage resource and, for Pods, namespace/name.
      const kind = info.resource === 'nodes' ? 'nodemetrics' : 'podmetrics';
      const name = info.namespaced ? `${req.namespace ?? ''}/${req.name ?? ''}` : (req.name ?? '');
      return { ok: false, error: { code: 404, reason: 'NotFound', message: `${kind}.${info.group} "${name}" not found`, details: { name, group: info.group, kind } } };
    }
    return { ok: true, code: 200, object: one, resourceVersion: '' };
  }
  const items = req.labelSelector ? all.filter((o) => matches(req.labelSelector!, o.metadata.labels)) : all;
  return { ok: true, code: 200, items, resourceVersion: '' };
}

function anyServiceBacked(w: World): boolean {
  for (const o of w.etcd.kv.get(APISERVICES)?.values() ?? []) if ((o as APIService).spec.service) return true;
  return false;
}

/** storage.ts calls this on every commit: arms the availability check when it may have moved. */
export function aggregatorSawCommit(w: World, server: ComponentId, resource: string): void {
  // Local APIServices depend on nothing: only one backed by a Service makes its objects' commits matter.
  if (resource !== APISERVICES && !(DEPENDENCIES.has(resource) && anyServiceBacked(w))) return;
  const self = w.components.get(server);
  if (self?.running) setTimer(w, self, 0, AGGREGATOR_TIMER);
}

/** The AvailableConditionController's sync of every APIService: writes the Available condition where it moved. */
export function onAggregatorTimer(w: World, name: string, request: (req: Omit<ApiRequest, 'user' | 'from'>) => ApiResponse): void {
  if (name !== AGGREGATOR_TIMER) return;
  for (const api of apiServices(w)) {
    const verdict = availability(w, api);
    const status = verdict.available ? 'True' : 'False';
    const reason = verdict.available ? (api.spec.service ? 'Passed' : 'Local') : verdict.reason;
    const message = verdict.available ? (api.spec.service ? 'all checks passed' : 'Local APIServices are always available') : verdict.message;
    const old = api.status?.conditions?.find((c) => c.type === 'Available');
    if (old && old.status === status && old.reason === reason && old.message === message) continue;
    const next = cloneData(api);
    const lastTransitionTime = old && old.status === status ? old.lastTransitionTime : rfc3339(w.now);
    next.status = { conditions: [{ type: 'Available', status, lastTransitionTime, reason, message }] };
    request({ verb: 'update', resource: APISERVICES, subresource: 'status', name: api.metadata.name, body: next as KObject });
  }
}
