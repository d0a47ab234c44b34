/**
 * The terminal's shell: owns the prompt (line editor, history, completion, paste, the queue of
 * pasted lines) and keeps the screen in step with the store's transcript and the playhead. It
 * knows xterm only through `ShellHost` (write text, column count), so it runs in unit tests with
 * a fake host, and the React component is only wiring.
 *
 * Invariants:
 * - The prompt is on screen exactly when no command is busy (running in the worker, or still
 *   waiting at the playhead). Keys typed while busy are kept (type-ahead, as a tty keeps them)
 *   and replayed at the next prompt; Ctrl+C discards them, as SIGINT flushes a tty's input.
 *   Pasted lines wait in the queue.
 * - `written` is what the screen shows above the prompt (the last transcript written).
 * - A line that opens a here-document (`kubectl apply -f - <<EOF`) is held with the lines that
 *   follow, exactly as typed, until its terminator; the whole block then runs as one command
 *   (the worker reads it as the script runner does). Meanwhile the prompt is bash's `> ` under
 *   the lines so far, drawn as part of the prompt so the finished command replaces them.
 * - Every command in the transcript is in the history (↑), including those the shell did not
 *   type itself (a reloaded run's replayed commands, a lesson's); a here-document by its first line.
 * - While a container's shell is attached (`kubectl exec -it POD -- sh`), the prompt is that
 *   shell's, every line but `clear` goes to it, Tab completes nothing (the cluster's names mean
 *   nothing there) and Ctrl+D on an empty line sends end of input (END_OF_INPUT, the tty's ^D):
 *   the shell ends as at end of input (bash says `exit`), which is never a line in the history.
 *   At the laptop's `$ ` it does nothing: bash would end and close the terminal, which the page
 *   cannot, so the prompt stays as a terminal with IGNOREEOF would keep it (without its notice).
 * - Ctrl+P Ctrl+Q at a shell kubectl attach holds (`attach -it`, `run -it`: AttachedShell.detachKeys)
 *   detaches, as kubectl v1.36's escape proxy does: the Ctrl+P waits for the next key, and only if
 *   that is not Ctrl+Q does it reach the shell (previous history). Elsewhere Ctrl+P is previous
 *   history and Ctrl+Q does nothing (the tty's IXON swallows it); the line so far is dropped.
 * - A line bash would not run yet (`for i in 1 2; do`, an open quote, a trailing `|`) is held
 *   under `> ` like a here-document, at the prompt and in a container's shell alike.
 * - While a program there reads the terminal in raw mode with its own line editor (the engine
 *   says so: AttachedShell.raw, e.g. redis-cli's `127.0.0.1:6379> `), every line but `clear` and
 *   a blank one goes to it exactly as typed (nothing held, nothing stripped), and Ctrl+C or
 *   Ctrl+D at its prompt goes to it as that key's byte (`\x03`, `\x04`) alone on a line.
 *
 * About 450 lines: the invariants above are one state machine over one screen (busy,
 * queue, held block, attached shell), and each piece of it reads the others' state.
 */
import type { AttachedShell, ScreenFrame } from '../../protocol/messages';
import { drawFrame, ENTER_ALTERNATE, LEAVE_ALTERNATE } from './alt-screen';
import { endsHeredoc, type HeredocOpener } from '../../k8s/heredoc';
import { DETACH_KEYS, END_OF_INPUT } from '../../k8s/end-of-input';
import { documentOpener } from '../../k8s/script';
import { promptNeedsMore } from '../../k8s/prompt-syntax';
import { stripComment } from '../../k8s/shell-comment';
import type { TerminalEntry } from '../store/terminal';
import { shellBuiltin } from './builtins';
import { formatCandidates, tab, type CompletionContext } from './complete';
import { decodeInput, type InputAction } from './keys';
import { cancel, edit, insert, lineWithHistory, remember, replaceRange, take, type LineState } from './line-editor';
import { CLEAR_ALL, displayWidth, drawPrompt, erasePrompt, planWrite, rowsOf } from './screen';
import {
  CONTINUATION_PROMPT,
  CONTINUATION_WIDTH,
  echo,
  note,
  plainOutput,
  PROMPT_WIDTH,
  promptText,
  renderTranscript,
  sanitize,
  type Busy,
  type LocalBlock,
  type Segment,
  type Transcript,
} from './transcript';

/** What Ctrl+C and Ctrl+D send to a program reading the terminal in raw mode (AttachedShell.raw). */
const ETX = '\x03';
/** What the terminal sends for keys, not typed lines: never in the history. */
const KEYS_NOT_LINES: ReadonlySet<string> = new Set([END_OF_INPUT, DETACH_KEYS, ETX]);

/** A paste bigger than this is refused (UTF-8 bytes): nobody means to type a quarter megabyte. */
export const PASTE_LIMIT_BYTES = 256 * 1024;
/** A completion listing longer than this is cut short. */
const LIST_LIMIT = 200;
/** How much of a command's output an announcement reads. */
const ANNOUNCE_CHARS = 600;
const BLOCK_LIMIT = 500;
const TYPEAHEAD_LIMIT = 4096;

export interface ShellStrings {
  /** The first-minute greeting (`greet`); it is redrawn when the strings change language. */
  welcome: string;
  help: string;
  lostNote: string;
  stoppedNote: string;
  pasteRefused: (kb: number) => string;
  moreCandidates: (n: number) => string;
  announce: (line: string, output: string, exitCode: number | undefined, interrupted: boolean) => string;
}

export interface ShellHost {
  write(text: string): void;
  cols(): number;
  /** Rows of the screen (a full-screen program's frame parks the cursor on the last); 24 if unknown. */
  rows?(): number;
  /** Runs a line in the simulation; returns the transcript entry's id (0: it did not start). */
  run(line: string): number;
  /**
   * Whether a line typed at the terminal's own prompt must wait for the learner's answer to a
   * question first (a `sim topology` under a running lesson): true, and the shell does not run
   * it — the page asks, and runs it itself if they agree.
   */
  askFirst?(line: string): boolean;
  interrupt(id: number): void;
  /** Reads the cluster for tab completion. */
  completion(): CompletionContext;
  /** Polite screen-reader announcement of a finished command. */
  announce(text: string): void;
  /** The prompt went away (a command is busy) or came back. */
  busyChanged?(busy: Busy | undefined): void;
  /** Ctrl+C while the page's editor is open on what a command opened: close it unchanged (its Cancel). */
  cancelEdit?(): void;
  /**
   * What the screen now shows: the transcript, and the input line when the prompt is up, with
   * the prompt as plain text (`$ `, or an attached container shell's `/ # `).
   */
  screenChanged?(segments: readonly Segment[], input: string | undefined, prompt: string, screen?: ScreenFrame): void;
}

export interface ShellView {
  entries: readonly TerminalEntry[];
  playheadMs: number;
  following: boolean;
  /** The command whose editor is open (TranscriptInput.editing). */
  editing?: number;
}

export class Shell {
  private line: LineState;
  private blocks: LocalBlock[] = [];
  private blockSeq = 0;
  private queue: string[] = [];
  private typeahead: InputAction[] = [];
  private view: ShellView;
  private written: Segment[] = [];
  /** Row of the cursor within the drawn prompt, or undefined when no prompt is drawn. */
  private promptRow: number | undefined;
  private promptKey = '';
  private transcript: Transcript | undefined;
  /** The full-screen frame on the alternate screen, or undefined on the main screen. */
  private screen: ScreenFrame | undefined;
  private announced = new Set<number>();
  private rendering = false;
  private dirty = false;
  /** A here-document being typed or pasted: its opener and its lines so far (the command first). */
  /** Lines gathered under the `> ` prompt: a here-document (`opener`) or an unfinished compound command (`for …; do`). */
  private doc: { opener?: HeredocOpener; lines: string[] } | undefined;
  /** Transcript entries already seen (their lines are in the history). */
  private seen = new Set<number>();
  /** A Ctrl+P kubectl's escape proxy holds back until it knows whether Ctrl+Q follows. */
  private heldCtrlP = false;

  constructor(
    private readonly host: ShellHost,
    private strings: ShellStrings,
    view: ShellView,
  ) {
    this.view = view;
    this.line = lineWithHistory(view.entries.filter((e) => !e.reply && !KEYS_NOT_LINES.has(e.line)).map((e) => historyLine(e.line)));
    for (const e of view.entries) this.seen.add(e.id);
    // What finished before the terminal opened is not news.
    for (const id of renderTranscript(this.transcriptInput()).finished) this.announced.add(id);
    this.render();
  }

  /** The store or the playhead moved. */
  update(view: ShellView): void {
    this.view = view;
    // Commands that reached the transcript some other way (replayed after a reload, run by a lesson) can be recalled too.
    for (const e of view.entries) {
      if (this.seen.has(e.id)) continue;
      this.seen.add(e.id);
      // The editor's reply (`vi /home/learner/web.yaml` with the buffer) was never typed, nor was a Ctrl+D.
      if (!e.reply && !KEYS_NOT_LINES.has(e.line)) this.line = remember(this.line, historyLine(e.line));
    }
    this.render();
  }

  /**
   * Prints the first-minute welcome above the prompt, as the shell's own words. Unlike the rest of
   * the transcript it is not a record of something that happened, so it is drawn from the current
   * strings: switching the language rewrites it in place (what commands printed stays as it was).
   */
  greet(): void {
    this.addBlock({ kind: 'welcome' });
    this.render();
  }

  /**
   * New strings (the page's language changed). What is drawn from them now — the welcome, the
   * lost-command note — is redrawn; a command's output and a `help` already printed are not.
   */
  setStrings(strings: ShellStrings): void {
    this.strings = strings;
    this.render();
  }

  /** Whether a full-screen program's frame (watch) is on the alternate screen. */
  get fullScreen(): boolean {
    return this.screen !== undefined;
  }

  /** The terminal was resized: wrapped lines reflowed, so draw everything again. */
  redraw(): void {
    if (this.screen) this.host.write(LEAVE_ALTERNATE);
    this.screen = undefined;
    this.written = [];
    this.promptRow = undefined;
    this.promptKey = '';
    this.host.write(CLEAR_ALL);
    this.render();
  }

  /** The current line and cursor (for tests and the page object). */
  get input(): { buffer: string; cursor: number } {
    return { buffer: this.line.buffer, cursor: this.line.cursor };
  }

  get busy(): boolean {
    return this.transcript?.busy !== undefined;
  }

  /** Everything xterm reports as typed or pasted. */
  handleData(data: string): void {
    for (const a of decodeInput(data)) this.act(a);
    this.render();
  }

  private act(a: InputAction): void {
    const busy = this.transcript?.busy;
    if (a.type === 'interrupt') return this.interrupt();
    if (a.type === 'paste') return this.paste(a.text);
    if (busy) {
      if (this.typeahead.length < TYPEAHEAD_LIMIT) this.typeahead.push(a);
      return;
    }
    if (this.heldCtrlP) {
      this.heldCtrlP = false;
      if (a.type === 'ctrl' && a.key === 'Q' && this.shell()?.detachKeys && !this.doc) {
        this.line = cancel(this.line);
        this.queue.push(DETACH_KEYS);
        return;
      }
      this.line = edit(this.line, 'historyPrev');
    }
    switch (a.type) {
      case 'insert':
        this.line = insert(this.line, a.text);
        return;
      case 'edit':
        this.line = edit(this.line, a.key);
        return;
      case 'eof':
        if (this.line.buffer !== '') this.line = edit(this.line, 'delete');
        else if (this.shell() && !this.doc) this.queue.push(END_OF_INPUT);
        return;
      case 'enter': {
        const r = take(this.line);
        this.line = r.state;
        this.queue.push(r.raw);
        return;
      }
      case 'tab':
        return this.complete();
      case 'clearScreen':
        this.addBlock({ kind: 'clear' });
        return;
      case 'ctrl':
        if (a.key === 'Q') return;
        if (this.shell()?.detachKeys && !this.doc) this.heldCtrlP = true;
        else this.line = edit(this.line, 'historyPrev');
        return;
      default: {
        const never: never = a;
        return never;
      }
    }
  }

  private interrupt(): void {
    const busy = this.transcript?.busy;
    this.queue = [];
    this.typeahead = [];
    if (busy) {
      if (busy.interruptible) this.host.interrupt(busy.id);
      else if (busy.editing) this.host.cancelEdit?.();
      return;
    }
    if (this.shell()?.raw) {
      // A raw-mode line editor reads ^C as a byte (no SIGINT), and drops the line itself.
      this.line = cancel(this.line);
      this.queue.push(ETX);
      return;
    }
    // Abandoning a here-document abandons its command: the lines so far stay on screen, with ^C.
    const doc = this.doc;
    this.doc = undefined;
    const above = doc ? echo(doc.lines.join('\n'), this.shell()) : '';
    this.addBlock({ kind: 'text', text: `${above}${doc ? CONTINUATION_PROMPT : promptText(this.shell())}${sanitize(this.line.buffer)}^C\n` });
    this.line = cancel(this.line);
  }

  private paste(raw: string): void {
    const bytes = new TextEncoder().encode(raw).length;
    if (bytes > PASTE_LIMIT_BYTES) {
      this.addBlock({ kind: 'text', text: note(this.strings.pasteRefused(Math.ceil(bytes / 1024))) });
      return;
    }
    // Tabs would be completion requests if typed; pasted, they are spacing.
    // eslint-disable-next-line no-control-regex
    const text = raw.replace(/\r\n?/g, '\n').replace(/\t/g, ' ').replace(/[\x00-\x08\x0b-\x1f\x7f]/g, '');
    const pieces = text.split('\n');
    if (pieces.length === 1) {
      this.line = insert(this.line, pieces[0]!);
      return;
    }
    this.line = insert(this.line, pieces[0]!);
    for (const piece of pieces.slice(1)) {
      const r = take(this.line);
      this.queue.push(r.raw);
      this.line = insert(r.state, piece);
    }
  }

  private complete(): void {
    if (this.shell()) return;
    const out = tab(this.line.buffer, this.line.cursor, this.host.completion());
    switch (out.kind) {
      case 'none':
        return;
      case 'replace':
        this.line = replaceRange(this.line, out.from, out.to, out.text);
        return;
      case 'list': {
        const shown = out.candidates.slice(0, LIST_LIMIT);
        const more = out.candidates.length - shown.length;
        const list = formatCandidates(shown, this.host.cols()) + (more > 0 ? note(this.strings.moreCandidates(more)) : '');
        this.addBlock({ kind: 'text', text: `${promptText(this.shell())}${sanitize(this.line.buffer)}\n${list}` });
        return;
      }
      default: {
        const never: never = out;
        return never;
      }
    }
  }

  private addBlock(b: { kind: 'text'; text: string } | { kind: 'welcome' } | { kind: 'clear' }): void {
    const entries = this.view.entries;
    const afterId = entries.length ? entries[entries.length - 1]!.id : 0;
    this.blocks.push({ ...b, seq: ++this.blockSeq, afterId });
    if (this.blocks.length > BLOCK_LIMIT) this.blocks = this.blocks.slice(this.blocks.length - BLOCK_LIMIT);
  }

  /**
   * Runs queued lines while nothing is busy. Shell built-ins (`clear`, `help`) and lines that are
   * blank or only a `#` comment never reach the simulation (the script runner skips those too);
   * a here-document's lines are gathered until its terminator.
   */
  private drain(): boolean {
    let ran = false;
    for (let t = renderTranscript(this.transcriptInput()); this.queue.length && !t.busy; t = renderTranscript(this.transcriptInput())) {
      const raw = this.queue.shift()!;
      const shell = t.shell;
      ran = true;
      if (KEYS_NOT_LINES.has(raw)) {
        this.runLine(raw, shell);
        continue;
      }
      const doc = this.doc;
      if (doc) {
        doc.lines.push(raw);
        if (doc.opener ? !endsHeredoc(doc.opener, raw) : promptNeedsMore(doc.lines.join('\n'))) continue;
        this.doc = undefined;
        this.runLine(doc.lines.join('\n'), shell);
        continue;
      }
      if (shell?.raw && raw.trim() !== '' && raw.trim() !== 'clear') {
        // The program's own line editor reads it: as typed, with no shell's grammar.
        if (raw !== ETX && raw !== END_OF_INPUT) this.line = remember(this.line, raw);
        this.runLine(raw, shell);
        continue;
      }
      const line = raw.trim();
      this.line = remember(this.line, line);
      // What a shell reads of the line: a comment is not code, so its `<<EOF` opens nothing.
      const code = stripComment(line);
      // The terminal's `help` is about kubectl and sim; inside a container the shell answers.
      const builtin = shellBuiltin(code.split(/\s+/)[0]);
      const ours = builtin === 'help' && shell ? undefined : builtin;
      const opener = ours === undefined ? documentOpener(code) : undefined;
      if (code === '') this.addBlock({ kind: 'text', text: echo(line, shell) });
      else if (ours === 'clear') this.addBlock({ kind: 'clear' });
      else if (ours === 'help') this.addBlock({ kind: 'text', text: echo(line) + this.strings.help.replace(/\n?$/, '\n') });
      else if (opener) this.doc = { opener, lines: [line] };
      // bash's `> ` prompt: `for i in 1 2; do` waits for its `done`, `kubectl get pods |` for the rest.
      // A container's sh reads the same grammar for what is unfinished, and prompts PS2 `> ` too.
      else if (promptNeedsMore(code)) this.doc = { lines: [line] };
      else this.runLine(line, shell);
    }
    return ran;
  }

  private runLine(line: string, shell: AttachedShell | undefined): void {
    // In a container's shell the line is that shell's, not the cluster's: nothing to ask about.
    // Lines pasted after a held one are dropped, as behind the bridge's fork question: they were
    // meant for the cluster that line would have built.
    if (!shell && this.host.askFirst?.(line)) {
      this.queue = [];
      return;
    }
    const id = this.host.run(line);
    this.seen.add(id);
    // 0: the bridge is asking the learner first (running in the past forks the run).
    if (id === 0) this.queue = [];
  }

  /** The container shell attached at the moment shown, if any. */
  private shell(): AttachedShell | undefined {
    return this.transcript?.shell;
  }

  private transcriptInput() {
    return { entries: this.view.entries, blocks: this.blocks, playheadMs: this.view.playheadMs, following: this.view.following, lostNote: this.strings.lostNote, stoppedNote: this.strings.stoppedNote, welcome: this.strings.welcome, ...(this.view.editing !== undefined ? { editing: this.view.editing } : {}) };
  }

  private render(): void {
    if (this.rendering) {
      this.dirty = true;
      return;
    }
    this.rendering = true;
    try {
      do {
        this.dirty = false;
        // Running a queued line changes the store, which calls update() re-entrantly: loop instead.
        if (this.drain()) this.dirty = true;
        this.paint();
        if (!this.transcript?.busy && this.typeahead.length) {
          const keys = this.typeahead;
          this.typeahead = [];
          for (const a of keys) this.act(a);
          this.dirty = true;
        }
      } while (this.dirty);
    } finally {
      this.rendering = false;
    }
  }

  private paint(): void {
    const t = renderTranscript(this.transcriptInput());
    const was = this.transcript?.busy;
    this.transcript = t;
    if (was?.id !== t.busy?.id || was?.interruptible !== t.busy?.interruptible) this.host.busyChanged?.(t.busy);
    this.announce(t);
    const plan = planWrite(this.written, t.segments);
    const cols = this.host.cols();
    const doc = this.doc;
    const prompt = promptText(t.shell);
    const promptWidth = t.shell ? displayWidth(prompt) : PROMPT_WIDTH;
    const key = t.busy ? 'busy' : `${cols}\u0000${this.line.cursor}\u0000${this.line.buffer}\u0000${doc?.lines.length ?? 0}\u0000${prompt}`;
    // The main screen changes under a full-screen program only once it is left (it ended, or ^C).
    const leave = this.screen !== undefined && (t.screen === undefined || plan.kind !== 'none');
    if (plan.kind === 'none' && key === this.promptKey && !leave && t.screen === this.screen) return;
    let out = leave ? LEAVE_ALTERNATE : '';
    if (leave) this.screen = undefined;
    if (this.promptRow !== undefined) out += erasePrompt(this.promptRow);
    if (plan.kind === 'rewrite') out += CLEAR_ALL + plan.text;
    else if (plan.kind === 'append') out += plan.text;
    if (t.busy) {
      this.promptRow = undefined;
    } else if (doc) {
      // The here-document so far belongs to the prompt: erased with it once the command runs.
      const above = doc.lines.map((l, i) => (i === 0 ? promptWidth : CONTINUATION_WIDTH) + displayWidth(sanitize(l)));
      const d = drawPrompt(CONTINUATION_PROMPT, CONTINUATION_WIDTH, sanitize(this.line.buffer), this.line.cursor, cols);
      out += echo(doc.lines.join('\n'), t.shell) + d.text;
      this.promptRow = rowsOf(above, cols) + d.cursorRow;
    } else {
      const d = drawPrompt(prompt, promptWidth, sanitize(this.line.buffer), this.line.cursor, cols);
      out += d.text;
      this.promptRow = d.cursorRow;
    }
    if (t.screen && t.screen !== this.screen) {
      out += (this.screen ? '' : ENTER_ALTERNATE) + drawFrame(t.screen, this.host.rows?.() ?? 24, cols);
      this.screen = t.screen;
    }
    this.written = t.segments;
    this.promptKey = key;
    if (out) this.host.write(out);
    this.host.screenChanged?.(t.segments, t.busy ? undefined : this.line.buffer, t.shell ? prompt : '$ ', t.screen);
  }

  private announce(t: Transcript): void {
    for (const id of t.finished) {
      if (this.announced.has(id)) continue;
      this.announced.add(id);
      const e = this.view.entries.find((x) => x.id === id);
      // A replayed command is the run being rebuilt, not something that just happened.
      if (e && !e.replayed) this.host.announce(this.strings.announce(e.line, plainOutput(e, ANNOUNCE_CHARS), e.exitCode, e.state === 'interrupted'));
    }
  }
}

/** What ↑ recalls for a command: a here-document by its first line, the command that opens it. */
function historyLine(line: string): string {
  const nl = line.indexOf('\n');
  return nl < 0 ? line : line.slice(0, nl);
}
