/**
 * `npm run bench -- pending`: the loads issue #15 measured, in this process after a warm-up —
 * one Deployment of N replicas of which kube-scheduler can place only what fits the three workers
 * (every other Pod is rejected, each with its own status write), then 30 s of simulated time; and
 * an idle basic cluster advanced 24 h. Speed is measured here, never asserted in tests (the
 * Pending Pods' work is counted in src/engine/controllers/replicaset/pending-load.test.ts).
 */
import { performance } from 'node:perf_hooks';
import { Session } from '../kubectl/session';

/** As the README's Many Pending Pods runs: a burst that covers every Pod, so all N exist by 30 s. */
const KUBE_API = { kubeApiQps: 5_000, kubeApiBurst: 10_000 };

const PENDING = [1_000, 4_000, 10_000];

function timed(session: Session, lines: string[]): number {
  const t0 = performance.now();
  for (const line of lines) {
    const r = session.run(line);
    if (r.exitCode !== 0) throw new Error(`${line}: ${r.output.map((c) => c.text).join('')}`);
  }
  return performance.now() - t0;
}

function pending(replicas: number): number {
  return timed(new Session({ seed: 1, timings: KUBE_API }), [`kubectl create deployment big --image=nginx --replicas=${replicas}`, 'sim advance 30s']);
}

function mb(): string {
  return `${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MB`;
}

export function pendingBench(): string {
  pending(200);
  const rows = ['| load | wall | heap after |', '|---|---:|---:|'];
  for (const n of PENDING) {
    const ms = pending(n);
    rows.push(`| ${n.toLocaleString('en-US')} replicas, first 30 s | ${(ms / 1000).toFixed(2)} s | ${mb()} |`);
  }
  const ms = timed(new Session({ seed: 1 }), ['sim advance 24h']);
  rows.push(`| idle basic cluster, \`sim advance 24h\` | ${(ms / 1000).toFixed(2)} s | ${mb()} |`);
  return rows.join('\n');
}
