/**
 * The worker's classroom byte budget (worker/outbox.ts) is invisible to the learner: the same
 * session — a paused apply stepped message by message, played at 20×, a long `sim advance`,
 * a pause point — through a worker whose diffs are cut into many small pieces and through one
 * that sends each request's data whole leaves the page in the same state after every action,
 * and every moment on the tape looks the same when the learner travels back to it. So it is
 * for a page attached to `reconcile serve`, whose host sends through the same outbox, with what
 * outside kubectls and the control endpoint push to it besides.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { FromWorker } from '../../protocol/messages';
import { ServedCluster } from '../../serve/cluster';
import type { AppState } from '../store/store';
import { createAppStore } from '../store/store';
import type { Tape } from '../store/tape';
import { SimBridge, type WorkerFactory } from './bridge';
import { attachedInProcess, inProcess, settle } from './in-process.testing';

const GO_API = readFileSync(new URL('../../../examples/manifests/go-api.yaml', import.meta.url), 'utf8');

async function page(classroomBytes: number) {
  const diffs = { n: 0 };
  const { factory, workers } = inProcess({ budgets: { classroomBytes }, drop: counter(diffs) });
  return { ...(await started(factory)), workers, diffs };
}

/** Counts the diffs a page receives (and drops none). */
const counter =
  (diffs: { n: number }) =>
  (m: FromWorker): boolean => {
    if (m.type === 'diff') diffs.n++;
    return false;
  };

async function started(factory: WorkerFactory) {
  const clock = { t: 0 };
  const store = createAppStore();
  const bridge = new SimBridge({ createWorker: factory, store, seed: 1, topology: 'basic', now: () => clock.t, files: { 'go-api.yaml': GO_API } });
  bridge.start();
  await settle();
  bridge.pause();
  return { store, bridge, clock };
}

/** A page attached to a served cluster of its own (`reconcile serve --clock manual`), its diffs cut at `classroomBytes`. */
async function attached(classroomBytes: number) {
  const cluster = new ServedCluster({ seed: 1, topology: 'basic', clock: 'manual', speed: 1 });
  const diffs = { n: 0 };
  const { factory } = attachedInProcess(cluster, { classroomBytes, drop: counter(diffs) });
  return { ...(await started(factory)), cluster, diffs };
}

/** What the tape holds, without the diff version (more pieces, higher numbers). */
function tapeOf(t: Tape) {
  return {
    baseSeq: t.baseSeq,
    baseNow: t.baseNow,
    records: t.records.slice(0, t.recordCount),
    changes: t.changes.slice(0, t.changeCount),
    componentChanges: t.componentChanges.slice(0, t.componentChangeCount),
    frontierNow: t.frontierNow,
    frontierSeq: t.frontierSeq,
  };
}

/**
 * What the page renders from — the moment shown (objects, components, the trace the sequence view
 * projects), the transcript, the playback — and the tape's end (all of it with `whole`).
 */
function view(s: AppState, whole = false) {
  const { tape, ...cluster } = s.cluster;
  const t = tape && tapeOf(tape);
  return {
    cluster,
    tape: whole ? t : t && { records: t.records.length, changes: t.changes.length, components: t.componentChanges.length, frontierNow: t.frontierNow, frontierSeq: t.frontierSeq },
    terminal: s.terminal,
    playback: s.playback,
  };
}

type Pair = Pick<Awaited<ReturnType<typeof page>>, 'store' | 'bridge'>;

/** Runs each action on the whole page, then the cut one; after each the two pages show the same. */
function inStep<P extends Pair>(whole: P, cut: P) {
  return async (act: (p: P) => unknown): Promise<void> => {
    for (const p of [whole, cut]) {
      await act(p);
      await settle();
      await settle();
    }
    expect(view(cut.store.getState())).toEqual(view(whole.store.getState()));
  };
}

/** The same tape, and the same page at moments all over it, jumped to and stepped back through. */
function sameTape(whole: Pair, cut: Pair): void {
  expect(view(cut.store.getState(), true)).toEqual(view(whole.store.getState(), true));
  const seqs = whole.store.getState().cluster.tape!.records.map((r) => r.seq);
  expect(seqs.length).toBeGreaterThan(1000);
  for (let i = seqs.length - 1; i >= 0; i -= Math.ceil(seqs.length / 50)) {
    for (const p of [whole, cut]) p.bridge.seek(seqs[i]!);
    expect(view(cut.store.getState())).toEqual(view(whole.store.getState()));
  }
  for (let i = 0; i < 20; i++) {
    for (const p of [whole, cut]) p.bridge.stepBack();
    expect(view(cut.store.getState())).toEqual(view(whole.store.getState()));
  }
}

describe('classroom diffs cut by bytes', () => {
  it('leave the page exactly as whole diffs do: stepping, playing, commands, pause points and time travel', async () => {
    const whole = await page(Number.POSITIVE_INFINITY);
    const cut = await page(2 * 1024);
    const both = inStep(whole, cut);

    await both((p) => p.bridge.run('kubectl apply -f go-api.yaml'));
    for (let i = 0; i < 60; i++) await both((p) => p.bridge.stepForward());
    await both((p) => {
      p.bridge.setSpeed(20);
      p.bridge.play();
      p.bridge.tick();
    });
    for (let i = 0; i < 30; i++) {
      await both((p) => {
        p.clock.t += 250;
        p.bridge.tick();
      });
    }
    await both((p) => p.bridge.pause());
    await both((p) => p.bridge.run('sim advance 10m'));
    await both((p) => p.bridge.run('kubectl scale deployment go-api --replicas=5'));
    await both((p) => p.bridge.until({ trace: { kind: 'etcd-commit', object: { kind: 'Pod' } } }, 60_000).catch(() => undefined));
    for (let i = 0; i < 20; i++) await both((p) => p.bridge.stepForward());

    // The same requests, but the cut worker really did cut: many more diffs answered them.
    const requests = (p: typeof whole): unknown[] => p.workers[0]!.received.map((m) => ('id' in m ? { ...m, id: 0 } : m));
    expect(requests(cut)).toEqual(requests(whole));
    expect(cut.diffs.n).toBeGreaterThan(2 * whole.diffs.n);

    // The same tape; time travel: moments all over it, backwards, look the same.
    sameTape(whole, cut);
  });

  it('a command answered in a burst of pieces never shows as progressing: its status would flash for a frame', async () => {
    const cut = await page(2 * 1024);
    const progressing: number[] = [];
    cut.store.subscribe((s) => {
      for (const e of s.terminal.entries) if (e.state === 'running' && e.progress) progressing.push(e.id);
    });
    for (const line of ['kubectl apply -f go-api.yaml', 'sim advance 2s', 'sim advance 30s']) {
      const before = cut.diffs.n;
      const id = cut.bridge.run(line);
      // A slow machine: the work takes a second before its diffs leave the worker, all together.
      cut.clock.t += 1000;
      for (let i = 0; i < 20 && cut.store.getState().terminal.entries.find((e) => e.id === id)?.state === 'running'; i++) await settle();
      expect(cut.store.getState().terminal.entries.find((e) => e.id === id)?.state).toBe('done');
      if (line.startsWith('sim advance')) expect(cut.diffs.n - before).toBeGreaterThan(2);
    }
    expect(progressing).toEqual([]);
  });
});

describe('an attached page’s diffs cut by bytes', () => {
  it('leave it exactly as whole diffs do: its own requests, what outside kubectls and the control endpoint push, time travel', async () => {
    const whole = await attached(Number.POSITIVE_INFINITY);
    const cut = await attached(2 * 1024);
    const both = inStep(whole, cut);

    await both((p) => p.bridge.run('kubectl create deployment web --image=nginx --replicas=6'));
    for (let i = 0; i < 40; i++) await both((p) => p.bridge.stepForward());
    await both((p) => {
      p.bridge.setSpeed(20);
      p.bridge.play();
      p.bridge.tick();
    });
    for (let i = 0; i < 20; i++) {
      await both((p) => {
        p.clock.t += 250;
        p.bridge.tick();
      });
    }
    await both((p) => p.bridge.pause());
    // Paused at the frontier, the page shows what others do as it arrives.
    await both((p) => p.cluster.request({ verb: 'create', resource: 'configmaps', namespace: 'default', body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'outside' }, data: { a: '1' } } }, 'kubernetes-admin', { session: 's1', command: 'kubectl create' }));
    await both((p) => p.cluster.control(['sim fail kube-scheduler', 'advance 2m']));
    const shown = cut.store.getState().cluster;
    expect(shown.objects.has('configmaps/default/outside')).toBe(true);
    expect([shown.seq, shown.now]).toEqual([shown.tape!.frontierSeq, cut.cluster.sim.now]);
    await both((p) => p.bridge.run('sim advance 5m'));
    await both((p) => p.bridge.run('kubectl scale deployment web --replicas=2'));
    await both((p) => p.bridge.until({ trace: { kind: 'etcd-commit', object: { kind: 'Pod' } } }, 60_000).catch(() => undefined));
    for (let i = 0; i < 10; i++) await both((p) => p.bridge.stepForward());
    await both((p) => p.cluster.control(['recover kube-scheduler', 'advance 3m']));

    expect(cut.diffs.n).toBeGreaterThan(2 * whole.diffs.n);
    expect(cut.store.getState().terminal.entries.map((e) => e.state)).toEqual(['done', 'done', 'done']);
    sameTape(whole, cut);
  });
});
