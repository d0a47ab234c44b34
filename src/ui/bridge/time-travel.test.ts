/**
 * Time travel through the bridge against the real engine: a paused learner applies the go-api
 * Deployment, steps through the chain message by message to three Running Pods, scrubs back to
 * "ReplicaSet created", and forks the run from the past.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Pod } from '../../k8s/types';
import { objectsOf } from '../store/cluster';
import { createAppStore } from '../store/store';
import { SimBridge } from './bridge';
import { inProcess, settle } from './in-process.testing';

const GO_API = readFileSync(new URL('../../../examples/manifests/go-api.yaml', import.meta.url), 'utf8');

async function pausedWithGoApi() {
  const clock = { t: 0 };
  const { factory, workers } = inProcess();
  const store = createAppStore();
  const bridge = new SimBridge({ createWorker: factory, store, seed: 1, topology: 'basic', now: () => clock.t, files: { 'go-api.yaml': GO_API } });
  bridge.start();
  await settle();
  bridge.pause();
  bridge.run('kubectl apply -f go-api.yaml');
  await settle();
  /** Plays at 20× for `frames` frames of 250 ms wall time. */
  const play = async (frames: number): Promise<void> => {
    bridge.setSpeed(20);
    bridge.play();
    bridge.tick();
    for (let i = 0; i < frames; i++) {
      clock.t += 250;
      bridge.tick();
      await settle();
    }
  };
  return { store, bridge, workers, play };
}

const userPods = (objects: ReadonlyMap<string, unknown>) => objectsOf<Pod>(objects as never, 'pods').filter((p) => p.metadata.namespace === 'default');

async function stepUntil(bridge: SimBridge, done: () => boolean, limit = 400): Promise<number> {
  for (let i = 1; i <= limit; i++) {
    bridge.stepForward();
    await settle();
    await settle();
    if (done()) return i;
  }
  throw new Error(`not reached in ${limit} steps`);
}

describe('time travel', () => {
  it('steps one message at a time from the apply to three Running Pods, passing every milestone in order', async () => {
    const { store, bridge } = await pausedWithGoApi();
    expect(store.getState().terminal.entries.at(-1)?.output.map((c) => c.text).join('')).toBe('deployment.apps/go-api created\n');
    // Paused: the page shows the moment kubectl's first request left, before anything was stored.
    expect(store.getState().cluster.trace.at(-1)).toMatchObject({ from: 'kubectl', to: 'kube-apiserver', kind: 'request' });
    expect(store.getState().cluster.objects.has('deployments/default/go-api')).toBe(false);

    const seen: number[] = [];
    let previous = store.getState().cluster.seq;
    const steps = await stepUntil(bridge, () => {
      const c = store.getState().cluster;
      expect(c.seq).toBeGreaterThan(previous);
      previous = c.seq;
      seen.push(c.seq);
      const pods = userPods(c.objects);
      return pods.length === 3 && pods.every((p) => p.status?.conditions?.some((x) => x.type === 'Ready' && x.status === 'True'));
    });
    expect(steps).toBeGreaterThan(20);
    // The first step is kube-apiserver's pipeline working on that request.
    const first = store.getState().cluster.tape!.records.find((r) => r.seq === seen[0]);
    expect(first).toMatchObject({ from: 'kube-apiserver', to: 'kube-apiserver' });

    const ms = bridge.milestones().filter((m) => m.deployment === 'default/go-api');
    expect(ms.map((m) => m.id)).toEqual(['deployment-stored', 'replicaset-created', 'pods-created', 'pods-bound', 'sandboxes-ready', 'containers-started', 'pods-ready']);
    expect(ms.map((m) => m.seq)).toEqual([...ms.map((m) => m.seq)].sort((a, b) => a - b));
    // The last one is the response to the write that made the third Pod Ready, which was the last step.
    const shown = store.getState().cluster;
    const commit = shown.tape!.records.find((r) => r.seq === shown.seq);
    expect(commit?.kind).toBe('etcd-commit');
    expect(shown.tape!.records.find((r) => r.seq === ms.at(-1)!.seq)).toMatchObject({ kind: 'response', requestId: commit!.requestId });
  });

  it('scrubs back to "ReplicaSet created" (no Pods yet) and forward again', async () => {
    const { store, bridge, play } = await pausedWithGoApi();
    await play(40);
    const ready = () => userPods(store.getState().cluster.objects).filter((p) => p.status?.conditions?.some((x) => x.type === 'Ready' && x.status === 'True')).length;
    expect(ready()).toBe(3);
    const end = store.getState().cluster.seq;

    const rs = bridge.milestones().find((m) => m.id === 'replicaset-created')!;
    bridge.seek(rs.seq);
    const c = store.getState().cluster;
    expect(objectsOf(c.objects, 'replicasets').some((r) => r.metadata.name?.startsWith('go-api-'))).toBe(true);
    expect(userPods(c.objects)).toHaveLength(0);
    expect(store.getState().playback.following).toBe(false);

    expect(bridge.jumpMilestone(1)).toBe(true);
    expect(userPods(store.getState().cluster.objects)).toHaveLength(3);
    bridge.seek(store.getState().cluster.tape!.frontierSeq);
    expect(ready()).toBe(3);
    expect(store.getState().playback.following).toBe(true);

    bridge.stepBack();
    expect(store.getState().cluster.seq).toBeLessThan(end);
  });

  it('forks from the past: the command waits for confirmation, then the old future is gone', async () => {
    const { store, bridge, workers, play } = await pausedWithGoApi();
    await stepUntil(bridge, () => objectsOf(store.getState().cluster.objects, 'replicasets').some((r) => r.metadata.name?.startsWith('go-api-')));
    await stepUntil(bridge, () => userPods(store.getState().cluster.objects).length === 3);
    const rs = bridge.milestones().find((m) => m.id === 'replicaset-created')!;
    bridge.seek(rs.seq);
    const forkAt = Math.floor(store.getState().cluster.now);

    expect(bridge.run('kubectl scale deployment go-api --replicas=1')).toBe(0);
    expect(store.getState().playback.pendingFork).toMatchObject({ line: 'kubectl scale deployment go-api --replicas=1', atMs: forkAt });
    bridge.cancelFork();
    expect(store.getState().playback.pendingFork).toBeUndefined();

    bridge.run('kubectl scale deployment go-api --replicas=1');
    bridge.confirmFork();
    await settle();
    await settle();
    const init = workers.at(-1)!.received[0];
    if (init?.type !== 'init') throw new Error('no init');
    // The apply and the steps that led to the fork point, nothing after it.
    expect(init.commandLog?.[0]).toEqual({ type: 'command', line: 'kubectl apply -f go-api.yaml' });
    expect(init.commandLog?.slice(1).every((e) => e.type === 'step' || e.type === 'advance')).toBe(true);
    expect(store.getState().cluster.tape!.frontierNow).toBeGreaterThanOrEqual(forkAt);
    expect(store.getState().terminal.entries.at(-1)?.output.map((c) => c.text).join('')).toBe('deployment.apps/go-api scaled\n');
    await play(40);
    const pods = userPods(store.getState().cluster.objects).filter((p) => !p.metadata.deletionTimestamp);
    expect(pods).toHaveLength(1);
  });
});
