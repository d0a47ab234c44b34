/**
 * Builtins the shell itself implements (exit, break, export, local, cd, read, eval, exec, trap,
 * history, bash's shopt, bash's and BusyBox ash's let, ash's `[[`, …), the
 * nested-shell command (`sh -c`, `bash -c`, `sh file`) and the shell dialects' error texts
 * (BusyBox ash, Debian dash, bash). About 670 lines: one builtin switch over the machine's state
 * (its frames: `local` and `read` look at them), with the parse cache and syntax messages the
 * nested shell and `eval` share; trap's and history's own words are shell-trap.ts's and
 * shell-history.ts's.
 */
import { setListing } from './shell-set-listing';
import { dispatch, exportedEnv, toolEnv, type Streams } from './commands';
import { printf } from './tools-printf';
import { normalizePath, stat } from './fs';
import { abandonLine, enterScript, exitShell, loopControl, returnFromFunction, scopeOf, type Dialect, type Frame, type Machine, type ReadRequest, type RunContext, type Sink } from './machine';
import { emit } from './output';
import { bashVersion, debianUserland } from './gnu-version';
import { nextProcPid } from './shell-chain';
import type { PathRun } from './exec-file';
import { pidBase, runUser } from './proc-container';
import { shellStartVars, unsetSpecial } from './shell-vars';
import { runTrapBuiltin } from './shell-trap';
import { historyListing } from './shell-history';
import { describeCommand } from './shell-type';
import type { Redir, ShellNode, Word } from './shell-ast';
import { parseScript, type SyntaxProblem } from './shell-parse';
import { optionListing, parseInvocation, parseSet, type ShellOpts } from '../../k8s/shell-options';
import type { Io } from './tools';
import { own, setOwn } from '../../k8s/own';
import { aliasLine, aliasListing } from './shell-alias';
import { runShopt, SHOPT_DEFAULTS, shoptOn } from '../../k8s/shopt';
import { shellArithmetic } from './shell-arith';
import { forgetDeclared, localArray, runDeclare, runMapfile, unsetArrayElement } from './shell-arrays';
import { readArrayFields } from '../../k8s/bash-arrays';

export function shName(m: Machine): string {
  return m.dialect === 'ash' ? 'sh' : (m.positional[0] ?? 'sh');
}

export function notFound(m: Machine, name: string): string {
  switch (m.dialect) {
    case 'ash': return `sh: ${name}: not found\n`;
    case 'dash': return `${shellPrefix(m)}${name}: not found\n`;
    case 'bash': return `${shellPrefix(m)}${name}: command not found\n`;
    case null: return `/docker-entrypoint.sh: exec: line 47: ${name}: not found\n`;
  }
}

/**
 * A file run by its path that does not run (exec-file.ts), as the shell or runtime reports it.
 * Recorded from BusyBox 1.35 ash, dash 0.5.12 and bash 5.2 (`sh -c './x'`): no file is `not
 * found` (bash: `No such file or directory`), 127; no x bit `Permission denied`, 126; a
 * directory `Permission denied` (bash: `Is a directory`), 126; a missing `#!` interpreter `not
 * found` (bash: `cannot execute: required file not found`), 127. `#!/usr/bin/env NAME` without
 * NAME: env's own message (GNU coreutils 9.1 in the C locale, BusyBox 1.35), 127. Without a shell
 * (the container's command, `kubectl exec`), execve's failures after runc's LookPath are runc
 * init's: the error on stderr and status 255 (libcontainer/init_linux.go Init; standard_init_linux.go
 * returns linux.Exec's os.PathError).
 */
export function pathFailure(m: Machine, gnu: boolean, name: string, r: Exclude<PathRun, { k: 'run' }>): { message: string; status: number } {
  if (r.k === 'env-missing') return { message: gnu ? `/usr/bin/env: '${r.name}': No such file or directory\n` : `env: can't execute '${r.name}': No such file or directory\n`, status: 127 };
  if (m.dialect === null) {
    switch (r.k) {
      case 'noexec': return { message: `exec ${name}: exec format error\n`, status: 255 };
      case 'no-interpreter': return { message: `exec ${name}: no such file or directory\n`, status: 255 };
      case 'missing': return { message: notFound(m, name), status: 127 };
      // An image's entrypoint script exec'ing its arguments (notFound's null case).
      case 'dir':
      case 'denied': return { message: `/docker-entrypoint.sh: exec: line 47: ${name}: Permission denied\n`, status: 126 };
    }
  }
  const bash = m.dialect === 'bash';
  switch (r.k) {
    case 'missing': return { message: bash ? `${shellPrefix(m)}${name}: No such file or directory\n` : notFound(m, name), status: 127 };
    case 'no-interpreter': return { message: bash ? `${shellPrefix(m)}${name}: cannot execute: required file not found\n` : notFound(m, name), status: 127 };
    case 'dir': return { message: `${shellPrefix(m)}${name}: ${bash ? 'Is a directory' : 'Permission denied'}\n`, status: 126 };
    case 'denied': return { message: `${shellPrefix(m)}${name}: Permission denied\n`, status: 126 };
    // The shell runs such a file itself (commands.ts); reached only without a shell.
    case 'noexec': return { message: `exec ${name}: exec format error\n`, status: 255 };
  }
}

/**
 * What the shell puts before an error of its own: `sh: `, dash's `sh: 1: `, bash's `bash: line 1: `.
 * An interactive shell (tty-shell.ts): dash numbers the lines it has read, bash names none
 * (recorded under script(1): `dash: 2: nosuch: not found`, `bash: nosuch: command not found`).
 */
export function shellPrefix(m: Machine): string {
  const tty = m.opts.interactive === true;
  switch (m.dialect) {
    case 'dash': return `${shName(m)}: ${tty ? (m.lineNo ?? 1) : 1}: `;
    case 'bash': return tty ? `${shName(m)}: ` : `${shName(m)}: line 1: `;
    case 'ash':
    case null: return 'sh: ';
  }
}

/**
 * A script's syntax error as the shell reports it. bash repeats a one-line script after the
 * message (recorded, bash 5.2.15: `bash: -c: line 1: syntax error near unexpected token `)'` then
 * `bash: -c: line 1: `echo )'`) and counts the end of the script as the line after it; its `[[ … ]]` errors (shell-cond.ts) come without that line.
 */
export function syntaxMessage(dialect: Dialect, prog: string, p: SyntaxProblem, src: string): string {
  if (p.kind === 'cond') return p.message === '' ? '' : `${prog}: -c: line 1: ${p.message}\n`;
  if (dialect === 'bash') {
    if (p.kind === 'unterminated') return `${prog}: -c: line 1: unexpected EOF while looking for matching \`${p.quote ?? '"'}'\n`;
    // Recorded: `bash -c 'if true; then echo'` → `line 2: syntax error: unexpected end of file`.
    if (p.token === 'end of file') return `${prog}: -c: line ${src.replace(/\n$/, '').split('\n').length + 1}: syntax error: unexpected end of file\n`;
    const line = src.includes('\n') ? '' : `${prog}: -c: line 1: \`${src}'\n`;
    return `${prog}: -c: line 1: syntax error near unexpected token \`${p.token}'\n${line}`;
  }
  if (dialect === 'dash') {
    // Recorded, dash 0.5.12: `dash: 1: Syntax error: EOF in backquote substitution`.
    if (p.kind === 'unterminated') return `${prog}: 1: Syntax error: ${p.quote === '`' ? 'EOF in backquote substitution' : 'Unterminated quoted string'}\n`;
    const tok = p.token === 'end of file' || p.bare ? p.token : `"${p.token}"`;
    return `${prog}: 1: Syntax error: ${tok} unexpected${p.expecting ? ` (expecting "${p.expecting}")` : ''}\n`;
  }
  // Recorded, BusyBox 1.35: `sh: syntax error: EOF in backquote substitution`.
  if (p.kind === 'unterminated') return `sh: syntax error: ${p.quote === '`' ? 'EOF in backquote substitution' : 'unterminated quoted string'}\n`;
  const tok = p.token === 'end of file' || p.token === 'newline' || p.bare ? p.token : `"${p.token}"`;
  return `sh: syntax error: unexpected ${tok}${p.expecting ? ` (expecting "${p.expecting}")` : ''}\n`;
}

/** The status a syntax error leaves: 2, but bash 5.2 keeps `$?` for a `[[ … ]]` mistake inside the brackets. */
function syntaxStatus(p: SyntaxProblem, status: number): number {
  return p.kind === 'cond' && !p.eof ? status : 2;
}

export function runBuiltin(m: Machine, ctx: RunContext, name: string, args: string[], io: Io, s: Streams): boolean {
  const n = (x: string | undefined, d: number): number => (x === undefined ? d : Number.parseInt(x, 10) || 0);
  switch (name) {
    case 'exit':
      // An interactive bash says `exit` as it ends (recorded under script(1)), before its EXIT trap
      // runs; a login shell (`$0` `-bash`) says `logout` (bash's exit.def: `login_shell ? "logout\n" : "exit\n"`).
      if (m.dialect === 'bash' && m.opts.interactive && endsTtyShell(m)) io.err(m.positional[0]?.startsWith('-') ? 'logout\n' : 'exit\n');
      exitShell(m, n(args[0], m.status) & 255);
      return true;
    case 'break':
    case 'continue':
      loopControl(m, name, n(args[0], 1));
      return true;
    case 'true':
    case ':':
      m.status = 0;
      return true;
    case 'false':
      m.status = 1;
      return true;
    case 'local':
      runLocal(m, args, io);
      return true;
    case 'declare':
    case 'typeset':
      if (m.dialect !== 'bash') return false;
      runDeclare(m, args, io, shellPrefix(m));
      return true;
    case 'export':
    case 'readonly':
      for (const a of args) {
        const eq = a.indexOf('=');
        if (eq > 0) setOwn(m.vars, a.slice(0, eq), a.slice(eq + 1));
        const named = eq > 0 ? a.slice(0, eq) : a;
        if (name === 'export' && m.exported && !m.exported.includes(named)) m.exported = [...m.exported, named];
      }
      m.status = 0;
      return true;
    case 'unset': {
      // `-f` names functions; without it dash and ash unset variables only, bash a function when no variable has the name.
      const fns = args.includes('-f');
      const names = args.filter((a) => a !== '-f' && a !== '-v');
      for (const a of names) {
        if (!fns && m.dialect === 'bash' && unsetArrayElement(m, a, (expr) => Number(shellArithmetic(expr, 'bash', { get: (name) => own(m.vars, name) as string | undefined, set: (name, v) => setOwn(m.vars, name, v) }, (name) => own(m.vars, name) as string | undefined, () => {})))) continue;
        const fnToo = fns || (m.dialect === 'bash' && !args.includes('-v') && !Object.hasOwn(m.vars, a));
        if (!fns) {
          delete m.vars[a];
          unsetSpecial(m, a);
          if (m.arrays) delete m.arrays[a];
          if (m.assocs) delete m.assocs[a];
          forgetDeclared(m, a);
        }
        if (fnToo && m.functions && Object.hasOwn(m.functions, a)) {
          m.functions = { ...m.functions };
          delete m.functions[a];
        }
      }
      if (m.exported && !fns) m.exported = m.exported.filter((x) => !names.includes(x));
      m.status = 0;
      return true;
    }
    case 'return':
      // dash keeps the whole number (recorded: `f() { return 300; }; f; echo $?` prints 300 in dash, 44 in bash and BusyBox).
      returnFromFunction(m, m.dialect === 'dash' ? n(args[0], m.status) : n(args[0], m.status) & 255);
      return true;
    case 'alias':
      runAlias(m, args, io);
      return true;
    case 'unalias':
      runUnalias(m, args, io);
      return true;
    case 'set':
      runSet(m, args, io);
      return true;
    case 'shift':
      m.positional = [m.positional[0] ?? 'sh', ...m.positional.slice(1 + n(args[0], 1))];
      m.status = 0;
      return true;
    case 'cd': {
      // `cd -` goes back to $OLDPWD and says where it went; unset, dash and ash stay (recorded: `sh -c 'cd -'` prints `/`), bash refuses.
      const back = args[0] === '-';
      if (back && m.vars.OLDPWD === undefined && m.dialect === 'bash') {
        io.err(`${shellPrefix(m)}cd: OLDPWD not set\n`);
        m.status = 1;
        return true;
      }
      const operand = back ? (m.vars.OLDPWD ?? m.cwd) : args[0];
      const target = normalizePath(operand ?? m.vars.HOME ?? '/', m.cwd);
      if (stat(m.fs, ctx.base, target).kind !== 'dir') {
        // Recorded: dash `sh: 1: cd: can't cd to /nope`, BusyBox `sh: cd: can't cd to /nope: No such file or directory`, bash `bash: cd: /nope: No such file or directory`.
        io.err(m.dialect === 'bash' ? `${shellPrefix(m)}cd: ${operand}: No such file or directory\n` : m.dialect === 'dash' ? `${shellPrefix(m)}cd: can't cd to ${operand}\n` : `sh: cd: can't cd to ${operand}: No such file or directory\n`);
        m.status = m.dialect === 'dash' ? 2 : 1;
      } else {
        // The shells keep both in the environment (recorded: dash and BusyBox `sh -c 'cd /tmp; env'`).
        setOwn(m.vars, 'OLDPWD', m.cwd);
        setOwn(m.vars, 'PWD', target);
        if (m.exported) m.exported = [...new Set([...m.exported, 'OLDPWD', 'PWD'])];
        m.cwd = target;
        if (back) io.out(`${target}\n`);
        m.status = 0;
      }
      return true;
    }
    case 'read': {
      const req = readRequest(args, m.dialect === 'bash');
      if (m.stdin === '' && s.stdin === '') {
        // At an interactive shell's prompt the next typed line is the input (tty-shell.ts resumes the line).
        if (awaitsTypedLine(m)) {
          m.awaiting = req;
          m.state = 'blocked';
          return true;
        }
        m.status = 1;
        return true;
      }
      const src = s.stdin !== m.stdin ? s.stdin : m.stdin;
      const nl = src.indexOf('\n');
      const lineText = nl >= 0 ? src.slice(0, nl) : src;
      if (src === m.stdin) m.stdin = nl >= 0 ? src.slice(nl + 1) : '';
      assignRead(m, req.names, lineText, req.array);
      return true;
    }
    case 'mapfile':
    case 'readarray': {
      if (m.dialect !== 'bash') return false;
      // What it reads of the shell's own stdin is gone for the next reader, as read's line is.
      const src = s.stdin !== m.stdin ? s.stdin : m.stdin;
      const r = runMapfile(m, name, args, src, io, shellPrefix(m));
      if (src === m.stdin) m.stdin = src.slice(r);
      return true;
    }
    case 'eval':
    case '.':
    case 'source': {
      const src = name === 'eval' ? args.join(' ') : (() => {
        const f = stat(m.fs, ctx.base, normalizePath(args[0] ?? '', m.cwd));
        return f.kind === 'file' ? f.content : undefined;
      })();
      if (src === undefined) {
        io.err(`sh: .: can't open '${args[0] ?? ''}'\n`);
        m.status = 2;
        return true;
      }
      const root = parseCached(m, src);
      if (typeof root !== 'number') {
        io.err(syntaxMessage(m.dialect ?? 'ash', shName(m), root, src));
        m.status = syntaxStatus(root, m.status);
        return true;
      }
      enterScript(m, root, null);
      return true;
    }
    case 'exec':
      if (args.length === 0) {
        m.out = s.out;
        m.err = s.err;
        m.status = 0;
        return true;
      }
      // PID 1 is the shell started by the container's argv (exactly one shell scope on the stack).
      if (m.stack.filter((f) => f.k === 'script' && f.scope !== null).length === 1) m.pid1Next = true;
      // The program takes the shell's place: no EXIT trap is left to run (recorded: `trap 'echo t' EXIT; exec echo hi` prints hi only).
      if (m.traps?.EXIT !== undefined) {
        const { EXIT: _gone, ...rest } = m.traps;
        m.traps = Object.keys(rest).length ? rest : undefined;
      }
      m.stack.push({ k: 'exit-after' });
      dispatch(m, ctx, args, exportedEnv(m), s);
      return true;
    case '[[':
      // BusyBox ash's bash-compatible `[[` (ASH_BASH_COMPAT, on in the images' builds): a regular
      // builtin running test.c with `]]` as its last word (test_main: "missing ]]"), its words
      // expanded and split as any command's. dash has none; bash's keyword is parsed (shell-cond.ts).
      if (m.dialect !== 'ash') return false;
      if (args[args.length - 1] !== ']]') {
        io.err('sh: missing ]]\n');
        m.status = 2;
        return true;
      }
      dispatch(m, ctx, ['test', ...args.slice(0, -1)], m.vars, s);
      return true;
    case 'trap': {
      if (args.some((a) => /^(SIG)?TERM$|^15$/.test(a))) m.trapsTerm = true;
      const r = runTrapBuiltin(m.dialect ?? 'ash', shellPrefix(m), m.opts.interactive === true, m.traps ?? {}, args);
      m.traps = Object.keys(r.traps).length ? r.traps : undefined;
      io.out(r.out);
      io.err(r.err);
      if (r.fatal) abandonLine(m, r.status);
      else m.status = r.status;
      return true;
    }
    case 'history': {
      // dash has none (`history: not found`); a shell that is not interactive keeps no list.
      if (m.dialect !== 'bash' && m.dialect !== 'ash') return false;
      const r = historyListing(m.dialect, m.history ?? [], args);
      if (m.history) m.history = r.history;
      io.out(r.out);
      io.err(r.err);
      m.status = r.status;
      return true;
    }
    case 'shopt': {
      if (m.dialect !== 'bash') return false;
      const r = runShopt(args, m.opts.shopt ?? SHOPT_DEFAULTS, shellPrefix(m));
      m.opts = { ...m.opts, shopt: r.on };
      io.out(r.out);
      io.err(r.err);
      m.status = r.status;
      return true;
    }
    case 'printf': {
      if (m.dialect !== 'bash' || !args[0]?.startsWith('-v')) return false;
      m.status = printfToVar(m, ctx, args, io);
      return true;
    }
    case 'let':
      if (m.dialect !== 'bash' && m.dialect !== 'ash') return false;
      runLet(m, args, io);
      return true;
    case 'wait':
    case 'ulimit':
    case 'umask':
    case 'hash':
      m.status = 0;
      return true;
    case 'command':
    case 'type': {
      const target = name === 'command' ? args.find((a) => !a.startsWith('-')) : args[0];
      if (target === undefined) {
        m.status = 0;
        return true;
      }
      if (name === 'command' && !args.some((a) => /^-p*[vV]/.test(a))) {
        // `command [-p] [--] NAME ARGS`: NAME skips the shell's functions (dispatch looks them up first: not modelled).
        let i = 0;
        while (args[i] === '-p') i++;
        if (args[i] === '--') i++;
        dispatch(m, ctx, args.slice(i), exportedEnv(m), s);
        return true;
      }
      m.status = describeCommand(m, ctx, name, args, io, shellPrefix(m));
      return true;
    }
    default:
      return false;
  }
}

const PRINTF_USAGE = 'printf: usage: printf [-v var] format [arguments]\n';

/**
 * bash's `printf -v NAME FORMAT …`: what printf would print becomes NAME's value (recorded, bash
 * 5.2: `-v` without a name is `option requires an argument` and the usage, a name that is not an
 * identifier `` `1x': not a valid identifier ``, both status 2; `printf -v x` alone the usage).
 */
function printfToVar(m: Machine, ctx: RunContext, args: string[], io: Io): number {
  const joined = args[0] !== '-v';
  const target = joined ? args[0]!.slice(2) : args[1];
  if (target === undefined) {
    io.err(`${shellPrefix(m)}printf: -v: option requires an argument\n${PRINTF_USAGE}`);
    return 2;
  }
  if (!/^[A-Za-z_]\w*$/.test(target)) {
    io.err(`${shellPrefix(m)}printf: \`${target}': not a valid identifier\n`);
    return 2;
  }
  let value = '';
  const capture: Io = { ...io, out: (t) => (value += t), err: (t) => io.err(t) };
  const rest = args.slice(joined ? 1 : 2);
  const r = printf(rest, toolEnv(m, ctx, exportedEnv(m), capture, ['printf', ...rest]));
  if (rest.length > 0 && !(rest[0] === '--' && rest.length === 1)) setOwn(m.vars, target, value);
  return r.status;
}

/** `read [-r] [-s] [-p PROMPT] [NAME…]`: the names it assigns and the prompt it prints on a terminal (-r and -s change nothing here). */
function readRequest(args: string[], bash: boolean): ReadRequest {
  const names: string[] = [];
  let prompt = '';
  let array: ReadRequest['array'];
  const raw = args.some((a) => /^-[a-z]*r/.test(a));
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    // bash's `read -a NAME` (also `-ra NAME`).
    if (bash && names.length === 0 && /^-[rs]*a$/.test(a)) array = { name: args[++i] ?? 'REPLY', raw };
    else if (names.length === 0 && a === '-p') prompt = args[++i] ?? '';
    else if (names.length === 0 && /^-[rs]*p./.test(a)) prompt = a.slice(a.indexOf('p') + 1);
    else if (names.length === 0 && (/^-[rs]+$/.test(a) || a === '--')) continue;
    else names.push(a);
  }
  return { names, prompt, ...(array ? { array } : {}) };
}

/** A line read: split on blanks into NAMEs, the last taking the rest; none named is bash's and BusyBox's REPLY (the line whole). */
export function assignRead(m: Machine, names: string[], lineText: string, array?: ReadRequest['array']): void {
  if (array) {
    delete m.vars[array.name];
    m.arrays = { ...m.arrays, [array.name]: readArrayFields(lineText, array.raw) };
  } else if (names.length === 0) {
    if (m.dialect !== 'dash') setOwn(m.vars, 'REPLY', lineText);
  } else {
    const parts = lineText.trim().split(/[ \t]+/);
    names.forEach((v, i) => {
      setOwn(m.vars, v, i === names.length - 1 ? parts.slice(i).join(' ') : (parts[i] ?? ''));
    });
  }
  m.status = 0;
}

/**
 * `read` in an interactive shell's line (tty-shell.ts) with nothing to read waits for the next
 * typed line — when the line can be resumed from its frames alone: every stream they hold is the
 * terminal (no redirection, no pipe, no here-document), so only the request's own sinks, which
 * the next request replaces (machine.ts runNested).
 */
export function awaitsTypedLine(m: Machine): boolean {
  const tty = m.lineStreams;
  const bottom = m.stack[0];
  // The line's own frame: an interactive shell's, or an exec's command on a terminal kept open (machine.ts NestedKind.keepsTerminal).
  if (!tty || bottom?.k !== 'script' || (bottom.proc === undefined && !bottom.terminal)) return false;
  const terminal = (x: { out?: Sink; err?: Sink; stdin?: string }): boolean => (x.out === undefined || x.out === tty.out) && (x.err === undefined || x.err === tty.err) && (x.stdin === undefined || x.stdin === '');
  return terminal(m) && m.stack.every((f) => (f.k === 'group' || f.k === 'script' || f.k === 'fn' ? terminal(f) : true));
}

/** `exit` here ends the interactive shell itself (tty-shell.ts's line), not a subshell or child shell inside it. */
function endsTtyShell(m: Machine): boolean {
  const bottom = m.stack[0];
  return bottom?.k === 'script' && bottom.proc !== undefined && !m.stack.some((f) => (f.k === 'script' || f.k === 'group') && f.scope);
}

/**
 * `local NAME[=VALUE]…` in a function: the call's own variable until it returns (the caller's
 * value comes back then; a function it calls sees it, as scoping is dynamic). A NAME without a
 * value is unset in the call in bash and BusyBox, and keeps its value in dash (recorded:
 * `x=g; f() { local x; echo ${x-unset}; }` prints unset / g). Outside a function (recorded):
 * bash `local: can only be used in a function`, status 1; dash `local: not in a function` and
 * BusyBox `sh: local: line 0: not in a function` (`sh: local: not in a function` interactively),
 * status 2, a special builtin's error that ends a script.
 */
function runLocal(m: Machine, args: string[], io: Io): void {
  let fn: Extract<Frame, { k: 'fn' }> | undefined;
  for (let i = m.stack.length - 1; i >= 0 && !fn; i--) {
    const f = m.stack[i]!;
    if (f.k === 'fn') fn = f;
    else if ((f.k === 'script' || f.k === 'group') && f.scope) break;
  }
  if (!fn) {
    if (m.dialect === 'bash') {
      io.err(`${shellPrefix(m)}local: can only be used in a function\n`);
      m.status = 1;
      return;
    }
    io.err(m.dialect === 'dash' ? `${shellPrefix(m)}local: not in a function\n` : m.opts.interactive ? 'sh: local: not in a function\n' : 'sh: local: line 0: not in a function\n');
    abandonLine(m, 2);
    return;
  }
  const locals = (fn.locals ??= {});
  // bash's `local -A m` (and `-a`): the call's own array (shell-arrays.ts localArray).
  const flags = m.dialect === 'bash' ? args.filter((a) => /^-[aA]+$/.test(a)).join('') : '';
  m.status = 0;
  for (const a of args) {
    if (flags && /^-[aA]+$/.test(a)) continue;
    const eq = a.indexOf('=');
    const name = eq > 0 ? a.slice(0, eq) : a;
    if (!Object.hasOwn(locals, name)) setOwn(locals, name, (own(m.vars, name) as string | undefined) ?? null);
    if (flags || (eq > 0 && a.endsWith('=') && m.compound && Object.hasOwn(m.compound, name))) {
      localArray(m, fn, name, flags.includes('A'), a, io, shellPrefix(m));
      continue;
    }
    if (eq > 0) setOwn(m.vars, name, a.slice(eq + 1));
    else if (m.dialect !== 'dash') delete m.vars[name];
  }
}

/**
 * `alias [NAME[=VALUE]…]`: defines, prints one, or lists all (shell-alias.ts). A name with no
 * alias: dash and BusyBox `alias: x not found` (no shell prefix), bash `bash: alias: x: not found`; status 1.
 */
function runAlias(m: Machine, args: string[], io: Io): void {
  const bash = m.dialect === 'bash';
  m.status = 0;
  if (args.length === 0) {
    io.out(aliasListing(m.aliases ?? {}, bash));
    return;
  }
  for (const a of args) {
    const eq = a.indexOf('=');
    if (eq > 0) {
      m.aliases = { ...m.aliases };
      setOwn(m.aliases, a.slice(0, eq), a.slice(eq + 1));
    } else if (m.aliases && Object.hasOwn(m.aliases, a)) io.out(aliasLine(a, m.aliases[a]!, bash));
    else {
      io.err(bash ? `${shellPrefix(m)}alias: ${a}: not found\n` : `alias: ${a} not found\n`);
      m.status = 1;
    }
  }
}

/** `unalias -a | NAME…`, with alias's words for a name that has none. */
function runUnalias(m: Machine, args: string[], io: Io): void {
  const bash = m.dialect === 'bash';
  m.status = 0;
  if (args.includes('-a')) {
    m.aliases = undefined;
    return;
  }
  for (const a of args) {
    if (m.aliases && Object.hasOwn(m.aliases, a)) {
      m.aliases = { ...m.aliases };
      delete m.aliases[a];
    } else {
      io.err(bash ? `${shellPrefix(m)}unalias: ${a}: not found\n` : `unalias: ${a} not found\n`);
      m.status = 1;
    }
  }
}

/**
 * `let EXPR…` (bash, BusyBox ash): each argument evaluated as arithmetic; 0 when the last is not
 * zero. Recorded, bash 5.2.15: `bash: line 1: let: expression expected` (no argument) and
 * `bash: line 1: let: 1/0: division by 0 (error token is "0")`, both status 1; BusyBox 1.35:
 * `sh: let: line 0: expression expected` / `sh: let: line 0: divide by zero`, status 2.
 */
function runLet(m: Machine, args: string[], io: Io): void {
  const bash = m.dialect === 'bash';
  const lead = bash ? `${shellPrefix(m)}let: ` : 'sh: let: line 0: ';
  if (args.length === 0) {
    io.err(`${lead}expression expected\n`);
    m.status = bash ? 1 : 2;
    return;
  }
  let value = 0n;
  for (const a of args) {
    let failed: string | undefined;
    value = shellArithmetic(a, bash ? 'bash' : 'ash', { get: (name) => own(m.vars, name) as string | undefined, set: (name, v) => setOwn(m.vars, name, v) }, (name) => own(m.vars, name) as string | undefined, (message) => (failed ??= message));
    if (failed !== undefined) {
      io.err(`${lead}${failed}\n`);
      m.status = bash ? 1 : 2;
      return;
    }
  }
  m.status = value === 0n ? 1 : 0;
}

/** `set`: the variables with no operand, else options (shell-options.ts) and positional parameters. */
function runSet(m: Machine, args: string[], io: Io): void {
  if (args.length === 0) {
    io.out(setListing(m));
    m.status = 0;
    return;
  }
  const dialect = m.dialect ?? 'ash';
  const r = parseSet(dialect, shellPrefix(m), args, m.opts);
  switch (r.k) {
    case 'list':
      io.out(optionListing(dialect, m.opts, r.plus, m.opts.interactive === true));
      m.status = 0;
      return;
    case 'error':
      io.err(r.error.message);
      // A special builtin's error ends a non-interactive dash (and ash, for a bad letter).
      if (r.error.fatal) abandonLine(m, r.error.status);
      else m.status = r.error.status;
      return;
    case 'ok':
      m.opts = { ...r.opts, command: m.opts.command };
      if (r.positional) m.positional = [m.positional[0] ?? 'sh', ...r.positional];
      m.status = 0;
      return;
  }
}

/**
 * `src` parsed for `dialect` (bash reads `[[`, `((` and extglob words that the others do not) and
 * an interactive shell's aliases: what a line parses to depends on both.
 */
export function parseCached(m: Machine, src: string, dialect: Dialect | null = m.dialect, opts: ShellOpts = m.opts, aliases?: Readonly<Record<string, string>>): number | SyntaxProblem {
  const bash = dialect === 'bash';
  const extglob = bash && shoptOn(opts.shopt, 'extglob');
  const withAliases = aliases && Object.keys(aliases).length > 0 ? `\0${JSON.stringify(aliases)}\0` : '';
  const key = `${bash ? `bash${extglob ? '+extglob' : ''}\0` : dialect === 'ash' ? 'ash\0' : ''}${withAliases}${src}`;
  const cached = m.parsed[key];
  if (cached !== undefined) return cached;
  // BusyBox ash reads `$'…'` too (its bash compatibility); dash does not.
  const p = parseScript(src, bash, extglob, aliases, bash ? 'bash' : dialect === 'ash' ? 'ash' : null);
  if (!p.ok) return p.problem;
  const offset = m.nodes.length;
  for (const n of p.script.nodes) m.nodes.push(relocate(n, offset));
  const root = p.script.root + offset;
  m.parsed[key] = root;
  return root;
}

/** Shifts node indices of a freshly parsed script appended to the machine's node array. */
function relocate(n: ShellNode, off: number): ShellNode {
  const words = (ws: Word[]): Word[] => ws.map((w) => w.map((sg) => (sg.t === 'cmd' || sg.t === 'procsub' ? { ...sg, root: sg.root + off } : sg.t === 'var' && (sg.arg || sg.key) ? { ...sg, ...(sg.arg ? { arg: words([sg.arg])[0]! } : {}), ...(sg.key ? { key: words([sg.key])[0]! } : {}) } : sg)));
  const redirs = (rs: Redir[]): Redir[] => rs.map((r) => ({ ...r, target: words([r.target])[0]! }));
  switch (n.t) {
    case 'cmd': return { ...n, assigns: n.assigns.map((a) => ({ ...a, value: words([a.value])[0]!, ...(a.array ? { array: words(a.array) } : {}), ...(a.key ? { key: words([a.key])[0]! } : {}) })), words: words(n.words), redirs: redirs(n.redirs), ...(n.lists ? { lists: Object.fromEntries(Object.entries(n.lists).map(([k, v]) => [k, words(v)])) } : {}) };
    case 'pipe': return { ...n, cmds: n.cmds.map((c) => c + off) };
    case 'and': case 'or': return { ...n, l: n.l + off, r: n.r + off };
    case 'seq': return { ...n, items: n.items.map((c) => c + off) };
    case 'loop': return { ...n, cond: n.cond + off, body: n.body + off, ...(n.step === undefined ? {} : { step: n.step + off }) };
    case 'for': return { ...n, words: n.words ? words(n.words) : null, body: n.body + off };
    case 'if': return { ...n, cond: n.cond + off, then: n.then + off, else: n.else === null ? null : n.else + off };
    case 'group': return { ...n, body: n.body + off, redirs: redirs(n.redirs) };
    case 'fndef': return { ...n, body: n.body + off };
    case 'case': return { ...n, word: words([n.word])[0]!, arms: n.arms.map((a) => ({ patterns: words(a.patterns), body: a.body + off })) };
    case 'cond': return { ...n, items: n.items.map((it) => (it.k === 'word' ? { ...it, word: words([it.word])[0]! } : it)) };
    case 'arith': return n;
  }
}

/**
 * BusyBox ash and bash exec a `-c` script's only simple command in their own place (no shell
 * process left; recorded: `sh -c 'ps -o pid,ppid,comm'` under BusyBox 1.35 and bash 5.2); dash
 * 0.5.12 stays the command's parent.
 */
function soleCommand(m: Machine, root: number): boolean {
  const n = m.nodes[root];
  if (n?.t === 'cmd') return true;
  return n?.t === 'seq' && n.items.length === 1 && !n.bg[0] && m.nodes[n.items[0]!]?.t === 'cmd';
}

/** `sh -c 'script' [name args…]`, `sh file`, or `sh` reading its (usually empty) stdin. */
export function runShell(m: Machine, ctx: RunContext, argv: string[], env: Record<string, string>, s: Streams, dialect: Dialect): void {
  const invoked = argv[0]!;
  const prog = dialect === 'ash' ? 'sh' : invoked;
  // bash reads its GNU long options before any other (shell.c parse_long_options): `--version`
  // prints the version of the image's Debian release and exits.
  const release = dialect === 'bash' ? debianUserland(m.fs, ctx.base, ctx.image.userland) : undefined;
  const firstShort = argv.findIndex((a, i) => i > 0 && !/^--./.test(a));
  if (release && argv.slice(1, firstShort < 0 ? argv.length : firstShort).includes('--version')) {
    emit(m, ctx, s.out, bashVersion(release), m.clock);
    m.status = 0;
    return;
  }
  const inv = parseInvocation(dialect, prog, argv.slice(1));
  if (inv.k === 'error') {
    emit(m, ctx, s.err, inv.message, m.clock);
    m.status = inv.status;
    return;
  }
  const args = inv.rest;
  const cMode = inv.opts.command;
  let src: string;
  let positional: string[];
  if (cMode) {
    if (args[0] === undefined) {
      emit(m, ctx, s.err, dialect === 'ash' ? 'sh: -c requires an argument\n' : `${prog}: 0: -c requires an argument\n`, m.clock);
      m.status = 2;
      return;
    }
    src = args[0];
    positional = [args[1] ?? invoked, ...args.slice(2)];
  } else if (args[0] !== undefined) {
    const f = stat(m.fs, ctx.base, normalizePath(args[0], m.cwd));
    if (f.kind !== 'file') {
      emit(m, ctx, s.err, dialect === 'ash' ? `sh: can't open '${args[0]}': No such file or directory\n` : `${prog}: 0: cannot open ${args[0]}: No such file\n`, m.clock);
      m.status = dialect === 'ash' ? 2 : 2;
      return;
    }
    src = f.content;
    positional = [args[0], ...args.slice(1)];
  } else {
    src = s.stdin;
    positional = [invoked];
  }
  const root = parseCached(m, src, dialect, inv.opts);
  if (typeof root !== 'number') {
    emit(m, ctx, s.err, syntaxMessage(dialect, prog, root, src), m.clock);
    m.status = syntaxStatus(root, 0);
    return;
  }
  const frame: Extract<Frame, { k: 'script' }> = { k: 'script', root, stage: 0, scope: scopeOf(m), out: m.out, err: m.err, stdin: m.stdin, proc: { argv, pid: nextProcPid(m) - 1, replaced: dialect !== 'dash' && cMode && soleCommand(m, root) } };
  // Its parent: the shell that ran it, or the runtime (an exec, the container's own command).
  const ppid = m.dialect === null ? 0 : (m.selfPid ?? 1);
  // Its `$$` is its own PID as `ps` lists it — but the container's own command is PID 1.
  const pid = m.dialect === null && !ctx.exec ? 1 : frame.proc!.pid + pidBase(ctx);
  frame.outerPid = m.selfPid ?? 0;
  m.selfPid = pid === 1 ? undefined : pid;
  const own = shellStartVars(m, ctx, { dialect, argv0: invoked, env, pid, ppid, uid: runUser(m, ctx)?.uid ?? 0, interactive: false });
  m.stack.push(frame);
  m.vars = { ...env, ...own.vars };
  // A new shell: what it was given is its environment (and what it exports itself), and it has no functions.
  m.exported = [...new Set([...Object.keys(env), ...own.exported])];
  m.functions = undefined;
  m.aliases = undefined;
  m.arrays = own.arrays;
  m.specials = own.specials;
  m.traps = undefined;
  m.history = undefined;
  m.positional = positional;
  m.dialect = dialect;
  m.opts = inv.opts;
  m.out = s.out;
  m.err = s.err;
  m.stdin = s.stdin;
}

