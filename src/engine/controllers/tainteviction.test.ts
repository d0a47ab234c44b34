import { beforeAll, describe, expect, it } from 'vitest';
import type { Pod } from '../../k8s/types';
import { Simulation } from '../simulation';
import { advance, bind, create, eventMessages, events, fakeNode, get, keepAlive, patch, podSpec, waitFor } from './controllers.testing';

function boundPod(sim: Simulation, name: string, node: string, tolerationSeconds?: number): Pod {
  const tolerations = tolerationSeconds === undefined ? [] : [{ key: 'example.com/maintenance', operator: 'Exists' as const, effect: 'NoExecute' as const, tolerationSeconds }];
  const p = create<Pod>(sim, 'pods', { apiVersion: 'v1', kind: 'Pod', metadata: { name }, spec: podSpec('nginx:1.14.2', { tolerations }) });
  bind(sim, p, node);
  return p;
}

const taint = { key: 'example.com/maintenance', effect: 'NoExecute' };

describe('taint-eviction-controller', () => {
  let base: Simulation;
  beforeAll(() => {
    base = new Simulation({ seed: 1 });
  });
  const fresh = (): Simulation => Simulation.fromSnapshot(base.snapshot());

  it('deletes an intolerant Pod at once, with DisruptionTarget and TaintManagerEviction', () => {
    const sim = fresh();
    fakeNode(sim, 'w1');
    keepAlive(sim, 'w1');
    boundPod(sim, 'victim', 'w1');
    advance(sim, 1000);
    patch(sim, 'nodes', 'w1', { spec: { taints: [{ key: 'example.com/no-kubelet', effect: 'NoSchedule' }, taint] } }, undefined);
    waitFor(sim, 'deleted', () => !!get<Pod>(sim, 'pods', 'victim')?.metadata.deletionTimestamp, 5_000);
    const p = get<Pod>(sim, 'pods', 'victim')!;
    expect(p.status?.conditions?.find((c) => c.type === 'DisruptionTarget')).toMatchObject({
      status: 'True',
      reason: 'DeletionByTaintManager',
      message: 'Taint manager: deleting due to NoExecute taint',
    });
    // Bound to a Node with no kubelet, it stays Terminating: nobody force-deletes it.
    advance(sim, 60_000);
    expect(get<Pod>(sim, 'pods', 'victim')).toBeDefined();
    const e = events(sim, 'TaintManagerEviction')[0]!;
    expect(e).toMatchObject({ type: 'Normal', message: 'Marking for deletion Pod default/victim', source: { component: 'taint-eviction-controller' } });
    expect(e.involvedObject).toMatchObject({ kind: 'Pod', namespace: 'default', name: 'victim' });
  });

  it('waits tolerationSeconds for a tolerating Pod, and cancels if the taint goes first', () => {
    const sim = fresh();
    fakeNode(sim, 'w2');
    keepAlive(sim, 'w2');
    boundPod(sim, 'patient', 'w2', 30);
    boundPod(sim, 'lucky', 'w2', 60);
    advance(sim, 1000);
    patch(sim, 'nodes', 'w2', { spec: { taints: [{ key: 'example.com/no-kubelet', effect: 'NoSchedule' }, taint] } }, undefined);
    const tainted = sim.now;
    waitFor(sim, 'patient evicted', () => !!get<Pod>(sim, 'pods', 'patient')?.metadata.deletionTimestamp, 60_000);
    expect(sim.now - tainted).toBeGreaterThanOrEqual(30_000);
    expect(sim.now - tainted).toBeLessThan(32_000);
    expect(get<Pod>(sim, 'pods', 'lucky')!.metadata.deletionTimestamp).toBeUndefined();
    patch(sim, 'nodes', 'w2', { spec: { taints: [{ key: 'example.com/no-kubelet', effect: 'NoSchedule' }] } }, undefined);
    waitFor(sim, 'cancelled', () => eventMessages(sim, 'TaintManagerEviction').includes('Cancelling deletion of Pod default/lucky'), 5_000);
    advance(sim, 60_000);
    expect(get<Pod>(sim, 'pods', 'lucky')!.metadata.deletionTimestamp).toBeUndefined();
  });

  it('evicts at the new time when a cancelled eviction is scheduled again, later', () => {
    const sim = fresh();
    fakeNode(sim, 'w3');
    keepAlive(sim, 'w3');
    boundPod(sim, 'again', 'w3', 60);
    advance(sim, 1000);
    const tainted = { spec: { taints: [{ key: 'example.com/no-kubelet', effect: 'NoSchedule' }, taint] } };
    const untainted = { spec: { taints: [{ key: 'example.com/no-kubelet', effect: 'NoSchedule' }] } };
    patch(sim, 'nodes', 'w3', tainted, undefined);
    advance(sim, 20_000);
    patch(sim, 'nodes', 'w3', untainted, undefined);
    advance(sim, 10_000);
    // Due 60 s from now; the first eviction's wake, 30 s from now, is still waiting in the queue.
    patch(sim, 'nodes', 'w3', tainted, undefined);
    const retainted = sim.now;
    waitFor(sim, 'evicted', () => !!get<Pod>(sim, 'pods', 'again')?.metadata.deletionTimestamp, 90_000);
    expect(sim.now - retainted).toBeGreaterThanOrEqual(60_000);
    expect(sim.now - retainted).toBeLessThan(62_000);
  });
});
