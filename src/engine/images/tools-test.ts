/**
 * `test` and `[` in a container: the rules are src/k8s/shell-test.ts's (the prompt evaluates the
 * same ones); here they meet the container's filesystem and variables, and an error is worded as
 * the shell running the command words it — bash as bash (`sh: line 1: [: abc: integer expression
 * expected`), dash as dash (`sh: 1: [: Illegal number: abc`), BusyBox ash as BusyBox's test.c
 * (`sh: abc: bad number`). The operator-structure errors (`[ 1 2 3 ]`) follow bash's parse, so
 * dash's and BusyBox's name the word bash's would, which is not always the word they name.
 */
import { own, setOwn } from '../../k8s/own';
import { bashTestMessage, runTest, type TestError, type TestHost } from '../../k8s/shell-test';
import { stat } from './fs';
import { executable } from './tools-chmod';
import { path, stdinIsTty, stdoutIsTty, type ToolEnv, type ToolResult } from './tool-types';

function dashMessage(e: TestError): string {
  switch (e.k) {
    case 'missing-bracket': return 'missing ]';
    case 'paren-expected': return 'closing paren expected';
    case 'integer-expected': return `Illegal number: ${e.word}`;
    case 'unary-expected':
    case 'binary-expected':
    case 'too-many-arguments': return `${e.word}: unexpected operator`;
    case 'argument-expected':
    case 'conditional-syntax':
    case 'arith': return bashTestMessage(e);
  }
}

function ashMessage(e: TestError): string {
  switch (e.k) {
    case 'missing-bracket': return 'missing ]';
    case 'paren-expected': return 'closing paren expected';
    case 'integer-expected': return `${e.word}: bad number`;
    case 'unary-expected':
    case 'binary-expected':
    case 'too-many-arguments': return `${e.word}: unknown operand`;
    case 'argument-expected':
    case 'conditional-syntax':
    case 'arith': return bashTestMessage(e);
  }
}

/** The line a failed test writes to stderr, in the voice of `env.dialect`. */
export function testErrorLine(cmd: 'test' | '[', e: TestError, env: ToolEnv): string {
  const shell = env.shell ?? 'sh';
  switch (env.dialect) {
    case 'bash': return `${shell}: ${env.interactive ? '' : 'line 1: '}${cmd}: ${bashTestMessage(e)}\n`;
    case 'dash': return `${shell}: ${env.interactive?.line ?? 1}: ${cmd}: ${dashMessage(e)}\n`;
    case 'ash': return `sh: ${ashMessage(e)}\n`;
  }
}

function host(env: ToolEnv): TestHost {
  const at = (p: string): ReturnType<typeof stat> => stat(env.fs, env.base, path(env, p));
  return {
    kind: (p) => at(p).kind,
    size: (p) => {
      const s = at(p);
      return s.kind === 'file' ? s.content.length : 0;
    },
    executable: (p) => executable(env, p),
    isatty: (fd) => (fd === 0 ? stdinIsTty(env.io) : fd === 1 ? stdoutIsTty(env.io) : fd === 2 && env.io.tty?.err === true),
    vars: { get: (name) => own(env.vars, name) as string | undefined, set: (name, value) => setOwn(env.vars, name, value) },
  };
}

/** `test ARGS` / `[ ARGS ]`. */
export function testTool(cmd: 'test' | '['): (args: string[], env: ToolEnv) => ToolResult {
  return (args, env) => {
    const r = runTest(cmd, args, host(env));
    if (r.status === 2) env.io.err(testErrorLine(cmd, r.error, env));
    return { status: r.status };
  };
}
