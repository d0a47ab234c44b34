/**
 * Stepping tools against the real engine (the worker host in-process): "next milestone" runs the
 * cluster ahead when the tape has no further milestone, and a run started from a log (a reload,
 * a shared link) shows its transcript again.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MILESTONES } from '../store/milestones';
import { createAppStore } from '../store/store';
import { HUNT_BUDGET_MS, HUNT_MAX_CHUNK_MS, SimBridge } from './bridge';
import { inProcess, settle } from './in-process.testing';

const GO_API = readFileSync(new URL('../../../examples/manifests/go-api.yaml', import.meta.url), 'utf8');
/** A Deployment whose image does not exist: its Pods never start, so its later milestones never come. */
const STUCK = GO_API.replace(/go-api/g, 'stuck').replace('registry.example.com/stuck:v1.0.0', 'nginx:1.27-doesnotexist');

async function paused(files: Record<string, string> = { 'go-api.yaml': GO_API }) {
  const clock = { t: 0 };
  const { factory, workers } = inProcess();
  const store = createAppStore();
  const bridge = new SimBridge({ createWorker: factory, store, seed: 1, topology: 'basic', now: () => clock.t, files });
  bridge.start();
  await settle();
  bridge.pause();
  return { store, bridge, workers };
}

/** The milestone the moment shown sits on, if any. */
function shownMilestone(bridge: SimBridge, seq: number): string | undefined {
  return bridge.milestones().find((m) => m.seq === seq)?.id;
}

describe('next milestone', () => {
  it('from a fresh apply, runs the cluster ahead and lands on every milestone in order', async () => {
    const { store, bridge, workers } = await paused();
    bridge.run('kubectl apply -f go-api.yaml');
    await settle();
    // Only "Deployment stored" is on the tape: the controllers have not run yet.
    expect(bridge.milestones().map((m) => m.id)).toEqual(['deployment-stored']);

    const reached: (string | undefined)[] = [];
    for (let i = 0; i < MILESTONES.length; i++) {
      expect(bridge.jumpMilestone(1)).toBe(true);
      await settle();
      reached.push(shownMilestone(bridge, store.getState().cluster.seq));
    }
    expect(reached).toEqual([...MILESTONES]);
    expect(store.getState().playback.playing).toBe(false);
    // The worker was asked for bounded chunks, and ran no further than one chunk past the last milestone.
    const advances = workers[0]!.received.flatMap((m) => (m.type === 'advance' ? [m.ms] : []));
    expect(advances.length).toBeGreaterThan(0);
    expect(Math.max(...advances)).toBeLessThanOrEqual(HUNT_MAX_CHUNK_MS);
    const c = store.getState().cluster;
    expect(c.tape!.frontierNow - c.now).toBeLessThanOrEqual(HUNT_MAX_CHUNK_MS);
    // Every milestone reached: nothing more to look for, and the cluster is left where it is.
    const frontier = c.tape!.frontierNow;
    expect(bridge.jumpMilestone(1)).toBe(false);
    await settle();
    expect(store.getState().cluster.tape!.frontierNow).toBe(frontier);
    // The way back is on the tape.
    expect(bridge.jumpMilestone(-1)).toBe(true);
    expect(shownMilestone(bridge, store.getState().cluster.seq)).toBe('containers-started');
  });

  it('gives up after its budget on a rollout that never gets there, and shows where the cluster got to', async () => {
    const { store, bridge } = await paused({ 'stuck.yaml': STUCK });
    bridge.run('kubectl apply -f stuck.yaml');
    await settle();
    const start = store.getState().cluster.tape!.frontierNow;
    const ids = (): string[] => bridge.milestones().map((m) => m.id);
    for (let i = 0; i < 6 && !ids().includes('sandboxes-ready'); i++) {
      bridge.jumpMilestone(1);
      await settle();
    }
    expect(ids()).toContain('sandboxes-ready');
    expect(bridge.jumpMilestone(1)).toBe(true);
    await settle();
    const c = store.getState().cluster;
    expect(ids()).not.toContain('containers-started');
    expect(c.tape!.frontierNow - start).toBeLessThanOrEqual(HUNT_BUDGET_MS + 60_000);
    expect(c.seq).toBe(c.tape!.frontierSeq);
  });

  it('stops looking when the learner does something else', async () => {
    const { store, bridge, workers } = await paused();
    bridge.run('kubectl apply -f go-api.yaml');
    await settle();
    bridge.jumpMilestone(1);
    const at = store.getState().cluster.seq;
    expect(bridge.jumpMilestone(1)).toBe(true);
    bridge.stepBack();
    const back = store.getState().cluster.seq;
    await settle();
    expect(back).toBeLessThan(at);
    expect(store.getState().cluster.seq).toBe(back);
    // One chunk was in flight; no more were asked for.
    expect(workers[0]!.received.filter((m) => m.type === 'advance')).toHaveLength(1);
  });
});

describe('a run started from its log', () => {
  it('shows the replayed commands and their output again, as replayed, before anything new', async () => {
    const { factory } = inProcess();
    const store = createAppStore();
    const bridge = new SimBridge({ createWorker: factory, store, seed: 1, topology: 'basic', now: () => 0, files: { 'go-api.yaml': GO_API } });
    bridge.start([
      { type: 'command', line: 'kubectl apply -f go-api.yaml' },
      { type: 'advance', ms: 30_000 },
      { type: 'command', line: 'kubectl get deployment go-api' },
      { type: 'command', line: 'kubectl get pods -w', interruptAt: 0 },
    ]);
    await settle();
    const entries = store.getState().terminal.entries;
    expect(entries.map((e) => e.line)).toEqual(['kubectl apply -f go-api.yaml', 'kubectl get deployment go-api', 'kubectl get pods -w']);
    expect(entries.every((e) => e.replayed)).toBe(true);
    expect(entries.map((e) => e.state)).toEqual(['done', 'done', 'interrupted']);
    expect(entries[0]!.output.map((c) => c.text).join('')).toBe('deployment.apps/go-api created\n');
    expect(entries[1]!.output.map((c) => c.text).join('')).toMatch(/go-api\s+3\/3\s+3\s+3/);
    expect(entries[0]!.startedAt).toBeLessThan(entries[1]!.startedAt!);
    // A command typed now comes after them.
    const id = bridge.run('kubectl get pods');
    expect(id).toBeGreaterThan(Math.max(...entries.map((e) => e.id)));
    await settle();
    expect(store.getState().terminal.entries.at(-1)).toMatchObject({ id, state: 'done' });
    expect(store.getState().terminal.entries.at(-1)!.replayed).toBeUndefined();
  });
});
