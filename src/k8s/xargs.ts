/**
 * How `xargs` turns its input into command lines — GNU findutils 4.9's and BusyBox's rules, one
 * copy for the learner's prompt (kubectl/prompt-xargs.ts, which runs each line through the
 * Session) and for containers (engine/images/tools-xargs.ts, which execs them):
 *   - items: blanks and newlines separate them; '…' and "…" quote (not across a newline) and a
 *     backslash escapes the next character — or, with a delimiter (`-0`, `-d`), the input split on
 *     it, a final empty piece dropped;
 *   - `-I REPL`: one command per input line (leading blanks dropped, empty lines skipped), REPL
 *     replaced in every word of the command;
 *   - `-L N`: the items of N input lines per command; `-n N`: N items per command; otherwise all
 *     of them in one; with no items the command still runs once unless `-r`.
 * Approximate: no command-line length limit, and GNU's -L continuation of a line that ends in a
 * blank is not followed.
 */
import type { GetoptSpec } from './getopt';

/**
 * GNU findutils 4.9 xargs' getopt_long optstring and table (xargs.c's longopts order), which both
 * xargs walk their words with (k8s/getopt.ts); each refuses by name what it does not model.
 */
export const XARGS_OPTIONS: Required<Pick<GetoptSpec, 'short' | 'long'>> = {
  short: '+0a:d:E:e::I:i::L:l::n:oprs:txP:',
  long: [
    ['null', '0', 'none'], ['arg-file', 'a', 'required'], ['delimiter', 'd', 'required'], ['eof', 'e', 'optional'], ['replace', 'i', 'optional'],
    ['max-lines', 'l', 'optional'], ['max-args', 'n', 'required'], ['open-tty', 'o', 'none'], ['interactive', 'p', 'none'], ['no-run-if-empty', 'r', 'none'],
    ['max-chars', 's', 'required'], ['verbose', 't', 'none'], ['show-limits', 'show-limits', 'none'], ['exit', 'x', 'none'], ['max-procs', 'P', 'required'],
    ['process-slot-var', 'process-slot-var', 'required'], ['help', 'help', 'none'], ['version', 'version', 'none'],
  ],
};

export interface XargsPlan {
  maxArgs?: number;
  maxLines?: number;
  replace?: string;
  noRunIfEmpty: boolean;
  /** `-0` ('\0') or `-d`: plain delimiters instead of xargs' quoting. */
  delimiter?: string;
}

export type XargsLines = { runs: string[][] } | { unmatched: 'single' | 'double' };

/** Items and the input line each ends on, read with xargs's quoting. */
function readItems(input: string, delimiter: string | undefined): { items: string[]; lineEnds: number[] } | { unmatched: 'single' | 'double' } {
  if (delimiter !== undefined) {
    const parts = input.split(delimiter);
    if (parts[parts.length - 1] === '') parts.pop();
    return { items: parts, lineEnds: parts.map((_p, k) => k) };
  }
  const items: string[] = [];
  const lineEnds: number[] = [];
  let line = 0;
  let cur = '';
  let inItem = false;
  for (let i = 0; i < input.length; i++) {
    const c = input[i]!;
    if (c === "'" || c === '"') {
      const close = input.indexOf(c, i + 1);
      const nl = input.indexOf('\n', i + 1);
      if (close < 0 || (nl >= 0 && nl < close)) return { unmatched: c === "'" ? 'single' : 'double' };
      cur += input.slice(i + 1, close);
      inItem = true;
      i = close;
    } else if (c === '\\' && i + 1 < input.length) {
      cur += input[++i];
      inItem = true;
    } else if (c === ' ' || c === '\t' || c === '\n') {
      if (inItem) {
        items.push(cur);
        lineEnds.push(line);
      }
      cur = '';
      inItem = false;
      if (c === '\n') line++;
    } else {
      cur += c;
      inItem = true;
    }
  }
  if (inItem) {
    items.push(cur);
    lineEnds.push(line);
  }
  return { items, lineEnds };
}

/** The command lines xargs runs for `command` over `input`, in order (none: nothing to run). */
export function xargsLines(command: readonly string[], input: string, plan: XargsPlan): XargsLines {
  if (plan.replace !== undefined) {
    const repl = plan.replace;
    const lines = (plan.delimiter !== undefined ? input.split(plan.delimiter) : input.split('\n').map((l) => l.replace(/^[ \t]+/, ''))).filter((l) => l !== '');
    return { runs: lines.map((l) => command.map((w) => w.split(repl).join(l))) };
  }
  const read = readItems(input, plan.delimiter);
  if ('unmatched' in read) return read;
  const { items, lineEnds } = read;
  const batches: string[][] = [];
  if (plan.maxLines !== undefined) {
    for (let start = 0; start < items.length; ) {
      const firstLine = lineEnds[start]!;
      let end = start;
      while (end < items.length && lineEnds[end]! < firstLine + plan.maxLines) end++;
      batches.push(items.slice(start, end));
      start = end;
    }
  } else if (plan.maxArgs !== undefined) for (let k = 0; k < items.length; k += plan.maxArgs) batches.push(items.slice(k, k + plan.maxArgs));
  else if (items.length) batches.push(items);
  if (batches.length === 0 && !plan.noRunIfEmpty) batches.push([]);
  return { runs: batches.map((b) => [...command, ...b]) };
}
