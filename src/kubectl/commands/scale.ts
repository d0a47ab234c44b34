/** `kubectl scale`: sets spec.replicas through the scale subresource; `--current-replicas` is a precondition. */
import { objectRef } from '../builder';
import { CmdError, failureText, plainError } from '../errors';
import { parseFlags, type FlagDef } from '../flags';
import type { Env } from '../env';
import { collectTargets } from './targets';
import { DRY_RUN_FLAG, FILENAME_FLAG, NO_RESOURCES, dryRunOf, withDryRun } from './common';
import { KUSTOMIZE_FLAG, usesFiles } from '../file-inputs';
import { changeCause, RECORD_FLAG, sendRecordPatch } from '../record';

export const SCALE_FLAGS: FlagDef[] = [
  { name: 'replicas', kind: 'int' },
  { name: 'current-replicas', kind: 'int' },
  { name: 'resource-version', kind: 'string' },
  FILENAME_FLAG,
  KUSTOMIZE_FLAG,
  { name: 'selector', short: 'l', kind: 'string' },
  { name: 'all', kind: 'bool' },
  { name: 'timeout', kind: 'duration' },
  { name: 'output', short: 'o', kind: 'string', values: ['name'] },
  DRY_RUN_FLAG,
  RECORD_FLAG,
];

export function runScale(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, SCALE_FLAGS, 'kubectl scale');
  const cause = changeCause(env, ['scale'], flags);
  if (!flags.has('replicas')) throw new CmdError(`error: required flag(s) "replicas" not set\n`);
  const replicas = flags.int('replicas', 0);
  if (replicas < 0) throw plainError('The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0');
  if (flags.args.length === 0 && !usesFiles(flags)) {
    throw new CmdError(NO_RESOURCES);
  }
  const dry = dryRunOf(flags);
  const targets = collectTargets(env, flags, flags.args);
  if (targets.items.length === 0 && targets.errors.length === 0) throw plainError('no objects passed to scale');
  // RunScale: each object in turn; the first the scaler refuses ends the command with that error
  // alone, and the builder's errors (a name not found) come after every object found was scaled.
  for (const t of targets.items) {
    const ref = objectRef(t.info, t.obj.metadata.name ?? '');
    // --dry-run=client sets spec.replicas on any object it read, a Service included.
    if (dry === 'client') {
      env.out.out(flags.str('output') === 'name' ? `${ref}\n` : `${ref} ${withDryRun('scaled', dry)}\n`);
      continue;
    }
    // The scaler PATCHes the scale subresource (after a GET for --current-replicas): a kind
    // without one is the apiserver's 404.
    const current = (t.obj.spec as { replicas?: number } | undefined)?.replicas ?? 0;
    if (flags.has('current-replicas') && t.info.subresources.includes('scale') && flags.int('current-replicas', -1) !== current) {
      throw new CmdError(failureText([{ text: `Expected replicas to be ${flags.int('current-replicas', -1)}, was ${current}` }]));
    }
    const res = env.client.patch(t.info, t.obj.metadata.namespace, t.obj.metadata.name ?? '', { spec: { replicas } }, dry === 'server', 'scale');
    if (!res.ok) throw new CmdError(failureText([{ api: res.error }]));
    sendRecordPatch(env, t.info, t.obj, cause);
    env.out.out(flags.str('output') === 'name' ? `${ref}\n` : `${ref} ${withDryRun('scaled', dry)}\n`);
  }
  if (targets.errors.length) throw new CmdError(failureText(targets.errors));
  return 0;
}
