/**
 * The classroom across devices: the presenter's follow messages (src/ui/classroom/messages.ts —
 * `presenter` and `state`) relayed over WebSocket to every student's page, which follows them
 * with its own in-browser worker exactly as an audience window follows a BroadcastChannel.
 *
 * Trust: only a connection that presented the run's presenter token may speak. What students
 * send is dropped unread (counted), so no student can change what the room sees. The relay
 * checks only the envelope (a JSON object of a relayed type, bounded in size); each student's
 * page validates the content itself (isClassroomMessage), as it does for any channel.
 *
 * A presenter's broadcaster stays silent until an audience says hello, and a student arriving
 * late must not wait for the next change: the relay says `hello` to the presenters itself when
 * a student joins, and hands the newcomer the last `state` it relayed.
 */

export interface RelayPeer {
  send(text: string): void;
}

export type RelayRole = 'presenter' | 'student';

/** Largest relayed message: a state carries the run's whole command log (at most 10,000 inputs). */
export const MAX_RELAYED_BYTES = 8 * 1024 * 1024;

const RELAYED_TYPES: ReadonlySet<string> = new Set(['presenter', 'state']);

export class ClassroomRelay {
  private readonly presenters = new Set<RelayPeer>();
  private readonly students = new Set<RelayPeer>();
  private lastState: string | undefined;
  /** Messages from students, dropped (for tests and the server's log). */
  ignored = 0;

  get studentCount(): number {
    return this.students.size;
  }

  join(peer: RelayPeer, role: RelayRole): void {
    if (role === 'presenter') {
      this.presenters.add(peer);
      // A (re)connected presenter has forgotten who listens: its broadcaster needs a hello.
      if (this.students.size) peer.send(JSON.stringify({ type: 'hello' }));
      return;
    }
    this.students.add(peer);
    if (this.lastState !== undefined) peer.send(this.lastState);
    for (const p of this.presenters) p.send(JSON.stringify({ type: 'hello' }));
  }

  leave(peer: RelayPeer): void {
    this.presenters.delete(peer);
    this.students.delete(peer);
  }

  /** A message from `peer`: relayed to the students when a presenter sent it, else dropped. */
  receive(peer: RelayPeer, text: string): void {
    if (!this.presenters.has(peer)) {
      this.ignored++;
      return;
    }
    if (text.length > MAX_RELAYED_BYTES) return;
    let type: unknown;
    try {
      const parsed: unknown = JSON.parse(text);
      type = typeof parsed === 'object' && parsed !== null ? (parsed as { type?: unknown }).type : undefined;
    } catch {
      return;
    }
    if (typeof type !== 'string' || !RELAYED_TYPES.has(type)) return;
    if (type === 'state') this.lastState = text;
    for (const s of this.students) s.send(text);
  }
}
