/**
 * The command language described as data, the way cobra's `Command` carries its flags and
 * argument kinds beside `Run`: every line word, kubectl command and `sim` directive. Each command
 * registers the very flag tables it parses with (commands/registry.ts, sim/index.ts), and
 * command-table.ts turns the registrations into a `CommandTable`: plain JSON that travels to the
 * page in the worker's `ready`, so tab completion there needs no copy of kubectl.
 */
import type { FlagDef, FlagValues } from './flags';

/** What a command's positional arguments name, for completion to look up on the cluster shown. */
export type Positional =
  | 'none'
  /** `TYPE [NAME...]`, `TYPE/NAME...`, `a,b`. */
  | 'resources'
  | 'nodes'
  /** A Pod, then one of its containers (`kubectl logs`). */
  | 'pod-then-container'
  /** One Pod as `pod/NAME` (`sim why`). */
  | 'pod'
  /** One Service (`sim curl`). */
  | 'service'
  /** One ServiceAccount of the namespace (`create token`: completion.ResourceNameCompletionFunc). */
  | 'serviceaccount'
  /** One fault target (`sim fail`, `sim recover`). */
  | 'fault-target'
  /** `kubectl cp`'s operands: `NAMESPACE/`, `POD:` first (cp.go's ValidArgsFunction), then files. */
  | 'cp-path';

/** A command's registration: how to run it and what its command line takes. */
export interface CommandSpec<Run> {
  run: Run;
  /** The flags `run` parses (kubectl's global flags come from the group). */
  flags: readonly FlagDef[];
  positional: Positional;
  /** The words a first positional must be (`rollout status`, `create deployment`). */
  subcommands?: readonly string[];
  /** Other names of those subcommands (cobra's Aliases on them), not offered by completion. */
  subcommandAliases?: readonly string[];
  /** What a subcommand's own positionals name, where not `positional` (its ValidArgsFunction). */
  subcommandPositionals?: Readonly<Record<string, Positional>>;
  /** Other names that run it, not offered by completion (cobra's Aliases). */
  aliases?: readonly string[];
  /**
   * For a command with subcommands: its own flags, which cobra reads a line with when it names no
   * subcommand (none but the global ones for a parent whose Run is DefaultSubCommandRun; apply's
   * and create's own where they run themselves), and each subcommand's (an alias's too), so a flag
   * only another subcommand takes is unknown; `flags` is then their union.
   */
  ownFlags?: readonly FlagDef[];
  subcommandFlags?: Readonly<Record<string, readonly FlagDef[]>>;
  /** The words its one positional may be, for completion (cobra's ValidArgs: `completion`'s shells). */
  validArgs?: readonly string[];
  /** For `resources`: the only resources it takes, as plural names, when not every one served. */
  resources?: readonly string[];
  /** For `resources`: category words it takes besides types (`get all`). */
  categories?: readonly string[];
}

// ---- the serialised form ----

export interface FlagInfo {
  name: string;
  short?: string;
  /** True when the flag consumes the next word (pflag: not a bool, and no NoOptDefVal). */
  value: boolean;
  values?: FlagValues;
  /** Deprecated (pflag hides it): understood on the line, never offered. */
  hidden?: boolean;
}

export interface CommandInfo {
  positional: Positional;
  subcommands?: string[];
  subcommandPositionals?: Record<string, Positional>;
  resources?: string[];
  categories?: string[];
  validArgs?: string[];
  /** The union of the tables below, where the command has them (CommandSpec's ownFlags, subcommandFlags). */
  flags: FlagInfo[];
  ownFlags?: FlagRef[];
  subcommandFlags?: Record<string, FlagRef[]>;
}

/**
 * A flag of a command's own or a subcommand's table: the name of the entry in the command's
 * `flags` when the definition is that one (nearly always: the tables overlap heavily, and `ready`
 * must stay within the page's per-message budget), else the definition itself.
 */
export type FlagRef = string | FlagInfo;

export interface CommandGroup {
  /** Flags every command of the group accepts, before or after its name (kubectl's global flags). */
  flags: FlagInfo[];
  commands: Record<string, CommandInfo>;
}

/** A line's first word: the group it runs, and the command it stands for if it names one. */
export interface LineCommand {
  group: 'kubectl' | 'sim';
  command?: string;
}

export interface CommandTable {
  lines: Record<string, LineCommand>;
  kubectl: CommandGroup;
  sim: CommandGroup;
  /** The workstation's programs and bash's builtins at the prompt (`cat`, `grep`, `export`): their operands are files. */
  programs: string[];
}

/** The words a Session runs: `k` is kubectl's usual alias, `sleep` is `sim advance`. */
export const LINE_COMMANDS: Readonly<Record<string, LineCommand>> = {
  kubectl: { group: 'kubectl' },
  k: { group: 'kubectl' },
  sim: { group: 'sim' },
  sleep: { group: 'sim', command: 'advance' },
};

/** The line command a word starts, if any (own properties only: `constructor` is not a command). */
export function lineCommand(word: string): LineCommand | undefined {
  return Object.hasOwn(LINE_COMMANDS, word) ? LINE_COMMANDS[word] : undefined;
}
