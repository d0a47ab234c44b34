/**
 * crictl's command line as urfave/cli v2.27.7 (cri-tools v1.36.0's go.mod) reads it and prints
 * its help: Go's flag package per level (flags stop at the first argument that is not one; `-x`
 * and `--x` alike; `--x=v`; an unknown flag is `flag provided but not defined: -x`), with
 * UseShortOptionHandling splitting `-aq` into `-a -q` when every letter is a flag; the App, the
 * command and the subcommand help templates through text/tabwriter (minwidth 1, padding 2).
 *
 * What each path prints follows help.go and command.go: `crictl X --help` and `crictl help X`
 * print the CommandHelpTemplate for a leaf, the SubcommandHelpTemplate (with its COMMANDS) for a
 * command that has subcommands; a usage error prints `Incorrect Usage: <err>` and the command's
 * help after its setup() gave it a `help, h` subcommand, so COMMANDS is there too, and returns
 * the error, which crictl's main hands to logrus.Fatal (exit 1). `crictl help X` for a command
 * with subcommands runs the SubcommandHelpTemplate before X's setup(): VisibleCategories on its
 * nil categories fails the template after `COMMANDS:`, and the tabwriter, never flushed, has only
 * written the lines before it. Every path was checked against urfave/cli v2.27.7's own code
 * running crictl v1.36.0's command definitions (crictl-help.recorded.json).
 */
import { tabulate, URFAVE_HELP } from '../../k8s/go-tabwriter';

export type CliFlagKind = 'bool' | 'string' | 'int' | 'int64' | 'duration' | 'strings';

export interface CliFlag {
  kind: CliFlagKind;
  name: string;
  aliases?: readonly string[];
  usage: string;
  /** The flag's Value as crictl sets it (its `(default: …)`), when not the type's zero; a duration's as Go prints it. */
  value?: string | number;
  envVars?: readonly string[];
}

export interface CliCommand {
  name: string;
  aliases?: readonly string[];
  usage: string;
  usageText?: string;
  argsUsage?: string;
  description?: string;
  /** UseShortOptionHandling: `-aq` is `-a -q`. */
  shortOptions: boolean;
  flags: readonly CliFlag[];
  subcommands?: readonly CliCommand[];
}

export interface CliApp {
  name: string;
  usage: string;
  version: string;
  flags: readonly CliFlag[];
  /** Sorted by name, as crictl's main sorts them; their flags are sorted when shown. */
  commands: readonly CliCommand[];
}

/** urfave/cli's HelpFlag and VersionFlag (DisableDefaultText: no `(default: false)`). */
const HELP: CliFlag = { kind: 'bool', name: 'help', aliases: ['h'], usage: 'show help' };
const VERSION: CliFlag = { kind: 'bool', name: 'version', aliases: ['v'], usage: 'print the version' };
const HELP_COMMAND: CliCommand = { name: 'help', aliases: ['h'], usage: 'Shows a list of commands or help for one command', argsUsage: '[command]', shortOptions: false, flags: [] };

const names = (c: { name: string; aliases?: readonly string[] }): string[] => [c.name, ...(c.aliases ?? [])];
const named = (c: CliCommand, name: string): boolean => names(c).includes(name);

/** cli.FlagsByName: lexicographicLess of the first names (case folded first, then as is). */
function lexicographicLess(a: string, b: string): boolean {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const [x, y] = [a[i]!, b[i]!];
    if (x.toLowerCase() !== y.toLowerCase()) return x.toLowerCase() < y.toLowerCase();
    if (x !== y) return x < y;
  }
  return a < b;
}

const byName = (flags: readonly CliFlag[]): CliFlag[] => [...flags].sort((a, b) => (lexicographicLess(a.name, b.name) ? -1 : lexicographicLess(b.name, a.name) ? 1 : 0));

/** One level of the command line as Command.setup leaves it. */
interface Level {
  cmd: CliCommand;
  helpName: string;
  /** The flags as parsed and shown: main sorts only the top level's; setup appends --help. */
  flags: readonly CliFlag[];
  /** setup appends `help, h` to every command's subcommands but the help command's own. */
  subcommands: readonly CliCommand[];
  isRoot: boolean;
  parent?: Level;
}

function levelOf(cmd: CliCommand, parent: Level): Level {
  const flags = [...(parent.isRoot ? byName(cmd.flags) : cmd.flags), HELP];
  const subcommands = cmd === HELP_COMMAND ? [] : [...(cmd.subcommands ?? []), HELP_COMMAND];
  // The help command's HelpName is set by the first setup() that lists it: its own at the top.
  const helpName = cmd === HELP_COMMAND && parent.isRoot ? ' help' : `${parent.helpName} ${cmd.name}`;
  return { cmd, helpName, flags, subcommands, isRoot: false, parent };
}

function rootOf(app: CliApp): Level {
  const cmd: CliCommand = { name: app.name, usage: app.usage, shortOptions: false, flags: app.flags, subcommands: app.commands };
  return { cmd, helpName: app.name, flags: [...byName(app.flags), HELP, VERSION], subcommands: [...app.commands, HELP_COMMAND], isRoot: true };
}

// ---- Parsing -------------------------------------------------------------------------------

export type ParsedFlags =
  | { kind: 'ok'; values: Map<string, string[]>; args: string[] }
  | { kind: 'usage-error'; error: string };

const GO_BOOL = /^(1|0|t|f|T|F|true|false|TRUE|FALSE|True|False)$/;
/** strconv.ParseInt(s, 0, 64): a sign, then decimal, 0x, 0o/0 or 0b digits. */
const GO_INT = /^[+-]?(0[xX][0-9a-fA-F]+|0[bB][01]+|0[oO]?[0-7]*|[1-9][0-9]*)$/;
/** time.ParseDuration: `0`, or signed decimal numbers each with a unit. */
const GO_DURATION = /^[+-]?(0|((\d+\.?\d*|\.\d+)(ns|us|µs|μs|ms|s|m|h))+)$/;

/** One flag's value checked as flag.Value.Set would. */
function invalid(f: CliFlag, given: string, value: string): string | undefined {
  if (f.kind === 'bool' && !GO_BOOL.test(value)) return `invalid boolean value ${JSON.stringify(value)} for -${given}: parse error`;
  if ((f.kind === 'int' || f.kind === 'int64') && !GO_INT.test(value)) return `invalid value ${JSON.stringify(value)} for flag -${given}: parse error`;
  if (f.kind === 'duration' && !GO_DURATION.test(value)) return `invalid value ${JSON.stringify(value)} for flag -${given}: parse error`;
  return undefined;
}

/**
 * flag.FlagSet.Parse over one level's flags: values by the flag's name (a bool's `true`/`false`),
 * and the arguments from the first one that is not a flag (or after `--`).
 */
export function parseFlags(flags: readonly CliFlag[], shortOptions: boolean, argv: readonly string[]): ParsedFlags {
  const lookup = (name: string): CliFlag | undefined => flags.find((f) => names(f).includes(name));
  const values = new Map<string, string[]>();
  const args = [...argv];
  while (args.length > 0) {
    const s = args[0]!;
    if (s.length < 2 || s[0] !== '-') break;
    args.shift();
    const minuses = s[1] === '-' ? 2 : 1;
    if (s === '--') break;
    let name = s.slice(minuses);
    if (name === '' || name[0] === '-' || name[0] === '=') return { kind: 'usage-error', error: `bad flag syntax: ${s}` };
    let value: string | undefined;
    const eq = name.indexOf('=');
    if (eq > 0) [name, value] = [name.slice(0, eq), name.slice(eq + 1)];
    const f = lookup(name);
    if (!f) {
      // parseIter: a single dash's letters that are all flags are split and parsed again.
      const letters = s.slice(1).split('');
      if (shortOptions && minuses === 1 && s.length > 2 && value === undefined && letters.every((c) => lookup(c))) {
        args.unshift(...letters.map((c) => `-${c}`));
        continue;
      }
      return { kind: 'usage-error', error: `flag provided but not defined: -${name}` };
    }
    if (f.kind !== 'bool' && value === undefined) {
      if (args.length === 0) return { kind: 'usage-error', error: `flag needs an argument: -${name}` };
      value = args.shift()!;
    }
    const v = value ?? 'true';
    const bad = invalid(f, name, v);
    if (bad) return { kind: 'usage-error', error: bad };
    const kept = f.kind === 'strings' ? (values.get(f.name) ?? []) : [];
    values.set(f.name, [...kept, f.kind === 'bool' ? String(/^(1|t|T|true|TRUE|True)$/.test(v)) : v]);
  }
  return { kind: 'ok', values, args };
}

// ---- Help ----------------------------------------------------------------------------------

/** help.go's wrap at maxLineLength 10000 (no crictl line is that long): later lines indented by `offset`. */
function wrap(text: string, offset: number): string {
  return text
    .split('\n')
    .map((l, i) => (i === 0 || l === '' ? l : ' '.repeat(offset) + l))
    .join('\n');
}

/** unquoteUsage: the first back-quoted word is the value's placeholder, kept in the usage unquoted. */
function unquoteUsage(usage: string): [string, string] {
  const m = /^([^`]*)`([^`]*)`/.exec(usage);
  return m ? [m[2]!, usage.slice(0, m[1]!.length) + m[2]! + usage.slice(m[0].length)] : ['', usage];
}

/** Go's %q for the ASCII text crictl's defaults hold. */
const goQuote = (s: string): string => JSON.stringify(s);

/** GetDefaultText of each flag type; the help and version flags show none. */
function defaultText(f: CliFlag): string {
  if (f === HELP || f === VERSION) return '';
  switch (f.kind) {
    case 'bool':
      return String(f.value ?? false);
    case 'string':
      return f.value === undefined || f.value === '' ? '' : goQuote(String(f.value));
    case 'int':
    case 'int64':
      return String(f.value ?? 0);
    case 'duration':
      return String(f.value ?? '0s');
    case 'strings':
      return '';
    default: {
      const never: never = f.kind;
      return never;
    }
  }
}

/** stringifyFlag: names (each with the placeholder), a slice's repeat, the usage, its default and env vars. */
function flagLine(f: CliFlag): string {
  const [quoted, usage] = unquoteUsage(f.usage);
  const placeholder = quoted || (f.kind === 'bool' ? '' : 'value');
  const prefixed = names(f)
    .map((n) => `${n.length === 1 ? '-' : '--'}${n}${placeholder ? ` ${placeholder}` : ''}`)
    .join(', ');
  const shown = f.kind === 'strings' ? `${prefixed} [ ${prefixed} ]` : prefixed;
  const dflt = defaultText(f);
  const env = f.envVars?.length ? ` [$${f.envVars.join(', $')}]` : '';
  return `${shown}\t${`${usage}${dflt ? ` (default: ${dflt})` : ''}`.trim()}${env}`;
}

const flagsSection = (title: string, flags: readonly CliFlag[]): string => `\n\n${title}:${flags.map((f) => `\n   ${wrap(flagLine(f), 6)}`).join('')}`;

/** visibleCommandTemplate: names, padded to the widest names + 2, then the usage. */
function commandsSection(commands: readonly CliCommand[]): string {
  const width = Math.max(...commands.map((c) => names(c).join(', ').length)) + 5;
  return `\n\nCOMMANDS:${commands.map((c) => `\n   ${names(c).join(', ')}${' '.repeat(width - names(c).join(', ').length - 3)}${wrap(c.usage, width)}`).join('')}`;
}

/** helpNameTemplate, usageTemplate and the DESCRIPTION: what both command templates start with. */
function head(l: Level): string {
  const { cmd } = l;
  const name = `${wrap(l.helpName, 3)}${cmd.usage ? ` - ${wrap(cmd.usage, l.helpName.length + 6)}` : ''}`;
  const usage = cmd.usageText ? wrap(cmd.usageText, 3) : `${l.helpName} [command options]${cmd.argsUsage ? ` ${cmd.argsUsage}` : ''}`;
  return `NAME:\n   ${name}\n\nUSAGE:\n   ${usage}${cmd.description ? `\n\nDESCRIPTION:\n   ${wrap(cmd.description, 3)}` : ''}`;
}

type Template = 'command' | 'subcommand' | 'unset-subcommand';

function render(l: Level, template: Template): string {
  const text =
    template === 'command'
      ? `${head(l)}${flagsSection('OPTIONS', l.flags)}\n`
      : template === 'subcommand'
        ? `${head(l)}${commandsSection(l.subcommands)}${flagsSection('OPTIONS', l.flags)}\n`
        : `${head(l)}\n\n`;
  return tabulate(text, URFAVE_HELP);
}

/** `crictl --help`: the AppHelpTemplate. */
function appHelp(app: CliApp, root: Level): string {
  const usage = `${app.name} [global options] command [command options]`;
  return tabulate(`NAME:\n   ${app.name} - ${app.usage}\n\nUSAGE:\n   ${usage}\n\nVERSION:\n   ${app.version}${commandsSection(root.subcommands)}${flagsSection('GLOBAL OPTIONS', root.flags)}\n`, URFAVE_HELP);
}

/** ShowCommandHelp(ctx, name): the named subcommand of `ctx` as it is before its own setup(). */
function showCommandHelp(app: CliApp, ctx: Level, name: string): CliOutcome {
  const cmd = ctx.subcommands.find((c) => named(c, name));
  if (!cmd) return { kind: 'help-topic', name };
  const l = levelOf(cmd, ctx);
  if (ctx.isRoot && cmd === HELP_COMMAND) return { kind: 'print', stdout: render(l, 'command') };
  const template = cmd.subcommands?.length ? 'unset-subcommand' : 'command';
  return { kind: 'print', stdout: render(l, template) };
}

/** helpCommand's Action in `ctx` (the command `-h` was given to, or the one `help` runs under). */
function helpAction(app: CliApp, ctx: Level, args: readonly string[]): CliOutcome {
  if (args[0] !== undefined) return showCommandHelp(app, ctx, args[0]);
  if (ctx.isRoot) return { kind: 'print', stdout: appHelp(app, ctx) };
  return { kind: 'print', stdout: render(ctx, ctx.subcommands.length === 1 ? 'command' : 'subcommand') };
}

export type CliOutcome =
  /** Help or the version on stdout, exit 0. */
  | { kind: 'print'; stdout: string }
  /** `Incorrect Usage: …` and the help on stdout, then logrus.Fatal(error). */
  | { kind: 'usage-error'; stdout: string; error: string }
  /** cli.Exit("No help topic for '…'", 3): handled where urfave handles it, else fatal. */
  | { kind: 'help-topic'; name: string; fatal?: true }
  /** The command's Action: `path` from the top-level command down. */
  | { kind: 'action'; path: readonly CliCommand[]; values: Map<string, string[]>; args: string[] };

/** App.Run: the global flags, then each level's Command.Run down to the Action. */
export function runCli(app: CliApp, argv: readonly string[]): CliOutcome {
  const root = rootOf(app);
  let l = root;
  let given = argv;
  const path: CliCommand[] = [];
  for (;;) {
    const parsed = parseFlags(l.flags, l.cmd.shortOptions, given);
    if (parsed.kind === 'usage-error') {
      const help = l.isRoot ? appHelp(app, root) : render(l, 'subcommand');
      return { kind: 'usage-error', stdout: `Incorrect Usage: ${parsed.error}\n\n${help}`, error: parsed.error };
    }
    const on = (name: string): boolean => parsed.values.get(name)?.at(-1) === 'true';
    if (on('help')) {
      const out = helpAction(app, l, parsed.args);
      // checkHelp returns the Action's error unhandled: crictl's main logs it as fatal.
      return out.kind === 'help-topic' ? { ...out, fatal: true } : out;
    }
    if (l.isRoot && on('version')) return { kind: 'print', stdout: `${app.name} version ${app.version}\n` };
    const next = parsed.args[0] === undefined ? undefined : l.subcommands.find((c) => named(c, parsed.args[0]!));
    if (next === HELP_COMMAND) {
      // help's own flags (only -h) are read before its Action, which runs in the parent.
      const own = parseFlags([HELP], false, parsed.args.slice(1));
      const helpLevel = levelOf(HELP_COMMAND, l);
      if (own.kind === 'usage-error') return { kind: 'usage-error', stdout: `Incorrect Usage: ${own.error}\n\n${render(helpLevel, 'command')}`, error: own.error };
      if (own.values.get('help')?.at(-1) === 'true') return { kind: 'print', stdout: render(helpLevel, 'command') };
      return helpAction(app, l, own.args);
    }
    if (next) {
      path.push(next);
      l = levelOf(next, l);
      given = parsed.args.slice(1);
      continue;
    }
    // The root has no Action: a word that names no command is helpCommand's `help WORD`.
    if (l.isRoot) return parsed.args[0] === undefined ? { kind: 'print', stdout: appHelp(app, root) } : { kind: 'help-topic', name: parsed.args[0] };
    return { kind: 'action', path, values: parsed.values, args: parsed.args };
  }
}

/** What a command's Action prints when it shows its help (cli.ShowSubcommandHelp). */
export function subcommandHelp(app: CliApp, path: readonly CliCommand[]): string {
  let l = rootOf(app);
  for (const c of path) l = levelOf(c, l);
  return render(l, 'subcommand');
}
