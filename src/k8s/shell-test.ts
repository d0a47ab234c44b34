/**
 * The conditions every simulated shell evaluates: `test`/`[ … ]` over expanded words (`-a`/`-o`,
 * `!`, `( … )`, file tests, string and integer comparisons) and bash's `[[ … ]]`, where `&&`/`||`
 * join tests, the right side of `==`/`!=` is a pattern (./fnmatch.ts), `=~` a regular expression
 * and the operands of `-eq`… are arithmetic (./arith.ts). The grammar is bash's builtin; the
 * terminal's prompt (src/kubectl/prompt-test.ts) and the containers' shells
 * (src/engine/images/tools-test.ts) both evaluate here.
 *
 * Errors are data, not text: bash, dash and BusyBox ash word the same mistake differently
 * (`abc: integer expression expected`, `Illegal number: abc`, `abc: bad number`), so each caller
 * words a TestError in its shell's voice. `bashTestMessage` is bash's, shared by the prompt and a
 * container's bash.
 */
import { evalArith, type ArithVars } from './arith';
import { fnmatch } from './fnmatch';

export interface TestHost {
  /** What is at a path (relative to the working directory). */
  kind(path: string): 'file' | 'dir' | 'none';
  /** A file's size, for `-s`. */
  size(path: string): number;
  /** access(X_OK), for `-x`, where the host has permission bits; else `-x` asks whether the path exists. */
  executable?(path: string): boolean;
  /** The shell's variables, for `[[ a -eq b ]]`'s arithmetic operands. */
  vars: ArithVars;
  /** `[[ s =~ re ]]`: what matched and each group (unmatched ones empty), or null — bash's BASH_REMATCH. */
  rematch?(groups: string[] | null): void;
  /** `==`/`!=` in `[[ ]]`: the caller's matcher (extglob, nocasematch), else ./fnmatch.ts's. */
  match?(pattern: string, text: string): boolean;
  /** `[[ ]]` under `set -x`: each test as it is evaluated (bash traces `+ [[ a == a* ]]` per test). */
  trace?(words: string[]): void;
  /** isatty(fd), for `-t FD`; absent: no fd is a terminal. */
  isatty?(fd: number): boolean;
}

/** Why a test could not be evaluated; `word` is the argument bash's message names. */
export type TestError =
  | { k: 'missing-bracket' }
  | { k: 'argument-expected' }
  | { k: 'paren-expected' }
  | { k: 'unary-expected'; word: string }
  | { k: 'binary-expected'; word: string }
  | { k: 'too-many-arguments'; word: string }
  | { k: 'conditional-syntax' }
  | { k: 'integer-expected'; word: string }
  /** `[[ x -eq 1/0 ]]`: arith.ts's message, already bash's. */
  | { k: 'arith'; message: string };

/** A test's answer: 0 true, 1 false, 2 an error. */
export type TestResult = { status: 0 | 1 } | { status: 2; error: TestError };

class Failure {
  constructor(readonly error: TestError) {}
}

const UNARY = new Set(['-e', '-f', '-d', '-s', '-r', '-w', '-x', '-z', '-n', '-L', '-h', '-a', '-t']);
const BINARY = new Set(['=', '==', '!=', '<', '>', '-eq', '-ne', '-lt', '-le', '-gt', '-ge', '=~']);

function unary(op: string, v: string, host: TestHost): boolean {
  switch (op) {
    case '-z': return v === '';
    case '-n': return v !== '';
    case '-f': return host.kind(v) === 'file';
    case '-d': return host.kind(v) === 'dir';
    case '-s': return host.kind(v) === 'file' && host.size(v) > 0;
    case '-L':
    case '-h': return false;
    case '-x': return host.executable ? host.executable(v) : host.kind(v) !== 'none';
    // bash's test.c: a FD that is not a number is false, not an error.
    case '-t': return /^\s*\d+\s*$/.test(v) && host.isatty?.(Number(v)) === true;
    default: return host.kind(v) !== 'none';
  }
}

/** `test`'s operands are decimal integers (blanks around allowed); `[[`'s are arithmetic. */
function integer(v: string, bracket: boolean, host: TestHost): bigint {
  if (!bracket) {
    const r = evalArith(v, host.vars);
    if (!r.ok) throw new Failure({ k: 'arith', message: r.message });
    return r.value;
  }
  if (!/^\s*[-+]?\d+\s*$/.test(v)) throw new Failure({ k: 'integer-expected', word: v });
  return BigInt(v.trim());
}

function binary(l: string, op: string, r: string, bracket: boolean, host: TestHost): boolean {
  const match = host.match ?? fnmatch;
  switch (op) {
    case '=':
    case '==': return bracket ? l === r : match(r, l);
    case '!=': return bracket ? l !== r : !match(r, l);
    case '<': return l < r;
    case '>': return l > r;
    case '=~': {
      let m: RegExpExecArray | null;
      try {
        m = new RegExp(r).exec(l);
      } catch {
        m = null;
      }
      host.rematch?.(m ? [...m].map((g) => g ?? '') : null);
      return m !== null;
    }
  }
  const a = integer(l, bracket, host);
  const b = integer(r, bracket, host);
  switch (op) {
    case '-eq': return a === b;
    case '-ne': return a !== b;
    case '-lt': return a < b;
    case '-le': return a <= b;
    case '-gt': return a > b;
    default: return a >= b;
  }
}

/**
 * Evaluates test's words. `bracket`: `test`/`[` (POSIX rules: `-a`, `-o`); otherwise `[[`
 * (`&&`, `||`; `patterns[i]` is word i read as a pattern, for the right side of `==`).
 */
function evaluate(words: string[], bracket: boolean, host: TestHost, patterns: string[] = words): boolean {
  let i = 0;
  const and = bracket ? '-a' : '&&';
  const or = bracket ? '-o' : '||';
  const peek = (k = 0): string | undefined => words[i + k];
  // bash's trace shows a test with the `!`s just before it.
  let negations: string[] = [];
  const trace = (test: string[]): void => {
    host.trace?.([...negations, ...test]);
    negations = [];
  };
  const primary = (): boolean => {
    const w = peek();
    if (w === undefined) throw new Failure({ k: 'argument-expected' });
    if (w === '!') {
      i++;
      if (!bracket) negations.push('!');
      return !primary();
    }
    if (w === '(') {
      negations = [];
      i++;
      const v = disjunction();
      if (peek() !== ')') throw new Failure({ k: 'paren-expected' });
      i++;
      return v;
    }
    const op = peek(1);
    if (op !== undefined && BINARY.has(op) && peek(2) !== undefined) {
      if (!bracket) trace([w, op, op === '=~' ? words[i + 2]! : patterns[i + 2]!]);
      const r = binary(w, op, bracket ? words[i + 2]! : patterns[i + 2]!, bracket, host);
      i += 3;
      return r;
    }
    if (UNARY.has(w) && op !== undefined && !(bracket && (op === and || op === or) && words.length > 2)) {
      if (!bracket) trace([w, op]);
      i += 2;
      return unary(w, op, host);
    }
    if (bracket && op !== undefined && op !== and && op !== or && op !== ')') {
      throw new Failure(UNARY.has(w) || w.startsWith('-') ? { k: 'unary-expected', word: w } : { k: 'binary-expected', word: op });
    }
    if (!bracket) trace(['-n', w]);
    i++;
    return w !== '';
  };
  const conjunction = (): boolean => {
    let v = primary();
    while (peek() === and) {
      i++;
      v = primary() && v;
    }
    return v;
  };
  const disjunction = (): boolean => {
    let v = conjunction();
    while (peek() === or) {
      i++;
      v = conjunction() || v;
    }
    return v;
  };
  if (words.length === 0) return false;
  const v = disjunction();
  if (i < words.length) throw new Failure(bracket ? { k: 'too-many-arguments', word: words[i]! } : { k: 'conditional-syntax' });
  return v;
}

function settle(run: () => boolean): TestResult {
  try {
    return { status: run() ? 0 : 1 };
  } catch (e) {
    if (e instanceof Failure) return { status: 2, error: e.error };
    throw e;
  }
}

/** `test ARGS` or `[ ARGS ]` (`cmd` names which: `[` needs its closing `]`). */
export function runTest(cmd: 'test' | '[', args: readonly string[], host: TestHost): TestResult {
  let words = [...args];
  if (cmd === '[') {
    if (words[words.length - 1] !== ']') return { status: 2, error: { k: 'missing-bracket' } };
    words = words.slice(0, -1);
  }
  return settle(() => posixTest(words, host));
}

/**
 * POSIX decides up to four arguments by their count before any grammar (bash's test.c
 * posixtest): one is "not empty"; two are `! X` or a unary test, else the first word is the
 * unary operator expected (`[ foo bar ]`); three are a binary test, `! X Y`, `( X )`, `X -a Y`,
 * else the middle word is the binary operator expected; four strip a leading `!` or `( … )`.
 */
function posixTest(words: string[], host: TestHost): boolean {
  const [a = '', b = '', c = '', d] = words;
  switch (words.length) {
    case 0:
      return false;
    case 1:
      return a !== '';
    case 2:
      if (a === '!') return b === '';
      if (UNARY.has(a)) return unary(a, b, host);
      throw new Failure({ k: 'unary-expected', word: a });
    case 3:
      if (BINARY.has(b)) return binary(a, b, c, true, host);
      if (b === '-a') return a !== '' && c !== '';
      if (b === '-o') return a !== '' || c !== '';
      if (a === '!') return !posixTest([b, c], host);
      if (a === '(' && c === ')') return b !== '';
      throw new Failure({ k: 'binary-expected', word: b });
    case 4:
      if (a === '!') return !posixTest([b, c, d!], host);
      if (a === '(' && d === ')') return posixTest([b, c], host);
      return evaluate(words, true, host);
    default:
      return evaluate(words, true, host);
  }
}

/** `[[ … ]]` over its expanded words and the same words as patterns. */
export function runConditional(words: string[], patterns: string[], host: TestHost): TestResult {
  return settle(() => evaluate(words, false, host, patterns));
}

/** bash's wording, without its `bash: [: ` prefix. */
export function bashTestMessage(e: TestError): string {
  switch (e.k) {
    case 'missing-bracket': return "missing `]'";
    case 'argument-expected': return 'argument expected';
    case 'paren-expected': return "`)' expected";
    case 'unary-expected': return `${e.word}: unary operator expected`;
    case 'binary-expected': return `${e.word}: binary operator expected`;
    case 'too-many-arguments': return 'too many arguments';
    case 'conditional-syntax': return 'syntax error in conditional expression';
    case 'integer-expected': return `${e.word}: integer expression expected`;
    case 'arith': return e.message;
  }
}
