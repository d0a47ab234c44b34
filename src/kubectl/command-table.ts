/**
 * The registered commands as one plain-JSON `CommandTable` (command-spec.ts): what the worker
 * sends the page in `ready` for tab completion. Derived only from the registrations, so a flag
 * added to a command's table is offered the moment kubectl accepts it.
 */
import type { CommandGroup, CommandInfo, CommandSpec, CommandTable, FlagInfo, FlagRef } from './command-spec';
import { LINE_COMMANDS } from './command-spec';
import { COMMANDS } from './commands/registry';
import { GLOBAL_FLAGS, type FlagDef } from './flags';
import { SIM_DIRECTIVES } from './sim/index';
import { WORKSTATION_COMMANDS } from '../engine/index';
import { EDITOR_PROGRAMS } from './laptop-editor';
import { PROMPT_BUILTINS } from './prompt-shell';

function flagInfo(d: FlagDef): FlagInfo {
  const info: FlagInfo = { name: d.name, value: d.kind !== 'bool' && d.noOptDefault === undefined };
  if (d.short) info.short = d.short;
  if (d.deprecated !== undefined) info.hidden = true;
  if (d.values) info.values = typeof d.values === 'string' ? d.values : [...d.values];
  return info;
}

/** Each flag once, the first definition winning (a command may register two tables that share flags). */
function flagInfos(defs: readonly FlagDef[]): FlagInfo[] {
  const byName = new Map<string, FlagDef>();
  for (const d of defs) if (!byName.has(d.name)) byName.set(d.name, d);
  return [...byName.values()].map(flagInfo);
}

/** `defs` as references into `union` wherever the definition is the same one. */
function flagRefs(defs: readonly FlagDef[], union: readonly FlagInfo[]): FlagRef[] {
  const byName = new Map(union.map((f) => [f.name, JSON.stringify(f)]));
  return flagInfos(defs).map((f) => (byName.get(f.name) === JSON.stringify(f) ? f.name : f));
}

function commandInfo(spec: CommandSpec<unknown>): CommandInfo {
  const info: CommandInfo = { positional: spec.positional, flags: flagInfos(spec.flags) };
  if (spec.subcommands) info.subcommands = [...spec.subcommands];
  if (spec.subcommandPositionals) info.subcommandPositionals = { ...spec.subcommandPositionals };
  if (spec.resources) info.resources = [...spec.resources];
  if (spec.categories) info.categories = [...spec.categories];
  if (spec.validArgs) info.validArgs = [...spec.validArgs];
  if (spec.ownFlags) info.ownFlags = flagRefs(spec.ownFlags, info.flags);
  if (spec.subcommandFlags) info.subcommandFlags = Object.fromEntries(Object.entries(spec.subcommandFlags).map(([sub, defs]) => [sub, flagRefs(defs, info.flags)]));
  return info;
}

function group(flags: readonly FlagDef[], commands: Readonly<Record<string, CommandSpec<unknown>>>): CommandGroup {
  return { flags: flagInfos(flags), commands: Object.fromEntries(Object.entries(commands).map(([name, spec]) => [name, commandInfo(spec)])) };
}

export function commandTable(): CommandTable {
  return {
    lines: Object.fromEntries(Object.entries(LINE_COMMANDS).map(([word, line]) => [word, { ...line }])),
    kubectl: group(GLOBAL_FLAGS, COMMANDS),
    sim: group([], SIM_DIRECTIVES),
    programs: [...WORKSTATION_COMMANDS, ...PROMPT_BUILTINS, ...EDITOR_PROGRAMS, 'watch'].sort(),
  };
}
