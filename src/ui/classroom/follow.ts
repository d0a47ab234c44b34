/**
 * The audience's side of the classroom: keep this window's run and moment equal to the
 * presenter's. Level-based like a controller: each `state` message is the desired state, and the
 * controller acts on the difference from what this window has built and shows.
 *
 * Rebuilding (a fresh worker replaying the whole log) is the expensive action, so it is avoided
 * whenever the run is provably the same:
 * - While the presenter plays, its log changes every frame, but only in its trailing `advance`
 *   (consecutive advances merge, and advance a then b ≡ advance a+b). This window then plays too,
 *   at the same speed: its own worker runs the same timeline, and each message snaps its playhead
 *   to the presenter's moment.
 * - A new command, a `step`, or a log replaced by a fork changes the timeline: rebuild.
 * - Paused at a moment this window's tape does not reach yet: rebuild with the presenter's log,
 *   whose replay reaches that moment (the presenter's tape holds exactly its confirmed log).
 *
 * The presenter's lesson is shown as it comes: a step, a phase or a reveal is handed on once per
 * change, and a state without one (the presenter left the lesson) takes the lesson view away.
 *
 * Invariant: `built` is the log this window's worker last replayed (undefined: the worker must be
 * rebuilt, its files changed); everything it ran since is simulated time only, so its tape is
 * `built` followed by some more time.
 */
import type { LogEntry, Topology } from '../../protocol/messages';
import { sameLesson, type ClassroomLesson, type ClassroomMessage, type StateMessage } from './messages';

/** How the presenter's log relates to the one this window built. */
export type LogChange =
  /** Identical. */
  | 'same'
  /** Equal up to trailing simulated time (advances): the same timeline, perhaps longer or shorter. */
  | 'time'
  /** A different timeline: new commands or steps, or a fork. */
  | 'different';

const sameEntry = (a: LogEntry, b: LogEntry): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/** The log without its trailing advances (the part that fixes the timeline). */
function fixedLength(log: readonly LogEntry[]): number {
  let n = log.length;
  while (n > 0 && log[n - 1]!.type === 'advance') n--;
  return n;
}

export function compareLogs(built: readonly LogEntry[] | undefined, next: readonly LogEntry[]): LogChange {
  if (!built) return 'different';
  const n = fixedLength(built);
  if (fixedLength(next) !== n) return 'different';
  for (let i = 0; i < n; i++) if (!sameEntry(built[i]!, next[i]!)) return 'different';
  if (built.length === next.length && built.every((e, i) => sameEntry(e, next[i]!))) return 'same';
  return 'time';
}

/** What the follower reads of this window's tape and playhead. `tape` is compared by identity. */
export interface FollowView {
  seq: number;
  t: number;
  playing: boolean;
  speed: number;
  tape: { baseSeq: number; frontierSeq: number; baseNow: number; frontierNow: number } | undefined;
}

/** How the follower acts on this window (install.ts binds it to the SimBridge). */
export interface FollowTarget {
  view(): FollowView;
  /** Replays `log` in a fresh worker and shows `at` once it is rebuilt. */
  rebuild(log: readonly LogEntry[], at: { seq: number; t: number }): void;
  /** Shows exactly this moment; only called when the tape holds it. */
  show(seq: number, t: number): void;
  setPlaying(playing: boolean): void;
  setSpeed(speed: number): void;
  /** The presenter switched to another seed or topology, which this page's bridge cannot run. */
  relocate(state: StateMessage): void;
  /** Shows the presenter's lesson step (undefined: no lesson). */
  lesson(lesson: ClassroomLesson | undefined): void;
}

export interface FollowOptions {
  /** The run this window's bridge was started with. */
  seed: number;
  topology: Topology;
  log: readonly LogEntry[];
  /** Only this presenter is followed; when unset, the first one that speaks. */
  presenter?: string;
}

export class FollowController {
  private built: readonly LogEntry[] | undefined;
  private latest: StateMessage | undefined;
  private presenter: string | undefined;
  /** The tape shown when the last rebuild began: it is not the presenter's run any more. */
  private staleTape: FollowView['tape'] | null = null;
  private relocated = false;
  private lessonShown: ClassroomLesson | undefined;
  /**
   * A student looking back on their own (the classroom across devices): the presenter's states
   * are kept, not acted on, until `rejoin`. The lesson view still follows.
   */
  private own = false;

  constructor(
    private readonly target: FollowTarget,
    private readonly opts: FollowOptions,
  ) {
    this.built = opts.log;
    this.presenter = opts.presenter;
  }

  /** The hello that makes the presenter send its state at once. */
  hello(): ClassroomMessage {
    return this.presenter === undefined ? { type: 'hello' } : { type: 'hello', presenter: this.presenter };
  }

  /**
   * The worker no longer runs what it was built from (a lesson's files arrived, which its
   * commands read): the next state rebuilds it whatever the log. Call `receive` after.
   */
  forget(): void {
    this.built = undefined;
  }

  /** Stops following the presenter's moment (a student steps back privately). */
  lookBack(): void {
    this.own = true;
  }

  /** Follows again: the presenter's latest run and moment, rebuilding if the run moved on. */
  rejoin(): void {
    this.own = false;
    if (this.latest) this.reconcile();
  }

  get lookingBack(): boolean {
    return this.own;
  }

  /** Whether a message from this presenter is one this window follows. */
  follows(from: string): boolean {
    return this.presenter === undefined || this.presenter === from;
  }

  /** Acts on a message; returns the reply to send, if any. */
  receive(msg: ClassroomMessage): ClassroomMessage | undefined {
    if (msg.type === 'presenter') return this.presenter === undefined || msg.from === this.presenter ? this.hello() : undefined;
    if (msg.type !== 'state') return undefined;
    this.presenter ??= msg.from;
    if (msg.from !== this.presenter) return undefined;
    this.latest = msg;
    if (!sameLesson(this.lessonShown, msg.lesson)) {
      this.lessonShown = msg.lesson;
      this.target.lesson(msg.lesson);
    }
    if (!this.own) this.reconcile();
    return undefined;
  }

  /**
   * Called on every change of this window's store: once a rebuild has replayed far enough, show
   * the presenter's moment (a paused presenter sends nothing more to wake us). While playing the
   * playhead moves on its own between messages, so it is not snapped back every frame.
   */
  settle(): void {
    const s = this.latest;
    if (!s || s.playing || this.relocated || this.own) return;
    this.showIfHeld(s, this.target.view());
  }

  private reconcile(): void {
    const s = this.latest!;
    if (s.seed !== this.opts.seed || s.topology !== this.opts.topology) {
      if (!this.relocated) this.target.relocate(s);
      this.relocated = true;
      return;
    }
    const view = this.target.view();
    const change = compareLogs(this.built, s.log);
    if (change === 'different' || (change === 'time' && !s.playing && !this.holds(view, s))) {
      this.built = s.log;
      this.staleTape = view.tape;
      this.target.rebuild(s.log, { seq: s.seq, t: s.t });
      this.target.setSpeed(s.speed);
      this.target.setPlaying(s.playing);
      return;
    }
    if (view.speed !== s.speed) this.target.setSpeed(s.speed);
    if (view.playing !== s.playing) this.target.setPlaying(s.playing);
    this.showIfHeld(s, view);
  }

  private showIfHeld(s: StateMessage, view: FollowView): void {
    if (!this.holds(view, s) || (view.seq === s.seq && view.t === s.t)) return;
    this.target.show(s.seq, s.t);
  }

  private holds(view: FollowView, s: StateMessage): boolean {
    const tape = view.tape;
    if (!tape || tape === this.staleTape) return false;
    return s.seq >= tape.baseSeq && s.seq <= tape.frontierSeq && s.t >= tape.baseNow && s.t <= tape.frontierNow;
  }
}
