/**
 * Command-line flags with pflag's grammar: `--name=value`, `--name value`, `-n value`, `-nvalue`,
 * `-n=value`, grouped short booleans (`-Aw`), `--` ends flag parsing, flags and arguments may
 * interleave. Error strings are pflag's own, wrapped the way kubectl's flag-error hook does.
 */
import { parseDuration } from '../k8s/time';
import { CmdError } from './errors';
import { pushAll } from '../k8s/arrays';

export type FlagKind = 'bool' | 'string' | 'int' | 'strings' | 'stringArray' | 'duration';

/**
 * What completion offers for a flag's value: fixed words (a suggestion, not what the command
 * validates: `-o jsonpath=...` takes any template), or names the page looks up on the cluster it
 * shows: namespaces, nodes, the virtual files `-f` reads, the containers of the Pod on the line.
 */
export type FlagValues = readonly string[] | 'namespaces' | 'nodes' | 'files' | 'containers';

export interface FlagDef {
  name: string;
  short?: string;
  kind: FlagKind;
  /** Value used when the flag is given without `=value` (pflag NoOptDefVal). */
  noOptDefault?: string;
  /** For completion, like the completion functions cobra registers on a flag. */
  values?: FlagValues;
  /** pflag's Deprecated: hidden from help; each use prints `Flag --NAME has been deprecated, …` (see deprecation.ts). */
  deprecated?: string;
}

/** One flag as pflag's ParseAll hands it to its callback, in the order typed: the value as written (`true` for a bare bool). */
export interface SeenFlag {
  name: string;
  raw: string;
  deprecated?: string;
}

export type FlagValue = string | boolean | number | string[];

export class Flags {
  constructor(
    readonly args: string[],
    private readonly values: Map<string, FlagValue>,
    /** Everything after a bare `--` (e.g. `kubectl run x -- sh -c ...`). */
    readonly afterDash: string[] | undefined,
    /** Every flag occurrence in the order typed (what `--record` writes down). */
    readonly seen: readonly SeenFlag[] = [],
  ) {}

  has(name: string): boolean {
    return this.values.has(name);
  }

  str(name: string, dflt = ''): string {
    const v = this.values.get(name);
    return typeof v === 'string' ? v : dflt;
  }

  bool(name: string, dflt = false): boolean {
    const v = this.values.get(name);
    return typeof v === 'boolean' ? v : dflt;
  }

  int(name: string, dflt: number): number {
    const v = this.values.get(name);
    return typeof v === 'number' ? v : dflt;
  }

  list(name: string): string[] {
    const v = this.values.get(name);
    return Array.isArray(v) ? v : [];
  }

  /** Duration flags in milliseconds. */
  duration(name: string, dflt: number): number {
    const v = this.values.get(name);
    return typeof v === 'number' ? v : dflt;
  }
}

/** kubectl's root persistent flags: accepted everywhere, mostly without effect in a simulator. */
export const GLOBAL_FLAGS: FlagDef[] = [
  { name: 'namespace', short: 'n', kind: 'string', values: 'namespaces' },
  { name: 'request-timeout', kind: 'string' },
  { name: 'v', short: 'v', kind: 'int' },
  { name: 'kubeconfig', kind: 'string' },
  { name: 'context', kind: 'string' },
  { name: 'cluster', kind: 'string' },
  { name: 'user', kind: 'string' },
  { name: 'server', short: 's', kind: 'string' },
  { name: 'token', kind: 'string' },
  { name: 'as', kind: 'string' },
  { name: 'as-group', kind: 'stringArray' },
  { name: 'as-uid', kind: 'string' },
  { name: 'insecure-skip-tls-verify', kind: 'bool' },
  { name: 'match-server-version', kind: 'bool' },
  { name: 'warnings-as-errors', kind: 'bool' },
  { name: 'disable-compression', kind: 'bool' },
  { name: 'cache-dir', kind: 'string' },
  { name: 'certificate-authority', kind: 'string' },
  { name: 'client-certificate', kind: 'string' },
  { name: 'client-key', kind: 'string' },
  { name: 'tls-server-name', kind: 'string' },
  { name: 'username', kind: 'string' },
  { name: 'password', kind: 'string' },
  { name: 'profile', kind: 'string' },
  { name: 'profile-output', kind: 'string' },
  { name: 'log-flush-frequency', kind: 'string' },
];

/** Flag errors as kubectl prints them: the pflag message and a pointer to the command's help. */
function flagError(msg: string, commandPath: string): CmdError {
  return new CmdError(`error: ${msg}\nSee '${commandPath} --help' for usage.\n`);
}

function convert(def: FlagDef, raw: string, shown: string, commandPath: string): FlagValue {
  const bad = (why: string): CmdError => flagError(`invalid argument "${raw}" for "${shown}" flag: ${why}`, commandPath);
  switch (def.kind) {
    case 'bool': {
      const t = ['1', 't', 'T', 'TRUE', 'true', 'True'];
      const f = ['0', 'f', 'F', 'FALSE', 'false', 'False'];
      if (t.includes(raw)) return true;
      if (f.includes(raw)) return false;
      throw bad(`strconv.ParseBool: parsing "${raw}": invalid syntax`);
    }
    case 'int': {
      if (!/^[+-]?\d+$/.test(raw)) throw bad(`strconv.ParseInt: parsing "${raw}": invalid syntax`);
      return Number(raw);
    }
    case 'duration': {
      const neg = raw.startsWith('-');
      const abs = neg ? raw.slice(1) : raw;
      const ms = /^\d+$/.test(abs) && abs !== '0' ? undefined : parseDuration(abs);
      if (ms === undefined) throw bad(`time: ${/^\d+$/.test(abs) ? `missing unit in duration "${raw}"` : `invalid duration "${raw}"`}`);
      return neg ? -ms : ms;
    }
    default:
      return raw;
  }
}

function store(values: Map<string, FlagValue>, def: FlagDef, v: FlagValue): void {
  if (def.kind === 'strings' || def.kind === 'stringArray') {
    const prev = (values.get(def.name) as string[] | undefined) ?? [];
    // pflag's readAsCSV reads an empty value as no items (`--tcp=` leaves the list empty).
    const add = def.kind === 'strings' ? (v === '' ? [] : String(v).split(',')) : [String(v)];
    values.set(def.name, [...prev, ...add]);
  } else values.set(def.name, v);
}

/**
 * Parses argv against `defs` (command flags plus the globals). `commandPath` is `kubectl get`,
 * used in error messages.
 */
export function parseFlags(argv: string[], defs: FlagDef[], commandPath: string): Flags {
  // A command's own flag shadows a global of the same name (create rolebinding's --user), as in cobra.
  const all = [...defs, ...GLOBAL_FLAGS.filter((g) => !defs.some((d) => d.name === g.name))];
  const byName = new Map(all.map((d) => [d.name, d]));
  const byShort = new Map(all.filter((d) => d.short).map((d) => [d.short!, d]));
  const values = new Map<string, FlagValue>();
  const seen: SeenFlag[] = [];
  const set = (def: FlagDef, raw: string, v: FlagValue): void => {
    store(values, def, v);
    seen.push(def.deprecated === undefined ? { name: def.name, raw } : { name: def.name, raw, deprecated: def.deprecated });
  };
  const args: string[] = [];
  let afterDash: string[] | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      afterDash = argv.slice(i + 1);
      pushAll(args, afterDash);
      break;
    }
    if (a.startsWith('--') && a.length > 2) {
      const eq = a.indexOf('=');
      const name = eq < 0 ? a.slice(2) : a.slice(2, eq);
      const def = byName.get(name);
      if (!def) throw flagError(`unknown flag: --${name}`, commandPath);
      if (eq >= 0) set(def, a.slice(eq + 1), convert(def, a.slice(eq + 1), `--${name}`, commandPath));
      else if (def.kind === 'bool') set(def, 'true', true);
      else if (def.noOptDefault !== undefined) set(def, def.noOptDefault, def.noOptDefault);
      else {
        if (i + 1 >= argv.length) throw flagError(`flag needs an argument: --${name}`, commandPath);
        const raw = argv[++i]!;
        set(def, raw, convert(def, raw, `--${name}`, commandPath));
      }
      continue;
    }
    if (a.startsWith('-') && a.length > 1) {
      for (let j = 1; j < a.length; j++) {
        const c = a[j]!;
        const def = byShort.get(c);
        if (!def) throw flagError(`unknown shorthand flag: '${c}' in ${a}`, commandPath);
        const rest = a.slice(j + 1);
        if (def.kind === 'bool') {
          if (rest.startsWith('=')) {
            set(def, rest.slice(1), convert(def, rest.slice(1), `-${c}, --${def.name}`, commandPath));
            break;
          }
          set(def, 'true', true);
          continue;
        }
        if (rest !== '') {
          const raw = rest.startsWith('=') ? rest.slice(1) : rest;
          set(def, raw, convert(def, raw, `-${c}, --${def.name}`, commandPath));
        } else if (def.noOptDefault !== undefined) set(def, def.noOptDefault, def.noOptDefault);
        else {
          if (i + 1 >= argv.length) throw flagError(`flag needs an argument: '${c}' in ${a}`, commandPath);
          const raw = argv[++i]!;
          set(def, raw, convert(def, raw, `-${c}, --${def.name}`, commandPath));
        }
        break;
      }
      continue;
    }
    args.push(a);
  }
  return new Flags(args, values, afterDash, seen);
}

/** What cobra needs of a command to find its subcommands: the flags it knows and its children's names. */
export interface CommandNode {
  flags: readonly FlagDef[];
  /** Its own flags where `flags` is its subcommands' union: the table cobra reads the line with at this level. */
  ownFlags?: readonly FlagDef[];
  subcommands?: readonly string[];
  subcommandAliases?: readonly string[];
}

/**
 * cobra's stripFlags: the non-flag words of `args`. A flag with `=` or a boolean (pflag's
 * NoOptDefVal) stands alone; any other flag — an unknown one included — takes the next word.
 */
function stripFlags(args: readonly string[], flags: readonly FlagDef[]): string[] {
  const long = new Map(flags.map((d) => [d.name, d]));
  const short = new Map(flags.filter((d) => d.short).map((d) => [d.short!, d]));
  const standsAlone = (d: FlagDef | undefined): boolean => d !== undefined && (d.kind === 'bool' || d.noOptDefault !== undefined);
  const words: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const s = args[i]!;
    if (s === '--') break;
    const takesValue = !s.includes('=') && ((s.startsWith('--') && !standsAlone(long.get(s.slice(2)))) || (s.startsWith('-') && !s.startsWith('--') && s.length === 2 && !standsAlone(short.get(s[1]!))));
    if (takesValue) {
      if (args.length - i - 1 <= 1) break;
      i++;
    } else if (s !== '' && !s.startsWith('-')) words.push(s);
  }
  return words;
}

/** cobra's argsMinusFirstX: `args` without the first non-flag occurrence of `x`. */
/** The positional words among a command's arguments (splitCommand's `rest`), its own and the global flags skipped. */
export function positionalArgs(rest: readonly string[], flags: readonly FlagDef[]): string[] {
  return stripFlags(rest, [...flags, ...GLOBAL_FLAGS]);
}

function argsMinusFirst(args: readonly string[], x: string, flags: readonly FlagDef[]): string[] {
  const long = new Map(flags.map((d) => [d.name, d]));
  const short = new Map(flags.filter((d) => d.short).map((d) => [d.short!, d]));
  const standsAlone = (d: FlagDef | undefined): boolean => d !== undefined && (d.kind === 'bool' || d.noOptDefault !== undefined);
  for (let pos = 0; pos < args.length; pos++) {
    const s = args[pos]!;
    if (s === '--') break;
    if (!s.includes('=') && ((s.startsWith('--') && !standsAlone(long.get(s.slice(2)))) || (s.startsWith('-') && s.length === 2 && !standsAlone(short.get(s[1]!))))) {
      pos++;
      continue;
    }
    if (!s.startsWith('-') && s === x) return [...args.slice(0, pos), ...args.slice(pos + 1)];
  }
  return [...args];
}

/**
 * cobra's Find: the command path is made of the non-flag words, wherever the persistent flags
 * sit (`kubectl -n default create deployment x` → `create deployment`). `commandOf` describes a
 * root command by name; its subcommand, when the next word is one, joins the path. `rest` is
 * argv without the path's words, flags and arguments in their order.
 */
export function splitCommand(argv: readonly string[], commandOf: (word: string) => CommandNode | undefined = () => undefined): { words: string[]; rest: string[] } {
  const first = stripFlags(argv, GLOBAL_FLAGS)[0];
  if (first === undefined) return { words: [], rest: [...argv] };
  const rest = argsMinusFirst(argv, first, GLOBAL_FLAGS);
  const node = commandOf(first);
  if (!node?.subcommands?.length) return { words: [first], rest };
  const flags = [...(node.ownFlags ?? node.flags), ...GLOBAL_FLAGS];
  const second = stripFlags(rest, flags)[0];
  if (second === undefined || !(node.subcommands.includes(second) || node.subcommandAliases?.includes(second))) return { words: [first], rest };
  return { words: [first, second], rest: argsMinusFirst(rest, second, flags) };
}
