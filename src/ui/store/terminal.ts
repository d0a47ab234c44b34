/**
 * The kubectl prompt's transcript: what was typed and what came back. It is fed by command
 * results, not by diffs — the cluster view and the transcript are separate facts.
 */
import type { CommandResultMessage, OutputChunk } from '../../protocol/messages';

/** Entries beyond this are dropped from the front; the transcript is a view, not the log. */
export const TERMINAL_LIMIT = 200;

/**
 * `lost`: the worker died before answering; the command was not replayed (it may have caused the
 * crash). `interrupted`: Ctrl+C stopped its waiting; the output is what it wrote before then.
 */
export type EntryState = 'running' | 'done' | 'lost' | 'interrupted';

export interface TerminalEntry {
  id: number;
  line: string;
  output: readonly OutputChunk[];
  exitCode: number | undefined;
  state: EntryState;
  /** Simulated time the command began and returned (a waiting command spans time). */
  startedAt?: number;
  endedAt?: number;
  /** Rebuilt from the run's log (a reload, a link): shown and recalled, but not news to announce. */
  replayed?: boolean;
  /** Still running in the worker, which reported it had got this far (simulated ms from `start`). */
  progress?: { start: number; now: number };
}

export interface TerminalState {
  entries: readonly TerminalEntry[];
}

export const initialTerminalState: TerminalState = { entries: [] };

export function commandStarted(state: TerminalState, id: number, line: string): TerminalState {
  const entries = [...state.entries, { id, line, output: [], exitCode: undefined, state: 'running' as const }];
  return { entries: entries.length > TERMINAL_LIMIT ? entries.slice(entries.length - TERMINAL_LIMIT) : entries };
}

export function commandFinished(state: TerminalState, msg: CommandResultMessage): TerminalState {
  return update(state, (e) => {
    if (e.id !== msg.id) return e;
    const { progress: _done, ...rest } = e;
    return { ...rest, output: msg.output, exitCode: msg.exitCode, state: 'done', startedAt: msg.startedAt, endedAt: msg.endedAt };
  });
}

/** The worker is part-way through a long command (a `sim advance 24h`, a long wait). */
export function commandProgress(state: TerminalState, id: number, start: number, now: number): TerminalState {
  return update(state, (e) => (e.id === id && e.state === 'running' ? { ...e, progress: { start, now } } : e));
}

/**
 * A command of the run's log, replayed by a fresh worker: it joins the transcript as it was the
 * first time, finished (or interrupted at `interruptAt`, where its Ctrl+C was).
 */
export function commandReplayed(state: TerminalState, msg: CommandResultMessage, line: string, interruptAt?: number): TerminalState {
  const started = commandStarted(state, msg.id, line);
  const done = commandFinished(started, msg);
  const entry = (s: TerminalState): TerminalState => update(s, (e) => (e.id === msg.id ? { ...e, replayed: true } : e));
  return entry(interruptAt === undefined ? done : commandInterrupted(done, msg.id, interruptAt));
}

/** Ctrl+C at simulated time `t`: what the command wrote after `t` never happened. */
export function commandInterrupted(state: TerminalState, id: number, t: number): TerminalState {
  return update(state, (e) =>
    e.id === id ? { ...e, state: 'interrupted', exitCode: 130, endedAt: t, output: e.output.filter((c) => c.at === undefined || c.at <= t) } : e,
  );
}

/** A fork at simulated time `t` discards the commands that began after it. */
export function commandsAfter(state: TerminalState, t: number): TerminalState {
  const entries = state.entries.filter((e) => e.startedAt === undefined || e.startedAt <= t || e.state === 'running');
  return entries.length === state.entries.length ? state : { entries };
}

export function commandsLost(state: TerminalState, ids: ReadonlySet<number>): TerminalState {
  return update(state, (e) => (ids.has(e.id) && e.state === 'running' ? { ...e, state: 'lost' } : e));
}

export function clearTerminal(): TerminalState {
  return initialTerminalState;
}

function update(state: TerminalState, f: (e: TerminalEntry) => TerminalEntry): TerminalState {
  let changed = false;
  const entries = state.entries.map((e) => {
    const n = f(e);
    if (n !== e) changed = true;
    return n;
  });
  return changed ? { entries } : state;
}
