/**
 * The `trap` builtin's words: which conditions its operands name, what it does with them, and its
 * listing. The machine runs the actions (machine.ts runTrap: EXIT as the shell ends, ERR after a
 * command fails where `set -e` would look). Recorded on this machine (bash 5.2.15, dash 0.5.12,
 * BusyBox 1.35):
 *  - `trap` lists `trap -- 'ACTION' NAME` one a line, EXIT first then by signal number (ERR after
 *    them); bash names signals `SIGINT`, dash and BusyBox `INT`; bash quotes a `'` as `'\''`,
 *    dash and BusyBox as `'"'"'`. bash's `trap -p [SIG…]` lists them too; dash and BusyBox
 *    refuse `-p` (`trap: Illegal option -p` / `illegal option -p`, status 2, ending a script).
 *  - `trap - SIG…`, `trap SIG` (one operand) and a first operand that is a number reset; `''`
 *    ignores. Signals by name (with or without SIG; any case in bash) or number; 0 is EXIT.
 *  - An unknown one: bash `trap: FOO: invalid signal specification`, dash `trap: FOO: bad
 *    trap` (ERR too: dash has no ERR trap), BusyBox `sh: trap: line 0: FOO: invalid signal
 *    specification`; status 1, the rest still set.
 *
 * Approximate: bash's `trap -l` is not modelled; signals other than EXIT, ERR and INT are kept and
 * listed, but nothing sends them to a shell. INT comes from Ctrl+C at an attached shell's line
 * or from `kubectl exec -t` (sigint.ts).
 */
import type { Dialect } from './machine';

const SIGNALS = ['HUP', 'INT', 'QUIT', 'ILL', 'TRAP', 'ABRT', 'BUS', 'FPE', 'KILL', 'USR1', 'SEGV', 'USR2', 'PIPE', 'ALRM', 'TERM', 'STKFLT', 'CHLD', 'CONT', 'STOP', 'TSTP', 'TTIN', 'TTOU', 'URG', 'XCPU', 'XFSZ', 'VTALRM', 'PROF', 'WINCH', 'IO', 'PWR', 'SYS'];

/** The condition `spec` names (`EXIT`, `INT`, `ERR` …), or undefined. */
function condition(dialect: Dialect, spec: string): string | undefined {
  if (/^\d+$/.test(spec)) {
    const n = Number(spec);
    return n === 0 ? 'EXIT' : SIGNALS[n - 1];
  }
  const up = dialect === 'bash' ? spec.toUpperCase() : spec;
  const name = up.startsWith('SIG') ? up.slice(3) : up;
  if (name === 'EXIT' || SIGNALS.includes(name)) return name;
  if (name === 'ERR' && dialect !== 'dash') return 'ERR';
  if ((name === 'DEBUG' || name === 'RETURN') && dialect === 'bash') return name;
  return undefined;
}

/** Listing order: EXIT, the signals by number, then the shell's own conditions. */
function rank(name: string): number {
  if (name === 'EXIT') return 0;
  const i = SIGNALS.indexOf(name);
  return i >= 0 ? i + 1 : 100 + ['DEBUG', 'ERR', 'RETURN'].indexOf(name);
}

function listing(dialect: Dialect, traps: Readonly<Record<string, string>>, only?: string[]): string {
  const quote = (s: string): string => `'${s.replace(/'/g, dialect === 'bash' ? `'\\''` : `'"'"'`)}'`;
  const named = (n: string): string => (dialect === 'bash' && SIGNALS.includes(n) ? `SIG${n}` : n);
  return Object.keys(traps)
    .filter((n) => !only || only.includes(n))
    .sort((a, b) => rank(a) - rank(b))
    .map((n) => `trap -- ${quote(traps[n]!)} ${named(n)}\n`)
    .join('');
}

export interface TrapResult {
  traps: Record<string, string>;
  out: string;
  err: string;
  status: number;
  /** A usage error that ends a non-interactive dash or BusyBox (`-p`). */
  fatal: boolean;
}

/** `trap ARGS` on the shell's `traps`; `prefix` is the shell's own (`bash: line 1: `), `interactive` drops BusyBox's `line 0: `. */
export function runTrapBuiltin(dialect: Dialect, prefix: string, interactive: boolean, traps: Readonly<Record<string, string>>, argv: string[]): TrapResult {
  const next = { ...traps };
  let args = argv;
  const result = (out: string, err: string, status: number, fatal = false): TrapResult => ({ traps: next, out, err, status, fatal });
  if (args[0] === '-p') {
    if (dialect === 'dash') return result('', `${prefix}trap: Illegal option -p\n`, 2, true);
    if (dialect === 'ash') return result('', `sh: trap: ${interactive ? '' : 'line 0: '}illegal option -p\n`, 2, true);
    const only = args.slice(1).map((a) => condition(dialect, a) ?? a);
    return result(listing(dialect, traps, only.length ? only : undefined), '', 0);
  }
  if (args[0] === '--') args = args.slice(1);
  if (args.length === 0) return result(listing(dialect, traps), '', 0);
  const reset = args[0] === '-' || args.length === 1 || /^\d+$/.test(args[0]!);
  const action = reset ? undefined : args[0]!;
  const specs = args[0] === '-' || !reset ? args.slice(1) : args;
  let err = '';
  let status = 0;
  for (const spec of specs) {
    const name = condition(dialect, spec);
    if (name === undefined) {
      err += dialect === 'bash' ? `${prefix}trap: ${spec}: invalid signal specification\n` : dialect === 'dash' ? `trap: ${spec}: bad trap\n` : `sh: trap: ${interactive ? '' : 'line 0: '}${spec}: invalid signal specification\n`;
      status = 1;
      continue;
    }
    if (action === undefined) delete next[name];
    else next[name] = action;
  }
  return result('', err, status);
}

/** What a subshell keeps of its parent's traps: the ignored ones (POSIX 2.12); the others are reset. */
export function subshellTraps(traps: Readonly<Record<string, string>> | undefined): Record<string, string> | undefined {
  if (!traps) return undefined;
  const kept = Object.entries(traps).filter(([, a]) => a === '');
  return kept.length ? Object.fromEntries(kept) : undefined;
}
