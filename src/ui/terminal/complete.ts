/**
 * Tab completion for the terminal's command language, as a pure function of the line and what
 * the page knows: the command table the worker sent in `ready` (line words, kubectl's commands
 * and the sim directives, each with its flags and the kind of its arguments), resource types
 * (plural and short names, from discovery), object names of the typed type (namespace-aware:
 * `-n`, `--namespace=`, `-A`), `TYPE/NAME` and `a,b` forms, `-f` files and fault targets. Until
 * `ready` arrives only the terminal's own words complete. It suggests; kubectl still decides (a
 * completed line can still be wrong).
 */
import type { KObject } from '../../k8s/types';
import type { CommandGroup, CommandInfo, CommandTable, DiscoveryEntry, FlagInfo } from '../../protocol/messages';
import { SHELL_BUILTINS } from './builtins';

/** What completion may look at. Everything is what the page already holds. */
export interface CompletionContext {
  /** The worker's command table (from `ready`); undefined before the worker has sent it. */
  commands: CommandTable | undefined;
  discovery: readonly DiscoveryEntry[];
  /** Stored objects by storage key (`pods/default/web-1`, `nodes/node-1`). */
  objects: ReadonlyMap<string, KObject>;
  /** Virtual files `kubectl apply -f` can read. */
  files: readonly string[];
  /** Fault target names (`sim fail --list`) as the worker reported them. */
  targets: readonly string[];
  /** The kubeconfig context's namespace (`kubectl config set-context --current -n X`); absent: default. */
  namespace?: string;
}

export interface CompletionQuery {
  /** The word being completed is line[from, to) (to = the cursor). */
  from: number;
  to: number;
  /** Whole-word replacements for that range, sorted, without duplicates. */
  candidates: string[];
}

// ---- words ----

interface Word {
  text: string;
  start: number;
}

/** Whitespace-separated words before the cursor; the last one is the word being completed ('' after a space). */
function wordsBefore(line: string, cursor: number): { done: Word[]; current: Word } {
  const head = line.slice(0, cursor);
  const done: Word[] = [];
  const re = /\S+/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(head))) done.push({ text: m[0], start: m.index });
  const last = done[done.length - 1];
  if (last && last.start + last.text.length === head.length) {
    done.pop();
    return { done, current: last };
  }
  return { done, current: { text: '', start: head.length } };
}

function uniqSorted(xs: Iterable<string>): string[] {
  return [...new Set(xs)].sort();
}

function matching(prefix: string, options: Iterable<string>): string[] {
  return uniqSorted([...options].filter((o) => o.startsWith(prefix)));
}

function own<T>(record: Readonly<Record<string, T>>, key: string | undefined): T | undefined {
  return key !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}

// ---- cluster lookups ----

/** The discovery entry a typed type names: plural, short name, kind, or `plural.group`. */
export function resolveType(discovery: readonly DiscoveryEntry[], typed: string): DiscoveryEntry | undefined {
  const t = typed.toLowerCase();
  const head = t.split('.')[0]!;
  return discovery.find((d) => d.resource === head || d.kind.toLowerCase() === head || d.shortNames.includes(head));
}

/** Names of stored objects of `resource`; `namespace` undefined means every namespace. */
export function objectNames(objects: ReadonlyMap<string, KObject>, entry: DiscoveryEntry, namespace: string | undefined): string[] {
  const prefix = entry.namespaced && namespace !== undefined ? `${entry.resource}/${namespace}/` : `${entry.resource}/`;
  const names: string[] = [];
  for (const [key, obj] of objects) {
    if (!key.startsWith(prefix)) continue;
    const name = obj.metadata.name;
    if (name) names.push(name);
  }
  return uniqSorted(names);
}

/** The namespace a command works in without `-n`: the kubeconfig context's, as kubectl reads it. */
function contextNamespace(ctx: CompletionContext): string {
  return ctx.namespace ?? 'default';
}

function namesOf(ctx: CompletionContext, resource: string, namespace: string | undefined): string[] {
  const entry = resolveType(ctx.discovery, resource);
  return entry ? objectNames(ctx.objects, entry, namespace) : [];
}

/** Type words a command takes: every plural and short name it accepts, and its category words. */
function typeWords(discovery: readonly DiscoveryEntry[], info: CommandInfo): string[] {
  const only = info.resources;
  const entries = only ? discovery.filter((d) => only.includes(d.resource)) : discovery;
  return [...entries.flatMap((d) => [d.resource, ...d.shortNames]), ...(info.categories ?? [])];
}

function containersOf(ctx: CompletionContext, podWord: string | undefined, namespace: string | undefined): string[] {
  if (!podWord) return [];
  const name = podWord.includes('/') ? podWord.slice(podWord.indexOf('/') + 1) : podWord;
  const pod = ctx.objects.get(`pods/${namespace ?? contextNamespace(ctx)}/${name}`) as (KObject & { spec?: { containers?: { name: string }[] } }) | undefined;
  return (pod?.spec?.containers ?? []).map((c) => c.name);
}

// ---- reading the line ----

interface LineParse {
  command: string | undefined;
  info: CommandInfo | undefined;
  sub: string | undefined;
  positionals: string[];
  namespace: string | undefined;
  allNamespaces: boolean;
  /** The flag whose value the current word is, if any. */
  pendingFlag: FlagInfo | undefined;
}

/** The flags a line may use: the group's, and the command's own or, once named, its subcommand's where it keeps them apart (apply). */
function flagsOf(group: CommandGroup, info: CommandInfo | undefined, sub?: string): FlagInfo[] {
  if (!info) return group.flags;
  const refs = sub === undefined ? info.ownFlags : info.subcommandFlags?.[sub];
  const own = refs?.flatMap((r) => (typeof r === 'string' ? info.flags.filter((f) => f.name === r) : [r]));
  return [...group.flags, ...(own ?? info.flags)];
}

function findFlag(flags: readonly FlagInfo[], word: string): FlagInfo | undefined {
  if (word.startsWith('--')) {
    const name = word.slice(2).split('=')[0];
    return flags.find((f) => f.name === name);
  }
  if (word.startsWith('-') && word.length >= 2) return flags.find((f) => f.short === word[1]);
  return undefined;
}

/**
 * Reads the flag word at words[i] as pflag does (`--name`, `--name=v`, `-x v`, `-xv`, grouped
 * one-letter bools `-Aw`), noting the namespace it selects; returns how many words after it the
 * flag consumed as its value.
 */
function readFlag(p: LineParse, flags: readonly FlagInfo[], words: readonly string[], i: number): number {
  const w = words[i]!;
  const saw = (f: FlagInfo, value: string | undefined): void => {
    if (f.name === 'namespace' && value !== undefined) p.namespace = value;
    if (f.name === 'all-namespaces') p.allNamespaces = true;
  };
  const takesNext = (f: FlagInfo): number => {
    if (i + 1 >= words.length) p.pendingFlag = f;
    saw(f, words[i + 1]);
    return 1;
  };
  if (w.startsWith('--')) {
    const f = findFlag(flags, w);
    const eq = w.indexOf('=');
    if (!f) return 0;
    if (eq < 0 && f.value) return takesNext(f);
    saw(f, eq < 0 ? undefined : w.slice(eq + 1));
    return 0;
  }
  for (let j = 1; j < w.length; j++) {
    const f = flags.find((x) => x.short === w[j]);
    if (!f) return 0;
    if (!f.value) {
      saw(f, undefined);
      continue;
    }
    const rest = w.slice(j + 1).replace(/^=/, '');
    if (rest === '') return takesNext(f);
    saw(f, rest);
    return 0;
  }
  return 0;
}

/** The words after the line's first: flags anywhere (`--` ends them), the command, its subcommand, positionals. */
function parseLine(group: CommandGroup, command: string | undefined, words: readonly string[]): LineParse {
  const p: LineParse = { command, info: own(group.commands, command), sub: undefined, positionals: [], namespace: undefined, allNamespaces: false, pendingFlag: undefined };
  let dashDash = false;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (!dashDash && w === '--') dashDash = true;
    else if (!dashDash && w.startsWith('-') && w !== '-') i += readFlag(p, flagsOf(group, p.info, p.sub), words, i);
    else if (p.command === undefined) {
      p.command = w;
      p.info = own(group.commands, w);
    } else if (p.info?.subcommands && p.sub === undefined) p.sub = w;
    else p.positionals.push(w);
  }
  return p;
}

// ---- candidates ----

function flagCandidates(all: readonly FlagInfo[], current: string): string[] {
  const flags = all.filter((f) => !f.hidden);
  const long = flags.map((f) => `--${f.name}`);
  const short = flags.filter((f) => f.short).map((f) => `-${f.short!}`);
  return matching(current, current.startsWith('--') || current === '-' ? long : [...short, ...long]);
}

function valueCandidates(flag: FlagInfo, typed: string, ctx: CompletionContext, p: LineParse): string[] {
  const values = flag.values;
  if (values === undefined) return [];
  if (typeof values !== 'string') return matching(typed, values);
  switch (values) {
    case 'namespaces':
      return matching(typed, namesOf(ctx, 'namespaces', undefined));
    case 'nodes':
      return matching(typed, namesOf(ctx, 'nodes', undefined));
    case 'files':
      return matching(typed, ['-', ...ctx.files]);
    case 'containers':
      return matching(typed, containersOf(ctx, p.positionals[0], p.namespace));
    default: {
      const never: never = values;
      return never;
    }
  }
}

/** Completes a resource argument: `TYPE`, `a,b`, `TYPE/NAME`, or a NAME after the type. */
function resourceArg(ctx: CompletionContext, p: LineParse, current: string, types: readonly string[]): string[] {
  const ns = p.allNamespaces ? undefined : (p.namespace ?? contextNamespace(ctx));
  const slash = current.indexOf('/');
  if (slash >= 0) {
    const typeWord = current.slice(0, slash);
    const entry = resolveType(ctx.discovery, typeWord);
    if (!entry) return [];
    return matching(current, objectNames(ctx.objects, entry, ns).map((n) => `${typeWord}/${n}`));
  }
  const typeArg = p.positionals[0];
  if (typeArg === undefined || typeArg.includes('/')) {
    // The type itself (or, after a TYPE/NAME, another TYPE/NAME).
    const comma = current.lastIndexOf(',');
    const head = current.slice(0, comma + 1);
    return matching(current, types.map((t) => head + t));
  }
  if (typeArg.includes(',')) return [];
  const entry = resolveType(ctx.discovery, typeArg);
  const named = new Set(p.positionals.slice(1));
  return entry ? matching(current, objectNames(ctx.objects, entry, ns).filter((n) => !named.has(n))) : [];
}

/**
 * `kubectl cp`'s first operand as cp.go's ValidArgsFunction completes it: a path stays a path
 * (files); `NS/` lists that namespace's Pods as `NS/POD:`; otherwise namespaces as `NS/` and the
 * -n namespace's (or default's) Pods as `POD:`; nothing inside a Pod (upstream's TODO). With no Pod or
 * namespace to offer, the shell's file completion takes over, as cobra's default directive says.
 */
function cpSource(ctx: CompletionContext, current: string, namespace: string): string[] {
  if (/^[/.~]/.test(current)) return matching(current, ctx.files);
  if (current.includes(':')) return [];
  const slash = current.indexOf('/');
  const comps =
    slash > 0
      ? namesOf(ctx, 'pods', current.slice(0, slash)).map((n) => `${current.slice(0, slash)}/${n}:`)
      : [...namesOf(ctx, 'namespaces', undefined).map((n) => `${n}/`), ...namesOf(ctx, 'pods', namespace).map((n) => `${n}:`)];
  const found = matching(current, comps);
  return found.length > 0 ? found : matching(current, ctx.files);
}

function positionalCandidates(ctx: CompletionContext, p: LineParse, info: CommandInfo, current: string): string[] {
  const ns = p.allNamespaces ? undefined : (p.namespace ?? contextNamespace(ctx));
  const first = p.positionals.length === 0;
  const positional = (p.sub !== undefined && own(info.subcommandPositionals ?? {}, p.sub)) || info.positional;
  switch (positional) {
    case 'resources':
      return resourceArg(ctx, p, current, typeWords(ctx.discovery, info));
    case 'nodes':
      return matching(current, namesOf(ctx, 'nodes', undefined));
    case 'pod-then-container':
      if (first) return current.includes('/') ? resourceArg(ctx, p, current, []) : matching(current, namesOf(ctx, 'pods', ns));
      return p.positionals.length === 1 ? matching(current, containersOf(ctx, p.positionals[0], p.namespace)) : [];
    case 'pod':
      return first ? matching(current, namesOf(ctx, 'pods', ns).map((n) => `pod/${n}`)) : [];
    case 'service':
      return first ? matching(current, namesOf(ctx, 'services', ns)) : [];
    case 'serviceaccount':
      // `create token` has no --all-namespaces: the namespace is -n's, or the context's.
      return first ? matching(current, namesOf(ctx, 'serviceaccounts', p.namespace ?? contextNamespace(ctx))) : [];
    case 'fault-target':
      return first ? matching(current, ctx.targets) : [];
    case 'cp-path':
      return first ? cpSource(ctx, current, p.namespace ?? contextNamespace(ctx)) : matching(current, ctx.files);
    case 'none':
      return [];
    default: {
      const never: never = positional;
      return never;
    }
  }
}

/** Completes within a command group (kubectl, sim); `command` is set when the line's first word named it (`sleep`). */
function completeIn(ctx: CompletionContext, group: CommandGroup, command: string | undefined, words: readonly string[], current: string): string[] {
  const p = parseLine(group, command, words);
  if (p.pendingFlag) return valueCandidates(p.pendingFlag, current, ctx, p);
  const flags = flagsOf(group, p.info, p.sub);
  const eq = current.indexOf('=');
  if (current.startsWith('--') && eq > 0) {
    const f = findFlag(flags, current);
    return f ? valueCandidates(f, current.slice(eq + 1), ctx, p).map((v) => current.slice(0, eq + 1) + v) : [];
  }
  if (current.startsWith('-')) return flagCandidates(flags, current);
  if (p.command === undefined) return matching(current, Object.keys(group.commands));
  if (!p.info) return [];
  if (p.info.subcommands && p.sub === undefined) return matching(current, p.info.subcommands);
  // cobra's ValidArgs complete the first positional only (`kubectl completion bash`).
  if (p.info.validArgs) return p.positionals.length === 0 ? matching(current, p.info.validArgs) : [];
  return positionalCandidates(ctx, p, p.info, current);
}

// ---- entry points ----

/** The candidates for the word that ends at the cursor. */
export function completionsAt(line: string, cursor: number, ctx: CompletionContext): CompletionQuery {
  const { done, current } = wordsBefore(line, cursor);
  const to = current.start + current.text.length;
  const q = (candidates: string[]): CompletionQuery => ({ from: current.start, to, candidates });
  if (/^["']/.test(current.text)) return q([]);
  const [first, ...args] = done.map((w) => w.text);
  const table = ctx.commands;
  if (first === undefined) return q(matching(current.text, [...SHELL_BUILTINS, ...Object.keys(table?.lines ?? {}), ...(table?.programs ?? [])]));
  // After a redirection (`> `, `2>> `, `< `) comes a file, whatever the command.
  const previous = done.at(-1)?.text;
  if (previous !== undefined && /^[0-9&]?(>>?|<)$/.test(previous)) return q(matching(current.text, ctx.files));
  const started = table && own(table.lines, first);
  // cat, grep, cp…: their operands are the workstation's files.
  if (!started && table?.programs.includes(first)) return q(current.text.startsWith('-') ? [] : matching(current.text, ctx.files));
  return q(table && started ? completeIn(ctx, table[started.group], started.command, args, current.text) : []);
}

export function commonPrefix(xs: readonly string[]): string {
  if (xs.length === 0) return '';
  let p = xs[0]!;
  for (const x of xs) {
    let i = 0;
    while (i < p.length && i < x.length && p[i] === x[i]) i++;
    p = p.slice(0, i);
  }
  return p;
}

/** What one Tab press does to the line (bash's behaviour, listing on the first ambiguous Tab). */
export type TabOutcome =
  | { kind: 'none' }
  | { kind: 'replace'; from: number; to: number; text: string }
  | { kind: 'list'; candidates: string[] };

export function tab(line: string, cursor: number, ctx: CompletionContext): TabOutcome {
  const q = completionsAt(line, cursor, ctx);
  const typed = line.slice(q.from, q.to);
  if (q.candidates.length === 0) return { kind: 'none' };
  if (q.candidates.length === 1) {
    const only = q.candidates[0]!;
    const open = /[/=,:]$/.test(only) || line[cursor] === ' ';
    return { kind: 'replace', from: q.from, to: q.to, text: open ? only : `${only} ` };
  }
  const prefix = commonPrefix(q.candidates);
  if (prefix.length > typed.length) return { kind: 'replace', from: q.from, to: q.to, text: prefix };
  return { kind: 'list', candidates: q.candidates };
}

/** Candidates laid out in columns for a terminal `cols` wide (bash's listing), one string with newlines. */
export function formatCandidates(candidates: readonly string[], cols: number): string {
  const width = Math.max(...candidates.map((c) => c.length)) + 2;
  const perRow = Math.max(1, Math.floor(cols / width));
  const rows = Math.ceil(candidates.length / perRow);
  const lines: string[] = [];
  for (let r = 0; r < rows; r++) {
    let line = '';
    for (let c = 0; c < perRow; c++) {
      const item = candidates[c * rows + r];
      if (item !== undefined) line += item.padEnd(width);
    }
    lines.push(line.trimEnd());
  }
  return lines.join('\n') + '\n';
}
