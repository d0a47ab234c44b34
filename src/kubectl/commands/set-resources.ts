/**
 * `kubectl set resources (-f FILENAME | TYPE NAME) [--limits=…] [--requests=…] [-c CONTAINERS]`
 * (set_resources.go): sets the given requests and limits on every selected container (init
 * containers too) of a pod template, keeping the resources it does not name. Nothing is sent,
 * and nothing printed, for an object the change leaves as it was.
 */
import type { ResourceRequirements } from '../../k8s/types';
import { CmdError, failureText, plainError, type Failure } from '../errors';
import type { FlagDef, Flags } from '../flags';
import type { Env } from '../env';
import { collectTargets } from './targets';
import { dryRunOf, NO_RESOURCES } from './common';
import { parseResourceList } from './resource-list-flag';
import { calculatePatch, containerMatches, noPodTemplateText, sendPatch } from './set-patch';
import { usesFiles } from '../file-inputs';

export const SET_RESOURCES_FLAGS: FlagDef[] = [
  { name: 'containers', short: 'c', kind: 'string' },
  { name: 'limits', kind: 'string' },
  { name: 'requests', kind: 'string' },
];

export function runSetResources(env: Env, flags: Flags, resources: string[], cause?: string): number {
  if (resources.length === 0 && !usesFiles(flags)) throw new CmdError(NO_RESOURCES);
  const dry = dryRunOf(flags);
  // Complete resolves the objects first: a missing one stops the command before Validate.
  const targets = collectTargets(env, flags, resources);
  if (targets.errors.length) throw new CmdError(failureText(targets.errors));
  if (flags.bool('all') && flags.str('selector') !== '') throw plainError('cannot set --all and --selector at the same time');
  const limitsText = flags.str('limits');
  const requestsText = flags.str('requests');
  if (limitsText === '' && requestsText === '') throw plainError('you must specify an update to requests or limits (in the form of --requests/--limits)');
  const limits = parseResourceList(limitsText);
  const requests = parseResourceList(requestsText);
  const selector = flags.str('containers', '*');
  const errors: Failure[] = [];
  for (const t of targets.items) {
    let found = true;
    const outcome = calculatePatch(t.obj, (spec) => {
      const selected = [...spec.containers, ...(spec.initContainers ?? [])].filter((c) => containerMatches(selector, c.name));
      found = selected.length > 0;
      for (const c of selected) {
        const r: ResourceRequirements = (c.resources ??= {});
        if (limits) r.limits = { ...(r.limits ?? {}), ...limits };
        if (requests) r.requests = { ...(r.requests ?? {}), ...requests };
      }
      return found;
    }, cause);
    if (outcome.kind === 'no-pod-template') {
      errors.push({ text: noPodTemplateText(t.info, t.obj) });
      continue;
    }
    if (!found) errors.push({ text: `error: unable to find container named ${selector}` });
    if (outcome.kind === 'unchanged') continue;
    sendPatch(env, flags, t, outcome.modified, outcome.patch, dry, 'failed to patch resources update to pod template ', 'resource requirements updated', errors);
  }
  if (errors.length) throw new CmdError(failureText(errors));
  return 0;
}
