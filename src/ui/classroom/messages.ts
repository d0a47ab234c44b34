/**
 * What a presenter's window and its audience windows say to each other over the
 * BroadcastChannel `reconcile-classroom`. Plain structured-cloneable data plus a guard: anything
 * from another tab of the same origin arrives here, so nothing is trusted unchecked.
 *
 * - `hello`: an audience window opened (or reloaded). Presenters answer with their `state` at
 *   once; `presenter` names the one that opened it, so a second Reconcile tab stays silent.
 * - `presenter`: a presenter's page (re)started (a reload, a topology switch). Audiences that
 *   follow it say hello again, since it has forgotten them.
 * - `state`: the presenter's run (seed, topology, the confirmed command log) and the moment it
 *   shows (trace seq, simulated ms) with its playback. Sent on every change of the log and,
 *   throttled, of the moment. `from` is the sending presenter's id. `lesson`: the built-in lesson
 *   the presenter runs, if any (a learner's own file is not sent: the audience cannot load it).
 */
import type { LogEntry, Topology } from '../../protocol/messages';

export const CLASSROOM_CHANNEL = 'reconcile-classroom';

export interface HelloMessage {
  type: 'hello';
  presenter?: string;
}

export interface PresenterMessage {
  type: 'presenter';
  from: string;
}

/**
 * The presenter's lesson: the built-in lesson's id, the step index, the machine's phase in that
 * step, and whether the step's answer has been shown to the room. The audience loads the lesson's
 * text itself, so only this much crosses the channel, and the key stays hidden until `revealed`.
 */
export interface ClassroomLesson {
  id: string;
  index: number;
  phase: string;
  revealed: boolean;
}

export const sameLesson = (a: ClassroomLesson | undefined, b: ClassroomLesson | undefined): boolean =>
  a === b || (a !== undefined && b !== undefined && a.id === b.id && a.index === b.index && a.phase === b.phase && a.revealed === b.revealed);

export interface StateMessage {
  type: 'state';
  from: string;
  seed: number;
  topology: Topology;
  log: LogEntry[];
  seq: number;
  t: number;
  playing: boolean;
  speed: number;
  lesson?: ClassroomLesson;
}

export type ClassroomMessage = HelloMessage | PresenterMessage | StateMessage;

/** The part of BroadcastChannel both sides use (tests pass a fake). */
export interface ClassroomChannel {
  postMessage(message: ClassroomMessage): void;
  addEventListener(type: 'message', listener: (ev: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (ev: MessageEvent) => void): void;
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

const size = (v: unknown): boolean => typeof v === 'object' && v !== null && finite((v as Record<string, unknown>).columns) && finite((v as Record<string, unknown>).rows);

function isEntry(e: unknown): e is LogEntry {
  if (typeof e !== 'object' || e === null) return false;
  const o = e as Record<string, unknown>;
  switch (o.type) {
    case 'command':
      return typeof o.line === 'string' && (o.stdin === undefined || typeof o.stdin === 'string') && (o.interruptAt === undefined || finite(o.interruptAt)) && (o.terminal === undefined || size(o.terminal)) && (o.laptop === undefined || o.laptop === true);
    case 'advance':
      return finite(o.ms) && o.ms >= 0;
    case 'step':
      return finite(o.maxMs) && o.maxMs >= 0;
    default:
      return false;
  }
}

/** Bounds for untrusted lesson parts: ids are slugs, phases short state names, lessons a few dozen steps. */
const MAX_ID = 128;
const MAX_PHASE = 32;
const MAX_STEPS = 10_000;

function isLesson(l: unknown): l is ClassroomLesson {
  if (typeof l !== 'object' || l === null) return false;
  const o = l as Record<string, unknown>;
  return (
    typeof o.id === 'string' &&
    o.id.length > 0 &&
    o.id.length <= MAX_ID &&
    Number.isInteger(o.index) &&
    (o.index as number) >= 0 &&
    (o.index as number) < MAX_STEPS &&
    typeof o.phase === 'string' &&
    o.phase.length > 0 &&
    o.phase.length <= MAX_PHASE &&
    typeof o.revealed === 'boolean'
  );
}

export function isClassroomMessage(data: unknown): data is ClassroomMessage {
  if (typeof data !== 'object' || data === null) return false;
  const o = data as Record<string, unknown>;
  if (o.type === 'hello') return o.presenter === undefined || typeof o.presenter === 'string';
  if (o.type === 'presenter') return typeof o.from === 'string';
  if (o.type !== 'state') return false;
  return (
    typeof o.from === 'string' &&
    finite(o.seed) &&
    (o.topology === 'basic' || o.topology === 'ha') &&
    Array.isArray(o.log) &&
    o.log.every(isEntry) &&
    finite(o.seq) &&
    finite(o.t) &&
    typeof o.playing === 'boolean' &&
    finite(o.speed) &&
    (o.lesson === undefined || isLesson(o.lesson))
  );
}
