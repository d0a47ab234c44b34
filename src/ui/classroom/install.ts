/**
 * Wires the classroom into a page: the presenter broadcasts its run and moment, an audience
 * window follows them through its own worker. Called once from the composition root (main.tsx)
 * after the bridge has started; returns an uninstaller (tests, hot reload).
 */
import type { LogEntry, Topology } from '../../protocol/messages';
import type { SimBridge } from '../bridge/bridge';
import type { AppStore } from '../store/store';
import { timeOfSeq } from '../store/tape';
import { Broadcaster, type Timers } from './broadcast';
import { FollowController } from './follow';
import { pagePresenterId, presenterOfWindow } from './identity';
import { isClassroomMessage, type ClassroomChannel, type StateMessage } from './messages';
import { AUDIENCE_CLASS, PRESENTER_CLASS, pagePresenterMode, type ClassTarget } from './presenter-mode';

export type ClassroomRole = 'presenter' | 'audience';

export type ClassroomBridge = Pick<SimBridge, 'commandLog' | 'start' | 'reset' | 'seek' | 'seekTime' | 'play' | 'pause' | 'setSpeed'>;

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
  /** Presenter: its own id; audience: the presenter to follow. Defaults from the page (identity.ts). */
  id?: string;
  /** Where the `presenter`/`audience` classes go (default: <html>; none in tests). */
  root?: ClassTarget | null;
  timers?: Timers;
}

export function installClassroom(o: ClassroomOptions): () => void {
  return o.role === 'presenter' ? installPresenter(o) : installAudience(o);
}

function installPresenter(o: ClassroomOptions): () => void {
  if (o.root === undefined) pagePresenterMode();
  const broadcaster = new Broadcaster(
    o.channel,
    {
      log: () => o.bridge.commandLog,
      moment: () => {
        const { cluster, playback } = o.store.getState();
        return { seq: cluster.seq, t: cluster.now, playing: playback.playing, speed: playback.speed };
      },
    },
    { id: o.id ?? pagePresenterId(), seed: o.run.seed, topology: o.run.topology, ...(o.timers ? { timers: o.timers } : {}) },
  );
  const onMessage = (ev: MessageEvent): void => {
    if (isClassroomMessage(ev.data)) broadcaster.receive(ev.data);
  };
  o.channel.addEventListener('message', onMessage);
  const unsubscribe = o.store.subscribe(() => broadcaster.changed());
  broadcaster.announce();
  return () => {
    unsubscribe();
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
  const follower = new FollowController(
    {
      view: () => {
        const { cluster, playback } = store.getState();
        return { seq: cluster.seq, t: cluster.now, playing: playback.playing, speed: playback.speed, tape: cluster.tape };
      },
      rebuild: (log: readonly LogEntry[], at) => {
        // start() keeps the old log when given none; a presenter that reset has an empty one.
        if (log.length) bridge.start(log, at);
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
    },
    { seed: o.run.seed, topology: o.run.topology, log: [...bridge.commandLog], ...(presenter ? { presenter } : {}) },
  );
  const onMessage = (ev: MessageEvent): void => {
    if (!isClassroomMessage(ev.data)) return;
    const reply = follower.receive(ev.data);
    if (reply) o.channel.postMessage(reply);
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
  o.channel.postMessage(follower.hello());
  return () => {
    unsubscribe();
    o.channel.removeEventListener('message', onMessage);
    root?.classList.toggle(AUDIENCE_CLASS, false);
  };
}
