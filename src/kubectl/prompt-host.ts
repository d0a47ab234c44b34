/**
 * The Session as the prompt's executor (prompt-run.ts) and word expansion see it: how `$…`
 * expands at the prompt (variables, `$?`, `$(…)` through the Session, `$((…))`, `${X:=w}`,
 * globs over the workstation, `~`), and the hooks a compound command needs.
 */
import { WORKSTATION_HOME, type Workstation } from '../engine/index';
import { evalArith } from '../k8s/arith';
import { heredocAsDoubleQuoted } from '../k8s/heredoc';
import { quotePattern } from '../k8s/fnmatch';
import { braceExpand } from '../k8s/brace-expand';
import { shoptOn } from '../k8s/shopt';
import { expandDollars, expandWords, rawWords, type ExpandEnv } from '../k8s/shell-words';
import { xtraceLines, xtracePrefix } from '../k8s/shell-options';
import { splitRedirects } from '../k8s/redirect';
import type { PromptShell } from './prompt-shell';
import type { PromptHost } from './prompt-run';
import { globPaths } from './prompt-glob';
import { withAliasesIn } from './prompt-functions';
import { arithVars, testHost } from './prompt-test';
import type { RunOptions } from './session';
import type { CommandResult, OutputChunk } from './types';

/** What the prompt needs of a Session (its internals, not its public API). */
export interface SessionPort {
  readonly shell: PromptShell;
  readonly workstation: Workstation;
  /** `$!` is its last background job's PID. */
  readonly laptop: { readonly jobs: { readonly lastPid: number | undefined } };
  readonly sim: { readonly now: number };
  readonly interactive: boolean;
  /** Whether the command running now sits inside a `$(…)`. */
  readonly substituting: boolean;
  readonly substitutionDepth: number;
  /** The `>(…)` opened by the command running now: the path and the command that reads it. */
  readonly outputSubstitutions: { path: string; command: string }[];
  execute(line: string, stdin: string | undefined, opts: RunOptions): CommandResult;
  /** `$(inner)`: the line run as `execute` runs it, known to the session as a substitution. */
  substitute(inner: string, opts: RunOptions): CommandResult;
  stage(text: string, stdin: string | undefined, opts: RunOptions, tty: boolean): CommandResult;
  openRedirects(redirs: string, stdin: string | undefined, opts: RunOptions, tty: boolean, body: (stdin: string | undefined, tty: boolean) => CommandResult): CommandResult;
  isWorkstationCommand(text: string): boolean;
  background(text: string, body: () => CommandResult): CommandResult;
}

/**
 * `set -x`'s line for what is about to run: a simple command's assignments and words (quoted as
 * bash quotes them), or a compound's head as written (`for i in 1 $x`, `((  i++  ))`,
 * `case $x in`). It goes straight to the terminal: the command's own redirections do not take it.
 */
export function traced(s: SessionPort, opts: RunOptions, what: string | { assigns: readonly (readonly [string, string])[]; argv: readonly string[] }): OutputChunk[] {
  if (!s.shell.opts.xtrace || opts.sh) return [];
  const ps4 = s.shell.vars.get('PS4') ?? '+ ';
  const text = typeof what === 'string' ? `${xtracePrefix(ps4, s.substitutionDepth)}${what}\n` : xtraceLines('bash', ps4, s.substitutionDepth, what.assigns, what.argv);
  return [{ stream: 'stderr', text, terminal: true }];
}

/** How `$…` expands at the prompt; `stderr` collects what command substitutions wrote there, `statuses` how they ended. */
export function expansion(s: SessionPort, opts: RunOptions, stderr: OutputChunk[], statuses: number[] = []): ExpandEnv {
  const env: ExpandEnv = {
    lookup: (name) => (name === '!' ? (s.laptop.jobs.lastPid === undefined ? undefined : String(s.laptop.jobs.lastPid)) : s.shell.lookup(name, s.workstation.cwd)),
    positional: () => s.shell.positional(),
    status: s.shell.status,
    substitute: (inner) => {
      const file = soleInputFile(inner, env);
      if (file !== undefined) {
        // bash's `$(< file)` (src/engine/images/shell-file-subst.ts has the recorded rules): the
        // shell reads the file itself; a missing one is its error and status 1.
        const text = s.workstation.readFile(file);
        statuses.push(text === undefined && s.workstation.listDir(file) === undefined ? 1 : 0);
        if (statuses[statuses.length - 1]) stderr.push({ stream: 'stderr', text: `bash: ${file}: No such file or directory\n` });
        return text ?? '';
      }
      // A `$(…)` in a function's command expands its own aliases when it runs.
      const { aliased: _aliased, ...own } = opts;
      const r = s.substitute(inner, own);
      statuses.push(r.exitCode);
      // A background job's lines (chunk.terminal) go to the terminal, not into the value.
      stderr.push(...r.output.filter((c) => c.stream === 'stderr' || c.terminal));
      return r.output.filter((c) => c.stream === 'stdout' && !c.terminal).map((c) => c.text).join('');
    },
    assign: (name, value) => s.shell.assign(name, value),
    array: (name) => s.shell.arrays.get(name),
    assoc: (name) => s.shell.assocs.get(name),
    // `<(…)`: the command runs first, as a substitution does; its output stays readable at the
    // path until the command that named it ends (Session.command closes it).
    procsub: (inner) => s.workstation.openPipe(env.substitute(inner)),
    // `>(…)`: an empty file the command writes; Session.stage runs the inner command on it as the command ends.
    procsubOut: (inner) => {
      const path = s.workstation.openPipe('');
      s.outputSubstitutions.push({ path, command: inner });
      return path;
    },
    arith: (expr) => evalArith(expr, arithVars(s.shell), { subscripts: true }),
    glob: (pattern) => globPaths(pattern, s.workstation, { dotglob: shoptOn(s.shell.opts.shopt, 'dotglob'), nocase: shoptOn(s.shell.opts.shopt, 'nocaseglob') }),
    nullglob: shoptOn(s.shell.opts.shopt, 'nullglob'),
    home: s.shell.vars.get('HOME') ?? WORKSTATION_HOME,
    // watch's `sh -c` is dash without the prompt's options.
    nounset: s.shell.opts.nounset && !opts.sh,
  };
  return env;
}

/** The file of a `$(< file)` or `$(0< file)` whose command is that one redirection and nothing else. */
function soleInputFile(inner: string, env: ExpandEnv): string | undefined {
  if (!inner.includes('<')) return undefined;
  const parsed = splitRedirects(inner, (word) => expandWords(word, env));
  if (!parsed.ok || parsed.text.trim() !== '' || parsed.redirects.length !== 1) return undefined;
  const r = parsed.redirects[0]!;
  return r.kind === 'in' && /^\s*0?</.test(inner) ? r.path : undefined;
}

/** Words as written, each brace-expanded (`a{b,c}` is `ab ac`), joined again by blanks. */
function braceWords(text: string): string {
  if (!text.includes('{')) return text;
  const words = rawWords(text);
  return words.ok ? words.words.flatMap(braceExpand).join(' ') : text;
}

export function promptHost(s: SessionPort, opts: RunOptions): PromptHost {
  const env = (): ExpandEnv => expansion(s, opts, []);
  return {
    now: () => s.sim.now,
    simple: (text, stdin, tty, call, aliased) => s.stage(text, stdin, { ...opts, call, ...(aliased ? { aliased } : {}) }, tty),
    define: (name, body) => s.shell.functions.set(name, withAliasesIn(s.shell, body)),
    enter: (name, args) => s.shell.enter(name, args),
    leave: () => s.shell.leave(),
    inFunction: () => s.shell.frames.length > 0,
    positional: () => [...s.shell.positional()],
    document: (body) => {
      const r = expandWords(heredocAsDoubleQuoted(body), env(), false);
      return r.ok ? r.argv.join('') : body;
    },
    terminalShell: () => s.interactive && !s.substituting,
    status: () => s.shell.status,
    isProgram: (text) => s.isWorkstationCommand(text),
    redirected: (redirs, stdin, tty, body) => s.openRedirects(redirs, stdin, opts, tty, body),
    // `for i in {1..3}`: brace expansion first, word by word, as bash does.
    expand: (text, split) => expandWords(split && s.shell.opts.braceexpand ? braceWords(text) : text, env(), split),
    pattern: (text) => {
      let pattern: string | undefined;
      const r = expandWords(text, { ...env(), glob: (p) => ((pattern = p), []) });
      return r.ok ? { ok: true, argv: [pattern ?? quotePattern(r.argv.join(' '))] } : r;
    },
    arith: (expr) => {
      const e = expandDollars(expr, env());
      return e.ok ? evalArith(e.text, arithVars(s.shell), { subscripts: true }) : { ok: false, message: e.message };
    },
    assign: (name, value) => s.shell.assign(name, value),
    assignList: (name, values) => s.shell.assignList(name, values, false),
    mapfile: (cmd, args, input) => s.shell.mapfile(cmd, args, input),
    save: () => {
      const shell = s.shell.copy();
      const dir = s.workstation.cwd;
      return () => {
        s.shell.restore(shell, true);
        s.workstation.chdir(dir);
      };
    },
    setStatus: (status) => (s.shell.status = status),
    test: testHost(s),
    background: (text, body) => s.background(text, body),
    trace: (what) => traced(s, opts, typeof what === 'string' ? what : { assigns: [], argv: what }),
    options: () => ({ errexit: s.shell.opts.errexit && !s.substituting && !opts.sh, pipefail: s.shell.opts.pipefail && !opts.sh, xtrace: s.shell.opts.xtrace && !opts.sh }),
  };
}
