/**
 * crictl's command line as urfave/cli v2.27.7 (cri-tools v1.36.0's go.mod) reads it for the
 * subcommands the node's crictl runs: Go's flag package (flags stop at the first argument that is
 * not one; `-x` and `--x` alike; `--x=v`; an unknown flag is `flag provided but not defined: -x`),
 * with UseShortOptionHandling splitting `-aq` into `-a -q` when every letter is a flag. On a
 * usage error Command.Run prints `Incorrect Usage: <err>` and the command's help on stdout and
 * returns the error, which crictl's main hands to logrus.Fatal (exit 1).
 *
 * The help is the SubcommandHelpTemplate: setup() gives every command a `help, h` subcommand, so
 * a leaf command's help lists COMMANDS too. Flags are sorted by name (main.go sorts them with
 * cli.FlagsByName), `--help, -h` last; each is stringifyFlag's `NAMES\tUSAGE (default: …)` through
 * text/tabwriter (minwidth 1, padding 2), whose columns a multi-line usage splits. Rendered from
 * the v2.27.7 templates and crictl v1.36.0's flag tables, not recorded from a binary (none runs
 * here).
 */

export type CliFlagKind = 'bool' | 'string' | 'int' | 'strings';

export interface CliFlag {
  name: string;
  aliases?: readonly string[];
  kind: CliFlagKind;
  usage: string;
  /** The flag's Value as crictl sets it (its `(default: …)`), when not the type's zero. */
  value?: string | number;
}

export interface CliCommand {
  name: string;
  usage: string;
  argsUsage?: string;
  /** UseShortOptionHandling: `-aq` is `-a -q`. */
  shortOptions: boolean;
  flags: readonly CliFlag[];
}

const bool = (name: string, usage: string, ...aliases: string[]): CliFlag => ({ name, aliases, kind: 'bool', usage });
const str = (name: string, usage: string, ...aliases: string[]): CliFlag => ({ name, aliases, kind: 'string', usage });
const OUTPUT_TABLE: CliFlag = { name: 'output', aliases: ['o'], kind: 'string', usage: 'Output format, One of: json|yaml|table', value: 'table' };

export type CrictlCommand = 'ps' | 'pods' | 'images' | 'logs' | 'inspect';

/** cri-tools v1.36.0: cmd/crictl/container.go, sandbox.go, image.go, logs.go. */
export const CRICTL_COMMANDS: Record<CrictlCommand, CliCommand> = {
  ps: {
    name: 'ps',
    usage: 'List containers',
    shortOptions: true,
    flags: [
      bool('verbose', 'Show verbose information for containers', 'v'),
      str('id', 'Filter by container id'),
      str('name', 'Filter by container name regular expression pattern'),
      str('pod', 'Filter by pod id', 'p'),
      str('image', 'Filter by container image'),
      str('state', 'Filter by container state', 's'),
      { name: 'label', kind: 'strings', usage: 'Filter by key=value label' },
      bool('quiet', 'Only display container IDs', 'q'),
      OUTPUT_TABLE,
      bool('all', 'Show all containers', 'a'),
      bool('latest', 'Show the most recently created container (includes all states)', 'l'),
      { name: 'last', aliases: ['n'], kind: 'int', usage: 'Show last n recently created containers (includes all states). Set 0 for unlimited.' },
      bool('no-trunc', 'Show output without truncating the ID'),
      bool('resolve-image-path', 'Show image path instead of image id', 'r'),
      str('namespace', 'Filter by pod namespace regular expression pattern'),
    ],
  },
  pods: {
    name: 'pods',
    usage: 'List pods',
    shortOptions: true,
    flags: [
      str('id', 'filter by pod id'),
      str('name', 'Filter by pod name regular expression pattern'),
      str('namespace', 'Filter by pod namespace regular expression pattern'),
      str('state', 'Filter by pod state', 's'),
      { name: 'label', kind: 'strings', usage: 'Filter by key=value label' },
      bool('verbose', 'Show verbose info for pods', 'v'),
      bool('quiet', 'List only pod IDs', 'q'),
      OUTPUT_TABLE,
      bool('latest', 'Show the most recently created pod', 'l'),
      { name: 'last', aliases: ['n'], kind: 'int', usage: 'Show last n recently created pods. Set 0 for unlimited' },
      bool('no-trunc', 'Show output without truncating the ID'),
    ],
  },
  images: {
    name: 'images',
    usage: 'List images',
    argsUsage: '[REPOSITORY[:TAG]]',
    shortOptions: true,
    flags: [
      bool('verbose', 'Show verbose info for images', 'v'),
      bool('quiet', 'Only show image IDs', 'q'),
      {
        name: 'filter',
        aliases: ['f'],
        kind: 'strings',
        usage: 'Filter output based on provided conditions.\nAvailable filters: \n* dangling=(boolean - true or false)\n* reference=/regular expression/\n* before=<image-name>[:<tag>]|<image id>|<image@digest>\n* since=<image-name>[:<tag>]|<image id>|<image@digest>\nMultiple filters can be combined together.',
      },
      str('output', 'Output format, One of: json|yaml|table', 'o'),
      bool('digests', 'Show digests'),
      bool('no-trunc', 'Show output without truncating the ID'),
      bool('pinned', 'Show whether the image is pinned or not'),
    ],
  },
  logs: {
    name: 'logs',
    usage: 'Fetch the logs of a container',
    argsUsage: 'CONTAINER-ID',
    shortOptions: true,
    flags: [
      bool('follow', 'Follow log output', 'f'),
      bool('previous', 'Print the logs for the previous instance of the container in a pod if it exists', 'p'),
      bool('reopen', 'Reopen the container logs for the provided container', 'r'),
      { name: 'tail', kind: 'int', usage: 'Number of lines to show from the end of the logs. Defaults to all', value: -1 },
      { name: 'limit-bytes', kind: 'int', usage: 'Maximum bytes of logs to return. Defaults to no limit', value: -1 },
      str('since', 'Show logs since timestamp (e.g. 2013-01-02T13:23:37) or relative (e.g. 42m for 42 minutes)'),
      bool('timestamps', 'Show timestamps', 't'),
      str('stream', 'Show specified stream (stdout or stderr). Defaults to both.', 's'),
    ],
  },
  inspect: {
    name: 'inspect',
    usage: 'Display the status of one or more containers',
    argsUsage: 'CONTAINER-ID [CONTAINER-ID...]',
    shortOptions: false,
    flags: [
      str('output', 'Output format, One of: json|yaml|go-template|table', 'o'),
      bool('quiet', 'Do not show verbose information', 'q'),
      str('template', 'The template string is only used when output is go-template; The Template format is golang template'),
      str('name', 'Filter by container name regular expression pattern'),
      str('namespace', 'Filter by pod namespace regular expression pattern'),
      str('pod', 'Filter by pod id', 'p'),
      str('image', 'Filter by container image'),
      str('state', 'Filter by container state', 's'),
      { name: 'label', kind: 'strings', usage: 'Filter by key=value label' },
      bool('latest', 'Show the most recently created container (includes all states)', 'l'),
      { name: 'last', aliases: ['n'], kind: 'int', usage: 'Show last n recently created containers (includes all states). Set 0 for unlimited.' },
      bool('all', 'Show all containers', 'a'),
    ],
  },
};

/** urfave/cli's HelpFlag (DisableDefaultText: no `(default: false)`). */
const HELP: CliFlag = { name: 'help', aliases: ['h'], kind: 'bool', usage: 'show help' };

export type ParsedFlags =
  | { kind: 'ok'; values: Map<string, string[]>; args: string[] }
  | { kind: 'usage-error'; error: string };

function lookup(cmd: CliCommand, name: string): CliFlag | undefined {
  return [...cmd.flags, HELP].find((f) => f.name === name || f.aliases?.includes(name));
}

/** One flag's value checked as flag.Value.Set would. */
function invalid(f: CliFlag, given: string, value: string): string | undefined {
  if (f.kind === 'bool' && !/^(1|0|t|f|T|F|true|false|TRUE|FALSE|True|False)$/.test(value)) return `invalid boolean value ${JSON.stringify(value)} for -${given}: parse error`;
  if (f.kind === 'int' && !/^[+-]?\d+$/.test(value)) return `invalid value ${JSON.stringify(value)} for flag -${given}: parse error`;
  return undefined;
}

/**
 * flag.FlagSet.Parse: values by the flag's name (a bool's `true`/`false`), and the arguments from
 * the first one that is not a flag (or after `--`).
 */
export function parseFlags(cmd: CliCommand, argv: readonly string[]): ParsedFlags {
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
    const f = lookup(cmd, name);
    if (!f) {
      // parseIter: a single dash's letters that are all flags are split and parsed again.
      const letters = s.slice(1).split('');
      if (cmd.shortOptions && minuses === 1 && s.length > 2 && value === undefined && letters.every((c) => lookup(cmd, c))) {
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

/** stringifyFlag: its names (a value's placeholder after each), a slice's repeat, the usage and its default. */
function flagLine(f: CliFlag): string {
  const placeholder = f.kind === 'bool' ? '' : ' value';
  const names = [f.name, ...(f.aliases ?? [])].map((n) => `${n.length === 1 ? '-' : '--'}${n}${placeholder}`).join(', ');
  const shown = f.kind === 'strings' ? `${names} [ ${names} ]` : names;
  const fallback = f.kind === 'bool' ? 'false' : f.kind === 'int' ? '0' : '';
  const value = f.value === undefined ? fallback : typeof f.value === 'string' ? JSON.stringify(f.value) : String(f.value);
  const dflt = f === HELP || value === '' ? '' : ` (default: ${value})`;
  return `${shown}\t${`${f.usage}${dflt}`.trim()}`;
}

/** text/tabwriter (minwidth 1, tabwidth 8, padding 2, no flags) over lines of at most one tab: a line without one ends the column block. */
function tabwriter(text: string): string {
  const lines = text.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; ) {
    if (!lines[i]!.includes('\t')) {
      out.push(lines[i++]!);
      continue;
    }
    let j = i;
    while (j < lines.length && lines[j]!.includes('\t')) j++;
    const block = lines.slice(i, j).map((l) => l.split('\t') as [string, string]);
    const width = Math.max(...block.map(([cell]) => cell.length)) + 2;
    for (const [cell, rest] of block) out.push(cell.padEnd(width) + rest);
    i = j;
  }
  return out.join('\n');
}

/** `crictl CMD --help`, and what a usage error prints after its `Incorrect Usage:` line. */
export function commandHelp(cmd: CliCommand): string {
  const flags = [...cmd.flags].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const options = [...flags, HELP]
    .map((f) =>
      flagLine(f)
        .split('\n')
        .map((l, i) => (i === 0 || l === '' ? l : `      ${l}`))
        .join('\n'),
    )
    .map((l) => `\n   ${l}`)
    .join('');
  const usage = `crictl ${cmd.name} [command options]${cmd.argsUsage ? ` ${cmd.argsUsage}` : ''}`;
  return tabwriter(`NAME:\n   crictl ${cmd.name} - ${cmd.usage}\n\nUSAGE:\n   ${usage}\n\nCOMMANDS:\n   help, h  Shows a list of commands or help for one command\n\nOPTIONS:${options}\n`);
}
