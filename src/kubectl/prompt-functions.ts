/**
 * The builtins that read or change the prompt's functions: `declare -f` / `declare -F` (`typeset`
 * is its other name; `declare NAME=value` and `declare -x` are plain assignments and exports) and
 * `unset -f`. What
 * bash 5.2 prints, recorded on this machine: `declare -F` lists `declare -f NAME` sorted,
 * `declare -F NAME` just the name, `declare -f NAME` the definition (src/k8s/prompt-print.ts); a
 * name that is no function prints nothing and makes the status 1.
 */
import { functionListing } from '../k8s/prompt-print';
import { fail, ok } from './result';
import type { PromptShell } from './prompt-shell';
import type { CommandResult } from './types';

const out = (text: string, exitCode = 0): CommandResult => ({ output: text ? [{ stream: 'stdout', text }] : [], exitCode });

/** `declare [-f|-F|-x] [NAME[=value]…]`. */
export function declare(shell: PromptShell, args: string[]): CommandResult {
  const flags = new Set<string>();
  let i = 0;
  for (; i < args.length && /^-[a-zA-Z]+$/.test(args[i]!); i++) for (const f of args[i]!.slice(1)) flags.add(f);
  const names = args.slice(i);
  if (flags.has('f') || flags.has('F')) {
    const brief = flags.has('F');
    const all = names.length === 0;
    const listed = all ? [...shell.functions.keys()].sort() : names;
    let text = '';
    let status = 0;
    for (const name of listed) {
      const body = shell.functions.get(name);
      if (body === undefined) status = 1;
      else text += brief ? (all ? `declare -f ${name}\n` : `${name}\n`) : functionListing(name, body);
    }
    return out(text, status);
  }
  const unknown = [...flags].find((f) => f !== 'x' && f !== 'g');
  if (unknown) return fail(`bash: declare: -${unknown}: only -f, -F and -x are understood at this prompt`, 2);
  if (names.length === 0) return out([...shell.vars.keys()].sort().map((k) => `${k}=${shell.vars.get(k)}\n`).join(''));
  if (flags.has('x')) return shell.export(names);
  for (const a of names) {
    const eq = a.indexOf('=');
    if (eq > 0) shell.assign(a.slice(0, eq), a.slice(eq + 1));
  }
  return ok();
}

/** `unset -f NAME…`: status 0 even for a name that was no function, as bash's. */
export function unsetFunctions(shell: PromptShell, names: string[]): CommandResult {
  for (const name of names) shell.functions.delete(name);
  return ok();
}
