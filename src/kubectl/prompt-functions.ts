/**
 * The builtins that read or change the prompt's functions: `declare -f` / `declare -F` (`typeset`
 * is its other name; `declare NAME=value` and `declare -x` are plain assignments and exports,
 * `declare -a NAME` makes an array and `declare -p NAME` lists a variable as
 * src/k8s/bash-arrays.ts words it) and `unset -f`. Approximate: `declare -a NAME=(…)` takes the
 * list as one element's text. What
 * bash 5.2 prints, recorded on this machine: `declare -F` lists `declare -f NAME` sorted,
 * `declare -F NAME` just the name, `declare -f NAME` the definition (src/k8s/prompt-print.ts); a
 * name that is no function prints nothing and makes the status 1. And what a definition keeps:
 * its body with the aliases expanded, as bash reads it.
 */
import { declareArrayLine, declareScalarLine } from '../k8s/bash-arrays';
import { functionListing } from '../k8s/prompt-print';
import { parsePromptLine, type PromptNode } from '../k8s/prompt-syntax';
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
  if (flags.has('p')) return declareListing(shell, names);
  const unknown = [...flags].find((f) => f !== 'x' && f !== 'g' && f !== 'a');
  if (unknown) return fail(`bash: declare: -${unknown}: only -f, -F, -p, -a and -x are understood at this prompt`, 2);
  if (flags.has('a')) {
    // `declare -a NAME[=value]`: NAME becomes an array (a scalar its element 0).
    for (const a of names) {
      const eq = a.indexOf('=');
      const name = eq > 0 ? a.slice(0, eq) : a;
      shell.assignList(name, [], true);
      if (eq > 0) shell.assign(name, a.slice(eq + 1));
    }
    return ok();
  }
  if (names.length === 0) return out([...shell.vars.keys()].sort().map((k) => `${k}=${shell.vars.get(k)}\n`).join(''));
  if (flags.has('x')) return shell.export(names);
  for (const a of names) {
    const eq = a.indexOf('=');
    if (eq > 0) shell.assign(a.slice(0, eq), a.slice(eq + 1));
  }
  return ok();
}

/** `declare -p NAME…` (src/k8s/bash-arrays.ts's lines); a name that is no variable is `bash: declare: NAME: not found`, status 1 (recorded). */
function declareListing(shell: PromptShell, names: readonly string[]): CommandResult {
  const output: CommandResult['output'] = [];
  let exitCode = 0;
  for (const name of names) {
    const arr = shell.arrays.get(name);
    const value = shell.vars.get(name);
    if (arr) output.push({ stream: 'stdout', text: declareArrayLine(name, arr) });
    else if (value !== undefined) output.push({ stream: 'stdout', text: declareScalarLine(name, value, shell.exported.has(name)) });
    else {
      output.push({ stream: 'stderr', text: `bash: declare: ${name}: not found\n` });
      exitCode = 1;
    }
  }
  return { output, exitCode };
}

/** The assignment words before a command's name (`x=1 k get`): bash expands the alias after them. */
const ASSIGNMENTS = /^\s*(?:[A-Za-z_][A-Za-z0-9_]*=(?:[^\s'"\\]|\\.|'[^']*'|"(?:[^"\\]|\\.)*")*\s+)*/;

/**
 * A function's body with its aliases expanded, as bash expands them when it reads the definition
 * (recorded: with `alias k=kubectl`, `f() { k get pods; }` is listed `kubectl get pods` and keeps
 * working after `unalias k`). Each command expanded is marked so its call does not expand again.
 */
export function withAliasesIn(shell: PromptShell, node: PromptNode): PromptNode {
  const inner = (n: PromptNode): PromptNode => withAliasesIn(shell, n);
  switch (node.t) {
    case 'simple': {
      if (node.aliased) return node;
      const lead = ASSIGNMENTS.exec(node.text)![0];
      const text = lead + shell.withAliases(node.text.slice(lead.length));
      if (text === node.text || node.docs) return { ...node, text, aliased: true };
      // An alias may hold a list or a pipeline (`alias kgp='kubectl get pods | grep -v Completed'`).
      const parsed = parsePromptLine(text);
      return parsed.ok ? mark(parsed.node) : { ...node, aliased: true };
    }
    case 'list':
      return { ...node, items: node.items.map((i) => ({ op: i.op, node: inner(i.node) })) };
    case 'pipeline':
      return { ...node, stages: node.stages.map(inner) };
    case 'background':
      return { ...node, node: inner(node.node) };
    case 'function':
      return { ...node, body: inner(node.body) };
    case 'for':
    case 'for-arith':
    case 'group':
      return { ...node, body: inner(node.body) };
    case 'loop':
      return { ...node, cond: inner(node.cond), body: inner(node.body) };
    case 'if':
      return { ...node, arms: node.arms.map((a) => ({ cond: inner(a.cond), body: inner(a.body) })), otherwise: node.otherwise && inner(node.otherwise) };
    case 'case':
      return { ...node, arms: node.arms.map((a) => ({ patterns: a.patterns, body: a.body && inner(a.body) })) };
    case 'arith':
    case 'cond':
      return node;
  }
}

/** Every simple command of an alias's expansion, marked as expanded already. */
function mark(node: PromptNode): PromptNode {
  switch (node.t) {
    case 'simple':
      return { ...node, aliased: true };
    case 'list':
      return { ...node, items: node.items.map((i) => ({ op: i.op, node: mark(i.node) })) };
    case 'pipeline':
      return { ...node, stages: node.stages.map(mark) };
    case 'background':
      return { ...node, node: mark(node.node) };
    default:
      return node;
  }
}

/** `unset -f NAME…`: status 0 even for a name that was no function, as bash's. */
export function unsetFunctions(shell: PromptShell, names: string[]): CommandResult {
  for (const name of names) shell.functions.delete(name);
  return ok();
}
