import { describe, expect, it } from 'vitest';
import type { TerminalEntry } from '../store/terminal';
import { PROMPT, renderTranscript, revealed, sanitize, type LocalBlock, type TranscriptInput } from './transcript';

function entry(id: number, patch: Partial<TerminalEntry> = {}): TerminalEntry {
  return { id, line: `cmd ${id}`, output: [], exitCode: 0, state: 'done', startedAt: id * 1000, endedAt: id * 1000 + 150, ...patch };
}

function view(entries: TerminalEntry[], playheadMs: number, extra: Partial<TranscriptInput> = {}) {
  return renderTranscript({ entries, blocks: [], playheadMs, following: true, lostNote: 'lost', welcome: 'hello', ...extra });
}

const text = (t: ReturnType<typeof renderTranscript>): string => t.segments.map((s) => s.text).join('');

const WATCH: TerminalEntry = entry(1, {
  line: 'kubectl get pods -w',
  startedAt: 1000,
  endedAt: 70_000,
  output: [
    { stream: 'stdout', text: 'NAME   READY\n', at: 1150 },
    { stream: 'stdout', text: 'web    0/1\n', at: 3000 },
    { stream: 'stdout', text: 'web    1/1\n', at: 9000 },
  ],
});

describe('renderTranscript', () => {
  it('echoes each command after a prompt and prints its output exactly; stderr coloured', () => {
    const t = view([entry(1, { line: 'kubectl get x', output: [{ stream: 'stderr', text: 'error: the server doesn\'t have a resource type "x"\n' }], exitCode: 1 })], 5000);
    expect(text(t)).toBe(`${PROMPT}kubectl get x\n\x1b[91merror: the server doesn't have a resource type "x"\n\x1b[0m`);
    expect(t.busy).toBeUndefined();
    expect(t.finished).toEqual([1]);
  });

  it('shows the YAML editor’s reply to kubectl edit without a prompt line of its own', () => {
    const opened = entry(1, { line: 'kubectl edit deployment/web' });
    const reply = entry(2, { line: 'kubectl edit deployment/web', reply: true, output: [{ stream: 'stdout', text: 'deployment.apps/web edited\n' }] });
    expect(text(view([opened, reply], 5000))).toBe(`${PROMPT}kubectl edit deployment/web\ndeployment.apps/web edited\n`);
  });

  it('keeps the prompt away while the page’s editor is open on what a command opened', () => {
    const opened = entry(1, { line: 'vi web.yaml' });
    expect(view([opened], 5000, { editing: 1 }).busy).toEqual({ id: 1, interruptible: false, editing: true });
    expect(view([opened], 5000).busy).toBeUndefined();
    // Looking at a moment before the line was typed, nothing waits.
    expect(view([opened], 500, { following: false, editing: 1 }).busy).toBeUndefined();
  });

  it('reveals a waiting command’s lines as the playhead reaches them, and keeps the prompt away until it ends', () => {
    expect(revealed(WATCH, 2000)).toEqual({ count: 1, waiting: true });
    const early = view([WATCH], 2000);
    expect(text(early)).toBe(`${PROMPT}kubectl get pods -w\nNAME   READY\n`);
    expect(early.busy).toEqual({ id: 1, interruptible: true });
    expect(early.finished).toEqual([]);
    expect(text(view([WATCH], 9000))).toContain('web    1/1\n');
    const after = view([WATCH], 70_000);
    expect(after.busy).toBeUndefined();
    expect(after.finished).toEqual([1]);
  });

  it('holds unstamped output until the command returned', () => {
    const e = entry(2, { output: [{ stream: 'stdout', text: 'deployment.apps/go-api created\n' }], startedAt: 2000, endedAt: 2150 });
    expect(text(view([e], 2100))).toBe(`${PROMPT}cmd 2\n`);
    expect(view([e], 2100).busy).toEqual({ id: 2, interruptible: true });
    expect(text(view([e], 2150))).toBe(`${PROMPT}cmd 2\ndeployment.apps/go-api created\n`);
  });

  it('marks running commands busy but not interruptible, and interrupted ones with ^C', () => {
    const running = view([entry(3, { state: 'running', output: [], exitCode: undefined, startedAt: undefined, endedAt: undefined })], 0);
    expect(running.busy).toEqual({ id: 3, interruptible: false });
    const cut = { ...WATCH, state: 'interrupted' as const, exitCode: 130, endedAt: 4000, output: WATCH.output.slice(0, 2) };
    const t = view([cut], 4000);
    expect(text(t)).toBe(`${PROMPT}kubectl get pods -w\nNAME   READY\nweb    0/1\n^C\n`);
    expect(t.busy).toBeUndefined();
  });

  it('draws ^C where the Ctrl+C came: before what the program wrote on SIGINT, which ends its line', () => {
    const ping = entry(4, {
      line: 'ping bb',
      state: 'interrupted',
      startedAt: 4000,
      endedAt: 6500,
      interruptedAt: 6500,
      output: [
        { stream: 'stdout', text: '64 bytes from 10.244.2.2: seq=0\n', at: 4150 },
        { stream: 'stdout', text: '\n--- bb ping statistics ---\n', at: 6500 },
      ],
    });
    expect(text(view([ping], 6500))).toBe(`${PROMPT}ping bb\n64 bytes from 10.244.2.2: seq=0\n^C\n--- bb ping statistics ---\n`);
    // kubectl exec -it: the remote command died of it, kubectl says so right after the echo.
    const exec = entry(5, { line: 'kubectl exec -it bb -- sleep 100', state: 'interrupted', startedAt: 5000, endedAt: 7500, interruptedAt: 7500, output: [{ stream: 'stdout', text: 'command terminated with exit code 130\n', at: 7500 }] });
    expect(text(view([exec], 7500))).toBe(`${PROMPT}kubectl exec -it bb -- sleep 100\n^Ccommand terminated with exit code 130\n`);
    // Nothing written on SIGINT: the ^C's line ends there.
    const sleep = entry(6, { line: 'sleep 100', state: 'interrupted', startedAt: 6000, endedAt: 8000, interruptedAt: 8000, exitCode: 130 });
    expect(text(view([sleep], 8000))).toBe(`${PROMPT}sleep 100\n^C\n`);
    // A script whose trap returns goes on after the ^C: the line waits for the rest.
    const trap = entry(7, { line: 'sh trap.sh', state: 'done', startedAt: 7000, endedAt: 12_000, interruptedAt: 9000, output: [{ stream: 'stdout', text: 'caught\n', at: 9000 }, { stream: 'stdout', text: 'end\n', at: 12_000 }] });
    expect(text(view([trap], 10_000))).toBe(`${PROMPT}sh trap.sh\n^Ccaught\n`);
    expect(view([trap], 10_000).busy).toEqual({ id: 7, interruptible: true });
    expect(text(view([trap], 12_000))).toBe(`${PROMPT}sh trap.sh\n^Ccaught\nend\n`);
  });

  it('ends output without a final newline before the next prompt, and notes lost commands', () => {
    const e = entry(1, { output: [{ stream: 'stdout', text: '10.244.1.7' }] });
    expect(text(view([e], 10_000))).toBe(`${PROMPT}cmd 1\n10.244.1.7\n`);
    const lost = entry(2, { state: 'lost', exitCode: undefined });
    expect(text(view([lost], 10_000))).toBe(`${PROMPT}cmd 2\n\x1b[33mlost\x1b[0m\n`);
    // Lost because the page stopped using workers: that note, not the restart's.
    const stopped = entry(3, { state: 'lost', lost: 'stopped', exitCode: undefined });
    expect(text(view([stopped], 10_000, { stoppedNote: 'stopped' }))).toBe(`${PROMPT}cmd 3\n\x1b[33mstopped\x1b[0m\n`);
  });

  it('hides commands typed after the moment shown when the learner went back in time', () => {
    const es = [entry(1), entry(5)];
    expect(view(es, 2000, { following: false }).segments.map((s) => s.key)).toEqual(['e1']);
    // While following the live edge a just-typed command shows even if the playhead lags behind it.
    expect(view(es, 2000, { following: true }).segments.map((s) => s.key)).toEqual(['e1', 'e5']);
  });

  it('places local lines after the entry they followed, and clear drops everything before it', () => {
    const blocks: LocalBlock[] = [
      { seq: 1, afterId: 0, kind: 'text', text: 'first\n' },
      { seq: 2, afterId: 1, kind: 'text', text: 'after one\n' },
      { seq: 3, afterId: 1, kind: 'text', text: 'after one again\n' },
    ];
    const keys = view([entry(1), entry(2)], 10_000, { blocks }).segments.map((s) => s.key);
    expect(keys).toEqual(['b1', 'e1', 'b2', 'b3', 'e2']);
    const cleared = view([entry(1), entry(2)], 10_000, { blocks: [...blocks, { seq: 4, afterId: 1, kind: 'clear' }] });
    expect(cleared.segments.map((s) => s.key)).toEqual(['e2']);
    // A block whose entry was dropped (a fork, the transcript limit) keeps its place by id.
    expect(view([entry(2)], 10_000, { blocks }).segments.map((s) => s.key)).toEqual(['b1', 'b2', 'b3', 'e2']);
  });

  it('draws the welcome from the strings it is given now, in its place before everything', () => {
    const blocks: LocalBlock[] = [{ seq: 1, afterId: 0, kind: 'welcome' }];
    const en = view([entry(1)], 10_000, { blocks, welcome: 'Welcome.' });
    const zh = view([entry(1)], 10_000, { blocks, welcome: '欢迎。' });
    expect(en.segments.map((s) => s.key)).toEqual(['b1', 'e1']);
    expect(en.segments[0]!.text).toBe('\x1b[33mWelcome.\x1b[0m\n');
    expect(zh.segments[0]!.text).toBe('\x1b[33m欢迎。\x1b[0m\n');
    // The command's own segment is the same either way.
    expect(zh.segments[1]).toEqual(en.segments[1]);
  });

  it('never lets output control the terminal', () => {
    expect(sanitize('a\x1b[2Jb\rc\td\n\x07\x9b')).toBe('a\u241b[2Jb\u240dc\td\n\u2407\ufffd');
    const t = view([entry(1, { line: 'x', output: [{ stream: 'stdout', text: 'evil\x1b]52;c;AAAA\x07\n' }] })], 10_000);
    expect(text(t)).not.toContain('\x1b]');
  });

  it('shows a line typed into a container shell after its prompt, and the prompt of the moment shown', () => {
    const bb = (prompt: string) => ({ namespace: 'default', pod: 'bb', container: 'bb', prompt });
    const es = [
      entry(1, { line: 'kubectl exec -it bb -- sh', attached: bb('/ # ') }),
      entry(2, { line: 'cd /tmp', shell: bb('/ # '), attached: bb('/tmp # ') }),
      entry(3, { line: 'exit 3', shell: bb('/tmp # '), output: [{ stream: 'stderr', text: 'command terminated with exit code 3\n' }], exitCode: 3 }),
    ];
    const live = view(es, 10_000);
    expect(text(live)).toBe(`${PROMPT}kubectl exec -it bb -- sh\n/ # cd /tmp\n/tmp # exit 3\n\x1b[91mcommand terminated with exit code 3\n\x1b[0m`);
    expect(live.shell).toBeUndefined();
    // Back before the exit: the screen ends at the attached shell's prompt.
    expect(view(es, 2500, { following: false }).shell?.prompt).toBe('/tmp # ');
    // A lost command never ran: the prompt is the one before it.
    expect(view([...es.slice(0, 2), entry(3, { line: 'exit', shell: bb('/tmp # '), state: 'lost' })], 10_000).shell?.prompt).toBe('/tmp # ');
    // A prompt is data: it cannot move the cursor either.
    expect(text(view([entry(1, { shell: bb('\x1b[2J# ') })], 10_000))).toBe('\u241b[2J# cmd 1\n');
  });
});
