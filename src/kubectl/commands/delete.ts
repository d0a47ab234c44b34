/**
 * `kubectl delete`: by file, by name, by selector or `--all`; grace period, `--force`,
 * `--cascade`, and (by default) waiting until each object is really gone — which on a pod
 * means the kubelet finished terminating it, so simulated time advances.
 */
import type { KObject } from '../../k8s/types';
import { kindString } from '../builder';
import { CmdError, failureText, plainError, withSource, type Failure } from '../errors';
import { parseFlags, type FlagDef, type Flags } from '../flags';
import { namespaceOf, type Env } from '../env';
import { parseResourceArgs } from '../builder';
import { stringMeta } from '../apply/objects';
import { effectiveTimeout, watchUntil } from '../wait-util';
import { collectTargets, type Target, type Targets } from './targets';
import { DRY_RUN_FLAG, FILENAME_FLAG, NO_RESOURCES, dryRunOf, withDryRun, type DryRun } from './common';
import { failIfUnrecognizable, KUSTOMIZE_FLAG, loadInputs, usesFiles } from '../file-inputs';

export const DELETE_FLAGS: FlagDef[] = [
  FILENAME_FLAG,
  KUSTOMIZE_FLAG,
  { name: 'recursive', short: 'R', kind: 'bool' },
  { name: 'selector', short: 'l', kind: 'string' },
  { name: 'field-selector', kind: 'string' },
  { name: 'all', kind: 'bool' },
  { name: 'all-namespaces', short: 'A', kind: 'bool' },
  { name: 'grace-period', kind: 'int' },
  { name: 'force', kind: 'bool' },
  { name: 'now', kind: 'bool' },
  { name: 'cascade', kind: 'string', noOptDefault: 'background', values: ['background', 'foreground', 'orphan'] },
  { name: 'wait', kind: 'bool' },
  { name: 'timeout', kind: 'duration' },
  { name: 'ignore-not-found', kind: 'bool' },
  { name: 'output', short: 'o', kind: 'string', values: ['name'] },
  { name: 'interactive', short: 'i', kind: 'bool' },
  { name: 'raw', kind: 'string' },
  DRY_RUN_FLAG,
];

function propagation(v: string): 'Background' | 'Foreground' | 'Orphan' {
  switch (v) {
    case 'background':
    case 'true':
      return 'Background';
    case 'foreground':
      return 'Foreground';
    case 'orphan':
    case 'false':
      return 'Orphan';
    default:
      throw plainError(`invalid cascade value (${v}). Must be "background", "foreground", or "orphan".`);
  }
}

export function runDelete(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, DELETE_FLAGS, 'kubectl delete');
  if (flags.args.length === 0 && !usesFiles(flags)) throw new CmdError(NO_RESOURCES);
  if (flags.bool('all') && flags.str('selector')) throw plainError('cannot set --all and --selector at the same time');
  const force = flags.bool('force');
  let grace = flags.int('grace-period', -1);
  if (flags.bool('now')) {
    if (grace !== -1) throw plainError('--now and --grace-period cannot be specified together');
    grace = 1;
  }
  if (grace === 0 && !force) grace = 1;
  if (force && grace < 0) grace = 0;
  const policy = propagation(flags.str('cascade', 'background'));
  const dry = dryRunOf(flags);
  if (force) env.out.err('Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.\n');

  // kubectl deletes named objects without reading them first (RequireObject(false)).
  const targets = namedTargets(env, flags) ?? collectTargets(env, flags, flags.args, { allNamespaces: flags.bool('all-namespaces') });
  const ignoreNotFound = flags.bool('ignore-not-found') || (targets.byQuery && flags.bool('all'));
  const errors: Failure[] = targets.errors.filter((f) => !(ignoreNotFound && 'api' in f && !('network' in f.api) && f.api.reason === 'NotFound'));
  const deleted: Target[] = [];
  let warnedScope = false;
  for (const t of targets.items) {
    if (flags.has('namespace') && !flags.bool('all-namespaces') && !t.info.namespaced && !warnedScope) {
      env.out.err('Warning: deleting cluster-scoped resources, not scoped to the provided namespace\n');
      warnedScope = true;
    }
    const name = t.obj.metadata.name ?? '';
    let obj = t.obj;
    if (dry !== 'client') {
      const res = env.client.delete(t.info, t.obj.metadata.namespace, name, { ...(grace >= 0 ? { gracePeriodSeconds: grace } : {}), propagationPolicy: policy, dryRun: dry === 'server' });
      if (!res.ok) {
        if (!(ignoreNotFound && !('network' in res.error) && res.error.reason === 'NotFound')) errors.push({ api: withSource(res.error, 'deleting', t.source) });
        continue;
      }
      obj = res.value;
    }
    deleted.push({ ...t, obj });
    printDeleted(env, flags.str('output'), t, grace === 0 ? 'force deleted' : 'deleted', dry);
  }
  if (targets.items.length === 0 && errors.length === 0 && targets.errors.length === 0) env.out.out('No resources found\n');
  if (deleted.length && flags.bool('wait', true) && dry === 'none') {
    // One deadline for every object, as kubectl's wait has.
    const deadline = env.sim.now + effectiveTimeout(flags.duration('timeout', 0));
    for (const t of deleted) {
      if (!waitGone(env, t.obj, t.info.resource, Math.max(0, deadline - env.sim.now))) {
        errors.push({ text: `timed out waiting for the condition on ${t.info.resource}/${t.obj.metadata.name ?? ''}` });
        break;
      }
    }
  }
  if (errors.length) throw new CmdError(failureText(errors));
  return 0;
}

/** `-f` files and `TYPE NAME` arguments name their objects; nothing is fetched before the DELETE. */
function namedTargets(env: Env, flags: Flags): Targets | undefined {
  const ns = namespaceOf(env, flags);
  if (usesFiles(flags)) {
    const loaded = loadInputs(env, flags);
    failIfUnrecognizable(env, flags, loaded);
    const items = loaded.docs.map((d) => ({ info: d.info, obj: { ...d.obj, metadata: { ...d.obj.metadata, name: stringMeta(d.obj, 'name'), namespace: d.info.namespaced ? stringMeta(d.obj, 'namespace') || ns : undefined } }, source: d.source }));
    return { items, errors: loaded.errors, byQuery: false };
  }
  const groups = parseResourceArgs(flags.args);
  if (groups.length === 0 || groups.some((g) => g.names.length === 0)) return undefined;
  const items = groups.flatMap((g) => g.names.map((name) => ({ info: g.info, obj: { apiVersion: '', kind: g.info.kind, metadata: { name, ...(g.info.namespaced ? { namespace: ns } : {}) } } as KObject })));
  return { items, errors: [], byQuery: false };
}

/** DeleteOptions.PrintObj: the namespace, then the dry run (`deleted from dev namespace (dry run)`). */
function printDeleted(env: Env, output: string, t: Target, operation: string, dry: DryRun): void {
  const kind = kindString(t.info);
  const name = t.obj.metadata.name ?? '';
  const where = t.info.namespaced ? ` from ${t.obj.metadata.namespace ?? ''} namespace` : '';
  if (output === 'name') env.out.out(`${kind}/${name}\n`);
  else env.out.out(`${kind} "${name}" ${withDryRun(`${operation}${where}`, dry)}\n`);
}

/** IsDeleted: the object with this UID no longer exists. */
function waitGone(env: Env, obj: KObject, resource: string, timeoutMs: number): boolean {
  const stillThere = (objs: KObject[]): boolean => objs.some((o) => o.metadata.uid === obj.metadata.uid);
  const current = env.sim.objects(resource).filter((o) => o.metadata.namespace === obj.metadata.namespace && o.metadata.name === obj.metadata.name);
  if (!stillThere(current)) return true;
  const filter = { ...(obj.metadata.namespace ? { namespace: obj.metadata.namespace } : {}), names: [obj.metadata.name ?? ''] };
  return watchUntil(env, resource, filter, current, timeoutMs, (_e, objs) => !stillThere(objs));
}
