/**
 * The bridge against the real simulation host, run in-process: messages are structured-cloned
 * and delivered asynchronously, as postMessage would.
 */
import { describe, expect, it } from 'vitest';
import type { FromWorker, ToWorker } from '../../protocol/messages';
import { createSimHost } from '../../worker/host';
import { createAppStore, type AppStore } from '../store/store';
import { SimBridge, type WorkerEvents, type WorkerFactory } from './bridge';

interface FakeWorker {
  events: WorkerEvents;
  received: ToWorker[];
  terminated: boolean;
}

interface PortOptions {
  /** Drop this message from the worker instead of delivering it. */
  drop?: (m: FromWorker) => boolean;
  /** Never answer (a hung worker). */
  hang?: (m: ToWorker) => boolean;
}

function inProcess(opts: PortOptions = {}) {
  const workers: FakeWorker[] = [];
  const factory: WorkerFactory = (events) => {
    const w: FakeWorker = { events, received: [], terminated: false };
    workers.push(w);
    let hung = false;
    const host = createSimHost((m) => {
      const copy = structuredClone(m);
      queueMicrotask(() => {
        if (!w.terminated && !opts.drop?.(copy)) events.onMessage(copy);
      });
    });
    return {
      post(msg) {
        const copy = structuredClone(msg);
        w.received.push(copy);
        queueMicrotask(() => {
          if (w.terminated || hung) return;
          if (opts.hang?.(copy)) hung = true;
          else host.handle(copy);
        });
      },
      terminate() {
        w.terminated = true;
      },
    };
  };
  return { factory, workers };
}

const settle = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

function setup(opts: PortOptions = {}) {
  const clock = { t: 0 };
  const { factory, workers } = inProcess(opts);
  const store: AppStore = createAppStore();
  const bridge = new SimBridge({ createWorker: factory, store, seed: 1, topology: 'basic', now: () => clock.t });
  return { clock, workers, store, bridge };
}

describe('SimBridge', () => {
  it('boots the worker and loads the cluster from its snapshot', async () => {
    const { store, bridge, workers } = setup();
    bridge.start();
    await settle();
    const s = store.getState();
    expect(s.connection.status).toBe('ready');
    expect(s.connection.epochMs).toBeGreaterThan(0);
    expect(s.cluster.loaded).toBe(true);
    expect([...s.cluster.components.values()].some((c) => c.kind === 'kube-apiserver')).toBe(true);
    expect(workers[0]!.received[0]).toMatchObject({ type: 'init', seed: 1, topology: 'basic', commandLog: [] });
  });

  it('runs a command and records its output in the transcript', async () => {
    const { store, bridge } = setup();
    bridge.start();
    await settle();
    const before = store.getState().cluster.now;
    const id = bridge.run('sim advance 10s');
    expect(store.getState().terminal.entries.at(-1)).toMatchObject({ id, state: 'running' });
    await settle();
    expect(store.getState().terminal.entries.at(-1)).toMatchObject({ id, state: 'done', exitCode: 0 });
    expect(store.getState().cluster.now).toBe(before + 10_000);
    expect(bridge.commandLog).toEqual([{ type: 'command', line: 'sim advance 10s' }]);
  });

  it('turns wall time into simulated time at the chosen speed, one advance at a time', async () => {
    const { store, bridge, clock, workers } = setup();
    bridge.start();
    await settle();
    const t0 = store.getState().cluster.now;
    bridge.tick(); // first frame only sets the reference point
    clock.t = 100;
    bridge.tick();
    clock.t = 200;
    bridge.tick(); // the first advance is unanswered: nothing more is sent
    expect(workers[0]!.received.filter((m) => m.type === 'advance')).toHaveLength(1);
    await settle();
    expect(store.getState().cluster.now).toBe(t0 + 100);
    // Wall time that passed while the worker was busy is not lost: 200 ms × 5.
    bridge.setSpeed(5);
    clock.t = 300;
    bridge.tick();
    await settle();
    expect(store.getState().cluster.now).toBe(t0 + 100 + 1000);
    // A long gap (a backgrounded tab) moves the clock by at most maxStepMs × speed.
    clock.t = 60_000;
    bridge.tick();
    await settle();
    expect(store.getState().cluster.now).toBe(t0 + 1100 + 1250);
    bridge.setRunning(false);
    clock.t = 61_000;
    bridge.tick();
    await settle();
    expect(store.getState().cluster.now).toBe(t0 + 2350);
  });

  it('replaces a crashed worker and replays the log to the same cluster', async () => {
    const { store, bridge, clock, workers } = setup();
    bridge.start();
    await settle();
    bridge.run('sim advance 20s');
    bridge.tick();
    clock.t = 150;
    bridge.tick();
    await settle();
    const before = store.getState().cluster;

    workers[0]!.events.onCrash('boom');
    expect(store.getState().connection.status).toBe('restarting');
    await settle();
    const after = store.getState();
    expect(after.connection).toMatchObject({ status: 'ready', restarts: 1, notice: { kind: 'recovered', replayed: 2 } });
    expect(workers[1]!.received[0]).toMatchObject({
      type: 'init',
      commandLog: [
        { type: 'command', line: 'sim advance 20s' },
        { type: 'advance', ms: 150 },
      ],
    });
    expect(after.cluster.now).toBe(before.now);
    expect(after.cluster.objects).toEqual(before.objects);
  });

  it('marks an unanswered command as lost instead of replaying it', async () => {
    const { store, bridge, workers } = setup();
    bridge.start();
    await settle();
    const id = bridge.run('sim advance 5s');
    workers[0]!.events.onCrash('died mid-command');
    await settle();
    expect(store.getState().terminal.entries.find((e) => e.id === id)?.state).toBe('lost');
    expect(workers[1]!.received[0]).toMatchObject({ type: 'init', commandLog: [] });
  });

  it('ignores messages from a worker it already replaced', async () => {
    const { store, bridge, workers } = setup();
    bridge.start();
    await settle();
    workers[0]!.events.onCrash('first');
    await settle();
    const version = store.getState().cluster.version;
    workers[0]!.events.onMessage({ type: 'error', epoch: 1, message: 'stale', fatal: true });
    expect(store.getState().connection.restarts).toBe(1);
    expect(store.getState().cluster.version).toBe(version);
  });

  it('restarts a hung worker after the watchdog timeout', async () => {
    const { store, bridge, clock, workers } = setup({ hang: (m) => m.type === 'command' && m.line === 'sim status' });
    bridge.start();
    await settle();
    bridge.run('sim status');
    await settle();
    clock.t = 29_000;
    bridge.tick();
    expect(workers).toHaveLength(1);
    clock.t = 31_000;
    bridge.tick();
    await settle();
    expect(workers).toHaveLength(2);
    expect(store.getState().connection).toMatchObject({ status: 'ready', restarts: 1 });
  });

  it('gives up after repeated crashes and recovers on reset', async () => {
    const { store, bridge, workers } = setup();
    bridge.start();
    await settle();
    for (let i = 0; i < 4; i++) {
      workers.at(-1)!.events.onCrash(`crash ${i}`);
      await settle();
    }
    expect(store.getState().connection).toMatchObject({ status: 'failed', notice: { kind: 'failed', detail: 'crash 3' } });
    const id = bridge.run('sim status');
    expect(store.getState().terminal.entries.find((e) => e.id === id)?.state).toBe('lost');
    bridge.reset();
    await settle();
    expect(store.getState().connection.status).toBe('ready');
    expect(store.getState().terminal.entries).toEqual([]);
  });

  it('resynchronises from a snapshot when a diff is missing', async () => {
    let dropped = 0;
    const { store, bridge, workers } = setup({ drop: (m) => m.type === 'diff' && m.ack === 1 && dropped++ === 0 });
    bridge.start();
    await settle();
    bridge.run('sim advance 1s'); // id 1: its diff is lost in transit
    bridge.run('sim advance 2s'); // id 2: its diff does not chain, so the bridge asks for a snapshot
    await settle();
    await settle();
    expect(workers[0]!.received.some((m) => m.type === 'requestSnapshot')).toBe(true);
    const s = store.getState();
    expect(s.cluster.now).toBeGreaterThan(0);
    expect(bridge.commandLog).toHaveLength(2);
    // The state equals what a fresh worker replaying the log would show.
    const fresh = setup();
    fresh.bridge.start();
    await settle();
    fresh.bridge.run('sim advance 1s');
    fresh.bridge.run('sim advance 2s');
    await settle();
    expect(s.cluster.now).toBe(fresh.store.getState().cluster.now);
    expect(s.cluster.objects).toEqual(fresh.store.getState().cluster.objects);
  });
});
