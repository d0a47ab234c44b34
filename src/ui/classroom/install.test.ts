/**
 * The classroom end to end against the real engine: a presenter's bridge and an audience's bridge,
 * each with its own in-process simulation host, joined by an in-memory BroadcastChannel. The
 * audience must end up showing the same cluster at the same moment, through plays, steps and forks.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Pod } from '../../k8s/types';
import { SimBridge } from '../bridge/bridge';
import { inProcess, settle } from '../bridge/in-process.testing';
import { objectsOf } from '../store/cluster';
import { createAppStore, type AppStore } from '../store/store';
import type { Timers } from './broadcast';
import { installClassroom } from './install';
import type { LessonFeed } from './lesson';
import type { ClassroomChannel, ClassroomLesson, ClassroomMessage } from './messages';

const GO_API = readFileSync(new URL('../../../examples/manifests/go-api.yaml', import.meta.url), 'utf8');

/** BroadcastChannel semantics: delivered asynchronously, cloned, to every other member. */
function bus() {
  const members: ((ev: MessageEvent) => void)[][] = [];
  const sent: ClassroomMessage[] = [];
  const join = (): ClassroomChannel => {
    const listeners: ((ev: MessageEvent) => void)[] = [];
    members.push(listeners);
    return {
      postMessage(m) {
        sent.push(m);
        const data = structuredClone(m);
        for (const other of members) {
          if (other === listeners) continue;
          queueMicrotask(() => other.forEach((l) => l({ data } as MessageEvent)));
        }
      },
      addEventListener: (_t, l) => void listeners.push(l),
      removeEventListener: (_t, l) => void listeners.splice(listeners.indexOf(l), 1),
    };
  };
  return { join, sent };
}

/** Timers on a macrotask, so a throttled state arrives after the current burst of messages. */
const soon: Timers = { set: (fn) => setTimeout(fn, 0), clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) };

function window_(clock: { t: number }) {
  const store = createAppStore();
  const { factory, workers } = inProcess();
  const bridge = new SimBridge({ createWorker: factory, store, seed: 1, topology: 'basic', now: () => clock.t, files: { 'go-api.yaml': GO_API } });
  return { store, bridge, workers };
}

const goApiPods = (store: AppStore) => objectsOf<Pod>(store.getState().cluster.objects, 'pods').filter((p) => p.metadata.name?.startsWith('go-api-'));
const moment = (store: AppStore) => ({ seq: store.getState().cluster.seq, t: store.getState().cluster.now });

async function until(done: () => boolean, limit = 200): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (done()) return;
    await settle();
  }
  throw new Error('not reached');
}

describe('installClassroom', () => {
  it('the audience follows the presenter’s run and moment through play, step back, a fork and a presenter reload', async () => {
    const clock = { t: 0 };
    const channel = bus();
    const p = window_(clock);
    p.bridge.start();
    const uninstallPresenter = installClassroom({ store: p.store, bridge: p.bridge, role: 'presenter', channel: channel.join(), run: { seed: 1, topology: 'basic' }, id: 'p1', root: null, timers: soon });
    await until(() => p.store.getState().connection.status === 'ready');
    p.bridge.pause();

    const a = window_(clock);
    a.bridge.start();
    installClassroom({ store: a.store, bridge: a.bridge, role: 'audience', channel: channel.join(), run: { seed: 1, topology: 'basic' }, id: 'p1', root: null, timers: soon });
    expect(channel.sent.at(-1)).toEqual({ type: 'hello', presenter: 'p1' });
    await until(() => a.store.getState().connection.status === 'ready' && a.store.getState().cluster.seq === p.store.getState().cluster.seq);

    // A command: the audience rebuilds with it.
    p.bridge.run('kubectl apply -f go-api.yaml');
    await until(() => p.bridge.commandLog.length === 1);
    await until(() => a.store.getState().cluster.objects.has('deployments/default/go-api') === p.store.getState().cluster.objects.has('deployments/default/go-api') && moment(a.store).seq === moment(p.store).seq);

    // Playing at 20×: both frame loops run; the audience plays along without rebuilding.
    p.bridge.setSpeed(20);
    p.bridge.play();
    const statesBefore = channel.sent.length;
    const audienceWorkers = a.workers.length;
    for (let i = 0; i < 40; i++) {
      clock.t += 250;
      p.bridge.tick();
      a.bridge.tick();
      await settle();
      await settle();
    }
    expect(a.store.getState().playback).toMatchObject({ playing: true, speed: 20 });
    expect(channel.sent.length).toBeGreaterThan(statesBefore + 5);
    expect(a.workers.length).toBe(audienceWorkers); // no rebuild: its own worker ran the same time
    p.bridge.pause();
    await until(() => !a.store.getState().playback.playing && moment(a.store).seq === moment(p.store).seq && moment(a.store).t === moment(p.store).t);
    expect(goApiPods(p.store)).toHaveLength(3);
    expect(goApiPods(a.store).map((x) => [x.metadata.name, x.status?.phase, x.spec?.nodeName])).toEqual(goApiPods(p.store).map((x) => [x.metadata.name, x.status?.phase, x.spec?.nodeName]));

    // Step back: the same earlier moment.
    const live = moment(p.store).seq;
    for (let i = 0; i < 5; i++) p.bridge.stepBack();
    expect(moment(p.store).seq).toBeLessThan(live);
    await until(() => moment(a.store).seq === moment(p.store).seq && moment(a.store).t === moment(p.store).t);
    expect(a.store.getState().cluster.objects).toEqual(p.store.getState().cluster.objects);

    // A fork from the past: the audience rebuilds on the new timeline.
    p.bridge.run('kubectl scale deployment go-api --replicas=1');
    p.bridge.confirmFork();
    await until(() => p.bridge.commandLog.some((e) => e.type === 'command' && e.line.includes('scale')));
    // Paused at the fork point; the scale is at the new frontier.
    p.bridge.seek(p.store.getState().cluster.tape!.frontierSeq);
    await until(() => moment(p.store).seq === moment(a.store).seq && moment(p.store).t === moment(a.store).t);
    expect(a.store.getState().cluster.objects).toEqual(p.store.getState().cluster.objects);
    const spec = (s: AppStore) => (s.getState().cluster.objects.get('deployments/default/go-api') as { spec?: { replicas?: number } } | undefined)?.spec?.replicas;
    expect(spec(p.store)).toBe(1);
    expect(spec(a.store)).toBe(1);

    // The presenter's page reloads (same id, a fresh bridge from its link): it announces itself,
    // the audience says hello again and follows it again.
    uninstallPresenter();
    const log = [...p.bridge.commandLog];
    p.bridge.dispose();
    const q = window_(clock);
    q.bridge.start(log);
    installClassroom({ store: q.store, bridge: q.bridge, role: 'presenter', channel: channel.join(), run: { seed: 1, topology: 'basic' }, id: 'p1', root: null, timers: soon });
    await until(() => q.store.getState().connection.status === 'ready');
    q.bridge.pause();
    for (let i = 0; i < 3; i++) q.bridge.stepBack();
    expect(moment(q.store).seq).toBeLessThan(moment(a.store).seq);
    await until(() => moment(a.store).seq === moment(q.store).seq && moment(a.store).t === moment(q.store).t);
    expect(a.store.getState().cluster.objects).toEqual(q.store.getState().cluster.objects);
  });

  it('the audience shows the presenter’s lesson step, replays with the lesson’s files, and drops the lesson when the presenter leaves it', async () => {
    const clock = { t: 0 };
    const channel = bus();
    const p = window_(clock);
    p.bridge.start();
    // The presenter's lesson as LessonController leaves it in the page (lesson.ts reads it there).
    let current: ClassroomLesson | undefined;
    const listeners = new Set<() => void>();
    const feed: LessonFeed = { current: () => current, subscribe: (l) => (listeners.add(l), () => listeners.delete(l)) };
    const setLesson = (l: ClassroomLesson | undefined): void => {
      current = l;
      listeners.forEach((f) => f());
    };
    installClassroom({ store: p.store, bridge: p.bridge, role: 'presenter', channel: channel.join(), run: { seed: 1, topology: 'basic' }, id: 'p1', root: null, timers: soon, lesson: feed });
    await until(() => p.store.getState().connection.status === 'ready');
    p.bridge.pause();

    const a = window_(clock);
    a.bridge.start();
    const asked: string[] = [];
    const lessonFiles = (id: string): Promise<Record<string, string>> => {
      asked.push(id);
      return Promise.resolve({ 'lesson-web.yaml': GO_API.replaceAll('go-api', 'lesson-web') });
    };
    installClassroom({ store: a.store, bridge: a.bridge, role: 'audience', channel: channel.join(), run: { seed: 1, topology: 'basic' }, id: 'p1', root: null, timers: soon, lessonFiles });
    await until(() => a.store.getState().connection.status === 'ready' && moment(a.store).seq === moment(p.store).seq);
    expect(a.store.getState().lessons.followed).toBeUndefined();

    // The presenter starts a lesson: a fresh cluster with the lesson's files, which it applies.
    await p.bridge.restart({ seed: 1, topology: 'basic', log: [] }, { 'lesson-web.yaml': GO_API.replaceAll('go-api', 'lesson-web') });
    const step: ClassroomLesson = { id: '02-apply-to-running', index: 1, phase: 'asking', revealed: false };
    setLesson(step);
    await p.bridge.runAtFrontier('kubectl apply -f lesson-web.yaml');
    await until(() => a.store.getState().lessons.followed !== undefined);
    expect(a.store.getState().lessons.followed).toEqual(step);
    expect(asked).toEqual(['02-apply-to-running']);
    // The audience's worker replayed the apply with the lesson's file, as the presenter's did.
    const applied = (store: AppStore) => store.getState().terminal.entries.find((e) => e.line === 'kubectl apply -f lesson-web.yaml' && e.state === 'done')?.output.map((o) => o.text).join('');
    await until(() => applied(a.store) !== undefined && moment(a.store).seq === moment(p.store).seq);
    expect(applied(a.store)).toBe('deployment.apps/lesson-web created\n');
    expect(applied(a.store)).toBe(applied(p.store));

    // The reveal reaches the audience at once; the files are not asked for again.
    setLesson({ ...step, phase: 'answered', revealed: true });
    await until(() => a.store.getState().lessons.followed?.revealed === true);
    expect(a.store.getState().lessons.followed).toEqual({ ...step, phase: 'answered', revealed: true });
    expect(asked).toHaveLength(1);

    // The presenter leaves the lesson: the audience's lesson view goes.
    setLesson(undefined);
    await until(() => a.store.getState().lessons.followed === undefined);
    expect(a.store.getState().lessons).not.toHaveProperty('followed');
  });
});
