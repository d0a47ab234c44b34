/**
 * `kubectl set serviceaccount|sa (-f FILENAME | TYPE NAME) SERVICE_ACCOUNT`
 * (set_serviceaccount.go): sets the pod template's serviceAccountName. Unlike `set image`, it
 * sends its patch and prints "serviceaccount updated" even when the name was already that.
 */
import { CmdError, failureText, plainError, type Failure } from '../errors';
import type { Flags } from '../flags';
import type { Env } from '../env';
import { collectTargets } from './targets';
import { dryRunOf, NO_RESOURCES } from './common';
import { calculatePatch, noPodTemplateText, sendPatch } from './set-patch';
import { usesFiles } from '../file-inputs';

export function runSetServiceAccount(env: Env, flags: Flags, cause?: string): number {
  const dry = dryRunOf(flags);
  if (flags.bool('local') && dry === 'server') throw plainError('cannot specify --local and --dry-run=server - did you mean --dry-run=client?');
  if (flags.args.length === 0) throw plainError('serviceaccount is required');
  const name = flags.args[flags.args.length - 1]!;
  const resources = flags.args.slice(0, -1);
  if (resources.length === 0 && !usesFiles(flags)) throw new CmdError(NO_RESOURCES);
  const targets = collectTargets(env, flags, resources);
  if (targets.errors.length) throw new CmdError(failureText(targets.errors));
  const errors: Failure[] = [];
  for (const t of targets.items) {
    const outcome = calculatePatch(
      t.obj,
      (spec) => {
        spec.serviceAccountName = name;
      },
      cause,
    );
    if (outcome.kind === 'no-pod-template') {
      errors.push({ text: noPodTemplateText(t.info, t.obj) });
      continue;
    }
    sendPatch(env, flags, t, outcome.kind === 'patch' ? outcome.modified : t.obj, outcome.kind === 'patch' ? outcome.patch : {}, dry, 'failed to patch ServiceAccountName ', 'serviceaccount updated', errors);
  }
  if (errors.length) throw new CmdError(failureText(errors));
  return 0;
}
