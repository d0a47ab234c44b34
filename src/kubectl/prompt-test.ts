/**
 * The conditions of the terminal's `$ ` prompt: `test`/`[ … ]` and `[[ … ]]` as bash evaluates
 * them. The rules live in src/k8s/shell-test.ts, shared with the containers' shells; here they
 * meet the workstation and the prompt's variables, and errors take bash's wording.
 */
import type { ArithVars } from '../k8s/arith';
import { withSubscripts } from '../k8s/array-arith';
import { bashTestMessage, runConditional as conditional, runTest as test, type TestHost, type TestResult } from '../k8s/shell-test';
import type { PromptShell } from './prompt-shell';
import type { SessionPort } from './prompt-host';

export type { TestHost } from '../k8s/shell-test';

/** A test's answer: 0 true, 1 false, 2 an error (with bash's message, without its `bash: [: ` prefix). */
export type TestOutcome = { status: 0 | 1 } | { status: 2; message: string };

const worded = (r: TestResult): TestOutcome => (r.status === 2 ? { status: 2, message: bashTestMessage(r.error) } : r);

/** `test ARGS` or `[ ARGS ]` (`cmd` names which, for the closing bracket). */
export function runTest(cmd: 'test' | '[', args: string[], host: TestHost): TestOutcome {
  return worded(test(cmd, args, host));
}

/** `[[ … ]]` over its expanded words and the same words as patterns. */
export function runConditional(words: string[], patterns: string[], host: TestHost): TestOutcome {
  return worded(conditional(words, patterns, host));
}

/** The shell's variables as arithmetic reads and assigns them. */
export function arithVars(shell: PromptShell): ArithVars {
  // `$((RANDOM % 10))` draws from the generator, as `$RANDOM` does.
  // An array's name alone is its element 0 (an associative one's key "0").
  const whole = (name: string): boolean => name === 'RANDOM' || shell.arrays.has(name) || shell.assocs.has(name);
  const base: ArithVars = { get: (name) => (whole(name) ? shell.lookup(name, '') : shell.vars.get(name)), set: (name, value) => shell.assign(name, value) };
  return withSubscripts(base, { assoc: (n) => shell.assocs.get(n), array: (n) => shell.arrays.get(n), setElement: (n, i, v) => shell.assignElement(n, i, v, false) });
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
    // `=~` sets BASH_REMATCH; the prompt has no arrays, so it holds what matched as a whole.
    rematch: (groups) => s.shell.assign('BASH_REMATCH', groups?.[0] ?? ''),
  };
}
