/**
 * `kubectl set selector (-f FILENAME | TYPE NAME) EXPRESSIONS [--resource-version=…]`
 * (set_selector.go): replaces a Service's `spec.selector` with the expression's `key=value`
 * pairs. Only Services, only equality (a set-based requirement is refused), always sent and
 * reported, and the first failing object stops the command, as upstream's Visit does.
 */
import { parseSelector, type Requirement } from '../../k8s/labels';
import type { KObject } from '../../k8s/types';
import { CmdError, failureText, plainError } from '../errors';
import type { FlagDef, Flags } from '../flags';
import type { Env } from '../env';
import { collectTargets } from './targets';
import { dryRunOf, NO_RESOURCES, printResult, withDryRun } from './common';
import { calculateObjectPatch } from './set-patch';

export const SET_SELECTOR_FLAGS: FlagDef[] = [{ name: 'resource-version', kind: 'string' }];

/** ParseToLabelSelector: `=`/`==` pairs go to matchLabels, everything else is a match expression. */
function parseToLabelSelector(text: string): { matchLabels: Record<string, string>; expressions: Requirement[] } {
  const matchLabels: Record<string, string> = {};
  const expressions: Requirement[] = [];
  const parsed = parseSelector(text);
  if (!parsed.ok) throw plainError(parsed.error);
  for (const part of text.split(/,(?![^(]*\))/)) {
    const eq = /^\s*([^\s!=()]+)\s*==?\s*([^\s=()]*)\s*$/.exec(part);
    if (eq) matchLabels[eq[1]!] = eq[2]!;
    else if (part.trim() !== '') {
      const one = parseSelector(part);
      if (one.ok) expressions.push(...one.selector);
    }
  }
  return { matchLabels, expressions };
}

/** Go's %v of []LabelSelectorRequirement: `[{key Op [v1 v2]}]`. */
function goRequirements(rs: Requirement[]): string {
  return `[${rs.map((r) => `{${r.key} ${r.op} [${'values' in r ? r.values.join(' ') : ''}]}`).join(' ')}]`;
}

export function runSetSelector(env: Env, flags: Flags, cause?: string): number {
  const dry = dryRunOf(flags);
  const args = flags.args;
  const selectorText = args.length > 0 ? args[args.length - 1]! : undefined;
  const resources = args.slice(0, -1);
  const selector = selectorText === undefined ? undefined : parseToLabelSelector(selectorText);
  if (!selector) throw plainError('one selector is required');
  if (resources.length === 0 && flags.list('filename').length === 0) throw new CmdError(NO_RESOURCES);
  const targets = collectTargets(env, flags, resources);
  const rv = flags.str('resource-version');
  for (const t of targets.items) {
    if (t.obj.kind !== 'Service') throw plainError('setting a selector is only supported for Services');
    if (selector.expressions.length > 0) throw plainError(`match expression ${goRequirements(selector.expressions)} not supported on this object`);
    const base: KObject = rv ? { ...t.obj, metadata: { ...t.obj.metadata, resourceVersion: '' } } : t.obj;
    const outcome = calculateObjectPatch(base, (copy) => {
      if (rv) copy.metadata.resourceVersion = rv;
      (copy.spec as { selector?: Record<string, string> }).selector = { ...selector.matchLabels };
    }, cause);
    let result = outcome.kind === 'patch' ? outcome.modified : t.obj;
    if (dry !== 'client') {
      const res = env.client.patch(t.info, t.obj.metadata.namespace, t.obj.metadata.name ?? '', outcome.kind === 'patch' ? outcome.patch : {}, dry === 'server');
      if (!res.ok) throw new CmdError(failureText([{ api: res.error }]));
      result = res.value;
    }
    printResult(env, flags, t.info, result, withDryRun('selector updated', dry));
  }
  if (targets.errors.length) throw new CmdError(failureText(targets.errors));
  return 0;
}
