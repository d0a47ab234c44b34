/**
 * The POSIX-shell subset the Kubernetes docs' `sh -c '…'` scripts use, as plain data. Nodes live
 * in one flat array and refer to each other by index, so a parsed script (and a paused
 * interpreter holding indices into it) is structured-cloneable.
 */
import type { PosixParamOp } from '../../k8s/shell-params';

/** One piece of a word. `q`: it came from quotes, so it is neither field-split nor globbed. */
export type Seg =
  | { t: 'lit'; v: string; q: boolean }
  /**
   * `braced`: written `${…}` (bash's `set -u` error names `${1}` as `1`, `$1` as `$1`).
   * `index`: bash's `${a[i]}` — `@` or `*` for every element, else an arithmetic subscript.
   * `keys`: bash's `${!a[@]}`, the set indices. `slice`: bash's `${x:offset:length}` (arithmetic
   * texts), a substring of a value or, with `index` `@`/`*`, a run of elements. `key`: the
   * subscript lexed as a word, an associative array's key once expanded. `bad`: dash's and
   * BusyBox ash's `${a[1]}`, which they parse and refuse as they expand it.
   */
  | { t: 'var'; name: string; q: boolean; op?: VarOp; arg?: Word; length?: boolean; braced?: true; index?: string; key?: Word; keys?: true; slice?: { offset: string; length?: string }; bad?: true }
  | { t: 'cmd'; root: number; q: boolean }
  /** bash's `<(…)`: the word is the path the command's output is read from (never quoted); `out`: `>(…)`, the path the command's input is written to. */
  | { t: 'procsub'; root: number; q: false; out?: true }
  | { t: 'arith'; expr: string; q: boolean };

/** `${v:-x}` `${v-x}` `${v:=x}` `${v:+x}` `${v#x}` `${v%x}` …: the POSIX forms src/k8s/shell-params.ts applies. */
export type VarOp = PosixParamOp;

export type Word = Seg[];

export interface Redir {
  fd: number;
  /**
   * `>&` duplicates (`2>&1`); `&>` sends both streams. `<<`: a here-document, `target` its body
   * (one quoted literal for a quoted delimiter); `<<<`: bash's here-string, `target` its word.
   */
  op: '>' | '>>' | '<' | '>&' | '&>' | '<<' | '<<<';
  target: Word;
  /** A here-document the script ended inside (bash warns as it opens). */
  eof?: { line: number; eofLine: number; wanted: string };
}

export type ShellNode =
  /** `line`, `endLine`: the script's lines it starts and ends on, when not the first (`$LINENO`). */
  /** `lists`: bash's `declare -A m=(…)`/`local a=(…)` arguments' words, by the index of the `m=` word they follow. */
  | { t: 'cmd'; assigns: Assign[]; words: Word[]; redirs: Redir[]; line?: number; endLine?: number; lists?: Record<number, Word[]> }
  /** `time`: bash's reserved word before the pipeline (`posix`: `time -p`); no cmds: it times nothing. */
  | { t: 'pipe'; cmds: number[]; bang: boolean; time?: 'bash' | 'posix' }
  | { t: 'and' | 'or'; l: number; r: number }
  | { t: 'seq'; items: number[]; bg: boolean[] }
  /** `step`: bash's `for ((init; test; step))`, run before each test after the first (a `continue` too). */
  | { t: 'loop'; until: boolean; cond: number; body: number; step?: number }
  /** `text`: the words as written, for bash's `set -x` line. */
  | { t: 'for'; name: string; words: Word[] | null; text: string[]; body: number }
  | { t: 'if'; cond: number; then: number; else: number | null }
  | { t: 'group'; body: number; sub: boolean; redirs: Redir[] }
  /** `name() body`: defines a function (dash and BusyBox ash take any command as the body, bash a compound one). */
  | { t: 'fndef'; name: string; body: number }
  /** `case WORD in PATTERN|… ) LIST ;; … esac`: the first arm with a matching pattern runs. */
  | { t: 'case'; word: Word; text: string; arms: { patterns: Word[]; body: number }[] }
  /** bash's `[[ … ]]`: its words are neither split nor globbed; `&&` `||` `!` `(` `)` are its own. */
  | { t: 'cond'; items: CondItem[] }
  /** bash's `(( … ))`: true when the arithmetic is not zero. */
  | { t: 'arith'; expr: string };

/** `NAME=value`; bash's `NAME+=value`, `NAME[i]=value` and `NAME=(w …)` (`array`: the words). */
export interface Assign {
  name: string;
  value: Word;
  append?: boolean;
  /** The subscript as written; `key` the same lexed as a word (an associative array's key once expanded). */
  index?: string;
  key?: Word;
  array?: Word[];
}

export type CondItem = { k: 'op'; v: '&&' | '||' | '!' | '(' | ')' } | { k: 'word'; word: Word; src: string };

export interface Script {
  nodes: ShellNode[];
  root: number;
}

export const lit = (v: string, q = true): Seg => ({ t: 'lit', v, q });

/** A script that runs argv directly (no shell): what a container's ENTRYPOINT does. */
export function argvScript(argv: string[]): Script {
  return { nodes: [{ t: 'cmd', assigns: [], words: argv.map((a) => [lit(a)]), redirs: [] }], root: 0 };
}
