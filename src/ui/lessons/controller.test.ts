/**
 * The lesson controller and the cluster a lesson runs on: a lesson started after the learner
 * dialled the sandbox to 1,000 nodes gets its own cluster back (the topology and seed it
 * declares, an empty log), and a lesson left before a rebuild resumes on the run it had — which
 * is what the header's "leave the lesson?" question promises. In the first part the host is a
 * stand-in that only records what the controller asks of the cluster; the second drives the
 * page's bridge over the real simulation, to leave a lesson in the second after Start.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogEntry, type LessonBundle } from '../../lesson-runtime/catalog';
import { loadLesson } from '../../lesson-runtime/load';
import type { SavedRun } from '../../lesson-runtime/progress';
import type { Lesson } from '../../lesson-runtime/schema';
import { SimBridge } from '../bridge/bridge';
import { inProcess, settle } from '../bridge/in-process.testing';
import { lessonInTheWay } from '../components/LeaveLessonDialog';
import { machineHosts } from '../diagram/scene';
import { createAppStore, type AppStore } from '../store/store';
import { bridgeLessonHost } from './bridge-host';
import { LessonController } from './controller';
import type { LessonHost } from './host';
import { stepLines } from '../../lesson-runtime/steps';

function lessonOne(): Lesson {
  const r = loadLesson(readFileSync(new URL('../../../lessons/01-cluster-at-a-glance/lesson.yaml', import.meta.url), 'utf8'));
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
}

const lesson = lessonOne();
const bundle: LessonBundle = {
  catalog: [catalogEntry(lesson)],
  syllabus: { objectives: [], misconceptions: [], failures: [] },
  load: (id) => Promise.resolve(id === lesson.id ? { lesson, files: {} } : undefined),
};
const DIAL = { type: 'command', line: 'sim topology basic --nodes 1000' } as const;

/** The page's cluster as far as the controller sees it: the run now, and every restart asked for. */
function fakeHost() {
  let run: SavedRun = { seed: 1, topology: 'basic', log: [] };
  const restarts: SavedRun[] = [];
  const host: LessonHost = {
    restart: (r) => {
      restarts.push(r);
      run = { seed: r.seed, topology: r.topology, log: [...r.log] };
      return Promise.resolve();
    },
    type: (line) => {
      run = { ...run, log: [...run.log, { type: 'command', line }] };
      return Promise.resolve(0);
    },
    until: () => Promise.resolve({ reached: true }),
    evaluate: () => Promise.resolve([]),
    frontier: () => ({ seq: 0, t: 0 }),
    show: () => undefined,
    currentRun: () => ({ ...run, log: [...run.log] }),
    playLive: () => undefined,
    keepOwn: () => undefined,
  };
  return { host, restarts, dial: () => (run = { ...run, log: [...run.log, DIAL] }) };
}

async function setUp() {
  const store = createAppStore();
  const h = fakeHost();
  const ctl = new LessonController(store, h.host);
  await ctl.init(bundle);
  /** The first step is on screen (`review` when resumed: it was reached before). */
  const ready = async (): Promise<void> => {
    const settled = (): boolean => ['ready', 'review'].includes(store.getState().lessons.active?.phase ?? '');
    for (let i = 0; i < 100 && !settled(); i++) await new Promise((r) => setTimeout(r, 10));
    expect(store.getState().lessons.active?.context.index).toBe(0);
    expect(settled()).toBe(true);
  };
  return { store, ctl, ready, ...h };
}

describe('LessonController and the cluster it runs on', () => {
  it('starts lesson 1 on its own four-machine cluster after the sandbox was dialled to 1,000 nodes', async () => {
    const { ctl, restarts, dial, ready } = await setUp();
    dial();
    expect(await ctl.start(lesson.id, { restart: true })).toBe(true);
    await ready();
    expect(lesson.topology).toBe('basic');
    expect(restarts).toEqual([{ seed: lesson.seed, topology: lesson.topology, log: [] }]);
    ctl.exit();
  });

  it('resumes a lesson left before a rebuild on the run it had, not the rebuilt one', async () => {
    const { store, ctl, restarts, dial, ready } = await setUp();
    await ctl.start(lesson.id, { restart: true });
    await ready();
    // The header's question, answered "leave": the lesson is left first, then the dial rebuilds.
    ctl.exit();
    dial();
    expect(store.getState().lessons.active).toBeUndefined();
    await ctl.start(lesson.id);
    await ready();
    expect(restarts.at(-1)?.log).toEqual([]);
    expect(restarts.at(-1)?.topology).toBe('basic');
    ctl.exit();
  });
});

/** The lines a learner's run types from the start up to (not including) step `to`, reveals and solutions included. */
function linesBefore(to: number): string[] {
  return lesson.steps.slice(0, to).flatMap((s) => [...stepLines(s), ...(s.predict?.reveal.run ?? []), ...(s.predict?.reveal.advance ? [`sim advance ${s.predict.reveal.advance}`] : []), ...(s.task?.solution ?? [])]);
}

const typed = (run: SavedRun): string[] => run.log.flatMap((e) => (e.type === 'command' ? [e.line] : []));

async function settled(store: AppStore, index: number): Promise<void> {
  for (let i = 0; i < 200 && store.getState().lessons.active?.context.index !== index; i++) await new Promise((r) => setTimeout(r, 5));
  for (let i = 0; i < 200 && !['ready', 'asking', 'working', 'review'].includes(store.getState().lessons.active?.phase ?? ''); i++) await new Promise((r) => setTimeout(r, 5));
}

describe('A link into a step', () => {
  const hub = lesson.steps.findIndex((s) => s.id === 'hub');

  it('not reached yet: the lesson’s own run plays the steps before it, and the lesson opens there', async () => {
    const { store, ctl, restarts, host } = await setUp();
    const skipping: number[] = [];
    const unsub = store.subscribe((s) => {
      const k = s.lessons.starting?.skipping;
      if (k && skipping.at(-1) !== k.step) skipping.push(k.step);
    });
    expect(await ctl.start(lesson.id, { stepId: 'hub' })).toBe(true);
    unsub();
    await settled(store, hub);
    const a = store.getState().lessons.active!;
    expect(a.context.index).toBe(hub);
    expect(restarts).toEqual([{ seed: lesson.seed, topology: lesson.topology, log: [] }]);
    expect(typed(host.currentRun())).toEqual(linesBefore(hub));
    // Each step played is recorded (going back shows it in review); nothing was answered for the learner.
    for (const s of lesson.steps.slice(0, hub)) expect(a.context.records[s.id]?.end, s.id).toBeDefined();
    expect(a.context.answers).toEqual({});
    expect(skipping).toEqual([...Array(hub).keys()].map((i) => i + 1));
    ctl.send({ type: 'BACK' });
    await settled(store, hub - 1);
    expect(store.getState().lessons.active?.phase).toBe('review');
    ctl.exit();
  });

  it('left while its steps are played: nothing more is typed, and no lesson comes up', async () => {
    const { store, ctl, host } = await setUp();
    // Each line takes a moment, as in the page, so the learner's click can come while a step
    // plays: that step finishes, and none after it starts.
    const type = host.type;
    host.type = async (line) => {
      await new Promise((r) => setTimeout(r, 1));
      return type(line);
    };
    let clicked = false;
    const unsub = store.subscribe((s) => {
      if ((s.lessons.starting?.skipping?.step ?? 0) < 4 || clicked) return;
      clicked = true;
      setTimeout(() => ctl.exit(), 0);
    });
    expect(await ctl.start(lesson.id, { stepId: 'hub' })).toBe(true);
    unsub();
    const typedThen = typed(host.currentRun());
    for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 5));
    expect(typed(host.currentRun())).toEqual(typedThen);
    const stoppedAt = [...Array(hub).keys()].filter((k) => k >= 4 && JSON.stringify(linesBefore(k)) === JSON.stringify(typedThen));
    expect(stoppedAt.length, typedThen.join('; ')).toBeGreaterThan(0);
    expect(typedThen.length).toBeLessThan(linesBefore(hub).length);
    expect(store.getState().lessons.active).toBeUndefined();
    expect(store.getState().lessons.starting).toBeUndefined();
  });

  it('beyond the saved step, carrying the learner’s own run ahead of its save: the saved run plays on', async () => {
    const { store, ctl, restarts, host } = await setUp();
    await ctl.start(lesson.id, { stepId: 'hub' });
    await settled(store, hub);
    ctl.exit();
    const saved = host.currentRun();
    // Typed after the last save (which a reload lost): the link has it, the progress does not.
    await host.type('kubectl get nodes');
    const split = lesson.steps.findIndex((s) => s.id === 'split');
    await ctl.start(lesson.id, { run: host.currentRun(), stepId: 'split' });
    await settled(store, split);
    expect(restarts.at(-1)).toEqual(saved);
    expect(typed(host.currentRun())).toEqual(linesBefore(split));
    ctl.exit();
  });

  it('carrying someone else’s run: that run is not taken (its steps’ moments are not this learner’s)', async () => {
    const { store, ctl, restarts, host } = await setUp();
    const foreign: SavedRun = { seed: lesson.seed, topology: lesson.topology, log: [{ type: 'command', line: 'kubectl get pods' }] };
    await ctl.start(lesson.id, { run: foreign, stepId: 'hub' });
    await settled(store, hub);
    expect(restarts).toEqual([{ seed: lesson.seed, topology: lesson.topology, log: [] }]);
    expect(typed(host.currentRun())).toEqual(linesBefore(hub));
    ctl.exit();
  });

  it('carrying the learner’s own run a moment later than saved (a reload): that run is taken, at its step', async () => {
    const { store, ctl, restarts, host } = await setUp();
    await ctl.start(lesson.id, { stepId: 'hub' });
    await settled(store, hub);
    ctl.exit();
    await host.type('kubectl get nodes');
    const later = host.currentRun();
    await ctl.start(lesson.id, { run: later, stepId: 'hub' });
    await settled(store, hub);
    expect(restarts.at(-1)).toEqual(later);
    expect(store.getState().lessons.active?.context.index).toBe(hub);
    ctl.exit();
  });
});

/**
 * The page as main.tsx builds it, on the real simulation in-process: a sandbox booted, lessons
 * ready. `booting` runs just after the lesson asked for its cluster, while that cluster boots.
 */
async function page(booting?: () => void) {
  const store = createAppStore();
  const { factory, workers } = inProcess();
  const bridge = new SimBridge({ createWorker: factory, store, seed: 1, topology: 'basic', now: () => 0 });
  bridge.start();
  const host = bridgeLessonHost(bridge, store);
  const restart: LessonHost['restart'] = (run, files) => {
    const ready = host.restart(run, files);
    booting?.();
    return ready;
  };
  const ctl = new LessonController(store, { ...host, restart });
  await ctl.init(bundle);
  await until(store, () => store.getState().connection.status === 'ready');
  return { store, bridge, ctl, workers };
}

async function until(store: AppStore, done: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !done(); i++) await settle();
  expect(done()).toBe(true);
}

/** The worker nodes the page shows (what the dial reads). */
const workerCount = (store: AppStore): number => machineHosts(store.getState().cluster.components).workers.length;

/** The header's "leave the lesson?" answered Leave, then the dial's rebuild. */
function leaveAndDial(ctl: LessonController, bridge: SimBridge): void {
  ctl.exit();
  bridge.run('sim topology basic --nodes 10');
}

describe('A lesson left while it starts', () => {
  it('is in the way from the click on Start, and its first step ends the starting', async () => {
    const { store, ctl } = await page();
    const started = ctl.start(lesson.id);
    // Nothing awaited yet: the dial asks already.
    expect(lessonInTheWay(store.getState().lessons)).toEqual({ title: lesson.title, saved: false });
    expect(await started).toBe(true);
    const s = store.getState().lessons;
    expect(s.starting).toBeUndefined();
    expect(s.active?.entry.lesson.id).toBe(lesson.id);
    expect(workerCount(store)).toBe(3);
    ctl.exit();
  });

  it('left before its cluster was asked for: the sandbox is rebuilt as dialled, no lesson cluster after it', async () => {
    const { store, bridge, ctl, workers } = await page();
    const started = ctl.start(lesson.id);
    leaveAndDial(ctl, bridge);
    expect(store.getState().lessons.starting).toBeUndefined();
    // Nothing of the lesson was built: the page keeps its cluster (a lesson link's page would start its own).
    expect(await started).toBe(false);
    await until(store, () => workerCount(store) === 10);
    for (let i = 0; i < 20; i++) await settle();
    expect(workers).toHaveLength(1);
    expect(bridge.commandLog.map((e) => (e.type === 'command' ? e.line : e.type))).toEqual(['sim topology basic --nodes 10']);
    expect(store.getState().lessons.active).toBeUndefined();
    expect(workerCount(store)).toBe(10);
  });

  it('left while its cluster boots: the dial’s rebuild runs on that cluster, and the lesson never takes it back', async () => {
    let stillStarting: boolean | undefined;
    const { store, bridge, ctl, workers } = await page(() => {
      // The lesson's cluster is on its way (its worker spawned, not ready) when the learner dials.
      stillStarting = store.getState().lessons.starting !== undefined && store.getState().connection.status === 'starting';
      leaveAndDial(ctl, bridge);
    });
    const started = ctl.start(lesson.id);
    expect(await started).toBe(true);
    expect(stillStarting).toBe(true);
    await until(store, () => workerCount(store) === 10);
    for (let i = 0; i < 20; i++) await settle();
    expect(store.getState().lessons.active).toBeUndefined();
    expect(store.getState().lessons.starting).toBeUndefined();
    expect(workers).toHaveLength(2);
    // The lesson's seed and topology, then the learner's rebuild: what a shared link replays.
    expect(bridge.runInfo).toEqual({ seed: lesson.seed, topology: lesson.topology });
    expect(bridge.commandLog.map((e) => (e.type === 'command' ? e.line : e.type))).toEqual(['sim topology basic --nodes 10']);
    expect(workerCount(store)).toBe(10);
  });

  it('started twice in a row: the first gives way, one cluster is built and one lesson runs', async () => {
    const { store, ctl, workers } = await page();
    const first = ctl.start(lesson.id);
    const second = ctl.start(lesson.id, { restart: true });
    expect(await first).toBe(true);
    expect(await second).toBe(true);
    expect(workers).toHaveLength(2);
    expect(store.getState().lessons.active?.entry.lesson.id).toBe(lesson.id);
    expect(store.getState().lessons.starting).toBeUndefined();
    ctl.exit();
  });
});

/**
 * A page opened with a lesson link, as main.tsx builds it: no cluster of its own, the lesson
 * started with the page (before the saved progress has been read), the page's own run started
 * only if the lesson does not give it one. `gate` holds the lesson's chunk until released.
 */
function linkPage() {
  const store = createAppStore();
  const { factory, workers } = inProcess();
  const bridge = new SimBridge({ createWorker: factory, store, seed: 1, topology: 'basic', now: () => 0 });
  const host = bridgeLessonHost(bridge, store, { log: [] });
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const ctl = new LessonController(store, host);
  void ctl.init({ ...bundle, load: async (id) => (await gate, bundle.load(id)) });
  const started = ctl.start(lesson.id).then((took) => {
    if (!took) host.keepOwn();
    return took;
  });
  return { store, bridge, ctl, workers, started, release };
}

describe('A lesson link’s page, its lesson left while it starts', () => {
  it('asks from the first paint; left before the saved progress is read, the page’s own cluster runs the dial’s rebuild', async () => {
    const { store, bridge, ctl, workers, started, release } = linkPage();
    expect(lessonInTheWay(store.getState().lessons)).toEqual({ title: lesson.title, saved: false });
    expect(bridge.started).toBe(false);
    leaveAndDial(ctl, bridge);
    release();
    expect(await started).toBe(false);
    await until(store, () => workerCount(store) === 10);
    for (let i = 0; i < 20; i++) await settle();
    expect(workers).toHaveLength(1);
    expect(bridge.commandLog.map((e) => (e.type === 'command' ? e.line : e.type))).toEqual(['sim topology basic --nodes 10']);
    expect(store.getState().lessons.active).toBeUndefined();
    expect(store.getState().lessons.starting).toBeUndefined();
  });

  it('left while its chunk loads: the same; kept, it starts on its own cluster', async () => {
    const left = linkPage();
    // The saved progress has been read; the lesson's chunk is what it waits for now.
    await left.ctl.progressStore();
    for (let i = 0; i < 20; i++) await settle();
    expect(left.store.getState().lessons.starting).toBeDefined();
    expect(left.bridge.started).toBe(false);
    leaveAndDial(left.ctl, left.bridge);
    left.release();
    expect(await left.started).toBe(false);
    await until(left.store, () => workerCount(left.store) === 10);
    expect(left.workers).toHaveLength(1);
    expect(left.store.getState().lessons.active).toBeUndefined();

    const kept = linkPage();
    for (let i = 0; i < 20; i++) await settle();
    kept.release();
    expect(await kept.started).toBe(true);
    expect(kept.workers).toHaveLength(1);
    expect(kept.store.getState().lessons.active?.entry.lesson.id).toBe(lesson.id);
    expect(workerCount(kept.store)).toBe(3);
    kept.ctl.exit();
  });
});

describe('A lesson whose code does not load', () => {
  it('ends its start: a lesson link’s page gets its own cluster, and the catalog says what went wrong', async () => {
    const store = createAppStore();
    const { factory, workers } = inProcess();
    const bridge = new SimBridge({ createWorker: factory, store, seed: 1, topology: 'basic', now: () => 0 });
    const host = bridgeLessonHost(bridge, store, { log: [] });
    const ctl = new LessonController(store, host);
    void ctl.init({ ...bundle, load: () => Promise.reject(new Error('Failed to fetch dynamically imported module')) });
    const took = await ctl.start(lesson.id).then((t) => {
      if (!t) host.keepOwn();
      return t;
    });
    expect(took).toBe(false);
    const lessons = store.getState().lessons;
    expect(lessons.starting).toBeUndefined();
    expect(lessons.active).toBeUndefined();
    expect(lessons.catalogOpen).toBe(true);
    expect(lessons.notices).toContainEqual({ type: 'load-failed', error: 'Failed to fetch dynamically imported module' });
    expect(lessonInTheWay(lessons)).toBeUndefined();
    expect(bridge.started).toBe(true);
    await until(store, () => workerCount(store) > 0);
    expect(workers).toHaveLength(1);
  });

  it('leaves its notice behind once a lesson loads', async () => {
    const store = createAppStore();
    const { factory } = inProcess();
    const bridge = new SimBridge({ createWorker: factory, store, seed: 1, topology: 'basic', now: () => 0 });
    const ctl = new LessonController(store, bridgeLessonHost(bridge, store, { log: [] }));
    let offline = true;
    void ctl.init({ ...bundle, load: (id) => (offline ? Promise.reject(new Error('offline')) : bundle.load(id)) });
    bridge.start();
    expect(await ctl.start(lesson.id)).toBe(false);
    expect(store.getState().lessons.notices.map((n) => n.type)).toContain('load-failed');
    offline = false;
    expect(await ctl.start(lesson.id)).toBe(true);
    expect(store.getState().lessons.notices.map((n) => n.type)).not.toContain('load-failed');
  });
});
