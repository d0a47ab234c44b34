/**
 * PodTopologySpread on the real engine: the system-default constraints spread a Deployment's
 * replicas over the workers whatever the tie-breaks draw, and a DoNotSchedule constraint that
 * cannot be met leaves the Pod Pending with kube-scheduler's FitError.
 */
import { describe, expect, it } from 'vitest';
import type { Deployment, KEvent, Pod, TopologySpreadConstraint } from '../../k8s/types';
import { Simulation } from '../simulation';
import { lastDecisionFor } from './decisions';
import { worldOf } from '../simulation';

function deploy(sim: Simulation, name: string, replicas: number, constraints?: TopologySpreadConstraint[]): void {
  const body: Deployment = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: 'default' },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'web', image: 'nginx:1.27' }], ...(constraints ? { topologySpreadConstraints: constraints } : {}) } },
    },
  };
  const res = sim.request({ verb: 'create', resource: 'deployments', namespace: 'default', body });
  if (!res.ok) throw new Error(res.error.message);
}

function podsOf(sim: Simulation, app: string): Pod[] {
  return sim.objects<Pod>('pods').filter((p) => p.metadata.namespace === 'default' && p.metadata.labels?.['app'] === app);
}

/** Replicas per worker, in node order. */
function placement(sim: Simulation, app: string): number[] {
  return ['node-1', 'node-2', 'node-3'].map((n) => podsOf(sim, app).filter((p) => p.spec.nodeName === n).length);
}

describe('default topology spreading', () => {
  it.each([1, 2, 3, 4, 5])('puts 3 replicas on 3 empty workers one each, and 6 two each (seed %i)', (seed) => {
    const sim = new Simulation({ seed });
    deploy(sim, 'web', 3);
    sim.advance(5_000);
    expect(placement(sim, 'web')).toEqual([1, 1, 1]);
    const res = sim.request({ verb: 'patch', resource: 'deployments', namespace: 'default', name: 'web', body: { spec: { replicas: 6 } } as unknown as Deployment });
    if (!res.ok) throw new Error(res.error.message);
    sim.advance(5_000);
    expect(placement(sim, 'web')).toEqual([2, 2, 2]);
  });

  it('records the PodTopologySpread score in the decision, lower on the node that already holds a replica', () => {
    const sim = new Simulation({ seed: 1 });
    deploy(sim, 'web', 2);
    sim.advance(5_000);
    const [first, second] = podsOf(sim, 'web').sort((a, b) => (a.metadata.creationTimestamp! < b.metadata.creationTimestamp! ? -1 : 1));
    const decisions = [first!, second!].map((p) => lastDecisionFor(worldOf(sim).decisions, 'default', p.metadata.name!)!);
    const later = decisions.find((d) => d.verdicts.some((v) => v.scores?.['PodTopologySpread'] === 50))!;
    expect(later).toBeDefined();
    // hostname: round(1·ln(3+2) + 3−1) = 4 against 2 elsewhere → 100·(4+2−4)/4 = 50.
    const busy = later.verdicts.find((v) => v.scores?.['PodTopologySpread'] === 50)!;
    expect(busy.node).not.toBe(later.node);
    expect(later.verdicts.filter((v) => v.scores).every((v) => v.scores!['PodTopologySpread'] === (v.node === busy.node ? 50 : 100))).toBe(true);
  });

  it('leaves a bare Pod (no Service, no controller) unscored by PodTopologySpread', () => {
    const sim = new Simulation({ seed: 1 });
    const pod: Pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'bare', namespace: 'default', labels: { app: 'bare' } }, spec: { containers: [{ name: 'c', image: 'nginx:1.27' }] } };
    const res = sim.request({ verb: 'create', resource: 'pods', namespace: 'default', body: pod });
    if (!res.ok) throw new Error(res.error.message);
    sim.advance(2_000);
    const d = lastDecisionFor(worldOf(sim).decisions, 'default', 'bare')!;
    expect(d.node).toBeDefined();
    expect(d.verdicts.some((v) => v.scores && 'PodTopologySpread' in v.scores)).toBe(false);
  });

  it('keeps the replica a DoNotSchedule constraint cannot place Pending with the FitError', () => {
    const sim = new Simulation({ seed: 1 });
    // The tainted control plane is still a hostname domain holding 0 (nodeTaintsPolicy Ignore):
    // once each worker holds one replica, a fourth would make the skew 2.
    deploy(sim, 'strict', 4, [{ maxSkew: 1, topologyKey: 'kubernetes.io/hostname', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'strict' } } }]);
    sim.advance(10_000);
    expect(placement(sim, 'strict')).toEqual([1, 1, 1]);
    const pending = podsOf(sim, 'strict').filter((p) => !p.spec.nodeName);
    expect(pending).toHaveLength(1);
    const cond = pending[0]!.status?.conditions?.find((c) => c.type === 'PodScheduled');
    const message =
      "0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 node(s) didn't match pod topology spread constraints. " +
      'preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod..';
    expect(cond).toMatchObject({ status: 'False', reason: 'Unschedulable', message });
    const ev = sim.objects<KEvent>('events').find((e) => e.reason === 'FailedScheduling' && e.involvedObject.name === pending[0]!.metadata.name);
    expect(ev?.message).toBe(message);
  });
});
