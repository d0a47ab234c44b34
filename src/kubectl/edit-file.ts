/**
 * The temporary file `kubectl edit` hands the editor, and how it reads the file back
 * (kubectl pkg/cmd/util/editor/editoptions.go: editHeader.writeTo, hashOnLineBreak, hasLines;
 * pkg/cmd/util/helpers.go: StripComments, ManualStrip), and what the page's editor holds open
 * for it or for the prompt's `vi FILE`. Kept apart from the commands so the session, which holds
 * the edit open between the two halves, needs only these types.
 */
import type { KObject } from '../k8s/types';
import type { ResourceInfo } from '../k8s/resources';
import { parseDocuments } from './manifest';
import { deepEqual } from '../k8s/strategic-patch';
import type { EditorProgram, EditorShown } from './types';
import type { ViOpen, ViSave } from '../engine/index';
import type { ShellReply } from './attach';

/** What the page's editor has open: everything the second half of `kubectl edit` compares against. */
export interface OpenEdit {
  /** The edit's arguments: a save is the same command line with the file as its stdin. */
  argv: readonly string[];
  /** The objects as kubectl fetched them when it opened the editor (managedFields removed). */
  originals: { info: ResourceInfo; obj: KObject }[];
  /** The file as first written (editoptions.go's `original`). */
  original: string;
  /**
   * The temporary file this launch of the editor reads back (LaunchTempFile's, a new one on each
   * reopen): the path upstream's messages name when the loop ends with the changes kept there.
   */
  file: string;
  /** The file last saved, when it was reopened with errors (`containsError`): its `edited`. */
  edited?: string;
  /**
   * EditMode: `kubectl edit`'s NormalEditMode (absent), or `kubectl apply edit-last-applied`'s
   * ApplyEditMode, whose file holds the objects' last-applied configurations.
   */
  mode?: 'last-applied';
}

/** What the page's editor has open for `vi FILE` at the prompt (laptop-editor.ts). */
export interface OpenFile {
  program: EditorProgram;
  /** The file as typed (what the editor's status line names) and as a full path. */
  typed: string;
  path: string;
  /**
   * What the file held when the editor first opened ('' for a new file), kept across a reopen
   * after a failed write: a reply of exactly this text writes nothing (the page's Cancel, or a
   * Save of an unchanged buffer, as vim's `:x` leaves an unmodified file alone).
   */
  original: string;
}

/** What the page's editor has open for `vi FILE` on a container's terminal (container-editor.ts). */
export interface OpenContainerFile {
  namespace: string;
  pod: string;
  container: string;
  /** The file as vi read it when it opened (its text is what a Quit sends back). */
  open: ViOpen;
  /** Sends the editor's buffer to vi over the container's exec stream: what vi did with it. */
  save(save: ViSave): ShellReply;
}

/**
 * What the page's editor holds open between the line that opened it and the reply that closes
 * it: an object `kubectl edit` fetched, a laptop file `vi` opened, or a container's file vi
 * opened on its terminal. One at a time: opening any replaces whatever was open.
 */
export type OpenEditor = { kind: 'object'; edit: OpenEdit } | { kind: 'file'; file: OpenFile } | { kind: 'container-file'; file: OpenContainerFile };

/**
 * Where `kubectl edit` and the prompt's `vi` find the page's editor: a Session that is a TTY
 * passes one to the commands typed at its prompt. `open` shows the editor; a save comes back as
 * a line with the buffer as stdin (the edit's own line, or `vi PATH`), while `opened` still
 * holds what was opened.
 */
export interface EditorHost {
  open(open: OpenEditor, shown: EditorShown): void;
  opened(): OpenEditor | undefined;
  close(): void;
}

/** editReason: a head, and its details as a `* ` list. */
export interface EditReason {
  head: string;
  other: string[];
}

/** editHeader.writeTo: the edit mode's fixed text, then each reason. */
export function editHeader(reasons: readonly EditReason[] = [], mode?: OpenEdit['mode']): string {
  let text =
    mode === 'last-applied'
      ? `# Please edit the 'last-applied-configuration' annotations below.
# Lines beginning with a '#' will be ignored, and an empty file will abort the edit.
#
`
      : `# Please edit the object below. Lines beginning with a '#' will be ignored,
# and an empty file will abort the edit. If an error occurs while saving this file will be
# reopened with the relevant failures.
#
`;
  for (const r of reasons) {
    text += r.other.length > 0 ? `# ${hashOnLineBreak(r.head)}:\n` : `# ${hashOnLineBreak(r.head)}\n`;
    for (const o of r.other) text += `# * ${hashOnLineBreak(o)}\n`;
    text += '#\n';
  }
  return text;
}

/** hashOnLineBreak: a multi-line message stays a comment. */
function hashOnLineBreak(s: string): string {
  let r = '';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    r += ch === '\n' && i + 1 < s.length && s[i + 1] !== '#' ? '\n# ' : ch;
  }
  return r;
}

/** ManualStrip: the lines that are not `#` comments (`#!` stays). */
export function manualStrip(file: string): string {
  return file
    .split('\n')
    .filter((line) => {
      const t = line.trim();
      return !(t.startsWith('#') && !t.startsWith('#!'));
    })
    .join('\n');
}

/**
 * Whether two files say the same once their comments are gone (StripComments compares the
 * YAML's first document as JSON, so key order and layout do not count); a file that does not
 * parse is compared line by line without its comments.
 */
export function sameContent(a: string, b: string): boolean {
  const ja = firstDocument(a);
  const jb = firstDocument(b);
  if (ja.ok && jb.ok) return deepEqual(ja.value as never, jb.value as never);
  return manualStrip(a) === manualStrip(b);
}

function firstDocument(text: string): { ok: true; value: unknown } | { ok: false } {
  const parsed = parseDocuments(text, 'edited-file');
  if (parsed.error !== undefined) return { ok: false };
  return { ok: true, value: parsed.objects[0] ?? null };
}

/** hasLines: some line is neither blank nor a comment. */
export function hasLines(file: string): boolean {
  return file.split('\n').some((line) => {
    const t = line.trim();
    return t.length > 0 && t[0] !== '#';
  });
}
