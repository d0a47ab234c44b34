/**
 * `env [-i] [-u NAME]... [-] [NAME=VALUE]... [COMMAND [ARG]...]`, GNU coreutils' and BusyBox's:
 * with no COMMAND it prints the environment it built; with one it execs it there (execvp — a
 * program in PATH or at its path, never a shell builtin or function; commands.ts execFromTool).
 * Assignments change a variable in place or add it at the end, as putenv does, so `env` lists
 * the new ones last. Option parsing stops at the first operand (getopt's `+`).
 *
 * Messages and statuses recorded with coreutils 9.1 and BusyBox 1.35 on this machine: a usage
 * error is status 125 (GNU's EXIT_CANCELED); a missing program `env: 'x': No such file or
 * directory` (GNU) or `env: can't execute 'x': No such file or directory` (BusyBox), status 127.
 * Approximate: BusyBox's usage errors print GNU's two lines rather than its usage screen
 * (tool-options.ts says so for every tool); `-0`, `-C`, `-S` and `-v` are refused by name.
 */
import { own, setOwn } from '../../k8s/own';
import { getopt, HELP_VERSION, quote, usageError, type OptionSpec } from './tool-options';
import { bb, ok, type ToolEnv, type ToolResult } from './tool-types';

const SPEC: OptionSpec = {
  tool: 'env',
  short: '+iu:0C:S:v',
  long: [['ignore-environment', 'i', 'none'], ['unset', 'u', 'required'], ['null', '0', 'none'], ['chdir', 'C', 'required'], ['split-string', 'S', 'required'], ['debug', 'v', 'none'], ...HELP_VERSION],
  unsupported: ['0', 'C', 'S', 'v', 'help', 'version'],
  status: 125,
};

export function envTool(args: string[], env: ToolEnv): ToolResult {
  const parsed = getopt(args, SPEC, env);
  if (!parsed.ok) return parsed.result;
  let vars: Record<string, string> = { ...env.vars };
  for (const o of parsed.opts) {
    if (o.key === 'i') vars = {};
    else if (o.key === 'u') {
      if (o.value === '' || o.value.includes('=')) return usageError(env, { ...SPEC, synopsis: undefined }, `cannot unset ${quote(env, o.value)}: Invalid argument`);
      delete vars[o.value];
    }
  }
  let rest = parsed.operands;
  if (rest[0] === '-') {
    vars = {};
    rest = rest.slice(1);
  }
  while (rest.length > 0 && rest[0]!.indexOf('=') > 0) {
    const a = rest[0]!;
    const at = a.indexOf('=');
    setOwn(vars, a.slice(0, at), a.slice(at + 1));
    rest = rest.slice(1);
  }
  if (rest.length === 0) {
    for (const k of Object.keys(vars)) env.io.out(`${k}=${own(vars, k)}\n`);
    return ok;
  }
  const name = rest[0]!;
  const missing = bb(env) ? `env: can't execute '${name}': No such file or directory\n` : `env: ${quote(env, name)}: No such file or directory\n`;
  return { status: 0, exec: { argv: rest, env: vars, missing } };
}
