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
 *   throttled, of the moment. `from` is the sending presenter's id.
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
}

export type ClassroomMessage = HelloMessage | PresenterMessage | StateMessage;

/** The part of BroadcastChannel both sides use (tests pass a fake). */
export interface ClassroomChannel {
  postMessage(message: ClassroomMessage): void;
  addEventListener(type: 'message', listener: (ev: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (ev: MessageEvent) => void): void;
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function isEntry(e: unknown): e is LogEntry {
  if (typeof e !== 'object' || e === null) return false;
  const o = e as Record<string, unknown>;
  switch (o.type) {
    case 'command':
      return typeof o.line === 'string' && (o.stdin === undefined || typeof o.stdin === 'string') && (o.interruptAt === undefined || finite(o.interruptAt));
    case 'advance':
      return finite(o.ms) && o.ms >= 0;
    case 'step':
      return finite(o.maxMs) && o.maxMs >= 0;
    default:
      return false;
  }
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
    finite(o.speed)
  );
}
