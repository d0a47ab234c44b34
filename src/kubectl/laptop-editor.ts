/**
 * `vi FILE`, `vim FILE` and `nano FILE` at the learner's prompt: instead of a full-screen editor
 * in the terminal, the page's YAML editor opens on the laptop's file, through the same
 * EditorHost `kubectl edit` uses (edit-file.ts), in two lines of the session's log:
 *
 * 1. The line alone, in a terminal that is a TTY (the page's): the editor opens on the file's
 *    text (an empty buffer for a new file) with the editor's status line — vim's `"web.yaml" 2L,
 *    10B`, `"web.yaml" [New]`, `"x/web.yaml" [New DIRECTORY]` (recorded, VIM 9.0); nano's
 *    `[ Read 2 lines ]`, `[ New File ]`, `[ Directory 'x' does not exist ]` (nano src/files.c).
 *    Nothing is printed: vim and nano draw on the alternate screen and leave the terminal as it was.
 * 2. The editor's reply, `vi /full/path` with the buffer as stdin: a buffer other than the file's
 *    text at the first open is written (a final newline added, as vim's 'fixendofline' and nano
 *    do), stamped with the simulated time; the file's own text writes nothing — the page's Cancel
 *    (`:q!`), or a Save of an unchanged buffer (vim's `:x` leaves an unmodified file alone). A write
 *    that cannot happen (the directory is missing, or lies outside the learner's home and /tmp)
 *    reopens the editor on the buffer with the editor's error: vim's `"x/web.yaml" E212: Can't
 *    open file for writing` (recorded), nano's `[ Error writing x/web.yaml: No such file or
 *    directory ]`; the learner can `mkdir` and save again, or cancel.
 *
 * Without a TTY (the runner, a pipe, lessons' checks) there is no screen to edit on: vim's own
 * warning (recorded: `Vim: Warning: Output is not to a terminal`; real vim then waits for keys
 * nobody can type) and a line saying what to use instead, status 1. Not modelled: options
 * (`+N`, `-R`, …), several files, vim's swap files and nano's lock files, modes and keys (the
 * page's editor is a plain text editor, whichever program was typed).
 */
import type { Workstation } from '../engine/index';
import { normalizePath } from '../k8s/posix-path';
import { utf8Length } from '../k8s/utf8';
import type { EditorHost, OpenFile } from './edit-file';
import { fail, ok } from './result';
import type { CommandResult, EditorProgram } from './types';

export const EDITOR_PROGRAMS: readonly EditorProgram[] = ['nano', 'vi', 'vim'];

export function isEditorProgram(cmd: string): cmd is EditorProgram {
  return (EDITOR_PROGRAMS as readonly string[]).includes(cmd);
}

export interface EditorPort {
  workstation: Workstation;
  /** The page's editor: present only when the command's stdout is the page's terminal. */
  editor: EditorHost | undefined;
  /** Simulated time now: a written file's mtime. */
  now: number;
}

/** The reply line the page's editor sends a file's buffer back with (its stdin). */
export function fileReplyLine(file: OpenFile): string {
  return `${file.program} ${shellWord(file.path)}`;
}

/** A path as one shell word: bare when plain, else single-quoted. */
export function shellWord(path: string): string {
  return /^[\w./@%+,:=-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`;
}

const isVim = (p: EditorProgram): boolean => p !== 'nano';

/** `vi FILE` (or its reply, with the buffer as stdin). */
export function runEditorProgram(program: EditorProgram, args: readonly string[], stdin: string | undefined, port: EditorPort): CommandResult {
  const operands = args[0] === '--' ? args.slice(1) : args;
  const option = args[0] !== '--' ? operands.find((a) => a.startsWith('-') || a.startsWith('+')) : undefined;
  if (option !== undefined) return fail(`${program}: ${option}: options are not modelled here: this prompt's ${program} opens one file in the page's editor (${program} FILE)`, 1);
  if (operands.length !== 1) return fail(`${program}: ${operands.length === 0 ? 'name the file to edit' : 'one file at a time'}: this prompt's ${program} opens one file in the page's editor (${program} FILE)`, 1);
  const typed = operands[0]!;
  const ws = port.workstation;
  const path = normalizePath(typed, ws.cwd);

  if (stdin !== undefined) {
    const opened = port.editor?.opened();
    if (opened?.kind === 'file' && opened.file.path === path && opened.file.program === program) return save(opened.file, stdin, port);
    const warning = isVim(program) ? 'Vim: Warning: Input is not from a terminal\n' : '';
    return fail(`${warning}${program}: this prompt's ${program} edits in the page's editor and reads no commands from standard input (to write a file from stdin: cat > ${shellWord(typed)})`, 1);
  }
  if (!port.editor) {
    const warning = isVim(program) ? 'Vim: Warning: Output is not to a terminal\n' : '';
    return fail(`${warning}${program}: no terminal to edit in here (the runner, a pipe): write the file with a here-document instead, cat > ${shellWord(typed)} <<'EOF' … EOF`, 1);
  }
  const s = ws.stat(path);
  if (s.kind === 'dir') return fail(isVim(program) ? `${program}: "${typed}" is a directory (this prompt's ${program} edits files, not directories)` : `nano: "${typed}" is a directory`, 1);
  const text = s.kind === 'file' ? s.content : '';
  const file: OpenFile = { program, typed, path, original: text };
  port.editor.open({ kind: 'file', file }, { kind: 'file', text, program, path: typed, status: openStatus(program, typed, s.kind === 'file' ? text : undefined, parentExists(ws, path)), quit: text });
  return ok();
}

/** The editor's reply: write the buffer, or keep it open with the editor's error. */
function save(file: OpenFile, buffer: string, port: EditorPort): CommandResult {
  const editor = port.editor!;
  if (buffer === file.original) {
    editor.close();
    return ok();
  }
  const ws = port.workstation;
  if (!parentExists(ws, file.path) || !ws.writable(file.path) || ws.stat(file.path).kind === 'dir') {
    const reason = parentExists(ws, file.path) ? 'Permission denied' : 'No such file or directory';
    const status = isVim(file.program) ? `"${file.typed}" E212: Can't open file for writing` : `[ Error writing ${file.typed}: ${reason} ]`;
    editor.open({ kind: 'file', file }, { kind: 'file', text: buffer, program: file.program, path: file.typed, status, quit: file.original });
    return ok();
  }
  // vim's 'fixendofline' and nano (without --nonewlines) end the last line.
  ws.writeFile(file.path, buffer === '' || buffer.endsWith('\n') ? buffer : `${buffer}\n`, port.now);
  editor.close();
  return ok();
}

function parentExists(ws: Workstation, path: string): boolean {
  const parent = path.slice(0, path.lastIndexOf('/')) || '/';
  return ws.stat(parent).kind === 'dir';
}

/** The status line the editor opens with; `text` undefined for a file that does not exist. */
function openStatus(program: EditorProgram, typed: string, text: string | undefined, dirExists: boolean): string {
  const lines = text === undefined ? 0 : text.split('\n').length - (text.endsWith('\n') || text === '' ? 1 : 0);
  if (!isVim(program)) {
    if (!dirExists) return `[ Directory '${dirname(typed)}' does not exist ]`;
    return text === undefined ? '[ New File ]' : `[ Read ${lines} line${lines === 1 ? '' : 's'} ]`;
  }
  if (text === undefined) return `"${typed}" ${dirExists ? '[New]' : '[New DIRECTORY]'}`;
  const noeol = text !== '' && !text.endsWith('\n') ? '[noeol] ' : '';
  return `"${typed}" ${noeol}${lines}L, ${utf8Length(text)}B`;
}

/** dirname(3) of a path as typed. */
function dirname(p: string): string {
  const trimmed = p.replace(/\/+$/, '');
  const at = trimmed.lastIndexOf('/');
  if (at < 0) return '.';
  return trimmed.slice(0, at).replace(/\/+$/, '') || '/';
}
