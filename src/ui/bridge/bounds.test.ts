/**
 * Links, replays and long work against the real simulation host run in-process: a crafted run is
 * refused with the bound it breaks, a recovery that fails again gives up, and long work keeps
 * the watchdog quiet while the terminal shows how far it has got.
 */
import { describe, expect, it } from 'vitest';
import { MAX_ADVANCE_MS, type FromWorker, type LogEntry, type ToWorker } from '../../protocol/messages';
import { createSimHost } from '../../worker/host';
import { createAppStore, type AppStore } from '../store/store';
import { SimBridge, type WorkerFactory } from './bridge';
import { inProcess, settle } from './in-process.testing';

function setup() {
  const clock = { t: 0 };
  const { factory, workers } = inProcess();
  const store: AppStore = createAppStore();
  const bridge = new SimBridge({ createWorker: factory, store, seed: 1, topology: 'basic', now: () => clock.t });
  return { clock, workers, store, bridge };
}

describe('runs from links and classroom messages', () => {
  it('refuses a crafted run instead of restarting forever, and a fresh cluster is one click away', async () => {
    const { store, bridge, workers } = setup();
    bridge.start([{ type: 'command', line: 'kubectl get nodes' }, { type: 'advance', ms: 1e12 }]);
    await settle();
    expect(store.getState().connection).toMatchObject({ status: 'failed', notice: { kind: 'refused', refusal: { limit: 'advance', index: 1, ms: 1e12, max: MAX_ADVANCE_MS } } });
    // No restart: the same log would be refused again.
    expect(workers).toHaveLength(1);
    expect(workers[0]!.terminated).toBe(true);
    bridge.reset();
    await settle();
    expect(store.getState().connection).toMatchObject({ status: 'ready', notice: undefined });
    expect(bridge.commandLog).toEqual([]);
    const id = bridge.run('kubectl get nodes');
    await settle();
    expect(store.getState().terminal.entries.find((e) => e.id === id)).toMatchObject({ state: 'done', exitCode: 0 });
  });

  it('gives up when a recovery fails again while replaying, however far apart the failures are', async () => {
    const { store, bridge, workers, clock } = setup();
    bridge.start();
    await settle();
    bridge.run('sim advance 5s');
    await settle();
    clock.t = 40_000;
    workers[0]!.events.onCrash('first');
    expect(store.getState().connection.status).toBe('restarting');
    // The replacement dies before it is ready, 40 s later: the 3-in-60 s rule alone would retry.
    clock.t = 80_000;
    workers[1]!.events.onCrash('again');
    await settle();
    expect(store.getState().connection).toMatchObject({ status: 'failed', notice: { kind: 'failed', detail: 'again' } });
    expect(workers).toHaveLength(2);
  });

  it('shows how far a replay has got while it runs', async () => {
    const { store, bridge } = setup();
    const log: LogEntry[] = [{ type: 'command', line: 'kubectl get nodes' }, { type: 'advance', ms: 1000 }, { type: 'command', line: 'sim advance 1s' }];
    const seen: (string | undefined)[] = [];
    const unsubscribe = store.subscribe((s) => seen.push(s.connection.replay && `${s.connection.replay.done}/${s.connection.replay.total}`));
    bridge.start(log);
    await settle();
    unsubscribe();
    expect([...new Set(seen.filter(Boolean))]).toEqual(['0/3', '1/3', '2/3', '3/3']);
    expect(store.getState().connection).toMatchObject({ status: 'ready', replay: undefined });
  });
});

/**
 * A worker whose messages the test delivers one by one, with wall time passing between them:
 * what the page sees while the worker is still busy with long work.
 */
function slowWorker() {
  const outbox: FromWorker[] = [];
  const started: { deliver: (m: FromWorker) => void }[] = [];
  const factory: WorkerFactory = (events) => {
    const host = createSimHost((m) => outbox.push(structuredClone(m)));
    started.push({ deliver: (m) => events.onMessage(m) });
    return {
      post: (msg: ToWorker) => host.handle(structuredClone(msg)),
      terminate() {},
    };
  };
  return { factory, outbox, started };
}

describe('long work in the page', () => {
  it('keeps the watchdog quiet and shows the command progressing, then its result', () => {
    const clock = { t: 0 };
    const { factory, outbox, started } = slowWorker();
    const store = createAppStore();
    const bridge = new SimBridge({ createWorker: factory, store, seed: 1, topology: 'basic', now: () => clock.t, watchdogMs: 30_000 });
    bridge.start();
    for (const m of outbox.splice(0)) started[0]!.deliver(m);
    const id = bridge.run('sim advance 1h');
    const msgs = outbox.splice(0);
    const partial = msgs.filter((m) => m.type === 'diff' && m.partial);
    expect(partial.length).toBeGreaterThan(2);
    const progress: number[] = [];
    for (const m of msgs) {
      // Each report arrives 20 s after the one before: the whole command takes minutes of wall time.
      if (m.type === 'diff' && m.partial) clock.t += 20_000;
      bridge.tick();
      started[0]!.deliver(m);
      const e = store.getState().terminal.entries.find((x) => x.id === id)!;
      if (e.state === 'running' && e.progress) progress.push(e.progress.now - e.progress.start);
    }
    expect(started).toHaveLength(1);
    expect(store.getState().connection.status).toBe('ready');
    // From the second report on: the first one alone could be the start of a burst (PROGRESS_AFTER_MS).
    expect(progress.length).toBe(partial.length - 1);
    expect(progress.every((p, i) => p > 0 && p <= 3_600_000 && (i === 0 || p >= progress[i - 1]!))).toBe(true);
    expect(store.getState().terminal.entries.find((x) => x.id === id)).toMatchObject({ state: 'done', exitCode: 0 });
    expect(store.getState().terminal.entries.find((x) => x.id === id)?.progress).toBeUndefined();
    expect(store.getState().cluster.tape?.frontierNow).toBe(store.getState().cluster.now);
  });
});
