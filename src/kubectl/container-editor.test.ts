/**
 * `vi FILE` on a container's terminal opens the page's editor on the container's file
 * (container-editor.ts, engine/images/tools-vi.ts), through the real engine: the status lines are
 * BusyBox vi's (editors/vi.c, tag 1_36_1: format_edit_status, ZZ's refusals), and without a
 * terminal vi's screen and death are as recorded from BusyBox 1.35.0 (`busybox vi FILE </dev/null`).
 */
import { describe, expect, it } from 'vitest';
import { Session } from './session';
import { bootedCopy, terminal, text } from './attach.testing';
import type { CommandResult, EditorRequest } from './types';

type ContainerEdit = Extract<EditorRequest, { kind: 'container-file' }>;

function opened(r: CommandResult): ContainerEdit {
  expect(r.output).toEqual([]);
  expect(r.exitCode).toBe(0);
  const edit = r.edit;
  if (edit?.kind !== 'container-file') throw new Error(`no container editor opened: ${JSON.stringify(r)}`);
  return edit;
}

const CONFIG = `apiVersion: v1
kind: ConfigMap
metadata:
  name: colors
data:
  color: blue
---
apiVersion: v1
kind: Pod
metadata:
  name: reader
spec:
  containers:
  - name: app
    image: busybox:1.36
    command: ["sh", "-c", "sleep 3600"]
    volumeMounts:
    - name: cfg
      mountPath: /etc/cfg
  volumes:
  - name: cfg
    configMap:
      name: colors
`;

describe('vi in a container on the page’s terminal', () => {
  it('kubectl exec -it bb -- vi FILE opens the editor on the container’s new file; Save writes it there', () => {
    const s = terminal();
    const edit = opened(s.run('kubectl exec -it bb -- vi /tmp/x'));
    // format_edit_status on vi's dummy line: `- FILE 1/1 100%`.
    expect(edit).toEqual({ kind: 'container-file', program: 'vi', flavour: 'busybox', path: '/tmp/x', namespace: 'default', pod: 'bb', container: 'bb', readOnly: false, text: '\n', quit: '\n', status: '- /tmp/x 1/1 100%', line: 'vi /tmp/x' });
    const saved = s.run(edit.line, 'hello', { laptop: true });
    // vi leaves the alternate screen as it exits: the terminal shows nothing more.
    expect(saved).toMatchObject({ output: [], exitCode: 0 });
    expect(saved.edit).toBeUndefined();
    // The dummy line's newline stays with what was typed on it.
    expect(text(s.run('kubectl exec bb -- cat /tmp/x'))).toBe('hello\n');
  });

  it('vi typed at an attached shell edits the file; the prompt comes back with $? 0; Quit writes nothing', () => {
    const s = terminal();
    s.run('kubectl exec -it bb -- sh');
    s.run("printf 'a\\nb\\nc\\n' > /tmp/three");
    const r = s.run('vi /tmp/three');
    const edit = opened(r);
    expect(r.attached?.pod).toBe('bb');
    expect(edit).toMatchObject({ path: '/tmp/three', text: 'a\nb\nc\n', status: '- /tmp/three 1/3 33%', line: 'vi /tmp/three' });
    // Quit (`:q!`): the buffer as it was opened goes back, nothing is written.
    expect(s.run(edit.line, edit.quit, { laptop: true })).toMatchObject({ output: [], exitCode: 0 });
    expect(text(s.run('echo $?; cat /tmp/three'))).toBe('0\na\nb\nc\n');
    // A relative path is the shell's directory's; the reply names the full path.
    s.run('cd /tmp');
    const again = opened(s.run('vi three'));
    expect(again).toMatchObject({ path: 'three', status: '- three 1/3 33%', line: 'vi /tmp/three' });
    expect(s.run(again.line, 'a\nB\nc\n', { laptop: true }).edit).toBeUndefined();
    expect(text(s.run('cat three'))).toBe('a\nB\nc\n');
    // The shell is still attached and its prompt is back.
    expect(s.run('true').attached?.prompt).toBe('/tmp # ');
  });

  it('a ConfigMap’s file opens [Readonly]; Save keeps the editor open with vi’s refusal, and Quit leaves the file alone', () => {
    const s = terminal();
    s.run('kubectl apply -f -', CONFIG);
    s.run('kubectl wait --for=condition=Ready pod/reader --timeout=1m');
    s.run('kubectl exec -it reader -- sh');
    const edit = opened(s.run('vi /etc/cfg/color'));
    expect(edit).toMatchObject({ readOnly: true, text: 'blue', status: '- /etc/cfg/color [Readonly] 0/0 100%' });
    const refused = s.run(edit.line, 'red', { laptop: true });
    expect(refused.output).toEqual([]);
    // ZZ in read-only mode (vi.c: status_line_bold("'%s' is read only", current_filename)).
    expect(refused.edit).toMatchObject({ kind: 'container-file', text: 'red', status: "'/etc/cfg/color' is read only", quit: 'blue' });
    s.run(edit.line, 'blue', { laptop: true });
    expect(text(s.run('cat /etc/cfg/color'))).toBe('blue');
    // A new file on the read-only mount: not read-only at open, open(2) fails at the write.
    const fresh = opened(s.run('vi /etc/cfg/new'));
    expect(fresh).toMatchObject({ readOnly: false, status: '- /etc/cfg/new 1/1 100%' });
    expect(s.run(fresh.line, 'x\n', { laptop: true }).edit).toMatchObject({ status: 'Write error: Read-only file system' });
  });

  it('vi -R opens read-only; a directory opens with vi’s refusal; a missing directory fails at the write', () => {
    const s = terminal();
    s.run('kubectl exec -it bb -- sh');
    s.run('echo hi > /tmp/r');
    const ro = opened(s.run('vi -R /tmp/r'));
    expect(ro).toMatchObject({ readOnly: true, status: '- /tmp/r [Readonly] 1/1 100%' });
    expect(s.run(ro.line, 'ho\n', { laptop: true }).edit).toMatchObject({ status: "'/tmp/r' is read only" });
    s.run(ro.line, ro.quit, { laptop: true });
    expect(opened(s.run('vi /tmp'))).toMatchObject({ text: '\n', status: "'/tmp' is not a regular file" });
    s.run('vi /tmp', '\n', { laptop: true });
    const missing = opened(s.run('vi /nope/x'));
    expect(s.run(missing.line, 'x\n', { laptop: true }).edit).toMatchObject({ status: 'Write error: No such file or directory' });
  });

  it('kubectl run -it … -- sh: vi at PID 1’s shell opens the editor too, and the save reaches the container', () => {
    const s = terminal();
    expect(s.run('kubectl run -it t --image=busybox:1.36 -- sh')).toMatchObject({ attached: { pod: 't' } });
    const edit = opened(s.run('vi /tmp/a'));
    expect(edit).toMatchObject({ pod: 't', container: 't', status: '- /tmp/a 1/1 100%' });
    s.run(edit.line, 'from pid 1\n', { laptop: true });
    expect(text(s.run('cat /tmp/a'))).toBe('from pid 1\n');
  });

  it('vi alone opens vi’s nameless buffer; Save has no file to write (vi stays open), Quit leaves', () => {
    const s = terminal();
    s.run('kubectl exec -it bb -- sh');
    const edit = opened(s.run('vi'));
    expect(edit).toMatchObject({ path: '', text: '\n', status: '- No file 1/1 100%', line: 'vi' });
    // ZZ with no file name (vi.c file_write): `No current filename`, and vi goes on.
    expect(s.run(edit.line, 'x\n', { laptop: true }).edit).toMatchObject({ status: 'No current filename' });
    expect(s.run(edit.line, edit.quit, { laptop: true }).edit).toBeUndefined();
  });

  it('replays from the log to the same files', () => {
    const s = terminal();
    s.run('kubectl exec -it bb -- sh');
    const edit = opened(s.run('vi /tmp/replayed'));
    s.run(edit.line, 'one\ntwo\n', { laptop: true });
    const again = new Session({ seed: 1, interactive: true, simulation: bootedCopy() });
    for (const l of s.log) again.run(l.line, l.stdin, l.laptop ? { laptop: true } : {});
    expect(text(again.run('cat /tmp/replayed'))).toBe('one\ntwo\n');
  });

  it('Debian images have no vi: the shell’s own not-found', () => {
    const s = terminal();
    s.run('kubectl exec -it db -- sh');
    const r = s.run('vi /tmp/x');
    expect(r.edit).toBeUndefined();
    expect(text(r)).toBe('sh: 1: vi: not found\n');
    expect(text(s.run('kubectl exec -it db -- vi /tmp/x', undefined, { laptop: true }))).toBe('OCI runtime exec failed: exec failed: unable to start container process: exec: "vi": executable file not found in $PATH: unknown\ncommand terminated with exit code 126\n');
  });
});

describe('vi in a container without a terminal', () => {
  const ESC = '\x1b';
  const tildes = (from: number): string => Array.from({ length: 24 - from }, (_, i) => `${ESC}[${from + i};1H~`).join('');

  it('draws its screen on stdout, dies of the missing keys (status 1) and writes nothing', () => {
    const s = new Session({ seed: 1, simulation: bootedCopy() });
    s.run("kubectl exec bb -- sh -c 'printf \"hello\\n\" > /tmp/h'");
    const r = s.run('kubectl exec bb -- vi /tmp/h');
    expect(r.exitCode).toBe(1);
    // Recorded from BusyBox 1.35.0: `busybox vi FILE </dev/null` with FILE holding `hello`.
    const stream = (name: string): string => r.output.filter((c) => c.stream === name).map((c) => c.text).join('');
    expect(stream('stdout')).toBe(`${ESC}[?1049h${ESC}[999;999H${ESC}[6n${ESC}[H${ESC}[J${ESC}[1;1Hhello${tildes(2)}${ESC}[1;1H${ESC}[24;1H${ESC}[K- /tmp/h 1/1 100%${ESC}[1;1H${ESC}[24;1H${ESC}[K`);
    expect(stream('stderr')).toBe("vi: can't read user input\ncommand terminated with exit code 1\n");
    expect(text(s.run('kubectl exec bb -- cat /tmp/h'))).toBe('hello\n');
  });

  it('walks its options as getopt32 "c:*HhR" over glibc does: -R after FILE, -c without CMD, --word (recorded, BusyBox 1.35.0)', () => {
    const s = new Session({ seed: 1, simulation: bootedCopy() });
    s.run("kubectl exec bb -- sh -c 'printf \"a\\n\" > /tmp/f'");
    // `busybox vi /tmp/f -R </dev/null`: glibc's getopt takes -R after the file, so it opens read-only.
    expect(s.run('kubectl exec bb -- vi /tmp/f -R').output[0]!.text).toContain('- /tmp/f [Readonly] 1/1 100%');
    const err = (cmd: string): string => s.run(cmd).output.filter((c) => c.stream === 'stderr').map((c) => c.text).join('');
    expect(err('kubectl exec bb -- vi -c')).toMatch(/^vi: option requires an argument -- 'c'\nBusyBox v1\.36\.1 .*\n\nUsage: vi \[-c CMD\] \[-R\] \[-H\] \[FILE\]\.\.\.\n/);
    expect(err('kubectl exec bb -- vi -cfoo -x')).toMatch(/^vi: invalid option -- 'x'\nBusyBox/);
    expect(err('kubectl exec bb -- vi --foo')).toMatch(/^vi: unrecognized option '--foo'\nBusyBox/);
  });

  it('a tab, an empty file and a directory draw as recorded', () => {
    const s = new Session({ seed: 1, simulation: bootedCopy() });
    s.run("kubectl exec bb -- sh -c 'printf \"\\tx\\n  y\\n\" > /tmp/t; : > /tmp/e'");
    const out = (cmd: string): string => s.run(cmd).output[0]!.text;
    expect(out('kubectl exec bb -- vi /tmp/t')).toBe(`${ESC}[?1049h${ESC}[999;999H${ESC}[6n${ESC}[H${ESC}[J${ESC}[1;9Hx${ESC}[2;3Hy${tildes(3)}${ESC}[1;8H${ESC}[24;1H${ESC}[K- /tmp/t 1/2 50%${ESC}[1;8H${ESC}[24;1H${ESC}[K`);
    expect(out('kubectl exec bb -- vi /tmp/e')).toBe(`${ESC}[?1049h${ESC}[999;999H${ESC}[6n${ESC}[H${ESC}[J${tildes(1)}${ESC}[1;2H${ESC}[24;1H${ESC}[K- /tmp/e 0/0 100%${ESC}[1;2H${ESC}[24;1H${ESC}[K`);
    expect(out('kubectl exec bb -- vi /tmp')).toBe(`${ESC}[?1049h${ESC}[999;999H${ESC}[6n${ESC}[H${ESC}[J${tildes(2)}${ESC}[1;1H${ESC}[24;1H${ESC}[K${ESC}[7m'/tmp' is not a regular file${ESC}[m${ESC}[1;1H${ESC}[24;1H${ESC}[K`);
  });

  it('kubectl run -it in the runner (no terminal to draw an editor): vi at PID 1 finds no keys', () => {
    const s = new Session({ seed: 1, simulation: bootedCopy() });
    const r = s.run('kubectl run -it t --image=busybox:1.36 -- sh', 'vi /tmp/b; echo "vi: $?"\n');
    expect(r.edit).toBeUndefined();
    expect(text(r)).toContain("vi: can't read user input");
    expect(text(r)).toContain('vi: 1');
  });

  it('-h prints the usage (status 1); an unknown option is refused with it', () => {
    const s = new Session({ seed: 1, simulation: bootedCopy() });
    const usage = 'BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: vi [-c CMD] [-R] [-H] [FILE]...\n\nEdit FILE\n\n\t-c CMD\tInitial command to run ($EXINIT and ~/.exrc also available)\n\t-R\tRead-only\n\t-H\tList available features\n';
    expect(text(s.run("kubectl exec bb -- sh -c 'vi -h; echo $?'"))).toBe(`${usage}1\n`);
    expect(text(s.run("kubectl exec bb -- sh -c 'vi -x 2>&1 | head -1'"))).toBe("vi: invalid option -- 'x'\n");
  });
});
