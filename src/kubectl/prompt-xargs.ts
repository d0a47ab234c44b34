/**
 * `xargs` as GNU findutils 4.9 runs it at the terminal's prompt: it reads items from stdin (blanks
 * and newlines separate them; quotes and backslashes as xargs reads them, or `-0`/`-d` for plain
 * delimiters), builds command lines from its command (`echo` by default) and runs each through
 * the Session, so `kubectl get pods -o name | xargs kubectl delete` deletes them. `-n`, `-L`/`-l`,
 * `-I REPL`/`-i`, `-r`, `-t`, `-0`, `-d`, `-P` (accepted; commands run one after another, as a
 * line runs to its end here); `-s` and `-E` are accepted and not honoured; `-a`, `-e`, `-o`, `-p`,
 * `-x` are refused by name. The words are walked as GNU's getopt_long walks them (k8s/getopt.ts,
 * xargs' own table). Statuses: 123 when a command failed, 124 when one exited 255 (xargs then
 * stops), 127 not found, 1 for its own errors.
 */
import type { CommandResult, OutputChunk } from './types';
import { XARGS_OPTIONS, xargsLines } from '../k8s/xargs';
import { getopt, messageOf } from '../k8s/getopt';

export interface XargsHost {
  /** Whether xargs could exec `cmd` (a program, kubectl, sim; not a shell builtin). */
  exists(cmd: string): boolean;
  run(argv: string[]): CommandResult;
}

interface Options {
  maxArgs?: number;
  maxLines?: number;
  replace?: string;
  noRunIfEmpty: boolean;
  trace: boolean;
  delimiter?: string;
}

const usage = (message: string): CommandResult => ({ output: [{ stream: 'stderr', text: `xargs: ${message}\nTry 'xargs --help' for more information.\n` }], exitCode: 1 });
const error = (message: string, exitCode = 1): CommandResult => ({ output: [{ stream: 'stderr', text: `xargs: ${message}\n` }], exitCode });

/** What GNU xargs accepts and this one does not model: refused by name. */
const UNSUPPORTED = ['a', 'e', 'o', 'p', 'x', 'show-limits', 'process-slot-var', 'help', 'version'];

function parseOptions(args: string[]): { opts: Options; command: string[] } | CommandResult {
  const opts: Options = { noRunIfEmpty: false, trace: false };
  const count = (flag: string, v: string, least = 1): number | CommandResult => {
    const n = Number(v);
    if (!/^\d+$/.test(v)) return usage(`invalid number "${v}" for -${flag} option`);
    if (n < least) return usage(`value ${n} for -${flag} option should be >= ${least}`);
    return n;
  };
  const walked = getopt(args, XARGS_OPTIONS, ({ key, value, name }): CommandResult | undefined => {
    // The simulator's own refusal is one line, not a usage error (engine/images/tool-options.ts).
    if (UNSUPPORTED.includes(key)) return error(`option '${name}' is not supported by this simulator`);
    if (key === 'r') opts.noRunIfEmpty = true;
    else if (key === 't') opts.trace = true;
    else if (key === '0') opts.delimiter = '\0';
    else if (key === 'i' || key === 'I') opts.replace = value ?? '{}';
    else if (key === 'd') opts.delimiter = value!.replace(/^\\n$/, '\n').replace(/^\\t$/, '\t').replace(/^\\0$/, '\0');
    else if (key === 'n' || key === 'L' || key === 'l' || key === 's' || key === 'P') {
      // -l alone is one line; -P 0 runs as many at once as it can (recorded: `xargs -P 0 echo`).
      const n = key === 'l' && value === undefined ? 1 : count(key === 'l' ? 'L' : key, value!, key === 'P' ? 0 : 1);
      if (typeof n !== 'number') return n;
      if (key === 'n') opts.maxArgs = n;
      else if (key === 'L' || key === 'l') opts.maxLines = n;
    }
    // -E EOF-STR: accepted, not honoured.
    return undefined;
  });
  if (walked.k === 'error') return usage(messageOf('glibc', walked.error));
  if (walked.k === 'stopped') return walked.value;
  return { opts, command: walked.operands };
}

export function runXargs(args: string[], stdin: string, host: XargsHost): CommandResult {
  const parsed = parseOptions(args);
  if (!('opts' in parsed)) return parsed;
  const { opts } = parsed;
  const command = parsed.command.length ? parsed.command : ['echo'];
  const planned = xargsLines(command, stdin, { noRunIfEmpty: opts.noRunIfEmpty, ...(opts.maxArgs !== undefined ? { maxArgs: opts.maxArgs } : {}), ...(opts.maxLines !== undefined ? { maxLines: opts.maxLines } : {}), ...(opts.replace !== undefined ? { replace: opts.replace } : {}), ...(opts.delimiter !== undefined ? { delimiter: opts.delimiter } : {}) });
  if ('unmatched' in planned) return error(`unmatched ${planned.unmatched} quote; by default quotes are special to xargs unless you use the -0 option`);
  const batches = planned.runs;
  if (batches.length === 0) return { output: [], exitCode: 0 };
  const output: OutputChunk[] = [];
  let status = 0;
  for (const argv of batches) {
    if (opts.trace) output.push({ stream: 'stderr', text: `${argv.join(' ')}\n` });
    if (!host.exists(argv[0]!)) {
      output.push(...error(`${argv[0]}: No such file or directory`).output);
      return { output, exitCode: 127 };
    }
    const r = host.run(argv);
    output.push(...r.output);
    if (r.exitCode === 255) {
      output.push(...error(`${argv[0]}: exited with status 255; aborting`).output);
      return { output, exitCode: 124 };
    }
    if (r.exitCode === 130) return { output, exitCode: 130 };
    if (r.exitCode !== 0) status = 123;
  }
  return { output, exitCode: status };
}
