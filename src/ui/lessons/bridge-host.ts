/** The LessonHost over the page's SimBridge: lessons drive the same worker as the terminal. */
import type { LogEntry } from '../../protocol/messages';
import type { SimBridge } from '../bridge/bridge';
import type { AppStore } from '../store/store';
import type { LessonHost } from './host';

/** The run the page starts as its own (the address bar's): its log, and the moment to show. */
export interface OwnRun {
  log: readonly LogEntry[];
  at?: { seq?: number; t: number };
}

/**
 * `own` is the run the page starts when no lesson gives it one: a page opened with a lesson link
 * starts no cluster of its own until its lesson has been left or could not start (keepOwn).
 */
export function bridgeLessonHost(bridge: SimBridge, store: AppStore, own: OwnRun = { log: [] }): LessonHost {
  return {
    restart: (run, files) => bridge.restart(run, files),
    type: (line) => bridge.runAtFrontier(line),
    until: (bp, withinMs, sinceSeq) => bridge.until(bp, withinMs, sinceSeq),
    evaluate: (conditions, sinceSeq) => bridge.evaluate(conditions, sinceSeq),
    frontier: () => bridge.frontier(),
    show: (at) => bridge.seek(at.seq),
    playLive: () => {
      const tape = store.getState().cluster.tape;
      if (tape) bridge.seek(tape.frontierSeq);
      bridge.play();
    },
    currentRun: () => {
      const c = store.getState().cluster;
      return { ...bridge.runInfo, log: [...bridge.commandLog], at: { seq: c.seq, t: c.now } };
    },
    keepOwn: () => {
      if (!bridge.started) bridge.start(own.log, own.at);
    },
  };
}
