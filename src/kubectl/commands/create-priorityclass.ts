/**
 * `kubectl create priorityclass|pc NAME` (create_priorityclass.go): the PriorityClass of --value,
 * --global-default, --description and --preemption-policy (PreemptLowerPriority unless given),
 * with no checks of its own: the apiserver validates them. create.ts wraps a failed Create as
 * `failed to create priorityclass: %v`.
 */
import type { KObject } from '../../k8s/types';
import type { FlagDef, Flags } from '../flags';
import { GENERATOR_WRITE_FLAGS } from './common';

export const PRIORITY_CLASS_FLAGS: FlagDef[] = [
  { name: 'value', kind: 'int' },
  { name: 'global-default', kind: 'bool' },
  { name: 'description', kind: 'string' },
  { name: 'preemption-policy', kind: 'string' },
  ...GENERATOR_WRITE_FLAGS,
];

export function buildPriorityClass(flags: Flags, name: string): KObject {
  const description = flags.str('description');
  return {
    apiVersion: 'scheduling.k8s.io/v1',
    kind: 'PriorityClass',
    metadata: { name },
    value: flags.int('value', 0),
    ...(flags.bool('global-default') ? { globalDefault: true } : {}),
    ...(description !== '' ? { description } : {}),
    preemptionPolicy: flags.has('preemption-policy') ? flags.str('preemption-policy') : 'PreemptLowerPriority',
  } as KObject;
}
