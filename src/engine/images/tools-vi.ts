/**
 * BusyBox's `vi` applet (editors/vi.c of github:mirror/busybox, tag 1_36_1) in a container.
 *
 * On the page's terminal (`kubectl exec -it POD -- vi FILE`, or `vi FILE` typed at an attached
 * shell; the request says the client can show it: ExecSession.editor) the page's editor stands
 * for vi's screen: the tool reads the file as init_text_buffer does and hands
 * it out (ToolEnv.editor: the exec's result carries it to kubectl, which opens the page's editor),
 * then returns at once with vi's status, 0. The editor's Save comes back as one more request on the
 * exec stream (ExecSession.viSave) and is written here by viSave, as vi's `ZZ` writes: only a
 * changed buffer, refused in read-only mode (`'FILE' is read only`), and an open(2) that fails is
 * `Write error: <strerror>` with the editor still open. Its Quit is `:q!`: nothing is written.
 * Either way vi then leaves the alternate screen (`ESC[?1049l`), so the terminal shows the lines
 * from before it and no status line — a successful `:wq`'s `'FILE' 1L, 6C` is drawn on vi's own
 * screen, which is gone once it exits.
 *
 * Read-only mode (`[Readonly]` in the status line) is file_insert's: `-R`, or an existing file
 * that access(W_OK) refuses — a read-only mount (a ConfigMap's, EROFS) — or with no write bit
 * (root passes access(), so vi checks the mode too).
 *
 * Without a terminal (`kubectl exec POD -- vi FILE`, a pipe) vi draws its screen on stdout all
 * the same and reads its keys from stdin, which holds none: readit() meets EOF and dies with
 * `vi: can't read user input`, status 1, writing nothing. The bytes are recorded from BusyBox
 * 1.35.0 (`busybox vi FILE </dev/null`; 1.36.1's drawing code is the same): the alternate screen,
 * the cursor-position query a terminal would answer (ask_terminal), the 23 text rows (`~` past
 * the end), the status line `- FILE 1/3 33%`, and the bottom line cleared before the message.
 *
 * Approximate: piped keys are not read as vi commands (the stream is treated as empty); `-c
 * CMD`'s ex commands are not run; of several files only the first is edited; a non-root user's
 * access(W_OK) is judged by the write bits alone; `vi` is not a process `ps` lists while the
 * page's editor is open; vi returns as the editor opens, so the rest of a typed line (`vi x; cat
 * x`) runs before the save.
 */
import { modeSet, normalizePath, parentProblem, readOnlyAt, stat, writeFile, type BaseFs, type FileIds, type FsLayer } from './fs';
import { stdinIsTty, type ToolEnv, type ToolResult, libcGetopt } from './tool-types';
import { utf8Bytes } from '../../k8s/utf8';
import { getopt, getopt32, messageOf, type GetoptError } from '../../k8s/getopt';
import type { ViOpen, ViSave, ViSaved } from './types';

const USAGE =
  'BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: vi [-c CMD] [-R] [-H] [FILE]...\n\nEdit FILE\n\n\t-c CMD\tInitial command to run ($EXINIT and ~/.exrc also available)\n\t-R\tRead-only\n\t-H\tList available features\n';

const ESC = '\x1b';
/** vi.c's screen when it cannot ask the terminal: 24 rows of 80 columns, the last the status line. */
const ROWS = 24;
const COLUMNS = 80;
const TABSTOP = 8;

/** vi's options (getopt32 "c:*HhR", glibc's order: options after FILE count too): the file, `-R`, or the usage screen with getopt's complaint. */
type ViArgs = { k: 'edit'; file: string | undefined; readOnly: boolean } | { k: 'usage'; error?: GetoptError };

function parseArgs(args: readonly string[]): ViArgs {
  let readOnly = false;
  // -c CMD: taken (attached or the next word) and not run.
  const walked = getopt(args, getopt32('c:HhR'), ({ key }): ViArgs | undefined => {
    if (key === 'R') readOnly = true;
    else if (key === 'h' || key === 'H') return { k: 'usage' };
    return undefined;
  });
  if (walked.k === 'error') return { k: 'usage', error: walked.error };
  if (walked.k === 'stopped') return walked.value;
  return { k: 'edit', file: walked.operands[0], readOnly };
}

export function vi(args: string[], env: ToolEnv): ToolResult {
  const parsed = parseArgs(args);
  if (parsed.k === 'usage') {
    env.io.err(`${parsed.error === undefined ? '' : `vi: ${messageOf(libcGetopt(env), parsed.error)}\n`}${USAGE}`);
    return { status: 1 };
  }
  const open = readFile(env.fs, env.base, env.cwd, parsed.file, parsed.readOnly, env.user?.uid ?? 0);
  if (env.editor && stdinIsTty(env.io) && env.io.tty?.out !== false) {
    env.editor(open);
    return { status: 0 };
  }
  env.io.out(noKeysScreen(open));
  env.io.err("vi: can't read user input\n");
  return { status: 1 };
}

/** init_text_buffer: the buffer vi opens (a new file's is one empty line), read-only mode, and the status line. */
export function readFile(fs: FsLayer, base: BaseFs, cwd: string, file: string | undefined, readOnlyFlag: boolean, uid: number): ViOpen {
  const path = file === undefined ? undefined : normalizePath(file, cwd);
  const s = path === undefined ? ({ kind: 'none' } as const) : stat(fs, base, path);
  const exists = s.kind === 'file';
  // file_insert: an existing regular file's text; otherwise the dummy line.
  const text = s.kind === 'file' ? s.content : '\n';
  let readOnly = readOnlyFlag;
  if (exists && path !== undefined) {
    const mode = modeSet(fs, path);
    if (readOnlyAt(fs, path) || (mode !== undefined && (uid === 0 ? (mode & 0o222) === 0 : (mode & 0o200) === 0))) readOnly = true;
  }
  // A directory opens on the dummy line, with file_insert's refusal as the status message.
  const message = s.kind === 'dir' ? `'${file}' is not a regular file` : undefined;
  return { ...(file !== undefined ? { file } : {}), ...(path !== undefined ? { path } : {}), text, exists, readOnly, status: message ?? editStatus(file, text, readOnly) };
}

/** format_edit_status in command mode with the cursor on the first line: `- FILE [Readonly] 1/3 33%`, cut at the screen's width. */
export function editStatus(file: string | undefined, text: string, readOnly: boolean): string {
  const firstLineEnds = text.includes('\n');
  const cur = firstLineEnds ? 1 : 0;
  let tot = cur + [...text].filter((c) => c === '\n').length - 1;
  let shown = cur;
  let percent = 100;
  if (tot > 0) percent = Math.floor((100 * cur) / tot);
  else shown = tot = 0;
  return `- ${file ?? 'No file'}${readOnly ? ' [Readonly]' : ''} ${shown}/${tot} ${percent}%`.slice(0, COLUMNS);
}

/** format_line: a text line as vi draws it in 80 columns (tabs to every 8th, controls as ^X, bytes past ASCII as dots). */
function formatLine(line: string): string {
  let row = '';
  for (const byte of utf8Bytes(line)) {
    if (row.length >= COLUMNS + TABSTOP) break;
    if (byte === 9) {
      row += ' ';
      while (row.length % TABSTOP !== 0) row += ' ';
    } else if (byte < 32 || byte === 0x7f) row += `^${byte === 0x7f ? '?' : String.fromCharCode(byte + 64)}`;
    else if (byte >= 0x80) row += '.';
    else row += String.fromCharCode(byte);
  }
  return row.slice(0, COLUMNS).padEnd(COLUMNS, ' ');
}

/**
 * What vi writes to stdout with nothing to read (recorded, BusyBox 1.35.0): enter the alternate
 * screen, ask the terminal its size, clear, draw the rows that differ from a blank screen, the
 * status line, then clear the bottom line before dying.
 */
export function noKeysScreen(open: ViOpen): string {
  let out = `${ESC}[?1049h${ESC}[999;999H${ESC}[6n${ESC}[H${ESC}[J`;
  const lines = open.text === '' ? [] : open.text.split('\n');
  if (open.text.endsWith('\n')) lines.pop();
  for (let r = 0; r < ROWS - 1; r++) {
    const row = r < lines.length ? formatLine(lines[r]!) : '~'.padEnd(COLUMNS, ' ');
    const cs = row.search(/\S/);
    if (cs < 0) continue;
    const ce = row.trimEnd().length;
    out += `${ESC}[${r + 1};${cs + 1}H${row.slice(cs, ce)}`;
  }
  // sync_cursor on the first character: the last column of a tab; after the `~` of an empty buffer (recorded).
  const col = open.text === '' ? 1 : open.text.startsWith('\t') ? TABSTOP - 1 : 0;
  const cursor = `${ESC}[1;${col + 1}H`;
  const status = open.status.startsWith('- ') ? open.status : `${ESC}[7m${open.status}${ESC}[m`;
  return `${out}${cursor}${ESC}[${ROWS};1H${ESC}[K${status}${cursor}${ESC}[${ROWS};1H${ESC}[K`;
}

/**
 * The page editor's Save as vi's `ZZ`: an unchanged buffer exits without writing; read-only mode
 * refuses; otherwise file_write (open O_WRONLY|O_CREAT, write, ftruncate), or the editor stays
 * open with `Write error: <strerror>`. A new file's buffer keeps vi's final newline (its dummy
 * line); an existing file's last line keeps the newline it had.
 */
export function viSave(fs: FsLayer, base: BaseFs, save: ViSave, now: number, ids: () => FileIds): ViSaved {
  const { open, buffer } = save;
  if (buffer === open.text || (!open.exists && buffer === '')) return { written: false };
  if (open.path === undefined) return { written: false, status: 'No current filename' };
  if (open.readOnly) return { written: false, status: `'${open.file ?? ''}' is read only` };
  const keepsNewline = !open.exists || open.text.endsWith('\n');
  const content = keepsNewline && buffer !== '' && !buffer.endsWith('\n') ? `${buffer}\n` : buffer;
  const problem = parentProblem(fs, base, open.path) ?? (stat(fs, base, open.path).kind === 'dir' ? 'Is a directory' : readOnlyAt(fs, open.path) ? 'Read-only file system' : undefined);
  if (problem) return { written: false, status: `Write error: ${problem}` };
  writeFile(fs, base, open.path, content, false, now, ids);
  return { written: true };
}
