/**
 * ls's command line as GNU ls 9.1 (its whole getopt_long table, so prefixes and ambiguity lists
 * are getopt's) and BusyBox 1.36 (its getopt32 optstring and usage screen) read it, into the
 * options tools-ls.ts prints by. Options either ls has and this one does not model are refused
 * by name (tool-options.ts's rule: one line, no usage).
 */
import { getopt as gnuGetopt, HELP_VERSION, type OptionSpec } from './tool-options';
import { getopt, messageOf, type GetoptSpec } from '../../k8s/getopt';
import { bb, libcGetopt, type ToolEnv, type ToolResult } from './tool-types';

export interface Opts {
  long: boolean;
  all: boolean;
  almost: boolean;
  human: boolean;
  dirOnly: boolean;
  time: boolean;
  size: boolean;
  reverse: boolean;
  recursive: boolean;
  numeric: boolean;
  /** --full-time (implies -l): GNU `2025-08-13 16:34:01.000000000 +0000`, BusyBox without the fraction. */
  fullTime: boolean;
  inode: boolean;
  /** -s: each entry's 1K blocks first, and the total even without -l. */
  blocks: boolean;
  /** -Q: names (and link targets) in double quotes. */
  quote: boolean;
  /** -g: no owner column; -o: no group column (both imply -l). */
  noOwner: boolean;
  noGroup: boolean;
  /** -c, -u: ctime or atime instead of mtime. The fs keeps one time, so they show and sort by it too. */
  otherTime: boolean;
  /** -C (columns), -x (across), -m (commas) or -1, the last given; unset: columns on a terminal, else one a line. */
  layout?: 'C' | 'x' | '1' | 'm';
  /** -w COLS; GNU's -T COLS. */
  width?: number;
  tabsize?: number;
}

type Flag = Exclude<keyof Opts, 'layout' | 'width' | 'tabsize'>;
/** What each modelled option sets; `ignore`: accepted and meaningless here (no colours, no indicators). */
const FLAGS: Record<string, Flag | 'ignore' | 'layout'> = { l: 'long', a: 'all', A: 'almost', h: 'human', d: 'dirOnly', t: 'time', S: 'size', r: 'reverse', R: 'recursive', n: 'numeric', '1': 'layout', C: 'layout', x: 'layout', i: 'inode', F: 'ignore', p: 'ignore', k: 'ignore', 'full-time': 'fullTime', color: 'ignore', s: 'blocks', Q: 'quote', g: 'noOwner', o: 'noGroup', c: 'otherTime', u: 'otherTime', m: 'layout' };

/**
 * GNU ls 9.1's getopt_long optstring and its whole long_options table, in ls.c's order (the order
 * an ambiguous prefix lists: recorded, `ls --a` says `'--all' '--almost-all' '--author'`). The
 * keys of options it has and this ls does not model are refused by name.
 */
const GNU: OptionSpec = {
  tool: 'ls',
  short: 'abcdfghiklmnopqrstuvw:xABCDFGHI:LNQRST:UXZ1',
  long: [
    ['all', 'a', 'none'], ['escape', 'b', 'none'], ['directory', 'd', 'none'], ['dired', 'D', 'none'], ['full-time', 'full-time', 'none'],
    ['group-directories-first', 'group-directories-first', 'none'], ['human-readable', 'h', 'none'], ['inode', 'i', 'none'], ['kibibytes', 'k', 'none'],
    ['numeric-uid-gid', 'n', 'none'], ['no-group', 'G', 'none'], ['hide-control-chars', 'q', 'none'], ['reverse', 'r', 'none'], ['size', 's', 'none'],
    ['width', 'w', 'required'], ['almost-all', 'A', 'none'], ['ignore-backups', 'B', 'none'], ['classify', 'F', 'optional'], ['file-type', 'file-type', 'none'],
    ['si', 'si', 'none'], ['dereference-command-line', 'H', 'none'], ['dereference-command-line-symlink-to-dir', 'dereference-command-line-symlink-to-dir', 'none'],
    ['hide', 'hide', 'required'], ['ignore', 'I', 'required'], ['indicator-style', 'indicator-style', 'required'], ['dereference', 'L', 'none'], ['literal', 'N', 'none'],
    ['quote-name', 'Q', 'none'], ['quoting-style', 'quoting-style', 'required'], ['recursive', 'R', 'none'], ['format', 'format', 'required'],
    ['show-control-chars', 'show-control-chars', 'none'], ['sort', 'sort', 'required'], ['tabsize', 'T', 'required'], ['time', 'time', 'required'],
    ['time-style', 'time-style', 'required'], ['zero', 'zero', 'none'], ['color', 'color', 'optional'], ['hyperlink', 'hyperlink', 'optional'],
    ['block-size', 'block-size', 'required'], ['context', 'Z', 'none'], ['author', 'author', 'none'], ...HELP_VERSION,
  ],
  unsupported: [...'bfqvBDGHILNUXZ', 'file-type', 'si', 'dereference-command-line-symlink-to-dir', 'hide', 'indicator-style', 'quoting-style', 'format', 'show-control-chars', 'sort', 'time', 'time-style', 'zero', 'hyperlink', 'block-size', 'author', 'group-directories-first'],
  status: 2,
};

/** BusyBox 1.36's getopt32 optstring (ls_options, its defconfig's features) and ls_longopts. */
const BB_SPEC: GetoptSpec = { short: 'Cadi1lgnsxAkFpRQctuSXrvLHhT:w:', long: [['full-time', 'full-time', 'none'], ['group-directories-first', 'group-directories-first', 'none'], ['color', 'color', 'optional']] };
/** `busybox ls --help` (1.35's on this machine, the same ls.c usage in 1.36.1), with the image's banner. */
const BB_USAGE =
  'BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: ls [-1AaCxdLHRFplinshrSXvctu] [-w WIDTH] [FILE]...\n\nList directory contents\n\n\t-1\tOne column output\n\t-a\tInclude names starting with .\n\t-A\tLike -a, but exclude . and ..\n\t-x\tList by lines\n\t-d\tList directory names, not contents\n\t-L\tFollow symlinks\n\t-H\tFollow symlinks on command line\n\t-R\tRecurse\n\t-p\tAppend / to directory names\n\t-F\tAppend indicator (one of */=@|) to names\n\t-l\tLong format\n\t-i\tList inode numbers\n\t-n\tList numeric UIDs and GIDs instead of names\n\t-s\tList allocated blocks\n\t-lc\tList ctime\n\t-lu\tList atime\n\t--full-time\tList full date/time\n\t-h\tHuman readable sizes (1K 243M 2G)\n\t--group-directories-first\n\t-S\tSort by size\n\t-X\tSort by extension\n\t-v\tSort by version\n\t-t\tSort by mtime\n\t-tc\tSort by ctime\n\t-tu\tSort by atime\n\t-r\tReverse sort order\n\t-w N\tFormat N columns wide\n\t--color[={always,never,auto}]\n';

/** `-w COLS` / `-T COLS` as GNU (xnumtoumax, exit 2) and BusyBox (`w+`: xatoi_positive, exit 1) refuse a bad number. */
function numberArg(env: ToolEnv, opt: string, value: string): number | ToolResult {
  if (/^\d+$/.test(value)) return Number(value);
  env.io.err(bb(env) ? `ls: invalid number '${value}'\n` : `ls: invalid ${opt === 'w' ? 'line width' : 'tab size'}: '${value}'\n`);
  return { status: bb(env) ? 1 : 2 };
}

export function parseLsOptions(args: string[], env: ToolEnv): { o: Opts; operands: string[] } | ToolResult {
  const o: Opts = { long: false, all: false, almost: false, human: false, dirOnly: false, time: false, size: false, reverse: false, recursive: false, numeric: false, fullTime: false, inode: false, blocks: false, quote: false, noOwner: false, noGroup: false, otherTime: false };
  const apply = (key: string, value: string | undefined): ToolResult | undefined => {
    if (key === 'w' || key === 'T') {
      // BusyBox takes -T and ignores it (no tabs in its output).
      if (bb(env) && key === 'T') return undefined;
      const n = numberArg(env, key, value ?? '');
      if (typeof n !== 'number') return n;
      if (key === 'w') o.width = n;
      else o.tabsize = n;
      return undefined;
    }
    const flag = FLAGS[key];
    // BusyBox options outside the model (-X -v -L -H, --group-directories-first) are refused by name, as GNU's are.
    if (flag === undefined) {
      env.io.err(`ls: option '${key.length > 1 ? '--' : '-'}${key}' is not supported by this simulator\n`);
      return { status: 1 };
    }
    if (flag === 'layout') {
      o.layout = key as '1' | 'C' | 'x' | 'm';
      // GNU: the last format option wins; BusyBox's -C and -x undo -l, its -1 does not.
      if (!bb(env) || key !== '1') o.long = false;
    } else if (flag !== 'ignore') o[flag] = true;
    if (key === 'l') delete o.layout;
    // The later of -t and -S wins (POSIX; GNU and BusyBox alike).
    if (key === 't') o.size = false;
    if (key === 'S') o.time = false;
    return undefined;
  };
  let operands: string[];
  if (bb(env)) {
    const walked = getopt(args, BB_SPEC, ({ key, value }) => apply(key, value));
    if (walked.k === 'stopped') return walked.value;
    if (walked.k === 'error') {
      env.io.err(`ls: ${messageOf(libcGetopt(env), walked.error)}\n${BB_USAGE}`);
      return { status: 1 };
    }
    operands = walked.operands;
  } else {
    const parsed = gnuGetopt(args, GNU, env, ({ key, value }) => apply(key, value));
    if (!parsed.ok) return parsed.result;
    operands = parsed.operands;
  }
  if (o.dirOnly) o.recursive = false;
  if (o.fullTime || o.numeric || o.noOwner || o.noGroup) o.long = true;
  // GNU's -c and -u without -l sort by that time, newest first; BusyBox's only with -t (recorded).
  if (o.otherTime && !o.long && !bb(env)) [o.time, o.size] = [true, false];
  return { o, operands };
}
