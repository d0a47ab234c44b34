import { describe, expect, it } from 'vitest';
import { Session } from './session';
import type { CommandResult, EditorRequest } from './types';

const text = (r: CommandResult): string => r.output.map((c) => c.text).join('');
const stdout = (r: CommandResult): string => r.output.filter((c) => c.stream === 'stdout').map((c) => c.text).join('');

/** The page's terminal: a TTY whose editor is the page's. */
const terminal = (): Session => new Session({ seed: 1, interactive: true });

function opened(r: CommandResult): Extract<EditorRequest, { kind: 'file' }> {
  expect(r.output).toEqual([]);
  expect(r.exitCode).toBe(0);
  const edit = r.edit;
  if (edit?.kind !== 'file') throw new Error(`no file editor opened: ${JSON.stringify(r)}`);
  return edit;
}

const WEB = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: nginx
`;

describe('vi FILE at the page’s prompt', () => {
  it('opens the editor on a new file, prints nothing, and Save writes the file kubectl apply reads', () => {
    const s = terminal();
    const edit = opened(s.run('vi web.yaml'));
    // vim's status line for a new file (recorded, VIM 9.0: `"new.yaml" [New]`).
    expect(edit).toEqual({ kind: 'file', program: 'vi', path: 'web.yaml', text: '', quit: '', status: '"web.yaml" [New]', line: 'vi /home/learner/web.yaml' });
    s.sim.advance(60_000);
    const saved = s.run(edit.line, WEB);
    expect(saved.output).toEqual([]);
    expect(saved.exitCode).toBe(0);
    expect(saved.edit).toBeUndefined();
    expect(saved.files?.['web.yaml']).toBe(WEB);
    expect(stdout(s.run('cat web.yaml'))).toBe(WEB);
    const savedAt = stdout(s.run('ls -l web.yaml'));
    expect(savedAt).toMatch(new RegExp(`^-rw-r--r-- 1 \\S+ \\S+ ${WEB.length} \\w{3} +\\d+ \\d\\d:\\d\\d web\\.yaml\\n$`));
    // The mtime is the save's: later time does not move it.
    s.sim.advance(3 * 3600_000);
    expect(stdout(s.run('ls -l web.yaml'))).toBe(savedAt);
    expect(text(s.run('kubectl apply -f web.yaml'))).toBe('deployment.apps/web created\n');
  });

  it('opens an existing file with vim’s count of lines and bytes; quitting without saving leaves it alone', () => {
    const s = terminal();
    s.run("printf 'a: 1\\nb: 2\\n' > ex.yaml");
    s.run("printf 'a: 1' > noeol.yaml");
    s.run(': > empty.yaml');
    s.run("printf 'é\\n' > u.txt");
    // Recorded with VIM 9.0 on the same files.
    expect(opened(s.run('vim ex.yaml')).status).toBe('"ex.yaml" 2L, 10B');
    expect(opened(s.run('vi noeol.yaml')).status).toBe('"noeol.yaml" [noeol] 1L, 4B');
    expect(opened(s.run('vi empty.yaml')).status).toBe('"empty.yaml" 0L, 0B');
    const u = opened(s.run('vi u.txt'));
    expect(u.status).toBe('"u.txt" 1L, 3B');
    expect(u.text).toBe('é\n');
    const before = stdout(s.run('ls -l u.txt'));
    s.sim.advance(3 * 3600_000);
    // The page's Cancel sends the file's own text back: nothing is written.
    const quit = s.run(u.line, u.quit);
    expect(quit.output).toEqual([]);
    expect(quit.files).toBeUndefined();
    expect(stdout(s.run('ls -l u.txt'))).toBe(before);
  });

  it('does not create a new file on quit, and ends the last line on save as vim and nano do', () => {
    const s = terminal();
    const edit = opened(s.run('vi notes.txt'));
    s.run(edit.line, edit.quit);
    expect(text(s.run('ls notes.txt'))).toBe("ls: cannot access 'notes.txt': No such file or directory\n");
    const again = opened(s.run('vi notes.txt'));
    s.run(again.line, 'no newline here');
    expect(stdout(s.run('cat notes.txt'))).toBe('no newline here\n');
  });

  it('names the file by its full path in the reply, whatever the working directory is', () => {
    const s = terminal();
    s.run('mkdir d');
    s.run('cd d');
    const edit = opened(s.run('nano x.yaml'));
    expect(edit.line).toBe('nano /home/learner/d/x.yaml');
    expect(edit.status).toBe('[ New File ]');
    s.run('cd ..');
    s.run(edit.line, 'x: 1\n');
    expect(stdout(s.run('cat d/x.yaml'))).toBe('x: 1\n');
    expect(opened(s.run('nano d/x.yaml')).status).toBe('[ Read 1 line ]');
  });

  it('keeps the editor open with vim’s E212 when the directory is missing, and writes once it exists', () => {
    const s = terminal();
    const edit = opened(s.run('vi manifests/web.yaml'));
    // Recorded: vim opens the buffer and says so; the write is what fails.
    expect(edit.status).toBe('"manifests/web.yaml" [New DIRECTORY]');
    const failed = s.run(edit.line, WEB);
    const reopened = opened(failed);
    expect(reopened).toMatchObject({ text: WEB, quit: '', status: '"manifests/web.yaml" E212: Can\'t open file for writing', line: edit.line });
    s.run('mkdir manifests');
    const saved = s.run(reopened.line, WEB);
    expect(saved.edit).toBeUndefined();
    expect(stdout(s.run('cat manifests/web.yaml'))).toBe(WEB);
  });

  it('says nano’s words for a missing directory and a failed write', () => {
    const s = terminal();
    const edit = opened(s.run('nano nodir/x.yaml'));
    // nano src/files.c: has_valid_path, write_file.
    expect(edit.status).toBe("[ Directory 'nodir' does not exist ]");
    expect(opened(s.run(edit.line, 'x\n')).status).toBe('[ Error writing nodir/x.yaml: No such file or directory ]');
    // The learner writes only under the home directory and /tmp.
    expect(opened(s.run('nano /motd')).status).toBe('[ New File ]');
    expect(opened(s.run('nano /motd', 'x\n')).status).toBe('[ Error writing /motd: Permission denied ]');
  });

  it('replays from the log to the same files', () => {
    const s = terminal();
    const edit = opened(s.run('vi web.yaml'));
    s.run(edit.line, WEB);
    const again = terminal();
    for (const l of s.log) again.run(l.line, l.stdin);
    expect(again.workstation.written()).toEqual(s.workstation.written());
  });

  it('leaves kubectl edit as it was: a file edit is not an object edit', () => {
    const s = terminal();
    s.run('kubectl create deployment web --image=nginx');
    const edit = opened(s.run('vi web.yaml'));
    // kubectl edit with stdin and no object edit open opens its own edit instead of saving.
    const k = s.run('kubectl edit deployment/web');
    expect(k.edit?.kind).toBe('object');
    // The object edit replaced the file edit: the file's reply no longer writes.
    const late = s.run(edit.line, 'x: 1\n');
    expect(late.exitCode).toBe(1);
    expect(text(late)).toBe("Vim: Warning: Input is not from a terminal\nvi: this prompt's vi edits in the page's editor and reads no commands from standard input (to write a file from stdin: cat > /home/learner/web.yaml)\n");
  });

  it('refuses a directory, no file, several files and options, in the prompt’s words', () => {
    const s = terminal();
    expect(text(s.run('vi /tmp'))).toBe('vi: "/tmp" is a directory (this prompt\'s vi edits files, not directories)\n');
    expect(text(s.run('vi'))).toBe("vi: name the file to edit: this prompt's vi opens one file in the page's editor (vi FILE)\n");
    expect(text(s.run('vim a b'))).toBe("vim: one file at a time: this prompt's vim opens one file in the page's editor (vim FILE)\n");
    expect(s.run('vi -R a').exitCode).toBe(1);
  });

  it('is a program in /usr/bin to type', () => {
    const s = terminal();
    expect(stdout(s.run('type vi vim nano'))).toBe('vi is /usr/bin/vi\nvim is /usr/bin/vim\nnano is /usr/bin/nano\n');
  });
});

describe('vi FILE without a terminal (the runner, a pipe)', () => {
  it('fails with vim’s warning and says what to use instead', () => {
    const s = new Session({ seed: 1 });
    const r = s.run('vi web.yaml');
    expect(r.exitCode).toBe(1);
    expect(r.edit).toBeUndefined();
    // Recorded: `vim x.yaml | cat` warns so (and then waits for keys).
    expect(text(r)).toBe("Vim: Warning: Output is not to a terminal\nvi: no terminal to edit in here (the runner, a pipe): write the file with a here-document instead, cat > web.yaml <<'EOF' … EOF\n");
    expect(text(s.run('nano web.yaml'))).toBe("nano: no terminal to edit in here (the runner, a pipe): write the file with a here-document instead, cat > web.yaml <<'EOF' … EOF\n");
  });

  it('fails the same way in a pipe at the page’s prompt', () => {
    const s = terminal();
    const r = s.run('vi web.yaml | cat');
    expect(r.edit).toBeUndefined();
    expect(text(r)).toMatch(/^Vim: Warning: Output is not to a terminal\n/);
  });
});
