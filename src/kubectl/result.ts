/**
 * The results a command line returns: what kubectl and the `sim` directives print and their exit
 * code. A leaf, so the `sim` directives can build results without importing the session that
 * dispatches to them.
 */
import type { CommandResult } from './types';

export function ok(stdout = ''): CommandResult {
  return { output: stdout ? [{ stream: 'stdout', text: stdout }] : [], exitCode: 0 };
}

export function fail(stderr: string, exitCode = 1): CommandResult {
  return { output: [{ stream: 'stderr', text: stderr.endsWith('\n') ? stderr : stderr + '\n' }], exitCode };
}
