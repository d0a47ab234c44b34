/**
 * Which command's help a line asks for, and which topics there are. A line's topic is its
 * command path as cobra's Find reads it (flags.ts splitCommand over the registry), one level
 * deeper where a subcommand has subcommands of its own (`create secret generic`, `create service
 * clusterip`). A word that is no subcommand ends the path (`rollout bogus --help` is rollout's
 * help), and so does a word that `--help` or `-h` swallows as its value, as in cobra (`rollout
 * -h status` is rollout's help too).
 * The same path names the flag table cobra reads the line with before --help (commandFlags).
 * The topics are what the simulator implements: scripts/gen-kubectl-help.mjs asks the real
 * kubectl for each of them, and a test checks the data holds them all.
 */
import { COMMANDS } from '../commands/registry';
import { SECRET_COMMAND, SERVICE_COMMAND } from '../commands/create';
import { splitCommand, type CommandNode, type FlagDef } from '../flags';

type NestedNode = CommandNode & { ownFlags: readonly FlagDef[]; subcommandFlags: Readonly<Record<string, readonly FlagDef[]>> };

/** Subcommands with subcommands of their own, by path (an alias's path too: `create svc clusterip`). */
const NESTED: Readonly<Record<string, NestedNode>> = { 'create secret': SECRET_COMMAND, 'create service': SERVICE_COMMAND, 'create svc': SERVICE_COMMAND };

function rootCommand(word: string): CommandNode | undefined {
  return Object.hasOwn(COMMANDS, word) ? COMMANDS[word] : undefined;
}

/** The command path `argv` names, words joined by a space; empty for none. */
export function helpTopic(argv: readonly string[]): string {
  const { words, rest } = splitCommand(argv, rootCommand);
  const path = words.join(' ');
  const node = Object.hasOwn(NESTED, path) ? NESTED[path] : undefined;
  const last = words[words.length - 1];
  if (!node || last === undefined) return path;
  const deeper = splitCommand([last, ...rest], (w) => (w === last ? node : undefined)).words[1];
  return deeper === undefined ? path : `${path} ${deeper}`;
}

/**
 * The flag table of a command path (helpTopic's), which cobra's ParseFlags reads the line with
 * before it looks at --help or runs the command; undefined where the registry keeps none apart.
 */
export function commandFlags(path: string): readonly FlagDef[] | undefined {
  const [first, second, third] = path.split(' ');
  const spec = first !== undefined && Object.hasOwn(COMMANDS, first) ? COMMANDS[first]! : undefined;
  if (!spec) return undefined;
  if (!spec.subcommands) return spec.flags;
  if (second === undefined) return spec.ownFlags;
  const nested = Object.hasOwn(NESTED, `${first} ${second}`) ? NESTED[`${first} ${second}`]! : undefined;
  if (nested) return third === undefined ? nested.ownFlags : Object.hasOwn(nested.subcommandFlags, third) ? nested.subcommandFlags[third] : undefined;
  return spec.subcommandFlags && Object.hasOwn(spec.subcommandFlags, second) ? spec.subcommandFlags[second] : undefined;
}

export interface HelpTopic {
  path: string;
  /** The subcommands its help lists: those the simulator implements. */
  subcommands: readonly string[];
}

/** Every topic: `help`, each registered command, its subcommands and their aliases, nested ones. */
export function helpTopics(): HelpTopic[] {
  const topics: HelpTopic[] = [{ path: 'help', subcommands: [] }];
  const add = (path: string, node: CommandNode | undefined): void => {
    topics.push({ path, subcommands: node?.subcommands ?? [] });
    for (const sub of [...(node?.subcommands ?? []), ...(node?.subcommandAliases ?? [])]) {
      add(`${path} ${sub}`, Object.hasOwn(NESTED, `${path} ${sub}`) ? NESTED[`${path} ${sub}`] : undefined);
    }
  };
  for (const name of Object.keys(COMMANDS)) add(name, COMMANDS[name]);
  return topics;
}
