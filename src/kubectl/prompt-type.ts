/**
 * bash's `type` at the prompt: what a word would run as — an alias (`k`), a keyword, a builtin
 * or a file on the learner's machine — so `type k` answers the question `unalias k` raises. The
 * paths are a Debian laptop's: coreutils, grep, sed and the rest in /usr/bin, kubectl where its
 * install guide puts it (/usr/local/bin), and `sim` beside it as the simulator's own program.
 */
import { WORKSTATION_COMMANDS } from '../engine/index';
import { functionListing } from '../k8s/prompt-print';
import { PROMPT_KEYWORDS, type PromptNode } from '../k8s/prompt-syntax';
import type { PromptShell } from './prompt-shell';
import { isEditorProgram } from './laptop-editor';
import type { CommandResult } from './types';

/** What bash itself runs (help -s): the prompt's builtins and those of its programs bash shadows. */
const BASH_BUILTINS = new Set([':', '.', '[', 'alias', 'bg', 'break', 'cd', 'complete', 'continue', 'declare', 'echo', 'exit', 'export', 'false', 'fg', 'help', 'jobs', 'kill', 'local', 'mapfile', 'printf', 'pwd', 'read', 'readarray', 'return', 'set', 'shift', 'shopt', 'source', 'test', 'true', 'type', 'typeset', 'unalias', 'unset', 'wait']);

type Kind = { t: 'alias'; value: string } | { t: 'keyword' } | { t: 'function'; body: PromptNode } | { t: 'builtin' } | { t: 'file'; path: string };

function programPath(word: string): string | undefined {
  if (word === 'kubectl' || word === 'sim') return `/usr/local/bin/${word}`;
  // vi, vim and nano open the page's editor (laptop-editor.ts); Debian installs them in /usr/bin.
  if (word === 'xargs' || word === 'sleep' || word === 'clear' || word === 'watch' || isEditorProgram(word) || WORKSTATION_COMMANDS.includes(word)) return `/usr/bin/${word}`;
  return undefined;
}

/** bash's lookup order: alias, keyword, function, builtin, then PATH. */
function kindOf(shell: PromptShell, word: string): Kind | undefined {
  const alias = shell.aliases.get(word);
  if (alias !== undefined) return { t: 'alias', value: alias };
  if (PROMPT_KEYWORDS.has(word)) return { t: 'keyword' };
  const body = shell.functions.get(word);
  if (body !== undefined) return { t: 'function', body };
  if (BASH_BUILTINS.has(word)) return { t: 'builtin' };
  const path = programPath(word);
  return path === undefined ? undefined : { t: 'file', path };
}

function describe(word: string, k: Kind): string {
  switch (k.t) {
    case 'alias':
      return `${word} is aliased to \`${k.value}'`;
    case 'keyword':
      return `${word} is a shell keyword`;
    case 'function':
      // bash's listing follows (recorded: `f is a function`, then `f () `, `{ `, …).
      return `${word} is a function\n${functionListing(word, k.body).replace(/\n$/, '')}`;
    case 'builtin':
      return `${word} is a shell builtin`;
    case 'file':
      return `${word} is ${k.path}`;
  }
}

/** `type [-t|-p|-P|-a] NAME…`: status 1 when any name is not found. */
export function runType(shell: PromptShell, args: string[]): CommandResult {
  let mode: 'describe' | 't' | 'p' | 'P' = 'describe';
  let i = 0;
  for (; i < args.length && /^-[atpPf]+$/.test(args[i]!); i++) {
    for (const f of args[i]!.slice(1)) if (f === 't' || f === 'p' || f === 'P') mode = f;
  }
  if (i < args.length && args[i] === '--') i++;
  let stdout = '';
  let stderr = '';
  let status = 0;
  for (const word of args.slice(i)) {
    const k = kindOf(shell, word);
    // -P searches PATH alone, whatever an alias or builtin would shadow.
    const file = mode === 'P' ? programPath(word) : k?.t === 'file' ? k.path : undefined;
    if (mode === 'P' || mode === 'p') {
      if (file !== undefined) stdout += `${file}\n`;
      else if (mode === 'P' || k === undefined) status = 1;
      continue;
    }
    if (k === undefined) {
      status = 1;
      if (mode === 'describe') stderr += `bash: type: ${word}: not found\n`;
      continue;
    }
    stdout += mode === 't' ? `${k.t}\n` : `${describe(word, k)}\n`;
  }
  return { output: [...(stdout ? [{ stream: 'stdout' as const, text: stdout }] : []), ...(stderr ? [{ stream: 'stderr' as const, text: stderr }] : [])], exitCode: status };
}
