/**
 * `kubectl top`'s flags and subcommands (the command is top.ts), kept apart from it so the command
 * table and help can read them without loading the metrics code.
 */
import type { FlagDef } from '../flags';

export const TOP_SUBCOMMANDS = ['node', 'pod'] as const;
export const TOP_SUBCOMMAND_ALIASES = ['nodes', 'no', 'pods', 'po'] as const;

export const TOP_FLAGS: FlagDef[] = [
  { name: 'selector', short: 'l', kind: 'string' },
  { name: 'field-selector', kind: 'string' },
  { name: 'all-namespaces', short: 'A', kind: 'bool' },
  { name: 'sort-by', kind: 'string', values: ['cpu', 'memory'] },
  { name: 'no-headers', kind: 'bool' },
  { name: 'containers', kind: 'bool' },
  { name: 'sum', kind: 'bool' },
  { name: 'show-capacity', kind: 'bool' },
  { name: 'use-protocol-buffers', kind: 'bool' },
  { name: 'show-swap', kind: 'bool' },
];

const only = (...names: string[]): FlagDef[] => TOP_FLAGS.filter((f) => names.includes(f.name));
const NODE = only('no-headers', 'selector', 'show-capacity', 'show-swap', 'sort-by', 'use-protocol-buffers');
const POD = only('all-namespaces', 'containers', 'field-selector', 'no-headers', 'selector', 'show-swap', 'sort-by', 'sum', 'use-protocol-buffers');

/** Each subcommand's own table (an alias's too), as `kubectl top node|pod --help` lists them; TOP_FLAGS is their union. */
export const TOP_SUBCOMMAND_FLAGS: Readonly<Record<string, readonly FlagDef[]>> = { node: NODE, nodes: NODE, no: NODE, pod: POD, pods: POD, po: POD };
