/**
 * `kubectl set resources (-f FILENAME | TYPE NAME) [--limits=…] [--requests=…] [-c CONTAINERS]`
 * (set_resources.go): sets the given requests and limits on every selected container (init
 * containers too) of a pod template, keeping the resources it does not name. Nothing is sent,
 * and nothing printed, for an object the change leaves as it was.
 */
import type { Container, ResourceList, ResourceRequirements } from '../../k8s/types';
import { CmdError, failureText, plainError, type Failure } from '../errors';
import type { FlagDef, Flags } from '../flags';
import type { Env } from '../env';
import { collectTargets } from './targets';
import { dryRunOf, NO_RESOURCES, printResult, withDryRun } from './common';
import { parseResourceList } from './resource-list-flag';
import { podSpecOf } from './pod-template';

export const SET_RESOURCES_FLAGS: FlagDef[] = [
  { name: 'containers', short: 'c', kind: 'string' },
  { name: 'limits', kind: 'string' },
  { name: 'requests', kind: 'string' },
];

/** filepath.Match over a container name: `*` any run, `?` one character, the rest literal. */
function globMatches(pattern: string, name: string): boolean {
  const re = pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  return new RegExp(`^${re}$`).test(name);
}

function withValues(list: ResourceList | undefined, set: ResourceList | undefined): ResourceList | undefined {
  if (!set) return list;
  return { ...(list ?? {}), ...set };
}

function sameList(a: ResourceList | undefined, b: ResourceList | undefined): boolean {
  return JSON.stringify(a ?? {}) === JSON.stringify(b ?? {});
}

export function runSetResources(env: Env, flags: Flags, resources: string[]): number {
  if (resources.length === 0 && flags.list('filename').length === 0) throw new CmdError(NO_RESOURCES);
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
    const spec = podSpecOf(t.obj);
    if (!spec) {
      errors.push({ text: `error: ${t.info.resource}/${t.obj.metadata.name ?? ''} ${t.info.kind} is not a resource with a pod template` });
      continue;
    }
    const selected = [...spec.containers, ...(spec.initContainers ?? [])].filter((c) => globMatches(selector, c.name));
    if (selected.length === 0) {
      errors.push({ text: `error: unable to find container named ${selector}` });
      continue;
    }
    const changed = (list: Container[]): { name: string; resources: ResourceRequirements }[] =>
      list
        .filter((c) => selected.includes(c))
        .map((c) => {
          const cur = c.resources ?? {};
          const next: ResourceRequirements = { ...cur };
          const l = withValues(cur.limits, limits);
          const r = withValues(cur.requests, requests);
          if (l) next.limits = l;
          if (r) next.requests = r;
          return { name: c.name, cur, next };
        })
        .filter((x) => !sameList(x.cur.limits, x.next.limits) || !sameList(x.cur.requests, x.next.requests))
        .map((x) => ({ name: x.name, resources: x.next }));
    const containers = changed(spec.containers);
    const initContainers = changed(spec.initContainers ?? []);
    // No change: an empty patch, skipped without a word.
    if (containers.length === 0 && initContainers.length === 0) continue;
    const specPatch = { ...(containers.length ? { containers } : {}), ...(initContainers.length ? { initContainers } : {}) };
    const patch = t.obj.kind === 'Pod' ? { spec: specPatch } : { spec: { template: { spec: specPatch } } };
    let result = t.obj;
    if (dry !== 'client') {
      const res = env.client.patch(t.info, t.obj.metadata.namespace, t.obj.metadata.name ?? '', patch, dry === 'server');
      if (!res.ok) {
        errors.push({ text: `failed to patch resources update to pod template ${res.error.message}` });
        continue;
      }
      result = res.value;
    } else {
      for (const c of [...spec.containers, ...(spec.initContainers ?? [])]) {
        const hit = [...containers, ...initContainers].find((x) => x.name === c.name);
        if (hit) c.resources = hit.resources;
      }
    }
    printResult(env, flags, t.info, result, withDryRun('resource requirements updated', dry));
  }
  if (errors.length) throw new CmdError(failureText(errors));
  return 0;
}
