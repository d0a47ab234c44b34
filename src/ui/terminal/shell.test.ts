import { describe, expect, it } from 'vitest';
import type { AttachedShell } from '../../protocol/messages';
import { attachedShell, type TerminalEntry } from '../store/terminal';
import { COMMAND_TABLE } from '../../worker/host';
import { testCluster } from './cluster.testing';
import type { CompletionContext } from './complete';
import { CLEAR_ALL } from './screen';
import { DETACH_KEYS, END_OF_INPUT } from '../../k8s/end-of-input';
import { PASTE_LIMIT_BYTES, Shell, type ShellStrings } from './shell';
import { plainText } from './transcript';

const STRINGS: ShellStrings = {
  welcome: 'Welcome. This cluster is paused.',
  help: 'HELP TEXT',
  lostNote: 'LOST',
  stoppedNote: 'STOPPED',
  pasteRefused: (kb) => `REFUSED ${kb}`,
  moreCandidates: (n) => `MORE ${n}`,
  announce: (line, output, code, interrupted) => `${line}|${output}|${code}|${interrupted}`,
};

const CTX: CompletionContext = {
  commands: COMMAND_TABLE,
  discovery: [{ resource: 'deployments', kind: 'Deployment', shortNames: ['deploy'], namespaced: true }],
  objects: new Map(),
  files: [],
  targets: [],
};

/**
 * A stand-in for the bridge and the store: `run` adds a running entry; tests then finish it
 * (as the worker's result would) and move the playhead. `askFirst` is the page's question hook.
 */
function harness(initial: TerminalEntry[] = [], askFirst?: (line: string) => boolean) {
  let entries: TerminalEntry[] = [...initial];
  let playheadMs = 10_000;
  let nextId = initial.length ? Math.max(...initial.map((e) => e.id)) + 1 : 1;
  const screen: string[] = [];
  const runs: string[] = [];
  const interrupts: number[] = [];
  let cancels = 0;
  /** The command whose editor is open (the store's `terminal.editing`). */
  let editing: number | undefined;
  const announcements: string[] = [];
  /** What the screen shows above the prompt now, as plain text (the page's mirror of it). */
  let shown = '';
  const push = (): void => shell.update({ entries, playheadMs, following: true, ...(editing !== undefined ? { editing } : {}) });
  const shell: Shell = new Shell(
    {
      write: (t) => screen.push(t),
      cols: () => 80,
      run: (line) => {
        runs.push(line);
        const id = nextId++;
        const shell = attachedShell(entries);
        entries = [...entries, { id, line, output: [], exitCode: undefined, state: 'running', ...(shell ? { shell } : {}) }];
        push();
        return id;
      },
      interrupt: (id) => interrupts.push(id),
      cancelEdit: () => cancels++,
      ...(askFirst ? { askFirst } : {}),
      completion: () => CTX,
      announce: (t) => announcements.push(t),
      screenChanged: (segments) => (shown = plainText(segments, Infinity)),
    },
    STRINGS,
    { entries, playheadMs, following: true },
  );
  return {
    shell,
    screen,
    runs,
    interrupts,
    announcements,
    type: (data: string) => shell.handleData(data),
    /** The worker answered the last command: it ran from `start` to `end`. */
    finish(output: TerminalEntry['output'], end = playheadMs + 150, exitCode = 0, attached?: AttachedShell) {
      const last = entries[entries.length - 1]!;
      entries = entries.map((e) => (e === last ? { ...e, state: 'done', output, exitCode, startedAt: playheadMs, endedAt: end, ...(attached ? { attached } : {}) } : e));
      push();
    },
    interruptLast(t: number) {
      const last = entries[entries.length - 1]!;
      entries = entries.map((e) => (e === last ? { ...e, state: 'interrupted', exitCode: 130, endedAt: t, output: e.output.filter((c) => (c.at ?? 0) <= t) } : e));
      push();
    },
    moveTo(t: number) {
      playheadMs = t;
      push();
    },
    /** The last command opened the page's editor (`vi web.yaml`); `undefined` closes it. */
    editor(id: number | undefined) {
      editing = id;
      push();
    },
    get cancels() {
      return cancels;
    },
    /** An entry that reached the transcript without this shell (a replayed run, a lesson). */
    add(e: TerminalEntry) {
      entries = [...entries, e];
      push();
    },
    get text() {
      return screen.join('');
    },
    get shown() {
      return shown;
    },
  };
}

describe('Shell', () => {
  it('runs a typed line on Enter, hides the prompt until the playhead reaches the end, then shows output and a prompt', () => {
    const h = harness();
    expect(h.text).toContain('$\x1b[0m ');
    h.type('kubectl get nodes');
    expect(h.shell.input).toEqual({ buffer: 'kubectl get nodes', cursor: 17 });
    h.type('\r');
    expect(h.runs).toEqual(['kubectl get nodes']);
    expect(h.shell.busy).toBe(true);
    h.finish([{ stream: 'stdout', text: 'NAME     STATUS\nnode-1   Ready\n' }], 10_150);
    expect(h.shell.busy).toBe(true);
    expect(h.text).not.toContain('node-1   Ready');
    const before = h.screen.length;
    h.moveTo(10_150);
    expect(h.shell.busy).toBe(false);
    const after = h.screen.slice(before).join('');
    expect(after).toContain('NAME     STATUS\nnode-1   Ready\n');
    expect(after.endsWith('$\x1b[0m \x1b[3G')).toBe(true);
    expect(h.announcements).toEqual(['kubectl get nodes|NAME     STATUS\nnode-1   Ready\n|0|false']);
  });

  it('keeps keys typed while busy for the next prompt', () => {
    const h = harness();
    h.type('kubectl version\r');
    h.type('kubectl get no');
    h.type('\t');
    expect(h.shell.input.buffer).toBe('');
    h.finish([], 10_000);
    expect(h.shell.input.buffer).toBe('kubectl get no');
    // A full line typed ahead runs as soon as the prompt is back.
    h.type('\x15kubectl get nodes\r');
    h.type('sim status\r');
    expect(h.runs).toEqual(['kubectl version', 'kubectl get nodes']);
    h.finish([], 10_000);
    expect(h.runs).toEqual(['kubectl version', 'kubectl get nodes', 'sim status']);
  });

  it('draws a full-screen program (watch) on the alternate screen, frame by frame, and leaves it at Ctrl+C without a ^C line', () => {
    const h = harness();
    h.type('watch kubectl get pods\r');
    const first = { rows: ['Every 2.0s: kubectl get pods', '', 'NAME   READY   STATUS'] };
    const second = { rows: ['Every 2.0s: kubectl get pods', '', 'NAME   READY   STATUS', 'web    1/1     Running'], standout: [[3, 0, 3]] as [number, number, number][] };
    h.finish([{ stream: 'stdout', text: '', at: 10_200, screen: first }, { stream: 'stdout', text: '', at: 12_400, screen: second }], 300_000);
    h.moveTo(10_300);
    // smcup, then the frame from the top-left (recorded from watch under TERM=xterm).
    expect(h.text).toContain('\x1b[?1049h\x1b[H\x1b[2J\x1b[1;1HEvery 2.0s: kubectl get pods\x1b[3;1HNAME   READY   STATUS');
    h.moveTo(12_500);
    expect(h.text).toContain('\x1b[4;1H\x1b[7mweb\x1b[27m    1/1     Running');
    expect(h.text).not.toContain('\x1b[?1049l');
    h.type('\x03');
    expect(h.interrupts).toEqual([1]);
    h.interruptLast(12_600);
    const after = h.text.slice(h.text.lastIndexOf('\x1b[?1049l'));
    expect(after).not.toBe('');
    // The main screen keeps the line that started it, and the prompt comes back under it.
    expect(h.shown).toBe('$ watch kubectl get pods\n');
    expect(h.text).not.toContain('^C');
  });

  it('waits while the page’s editor is open on what a command opened; Ctrl+C there is the editor’s Cancel', () => {
    const h = harness();
    h.type('vi web.yaml\r');
    h.finish([]);
    h.moveTo(10_150);
    h.editor(1);
    // Like a terminal running vi: no prompt, and what is typed waits for it.
    expect(h.shell.busy).toBe(true);
    h.type('ls\r');
    expect(h.runs).toEqual(['vi web.yaml']);
    h.type('\x03');
    expect(h.cancels).toBe(1);
    expect(h.interrupts).toEqual([]);
    // The editor's reply (not typed) closes it, and is never recalled by ↑.
    h.add({ id: 2, line: 'vi /home/learner/web.yaml', reply: true, output: [], exitCode: 0, state: 'done', startedAt: 10_150, endedAt: 10_150 });
    h.editor(undefined);
    expect(h.shell.busy).toBe(false);
    h.type('\x1b[A');
    expect(h.shell.input.buffer).toBe('vi web.yaml');
  });

  it('Ctrl+C interrupts a waiting command and discards what was typed ahead', () => {
    const h = harness();
    h.type('kubectl get pods -w\r');
    h.finish([{ stream: 'stdout', text: 'NAME\n', at: 10_150 }], 70_000);
    h.moveTo(20_000);
    h.type('typed ahead');
    expect(h.shell.input.buffer).toBe('');
    h.type('\x03');
    expect(h.interrupts).toEqual([1]);
    h.interruptLast(20_000);
    expect(h.shell.busy).toBe(false);
    expect(h.shell.input.buffer).toBe('');
    expect(h.text).toContain('NAME\n^C\n');
    expect(h.announcements[0]).toBe('kubectl get pods -w|NAME\n|130|true');
  });

  it('Ctrl+C on a partial line prints ^C and a fresh prompt, keeping the line out of the history', () => {
    const h = harness([{ id: 1, line: 'kubectl version', output: [], exitCode: 0, state: 'done', startedAt: 0, endedAt: 150 }]);
    h.type('kubectl get po');
    h.type('\x03');
    expect(h.text).toContain('kubectl get po^C\n');
    expect(h.shell.input.buffer).toBe('');
    expect(h.runs).toEqual([]);
    h.type('\x1b[A');
    expect(h.shell.input.buffer).toBe('kubectl version');
    // Entries present before the terminal opened are not announced.
    expect(h.announcements).toEqual([]);
  });

  it('recalls the history with the arrow keys', () => {
    const h = harness();
    h.type('kubectl get nodes\r');
    h.finish([], 10_000);
    h.type('\x1b[A');
    expect(h.shell.input.buffer).toBe('kubectl get nodes');
    h.type('\x1b[B');
    expect(h.shell.input.buffer).toBe('');
  });

  it('runs a multi-line paste one line at a time, each after the previous one ended; the unfinished last line stays', () => {
    const h = harness();
    h.type('\x1b[200~kubectl get nodes\nkubectl get pods\r\n\nsim sta\x1b[201~');
    expect(h.runs).toEqual(['kubectl get nodes']);
    // Still waiting at the playhead: the next line waits too.
    h.finish([], 10_100);
    expect(h.runs).toEqual(['kubectl get nodes']);
    h.moveTo(10_100);
    expect(h.runs).toEqual(['kubectl get nodes', 'kubectl get pods']);
    h.finish([], 10_100);
    expect(h.runs).toEqual(['kubectl get nodes', 'kubectl get pods']);
    expect(h.shell.input.buffer).toBe('sim sta');
    // The blank pasted line printed a bare prompt, as a shell does.
    expect(h.text).toContain('$\x1b[0m \n');
  });

  it('holds a typed here-document until its terminator, keeping indentation, then runs it as one command', () => {
    const h = harness();
    h.type('kubectl apply -f - <<EOF\r');
    expect(h.runs).toEqual([]);
    expect(h.shell.busy).toBe(false);
    // bash's continuation prompt under the command so far.
    expect(h.text.endsWith('$\x1b[0m kubectl apply -f - <<EOF\n> \x1b[3G')).toBe(true);
    h.type('apiVersion: v1\rkind: ConfigMap\rmetadata:\r  name: settings\r');
    expect(h.runs).toEqual([]);
    h.type('EOF\r');
    expect(h.runs).toEqual(['kubectl apply -f - <<EOF\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\nEOF']);
    h.finish([{ stream: 'stdout', text: 'configmap/settings created\n' }], 10_000);
    // The transcript shows it as typed; ↑ recalls the command that opened it.
    expect(h.text).toContain('$\x1b[0m kubectl apply -f - <<EOF\n> apiVersion: v1\n> kind: ConfigMap\n> metadata:\n>   name: settings\n> EOF\nconfigmap/settings created\n');
    h.type('\x1b[A');
    expect(h.shell.input.buffer).toBe('kubectl apply -f - <<EOF');
  });

  it('holds an unfinished compound command under the `> ` prompt until it is whole, then runs it as one line', () => {
    const h = harness();
    h.type('for i in 1 2; do\r');
    expect(h.runs).toEqual([]);
    expect(h.text.endsWith('$\x1b[0m for i in 1 2; do\n> \x1b[3G')).toBe(true);
    h.type('  kubectl run pod$i --image=nginx\r');
    expect(h.runs).toEqual([]);
    h.type('done\r');
    expect(h.runs).toEqual(['for i in 1 2; do\n  kubectl run pod$i --image=nginx\ndone']);
    // A pasted block is read the same way, line by line.
    h.finish([], 10_000);
    h.type('\x1b[200~if true; then\necho yes\nfi\n\x1b[201~');
    expect(h.runs.at(-1)).toBe('if true; then\necho yes\nfi');
  });

  it('reads on past a here-document inside a loop or a function to the command’s end, as bash does', () => {
    const h = harness();
    h.type('for i in 1 2; do cat <<EOF | kubectl apply -f -\r');
    h.type('kind: Namespace\rmetadata:\r  name: team-$i\rEOF\r');
    // The document ended, the loop did not: still bash's `> ` prompt.
    expect(h.runs).toEqual([]);
    h.type('done\r');
    expect(h.runs).toEqual(['for i in 1 2; do cat <<EOF | kubectl apply -f -\nkind: Namespace\nmetadata:\n  name: team-$i\nEOF\ndone']);
    h.finish([], 10_000);
    // A `done` inside the document is the document's.
    h.type('\x1b[200~f() {\n  cat <<END\ndone\nEND\n}\n\x1b[201~');
    expect(h.runs.at(-1)).toBe('f() {\n  cat <<END\ndone\nEND\n}');
  });

  it('reads `#` comments as the script runner does: a comment alone runs nothing, a `<<EOF` in one opens no document', () => {
    const h = harness();
    h.type('\x1b[200~# first, the namespace\nkubectl get ns default   # the default one\n\x1b[201~');
    expect(h.runs).toEqual(['kubectl get ns default   # the default one']);
    // Shown as typed, as a shell echoes it, and recalled by ↑.
    expect(h.text).toContain('$\x1b[0m # first, the namespace\n');
    h.finish([], 10_000);
    h.type('kubectl get pods # no <<EOF here\r');
    expect(h.runs.at(-1)).toBe('kubectl get pods # no <<EOF here');
    h.finish([], 10_000);
    h.type('kubectl apply -f - <<EOF # the document follows\rapiVersion: v1\rkind: Namespace\rmetadata:\r  name: team # part of the document\rEOF\r');
    expect(h.runs.at(-1)).toBe('kubectl apply -f - <<EOF # the document follows\napiVersion: v1\nkind: Namespace\nmetadata:\n  name: team # part of the document\nEOF');
    h.finish([], 10_000);
    // The real simulation reads each line sent as the runner reads it.
    const cluster = testCluster();
    expect(h.runs.map((l) => cluster.run(l).exitCode)).toEqual([0, 0, 0]);
    expect(cluster.run('kubectl get ns team -o name').text).toBe('namespace/team\n');
  });

  it('runs a pasted here-document and the lines after it in order', () => {
    const h = harness();
    h.type("\x1b[200~cat <<'END' | kubectl apply -f -\nkind: Namespace\nmetadata:\n  name: team\nEND\nkubectl get ns team\n\x1b[201~");
    expect(h.runs).toEqual(["cat <<'END' | kubectl apply -f -\nkind: Namespace\nmetadata:\n  name: team\nEND"]);
    h.finish([], 10_000);
    expect(h.runs.at(-1)).toBe('kubectl get ns team');
  });

  it('Ctrl+C abandons a here-document being typed', () => {
    const h = harness();
    h.type('kubectl apply -f - <<EOF\rkind: Pod\rmeta');
    h.type('\x03');
    expect(h.runs).toEqual([]);
    expect(h.text).toContain('> kind: Pod\n> meta^C\n');
    h.type('kubectl get pods\r');
    expect(h.runs).toEqual(['kubectl get pods']);
  });

  it('recalls commands that reached the transcript without it, and does not announce a replayed run', () => {
    const h = harness();
    h.add({ id: 7, line: 'kubectl apply -f go-api.yaml', output: [{ stream: 'stdout', text: 'deployment.apps/go-api created\n' }], exitCode: 0, state: 'done', startedAt: 0, endedAt: 150, replayed: true });
    h.add({ id: 8, line: 'kubectl apply -f - <<EOF\nkind: Pod\nEOF', output: [], exitCode: 0, state: 'done', startedAt: 150, endedAt: 300, replayed: true });
    expect(h.text).toContain('deployment.apps/go-api created\n');
    expect(h.announcements).toEqual([]);
    h.type('\x1b[A');
    expect(h.shell.input.buffer).toBe('kubectl apply -f - <<EOF');
    h.type('\x1b[A');
    expect(h.shell.input.buffer).toBe('kubectl apply -f go-api.yaml');
  });

  it('refuses a paste over 256 KB with a message and runs nothing', () => {
    const h = harness();
    h.type(`\x1b[200~${'kubectl get pods\n'.repeat(Math.ceil(PASTE_LIMIT_BYTES / 17) + 1)}\x1b[201~`);
    expect(h.runs).toEqual([]);
    expect(h.text).toContain('REFUSED 257');
    expect(h.shell.input.buffer).toBe('');
  });

  it('completes with Tab and lists ambiguous candidates', () => {
    const h = harness();
    h.type('kubectl get dep\t');
    expect(h.shell.input.buffer).toBe('kubectl get deploy');
    h.type('\t');
    expect(h.text).toMatch(/kubectl get deploy\ndeploy +deployments\n/);
    expect(h.shell.input.buffer).toBe('kubectl get deploy');
  });

  it('clear and Ctrl+L wipe the screen; help prints help; neither reaches the simulation', () => {
    const h = harness();
    h.type('help\r');
    expect(h.text).toContain('HELP TEXT\n');
    const before = h.screen.length;
    h.type('clear\r');
    expect(h.screen.slice(before).join('')).toContain(CLEAR_ALL);
    h.type('abc\x0c');
    expect(h.shell.input.buffer).toBe('abc');
    expect(h.runs).toEqual([]);
  });

  it('greets in the language of the moment: switching rewrites the welcome in place, nothing else printed changes', () => {
    const h = harness();
    h.shell.greet();
    expect(h.shown).toBe('Welcome. This cluster is paused.\n');
    const zh = { ...STRINGS, welcome: '欢迎。这个集群已暂停。', help: '帮助文本' };
    let before = h.screen.length;
    h.shell.setStrings(zh);
    // Nothing but the welcome was printed: the screen is redrawn with it in the new language.
    expect(h.screen.slice(before).join('')).toContain(CLEAR_ALL);
    expect(h.shown).toBe('欢迎。这个集群已暂停。\n');
    expect(h.text.slice(h.text.lastIndexOf(CLEAR_ALL))).not.toContain('Welcome.');

    // After commands, `help` and a paste refused: only the welcome follows the language again.
    h.type('kubectl get nodes\r');
    h.finish([{ stream: 'stdout', text: 'NAME     STATUS\nnode-1   Ready\n' }], 10_000);
    h.type('help\r');
    h.type('kubectl version\r');
    h.finish([{ stream: 'stderr', text: 'error: unknown flag\n' }], 10_000, 1);
    const printed = h.shown.slice(h.shown.indexOf('\n') + 1);
    expect(printed).toBe('$ kubectl get nodes\nNAME     STATUS\nnode-1   Ready\n$ help\n帮助文本\n$ kubectl version\nerror: unknown flag\n');
    before = h.screen.length;
    h.shell.setStrings(STRINGS);
    expect(h.shown).toBe(`Welcome. This cluster is paused.\n${printed}`);
    // Redrawn whole, commands and their output included, and the prompt is back under them.
    const redraw = h.screen.slice(before).join('');
    expect(redraw).toContain(CLEAR_ALL);
    expect(redraw.slice(redraw.indexOf(CLEAR_ALL))).toContain('node-1   Ready\n');
    expect(h.screen.at(-1)).toContain('$\x1b[0m ');
    expect(h.shell.input.buffer).toBe('');
    // ↑ still recalls what was typed.
    h.type('\x1b[A');
    expect(h.shell.input.buffer).toBe('kubectl version');
  });

  it('keeps a cleared welcome cleared when the language changes', () => {
    const h = harness();
    h.shell.greet();
    h.type('clear\r');
    expect(h.shown).toBe('');
    const before = h.screen.length;
    h.shell.setStrings({ ...STRINGS, welcome: '欢迎。' });
    expect(h.shown).toBe('');
    expect(h.screen.slice(before).join('')).not.toContain(CLEAR_ALL);
  });

  it('redraws everything after a resize', () => {
    const h = harness();
    h.type('kubectl version\r');
    h.finish([{ stream: 'stdout', text: 'Client Version: v1.34.0\n' }], 10_000);
    const before = h.screen.length;
    h.shell.redraw();
    const out = h.screen.slice(before).join('');
    expect(out.startsWith(CLEAR_ALL)).toBe(true);
    expect(out).toContain('kubectl version\nClient Version: v1.34.0\n');
  });

  it('while a container shell is attached: its prompt, every line but clear goes there, no completion, Ctrl+D ends its input', () => {
    const at = (prompt: string): AttachedShell => ({ namespace: 'default', pod: 'bb', container: 'bb', prompt });
    const h = harness();
    h.type('kubectl exec -it bb -- sh\r');
    h.finish([], 10_000, 0, at('/ # '));
    expect(h.screen.at(-1)).toBe('/ # \x1b[5G');
    h.type('cd /tmp\r');
    h.finish([], 10_000, 0, at('/tmp # '));
    expect(h.text).toContain('/ # cd /tmp\n');
    expect(h.screen.at(-1)).toContain('/tmp # ');
    // An unfinished compound waits under PS2 and reaches the container's shell whole.
    h.type('for i in 1 2; do\r');
    expect(h.text.endsWith('/tmp # for i in 1 2; do\n> \x1b[3G')).toBe(true);
    h.type('echo $i\rdone\r');
    expect(h.runs.at(-1)).toBe('for i in 1 2; do\necho $i\ndone');
    h.finish([{ stream: 'stdout', text: '1\n2\n' }], 10_000, 0, at('/tmp # '));
    h.type('kubectl get no\t');
    expect(h.shell.input.buffer).toBe('kubectl get no');
    h.type('\x03');
    expect(h.text).toContain('/tmp # kubectl get no^C\n');
    h.type('help\r');
    h.finish([{ stream: 'stdout', text: 'sh: help: not found\n' }], 10_000, 127, at('/tmp # '));
    expect(h.text).not.toContain('HELP TEXT');
    h.type('clear\r');
    expect(h.runs).toEqual(['kubectl exec -it bb -- sh', 'cd /tmp', 'for i in 1 2; do\necho $i\ndone', 'help']);
    // Ctrl+D with text deletes under the cursor; on the empty line it is end of input, not a typed `exit`.
    h.type('ab\x1b[D\x04');
    expect(h.shell.input.buffer).toBe('a');
    h.type('\x7f\x04');
    expect(h.runs.at(-1)).toBe(END_OF_INPUT);
    // BusyBox's sh ends the prompt's line (ash's newline_and_flush): nothing was typed there.
    h.finish([{ stream: 'stderr', text: '\n' }], 10_000);
    expect(h.shown).toContain('/tmp # \n');
    expect(h.shown).not.toContain('exit');
    expect(h.screen.at(-1)).toContain('$\x1b[0m ');
    // Nothing for ↑ to recall: the last line typed is still `clear`.
    h.type('\x1b[A');
    expect(h.shell.input.buffer).toBe('clear');
  });

  it('Ctrl+D at an attached bash: the transcript shows the prompt and bash’s `exit`, as at end of input', () => {
    const h = harness();
    h.type('kubectl exec -it db -- bash\r');
    h.finish([], 10_000, 0, { namespace: 'default', pod: 'db', container: 'db', prompt: 'root@db:/# ' });
    h.type('\x04');
    h.finish([{ stream: 'stderr', text: 'exit\n' }], 10_000);
    expect(h.shown).toContain('root@db:/# exit\n');
    expect(h.shown).not.toContain('root@db:/# exit\nexit');
  });

  it('Ctrl+P Ctrl+Q at a kubectl attach session detaches; a Ctrl+P not followed by Ctrl+Q is previous history', () => {
    const h = harness();
    h.type('kubectl run -it sh1 --image=busybox:1.36 -- sh\r');
    h.finish([], 10_000, 0, { namespace: 'default', pod: 'sh1', container: 'sh1', prompt: '/ # ', detachKeys: true });
    h.type('echo one\r');
    h.finish([{ stream: 'stdout', text: 'one\n' }], 10_000, 0, { namespace: 'default', pod: 'sh1', container: 'sh1', prompt: '/ # ', detachKeys: true });
    // ^P then another key: the held ^P reaches the shell after all.
    h.type('\x10');
    expect(h.shell.input.buffer).toBe('');
    h.type('\x1b[C');
    expect(h.shell.input.buffer).toBe('echo one');
    h.type('\x15\x10\x11');
    expect(h.runs.at(-1)).toBe(DETACH_KEYS);
    h.finish([{ stream: 'stdout', text: "Session ended, resume using 'kubectl attach sh1 -c sh1 -n default -i -t' command\n" }], 10_000);
    expect(h.shown).toContain("/ # Session ended, resume using 'kubectl attach sh1 -c sh1 -n default -i -t' command\n");
    expect(h.screen.at(-1)).toContain('$\x1b[0m ');
    // At the laptop's prompt ^P is previous history and ^Q nothing; the detach keys were no line.
    h.type('\x10\x11');
    expect(h.shell.input.buffer).toBe('echo one');
  });

  it('Ctrl+D at the laptop’s empty prompt does nothing: the page’s bash cannot end', () => {
    const h = harness();
    h.type('\x04');
    expect(h.runs).toEqual([]);
    expect(h.shell.busy).toBe(false);
  });

  it('while a program reads the terminal in raw mode (redis-cli at its prompt): lines go as typed, Ctrl+C and Ctrl+D as their bytes', () => {
    const sh: AttachedShell = { namespace: 'default', pod: 'r', container: 'r', prompt: '# ' };
    const repl = (prompt: string): AttachedShell => ({ namespace: 'default', pod: 'r', container: 'r', prompt, raw: true });
    const h = harness();
    h.type('kubectl exec -it r -- sh\r');
    h.finish([], 10_000, 0, sh);
    h.type('redis-cli\r');
    h.finish([], 10_000, 0, repl('127.0.0.1:6379> '));
    expect(h.screen.at(-1)).toContain('127.0.0.1:6379> ');
    // No shell grammar: an open quote, a `#`, a here-document opener and a trailing `|` are the program's to read.
    h.type('set a "b\r');
    expect(h.runs.at(-1)).toBe('set a "b');
    h.finish([{ stream: 'stdout', text: 'Invalid argument(s)\n' }], 10_000, 0, repl('127.0.0.1:6379> '));
    for (const line of ['# x', 'get <<EOF', '  keys * |']) {
      h.type(`${line}\r`);
      expect(h.runs.at(-1)).toBe(line);
      h.finish([], 10_000, 0, repl('127.0.0.1:6379> '));
    }
    h.type('select 2\r');
    h.finish([{ stream: 'stdout', text: 'OK\n' }], 10_000, 0, repl('127.0.0.1:6379[2]> '));
    expect(h.screen.at(-1)).toContain('127.0.0.1:6379[2]> ');
    // A blank line and clear stay the terminal's.
    const ran = h.runs.length;
    h.type('\rclear\r');
    expect(h.runs.length).toBe(ran);
    // Ctrl+C at the prompt is a byte the line editor reads (it drops the line typed so far); only the newline is echoed.
    h.type('get a');
    h.type('\x03');
    expect(h.runs.at(-1)).toBe('\x03');
    expect(h.shell.input.buffer).toBe('');
    h.finish([], 10_000, 0, sh);
    expect(h.text).toContain('127.0.0.1:6379[2]> \n');
    expect(h.text).not.toContain('\u2403');
    h.type('redis-cli\r');
    h.finish([], 10_000, 0, repl('127.0.0.1:6379> '));
    h.type('\x04');
    expect(h.runs.at(-1)).toBe('\x04');
    h.finish([], 10_000, 0, sh);
    expect(h.screen.at(-1)).toContain('# ');
  });

  it('holds a line the page asks about first: not run, the lines pasted after it dropped, the prompt back, ↑ recalls it', () => {
    const asked: string[] = [];
    const h = harness([], (line) => line.startsWith('sim topology') && asked.push(line) > 0);
    h.type('\x1b[200~sim topology basic --nodes 1000\nkubectl get pods\n\x1b[201~');
    expect(asked).toEqual(['sim topology basic --nodes 1000']);
    expect(h.runs).toEqual([]);
    expect(h.shell.busy).toBe(false);
    expect(h.shown).not.toContain('sim topology');
    expect(h.screen.at(-1)).toContain('$\x1b[0m ');
    h.type('\x1b[A');
    expect(h.shell.input.buffer).toBe('sim topology basic --nodes 1000');
  });

  it('asks nothing about a line typed into a container shell: it is that shell’s, not the cluster’s', () => {
    const asked: string[] = [];
    const h = harness([], (line) => line.startsWith('sim topology') && asked.push(line) > 0);
    h.type('kubectl exec -it bb -- sh\r');
    h.finish([], 10_000, 0, { namespace: 'default', pod: 'bb', container: 'bb', prompt: '/ # ' });
    h.type('sim topology ha\r');
    expect(asked).toEqual([]);
    expect(h.runs).toEqual(['kubectl exec -it bb -- sh', 'sim topology ha']);
  });
});
