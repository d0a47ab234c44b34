/**
 * The presenter's side of the classroom: tell audience windows the run and the moment shown.
 *
 * Silent until an audience says hello (a learner alone pays nothing), then: a changed timeline
 * (new command, step, fork) is sent at once, because the audience must rebuild; the moving
 * playhead and a log that only grew in simulated time are sent at most every `throttleMs`, the
 * last state always arriving (trailing throttle). A lesson that moved to another step or phase,
 * or revealed an answer, is sent at once too: the room reads it.
 */
import type { LogEntry, Topology } from '../../protocol/messages';
import { compareLogs } from './follow';
import { sameLesson, type ClassroomChannel, type ClassroomLesson, type ClassroomMessage, type StateMessage } from './messages';

export interface PresenterSource {
  /** The seed and topology of the run (SimBridge.runInfo: a lesson may have replaced the page's). */
  run(): { seed: number; topology: Topology };
  /** The confirmed command log (SimBridge.commandLog). */
  log(): readonly LogEntry[];
  moment(): { seq: number; t: number; playing: boolean; speed: number };
  /** The built-in lesson shown to the room, if any. */
  lesson?(): ClassroomLesson | undefined;
}

export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export interface BroadcasterOptions {
  id: string;
  throttleMs?: number;
  timers?: Timers;
}

const browserTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export class Broadcaster {
  private active = false;
  private lastLog: readonly LogEntry[] = [];
  private sent: StateMessage | undefined;
  private timer: unknown;
  private readonly timers: Timers;

  constructor(
    private readonly channel: ClassroomChannel,
    private readonly source: PresenterSource,
    private readonly opts: BroadcasterOptions,
  ) {
    this.timers = opts.timers ?? browserTimers;
  }

  /** Tells audiences that followed this presenter before a reload to say hello again. */
  announce(): void {
    this.channel.postMessage({ type: 'presenter', from: this.opts.id });
  }

  receive(msg: ClassroomMessage): void {
    if (msg.type !== 'hello' || (msg.presenter !== undefined && msg.presenter !== this.opts.id)) return;
    this.active = true;
    this.post();
  }

  /** Called on every store change. */
  changed(): void {
    if (!this.active) return;
    const log = this.source.log();
    // The bridge keeps entry identities, so an unchanged log is found without serialising it.
    const logChanged = log.length !== this.lastLog.length || log.some((e, i) => e !== this.lastLog[i]);
    if (logChanged && (!this.sent || compareLogs(this.sent.log, log) === 'different')) return this.post();
    const run = this.source.run();
    if (this.sent && (this.sent.seed !== run.seed || this.sent.topology !== run.topology)) return this.post();
    if (!sameLesson(this.sent?.lesson, this.source.lesson?.())) return this.post();
    const m = this.source.moment();
    const s = this.sent;
    if (!logChanged && s && s.seq === m.seq && s.t === m.t && s.playing === m.playing && s.speed === m.speed) return;
    this.timer ??= this.timers.set(() => {
      this.timer = undefined;
      this.post();
    }, this.opts.throttleMs ?? 100);
  }

  dispose(): void {
    if (this.timer !== undefined) this.timers.clear(this.timer);
    this.timer = undefined;
  }

  private post(): void {
    this.dispose();
    const log = this.source.log();
    this.lastLog = log;
    const m = this.source.moment();
    const lesson = this.source.lesson?.();
    const { seed, topology } = this.source.run();
    const msg: StateMessage = { type: 'state', from: this.opts.id, seed, topology, log: [...log], ...m, ...(lesson ? { lesson: { ...lesson } } : {}) };
    this.sent = msg;
    this.channel.postMessage(msg);
  }
}
