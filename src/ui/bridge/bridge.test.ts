/**
 * The bridge against the real simulation host, run in-process: messages are structured-cloned
 * and delivered asynchronously, as postMessage would.
 */
import { describe, expect, it } from 'vitest';
import { createAppStore, type AppStore } from '../store/store';
import { SimBridge } from './bridge';
import { inProcess, settle, type PortOptions } from './in-process.testing';

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
    expect(store.getState().cluster.tape?.frontierNow).toBe(before + 10_000);
    // `sim advance` is a deliberate skip: the moment shown jumps to where it ended.
    expect(store.getState().cluster.now).toBe(before + 10_000);
    expect(bridge.commandLog).toEqual([{ type: 'command', line: 'sim advance 10s' }]);
  });

  it('jumps over a line the engine calls a skip, whatever its text, and plays out one it does not', async () => {
    const { store, bridge } = setup();
    bridge.start();
    await settle();
    bridge.play();
    bridge.tick(); // the wall clock stands still: the playhead moves only where the bridge puts it
    const before = store.getState().cluster.now;
    // The prompt's `sleep` behind an assignment is still its lead command: a skip.
    bridge.run('X=1 sleep 2');
    await settle();
    expect(store.getState().cluster.now).toBe(before + 2_000);
    // Inside `$(…)` the sleep only feeds the shell: the line plays out at the playhead's pace.
    const id = bridge.run('echo $(sleep 3)');
    await settle();
    expect(store.getState().cluster.tape!.frontierNow).toBe(before + 5_000);
    expect(store.getState().cluster.now).toBe(before + 2_000);
    expect(store.getState().terminal.entries.find((e) => e.id === id)).toMatchObject({ state: 'done', endedAt: before + 5_000 });
  });

  it('sends the terminal size with a line that may run watch, and logs it so a replay draws the same frames', async () => {
    const { store, bridge, workers } = setup();
    bridge.start();
    await settle();
    bridge.setTerminalSize({ columns: 100, rows: 30 });
    const id = bridge.run('watch -n 5 kubectl get nodes');
    bridge.run('kubectl get nodes');
    await settle();
    const sent = workers[0]!.received.filter((m) => m.type === 'command');
    expect(sent[0]).toMatchObject({ line: 'watch -n 5 kubectl get nodes', terminal: { columns: 100, rows: 30 } });
    expect(sent[1]).not.toHaveProperty('terminal');
    expect(bridge.commandLog[0]).toEqual({ type: 'command', line: 'watch -n 5 kubectl get nodes', terminal: { columns: 100, rows: 30 } });
    const frame = store.getState().terminal.entries.find((e) => e.id === id)!.output[0]!.screen!;
    expect(frame.rows).toHaveLength(30);
    expect(frame.rows[0]).toHaveLength(100);
  });

  it('sends the terminal size with a line that may run ls too: its columns fill the width', async () => {
    const { bridge, workers } = setup();
    bridge.start();
    await settle();
    bridge.setTerminalSize({ columns: 60, rows: 20 });
    bridge.run('ls -a');
    bridge.run('echo lsof');
    await settle();
    const sent = workers[0]!.received.filter((m) => m.type === 'command');
    expect(sent[0]).toMatchObject({ line: 'ls -a', terminal: { columns: 60, rows: 20 } });
    expect(sent[1]).not.toHaveProperty('terminal');
  });

  it('moves the playhead with wall time × speed, asking the worker to run just ahead of it', async () => {
    const { store, bridge, clock, workers } = setup();
    bridge.start();
    await settle();
    bridge.play(); // the page opens paused
    const t0 = store.getState().cluster.now;
    bridge.tick(); // first frame only sets the reference point
    clock.t = 100;
    bridge.tick();
    expect(workers[0]!.received.filter((m) => m.type === 'advance')).toHaveLength(1);
    await settle();
    const frontier = store.getState().cluster.tape!.frontierNow;
    expect(frontier).toBeGreaterThanOrEqual(t0 + 100);
    clock.t = 200;
    bridge.tick();
    // The playhead never passes what the worker has computed: the first frame waited for it.
    expect(store.getState().cluster.now).toBe(Math.min(t0 + 100, frontier));
    // Faster: 5× moves 5 simulated ms per wall ms; a long gap (a backgrounded tab) is capped at maxStepMs.
    bridge.setSpeed(5);
    clock.t = 300;
    bridge.tick();
    await settle();
    clock.t = 60_000;
    bridge.tick();
    await settle();
    clock.t = 60_001;
    bridge.tick();
    const moved = store.getState().cluster.now - t0;
    expect(moved).toBeGreaterThan(200);
    expect(moved).toBeLessThanOrEqual(200 + 500 + 1250 + 5);
    // Paused: nothing moves, nothing is asked.
    bridge.pause();
    const before = store.getState().cluster.now;
    const asked = workers[0]!.received.length;
    clock.t = 70_000;
    bridge.tick();
    await settle();
    expect(store.getState().cluster.now).toBe(before);
    expect(workers[0]!.received).toHaveLength(asked);
    // Speed stays within 0.1×–20×.
    bridge.setSpeed(100);
    expect(store.getState().playback.speed).toBe(20);
    bridge.setSpeed(0.01);
    expect(store.getState().playback.speed).toBe(0.1);
  });

  it('replaces a crashed worker and replays the log to the same cluster', async () => {
    const { store, bridge, clock, workers } = setup();
    bridge.start();
    await settle();
    bridge.run('kubectl get nodes');
    await settle();
    bridge.play();
    bridge.tick();
    clock.t = 150;
    bridge.tick();
    await settle();
    // Paused at the frontier: a replayed input comes back as its last diff only (the protocol's
    // rule), so versions written between the playhead and the frontier of the last input would
    // show their final state after the replay — the frontier is where the two clusters compare.
    bridge.pause();
    bridge.seek(store.getState().cluster.tape!.frontierSeq);
    await settle();
    const before = store.getState().cluster;
    expect(before.now).toBeGreaterThan(0);

    workers[0]!.events.onCrash('boom');
    expect(store.getState().connection.status).toBe('restarting');
    await settle();
    const after = store.getState();
    expect(after.connection).toMatchObject({ status: 'ready', restarts: 1, notice: { kind: 'recovered', replayed: 2 } });
    // The command, then what playing asked of the worker (lookahead past the playhead).
    const init = workers[1]!.received[0]!;
    expect(init.type === 'init' && init.commandLog?.[0]).toEqual({ type: 'command', line: 'kubectl get nodes' });
    expect(init.type === 'init' && init.commandLog?.slice(1).every((e) => e.type === 'advance' && e.ms > 0)).toBe(true);
    expect(after.cluster.now).toBe(before.now);
    expect(after.cluster.seq).toBe(before.seq);
    expect(after.cluster.objects).toEqual(before.objects);
  });

  it('marks an unanswered command as lost instead of replaying it', async () => {
    const { store, bridge, workers } = setup();
    bridge.start();
    await settle();
    const id = bridge.run('sim advance 5s');
    workers[0]!.events.onCrash('died mid-command');
    await settle();
    expect(store.getState().terminal.entries.find((e) => e.id === id)).toMatchObject({ state: 'lost', lost: 'restarted' });
    expect(workers[1]!.received[0]).toMatchObject({ type: 'init', commandLog: [] });
  });

  it('ignores messages from a worker it already replaced', async () => {
    const { store, bridge, workers } = setup();
    bridge.start();
    await settle();
    workers[0]!.events.onCrash('first');
    await settle();
    const tape = store.getState().cluster.tape;
    workers[0]!.events.onMessage({ type: 'error', epoch: 1, message: 'stale', fatal: true });
    expect(store.getState().connection.restarts).toBe(1);
    expect(store.getState().cluster.tape).toBe(tape);
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

  it('gives a cluster rebuild time to boot its nodes before calling the worker hung', async () => {
    const line = 'sim topology basic --nodes 1000';
    const { bridge, clock, workers } = setup({ hang: (m) => m.type === 'command' && m.line === line });
    bridge.start();
    await settle();
    bridge.run(line);
    await settle();
    // 1,000 nodes boot silently: 30 s + 60 ms per node of patience.
    clock.t = 80_000;
    bridge.tick();
    expect(workers).toHaveLength(1);
    clock.t = 91_000;
    bridge.tick();
    await settle();
    expect(workers).toHaveLength(2);
  });

  it('gives up after repeated crashes and recovers on reset', async () => {
    const { store, bridge, workers } = setup();
    bridge.start();
    await settle();
    let pending = 0;
    for (let i = 0; i < 4; i++) {
      // A line in flight when the last crash makes the page give up.
      if (i === 3) pending = bridge.run('sim advance 5s');
      workers.at(-1)!.events.onCrash(`crash ${i}`);
      await settle();
    }
    expect(store.getState().connection).toMatchObject({ status: 'failed', notice: { kind: 'failed', detail: 'crash 3' } });
    expect(store.getState().terminal.entries.find((e) => e.id === pending)).toMatchObject({ state: 'lost', lost: 'stopped' });
    const id = bridge.run('sim status');
    // The page stopped using workers: the line says so, not that the simulation restarted.
    expect(store.getState().terminal.entries.find((e) => e.id === id)).toMatchObject({ state: 'lost', lost: 'stopped' });
    bridge.reset();
    await settle();
    expect(store.getState().connection.status).toBe('ready');
    expect(store.getState().terminal.entries).toEqual([]);
  });

  describe('before any cluster exists (a lesson link’s page, until its lesson asks for one)', () => {
    const lines = (store: AppStore) => store.getState().terminal.entries.map((e) => ({ line: e.line, state: e.state, out: e.output.map((c) => c.text).join('') }));

    it('keeps what is typed (and the editor’s Apply) as running, then runs it once on the first cluster, after its init', async () => {
      const { store, bridge, workers } = setup();
      const typed = bridge.run('kubectl get nodes');
      const applied = bridge.run('kubectl apply -f -', 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: early\n');
      expect(typed).toBeGreaterThan(0);
      expect(applied).toBeGreaterThan(typed);
      await settle();
      expect(workers).toHaveLength(0);
      expect(lines(store)).toEqual([
        { line: 'kubectl get nodes', state: 'running', out: '' },
        { line: 'kubectl apply -f -', state: 'running', out: '' },
      ]);
      const idle: number[] = [];
      const unsubscribe = store.subscribe((st) => {
        if (!st.terminal.entries.some((e) => e.state === 'running')) idle.push(st.terminal.entries.length);
      });
      bridge.start();
      unsubscribe();
      expect(idle).toEqual([]);
      expect(workers[0]!.received.map((m) => m.type)).toEqual(['init', 'command', 'command']);
      await settle();
      expect(lines(store)).toEqual([
        { line: 'kubectl get nodes', state: 'done', out: expect.stringMatching(/^NAME +STATUS +ROLES/) },
        { line: 'kubectl apply -f -', state: 'done', out: 'namespace/early created\n' },
      ]);
      expect(bridge.commandLog).toEqual([
        { type: 'command', line: 'kubectl get nodes' },
        { type: 'command', line: 'kubectl apply -f -', stdin: 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: early\n' },
      ]);
      // Once: a crash replays the log, which holds each line once, and nothing is sent again.
      workers[0]!.events.onCrash('boom');
      await settle();
      const init = workers[1]!.received[0]!;
      expect(init.type === 'init' && init.commandLog?.length).toBe(2);
      expect(workers[1]!.received.filter((m) => m.type === 'command')).toEqual([]);
    });

    it('runs it on the lesson’s cluster when the lesson asks for one: after the lesson’s run, below its replayed transcript', async () => {
      const { store, bridge, workers } = setup();
      bridge.run('kubectl get ns');
      // The terminal never looks idle meanwhile: it would run a pasted line queued behind this one first.
      const idle: number[] = [];
      const unsubscribe = store.subscribe((st) => {
        if (!st.terminal.entries.some((e) => e.state === 'running')) idle.push(st.terminal.entries.length);
      });
      const ready = bridge.restart({ seed: 3, topology: 'basic', log: [{ type: 'command', line: 'sim advance 1s' }] }, {});
      unsubscribe();
      expect(idle).toEqual([]);
      // The rebuild clears the transcript, not the line waiting for it.
      expect(lines(store)).toEqual([{ line: 'kubectl get ns', state: 'running', out: '' }]);
      expect(workers[0]!.received.map((m) => m.type)).toEqual(['init', 'command']);
      expect(workers[0]!.received[0]).toMatchObject({ type: 'init', seed: 3, commandLog: [{ type: 'command', line: 'sim advance 1s' }] });
      await ready;
      await settle();
      expect(lines(store)).toEqual([
        { line: 'sim advance 1s', state: 'done', out: '' },
        { line: 'kubectl get ns', state: 'done', out: expect.stringMatching(/^NAME +STATUS +AGE\n/) },
      ]);
      expect(bridge.commandLog).toEqual([
        { type: 'command', line: 'sim advance 1s' },
        { type: 'command', line: 'kubectl get ns' },
      ]);
      // The same run, started again from its log (a reload), gives the same cluster: the line is part of it.
      const again = setup();
      again.bridge.restart({ seed: 3, topology: 'basic', log: bridge.commandLog }, {});
      await settle();
      expect(again.store.getState().cluster.objects).toEqual(store.getState().cluster.objects);
    });

    it('says in one line that it was not run when the first cluster fails before running it', async () => {
      const { store, bridge, workers } = setup({ hang: (m) => m.type === 'init' });
      bridge.run('kubectl get nodes');
      bridge.start();
      workers[0]!.events.onCrash('boot failed');
      await settle();
      expect(lines(store)).toEqual([{ line: 'kubectl get nodes', state: 'lost', out: '' }]);
      expect(workers.flatMap((w) => w.received).filter((m) => m.type === 'command')).toHaveLength(1);
    });
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
    expect(s.cluster.tape?.frontierNow).toBe(fresh.store.getState().cluster.tape?.frontierNow);
    expect(s.cluster.tape?.latest).toEqual(fresh.store.getState().cluster.tape?.latest);
  });
});

describe('SimBridge in scale mode', () => {
  it('moves the moment shown a few times a second while playing, losing no simulated time', async () => {
    const { store, bridge, clock } = setup();
    bridge.start();
    await settle();
    bridge.run('sim topology basic --scale-mode on');
    await settle();
    expect(store.getState().cluster.scaleMode).toBe(true);
    bridge.play();
    bridge.tick();
    const t0 = store.getState().cluster.now;
    const shown: number[] = [];
    // 60 frames a second for one second of wall time.
    for (let i = 1; i <= 60; i++) {
      clock.t += 1000 / 60;
      bridge.tick();
      await settle();
      shown.push(store.getState().cluster.now);
    }
    const moves = shown.filter((t, i) => t !== (i === 0 ? t0 : shown[i - 1]));
    // At most 8 moments in a second (the first tick only asks the worker to run ahead).
    expect(moves.length).toBeGreaterThanOrEqual(5);
    expect(moves.length).toBeLessThanOrEqual(8);
    // Each move covers the wall time since the last one: playing is as fast as before.
    expect(shown.at(-1)! - t0).toBeGreaterThanOrEqual(750);
  });
});
