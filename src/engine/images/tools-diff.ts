/**
 * diff as GNU diffutils 3.8 compares two files: the normal format (`2c2`, `< old`, `---`,
 * `> new`), `-u` / `-U N` / `--unified[=N]` with `--- a\tTIME` headers, `-q` / `--brief`,
 * `-s` / `--report-identical-files`, `-N` / `--new-file`, `-` for stdin, a directory and a file
 * (compares DIR/FILE's basename, as GNU does); exit 0 when equal, 1 when different, 2 on trouble,
 * with GNU's messages (`diff: x: No such file or directory`, `diff: Try 'diff --help' …`). The
 * edit script is src/k8s/line-diff.ts, the one `kubectl diff` prints with. Recorded against the
 * real tool in tools-diff.test.ts.
 *
 * Files keep no modification time here, so a unified header shows the time diff runs (the one
 * `ls -l` shows for every file, and what GNU shows for stdin); `-N`'s absent file shows the
 * epoch, as GNU does. Not modelled: two directories (recursive comparison), -c, -y, -i/-w/-b/-B
 * and the other options (refused by name). BusyBox images get GNU's behaviour.
 */
import { EPOCH_MS } from '../../k8s/time';
import { normalDiff, unifiedHunks } from '../../k8s/line-diff';
import { shownAt, strftime, zoneOf } from './date-format';
import { stat } from './fs';
import { getopt, type OptionSpec } from './tool-options';
import { envWith, path, type ToolEnv, type ToolResult } from './tool-types';

const DIFF: OptionSpec = {
  tool: 'diff',
  short: 'abBcC:dD:eEfF:hHiI:lL:nNpPqrsS:tTuU:vwW:x:X:yZ',
  long: [
    ['brief', 'q', 'none'], ['new-file', 'N', 'none'], ['report-identical-files', 's', 'none'], ['unified', 'unified', 'optional'],
    ['context', 'c', 'optional'], ['ignore-case', 'i', 'none'], ['ignore-all-space', 'w', 'none'], ['ignore-space-change', 'b', 'none'],
    ['ignore-blank-lines', 'B', 'none'], ['side-by-side', 'y', 'none'], ['recursive', 'r', 'none'], ['text', 'a', 'none'], ['label', 'L', 'required'],
    ['color', 'color', 'optional'], ['ed', 'e', 'none'], ['exclude', 'x', 'required'], ['help', 'help', 'none'], ['version', 'v', 'none'],
  ],
  unsupported: ['a', 'b', 'B', 'c', 'C', 'd', 'D', 'e', 'E', 'f', 'F', 'h', 'H', 'i', 'I', 'l', 'L', 'n', 'p', 'P', 'r', 'S', 't', 'T', 'v', 'w', 'W', 'x', 'X', 'y', 'Z', 'color'],
  status: 2,
};

/** diff prefixes its Try line with its name, unlike coreutils. */
function diffIo(env: ToolEnv): ToolEnv {
  return envWith(env, { io: { ...env.io, err: (t) => env.io.err(t.replace(/^Try 'diff --help'/m, "diff: Try 'diff --help'")) } });
}

const usage = (env: ToolEnv, message: string): ToolResult => {
  env.io.err(`diff: ${message}\ndiff: Try 'diff --help' for more information.\n`);
  return { status: 2 };
};

/** One side of the comparison: its text and the time its header shows, or undefined after the error. */
interface Side {
  name: string;
  text: string;
  /** Unix ms. */
  mtime: number;
}

export function diff(args: string[], env: ToolEnv): ToolResult {
  let context: number | undefined;
  let bad: ToolResult | undefined;
  const p = getopt(args, DIFF, diffIo(env), (o) => {
    if (o.key !== 'U' && o.key !== 'u' && o.key !== 'unified') return undefined;
    const value = o.key === 'u' || (o.key === 'unified' && o.value === '') ? '3' : o.value;
    if (!/^\d+$/.test(value)) return (bad = usage(env, `invalid context length '${value}'`));
    context = Number(value);
    return undefined;
  });
  if (bad) return bad;
  if (!p.ok) return p.result;
  const has = (k: string): boolean => p.opts.some((o) => o.key === k);
  if (p.operands.length < 2) return usage(env, `missing operand after '${p.operands.at(-1) ?? 'diff'}'`);
  if (p.operands.length > 2) return usage(env, `extra operand '${p.operands[2]}'`);
  const now = env.clock + EPOCH_MS;
  let names = p.operands as [string, string];
  const kinds = names.map((n) => (n === '-' ? 'file' : stat(env.fs, env.base, path(env, n)).kind));
  if (kinds[0] === 'dir' && kinds[1] === 'dir') {
    env.io.err("diff: comparing two directories is not supported by this simulator\n");
    return { status: 2 };
  }
  // A directory and a file: the file of the same name inside the directory.
  const base = (n: string): string => n.replace(/\/+$/, '').slice(n.replace(/\/+$/, '').lastIndexOf('/') + 1);
  if (kinds[0] === 'dir') names = [`${names[0].replace(/\/+$/, '')}/${base(names[1])}`, names[1]];
  else if (kinds[1] === 'dir') names = [names[0], `${names[1].replace(/\/+$/, '')}/${base(names[0])}`];
  const read = (name: string): Side | 'missing' => {
    if (name === '-') return { name, text: env.io.stdin, mtime: now };
    const s = stat(env.fs, env.base, path(env, name));
    return s.kind === 'file' ? { name, text: s.content, mtime: now } : 'missing';
  };
  const sides = names.map(read);
  const bothMissing = sides.every((s) => s === 'missing');
  let failed = false;
  const [a, b] = sides.map((s, i): Side | undefined => {
    if (s !== 'missing') return s;
    if (has('N') && !bothMissing) return { name: names[i]!, text: '', mtime: 0 };
    env.io.err(`diff: ${names[i]}: No such file or directory\n`);
    failed = true;
    return undefined;
  });
  if (failed || !a || !b) return { status: 2 };
  if (a.text === b.text) {
    if (has('s')) env.io.out(`Files ${a.name} and ${b.name} are identical\n`);
    return { status: 0 };
  }
  if (has('q')) {
    env.io.out(`Files ${a.name} and ${b.name} differ\n`);
    return { status: 1 };
  }
  if (context === undefined) {
    env.io.out(normalDiff(a.text, b.text));
    return { status: 1 };
  }
  const zone = zoneOf(env.vars.TZ);
  const header = (s: Side): string => {
    const at = { sec: Math.floor(s.mtime / 1000), ns: (s.mtime % 1000) * 1_000_000 };
    return `${s.name}\t${strftime('%Y-%m-%d %H:%M:%S.%N %z', at, shownAt(zone, s.mtime), 'C')}`;
  };
  env.io.out(`--- ${header(a)}\n+++ ${header(b)}\n${unifiedHunks(a.text, b.text, context)}`);
  return { status: 1 };
}
