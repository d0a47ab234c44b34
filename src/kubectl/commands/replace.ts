/**
 * `kubectl replace -f FILE` (kubectl/pkg/cmd/replace): a PUT of each object as written — no
 * merge with what is live. `--force` deletes each object, waits until it is gone, then creates
 * it again from the file.
 */
import type { KObject } from '../../k8s/types';
import { kindString } from '../builder';
import { CmdError, failureText, isNetworkError, plainError, withSource, type Failure } from '../errors';
import { parseFlags, type FlagDef, type Flags } from '../flags';
import { changeCause, RECORD_FLAG, recordInto } from '../record';
import { scaleOf } from '../../k8s/scale';
import { SUBRESOURCE_COMPLETIONS, subresourceRoute, writeSubresource } from '../subresource';
import { namespaceOf, type Env } from '../env';
import type { ManifestDoc } from '../manifest';
import { placeObject, stringMeta } from '../apply/objects';
import { effectiveTimeout, watchUntil } from '../wait-util';
import { DRY_RUN_FLAG, FILENAME_FLAG, OUTPUT_FLAG, TEMPLATE_FLAGS, VALIDATE_FLAG, checkOutput, dryRunOf, printResult, withDryRun } from './common';
import { failIfSchemaUnreachable, failIfUnrecognizable, KUSTOMIZE_FLAG, loadInputs, usesFiles } from '../file-inputs';

export const REPLACE_FLAGS: FlagDef[] = [
  FILENAME_FLAG,
  KUSTOMIZE_FLAG,
  { name: 'recursive', short: 'R', kind: 'bool' },
  { name: 'force', kind: 'bool' },
  { name: 'grace-period', kind: 'int' },
  { name: 'cascade', kind: 'string', noOptDefault: 'background', values: ['background', 'foreground', 'orphan'] },
  { name: 'timeout', kind: 'duration' },
  { name: 'wait', kind: 'bool' },
  { name: 'raw', kind: 'string' },
  { name: 'subresource', kind: 'string', values: SUBRESOURCE_COMPLETIONS },
  { name: 'field-manager', kind: 'string' },
  { name: 'save-config', kind: 'bool' },
  VALIDATE_FLAG,
  DRY_RUN_FLAG,
  OUTPUT_FLAG,
  ...TEMPLATE_FLAGS,
  RECORD_FLAG,
];

export function runReplace(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, REPLACE_FLAGS, 'kubectl replace');
  const cause = changeCause(env, ['replace'], flags);
  const dry = dryRunOf(flags);
  checkOutput(flags, env.files);
  const force = flags.bool('force');
  // Validate, in replace.go's order.
  if (flags.has('grace-period') && !force) throw plainError('--grace-period must have --force specified');
  if (flags.has('timeout') && !force) throw plainError('--timeout must have --force specified');
  if (force && dry !== 'none') throw plainError('--dry-run can not be used when --force is set');
  if (!usesFiles(flags)) throw plainError('must specify --filename to replace');
  const loaded = loadInputs(env, flags, !['false', 'ignore'].includes(flags.str('validate', 'strict')));
  if (!['false', 'ignore'].includes(flags.str('validate', 'strict'))) failIfSchemaUnreachable(env, flags, loaded);
  failIfUnrecognizable(env, flags, loaded);
  if (loaded.errors.length) throw new CmdError(failureText(loaded.errors));
  const ns = namespaceOf(env, flags);
  const docs = loaded.docs.map((d) => {
    const placed = placeObject(d.info, d.obj, ns, flags.has('namespace'));
    const obj = cause === undefined ? placed : { ...placed, metadata: { ...placed.metadata } };
    recordInto(obj, cause);
    return { doc: d, obj };
  });
  if (docs.length === 0) throw plainError('no objects passed to replace');
  return force ? forceReplace(env, flags.int('grace-period', -1), flags.duration('timeout', 0), docs, flags) : replaceAll(env, dry, docs, flags);
}

type Placed = { doc: ManifestDoc; obj: KObject };

function replaceAll(env: Env, dry: ReturnType<typeof dryRunOf>, docs: Placed[], flags: Parameters<typeof printResult>[1] & Flags): number {
  const errors: Failure[] = [];
  const sub = flags.str('subresource');
  for (const { doc, obj } of docs) {
    if (dry === 'client') {
      printResult(env, flags, doc.info, obj, withDryRun('replaced', dry));
      continue;
    }
    // Any name is sent (helper.WithSubresource): the server's route answers it.
    const route = sub === '' ? undefined : subresourceRoute(env.client, doc.info, obj.metadata.namespace, stringMeta(obj, 'name'), sub, 'PUT');
    if (route && !('type' in route)) {
      errors.push({ api: withSource(route, 'replacing', doc.source) });
      continue;
    }
    const res = env.client.update(doc.info, obj.metadata.namespace, obj, dry === 'server', route && writeSubresource(route));
    if (!res.ok) {
      errors.push({ api: withSource(res.error, 'replacing', doc.source) });
      continue;
    }
    // A `/scale` PUT answers the Scale.
    printResult(env, flags, doc.info, route?.subresource === 'scale' ? (scaleOf(res.value) as unknown as KObject) : res.value, withDryRun('replaced', dry));
  }
  if (errors.length) throw new CmdError(failureText(errors));
  return 0;
}

/**
 * forceReplace: DELETE each (a grace period of 0 becomes 1, as delete's does without --force), poll
 * until a GET says NotFound (5 minutes unless --timeout), then POST each from the file.
 */
function forceReplace(env: Env, grace: number, timeoutMs: number, docs: Placed[], flags: Parameters<typeof printResult>[1]): number {
  const errors: Failure[] = [];
  const deleted: Placed[] = [];
  for (const p of docs) {
    const name = stringMeta(p.obj, 'name');
    const res = env.client.delete(p.doc.info, p.obj.metadata.namespace, name, { ...(grace >= 0 ? { gracePeriodSeconds: grace === 0 ? 1 : grace } : {}), propagationPolicy: 'Background' });
    if (!res.ok) {
      if (isNetworkError(res.error) || res.error.reason !== 'NotFound') errors.push({ api: withSource(res.error, 'deleting', p.doc.source) });
      continue;
    }
    deleted.push(p);
    const kind = kindString(p.doc.info);
    env.out.out(p.doc.info.namespaced ? `${kind} "${name}" deleted from ${p.obj.metadata.namespace ?? ''} namespace\n` : `${kind} "${name}" deleted\n`);
  }
  if (errors.length) throw new CmdError(failureText(errors));
  const deadline = env.sim.now + (timeoutMs > 0 ? timeoutMs : effectiveTimeout(5 * 60 * 1000));
  for (const p of deleted) {
    const name = stringMeta(p.obj, 'name');
    const filter = { ...(p.obj.metadata.namespace ? { namespace: p.obj.metadata.namespace } : {}), names: [name] };
    const current = env.sim.objects(p.doc.info.resource).filter((o) => o.metadata.namespace === p.obj.metadata.namespace && o.metadata.name === name);
    if (current.length && !watchUntil(env, p.doc.info.resource, filter, current, Math.max(0, deadline - env.sim.now), (_e, objs) => objs.length === 0)) {
      throw plainError('timed out waiting for the condition');
    }
  }
  for (const { doc, obj } of docs) {
    const res = env.client.create(doc.info, obj.metadata.namespace, obj);
    if (!res.ok) {
      errors.push({ api: withSource(res.error, 'creating', doc.source) });
      continue;
    }
    printResult(env, flags, doc.info, res.value, 'replaced');
  }
  if (errors.length) throw new CmdError(failureText(errors));
  return 0;
}
