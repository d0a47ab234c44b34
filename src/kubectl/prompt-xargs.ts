/**
 * `xargs` as GNU findutils 4.9 runs it at the terminal's prompt: it reads items from stdin (blanks
 * and newlines separate them; quotes and backslashes as xargs reads them, or `-0`/`-d` for plain
 * delimiters), builds command lines from its command (`echo` by default) and runs each through
 * the Session, so `kubectl get pods -o name | xargs kubectl delete` deletes them. `-n`, `-L`,
 * `-I REPL`/`-i`, `-r`, `-t`, `-0`, `-d`, `-P` (accepted; commands run one after another, as a
 * line runs to its end here), `-a`/`-s`/`-x` are not modelled. Statuses: 123 when a command
 * failed, 124 when one exited 255 (xargs then stops), 127 not found, 1 for its own errors.
 */
import type { CommandResult, OutputChunk } from './types';
import { xargsLines } from '../k8s/xargs';

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

function parseOptions(args: string[]): { opts: Options; command: string[] } | CommandResult {
  const opts: Options = { noRunIfEmpty: false, trace: false };
  let i = 0;
  const count = (flag: string, v: string | undefined): number | CommandResult => {
    const n = Number(v);
    if (v === undefined || !/^\d+$/.test(v)) return usage(`invalid number "${v ?? ''}" for -${flag} option`);
    if (n < 1) return usage(`value ${n} for -${flag} option should be >= 1`);
    return n;
  };
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      i++;
      break;
    }
    if (!a.startsWith('-') || a === '-') break;
    const long = /^--([a-z-]+)(?:=(.*))?$/.exec(a);
    if (long) {
      const [, name, value] = long;
      if (name === 'no-run-if-empty') opts.noRunIfEmpty = true;
      else if (name === 'verbose') opts.trace = true;
      else if (name === 'null') opts.delimiter = '\0';
      else if (name === 'max-args' || name === 'max-lines' || name === 'max-procs') {
        const n = count(name === 'max-args' ? 'n' : name === 'max-lines' ? 'L' : 'P', value ?? args[++i]);
        if (typeof n !== 'number') return n;
        if (name === 'max-args') opts.maxArgs = n;
        else if (name === 'max-lines') opts.maxLines = n;
      } else if (name === 'replace') opts.replace = value ?? '{}';
      else if (name === 'delimiter') opts.delimiter = value ?? args[++i] ?? '';
      else return usage(`unrecognized option '${a}'`);
      continue;
    }
    for (let j = 1; j < a.length; j++) {
      const f = a[j]!;
      const valueOf = (): string | undefined => (j + 1 < a.length ? a.slice(j + 1) : args[++i]);
      if (f === 'r') opts.noRunIfEmpty = true;
      else if (f === 't') opts.trace = true;
      else if (f === '0') opts.delimiter = '\0';
      else if (f === 'i') {
        opts.replace = j + 1 < a.length ? a.slice(j + 1) : '{}';
        break;
      } else if (f === 'n' || f === 'L' || f === 'P' || f === 'I' || f === 'd' || f === 's' || f === 'E') {
        const v = valueOf();
        if (v === undefined) return usage(`option requires an argument -- '${f}'`);
        if (f === 'I') opts.replace = v;
        else if (f === 'd') opts.delimiter = v.replace(/^\\n$/, '\n').replace(/^\\t$/, '\t').replace(/^\\0$/, '\0');
        else if (f !== 'E') {
          const n = count(f, v);
          if (typeof n !== 'number') return n;
          if (f === 'n') opts.maxArgs = n;
          else if (f === 'L') opts.maxLines = n;
        }
        break;
      } else return usage(`invalid option -- '${f}'`);
    }
  }
  return { opts, command: args.slice(i) };
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
