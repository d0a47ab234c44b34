/**
 * What a name means to the shell, as `command -v`, `command -V` and `type` say it: an alias, a
 * keyword, a function, a builtin (before any file of that name: `command -v echo` is `echo`), or
 * the file $PATH finds. Recorded on this machine with bash 5.2, dash 0.5.12 and BusyBox 1.35's ash
 * (`sh -c 'command -v echo; type echo; type -a echo; …'`); the builtin tables are `compgen -b`'s,
 * dash's builtins.def and ash's `help` listing, the special ones as `type` names them:
 * - `command -v`: an alias as `alias ll='ls -l'`, a keyword, function or builtin by its name, a
 *   file by its path. bash describes every operand (status 0 when any was found), dash and ash
 *   only the first. Nothing found: status 1 (bash) or 127 (dash, ash), nothing printed.
 * - `type` / `command -V`: `echo is a shell builtin` (dash and ash: `export is a special shell
 *   builtin`), `if is a shell keyword`, `ls is /usr/bin/ls`, `ll is an alias for ls -l` (bash:
 *   ``ll is aliased to `ls -l'``). Not found: bash `bash: line 1: type: x: not found` on stderr,
 *   status 1; dash and ash `x: not found` on stdout, status 127.
 * - bash's `type -a` (every meaning, each $PATH file), `-t` (the kind's word), `-p` (the file, if
 *   a file is what runs) and `-P` (the $PATH file even for a builtin); dash takes `-a` for a name
 *   (`-a: not found`); ash's `type -x` answers as `command -v`.
 * Approximate: bash's `type` of a function prints the first line without the body it lists;
 * dash's "tracked alias" (a name its hash table already holds) is not modelled.
 */
import type { Machine, RunContext } from './machine';
import type { Io } from './tools';
import { resolveCommand } from './resolve';
import { programAt, programHome } from './program-dirs';
import { execPath, searchPath } from './exec-file';
import { runUser } from './proc-container';
import { installedPath } from './packages';
import { normalizePath } from './fs';

type Shell = 'bash' | 'dash' | 'ash';

const BUILTINS: Record<Shell, ReadonlySet<string>> = {
  bash: new Set('. : [ alias bg bind break builtin caller cd command compgen complete compopt continue declare dirs disown echo enable eval exec exit export false fc fg getopts hash help history jobs kill let local logout mapfile popd printf pushd pwd read readarray readonly return set shift shopt source suspend test times trap true type typeset ulimit umask unalias unset wait'.split(' ')),
  dash: new Set('. : [ alias bg break cd chdir command continue echo eval exec exit export false fg getopts hash jobs kill local printf pwd read readonly return set shift test times trap true type ulimit umask unalias unset wait'.split(' ')),
  ash: new Set('. : [ [[ alias bg break cd chdir command continue echo eval exec exit export false fg getopts hash help history jobs kill let local printf pwd read readonly return set shift source test times trap true type ulimit umask unalias unset wait'.split(' ')),
};

/** What dash and ash call a special builtin (bash says so only in POSIX mode). */
const SPECIAL: Record<'dash' | 'ash', ReadonlySet<string>> = {
  dash: new Set('. : break continue eval exec exit export local readonly return set shift times trap unset'.split(' ')),
  ash: new Set('. : break continue eval exec exit export local readonly return set shift source times trap unset'.split(' ')),
};

const KEYWORDS: Record<Shell, ReadonlySet<string>> = {
  bash: new Set('if then else elif fi case esac for select while until do done in function time { } ! [[ ]] coproc'.split(' ')),
  dash: new Set('! case do done elif else esac fi for if in then until while { }'.split(' ')),
  ash: new Set('! case do done elif else esac fi for if in then until while { } function'.split(' ')),
};

/** Whether `name` is a builtin of the shell (a tool of that name run by the shell is its builtin). */
export function isShellBuiltin(dialect: Machine['dialect'], name: string): boolean {
  return dialect !== null && BUILTINS[dialect].has(name);
}

type Meaning =
  | { k: 'alias'; value: string }
  | { k: 'keyword' }
  | { k: 'function' }
  | { k: 'builtin'; special: boolean }
  | { k: 'file'; path: string };

/**
 * An executable file `command -v` / `type` name when no program is called so: a script in a $PATH
 * directory by its full path, or the path given (recorded: BusyBox 1.35 ash, dash 0.5.12, bash 5.2
 * agree on executable files; they differ on files without x, which are not found here).
 */
function scriptPath(m: Machine, ctx: RunContext, target: string): string | undefined {
  const user = runUser(m, ctx);
  if (!target.includes('/')) {
    const found = searchPath(ctx, m.fs, m.vars.PATH ?? '', user, target);
    return found?.executable ? found.path : undefined;
  }
  const r = execPath(ctx, m.fs, m.cwd, user, [target]);
  return r.k === 'missing' || r.k === 'dir' || r.k === 'denied' ? undefined : target;
}

/** The file $PATH finds for `name` (the first one). */
function fileOf(m: Machine, ctx: RunContext, name: string): string | undefined {
  const r = resolveCommand(ctx, name, m.cwd, m.fs);
  // A userland's program is the first file of its name on PATH where the image holds its programs as files (userland-files.ts).
  if (r.k === 'binary') return r.path;
  if (r.k === 'missing') return scriptPath(m, ctx, name);
  return installedPath(m.fs, name) ?? scriptPath(m, ctx, name) ?? programHome(ctx.image.userland, name);
}

/** Every meaning in the order the shell looks (the first is what runs); files: each $PATH match with `all`. */
function meanings(m: Machine, ctx: RunContext, shell: Shell, name: string, all: boolean): Meaning[] {
  const out: Meaning[] = [];
  const alias = m.aliases?.[name];
  if (alias !== undefined && !name.includes('/')) out.push({ k: 'alias', value: alias });
  if (KEYWORDS[shell].has(name)) out.push({ k: 'keyword' });
  const special = shell !== 'bash' && SPECIAL[shell].has(name);
  // POSIX: a special builtin is found before a function of its name (commands.ts SPECIAL_BUILTINS).
  if (!special && m.functions && Object.hasOwn(m.functions, name)) out.push({ k: 'function' });
  if (BUILTINS[shell].has(name)) out.push({ k: 'builtin', special });
  if (!all) {
    if (out.length > 0) return out;
    const path = fileOf(m, ctx, name);
    return path === undefined ? out : [...out, { k: 'file', path }];
  }
  if (name.includes('/')) {
    const path = scriptPath(m, ctx, name);
    return path === undefined ? out : [...out, { k: 'file', path }];
  }
  const user = runUser(m, ctx);
  for (const dir of (m.vars.PATH ?? '').split(':')) {
    const full = normalizePath(`${dir || '.'}/${name}`, m.cwd);
    if (programAt(ctx, m.fs, user, full)) out.push({ k: 'file', path: `${dir || '.'}/${name}` });
  }
  return out;
}

function verbose(shell: Shell, name: string, x: Meaning): string {
  switch (x.k) {
    case 'alias': return shell === 'bash' ? `${name} is aliased to \`${x.value}'\n` : `${name} is an alias for ${x.value}\n`;
    case 'keyword': return `${name} is a shell keyword\n`;
    case 'function': return `${name} is ${shell === 'dash' ? 'a shell function' : 'a function'}\n`;
    case 'builtin': return `${name} is a ${x.special ? 'special ' : ''}shell builtin\n`;
    case 'file': return `${name} is ${x.path}\n`;
  }
}

function brief(name: string, x: Meaning): string {
  switch (x.k) {
    case 'alias': return `alias ${name}='${x.value.replace(/'/g, "'\\''")}'\n`;
    case 'keyword':
    case 'function':
    case 'builtin': return `${name}\n`;
    case 'file': return `${x.path}\n`;
  }
}

const TYPE_WORD: Record<Meaning['k'], string> = { alias: 'alias', keyword: 'keyword', function: 'function', builtin: 'builtin', file: 'file' };

/**
 * `command -v|-V NAME…` (`how` 'v' or 'V') or `type [-atpP] NAME…`: writes the answer and returns
 * the status. `prefix`: bash's message start (`bash: line 1: `).
 */
export function describeCommand(m: Machine, ctx: RunContext, builtin: 'command' | 'type', args: string[], io: Io, prefix: string): number {
  const shell: Shell = m.dialect ?? 'ash';
  const missing = shell === 'bash' ? 1 : 127;
  let names = args;
  let how: 'v' | 'V' | 't' | 'p' | 'P' = builtin === 'type' ? 'V' : 'v';
  let all = false;
  if (builtin === 'command') {
    const opts = args.filter((a) => /^-[pvV]+$/.test(a));
    names = args.filter((a) => !/^-[pvV]+$/.test(a));
    how = opts.join('').includes('V') ? 'V' : 'v';
    // dash and ash describe the first name only.
    if (shell !== 'bash') names = names.slice(0, 1);
  } else if (shell === 'bash') {
    let i = 0;
    for (; i < args.length && /^-[aftpP]+$/.test(args[i]!); i++) {
      for (const c of args[i]!.slice(1)) {
        if (c === 'a') all = true;
        else if (c === 't' || c === 'p' || c === 'P') how = c;
      }
    }
    if (args[i] === '--') i++;
    names = args.slice(i);
  } else if (shell === 'ash' && args[0]?.startsWith('-')) {
    // ash's typecmd: any option makes it answer as `command -v`.
    how = 'v';
    names = args.slice(1);
  }
  let status = 0;
  let anyFound = false;
  for (const name of names) {
    let found = meanings(m, ctx, shell, name, all);
    if (how === 'P') found = all ? found.filter((x) => x.k === 'file') : (() => {
      const path = fileOf(m, ctx, name);
      return path === undefined ? [] : [{ k: 'file', path } as Meaning];
    })();
    if (!all) found = found.slice(0, 1);
    if (found.length === 0) {
      status = missing;
      if (how === 'V' || (how !== 'v' && shell !== 'bash')) {
        if (shell === 'bash') io.err(`${prefix}${builtin}: ${name}: not found\n`);
        else io.out(`${name}: not found\n`);
      }
      continue;
    }
    anyFound = true;
    for (const x of found) {
      switch (how) {
        case 'v': io.out(brief(name, x)); break;
        case 'V': io.out(verbose(shell, name, x)); break;
        case 't': io.out(`${TYPE_WORD[x.k]}\n`); break;
        case 'p':
        case 'P': if (x.k === 'file') io.out(`${x.path}\n`); break;
      }
    }
  }
  // bash's `command -v|-V` succeeds when any name was found; its `type`, dash and ash fail when any was not.
  return builtin === 'command' && shell === 'bash' && names.length > 0 ? (anyFound ? 0 : 1) : status;
}
