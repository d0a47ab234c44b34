/**
 * The builtins that read or change the prompt's functions: `declare -f` / `declare -F` (`typeset`
 * is its other name; `declare NAME=value` and `declare -x` are plain assignments and exports,
 * `declare -a NAME` makes an array, `declare -A NAME` an associative one, `NAME=(…)` fills it, and
 * `declare -p NAME` lists a variable as src/k8s/bash-arrays.ts and bash-assoc.ts word it) and
 * `unset -f`. What
 * bash 5.2 prints, recorded on this machine: `declare -F` lists `declare -f NAME` sorted,
 * `declare -F NAME` just the name, `declare -f NAME` the definition (src/k8s/prompt-print.ts); a
 * name that is no function prints nothing and makes the status 1. And what a definition keeps:
 * its body with the aliases expanded, as bash reads it.
 */
import { declareArrayLine, declareScalarLine } from '../k8s/bash-arrays';
import { declareAssocLine, type ListItem } from '../k8s/bash-assoc';
import { functionListing } from '../k8s/prompt-print';
import { parsePromptLine, type PromptNode } from '../k8s/prompt-syntax';
import { fail, ok } from './result';
import type { PromptShell } from './prompt-shell';
import type { CommandResult } from './types';

const out = (text: string, exitCode = 0): CommandResult => ({ output: text ? [{ stream: 'stdout', text }] : [], exitCode });

/** A `NAME=(…)` argument of declare/local, its words already read (Session.command). */
export interface CompoundArg {
  items: ListItem[];
  append: boolean;
}

/**
 * `declare [-f|-F|-p|-a|-A|-x] [NAME[=value]…]`; `lists` holds the `NAME=(…)` arguments' words by
 * NAME; `index` evaluates an indexed array's subscript (arithmetic). Recorded, bash 5.2.15:
 * `declare -a x; declare -A x` is `bash: declare: x: cannot convert indexed to associative
 * array`, the other way `…: cannot convert associative to indexed array` (status 1 each).
 */
export function declare(shell: PromptShell, args: string[], lists: ReadonlyMap<string, CompoundArg> = new Map(), index: (expr: string) => number | string = Number): CommandResult {
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
  const unknown = [...flags].find((f) => f !== 'x' && f !== 'g' && f !== 'a' && f !== 'A');
  if (unknown) return fail(`bash: declare: -${unknown}: only -f, -F, -p, -a, -A and -x are understood at this prompt`, 2);
  if (names.length === 0 && !flags.has('x')) return out([...shell.vars.keys()].sort().map((k) => `${k}=${shell.vars.get(k)}\n`).join(''));
  if (flags.has('x') && !flags.has('a') && !flags.has('A')) return shell.export(names.filter((a) => !lists.has(a.replace(/\+?=[\s\S]*$/, ''))));
  const errors: string[] = [];
  for (const a of names) {
    const eq = /\+?=/.exec(a);
    const name = eq ? a.slice(0, eq.index) : a;
    const list = eq && a.slice(eq.index + eq[0].length).startsWith('(') ? lists.get(name) : undefined;
    if (flags.has('A')) {
      const refused = shell.declareAssoc(name);
      if (refused) {
        errors.push(`bash: declare: ${refused}\n`);
        continue;
      }
    } else if (flags.has('a')) {
      if (shell.assocs.has(name)) {
        errors.push(`bash: declare: ${name}: cannot convert associative to indexed array\n`);
        continue;
      }
      // `declare -a NAME`: NAME becomes an array (a scalar its element 0); a new name has no value yet.
      if (!eq && !shell.arrays.has(name) && !shell.vars.has(name)) shell.declaredArrays.add(name);
      else shell.assignList(name, [], true);
    }
    if (list) errors.push(...shell.assignCompound(name, list.items, list.append, index, true).map((e) => `bash: ${e}\n`));
    else if (eq) shell.assign(name, a.slice(eq.index + eq[0].length));
    if (flags.has('x')) shell.exported.add(name);
  }
  return { output: errors.length ? [{ stream: 'stderr', text: errors.join('') }] : [], exitCode: errors.length ? 1 : 0 };
}

/** `declare -p NAME…` (src/k8s/bash-arrays.ts's and bash-assoc.ts's lines); a name that is no variable is `bash: declare: NAME: not found`, status 1 (recorded). */
function declareListing(shell: PromptShell, names: readonly string[]): CommandResult {
  const output: CommandResult['output'] = [];
  let exitCode = 0;
  for (const name of names) {
    const arr = shell.arrays.get(name);
    const table = shell.assocs.get(name);
    const value = shell.vars.get(name);
    if (arr) output.push({ stream: 'stdout', text: declareArrayLine(name, arr) });
    else if (table) output.push({ stream: 'stdout', text: declareAssocLine(name, table) });
    else if (shell.declaredArrays.has(name)) output.push({ stream: 'stdout', text: declareArrayLine(name, undefined) });
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
