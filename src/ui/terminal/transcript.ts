/**
 * What the terminal shows above its prompt, as a pure function of the store's transcript, the
 * playhead and the terminal's own local lines (a `^C` at the prompt, a completion listing,
 * `help`, `clear`). The result is a list of keyed segments of terminal text (with ANSI colours),
 * so the xterm side only appends what is new (screen.ts planWrite).
 *
 * Time travel rules:
 * - A chunk stamped `at` appears once the playhead reaches `at`; an unstamped chunk once it
 *   reaches the command's `endedAt` (it was written when the command returned).
 * - A finished command whose `endedAt` lies ahead of the playhead is still *waiting*: no prompt,
 *   and Ctrl+C interrupts it.
 * - When the learner went back in time (not following the live edge), commands typed after the
 *   moment shown have not happened yet and are not shown.
 *
 * A line typed into a container's shell (`kubectl exec -it POD -- sh`) is shown after that
 * shell's prompt, as the worker reported it, so a reload or a rewind draws the same screen.
 */
import { DETACH_KEYS, END_OF_INPUT } from '../../k8s/end-of-input';
import type { AttachedShell, OutputChunk, ScreenFrame } from '../../protocol/messages';
import { attachedShell, type TerminalEntry } from '../store/terminal';

export const PROMPT = '\x1b[1;32m$\x1b[0m ';
/** Columns the prompt occupies on screen. */
export const PROMPT_WIDTH = 2;
/** bash's PS2: the prompt for a here-document's lines. */
export const CONTINUATION_PROMPT = '> ';
export const CONTINUATION_WIDTH = 2;
const STDERR_ON = '\x1b[91m';
const NOTE_ON = '\x1b[33m';
const RESET = '\x1b[0m';

/**
 * A line the terminal wrote itself, placed after the store entry with id `afterId` (0: before all).
 * `welcome` is the first-minute greeting: drawn from `TranscriptInput.welcome` each time, so it
 * follows the page's language; everything else local keeps the text it was written with.
 */
export type LocalBlock =
  | { seq: number; afterId: number; kind: 'text'; text: string }
  | { seq: number; afterId: number; kind: 'welcome' }
  | { seq: number; afterId: number; kind: 'clear' };

export interface Segment {
  key: string;
  text: string;
}

export interface TranscriptInput {
  entries: readonly TerminalEntry[];
  blocks: readonly LocalBlock[];
  playheadMs: number;
  /** False when the learner is looking at the past. */
  following: boolean;
  /** The note shown under a command the worker lost (it restarted). */
  lostNote: string;
  /** The note under one lost because the page stopped using workers; lostNote if unset. */
  stoppedNote?: string;
  /** The greeting a `welcome` block shows, in the page's language now. */
  welcome: string;
  /**
   * The command whose editor is open (`vi FILE`, `kubectl edit`): the prompt waits for it, as a
   * terminal waits for the editor a command started, until the editor's reply closes it.
   */
  editing?: number;
}

/** A command that keeps the prompt away: still in the worker (`running`) or still waiting at the playhead. */
export interface Busy {
  id: number;
  /** Only a waiting command can be interrupted (a running one has not come back yet). */
  interruptible: boolean;
  /** The command opened the page's editor (`vi FILE`, `kubectl edit`), which is still open: Ctrl+C closes it unchanged. */
  editing?: true;
}

export interface Transcript {
  segments: Segment[];
  busy: Busy | undefined;
  /** The container shell the prompt belongs to at the moment shown; undefined: the terminal's `$ `. */
  shell: AttachedShell | undefined;
  /** Ids of the shown entries that are complete at the playhead (for announcements). */
  finished: number[];
  /**
   * The waiting command is a full-screen program (`watch`): the frame the playhead has reached,
   * drawn on the alternate screen over the transcript (alt-screen.ts).
   */
  screen?: ScreenFrame;
}

/**
 * Terminal output is data, never control: C0 controls other than tab and newline, DEL and C1
 * controls are shown as symbols, so an object's text cannot move the cursor or restyle the
 * screen. kubectl's own output has none of them.
 */
export function sanitize(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\x00-\x08\x0b-\x1f\x7f\x80-\x9f]/g, (c) => {
    const code = c.charCodeAt(0);
    if (code < 0x20) return String.fromCharCode(0x2400 + code);
    return code === 0x7f ? '\u2421' : '\ufffd';
  });
}

/** The prompt a line is typed at: the terminal's `$ `, or an attached container shell's PS1 (plain, as the shell prints it). */
export function promptText(shell: AttachedShell | undefined): string {
  return shell ? sanitize(shell.prompt) : PROMPT;
}

/** A command as it was typed: a here-document's lines (after the first) under the continuation prompt. */
export function echo(line: string, shell?: AttachedShell): string {
  // Ctrl+D and kubectl's detach keys type nothing and end no line: what follows comes after the prompt.
  if (line === END_OF_INPUT || line === DETACH_KEYS) return promptText(shell);
  const [first, ...rest] = line.split('\n');
  // Ctrl+C or Ctrl+D sent to a raw-mode line editor: it echoes no key, only the newline it leaves the line with.
  const typed = shell?.raw && (first === '\x03' || first === '\x04') ? '' : sanitize(first ?? '');
  return `${promptText(shell)}${typed}\n${rest.map((l) => `${CONTINUATION_PROMPT}${sanitize(l)}\n`).join('')}`;
}

export function note(text: string): string {
  return `${NOTE_ON}${sanitize(text)}${RESET}\n`;
}

function chunkText(c: OutputChunk): string {
  const text = sanitize(c.text);
  return c.stream === 'stderr' ? `${STDERR_ON}${text}${RESET}` : text;
}

/** How many of the entry's chunks have been written by the playhead, and whether it is waiting. */
export function revealed(e: TerminalEntry, playheadMs: number): { count: number; waiting: boolean } {
  if (e.state === 'running') return { count: 0, waiting: false };
  if (e.state !== 'done') return { count: e.output.length, waiting: false };
  const ended = e.endedAt === undefined || e.endedAt <= playheadMs;
  let count = 0;
  for (const c of e.output) {
    if (c.at !== undefined ? c.at > playheadMs : !ended) break;
    count++;
  }
  return { count, waiting: !ended };
}

/** The first chunk the line wrote at or after its Ctrl+C (its stamp; an unstamped one comes at the end). */
function interruptIndex(output: readonly OutputChunk[], at: number): number {
  const i = output.findIndex((c) => c.at !== undefined && c.at >= at);
  return i < 0 ? output.length : i;
}

interface EntryView {
  text: string;
  done: boolean;
}

const cache = new WeakMap<TerminalEntry, { count: number; done: boolean; lostNote: string; view: EntryView }>();

function entryView(e: TerminalEntry, count: number, waiting: boolean, lostNote: string): EntryView {
  const done = e.state !== 'running' && !waiting;
  const hit = cache.get(e);
  if (hit && hit.count === count && hit.done === done && hit.lostNote === lostNote) return hit.view;
  // The editor's reply to `kubectl edit` answers the line already shown: no prompt of its own.
  let text = e.reply ? '' : echo(e.line, e.shell);
  // Where the terminal echoed the Ctrl+C: before the first chunk written at or after it. A
  // full-screen program's ^C was echoed on its own screen, which it left (watch).
  const cut = e.interruptedAt === undefined || e.output.some((c) => c.screen) ? undefined : interruptIndex(e.output, e.interruptedAt);
  let out = '';
  for (let i = 0; i < count; i++) {
    if (i === cut) out += '^C';
    out += chunkText(e.output[i]!);
  }
  // Nothing written on SIGINT: the shell ends the ^C's line itself.
  if (cut !== undefined && cut === e.output.length && (done || count === cut)) out += '^C\n';
  text += out;
  if (done) {
    // The next prompt starts on a fresh line even after output without a final newline.
    if (out !== '' && !out.endsWith('\n') && !out.endsWith(`\n${RESET}`)) text += '\n';
    if (e.state === 'interrupted' && e.interruptedAt === undefined && !e.output.some((c) => c.screen)) text += '^C\n';
    if (e.state === 'lost') text += note(lostNote);
  }
  const view = { text, done };
  cache.set(e, { count, done, lostNote, view });
  return view;
}

export function renderTranscript(input: TranscriptInput): Transcript {
  type Item = { order: [number, number, number]; seg: Segment; busy?: Busy; finished?: number; screen?: ScreenFrame } | { order: [number, number, number]; clear: true };
  const items: Item[] = [];
  const shown: TerminalEntry[] = [];
  input.entries.forEach((e) => {
    if (!input.following && e.startedAt !== undefined && e.startedAt > input.playheadMs) return;
    shown.push(e);
    const { count, waiting } = revealed(e, input.playheadMs);
    const view = entryView(e, count, waiting, e.lost === 'stopped' ? (input.stoppedNote ?? input.lostNote) : input.lostNote);
    const item: Item = { order: [e.id, 0, 0], seg: { key: `e${e.id}`, text: view.text } };
    if (e.state === 'running') item.busy = { id: e.id, interruptible: false };
    else if (waiting) {
      item.busy = { id: e.id, interruptible: true };
      const screen = lastScreen(e.output, count);
      if (screen) item.screen = screen;
    } else item.finished = e.id;
    items.push(item);
  });
  for (const b of input.blocks) {
    const order: [number, number, number] = [b.afterId, 1, b.seq];
    if (b.kind === 'clear') items.push({ order, clear: true });
    else items.push({ order, seg: { key: `b${b.seq}`, text: b.kind === 'welcome' ? note(input.welcome) : b.text } });
  }
  items.sort((a, b) => a.order[0] - b.order[0] || a.order[1] - b.order[1] || a.order[2] - b.order[2]);

  let segments: Segment[] = [];
  let busy: Busy | undefined;
  let screen: ScreenFrame | undefined;
  const finished: number[] = [];
  for (const it of items) {
    if ('clear' in it) {
      segments = [];
      continue;
    }
    segments.push(it.seg);
    if (it.busy && (!busy || it.busy.interruptible)) {
      busy = it.busy;
      screen = it.screen;
    }
    if (it.finished !== undefined) finished.push(it.finished);
  }
  if (!busy && input.editing !== undefined && shown.some((e) => e.id === input.editing)) busy = { id: input.editing, interruptible: false, editing: true };
  return { segments, busy, finished, shell: attachedShell(shown), ...(screen ? { screen } : {}) };
}

/** The last full-screen frame among the first `count` chunks. */
function lastScreen(output: readonly OutputChunk[], count: number): ScreenFrame | undefined {
  for (let i = count - 1; i >= 0; i--) {
    const s = output[i]!.screen;
    if (s) return s;
  }
  return undefined;
}

/** The segments as plain text (colours removed), at most the last `max` characters. */
export function plainText(segments: readonly Segment[], max: number): string {
  // eslint-disable-next-line no-control-regex
  const all = segments.map((s) => s.text).join('').replace(/\x1b\[[0-9;]*m/g, '');
  return all.length > max ? all.slice(all.length - max) : all;
}

/** Plain text of what an entry printed (for the screen-reader announcement), at most `max` characters. */
export function plainOutput(e: TerminalEntry, max: number): string {
  const all = e.output.map((c) => c.text).join('');
  return all.length > max ? `${all.slice(0, max)}…` : all;
}
