/**
 * Scale mode through the real engine: it is chosen by the cluster's size (or forced), the trace
 * keeps a window of full records and exact counts beyond it, drains hand out exact per-second
 * counts, the change log is bounded, and what the learner can ask about (objects, `sim why`)
 * is exactly what the same run gives without scale mode. Small clusters with scale mode forced
 * on (and a small window) stand in for big ones: the mechanism does not depend on the size.
 */
import { describe, expect, it } from 'vitest';
import type { Deployment, Pod } from '../k8s/types';
import type { TraceRateSecond } from './core/trace-rates';
import type { TraceRecord } from './core/trace';
import { Simulation, worldOf } from './simulation';
import { SCALE_CHANGE_LOG_WINDOW, SCALE_TRACE_WINDOW, boundChangeLog } from './scale-mode';

function deployment(name: string, replicas: number): Deployment {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: 'default' },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'web', image: 'nginx:1.27', resources: { requests: { cpu: '100m' } } }] } },
    },
  };
}

function deploy(sim: Simulation, name: string, replicas: number): void {
  const res = sim.request({ verb: 'create', resource: 'deployments', namespace: 'default', body: deployment(name, replicas) });
  if (!res.ok) throw new Error(res.error.message);
}

/** kind from to → count, over records. */
function tally(recs: readonly Pick<TraceRecord, 'kind' | 'from' | 'to'>[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const r of recs) m.set(`${r.kind} ${r.from} ${r.to}`, (m.get(`${r.kind} ${r.from} ${r.to}`) ?? 0) + 1);
  return m;
}

function sumRates(seconds: readonly TraceRateSecond[], into = new Map<string, number>()): Map<string, number> {
  for (const s of seconds) for (const c of s.counts) into.set(`${c.kind} ${c.from} ${c.to}`, (into.get(`${c.kind} ${c.from} ${c.to}`) ?? 0) + c.count);
  return into;
}

const total = (m: Map<string, number>): number => [...m.values()].reduce((a, b) => a + b, 0);

describe('scale mode', () => {
  it('is on past 100 workers, or when forced; off for the classroom cluster', () => {
    expect(new Simulation({ seed: 1, noBoot: true }).scaleMode).toBe(false);
    expect(new Simulation({ seed: 1, noBoot: true, workers: 100 }).scaleMode).toBe(false);
    const big = new Simulation({ seed: 1, noBoot: true, workers: 101 });
    expect(big.scaleMode).toBe(true);
    expect(worldOf(big).trace.limit).toBe(SCALE_TRACE_WINDOW);
    expect(new Simulation({ seed: 1, noBoot: true, workers: 101, cluster: { scaleMode: false } }).scaleMode).toBe(false);
    expect(new Simulation({ seed: 1, noBoot: true, cluster: { scaleMode: true } }).scaleMode).toBe(true);
    // Off, nothing of it exists: no counts, no rates in diffs.
    const small = new Simulation({ seed: 1 });
    expect(small.traceRates()).toEqual([]);
    expect(small.traceAggregate()).toBeUndefined();
    expect('rates' in small.drainDiff()).toBe(false);
  });

  it('keeps a window of full records and counts every record exactly, held or not', () => {
    const sim = new Simulation({ seed: 3, traceLimit: 400, cluster: { scaleMode: true } });
    deploy(sim, 'web', 6);
    sim.advance(20_000);
    const held = sim.traceSince(0);
    expect(held.length).toBeLessThanOrEqual(400 + 64);
    expect(held[held.length - 1]!.seq).toBe(sim.lastTraceSeq);
    const agg = sim.traceAggregate()!;
    expect(agg.firstSeq).toBe(1);
    expect(agg.lastSeq).toBe(held[0]!.seq - 1);
    expect(agg.records).toBe(agg.lastSeq);
    const aggTally = new Map(agg.counts.map((c) => [`${c.kind} ${c.from} ${c.to}`, c.count]));
    expect(total(aggTally)).toBe(agg.records);
    // Aggregated + held = every record ever written, hop by hop: the per-second counts say the same.
    const all = tally(held);
    for (const [k, n] of aggTally) all.set(k, (all.get(k) ?? 0) + n);
    expect(total(all)).toBe(sim.lastTraceSeq);
    expect(sumRates(sim.traceRates())).toEqual(all);
  });

  it('drains exact, additive per-second counts, even for records the window no longer holds', () => {
    const sim = new Simulation({ seed: 4, traceLimit: 200, cluster: { scaleMode: true } });
    const drained = sumRates(sim.drainDiff().rates!);
    expect(total(drained)).toBe(sim.lastTraceSeq);
    let seq = sim.lastTraceSeq;
    let missed = 0;
    deploy(sim, 'web', 8);
    for (const ms of [1, 1, 250, 20_000]) {
      sim.advance(ms);
      const d = sim.drainDiff();
      const counted = sumRates(d.rates!);
      expect(total(counted)).toBe(sim.lastTraceSeq - seq);
      expect(d.trace.length + (d.traceMissed ?? 0)).toBe(sim.lastTraceSeq - seq);
      // The records the diff still carries are counted under their own seconds.
      for (const r of d.trace) expect(d.rates!.some((s) => s.second === Math.floor(r.at / 1000) && s.counts.some((c) => c.kind === r.kind && c.from === r.from && c.to === r.to))).toBe(true);
      sumRates(d.rates!, drained);
      missed += d.traceMissed ?? 0;
      seq = sim.lastTraceSeq;
    }
    expect(missed).toBeGreaterThan(0);
    // Drained piece by piece (seconds cut in two included), the counts add up to the held window's.
    expect(drained).toEqual(sumRates(sim.traceRates()));
    expect(sim.drainDiff().rates).toEqual([]);
  });

  it('changes nothing the learner can ask about: objects, Events and every Pod\'s scheduling decision', () => {
    const run = (scaleMode: boolean): Simulation => {
      const sim = new Simulation({ seed: 11, traceLimit: scaleMode ? 300 : undefined, cluster: { scaleMode } });
      // A cordoned node: every decision carries Filter rejections (the compact columns).
      sim.request({ verb: 'patch', resource: 'nodes', name: 'node-2', body: { spec: { unschedulable: true } } as never });
      deploy(sim, 'web', 9);
      // A Pod a PreFilter rejects outright (its claim does not exist): every node gets its verdict.
      const claimless = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'claimless', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'nginx:1.27' }], volumes: [{ name: 'd', persistentVolumeClaim: { claimName: 'missing' } }] } };
      expect(sim.request({ verb: 'create', resource: 'pods', namespace: 'default', body: claimless as never }).ok).toBe(true);
      sim.advance(30_000);
      return sim;
    };
    const plain = run(false);
    const scaled = run(true);
    expect(scaled.scaleMode).toBe(true);
    expect(JSON.stringify(scaled.storedObjects())).toBe(JSON.stringify(plain.storedObjects()));
    expect(scaled.lastTraceSeq).toBe(plain.lastTraceSeq);
    expect(JSON.stringify(scaled.traceSince(scaled.lastTraceSeq - 100))).toBe(JSON.stringify(plain.traceSince(plain.lastTraceSeq - 100)));
    // Stored as columns: no verdict kept as an object of its own.
    const stored = [...worldOf(scaled).decisions.byPod!].filter(([k]) => k.startsWith('default/web-')).map(([, c]) => c) as unknown as { rejectedNodes: string[]; scored?: { nodes: string[] }; rest: unknown[] }[];
    expect(stored).toHaveLength(9);
    for (const c of stored) expect({ rejected: c.rejectedNodes.length > 0, scored: (c.scored?.nodes.length ?? 0) > 0, rest: c.rest.length }).toEqual({ rejected: true, scored: true, rest: 0 });
    const pods = plain.objects<Pod>('pods').filter((p) => p.metadata.namespace === 'default' && p.metadata.name !== 'claimless');
    expect(pods).toHaveLength(9);
    for (const p of pods) {
      const d = plain.schedulingDecision('default', p.metadata.name!);
      expect(d?.verdicts.some((v) => v.node === 'node-2' && v.rejectedBy?.plugin === 'NodeUnschedulable')).toBe(true);
    }
    // Exactly the same decision for every Pod, fields in the same order (what `sim why` and JSON
    // readers see): kube-proxy's Pods (NodeAffinity's PreFilterResult leaves every other node out,
    // kept as one run) and the Pod whose PreFilter rejected it on every node included.
    const all = plain.objects<Pod>('pods').filter((p) => plain.schedulingDecision(p.metadata.namespace!, p.metadata.name!));
    expect(all.filter((p) => p.metadata.namespace === 'kube-system').length).toBeGreaterThanOrEqual(3);
    const claimless = plain.schedulingDecision('default', 'claimless')!;
    expect(claimless.verdicts.map((v) => v.rejectedBy?.plugin)).toEqual(['VolumeBinding', 'VolumeBinding', 'VolumeBinding', 'VolumeBinding']);
    // The last machine's kube-proxy Pod: every machine that joined before it left out.
    const leftOut = all.filter((p) => p.metadata.name!.startsWith('kube-proxy-')).map((p) => plain.schedulingDecision('kube-system', p.metadata.name!)!.verdicts.filter((v) => v.rejectedBy?.plugin === 'NodeAffinity').length);
    expect(Math.max(...leftOut)).toBe(3);
    for (const p of all) expect(JSON.stringify(scaled.schedulingDecision(p.metadata.namespace!, p.metadata.name!))).toBe(JSON.stringify(plain.schedulingDecision(p.metadata.namespace!, p.metadata.name!)));
  });

  it('bounds the time-travel change log between drains and says how much it dropped', () => {
    const sim = new Simulation({ seed: 2, cluster: { scaleMode: true } });
    sim.recordChanges();
    sim.drainDiff();
    const changes = worldOf(sim).changes;
    const filler = { seq: 0, key: 'pods/default/x', object: null };
    for (let i = 0; i < SCALE_CHANGE_LOG_WINDOW + (SCALE_CHANGE_LOG_WINDOW >> 3) + 1; i++) changes.log!.push(filler);
    boundChangeLog(changes);
    expect(changes.log).toHaveLength(SCALE_CHANGE_LOG_WINDOW);
    sim.advance(1000);
    const d = sim.drainDiff();
    expect(d.logDropped).toBe((SCALE_CHANGE_LOG_WINDOW >> 3) + 1);
    expect(sim.drainDiff().logDropped).toBeUndefined();
  });
});
