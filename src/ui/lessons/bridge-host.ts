/** The LessonHost over the page's SimBridge: lessons drive the same worker as the terminal. */
import type { SimBridge } from '../bridge/bridge';
import type { AppStore } from '../store/store';
import type { LessonHost } from './host';

export function bridgeLessonHost(bridge: SimBridge, store: AppStore): LessonHost {
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
  };
}
