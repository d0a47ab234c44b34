/**
 * `vi FILE` on a container's terminal — `kubectl exec -it POD -- vi FILE`, or `vi FILE` typed at
 * a shell `kubectl exec -it POD -- sh` (or `kubectl run -it`, `kubectl attach -it`, `kubectl debug
 * -it`) attached — opens the page's YAML editor on the container's file, through the EditorHost
 * `kubectl edit` and the laptop's `vi` use (edit-file.ts):
 *
 * 1. The container's vi (engine/images/tools-vi.ts) reads the file as BusyBox vi does and the
 *    exec's result carries it back (ViOpen): the editor opens on its text with vi's status line
 *    (`- /tmp/x 1/1 100%`, `[Readonly]` on a ConfigMap's read-only mount). The command itself
 *    returns at once, status 0, so an attached shell's `$?` is vi's; the page's terminal waits for
 *    the editor as it waits for `kubectl edit`.
 * 2. The editor's reply, `vi /full/path` with the buffer as stdin, goes back to vi over an exec
 *    stream into the container (ExecOptions.viSave; one request in the trace, as the typed keys
 *    would be; under an attach they would ride the attach stream): vi's `ZZ` writes a changed buffer through the container's filesystem (its layer,
 *    or the volume mounted there), or refuses — `'FILE' is read only`, `Write error: Read-only
 *    file system` — and the editor reopens on the buffer with that status line, as vi stays open.
 *    The buffer as it was opened is the page's Quit (`:q!`): nothing is sent, nothing written.
 *    Once vi exits it leaves the alternate screen, so the terminal shows nothing of it.
 *
 * The open file is the session's (rebuilt by replaying its log): the reply reaches the same
 * container whatever the terminal is attached to by then. The requests say when the client's
 * terminal is the page's (ExecOptions.editor): without one (the runner, no `-t`) there is no
 * editor, and vi draws its screen on stdout and dies of the missing keys.
 */
import type { ViOpen, ViSave } from '../engine/index';
import type { ShellReply } from './attach';
import type { EditorHost, OpenContainerFile } from './edit-file';
import { shellWord } from './laptop-editor';
import { ok } from './result';
import type { CommandResult, EditorShown } from './types';

/** Where a container's file lives: the Pod and container whose exec stream vi runs on. */
export interface ContainerRef {
  namespace: string;
  pod: string;
  container: string;
}

/** Opens the page's editor on the file the container's vi read; `save` sends a buffer back to it. */
export function openContainerEditor(editor: EditorHost, where: ContainerRef, open: ViOpen, save: (s: ViSave) => ShellReply): void {
  const file: OpenContainerFile = { ...where, open, save };
  editor.open({ kind: 'container-file', file }, shown(file, open.text, open.status));
}

function shown(file: OpenContainerFile, text: string, status: string): EditorShown {
  const { namespace, pod, container, open } = file;
  return { kind: 'container-file', text, program: 'vi', flavour: 'busybox', path: open.file ?? '', namespace, pod, container, readOnly: open.readOnly, status, quit: open.text };
}

/** The reply line the page's editor sends the buffer back with (its stdin): `vi /full/path`. */
export function containerReplyLine(file: OpenContainerFile): string {
  return ['vi', ...replyArgs(file).map(shellWord)].join(' ');
}

function replyArgs(file: OpenContainerFile): string[] {
  return file.open.path === undefined ? [] : [file.open.path];
}

/**
 * The editor's reply to a container's vi, if `vi ARGS` with `stdin` is one (the session has that
 * file open); undefined: the line is the laptop's own `vi`.
 */
export function containerEditorReply(editor: EditorHost | undefined, program: string, args: readonly string[], stdin: string | undefined): CommandResult | undefined {
  const opened = editor?.opened();
  if (!editor || stdin === undefined || program !== 'vi' || opened?.kind !== 'container-file') return undefined;
  const want = replyArgs(opened.file);
  if (args.length !== want.length || args.some((a, i) => a !== want[i])) return undefined;
  return saveContainerFile(editor, opened.file, stdin);
}

function saveContainerFile(editor: EditorHost, file: OpenContainerFile, buffer: string): CommandResult {
  // `:q!`, or `ZZ` on an unchanged buffer: vi exits without writing.
  if (buffer === file.open.text) {
    editor.close();
    return ok();
  }
  const reply = file.save({ open: file.open, buffer });
  if (!reply.ok) {
    // The stream is gone with its container (or Pod): vi with it, and kubectl says why.
    editor.close();
    return { output: [{ stream: 'stderr', text: reply.text }], exitCode: reply.exitCode };
  }
  const refused = reply.editor?.k === 'saved' ? reply.editor.saved.status : undefined;
  if (refused !== undefined) editor.open({ kind: 'container-file', file }, shown(file, buffer, refused));
  else editor.close();
  return ok();
}
