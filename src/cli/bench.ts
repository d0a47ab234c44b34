/**
 * `npm run bench`: how fast the simulation runs a real chain (Deployment → ReplicaSet → Pods →
 * scheduler → kubelets → Running) at three sizes, against a bare loop that performs the same
 * number of object writes into a Map. Speed is measured here, never asserted in tests.
 * `npm run bench -- pending` runs the Pending-Pod and long-advance loads instead (bench-pending.ts).
 */
import { performance } from 'node:perf_hooks';
import type { Pod } from '../k8s/types';
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
  bootMs: number;
  runMs: number;
  simSeconds: number;
  events: number;
  writes: number;
  peakHeapMb: number;
  bareMs: number;
  p99StartupS: number;
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

function run(s: Scenario): Result {
  let peak = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  const sim = new Simulation({ seed: 42, workers: s.nodes, traceLimit: 100_000, timings: KUBE_API });
  const bootMs = performance.now() - t0;
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
    peak = Math.max(peak, process.memoryUsage().heapUsed);
    if (runningPods(sim) >= s.pods) break;
    if (idle) break;
  }
  const runMs = performance.now() - t1;
  const running = runningPods(sim);
  if (running < s.pods) throw new Error(`only ${running}/${s.pods} pods Running after ${(sim.now - startSim) / 1000}s simulated`);
  const writes = sim.revision - startRev;
  return { scenario: s, bootMs, runMs, simSeconds: (sim.now - startSim) / 1000, events, writes, peakHeapMb: peak / 2 ** 20, bareMs: bareLoop(writes), p99StartupS: startupP99(sim) };
}

function fmt(n: number, digits = 0): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

if (process.argv[2] === 'pending') process.stdout.write(pendingBench() + '\n');
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
