/**
 * The conditions of the terminal's `$ ` prompt: `test`/`[ … ]` over expanded words as bash's
 * builtin reads them (`-a`/`-o`, `!`, `( … )`, file tests on the workstation, string and integer
 * comparisons with bash's errors and status 2), and `[[ … ]]`, where `&&`/`||` join tests, the
 * right side of `==`/`!=` is a pattern (src/k8s/fnmatch.ts), `=~` a regular expression and the
 * operands of `-eq`… are arithmetic.
 */
import { evalArith, type ArithVars } from '../k8s/arith';
import { fnmatch } from '../k8s/fnmatch';
import type { PromptShell } from './prompt-shell';
import type { SessionPort } from './prompt-host';

export interface TestHost {
  /** What is at a path on the workstation (relative to the working directory). */
  kind(path: string): 'file' | 'dir' | 'none';
  /** A file's size, for `-s`. */
  size(path: string): number;
  vars: ArithVars;
}

/** A test's answer: 0 true, 1 false, 2 an error (with bash's message, without its `bash: [: ` prefix). */
export type TestOutcome = { status: 0 | 1 } | { status: 2; message: string };

class TestError {
  constructor(readonly message: string) {}
}

const UNARY = new Set(['-e', '-f', '-d', '-s', '-r', '-w', '-x', '-z', '-n', '-L', '-h', '-a']);
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
    default: return host.kind(v) !== 'none';
  }
}

function integer(v: string, bracket: boolean, host: TestHost): bigint {
  if (!bracket) {
    const r = evalArith(v, host.vars);
    if (!r.ok) throw new TestError(r.message);
    return r.value;
  }
  if (!/^\s*[-+]?\d+\s*$/.test(v)) throw new TestError(`${v}: integer expression expected`);
  return BigInt(v.trim());
}

function binary(l: string, op: string, r: string, bracket: boolean, host: TestHost): boolean {
  switch (op) {
    case '=':
    case '==': return bracket ? l === r : fnmatch(r, l);
    case '!=': return bracket ? l !== r : !fnmatch(r, l);
    case '<': return l < r;
    case '>': return l > r;
    case '=~': {
      try {
        return new RegExp(r).test(l);
      } catch {
        return false;
      }
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
  const primary = (): boolean => {
    const w = peek();
    if (w === undefined) throw new TestError('argument expected');
    if (w === '!') {
      i++;
      return !primary();
    }
    if (w === '(' ) {
      i++;
      const v = disjunction();
      if (peek() !== ')') throw new TestError("`)' expected");
      i++;
      return v;
    }
    const op = peek(1);
    if (op !== undefined && BINARY.has(op) && peek(2) !== undefined) {
      const r = binary(w, op, bracket ? words[i + 2]! : patterns[i + 2]!, bracket, host);
      i += 3;
      return r;
    }
    if (UNARY.has(w) && op !== undefined && !(bracket && (op === and || op === or) && words.length > 2)) {
      i += 2;
      return unary(w, op, host);
    }
    if (bracket && op !== undefined && op !== and && op !== or && op !== ')') throw new TestError(UNARY.has(w) || w.startsWith('-') ? `${w}: unary operator expected` : `${op}: binary operator expected`);
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
  if (i < words.length) throw new TestError(bracket ? 'too many arguments' : `syntax error in conditional expression`);
  return v;
}

/** `test ARGS` or `[ ARGS ]` (`cmd` names which, for the closing bracket). */
export function runTest(cmd: 'test' | '[', args: string[], host: TestHost): TestOutcome {
  if (cmd === '[') {
    if (args[args.length - 1] !== ']') return { status: 2, message: "missing `]'" };
    args = args.slice(0, -1);
  }
  try {
    // POSIX's one-argument rule: a lone word is true when not empty, whatever it looks like.
    if (args.length === 1) return { status: args[0] !== '' ? 0 : 1 };
    return { status: evaluate(args, true, host) ? 0 : 1 };
  } catch (e) {
    if (e instanceof TestError) return { status: 2, message: e.message };
    throw e;
  }
}

/** `[[ … ]]` over its expanded words and the same words as patterns. */
export function runConditional(words: string[], patterns: string[], host: TestHost): TestOutcome {
  try {
    return { status: evaluate(words, false, host, patterns) ? 0 : 1 };
  } catch (e) {
    if (e instanceof TestError) return { status: 2, message: e.message };
    throw e;
  }
}

/** The shell's variables as arithmetic reads and assigns them. */
export function arithVars(shell: PromptShell): ArithVars {
  return { get: (name) => shell.vars.get(name), set: (name, value) => shell.assign(name, value) };
}

/** The workstation and variables as a test sees them. */
export function testHost(s: SessionPort): TestHost {
  return {
    kind: (path) => s.workstation.stat(path).kind,
    size: (path) => {
      const st = s.workstation.stat(path);
      return st.kind === 'file' ? st.content.length : 0;
    },
    vars: arithVars(s.shell),
  };
}
