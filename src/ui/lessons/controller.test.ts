/**
 * The lesson controller and the cluster a lesson runs on: a lesson started after the learner
 * dialled the sandbox to 1,000 nodes gets its own cluster back (the topology and seed it
 * declares, an empty log), and a lesson left before a rebuild resumes on the run it had — which
 * is what the header's "leave the lesson?" question promises. The host is a stand-in that only
 * records what the controller asks of the cluster.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogEntry, type LessonBundle } from '../../lesson-runtime/catalog';
import { loadLesson } from '../../lesson-runtime/load';
import type { SavedRun } from '../../lesson-runtime/progress';
import type { Lesson } from '../../lesson-runtime/schema';
import { createAppStore } from '../store/store';
import { LessonController } from './controller';
import type { LessonHost } from './host';

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
