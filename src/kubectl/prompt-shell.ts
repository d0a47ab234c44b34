/**
 * What bash keeps between lines at the terminal's `$ ` prompt, and the builtins that change it:
 * shell variables (`export do="--dry-run=client -o yaml"`, `POD=$(kubectl get pods -o name)`),
 * aliases (`alias k=kubectl`), `$?`. The setup lines every CKA guide starts with work as in bash;
 * `source <(kubectl completion bash)` and `complete -F __start_kubectl k` succeed silently, since
 * this terminal completes kubectl by itself. Like the workstation's files, this state is rebuilt
 * by replaying the session's log.
 */
import { WORKSTATION_HOME, type Workstation } from '../engine/index';
import { fail, ok } from './result';
import type { CommandResult } from './types';

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** An assignment word as written: `NAME=` then anything (its value is expanded unsplit). */
export const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
/** The lines that load kubectl's bash completion (kubectl.io's "Enable shell autocompletion"). */
const COMPLETION_SETUP = /^(source|\.)\s+<\(\s*kubectl\s+completion\s+(bash|zsh)\s*\)\s*$|^complete(\s+\S+)*\s*$/;

/** bash's single-quoting for `alias` and `declare -x` listings. */
function quoted(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}


const out = (text: string): CommandResult => ({ output: text ? [{ stream: 'stdout', text }] : [], exitCode: 0 });

export class PromptShell {
  readonly vars = new Map<string, string>();
  readonly exported = new Set<string>();
  /** `k` comes predefined, as the CKA environment's ~/.bashrc has it; `alias` lists it, `unalias k` removes it. */
  readonly aliases = new Map<string, string>([['k', 'kubectl']]);
  /** `$?`: the status of the last pipeline. */
  status = 0;

  copy(): PromptShell {
    const c = new PromptShell();
    c.restore(this);
    return c;
  }

  /** Takes `other`'s state (a subshell's end puts the shell back). */
  restore(other: PromptShell): void {
    if (other === this) return;
    this.vars.clear();
    this.exported.clear();
    this.aliases.clear();
    for (const [k, v] of other.vars) this.vars.set(k, v);
    for (const k of other.exported) this.exported.add(k);
    for (const [k, v] of other.aliases) this.aliases.set(k, v);
    this.status = other.status;
  }

  /** A variable as `$NAME` reads it: the shell's own, else the login's (HOME, LANG, PWD). */
  lookup(name: string, cwd: string): string | undefined {
    return this.vars.get(name) ?? (name === 'HOME' ? WORKSTATION_HOME : name === 'LANG' ? 'en_US.UTF-8' : name === 'PWD' ? cwd : undefined);
  }

  /** The environment a program sees: the exported variables over the workstation's own. */
  environment(cwd: string = WORKSTATION_HOME): Record<string, string> {
    const env: Record<string, string> = { HOME: WORKSTATION_HOME, LANG: 'en_US.UTF-8', PWD: cwd };
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

  unset(args: string[]): CommandResult {
    for (const a of args.filter((a) => !a.startsWith('-'))) {
      this.vars.delete(a);
      this.exported.delete(a);
    }
    return ok();
  }


  assign(name: string, value: string): void {
    this.vars.set(name, value);
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

const refuseSource = (_shell: PromptShell, _args: string[], cmd: string): CommandResult =>
  fail(`bash: ${cmd}: only "source <(kubectl completion bash)" is understood at this prompt (variables and aliases can be typed as lines)`, 1);

/** The builtins this prompt runs, by name: the one list completion and the Session both read. */
const BUILTINS: Readonly<Record<string, (shell: PromptShell, args: string[], cmd: string, ws: Workstation) => CommandResult>> = {
  ':': () => ok(),
  alias: (sh, args) => sh.alias(args),
  cd: (sh, args, _cmd, ws) => sh.cd(args, ws),
  // kubectl's completion script registers itself with `complete`; this terminal completes by itself.
  complete: () => ok(),
  export: (sh, args) => sh.export(args),
  false: () => ({ output: [], exitCode: 1 }),
  pwd: (_sh, _args, _cmd, ws) => out(`${ws.cwd}\n`),
  source: refuseSource,
  '.': refuseSource,
  true: () => ok(),
  unalias: (sh, args) => sh.unalias(args),
  unset: (sh, args) => sh.unset(args),
};

/**
 * The builtins the executor runs itself (prompt-run.ts, prompt-words.ts): they act on a loop, its
 * stdin or the line, which a builtin here cannot see.
 */
const LINE_BUILTINS = ['[', 'bg', 'break', 'continue', 'fg', 'jobs', 'kill', 'read', 'test', 'type', 'wait', 'xargs'];

/** The builtins completion offers (`.` is source's other name, `:` not a word anyone completes to). */
export const PROMPT_BUILTINS: readonly string[] = [...Object.keys(BUILTINS).filter((b) => b !== '.' && b !== ':'), ...LINE_BUILTINS].sort();
