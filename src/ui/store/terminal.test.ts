import { describe, expect, it } from 'vitest';
import { TERMINAL_LIMIT, commandFinished, commandInterrupted, commandReplayed, commandStarted, commandsAfter, commandsLost, contextNamespace, editorQuitText, initialTerminalState, interruptedAs, workstationFiles } from './terminal';

describe('terminal transcript', () => {
  it('knows the files behind the prompt from the last line that changed them, past a fork and the transcript limit', () => {
    const done = (id: number, at: number, files?: Record<string, string>) => ({ type: 'commandResult' as const, epoch: 1, id, output: [], exitCode: 0, startedAt: at, endedAt: at + 150, ...(files ? { files } : {}) });
    let s = commandFinished(commandStarted(initialTerminalState, 1, 'kubectl create ns a --dry-run=client -o yaml > ns.yaml'), done(1, 0, { 'ns.yaml': 'kind: Namespace\n' }));
    s = commandFinished(commandStarted(s, 2, 'kubectl get pods'), done(2, 1000));
    expect(workstationFiles(s.entries)).toEqual({ 'ns.yaml': 'kind: Namespace\n' });
    s = commandFinished(commandStarted(s, 3, 'echo x > b'), done(3, 2000, { 'ns.yaml': 'kind: Namespace\n', b: 'x\n' }));
    expect(Object.keys(workstationFiles(s.entries))).toEqual(['ns.yaml', 'b']);
    // A fork before the third line takes its file back.
    expect(workstationFiles(commandsAfter(s, 1500).entries)).toEqual({ 'ns.yaml': 'kind: Namespace\n' });
    for (let id = 4; id < 4 + TERMINAL_LIMIT; id++) s = commandFinished(commandStarted(s, id, 'kubectl get pods'), done(id, id * 1000));
    expect(s.entries.some((e) => e.id === 3)).toBe(false);
    expect(Object.keys(workstationFiles(s.entries))).toEqual(['ns.yaml', 'b']);
    expect(workstationFiles(initialTerminalState.entries)).toEqual({});
  });

  it('knows the namespace kubectl defaults to from the last line that changed it, past a fork and the transcript limit', () => {
    const done = (id: number, at: number, namespace?: string) => ({ type: 'commandResult' as const, epoch: 1, id, output: [], exitCode: 0, startedAt: at, endedAt: at + 150, ...(namespace ? { namespace } : {}) });
    expect(contextNamespace(initialTerminalState.entries)).toBe('default');
    let s = commandFinished(commandStarted(initialTerminalState, 1, 'kubectl config set-context --current -n kube-system'), done(1, 0, 'kube-system'));
    s = commandFinished(commandStarted(s, 2, 'kubectl get pods'), done(2, 1000));
    expect(contextNamespace(s.entries)).toBe('kube-system');
    expect(contextNamespace(commandsAfter(s, -1).entries)).toBe('default');
    for (let id = 3; id < 3 + TERMINAL_LIMIT; id++) s = commandFinished(commandStarted(s, id, 'kubectl get pods'), done(id, id * 1000));
    expect(s.entries.some((e) => e.id === 1)).toBe(false);
    expect(contextNamespace(s.entries)).toBe('kube-system');
  });

  it('holds a kubectl edit open until the editor’s reply answers it; a replay never reopens it', () => {
    const edit = { kind: 'object' as const, line: 'kubectl edit deployment/web', text: '# Please edit…\nkind: Deployment\n', title: 'deployment.apps/web' };
    let s = commandStarted(initialTerminalState, 1, edit.line);
    s = commandFinished(s, { type: 'commandResult', epoch: 1, id: 1, output: [], exitCode: 0, startedAt: 0, endedAt: 150, edit });
    expect(s.editing).toEqual({ ...edit, id: 1 });
    // Another command meanwhile leaves it open.
    s = commandStarted(s, 2, 'kubectl get pods');
    s = commandFinished(s, { type: 'commandResult', epoch: 1, id: 2, output: [], exitCode: 0, startedAt: 150, endedAt: 300 });
    expect(s.editing?.id).toBe(1);
    s = commandStarted(s, 3, edit.line, true);
    expect(s.entries[2]).toMatchObject({ reply: true });
    s = commandFinished(s, { type: 'commandResult', epoch: 1, id: 3, output: [{ stream: 'stdout', text: 'deployment.apps/web edited\n' }], exitCode: 0, startedAt: 300, endedAt: 450 });
    expect(s.editing).toBeUndefined();
    const replayed = commandReplayed(initialTerminalState, { type: 'commandResult', epoch: 2, id: 1, output: [], exitCode: 0, startedAt: 0, endedAt: 150, edit }, edit.line);
    expect(replayed.editing).toBeUndefined();
  });

  it('holds a vi FILE open like a kubectl edit; its quit text is the file as first opened', () => {
    const edit = { kind: 'file' as const, line: 'vi /home/learner/web.yaml', text: 'kind: Deployment\n', program: 'vi' as const, path: 'web.yaml', status: '"web.yaml" E212: Can\'t open file for writing', quit: '' };
    let s = commandStarted(initialTerminalState, 1, 'vi web.yaml');
    s = commandFinished(s, { type: 'commandResult', epoch: 1, id: 1, output: [], exitCode: 0, startedAt: 0, endedAt: 0, edit });
    expect(s.editing).toEqual({ ...edit, id: 1 });
    expect(editorQuitText(s.editing!)).toBe('');
    expect(editorQuitText({ kind: 'object', line: 'kubectl edit cm/x', text: '# Please edit…\n', title: 'configmap/x', id: 2 })).toBe('# Please edit…\n');
    // A container's file reopened after vi refused the save: Quit sends the text vi first read.
    expect(editorQuitText({ kind: 'container-file', line: 'vi /etc/cfg/color', text: 'red', program: 'vi', flavour: 'busybox', path: '/etc/cfg/color', namespace: 'default', pod: 'reader', container: 'app', readOnly: true, status: "'/etc/cfg/color' is read only", quit: 'blue', id: 3 })).toBe('blue');
    s = commandStarted(s, 2, edit.line, true, true);
    s = commandFinished(s, { type: 'commandResult', epoch: 1, id: 2, output: [], exitCode: 0, startedAt: 0, endedAt: 0 });
    expect(s.editing).toBeUndefined();
  });

  it('records a command, then its output', () => {
    let s = commandStarted(initialTerminalState, 1, 'kubectl get pods');
    expect(s.entries[0]).toMatchObject({ id: 1, state: 'running', output: [] });
    s = commandFinished(s, { type: 'commandResult', epoch: 1, id: 1, output: [{ stream: 'stderr', text: 'No resources found in default namespace.\n' }], exitCode: 0, startedAt: 0, endedAt: 150 });
    expect(s.entries[0]).toMatchObject({ state: 'done', endedAt: 150, exitCode: 0, output: [{ stream: 'stderr' }] });
  });

  it('marks only still-running commands as lost', () => {
    let s = commandStarted(initialTerminalState, 1, 'a');
    s = commandStarted(s, 2, 'b');
    s = commandFinished(s, { type: 'commandResult', epoch: 1, id: 1, output: [], exitCode: 0, startedAt: 0, endedAt: 150 });
    s = commandsLost(s, new Set([1, 2]));
    expect(s.entries.map((e) => e.state)).toEqual(['done', 'lost']);
  });

  it('Ctrl+C keeps only what was written before the interrupt; a fork drops later commands', () => {
    let s = commandStarted(initialTerminalState, 1, 'kubectl get pods -w');
    s = commandFinished(s, {
      type: 'commandResult',
      epoch: 1,
      id: 1,
      output: [
        { stream: 'stdout', text: 'NAME READY\n' },
        { stream: 'stdout', text: 'a 0/1\n', at: 5_000 },
        { stream: 'stdout', text: 'a 1/1\n', at: 9_000 },
      ],
      exitCode: 0,
      startedAt: 1_000,
      endedAt: 69_000,
    });
    s = commandStarted(s, 2, 'kubectl get nodes');
    s = commandFinished(s, { type: 'commandResult', epoch: 1, id: 2, output: [], exitCode: 0, startedAt: 69_000, endedAt: 69_150 });
    s = commandInterrupted(s, 1, 6_000);
    expect(s.entries[0]).toMatchObject({ state: 'interrupted', exitCode: 130, endedAt: 6_000 });
    expect(s.entries[0]!.output.map((c) => c.text)).toEqual(['NAME READY\n', 'a 0/1\n']);
    expect(commandsAfter(s, 6_000).entries.map((e) => e.id)).toEqual([1]);
  });

  it('adds a replayed command finished (or interrupted where its Ctrl+C was), marked as replayed', () => {
    let s = commandReplayed(initialTerminalState, { type: 'commandResult', epoch: 2, id: 4, output: [{ stream: 'stdout', text: 'ok\n' }], exitCode: 0, startedAt: 0, endedAt: 150 }, 'kubectl get nodes');
    expect(s.entries[0]).toMatchObject({ id: 4, line: 'kubectl get nodes', state: 'done', replayed: true, endedAt: 150 });
    const watch = { type: 'commandResult' as const, epoch: 2, id: 5, output: [{ stream: 'stdout' as const, text: 'NAME\n', at: 200 }], exitCode: 130, startedAt: 150, endedAt: 9_000 };
    s = commandReplayed(s, watch, 'kubectl get pods -w', 9_000);
    expect(s.entries[1]).toMatchObject({ id: 5, state: 'interrupted', exitCode: 130, replayed: true });
  });

  it('keeps a bounded transcript', () => {
    let s = initialTerminalState;
    for (let i = 0; i < TERMINAL_LIMIT + 5; i++) s = commandStarted(s, i, `c${i}`);
    expect(s.entries).toHaveLength(TERMINAL_LIMIT);
    expect(s.entries[0]!.id).toBe(5);
  });

  it('types a line into the shell the last command left attached; the worker’s answer settles it', () => {
    const bb = { namespace: 'default', pod: 'bb', container: 'bb', prompt: '/ # ' };
    let s = commandStarted(initialTerminalState, 1, 'kubectl exec -it bb -- sh');
    expect(s.entries[0]!.shell).toBeUndefined();
    s = commandFinished(s, { type: 'commandResult', epoch: 1, id: 1, output: [], exitCode: 0, startedAt: 0, endedAt: 150, attached: bb });
    s = commandStarted(s, 2, 'exit');
    expect(s.entries[1]).toMatchObject({ shell: bb, state: 'running' });
    s = commandFinished(s, { type: 'commandResult', epoch: 1, id: 2, output: [], exitCode: 0, startedAt: 150, endedAt: 300, typedIn: bb });
    expect(s.entries[1]).toMatchObject({ shell: bb, state: 'done' });
    expect(s.entries[1]!.attached).toBeUndefined();
    expect(commandStarted(s, 3, 'kubectl get pods').entries[2]!.shell).toBeUndefined();
  });

  it('takes the Ctrl+C fork\'s result: over at the Ctrl+C unless the line wrote more later', () => {
    const base = commandInterrupted(commandStarted(initialTerminalState, 1, 'ping bb'), 1, 5000);
    const msg = (output: { text: string; at: number }[], endedAt: number) => ({ type: 'commandResult' as const, epoch: 1, id: 99, exitCode: 0, startedAt: 1000, endedAt, output: output.map((c) => ({ stream: 'stdout' as const, ...c })) });
    // ping's statistics at the Ctrl+C, the shell's next prompt a moment on: over.
    expect(interruptedAs(base, 1, msg([{ text: 'seq=0\n', at: 1150 }, { text: '\n--- bb ping statistics ---\n', at: 5000 }], 5150), 5000).entries[0]).toMatchObject({ state: 'interrupted', exitCode: 0, interruptedAt: 5000, endedAt: 5150 });
    // A trap returned and the script wrote again three seconds on: it still waits.
    expect(interruptedAs(base, 1, msg([{ text: 'caught\n', at: 5000 }, { text: 'end\n', at: 8000 }], 8000), 5000).entries[0]).toMatchObject({ state: 'done', interruptedAt: 5000 });
  });
});
