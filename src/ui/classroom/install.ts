/**
 * Wires the classroom into a page: the presenter broadcasts its run, moment and lesson step, an
 * audience window follows them through its own worker (with the lesson's files) and shows the step. Called once from the composition root (main.tsx)
 * after the bridge has started; returns an uninstaller (tests, hot reload).
 */
import type { LogEntry, Topology } from '../../protocol/messages';
import type { SimBridge } from '../bridge/bridge';
import type { AppStore } from '../store/store';
import { timeOfSeq } from '../store/tape';
import { Broadcaster, type Timers } from './broadcast';
import { FollowController } from './follow';
import { pagePresenterId, presenterOfWindow } from './identity';
import type { FollowHandle } from './student';
import type { LessonFeed } from './lesson';
import { isClassroomMessage, type ClassroomChannel, type ClassroomMessage, type StateMessage } from './messages';
import { AUDIENCE_CLASS, PRESENTER_CLASS, pagePresenterMode, type ClassTarget } from './presenter-mode';

export type ClassroomRole = 'presenter' | 'audience';

export type ClassroomBridge = Pick<SimBridge, 'commandLog' | 'runInfo' | 'start' | 'restart' | 'reset' | 'seek' | 'seekTime' | 'play' | 'pause' | 'setSpeed'>;

export interface ClassroomOptions {
  store: AppStore;
  bridge: ClassroomBridge;
  role: ClassroomRole;
  channel: ClassroomChannel;
  /** The run this page's bridge was started with. */
  run: { seed: number; topology: Topology };
  /**
   * Audience only: the presenter switched seed or topology. A bridge runs one of each, so the
   * page must be reopened on the presenter's run (still as an audience).
   */
  relocate?: (state: StateMessage) => void;
  /** Presenter: the lesson it shows the room (lesson.ts `lessonFeed`); none, no lesson is sent. */
  lesson?: LessonFeed;
  /**
   * Audience: a built-in lesson's files (LessonController.lesson). The presenter's worker has them
   * while it runs the lesson, and its commands read them, so this window's worker needs them too.
   */
  lessonFiles?: (id: string) => Promise<Record<string, string> | undefined>;
  /** Presenter: its own id; audience: the presenter to follow. Defaults from the page (identity.ts). */
  id?: string;
  /** Where the `presenter`/`audience` classes go (default: <html>; none in tests). */
  root?: ClassTarget | null;
  timers?: Timers;
  /** Audience across devices (student.ts): stepping back privately and rejoining live. */
  student?: { bind(follower: FollowHandle): void };
}

export function installClassroom(o: ClassroomOptions): () => void {
  return o.role === 'presenter' ? installPresenter(o) : installAudience(o);
}

function installPresenter(o: ClassroomOptions): () => void {
  if (o.root === undefined) pagePresenterMode();
  const broadcaster = new Broadcaster(
    o.channel,
    {
      run: () => o.bridge.runInfo,
      log: () => o.bridge.commandLog,
      moment: () => {
        const { cluster, playback } = o.store.getState();
        return { seq: cluster.seq, t: cluster.now, playing: playback.playing, speed: playback.speed };
      },
      lesson: () => o.lesson?.current(),
    },
    { id: o.id ?? pagePresenterId(), ...(o.timers ? { timers: o.timers } : {}) },
  );
  const onMessage = (ev: MessageEvent): void => {
    if (isClassroomMessage(ev.data)) broadcaster.receive(ev.data);
  };
  o.channel.addEventListener('message', onMessage);
  const unsubscribe = o.store.subscribe(() => broadcaster.changed());
  const unsubscribeLesson = o.lesson?.subscribe(() => broadcaster.changed());
  broadcaster.announce();
  return () => {
    unsubscribe();
    unsubscribeLesson?.();
    o.channel.removeEventListener('message', onMessage);
    broadcaster.dispose();
  };
}

function installAudience(o: ClassroomOptions): () => void {
  const root = o.root === undefined ? document.documentElement : o.root;
  root?.classList.toggle(PRESENTER_CLASS, true);
  root?.classList.toggle(AUDIENCE_CLASS, true);
  const { store, bridge } = o;
  const presenter = o.id ?? presenterOfWindow(window.name);
  /** Lesson files the next rebuild adds to the worker's; the lesson they belong to. */
  let files: Record<string, string> | undefined;
  let filesOf: string | undefined;
  const follower = new FollowController(
    {
      view: () => {
        const { cluster, playback } = store.getState();
        return { seq: cluster.seq, t: cluster.now, playing: playback.playing, speed: playback.speed, tape: cluster.tape };
      },
      rebuild: (log: readonly LogEntry[], at) => {
        if (files) {
          void bridge.restart({ seed: o.run.seed, topology: o.run.topology, log, at }, files);
          files = undefined;
        }
        // start() keeps the old log when given none; a presenter that reset has an empty one.
        else if (log.length) bridge.start(log, at);
        else bridge.reset();
      },
      show: (seq, t) => {
        const tape = store.getState().cluster.tape;
        if (!tape) return;
        // A step lands on a record (t is its time); playback lands on a time (seq is the last
        // record by then). The same tape gives the same answer either way.
        if (timeOfSeq(tape, seq) === t) bridge.seek(seq);
        else bridge.seekTime(t);
      },
      setPlaying: (playing) => (playing ? bridge.play() : bridge.pause()),
      setSpeed: (speed) => bridge.setSpeed(speed),
      relocate: (s) => o.relocate?.(s),
      lesson: (followed) =>
        store.setState((s) => {
          const { followed: _gone, ...lessons } = s.lessons;
          return { lessons: followed ? { ...lessons, followed } : lessons };
        }),
    },
    { seed: o.run.seed, topology: o.run.topology, log: [...bridge.commandLog], ...(presenter ? { presenter } : {}) },
  );
  const withFiles = async (msg: ClassroomMessage): Promise<void> => {
    const id = msg.type === 'state' && follower.follows(msg.from) ? msg.lesson?.id : undefined;
    if (id === undefined || id === filesOf || !o.lessonFiles) return;
    filesOf = id;
    const loaded = await o.lessonFiles(id).catch(() => undefined);
    if (!loaded || !Object.keys(loaded).length) return;
    files = loaded;
    follower.forget();
  };
  // Messages are handled in order, each after the files its lesson needs have loaded.
  let queue = Promise.resolve();
  let installed = true;
  const onMessage = (ev: MessageEvent): void => {
    if (!isClassroomMessage(ev.data)) return;
    const msg = ev.data;
    queue = queue.then(async () => {
      await withFiles(msg);
      if (!installed) return;
      const reply = follower.receive(msg);
      if (reply) o.channel.postMessage(reply);
    });
  };
  o.channel.addEventListener('message', onMessage);
  let settling = false;
  const unsubscribe = store.subscribe(() => {
    // settle() may seek, which changes the store again; one level of re-entry is enough.
    if (settling) return;
    settling = true;
    try {
      follower.settle();
    } finally {
      settling = false;
    }
  });
  o.student?.bind(follower);
  o.channel.postMessage(follower.hello());
  return () => {
    installed = false;
    unsubscribe();
    o.channel.removeEventListener('message', onMessage);
    root?.classList.toggle(AUDIENCE_CLASS, false);
  };
}
