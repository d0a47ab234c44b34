/**
 * cat and its display options, as GNU coreutils 9.1 and BusyBox 1.36 print them (recorded on this
 * machine with coreutils 9.1 and BusyBox 1.35, whose cat.c is 1.36's):
 *
 * - GNU: -n numbers every line `%6d\t`, -b only non-empty ones (and wins over -n), -s squeezes runs
 *   of empty lines to one before numbering, -E ends lines with `$` (and shows a CR before it as `^M`), -T shows tabs as `^I`, -v shows
 *   controls as `^X`, DEL as `^?` and bytes ≥ 128 as `M-` and the same; -e is -vE, -t -vT, -A -vET.
 *   The state runs on across FILEs: a last line without newline continues into the next file's.
 * - BusyBox has -n -b -v -e -t -A (no -s -E -T). -n/-b alone number as its nl does: every line
 *   ends in a newline, even a file's unterminated last one, and a missing FILE is reported as
 *   `cat: FILE: No such file or directory` (a directory silently reads as empty). With -v -e -t or
 *   -A the numbering is catv's, `%6u ` with a space, and a missing FILE is `can't open`, a
 *   directory silently a failure.
 *
 * Text is UTF-16 here and the fs keeps text: bytes ≥ 128 are the UTF-8 encoding of each character.
 */
import { utf8Bytes } from '../../k8s/utf8';
import { stat } from './fs';
import { readsStdio } from './tool-options';
import { bb, path, type ToolEnv, type ToolResult } from './tool-types';

/** What cat was asked to show. */
export interface CatFlags {
  number: boolean;
  nonBlank: boolean;
  squeeze: boolean;
  ends: boolean;
  tabs: boolean;
  nonPrinting: boolean;
}

/** The running state GNU's cat keeps across FILEs. */
interface Line {
  /** The next line's number. */
  n: number;
  atStart: boolean;
  /** Empty lines just seen, for -s. */
  blanks: number;
}

function showByte(b: number, tabs: boolean): string {
  if (b >= 128) return `M-${showByte(b - 128, true)}`;
  if (b === 9) return tabs ? '^I' : '\t';
  if (b < 32) return `^${String.fromCharCode(b + 64)}`;
  return b === 127 ? '^?' : String.fromCharCode(b);
}

/** -v's form of one character (its UTF-8 bytes when beyond ASCII); -T alone shows only tabs. */
function show(c: string, f: CatFlags): string {
  if (c === '\t') return f.tabs ? '^I' : '\t';
  if (!f.nonPrinting) return c;
  const code = c.codePointAt(0)!;
  if (code < 128) return showByte(code, false);
  return utf8Bytes(c).map((b) => showByte(b, false)).join('');
}

/** GNU's cat over one FILE's text, continuing `line`. */
function gnuText(text: string, f: CatFlags, line: Line): string {
  const plain = !f.nonPrinting && !f.tabs;
  let out = '';
  for (const piece of text.match(/[^\n]*\n|[^\n]+/g) ?? []) {
    const ended = piece.endsWith('\n');
    const body = ended ? piece.slice(0, -1) : piece;
    if (line.atStart && body === '' && ended) {
      line.blanks++;
      if (f.squeeze && line.blanks > 1) continue;
    } else if (line.atStart) line.blanks = 0;
    if (line.atStart && (f.nonBlank ? body !== '' : f.number)) out += `${String(line.n++).padStart(6)}\t`;
    // -E shows a CR that ends a line as ^M even without -v (coreutils 9.1, recorded).
    const cr = f.ends && ended && !f.nonPrinting && body.endsWith('\r');
    const shown = cr ? body.slice(0, -1) : body;
    out += plain ? shown : Array.from(shown, (c) => show(c, f)).join('');
    if (cr) out += '^M';
    if (ended) out += f.ends ? '$\n' : '\n';
    line.atStart = ended;
  }
  return out;
}

/** BusyBox's numbering without -v -e -t -A: its nl's, every line terminated. */
function nlText(text: string, f: CatFlags, line: Line): string {
  return (text.match(/[^\n]*\n|[^\n]+/g) ?? [])
    .map((piece) => {
      const body = piece.replace(/\n$/, '');
      return f.nonBlank && body === '' ? '\n' : `${String(line.n++).padStart(6)}\t${body}\n`;
    })
    .join('');
}

/** BusyBox's catv: `%6u ` numbers, `$` ends, and -v's forms. */
function catvText(text: string, f: CatFlags, line: Line): string {
  let out = '';
  for (const c of text) {
    if (line.atStart && (f.nonBlank ? c !== '\n' : f.number)) out += `${String(line.n++).padStart(6)} `;
    line.atStart = c === '\n';
    out += c === '\n' ? (f.ends ? '$\n' : '\n') : show(c, f);
  }
  return out;
}

export function catFiles(operands: readonly string[], f: CatFlags, env: ToolEnv): ToolResult {
  const busybox = bb(env);
  const catv = busybox && (f.nonPrinting || f.ends || f.tabs);
  const nl = busybox && !catv && (f.number || f.nonBlank);
  const line: Line = { n: 1, atStart: true, blanks: 0 };
  const render = (text: string): string => (nl ? nlText(text, f, line) : catv ? catvText(text, f, line) : busybox ? text : gnuText(text, f, line));
  let status = 0;
  for (const a of operands.length === 0 ? ['-'] : operands) {
    const p = path(env, a);
    // /dev/stdout and the links to it (nginx's access.log) read the exec's stdin (tool-options.ts).
    if (a === '-' || readsStdio(env, p)) {
      env.io.out(render(env.io.stdin));
      continue;
    }
    const s = stat(env.fs, env.base, p);
    if (s.kind === 'file') {
      env.io.out(render(s.content));
      continue;
    }
    if (s.kind === 'dir') {
      if (nl) continue;
      status = 1;
      if (!catv) env.io.err(busybox ? 'cat: read error: Is a directory\n' : `cat: ${a}: Is a directory\n`);
      continue;
    }
    status = 1;
    env.io.err(busybox && !nl ? `cat: can't open '${a}': No such file or directory\n` : `cat: ${a}: No such file or directory\n`);
  }
  return { status };
}
