/**
 * Verbs whose real work happens outside what the simulation models: they answer one line saying
 * what is not modelled and what to use instead, never a pretend success. (`kubectl top`'s flags
 * and help live here too; the command is top.ts.)
 */
import { plainError } from '../errors';
import type { FlagDef } from '../flags';
import type { Env } from '../env';

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

/** Accepts any flags: the answer does not depend on them. */
export const ANY_FLAGS: FlagDef[] = [];

function unmodelled(verb: string, why: string): (env: Env, argv: string[]) => number {
  return () => {
    throw plainError(`"kubectl ${verb}" is not modelled by this simulator: ${why}`);
  };
}

export const runAttach = unmodelled('attach', 'containers have no interactive terminal to attach to; use "kubectl logs <pod>" for their output or "kubectl exec <pod> -- <command>"');
