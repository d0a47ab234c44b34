/**
 * metrics-server (sigs.k8s.io/metrics-server), the process behind the metrics.k8s.io APIService:
 * every --metric-resolution (its Deployment says 15s) it scrapes each node's kubelet
 * /metrics/resource and keeps the last two scrapes; a container's CPU is the rate between them
 * (so a Pod has no metrics until it has been in two scrapes), memory the working set of the last.
 *
 * The scrapes are taken lazily: a request at `now` performs the two scrapes due at or before it
 * (the first at the process's start, then one per resolution), each reading the kubelet as of its
 * own moment — which is what the process would have kept. What it reads is the kubelet's text
 * exposition, parsed here as metrics-server parses it.
 */
import type { NodeMetrics, PodMetrics } from '../../k8s/autoscaling';
import { parseDuration, rfc3339 } from '../../k8s/time';
import { dialKubelet } from '../apiserver/kubelet-proxy';
import { at as simAt } from '../core/ids';
import type { ContainerRecord } from '../node/runtime-state';
import type { World } from '../world';
import { kubeletInsecureTls } from './flags';

/** The binary's default; the upstream manifest passes --metric-resolution=15s. */
const DEFAULT_RESOLUTION_MS = 60_000;

export interface MetricsServerProcess {
  container: ContainerRecord;
  node: string;
}

interface ContainerPoint {
  cpuSeconds: number;
  workingSet: number;
  startTime: number;
}

interface NodeScrape {
  at: number;
  node: { cpuSeconds: number; workingSet: number } | undefined;
  /** `namespace/pod` → container → point. */
  pods: Map<string, Map<string, ContainerPoint>>;
}

export function resolutionOf(c: ContainerRecord): number {
  const argv = [...(c.config.command ?? []), ...(c.config.args ?? [])];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const v = a.startsWith('--metric-resolution=') ? a.slice('--metric-resolution='.length) : a === '--metric-resolution' ? argv[i + 1] : undefined;
    if (v === undefined) continue;
    const ms = parseDuration(v);
    if (ms !== undefined && ms > 0) return ms;
  }
  return DEFAULT_RESOLUTION_MS;
}

const SAMPLE = /^([a-z_]+)(?:\{container="([^"]*)",namespace="([^"]*)",pod="([^"]*)"\})? (\S+)(?: \d+)?$/;

/** decodeBatch: the samples metrics-server keeps from one kubelet's answer. */
function parse(text: string, at: number): NodeScrape {
  const out: NodeScrape = { at, node: undefined, pods: new Map() };
  const node = { cpuSeconds: NaN, workingSet: NaN };
  const point = (ns: string, pod: string, c: string): ContainerPoint => {
    const key = `${ns}/${pod}`;
    let pm = out.pods.get(key);
    if (!pm) out.pods.set(key, (pm = new Map()));
    let p = pm.get(c);
    if (!p) pm.set(c, (p = { cpuSeconds: NaN, workingSet: NaN, startTime: NaN }));
    return p;
  };
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || line === '') continue;
    const m = SAMPLE.exec(line);
    if (!m) continue;
    const [, name, c, ns, pod, value] = m;
    const v = Number(value);
    if (name === 'node_cpu_usage_seconds_total') node.cpuSeconds = v;
    else if (name === 'node_memory_working_set_bytes') node.workingSet = v;
    else if (c !== undefined && ns !== undefined && pod !== undefined) {
      if (name === 'container_cpu_usage_seconds_total') point(ns, pod, c).cpuSeconds = v;
      else if (name === 'container_memory_working_set_bytes') point(ns, pod, c).workingSet = v;
      else if (name === 'container_start_time_seconds') point(ns, pod, c).startTime = v;
    }
  }
  if (!Number.isNaN(node.cpuSeconds) && !Number.isNaN(node.workingSet)) out.node = node;
  return out;
}

function scrape(w: World, node: string, at: number): NodeScrape | undefined {
  const res = dialKubelet(w, node, { path: 'metrics/resource', at }, at);
  return res.ok ? parse(res.text, at) : undefined;
}

/** The moments of the last two scrapes at or before `now`, or undefined before the second. */
function lastTwo(ms: MetricsServerProcess, now: number): { prev: number; last: number; resolution: number } | undefined {
  const start = ms.container.startedAt;
  if (start === undefined) return undefined;
  const resolution = resolutionOf(ms.container);
  const k = Math.floor((now - start) / resolution);
  if (k < 1) return undefined;
  const last = start + k * resolution;
  return { prev: last - resolution, last, resolution };
}

/** `1.5s`, `15s`: a Go time.Duration's String() for whole milliseconds. */
function goDuration(ms: number): string {
  if (ms % 60_000 === 0 && ms >= 60_000) return `${ms / 60_000}m0s`;
  return `${ms / 1000}s`;
}

/** CPU in nanocores as resource.Quantity prints it (canonical suffix: n, u, m or none). */
export function cpuQuantity(nanocores: number): string {
  const n = Math.max(0, Math.round(nanocores));
  if (n === 0) return '0';
  if (n % 1e9 === 0) return String(n / 1e9);
  if (n % 1e6 === 0) return `${n / 1e6}m`;
  if (n % 1e3 === 0) return `${n / 1e3}u`;
  return `${n}n`;
}

/** Memory in bytes as a BinarySI Quantity prints it: `12345Ki` when a whole number of KiB. */
export function memoryQuantity(bytes: number): string {
  const b = Math.max(0, Math.round(bytes));
  for (const [suffix, v] of [['Gi', 2 ** 30], ['Mi', 2 ** 20], ['Ki', 2 ** 10]] as const) if (b !== 0 && b % v === 0) return `${b / v}${suffix}`;
  return String(b);
}

export interface MetricsStore {
  nodes: NodeMetrics[];
  pods: PodMetrics[];
}

/** The metrics the process holds at `now`: nodes and Pods present, and ready, in both scrapes. */
export function metricsAt(w: World, ms: MetricsServerProcess, now: number): MetricsStore {
  const ticks = lastTwo(ms, now);
  const out: MetricsStore = { nodes: [], pods: [] };
  if (!ticks) return out;
  // Every kubelet's serving certificate is self-signed (kubeadm's default): verified, no scrape succeeds.
  if (!kubeletInsecureTls([...(ms.container.config.command ?? []), ...(ms.container.config.args ?? [])])) return out;
  const window = goDuration(ticks.resolution);
  const seconds = ticks.resolution / 1000;
  const timestamp = rfc3339(simAt(ticks.last));
  for (const node of [...w.machines].sort()) {
    const a = scrape(w, node, ticks.prev);
    const b = scrape(w, node, ticks.last);
    if (!a || !b) continue;
    if (a.node && b.node && b.node.cpuSeconds >= a.node.cpuSeconds) {
      out.nodes.push({
        apiVersion: 'metrics.k8s.io/v1beta1',
        kind: 'NodeMetrics',
        metadata: { name: node, creationTimestamp: rfc3339(simAt(now)), labels: nodeLabels(w, node) },
        timestamp,
        window,
        usage: { cpu: cpuQuantity(((b.node.cpuSeconds - a.node.cpuSeconds) / seconds) * 1e9), memory: memoryQuantity(b.node.workingSet) },
      });
    }
    for (const [key, containers] of b.pods) {
      const before = a.pods.get(key);
      if (!before) continue;
      const list: PodMetrics['containers'] = [];
      for (const [name, p] of [...containers].sort(([x], [y]) => x.localeCompare(y))) {
        const q = before.get(name);
        // A container that restarted between the scrapes has no rate yet.
        if (!q || q.startTime !== p.startTime || p.cpuSeconds < q.cpuSeconds) continue;
        list.push({ name, usage: { cpu: cpuQuantity(((p.cpuSeconds - q.cpuSeconds) / seconds) * 1e9), memory: memoryQuantity(p.workingSet) } });
      }
      if (list.length === 0) continue;
      const [namespace = '', name = ''] = key.split('/');
      out.pods.push({
        apiVersion: 'metrics.k8s.io/v1beta1',
        kind: 'PodMetrics',
        metadata: { name, namespace, creationTimestamp: rfc3339(simAt(now)), labels: podLabels(w, namespace, name) },
        timestamp,
        window,
        containers: list,
      });
    }
  }
  out.pods.sort((x, y) => `${x.metadata.namespace}/${x.metadata.name}`.localeCompare(`${y.metadata.namespace}/${y.metadata.name}`));
  return out;
}

function nodeLabels(w: World, node: string): Record<string, string> {
  return { ...(w.etcd.kv.get('nodes')?.get(`nodes/${node}`)?.metadata.labels ?? {}) };
}

/** metrics-server copies each Pod's labels onto its PodMetrics, so label selectors work on them. */
function podLabels(w: World, namespace: string, name: string): Record<string, string> {
  return { ...(w.etcd.kv.get('pods')?.get(`pods/${namespace}/${name}`)?.metadata.labels ?? {}) };
}
