/**
 * What bash keeps between lines at the terminal's `$ ` prompt, and the builtins that change it:
 * shell variables (`export do="--dry-run=client -o yaml"`, `POD=$(kubectl get pods -o name)`),
 * aliases (`alias k=kubectl`), `$?`. The setup lines every CKA guide starts with work as in bash;
 * `source <(kubectl completion bash)` (or of a file `kubectl completion bash` wrote) and
 * `complete -F __start_kubectl k` succeed silently, since
 * this terminal completes kubectl by itself. Functions (`f() { …; }`) and the calls under way
 * (their `$1`…, what their `local` shadows) live here too, and `$RANDOM`'s generator. Like the
 * workstation's files, this state is rebuilt by replaying the session's log.
 *
 * Over 400 lines: one class, the prompt's state, whose builtins (set, shopt, cd, unset, declare,
 * mapfile, assignments) each read and change several of its parts together.
 */
import { own } from '../k8s/own';
import { WORKSTATION_HOME, type Workstation } from '../engine/index';
import { evalArith } from '../k8s/arith';
import { appendValues, assignIndexedItems, resolveIndex, unsetElement, type BashArray } from '../k8s/bash-arrays';
import { assocAssignList, assocDelete, assocGet, assocSet, copyAssoc, declaredAssoc, emptiedAssoc, newAssoc, type AssocArray, type ListItem } from '../k8s/bash-assoc';
import { runMapfile } from '../k8s/bash-mapfile';
import { nextRandom, seedRandom, type RandomState } from '../k8s/bash-random';
import { DEFAULT_OPTS, dollarDash, optionListing, parseSet, type ShellOpts } from '../k8s/shell-options';
import { runShopt, SHOPT_INTERACTIVE_DEFAULTS } from '../k8s/shopt';
import type { PromptNode } from '../k8s/prompt-syntax';
import { declare, unsetFunctions, type CompoundArg } from './prompt-functions';
import { fail, ok } from './result';
import type { CommandResult } from './types';

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** An assignment word as written: `NAME=`, bash's `NAME+=` and `NAME[i]=`, then anything (its value is expanded unsplit). */
export const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*(?:\[[^\]]*\])?\+?=/;
/** The lines that load kubectl's bash completion (kubectl.io's "Enable shell autocompletion"). */
const COMPLETION_SETUP = /^(source|\.)\s+<\(\s*kubectl\s+completion\s+(bash|zsh)\s*\)\s*$|^complete(\s+\S+)*\s*$/;

/** bash's single-quoting for `alias` and `declare -x` listings. */
function quoted(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}


const out = (text: string): CommandResult => ({ output: text ? [{ stream: 'stdout', text }] : [], exitCode: 0 });

/** A function call under way: its arguments (`$1`…) and the values its `local`s shadow (undefined: unset). */
export interface Frame {
  /** `$FUNCNAME`. */
  readonly name: string;
  readonly args: string[];
  readonly shadowed: Map<string, string | undefined>;
  /** The arrays its `local -a`/`-A`/`NAME=(…)` shadow (neither set: the name was no array). */
  readonly shadowedArrays: Map<string, { array?: BashArray; assoc?: AssocArray }>;
}


/**
 * What the learner's login gives every shell on the workstation: a Debian user's environment
 * (login(1)'s HOME, USER, LOGNAME, SHELL and PATH, the terminal's TERM, the locale's LANG), so
 * `$PATH` or `$USER` reads as on a real laptop — and `set -u` does not stop at them.
 */
const LOGIN: Readonly<Record<string, string>> = {
  HOME: WORKSTATION_HOME,
  LANG: 'en_US.UTF-8',
  LOGNAME: 'learner',
  PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
  SHELL: '/bin/bash',
  TERM: 'xterm-256color',
  USER: 'learner',
};

export class PromptShell {
  readonly vars = new Map<string, string>();
  /** bash's indexed arrays (`a=(x y)`; sparse, src/k8s/bash-arrays.ts): a name is in `vars` or here, never both. */
  readonly arrays = new Map<string, BashArray>();
  /** bash's associative arrays (`declare -A m`; src/k8s/bash-assoc.ts): a name is in one of vars, arrays, assocs. */
  readonly assocs = new Map<string, AssocArray>();
  /**
   * Names `declare -a` made arrays without a value (`declare -p c` is `declare -a c`, recorded):
   * no element yet, so in none of vars, arrays, assocs; the first assignment makes the array.
   */
  readonly declaredArrays = new Set<string>();
  readonly exported = new Set<string>();
  /** `k` comes predefined, as the CKA environment's ~/.bashrc has it; `alias` lists it, `unalias k` removes it. */
  readonly aliases = new Map<string, string>([['k', 'kubectl']]);
  /** Functions by name, as parsed (a node is never changed, so copies share them). */
  readonly functions = new Map<string, PromptNode>();
  /** The function calls under way, innermost last. */
  frames: Frame[] = [];
  /** `$1`… at the prompt itself: none until `set -- ARGS`. */
  args: string[] = [];
  /** `$?`: the status of the last pipeline. */
  status = 0;
  /** `set -e`, `-u`, `-x`, `-o pipefail` (prompt-run.ts and Session.command apply them). */
  opts: ShellOpts = DEFAULT_OPTS;
  /** The session's log position (Session.run sets it): where an unseeded `$RANDOM` starts, so a replay prints the same numbers. */
  line = 0;
  /** `$RANDOM`'s generator; undefined until first read or `RANDOM=n`. `unset RANDOM` makes it a plain variable, as in bash. */
  private random: RandomState | undefined;
  private randomSpecial = true;

  copy(): PromptShell {
    const c = new PromptShell();
    c.restore(this);
    return c;
  }

  /**
   * Takes `other`'s state (a subshell's end puts the shell back). `keepRandom`: `$RANDOM`'s
   * generator goes on from where the subshell left it, as after `$(…)` (bash reseeds a subshell,
   * so its numbers and the shell's next differ; a rewound generator would repeat them).
   */
  restore(other: PromptShell, keepRandom = false): void {
    if (other === this) return;
    const random = this.random;
    this.vars.clear();
    this.arrays.clear();
    this.assocs.clear();
    this.declaredArrays.clear();
    this.exported.clear();
    this.aliases.clear();
    this.functions.clear();
    for (const [k, v] of other.vars) this.vars.set(k, v);
    for (const [k, v] of other.arrays) this.arrays.set(k, v.slice());
    for (const [k, v] of other.assocs) this.assocs.set(k, copyAssoc(v));
    for (const k of other.declaredArrays) this.declaredArrays.add(k);
    for (const k of other.exported) this.exported.add(k);
    for (const [k, v] of other.aliases) this.aliases.set(k, v);
    for (const [k, v] of other.functions) this.functions.set(k, v);
    this.frames = other.frames.map((f) => ({ name: f.name, args: [...f.args], shadowed: new Map(f.shadowed), shadowedArrays: new Map(f.shadowedArrays) }));
    this.args = [...other.args];
    this.status = other.status;
    this.opts = other.opts;
    this.line = other.line;
    this.random = keepRandom ? random : other.random && { ...other.random };
    this.randomSpecial = other.randomSpecial;
  }

  /** The `NAME=(…)` arguments of the declare or local being run, by NAME (Session.command reads their words). */
  compound: ReadonlyMap<string, CompoundArg> = new Map();

  /** An indexed array's subscript: its arithmetic value, or bash's message for it. */
  arithIndex(expr: string): number | string {
    const r = evalArith(expr, { get: (v) => this.vars.get(v), set: (v, x) => this.vars.set(v, x) });
    return r.ok ? Number(r.value) : r.message;
  }

  /** `$1`… of the innermost call, or the prompt's own (`set -- a b`). */
  positional(): string[] {
    return this.frames.at(-1)?.args ?? this.args;
  }

  /**
   * `set [-+eux…] [-+o NAME] [--] [ARGS]`: options as an interactive bash 5.2 takes them (its
   * errors recorded under script(1): `bash: set: -q: invalid option` and set's usage, status 2),
   * `set -o` / `set +o` listings, and the positional parameters.
   */
  set(args: string[]): CommandResult {
    if (args.length === 0) return ok();
    const r = parseSet('bash', 'bash: ', args, this.opts);
    if (r.k === 'list') return out(optionListing('bash', this.opts, r.plus, true));
    if (r.k === 'error') return { output: [{ stream: 'stderr', text: r.error.message }], exitCode: r.error.status };
    this.opts = r.opts;
    if (r.positional === undefined) return ok();
    const params = r.positional;
    const frame = this.frames.at(-1);
    if (frame) frame.args.splice(0, frame.args.length, ...params);
    else this.args = params;
    return ok();
  }

  /**
   * `shopt`: bash's option names and listings (src/k8s/shopt.ts) from an interactive bash's
   * defaults; dotglob, nocaseglob and nullglob change the prompt's globbing, the rest are names.
   */
  shopt(args: string[]): CommandResult {
    const r = runShopt(args, this.opts.shopt ?? SHOPT_INTERACTIVE_DEFAULTS, 'bash: ');
    this.opts = { ...this.opts, shopt: r.on };
    const output: CommandResult['output'] = [];
    if (r.out) output.push({ stream: 'stdout', text: r.out });
    if (r.err) output.push({ stream: 'stderr', text: r.err });
    return { output, exitCode: r.status };
  }

  /** A variable as `$NAME` reads it: the shell's own, else the login's (LOGIN, PWD); `$0`–`$9`, `$#`, `$@`, `$*`, `$RANDOM`. */
  lookup(name: string, cwd: string): string | undefined {
    if (/^\d+$/.test(name)) return name === '0' ? 'bash' : this.positional()[Number(name) - 1];
    if (name === '#') return String(this.positional().length);
    if (name === '-') return dollarDash('bash', this.opts, true);
    if (name === '@' || name === '*') return this.positional().join(' ');
    if (name === 'RANDOM' && this.randomSpecial) return String(this.nextRandom());
    if (name === 'FUNCNAME' && !this.vars.has(name)) return this.frames.at(-1)?.name;
    // `$a` is `${a[0]}`.
    const arr = this.arrays.get(name);
    if (arr) return arr[0] ?? undefined;
    const table = this.assocs.get(name);
    if (table) return assocGet(table, '0');
    return this.vars.get(name) ?? (name === 'PWD' ? cwd : (own(LOGIN, name) as string | undefined));
  }

  private nextRandom(): number {
    // bash seeds from the time and its PID; here from where the session is, so replays agree.
    const r = nextRandom(this.random ?? seedRandom(BigInt(this.line) * 2654435761n + 1n));
    this.random = r.state;
    return r.value;
  }

  /** Enters a call of function `name`: `$1`… are `args` until `leave`. */
  enter(name: string, args: string[]): void {
    this.frames.push({ name, args, shadowed: new Map(), shadowedArrays: new Map() });
  }

  /** Leaves the innermost call: its `local`s give the shadowed values back. */
  leave(): void {
    const frame = this.frames.pop();
    for (const [name, value] of frame?.shadowed ?? []) {
      if (value === undefined) this.vars.delete(name);
      else this.vars.set(name, value);
    }
    for (const [name, was] of frame?.shadowedArrays ?? []) {
      this.arrays.delete(name);
      this.assocs.delete(name);
      if (was.array) this.arrays.set(name, was.array);
      if (was.assoc) this.assocs.set(name, was.assoc);
    }
  }

  /** The environment a program sees: the exported variables over the workstation's own. */
  environment(cwd: string = WORKSTATION_HOME): Record<string, string> {
    const env: Record<string, string> = { ...LOGIN, PWD: cwd };
    for (const k of [...this.exported].sort()) env[k] = this.vars.get(k) ?? '';
    return env;
  }

  /** The command's text with its first word's alias expanded (and the alias's own first word, once each). */
  withAliases(text: string): string {
    const seen = new Set<string>();
    let line = text;
    for (;;) {
      const m = /^(\s*)([^\s'"\\$|&;<>()=]+)(?=\s|$)/.exec(line);
      const value = m ? this.aliases.get(m[2]!) : undefined;
      if (!m || value === undefined || seen.has(m[2]!)) return line;
      seen.add(m[2]!);
      line = m[1] + value + line.slice(m[0].length);
    }
  }

  /** Lines handled before any expansion: loading kubectl's completion. */
  rawBuiltin(text: string): CommandResult | undefined {
    return COMPLETION_SETUP.test(text.trim()) ? ok() : undefined;
  }

  /** Runs a builtin on expanded words; undefined when `cmd` is not one. */
  builtin(cmd: string, args: string[], ws: Workstation): CommandResult | undefined {
    return Object.hasOwn(BUILTINS, cmd) ? BUILTINS[cmd]!(this, args, cmd, ws) : undefined;
  }

  /** `cd [DIR|-]`: bash's, with OLDPWD and PWD kept (and exported, as a login shell has them). */
  cd(args: string[], ws: Workstation): CommandResult {
    const operands = args[0] === '--' ? args.slice(1) : args;
    if (operands.length > 1) return fail('bash: cd: too many arguments', 1);
    let target = operands[0] ?? this.lookup('HOME', ws.cwd) ?? WORKSTATION_HOME;
    const dash = target === '-';
    if (dash) {
      const old = this.vars.get('OLDPWD');
      if (old === undefined) return fail('bash: cd: OLDPWD not set', 1);
      target = old;
    }
    if (target === '') return ok();
    const before = ws.cwd;
    const r = ws.chdir(target);
    if (!r.ok) return fail(`bash: cd: ${r.message}`, 1);
    this.vars.set('OLDPWD', before);
    this.vars.set('PWD', r.dir);
    this.exported.add('OLDPWD');
    this.exported.add('PWD');
    return dash ? out(`${r.dir}\n`) : ok();
  }

  /** `unset [-f|-v] NAME…`: a name that is no variable unsets the function of that name, as bash does. */
  unset(args: string[]): CommandResult {
    const names = args.filter((a) => !a.startsWith('-'));
    if (args.includes('-f')) return unsetFunctions(this, names);
    for (const a of names) {
      const el = /^([A-Za-z_][A-Za-z0-9_]*)\[(.+)\]$/.exec(a);
      if (el) {
        const table = this.assocs.get(el[1]!);
        if (table && el[2] !== '@' && el[2] !== '*') {
          // `unset 'm[key]'`: the key as written (the shell has expanded the word already).
          assocDelete(table, el[2]!);
          continue;
        }
        if (table) this.assocs.delete(el[1]!);
        // `unset 'a[i]'`: one element (a hole); `a[@]` the whole array.
        const arr = this.arrays.get(el[1]!);
        const i = el[2] === '@' || el[2] === '*' ? undefined : evalArith(el[2]!, { get: (v) => this.vars.get(v), set: (v, x) => this.vars.set(v, x) });
        if (i === undefined) this.arrays.delete(el[1]!);
        else if (arr && i.ok) unsetElement(arr, Number(i.value));
        continue;
      }
      if (a === 'RANDOM') this.randomSpecial = false;
      if (!this.vars.has(a) && !this.arrays.has(a) && !this.assocs.has(a) && !args.includes('-v')) this.functions.delete(a);
      this.vars.delete(a);
      this.arrays.delete(a);
      this.assocs.delete(a);
      this.declaredArrays.delete(a);
      this.exported.delete(a);
    }
    return ok();
  }

  /** `a=(w …)`, `a+=(w …)`: the words already expanded; a scalar appended to becomes element 0. */
  assignList(name: string, values: readonly string[], append: boolean): void {
    this.declaredArrays.delete(name);
    if (!append) {
      this.vars.delete(name);
      this.arrays.set(name, [...values]);
      return;
    }
    appendValues(this.arrayFor(name), values);
  }

  /**
   * `NAME=(…)`/`NAME+=(…)` with `[k]=v` words: an associative array's keys (src/k8s/bash-assoc.ts),
   * or an indexed one's subscripts (`a=([2]=x y)`: y at 3), `index` evaluating them. Answers the
   * errors, after bash's prefix.
   */
  assignCompound(name: string, items: readonly ListItem[], append: boolean, index: (expr: string) => number | string, declared = false): string[] {
    const table = this.assocs.get(name);
    if (table) {
      const into = append ? table : emptiedAssoc(table);
      this.assocs.set(name, into);
      return assocAssignList(into, name, items, declared);
    }
    if (!append) this.assignList(name, [], false);
    return assignIndexedItems(this.arrayFor(name), name, items, index);
  }

  /**
   * `mapfile`/`readarray` (src/k8s/bash-mapfile.ts) reading `input`: the array NAME (MAPFILE)
   * holds its lines. Recorded, bash 5.2.15: an associative NAME is `mapfile: m: not an indexed array`.
   */
  mapfile(cmd: 'mapfile' | 'readarray', args: string[], input: string): { result: CommandResult; consumed: number } {
    const r = runMapfile(cmd, args, input, (name) => {
      const array = this.arrays.get(name);
      const value = this.vars.get(name);
      return this.assocs.has(name) ? { k: 'assoc' } : array ? { k: 'array', array } : value !== undefined ? { k: 'scalar', value } : { k: 'none' };
    });
    if (!r.ok) return { result: { output: [{ stream: 'stderr', text: `bash: ${r.message}` }], exitCode: r.status }, consumed: 0 };
    this.vars.delete(r.name);
    this.declaredArrays.delete(r.name);
    this.arrays.set(r.name, r.array);
    return { result: ok(), consumed: r.consumed };
  }

  /** `m[key]=v`, `m[key]+=v` on an associative array; false when it is none. */
  assignKey(name: string, key: string, value: string, append: boolean): boolean {
    const table = this.assocs.get(name);
    if (!table) return false;
    assocSet(table, key, append ? (assocGet(table, key) ?? '') + value : value);
    return true;
  }

  /**
   * `declare -A NAME` (`local -A`): a new table of 1024 buckets, declared without a value; a set
   * scalar becomes one of 128 with the value at key "0" (arrayfunc.c convert_var_to_assoc). An
   * indexed array is bash's `NAME: cannot convert indexed to associative array`.
   */
  declareAssoc(name: string): string | undefined {
    if (this.assocs.has(name)) return undefined;
    if (this.arrays.has(name) || this.declaredArrays.has(name)) return `${name}: cannot convert indexed to associative array`;
    this.assocs.set(name, declaredAssoc(this.vars.get(name)));
    this.vars.delete(name);
    return undefined;
  }

  /** `a[i]=v`, `a[i]+=v`; false when a negative subscript falls before the first element (`a[-20]: bad array subscript`). */
  assignElement(name: string, index: number, value: string, append: boolean): boolean {
    const arr = this.arrayFor(name);
    const at = resolveIndex(arr, index);
    if (at === undefined) return false;
    arr[at] = append ? (arr[at] ?? '') + value : value;
    return true;
  }

  /** NAME's array, made from its scalar (element 0) when it is none yet. */
  private arrayFor(name: string): BashArray {
    const existing = this.arrays.get(name);
    if (existing) return existing;
    this.declaredArrays.delete(name);
    const scalar = this.vars.get(name);
    const made: BashArray = scalar === undefined ? [] : [scalar];
    this.vars.delete(name);
    this.arrays.set(name, made);
    return made;
  }

  /** `NAME=value`; `RANDOM=n` seeds the generator with n read as arithmetic (`RANDOM=1+1` is 2, as recorded). */
  assign(name: string, value: string): void {
    if (name === 'RANDOM' && this.randomSpecial) {
      const n = evalArith(value, { get: (v) => this.vars.get(v), set: (v, x) => this.vars.set(v, x) });
      if (n.ok) this.random = seedRandom(n.value);
      return;
    }
    // `a=v` on an array sets its element 0 (an associative one's key "0"), as bash does.
    const arr = this.arrays.get(name) ?? (this.declaredArrays.has(name) ? this.arrayFor(name) : undefined);
    const table = this.assocs.get(name);
    if (arr) arr[0] = value;
    else if (table) assocSet(table, '0', value);
    else this.vars.set(name, value);
  }

  /** `local NAME[=value]…`: the variable is the call's own until it returns (bash's dynamic scope). */
  local(args: string[]): CommandResult {
    const frame = this.frames.at(-1);
    if (!frame) return fail('bash: local: can only be used in a function', 1);
    const errors: string[] = [];
    const assoc = args.some((a) => /^-[a-zA-Z]*A/.test(a));
    const indexed = args.some((a) => /^-[a-zA-Z]*a/.test(a));
    for (const a of args.filter((a) => !/^[-+][a-zA-Z]+$/.test(a))) {
      const eq = /\+?=/.exec(a);
      const name = eq ? a.slice(0, eq.index) : a;
      if (!NAME.test(name)) {
        errors.push(`bash: local: \`${a}': not a valid identifier\n`);
        continue;
      }
      const fresh = !frame.shadowed.has(name);
      if (fresh) frame.shadowed.set(name, this.vars.get(name));
      const list = eq && a.slice(eq.index + eq[0].length).startsWith('(') ? this.compound.get(name) : undefined;
      if ((assoc || indexed || list) && !frame.shadowedArrays.has(name)) {
        // The call's own array: `local -A m` a table of 1024 buckets with no value yet (make_local_assoc_variable).
        const array = this.arrays.get(name);
        const table = this.assocs.get(name);
        frame.shadowedArrays.set(name, { ...(array ? { array } : {}), ...(table ? { assoc: table } : {}) });
        this.vars.delete(name);
        this.arrays.delete(name);
        this.assocs.delete(name);
        if (assoc) this.assocs.set(name, newAssoc(undefined, true));
        else this.arrays.set(name, []);
      }
      if (list) errors.push(...this.assignCompound(name, list.items, list.append, (e) => this.arithIndex(e), true).map((e) => `bash: ${e}\n`));
      // A new local starts unset (`x=1; f() { local x; echo "[$x]"; }` prints `[]`).
      else if (eq && this.assocs.has(name)) this.assign(name, a.slice(eq.index + eq[0].length));
      else if (eq) this.vars.set(name, a.slice(eq.index + eq[0].length));
      else if (fresh && !assoc && !indexed) this.vars.delete(name);
    }
    return { output: errors.length ? [{ stream: 'stderr', text: errors.join('') }] : [], exitCode: errors.length ? 1 : 0 };
  }

  /** `shift [N]`: drops the first N arguments of the innermost call; status 1 when there are fewer. */
  shift(args: string[]): CommandResult {
    if (!/^\d+$/.test(args[0] ?? '1')) return fail(`bash: shift: ${args[0]}: numeric argument required`, 1);
    const n = Number(args[0] ?? 1);
    const params = this.positional();
    if (n > params.length) return { output: [], exitCode: 1 };
    params.splice(0, n);
    return ok();
  }

  export(args: string[]): CommandResult {
    const names = args.filter((a) => a !== '-n' && a !== '-p');
    if (names.length === 0) return out([...this.exported].sort().map((k) => `declare -x ${k}="${(this.vars.get(k) ?? '').replace(/(["\\$`])/g, '\\$1')}"\n`).join(''));
    const errors: string[] = [];
    for (const a of names) {
      const eq = a.indexOf('=');
      const name = eq < 0 ? a : a.slice(0, eq);
      if (!NAME.test(name)) {
        errors.push(`bash: export: \`${a}': not a valid identifier\n`);
        continue;
      }
      if (eq >= 0) this.vars.set(name, a.slice(eq + 1));
      this.exported.add(name);
    }
    return { output: errors.length ? [{ stream: 'stderr', text: errors.join('') }] : [], exitCode: errors.length ? 1 : 0 };
  }

  alias(args: string[]): CommandResult {
    if (args.length === 0 || (args.length === 1 && args[0] === '-p')) {
      return out([...this.aliases.keys()].sort().map((k) => `alias ${k}=${quoted(this.aliases.get(k)!)}\n`).join(''));
    }
    let text = '';
    const errors: string[] = [];
    for (const a of args) {
      const eq = a.indexOf('=');
      if (eq > 0) this.aliases.set(a.slice(0, eq), a.slice(eq + 1));
      else if (this.aliases.has(a)) text += `alias ${a}=${quoted(this.aliases.get(a)!)}\n`;
      else errors.push(`bash: alias: ${a}: not found\n`);
    }
    return { output: [...(text ? [{ stream: 'stdout' as const, text }] : []), ...(errors.length ? [{ stream: 'stderr' as const, text: errors.join('') }] : [])], exitCode: errors.length ? 1 : 0 };
  }

  unalias(args: string[]): CommandResult {
    if (args[0] === '-a') {
      this.aliases.clear();
      return ok();
    }
    if (args.length === 0) return fail('unalias: usage: unalias [-a] name [name ...]', 2);
    const errors = args.filter((a) => !this.aliases.delete(a)).map((a) => `bash: unalias: ${a}: not found\n`);
    return { output: errors.length ? [{ stream: 'stderr', text: errors.join('') }] : [], exitCode: errors.length ? 1 : 0 };
  }
}

/** cobra's first line of the script `kubectl completion bash` writes, and of zsh's (`#compdef kubectl`). */
const COMPLETION_SCRIPT = /^# bash completion V2 for kubectl\b|^#compdef kubectl$/m;

/**
 * `source FILE` / `. FILE`: this prompt runs no script files but one kind — what `kubectl
 * completion bash|zsh > FILE` wrote — which, like `source <(kubectl completion bash)`, succeeds
 * silently (this terminal completes kubectl by itself). bash's own errors for no file or a
 * missing one; any other file is refused.
 */
const source = (_shell: PromptShell, args: string[], cmd: string, ws: Workstation): CommandResult => {
  const file = args[0];
  if (file === undefined) return fail(`bash: ${cmd}: filename argument required\n${cmd}: usage: ${cmd} filename [arguments]`, 2);
  const found = ws.stat(file);
  if (found.kind === 'none') return fail(`bash: ${file}: No such file or directory`, 1);
  if (found.kind === 'dir') return fail(`bash: ${cmd}: ${file}: is a directory`, 1);
  if (COMPLETION_SCRIPT.test(found.content)) return ok();
  return fail(`bash: ${cmd}: only kubectl's completion script ("source <(kubectl completion bash)") is understood at this prompt (variables and aliases can be typed as lines)`, 1);
};

/** The builtins this prompt runs, by name: the one list completion and the Session both read. */
const BUILTINS: Readonly<Record<string, (shell: PromptShell, args: string[], cmd: string, ws: Workstation) => CommandResult>> = {
  ':': () => ok(),
  alias: (sh, args) => sh.alias(args),
  cd: (sh, args, _cmd, ws) => sh.cd(args, ws),
  // kubectl's completion script registers itself with `complete`; this terminal completes by itself.
  complete: () => ok(),
  declare: (sh, args) => declare(sh, args, sh.compound, (e) => sh.arithIndex(e)),
  typeset: (sh, args) => declare(sh, args, sh.compound, (e) => sh.arithIndex(e)),
  export: (sh, args) => sh.export(args),
  false: () => ({ output: [], exitCode: 1 }),
  local: (sh, args) => sh.local(args),
  pwd: (_sh, _args, _cmd, ws) => out(`${ws.cwd}\n`),
  set: (sh, args) => sh.set(args),
  shift: (sh, args) => sh.shift(args),
  shopt: (sh, args) => sh.shopt(args),
  source,
  '.': source,
  true: () => ok(),
  unalias: (sh, args) => sh.unalias(args),
  unset: (sh, args) => sh.unset(args),
};

/**
 * The builtins the executor runs itself (prompt-run.ts, prompt-words.ts): they act on a loop, its
 * stdin or the line, which a builtin here cannot see.
 */
const LINE_BUILTINS = ['[', 'bg', 'break', 'continue', 'exit', 'fg', 'jobs', 'kill', 'mapfile', 'read', 'readarray', 'return', 'test', 'type', 'wait', 'xargs'];

/** The builtins completion offers (`.` is source's other name, `:` not a word anyone completes to). */
export const PROMPT_BUILTINS: readonly string[] = [...Object.keys(BUILTINS).filter((b) => b !== '.' && b !== ':'), ...LINE_BUILTINS].sort();
