/**
 * sed as GNU sed 4.9 runs: `-n`, `-e SCRIPT` (repeatable), `-f FILE`, `-E`/`-r`, `-s`,
 * `-i[SUFFIX]`/`--in-place[=SUFFIX]` (each file edited through the filesystem — the workstation's
 * files, a container's writable layer — with a backup `FILE SUFFIX` when a suffix is given, `*` in
 * it standing for the file's name), the script as the first operand otherwise, FILE operands or
 * stdin, and GNU's messages and statuses: 1 for a bad script or usage (with GNU's usage text),
 * 2 when an input file cannot be read, 4 for an I/O error, or a `q`/`Q` exit code. The compiler
 * is sed-parse.ts, the cycle sed-run.ts. Recorded against the real tool in tools-sed.test.ts.
 *
 * Not modelled: `e` and `s///e` (no commands are run), -z, -u, -l, --posix, --debug, --sandbox
 * (refused by name), `w /dev/stderr`. BusyBox images get GNU's behaviour.
 */
import { readOnlyAt, stat, writeFile } from './fs';
import { compile, type ScriptPiece } from './sed-parse';
import { runSed, type SedHost, type SedInput } from './sed-run';
import { getopt, type OptionSpec } from './tool-options';
import { envWith, path, type ToolEnv, type ToolResult } from './tool-types';

const SED: OptionSpec = {
  tool: 'sed',
  short: 'bsnrzuEe:f:l:i::V:',
  long: [
    ['binary', 'b', 'none'], ['regexp-extended', 'r', 'none'], ['debug', 'debug', 'none'], ['in-place', 'i', 'optional'], ['expression', 'e', 'required'],
    ['file', 'f', 'required'], ['line-length', 'l', 'required'], ['null-data', 'z', 'none'], ['zero-terminated', 'z', 'none'], ['quiet', 'n', 'none'],
    ['posix', 'posix', 'none'], ['silent', 'n', 'none'], ['sandbox', 'sandbox', 'none'], ['separate', 's', 'none'], ['unbuffered', 'u', 'none'],
    ['version', 'version', 'none'], ['help', 'help', 'none'], ['follow-symlinks', 'follow-symlinks', 'none'],
  ],
  unsupported: ['z', 'u', 'l', 'posix', 'debug', 'sandbox', 'V'],
};

const USAGE = `Usage: sed [OPTION]... {script-only-if-no-other-script} [input-file]...

  -n, --quiet, --silent
                 suppress automatic printing of pattern space
      --debug
                 annotate program execution
  -e script, --expression=script
                 add the script to the commands to be executed
  -f script-file, --file=script-file
                 add the contents of script-file to the commands to be executed
  --follow-symlinks
                 follow symlinks when processing in place
  -i[SUFFIX], --in-place[=SUFFIX]
                 edit files in place (makes backup if SUFFIX supplied)
  -l N, --line-length=N
                 specify the desired line-wrap length for the \`l' command
  --posix
                 disable all GNU extensions.
  -E, -r, --regexp-extended
                 use extended regular expressions in the script
                 (for portability use POSIX -E).
  -s, --separate
                 consider files as separate rather than as a single,
                 continuous long stream.
      --sandbox
                 operate in sandbox mode (disable e/r/w commands).
  -u, --unbuffered
                 load minimal amounts of data from the input files and flush
                 the output buffers more often
  -z, --null-data
                 separate lines by NUL characters
      --help     display this help and exit
      --version  output version information and exit

If no -e, --expression, -f, or --file option is given, then the first
non-option argument is taken as the sed script to interpret.  All
remaining arguments are names of input files; if no input files are
specified, then the standard input is read.

GNU sed home page: <https://www.gnu.org/software/sed/>.
General help using GNU software: <https://www.gnu.org/gethelp/>.
`;

/** sed prints its whole usage where coreutils prints a Try line. */
function sedIo(env: ToolEnv): ToolEnv {
  return envWith(env, { io: { ...env.io, err: (t) => env.io.err(t.replace("Try 'sed --help' for more information.\n", USAGE)) } });
}

const die = (env: ToolEnv, message: string, status: number): ToolResult => {
  env.io.err(`sed: ${message}\n`);
  return { status };
};

/** A deterministic stand-in for the random name of GNU's temporary file (`sedAbC123`). */
function tempName(file: string): string {
  let h = 2166136261;
  for (const c of file) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  const A = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let s = '';
  for (let i = 0; i < 6; i++, h = Math.floor(h / 62) || Math.imul(h + i, 2654435761) >>> 0) s += A[h % 62];
  return `sed${s}`;
}

export function sed(args: string[], env: ToolEnv): ToolResult {
  const p = getopt(args, SED, sedIo(env));
  if (!p.ok) return p.result;
  const pieces: ScriptPiece[] = [];
  let quiet = false;
  let ere = false;
  let separate = false;
  let inPlace: string | undefined;
  for (const o of p.opts) {
    if (o.key === 'n') quiet = true;
    else if (o.key === 'E' || o.key === 'r') ere = true;
    else if (o.key === 's') separate = true;
    else if (o.key === 'i') {
      inPlace = o.value;
      separate = true;
    } else if (o.key === 'e') pieces.push({ k: 'expr', text: o.value });
    else if (o.key === 'f') {
      const s = o.value === '-' ? { kind: 'file' as const, content: env.io.stdin } : stat(env.fs, env.base, path(env, o.value));
      if (s.kind !== 'file') return die(env, `couldn't open file ${o.value}: ${s.kind === 'dir' ? 'Is a directory' : 'No such file or directory'}`, 4);
      pieces.push({ k: 'file', name: o.value, text: s.content });
    }
  }
  const operands = [...p.operands];
  if (pieces.length === 0) {
    if (operands.length === 0) {
      env.io.err(USAGE);
      return { status: 1 };
    }
    pieces.push({ k: 'expr', text: operands.shift()! });
  }
  const compiled = compile(pieces, ere);
  if (!compiled.ok) return die(env, compiled.message, compiled.status);
  if (inPlace !== undefined && operands.length === 0) return die(env, 'no input files', 4);
  const host: SedHost = {
    out: (t) => env.io.out(t),
    read: (name) => {
      if (name === '/dev/stdin') return env.io.stdin;
      const s = stat(env.fs, env.base, path(env, name));
      return s.kind === 'file' ? s.content : undefined;
    },
    written: new Map(),
  };
  // GNU opens (empties) every `w` file when it compiles the script, written to or not.
  for (const { body } of compiled.program) {
    const file = body.k === 'w' || body.k === 'W' ? body.file : body.k === 's' ? body.write : undefined;
    if (file !== undefined && file !== '/dev/stdout') host.written.set(file, '');
  }
  let status = 0;
  const inputs: SedInput[] = [];
  const files = operands.length ? operands : ['-'];
  let stdinUsed = false;
  let panic: string | undefined;
  for (const f of files) {
    if (f === '-' && inPlace === undefined) {
      inputs.push({ name: '-', text: stdinUsed ? '' : env.io.stdin });
      stdinUsed = true;
      continue;
    }
    const s = stat(env.fs, env.base, path(env, f));
    if (s.kind === 'none') {
      env.io.err(`sed: can't read ${f}: No such file or directory\n`);
      status = 2;
    } else if (s.kind === 'dir') {
      // GNU gives up here (status 4): the files before it were read, none after.
      panic = inPlace === undefined ? `read error on ${f}: Is a directory` : `couldn't edit ${f}: not a regular file`;
      break;
    } else inputs.push({ name: f, text: s.content });
  }
  const flushWrites = (): void => {
    for (const [file, text] of host.written) writeFile(env.fs, env.base, path(env, file), text, false);
  };
  try {
    if (inPlace === undefined) {
      // -s only changes what `$` and line numbers mean: each file is its own stream.
      const streams = separate ? inputs.map((i) => [i]) : [inputs];
      for (const stream of streams) {
        const q = runSed(compiled.program, stream, quiet, host);
        if (q !== undefined) {
          flushWrites();
          return { status: q };
        }
      }
    } else {
      for (const input of inputs) {
        const full = path(env, input.name);
        const dir = full.slice(0, full.lastIndexOf('/')) || '/';
        if (readOnlyAt(env.fs, full)) {
          env.io.err(`sed: couldn't open temporary file ${dir}/${tempName(full)}: Read-only file system\n`);
          return { status: 4 };
        }
        let edited = '';
        const q = runSed(compiled.program, [input], quiet, { ...host, out: (t) => (edited += t) });
        if (inPlace !== '') {
          const base = full.slice(full.lastIndexOf('/') + 1);
          const backup = inPlace.includes('*') ? inPlace.replace(/\*/g, base) : `${base}${inPlace}`;
          writeFile(env.fs, env.base, backup.includes('/') ? path(env, backup) : `${dir === '/' ? '' : dir}/${backup}`, input.text, false);
        }
        writeFile(env.fs, env.base, full, edited, false);
        if (q !== undefined) {
          flushWrites();
          return { status: q };
        }
      }
    }
  } catch (e) {
    if (e instanceof Error && e.message === 'no previous regular expression') return die(env, `-e expression #1, char 0: ${e.message}`, 1);
    throw e;
  }
  flushWrites();
  return panic === undefined ? { status } : die(env, panic, 4);
}
