/**
 * The kubectl prompt's transcript: what was typed and what came back. It is fed by command
 * results, not by diffs — the cluster view and the transcript are separate facts.
 */
import type { AttachedShell, CommandResultMessage, EditorRequest, OutputChunk } from '../../protocol/messages';

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
  /** The container shell the line was typed into (`kubectl exec -it`): its prompt, not `$ `. */
  shell?: AttachedShell;
  /** The container shell attached once the command returned: the next line's prompt. */
  attached?: AttachedShell;
  /**
   * The YAML editor's Save (or Cancel) of a `kubectl edit` or a `vi FILE`: the buffer went back
   * as the edit's reply line, so the transcript shows only what came of it (kubectl's answer;
   * nothing for vi), under the line that opened it.
   */
  reply?: true;
  /** Why a `lost` command was not run: the worker restarted, or the page stopped using workers. */
  lost?: LostReason;
  /** The line changed the files behind the prompt (`> web.yaml`): all of them after it. */
  files?: Readonly<Record<string, string>>;
  /** The line changed the namespace kubectl defaults to (the kubeconfig context's): the new one. */
  namespace?: string;
  /**
   * Ctrl+C reached the line at this simulated moment: the terminal draws `^C` there, after what
   * the line wrote before it and before what it wrote on SIGINT (ping's statistics, a trap's
   * echo, kubectl's `command terminated with exit code 130`). The line may go on after it (a
   * script whose trap returns): then it is `done`, not `interrupted`.
   */
  interruptedAt?: number;
}

export type LostReason = 'restarted' | 'stopped';

/** What the YAML editor holds (`kubectl edit`'s file, or the laptop's or a container's file `vi FILE` opened): opened by the command `id`. */
export type Editing = EditorRequest & { id: number };

/**
 * The stdin that closes the editor without a change: `kubectl edit`'s file as it was opened
 * (`Edit cancelled, no changes made.`), or a laptop's or container's file's text at its first
 * open (vi's `:q!`).
 */
export function editorQuitText(e: Editing): string {
  return e.kind === 'object' ? e.text : e.quit;
}

export interface TerminalState {
  entries: readonly TerminalEntry[];
  /** Set while `kubectl edit` or `vi FILE` has the YAML editor open; its reply clears or replaces it. */
  editing?: Editing;
}

export const initialTerminalState: TerminalState = { entries: [] };

/**
 * The shell the next line is typed into: the one attached after the last command that ran (a
 * lost command never ran: the worker that replaced the dead one did not replay it).
 */
export function attachedShell(entries: readonly TerminalEntry[]): AttachedShell | undefined {
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i]!;
    if (e.state !== 'lost') return e.state === 'running' ? e.shell : e.attached;
  }
  return undefined;
}

/** `reply`: the editor's answer to a `kubectl edit` (TerminalEntry.reply). */
export function commandStarted(state: TerminalState, id: number, line: string, reply = false, laptop = false): TerminalState {
  // Until the worker answers, the line is shown at the prompt it was typed at (a page control's at the laptop's).
  const shell = laptop ? undefined : attachedShell(state.entries);
  const entry: TerminalEntry = { id, line, output: [], exitCode: undefined, state: 'running', ...(shell ? { shell } : {}), ...(reply ? { reply: true as const } : {}) };
  // In id order (the transcript's): a replayed run's results, whose ids were reserved below the
  // lines sent after its init, arrive after those lines.
  let at = state.entries.length;
  while (at > 0 && state.entries[at - 1]!.id > id) at--;
  const entries = [...state.entries.slice(0, at), entry, ...state.entries.slice(at)];
  return withEditing({ entries: entries.length > TERMINAL_LIMIT ? trimmed(entries) : entries }, state.editing);
}

/** The newest TERMINAL_LIMIT entries; the files and the namespace of dropped lines move to the first kept one. */
function trimmed(entries: readonly TerminalEntry[]): TerminalEntry[] {
  const cut = entries.length - TERMINAL_LIMIT;
  const kept = entries.slice(cut);
  const dropped = entries.slice(0, cut);
  const files = workstationFiles(dropped);
  const namespace = kept[0]!.namespace ?? namespaceBefore(dropped);
  const first = { ...kept[0]!, ...(kept[0]!.files || Object.keys(files).length === 0 ? {} : { files }), ...(namespace === undefined ? {} : { namespace }) };
  return [first, ...kept.slice(1)];
}

/** The namespace the last line that changed it left, if any did. */
function namespaceBefore(entries: readonly TerminalEntry[]): string | undefined {
  for (let i = entries.length - 1; i >= 0; i--) {
    const ns = entries[i]!.namespace;
    if (ns !== undefined) return ns;
  }
  return undefined;
}

/** The namespace kubectl defaults to after the transcript's lines: the kubeconfig context's. */
export function contextNamespace(entries: readonly TerminalEntry[]): string {
  return namespaceBefore(entries) ?? 'default';
}

/** The files behind the prompt, as the last line that changed them left them (none: only the given ones). */
export function workstationFiles(entries: readonly TerminalEntry[]): Readonly<Record<string, string>> {
  for (let i = entries.length - 1; i >= 0; i--) {
    const files = entries[i]!.files;
    if (files) return files;
  }
  return NO_FILES;
}

const NO_FILES: Readonly<Record<string, string>> = Object.freeze({});

/**
 * Every result that changes a file carries all of them (a fork goes back to an older entry's);
 * a file this line did not change reuses the text the entry before holds, so the transcript
 * keeps one copy of each version rather than one per line.
 */
function sharing(before: Readonly<Record<string, string>>, after: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [path, text] of Object.entries(after)) out[path] = Object.hasOwn(before, path) && before[path] === text ? before[path]! : text;
  return out;
}

export function commandFinished(state: TerminalState, msg: CommandResultMessage): TerminalState {
  const next = update(state, (e) => {
    if (e.id !== msg.id) return e;
    const { progress: _done, shell: _typed, attached: _after, ...rest } = e;
    const shells = { ...(msg.typedIn ? { shell: msg.typedIn } : {}), ...(msg.attached ? { attached: msg.attached } : {}) };
    return { ...rest, output: msg.output, exitCode: msg.exitCode, state: 'done', startedAt: msg.startedAt, endedAt: msg.endedAt, ...shells, ...(msg.files ? { files: sharing(workstationFiles(state.entries), msg.files) } : {}), ...(msg.namespace !== undefined ? { namespace: msg.namespace } : {}) };
  });
  // The editor opens on an edit's file, and closes once its reply comes back without another.
  if (msg.edit) return withEditing(next, { ...msg.edit, id: msg.id });
  const answered = next.entries.find((e) => e.id === msg.id)?.reply === true;
  return answered ? withEditing(next, undefined) : next;
}

function withEditing(state: TerminalState, editing: Editing | undefined): TerminalState {
  if (state.editing === editing) return state;
  return editing ? { ...state, editing } : { entries: state.entries };
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
  // A replayed `kubectl edit` does not reopen the editor: the page was not waiting on it.
  const { edit: _editor, ...plain } = msg;
  const done = commandFinished(started, plain);
  const entry = (s: TerminalState): TerminalState => update(s, (e) => (e.id === msg.id ? { ...e, replayed: true } : e));
  return entry(interruptAt === undefined ? done : interruptedAs(done, msg.id, msg, interruptAt));
}

/**
 * The result of line `id` as the run replayed with its Ctrl+C at `t` produced it (`msg`, echoed
 * for it under another id): everything it wrote, on SIGINT and after, and how it ended.
 */
export function interruptedAs(state: TerminalState, id: number, msg: CommandResultMessage, t: number): TerminalState {
  return update(state, (e) => (e.id === id ? { ...e, output: msg.output, exitCode: msg.exitCode, endedAt: msg.endedAt, interruptedAt: t, state: goesOn(msg, t) ? 'done' : 'interrupted' } : e));
}

/**
 * The line went on after its Ctrl+C (a trap returned, bash ran the next command) and wrote more
 * later: it still waits at the playhead. A line that only took its typist's moment to end (the
 * Ctrl+C came before its command began) or wrote nothing more is over at the Ctrl+C.
 */
function goesOn(msg: CommandResultMessage, t: number): boolean {
  return msg.startedAt <= t && msg.endedAt > t && msg.output.some((c) => c.at !== undefined && c.at > t);
}

/**
 * Ctrl+C at simulated time `t`, as the page knows it at once: what the command wrote after `t`
 * never happened. The fork's replay then says what it did on SIGINT (interruptedAs).
 */
export function commandInterrupted(state: TerminalState, id: number, t: number): TerminalState {
  return update(state, (e) =>
    e.id === id ? { ...e, state: 'interrupted', exitCode: 130, endedAt: t, interruptedAt: t, output: e.output.filter((c) => c.at === undefined || c.at <= t) } : e,
  );
}

/** A fork at simulated time `t` discards the commands that began after it. */
export function commandsAfter(state: TerminalState, t: number): TerminalState {
  const entries = state.entries.filter((e) => e.startedAt === undefined || e.startedAt <= t || e.state === 'running');
  return entries.length === state.entries.length ? state : withEditing({ entries }, state.editing);
}

export function commandsLost(state: TerminalState, ids: ReadonlySet<number>, reason: LostReason = 'restarted'): TerminalState {
  return update(state, (e) => (ids.has(e.id) && e.state === 'running' ? { ...e, state: 'lost', lost: reason } : e));
}

/** The transcript without these entries (lines held for a cluster, sent again under new ids). */
export function withoutEntries(state: TerminalState, ids: ReadonlySet<number>): TerminalState {
  const entries = state.entries.filter((e) => !ids.has(e.id));
  return entries.length === state.entries.length ? state : withEditing({ entries }, state.editing);
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
  return changed ? withEditing({ entries }, state.editing) : state;
}
