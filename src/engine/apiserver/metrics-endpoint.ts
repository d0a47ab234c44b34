/**
 * kube-apiserver's `/metrics`, scraped from one instance: what it counted since it started and
 * what it holds now. Help texts, stability levels and labels are v1.36's (the Kubernetes metrics
 * reference, https://kubernetes.io/docs/reference/instrumentation/metrics/ — "Metrics (v1.36)").
 *
 * Served: apiserver_request_total (request-metrics.ts), apiserver_longrunning_requests (the
 * WATCHes this instance serves, from world.watches), apiserver_current_inflight_requests,
 * apiserver_resource_objects and the deprecated apiserver_storage_objects (the stored keys of
 * every resource with a storage, read at the scrape), kubernetes_build_info, and the PodSecurity
 * admission plugin's pod_security_evaluations_total, _exemptions_total and _errors_total.
 * Approximate: the real endpoint has hundreds of families (latency histograms, etcd, APF,
 * admission, Go runtime…) that the simulation cannot measure and does not serve; a WATCH is
 * counted in apiserver_request_total when it ends, and the simulated informers' watches end only
 * when their component stops (real reflectors re-open theirs every 5–10 minutes); object counts
 * are read at the scrape, not at the store's last periodic check.
 */
import { RESOURCES } from '../../k8s/resources';
import { customResources, servedResource } from '../apiextensions/served';
import { buildInfo } from '../metrics/build-info';
import type { MetricFamily, MetricSample } from '../metrics/exposition';
import type { World } from '../world';
import { LABEL_NAMES } from './request-metrics';
import { podSecurityFamilies } from './admission/pod-security-metrics';
import type { ApiServerState } from './state';

/** Tables with no storage behind them: Binding is a create on pods/binding, ComponentStatus is probed. */
const NOT_STORED: ReadonlySet<string> = new Set(['bindings', 'componentstatuses']);

/** APF's watermark: the most requests of each kind executing at once in the last second (one at a time here). */
const INFLIGHT_WINDOW_MS = 1_000;

function requestTotal(server: ApiServerState): MetricFamily {
  const samples: MetricSample[] = [];
  for (const [key, value] of server.requestCounts ?? []) {
    const values = key.split('\0');
    samples.push({ labels: LABEL_NAMES.map((n, i) => [n, values[i] ?? ''] as const), value });
  }
  return {
    name: 'apiserver_request_total',
    help: 'Counter of apiserver requests broken out for each verb, dry run value, group, version, resource, scope, component, and HTTP response code.',
    stability: 'STABLE',
    type: 'counter',
    samples,
  };
}

/** RecordLongRunning's labels for each open WATCH this instance serves; CleanScope reads a fieldSelector's metadata.name as a name. */
function longRunning(w: World, server: ApiServerState): MetricFamily {
  const counts = new Map<string, { labels: [string, string][]; value: number }>();
  for (const reg of w.watches.values()) {
    if (reg.server !== server.id) continue;
    const info = servedResource(w, reg.resource);
    if (!info) continue;
    const named = reg.filter.fieldSelector?.some((f) => f.field === 'metadata.name' && f.op === '=');
    const scope = named ? 'resource' : reg.filter.namespace ? 'namespace' : 'cluster';
    const key = `${info.group}\0${info.version}\0${info.resource}\0${scope}`;
    const hit = counts.get(key);
    if (hit) hit.value++;
    else counts.set(key, { labels: [['component', 'apiserver'], ['group', info.group], ['resource', info.resource], ['scope', scope], ['subresource', ''], ['verb', 'WATCH'], ['version', info.version]], value: 1 });
  }
  return {
    name: 'apiserver_longrunning_requests',
    help: 'Gauge of all active long-running apiserver requests broken out by verb, group, version, resource, scope and component. Not all requests are tracked this way.',
    stability: 'STABLE',
    type: 'gauge',
    samples: [...counts.values()],
  };
}

function inflight(w: World, server: ApiServerState): MetricFamily {
  const recent = (at: number | undefined): number => (at !== undefined && w.now - at < INFLIGHT_WINDOW_MS ? 1 : 0);
  return {
    name: 'apiserver_current_inflight_requests',
    help: 'Maximal number of currently used inflight request limit of this apiserver per request kind in last second.',
    stability: 'STABLE',
    type: 'gauge',
    samples: [
      { labels: [['request_kind', 'mutating']], value: recent(server.lastMutatingAt) },
      { labels: [['request_kind', 'readOnly']], value: recent(server.lastReadOnlyAt) },
    ],
  };
}

/** UpdateStoreStats: every store's object count, as the new {group, resource} gauge and the old `resource.group` one. */
function objectCounts(w: World): MetricFamily[] {
  const stored = [...RESOURCES.filter((r) => !NOT_STORED.has(r.resource)), ...customResources(w)];
  const help = 'Number of stored objects at the time of last check split by kind. In case of a fetching error, the value will be -1.';
  const count = (resource: string): number => w.etcd.kv.get(resource)?.size ?? 0;
  return [
    {
      name: 'apiserver_resource_objects',
      help,
      stability: 'ALPHA',
      type: 'gauge',
      samples: stored.map((r) => ({ labels: [['group', r.group], ['resource', r.resource]], value: count(r.resource) })),
    },
    {
      name: 'apiserver_storage_objects',
      help: `[DEPRECATED, consider using apiserver_resource_objects instead] ${help}`,
      stability: 'STABLE',
      // Hidden only after three releases for a STABLE metric (registry.go's shouldHide), so v1.36 still serves it.
      deprecated: '1.34.0',
      type: 'gauge',
      // schema.GroupResource.String(): `pods`, `deployments.apps`.
      samples: stored.map((r) => ({ labels: [['resource', r.group ? `${r.resource}.${r.group}` : r.resource]], value: count(r.resource) })),
    },
  ];
}

/** The families `server` answers `/metrics` with. */
export function apiServerMetrics(w: World, server: ApiServerState): MetricFamily[] {
  return [requestTotal(server), longRunning(w, server), inflight(w, server), ...objectCounts(w), buildInfo(), ...podSecurityFamilies(server)];
}
