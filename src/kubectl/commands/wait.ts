/**
 * `kubectl wait --for=delete|condition=X[=v]|jsonpath='{...}'[=v]`: checks each object, then
 * follows the watch while simulated time advances, until the condition holds or --timeout
 * (default 30s) passes.
 */
import type { KObject } from '../../k8s/types';
import { objectRef } from '../builder';
import { CmdError, failureText, plainError, type Failure } from '../errors';
import { parseFlags, type FlagDef } from '../flags';
import type { Env } from '../env';
import { findResults, parseTemplate, relaxedJsonPath } from '../printers/jsonpath';
import { effectiveTimeout, watchUntil } from '../wait-util';
import { FILENAME_FLAG } from './common';
import { collectTargets } from './targets';

export const WAIT_FLAGS: FlagDef[] = [
  { name: 'for', kind: 'string', values: ['condition=', 'condition=Available', 'condition=Ready', 'create', 'delete', 'jsonpath='] },
  { name: 'timeout', kind: 'duration' },
  FILENAME_FLAG,
  { name: 'selector', short: 'l', kind: 'string' },
  { name: 'field-selector', kind: 'string' },
  { name: 'all', kind: 'bool' },
  { name: 'all-namespaces', short: 'A', kind: 'bool' },
  { name: 'output', short: 'o', kind: 'string' },
  { name: 'local', kind: 'bool' },
];

type Condition = { kind: 'delete' } | { kind: 'create' } | { kind: 'condition'; name: string; value: string } | { kind: 'jsonpath'; template: string; value?: string };

function parseFor(raw: string): Condition {
  if (raw === '') throw plainError('--for must be specified');
  const lower = raw.toLowerCase();
  if (lower === 'delete') return { kind: 'delete' };
  if (lower === 'create') return { kind: 'create' };
  if (lower.startsWith('condition=')) {
    const rest = raw.slice('condition='.length);
    const i = rest.indexOf('=');
    return i < 0 ? { kind: 'condition', name: rest, value: 'true' } : { kind: 'condition', name: rest.slice(0, i), value: rest.slice(i + 1) };
  }
  if (lower.startsWith('jsonpath=')) {
    const rest = raw.slice('jsonpath='.length);
    const close = rest.lastIndexOf('}');
    const expr = close >= 0 ? rest.slice(0, close + 1) : rest.split('=')[0]!;
    const tail = rest.slice(expr.length);
    let template: string;
    try {
      template = relaxedJsonPath(expr);
      parseTemplate(template);
    } catch {
      throw plainError(`unrecognized condition: "${raw}"`);
    }
    if (tail === '') return { kind: 'jsonpath', template };
    if (!tail.startsWith('=')) throw plainError(`unrecognized condition: "${raw}"`);
    return { kind: 'jsonpath', template, value: tail.slice(1) };
  }
  throw plainError(`unrecognized condition: "${raw}"`);
}

function met(c: Condition, obj: KObject): boolean {
  switch (c.kind) {
    case 'create':
      return true;
    case 'delete':
      return false;
    case 'condition': {
      const conds = ((obj.status as { conditions?: { type: string; status: string; observedGeneration?: number }[] } | undefined)?.conditions ?? []);
      const cond = conds.find((x) => x.type.toLowerCase() === c.name.toLowerCase());
      if (!cond) return false;
      if (cond.observedGeneration !== undefined && obj.metadata.generation !== undefined && cond.observedGeneration < obj.metadata.generation) return false;
      return cond.status.toLowerCase() === c.value.toLowerCase();
    }
    case 'jsonpath': {
      const values = findResults(parseTemplate(c.template), obj).flat();
      if (c.value === undefined) return values.length > 0;
      if (values.length !== 1) return false;
      const v = values[0];
      const text = v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v);
      return text === c.value;
    }
  }
}

export function runWait(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, WAIT_FLAGS, 'kubectl wait');
  const cond = parseFor(flags.str('for'));
  // Zero checks once; a negative timeout means "a week". Any wait is cut to MAX_WAIT_MS.
  const raw = flags.duration('timeout', 30_000);
  const timeout = raw === 0 ? 0 : effectiveTimeout(raw);
  const targets = collectTargets(env, flags, flags.args, { allNamespaces: flags.bool('all-namespaces') });
  const errors: Failure[] = cond.kind === 'delete' ? targets.errors.filter((f) => !('api' in f && !('network' in f.api) && f.api.reason === 'NotFound')) : [...targets.errors];
  if (targets.items.length === 0 && errors.length === 0 && cond.kind !== 'delete') throw plainError('no matching resources found');
  const deadline = env.sim.now + timeout;
  for (const t of targets.items) {
    const ref = objectRef(t.info, t.obj.metadata.name ?? '');
    const check = (o: KObject | undefined): boolean => (cond.kind === 'delete' ? o === undefined || o.metadata.uid !== t.obj.metadata.uid : o !== undefined && met(cond, o));
    let ok = check(t.obj);
    if (!ok) {
      const filter = { ...(t.obj.metadata.namespace ? { namespace: t.obj.metadata.namespace } : {}), names: [t.obj.metadata.name ?? ''] };
      ok = watchUntil(env, t.info.resource, filter, [t.obj], Math.max(0, deadline - env.sim.now), (e) => check(e.type === 'DELETED' ? undefined : e.obj));
    }
    if (!ok) {
      errors.push({ text: `timed out waiting for the condition on ${t.info.resource}/${t.obj.metadata.name ?? ''}` });
      continue;
    }
    env.out.out(`${ref} condition met\n`);
  }
  if (errors.length) throw new CmdError(failureText(errors));
  return 0;
}
