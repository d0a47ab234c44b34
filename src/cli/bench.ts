/**
 * `npm run bench`: how fast the simulation runs a real chain (Deployment → ReplicaSet → Pods →
 * scheduler → kubelets → Running) at three sizes, against a bare loop that performs the same
 * number of object writes into a Map. Speed is measured here, never asserted in tests.
 * `npm run bench -- pending` runs the Pending-Pod and long-advance loads instead (bench-pending.ts).
 * `npm run bench -- protocol` runs only the worker → page messages on the classroom scenario
 * (bench-protocol.ts), which the default run prints last, after the scale rows have warmed the
 * JIT: alone, its worker times are a cold start's.
 * `npm run bench -- curve [N …]` runs the size curve (issue #16): 10 → 5,000 nodes with 30 Pods per
 * node (or only the sizes named), each row with boot, run, Pods/s, peak heap and two bare-loop
 * baselines measured in the same process; past 100 workers the engine runs in scale mode.
 */
import { performance } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import type { Node, Pod } from '../k8s/types';
import { Simulation } from '../engine/index';
import { parseTimestamp } from '../k8s/time';
import { protocolBench } from './bench-protocol';
import { pendingBench } from './bench-pending';

interface Scenario {
  nodes: number;
  pods: number;
}

const SCENARIOS: Scenario[] = [
  { nodes: 3, pods: 3 },
  { nodes: 100, pods: 3_000 },
  { nodes: 1_000, pods: 30_000 },
];

/** The size curve: 30 Pods per node, from a small class cluster to Kubernetes' 5,000-node envelope. */
const CURVE: Scenario[] = [10, 100, 300, 1_000, 3_000, 5_000].map((nodes) => ({ nodes, pods: nodes * 30 }));

/**
 * Wall time a curve row may take before it stops and reports how far it got (checked between
 * chunks): the 5,000-node row must end honestly rather than run for hours.
 */
const CURVE_WALL_BUDGET_MS = 20 * 60_000;

/**
 * kube-controller-manager's --kube-api-qps / --kube-api-burst as a big cluster's admin sets them:
 * at the defaults (20 / 30) the ReplicaSet controller alone would need 25 simulated minutes to
 * create 30,000 Pods.
 */
const KUBE_API = { kubeApiQps: 5_000, kubeApiBurst: 10_000 };

/** Split into Deployments of at most this many replicas, as a real workload would be. */
const REPLICAS_PER_DEPLOYMENT = 100;

function deployment(name: string, replicas: number): Record<string, unknown> {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: 'default' },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name } },
        spec: { containers: [{ name: 'web', image: 'nginx:1.27', resources: { requests: { cpu: '50m', memory: '64Mi' } } }] },
      },
    },
  };
}

/** Simulated seconds from a Pod's creation to its first container running (second resolution, as timestamps are). */
function startupP99(sim: Simulation): number {
  const lat: number[] = [];
  for (const p of sim.objects<Pod>('pods')) {
    if (p.metadata.namespace !== 'default') continue;
    const started = p.status?.containerStatuses?.[0]?.state?.running?.startedAt;
    if (started && p.metadata.creationTimestamp) lat.push(parseTimestamp(started) - parseTimestamp(p.metadata.creationTimestamp));
  }
  lat.sort((a, b) => a - b);
  return (lat[Math.min(lat.length - 1, Math.floor(lat.length * 0.99))] ?? 0) / 1000;
}

function runningPods(sim: Simulation): number {
  let n = 0;
  // Only the benchmark's own Pods: kube-system (kube-proxy, CoreDNS, mirror Pods) runs from boot.
  for (const p of sim.objects<Pod>('pods')) if (p.metadata.namespace === 'default' && p.status?.phase === 'Running') n++;
  return n;
}

interface Result {
  scenario: Scenario;
  scaleMode: boolean;
  bootMs: number;
  runMs: number;
  simSeconds: number;
  events: number;
  writes: number;
  peakHeapMb: number;
  bareMs: number;
  /** The same writes as structuredClone of the run's own Pods + Map.set (a stricter yardstick). */
  realBareMs: number;
  p99StartupS: number;
  /** Pods Running at the end: less than asked when the wall budget stopped the run. */
  running: number;
  /** Nodes Ready when boot returned, of all nodes (control planes included). */
  readyNodes: number;
  nodes: number;
}

function bareLoop(writes: number): number {
  const template = { apiVersion: 'v1', kind: 'Pod', metadata: { name: '', namespace: 'default', resourceVersion: '' }, spec: { nodeName: '' }, status: { phase: 'Pending' } };
  const store = new Map<string, unknown>();
  const t0 = performance.now();
  for (let i = 0; i < writes; i++) {
    const obj = structuredClone(template);
    obj.metadata.name = `pod-${i % 50_000}`;
    obj.metadata.resourceVersion = String(i);
    store.set(`pods/default/${obj.metadata.name}`, obj);
  }
  return performance.now() - t0;
}

/** The bare loop over the run's own Pod objects (their real size and shape), cloned in turn. */
function realBareLoop(writes: number, sample: readonly Pod[]): number {
  if (!sample.length) return 0;
  const store = new Map<string, unknown>();
  const t0 = performance.now();
  for (let i = 0; i < writes; i++) {
    const obj = structuredClone(sample[i % sample.length]!);
    store.set(`pods/default/${obj.metadata.name}`, obj);
  }
  return performance.now() - t0;
}

/**
 * The heap in use, as `process.memoryUsage().heapUsed` reports it but without also reading the
 * resident set size from /proc (11 µs a call here): sampled inside the timed loop, that read was
 * about a tenth of the classroom row's run.
 */
function heapUsed(): number {
  return getHeapStatistics().used_heap_size;
}

/** The classroom row steps one event at a time: sample its heap only every this many events. */
const HEAP_SAMPLE_EVERY = 32;

function run(s: Scenario, wallBudgetMs = Number.POSITIVE_INFINITY): Result {
  let peak = heapUsed();
  const t0 = performance.now();
  // Up to 100 workers the trace window the bench always used; past it scale mode's own.
  const sim = new Simulation({ seed: 42, workers: s.nodes, ...(s.nodes <= 100 ? { traceLimit: 100_000 } : {}), timings: KUBE_API, noBoot: true });
  // Boot is where the heap peaks first at scale: sample it while boot runs too.
  sim.onProgress = () => {
    peak = Math.max(peak, heapUsed());
  };
  sim.boot();
  sim.onProgress = undefined;
  const bootMs = performance.now() - t0;
  const readyNodes = sim.objects<Node>('nodes').filter((n) => n.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True')).length;
  const startRev = sim.revision;
  const startSim = sim.now;
  let remaining = s.pods;
  for (let i = 0; remaining > 0; i++) {
    const n = Math.min(REPLICAS_PER_DEPLOYMENT, remaining);
    remaining -= n;
    const res = sim.request({ verb: 'create', resource: 'deployments', namespace: 'default', body: deployment(`app-${i}`, n) as never });
    if (!res.ok) throw new Error(`create failed: ${res.error.message}`);
  }
  let events = 0;
  const t1 = performance.now();
  const deadline = sim.now + 30 * 60_000;
  while (sim.now < deadline) {
    // Check progress often enough to stop close to the moment the last Pod starts running.
    const chunk = s.pods < 100 ? 1 : s.pods * 2;
    let idle = false;
    for (let i = 0; i < chunk; i++) {
      if (!sim.step()) {
        idle = true;
        break;
      }
      events++;
    }
    if (chunk > 1 || events % HEAP_SAMPLE_EVERY === 0) peak = Math.max(peak, heapUsed());
    if (runningPods(sim) >= s.pods) break;
    if (idle) break;
    if (performance.now() - t1 > wallBudgetMs) break;
  }
  const runMs = performance.now() - t1;
  peak = Math.max(peak, heapUsed());
  const running = runningPods(sim);
  if (running < s.pods && wallBudgetMs === Number.POSITIVE_INFINITY) throw new Error(`only ${running}/${s.pods} pods Running after ${(sim.now - startSim) / 1000}s simulated`);
  const writes = sim.revision - startRev;
  const sample = sim.objects<Pod>('pods').filter((p) => p.metadata.namespace === 'default').slice(0, 1_000);
  const bareMs = bareLoop(writes);
  const realBareMs = realBareLoop(writes, sample);
  return { scenario: s, scaleMode: sim.scaleMode, bootMs, runMs, simSeconds: (sim.now - startSim) / 1000, events, writes, peakHeapMb: peak / 2 ** 20, bareMs, realBareMs, p99StartupS: startupP99(sim), running, readyNodes, nodes: sim.machines().length };
}

/** One row of the size curve per size, printed as it finishes (a big row takes minutes). */
function curve(only: number[]): string {
  const rows = [
    '| nodes | pods | scale mode | Ready after boot | boot (wall) | apply → all Running (wall) | Pods/s | peak heap | object writes | bare loop (template) | ratio | bare loop (real Pods) | ratio | simulated time |',
    '|---:|---:|:---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  process.stdout.write(rows.join('\n') + '\n');
  // Any size may be named (`curve 1100`); by default the curve's own.
  for (const s of only.length ? only.map((nodes) => ({ nodes, pods: nodes * 30 })) : CURVE) {
    const r = run(s, CURVE_WALL_BUDGET_MS);
    const pods = r.running < s.pods ? `${fmt(s.pods)} (stopped at the wall budget: ${fmt(r.running)} Running)` : fmt(s.pods);
    const row = `| ${fmt(s.nodes)} | ${pods} | ${r.scaleMode ? 'on' : 'off'} | ${fmt(r.readyNodes)} of ${fmt(r.nodes)} | ${fmt(r.bootMs / 1000, 1)} s | ${fmt(r.runMs / 1000, 1)} s | ${fmt(r.running / (r.runMs / 1000))} | ${fmt(r.peakHeapMb)} MB | ${fmt(r.writes)} | ${fmt(r.bareMs, 1)} ms | ${fmt(r.runMs / Math.max(r.bareMs, 0.001))}× | ${fmt(r.realBareMs, 1)} ms | ${fmt(r.runMs / Math.max(r.realBareMs, 0.001))}× | ${fmt(r.simSeconds, 1)} s |`;
    rows.push(row);
    process.stdout.write(row + '\n');
  }
  return rows.join('\n');
}

function fmt(n: number, digits = 0): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

if (process.argv[2] === 'pending') process.stdout.write(pendingBench() + '\n');
else if (process.argv[2] === 'protocol') process.stdout.write(protocolBench() + '\n');
else if (process.argv[2] === 'curve') process.stdout.write('\n' + curve(process.argv.slice(3).map(Number)) + '\n');
else {
  const rows: string[] = [];
  rows.push('| nodes | pods | boot (wall) | until all Running (wall) | simulated time | events | events/s | object writes | bare loop, same writes | ratio | peak heap | p99 create→running (simulated) |');
  rows.push('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  const only = process.argv[2] ? Number(process.argv[2]) : undefined;
  for (const s of SCENARIOS) {
    if (only !== undefined && s.nodes !== only) continue;
    const r = run(s);
    rows.push(
      `| ${fmt(s.nodes)} | ${fmt(s.pods)} | ${fmt(r.bootMs)} ms | ${fmt(r.runMs)} ms | ${fmt(r.simSeconds, 1)} s | ${fmt(r.events)} | ${fmt(r.events / (r.runMs / 1000))} | ${fmt(r.writes)} | ${fmt(r.bareMs, 1)} ms | ${fmt(r.runMs / Math.max(r.bareMs, 0.001), 0)}× | ${fmt(r.peakHeapMb)} MB | ${fmt(r.p99StartupS, 0)} s |`,
    );
    process.stdout.write(rows.slice(-1)[0] + '\n');
  }
  process.stdout.write('\n' + rows.join('\n') + '\n');
  if (only === undefined) process.stdout.write('\nWorker → page messages on the classroom scenario:\n\n' + protocolBench() + '\n');
}
