/** `kubectl set image TYPE/NAME container=image ...` (also `*=image`); `set env` and `set resources` live in their own modules. */
import { CmdError, failureText, type Failure } from '../errors';
import { defaultSubCommandRun } from '../help/parent-usage';
import { parseFlags, type FlagDef } from '../flags';
import type { Env } from '../env';
import { collectTargets } from './targets';
import { DRY_RUN_FLAG, FILENAME_FLAG, NO_RESOURCES, OUTPUT_FLAG, TEMPLATE_FLAGS, dryRunOf } from './common';
import { calculatePatch, noPodTemplateText, sendPatch } from './set-patch';
import { runSetResources, SET_RESOURCES_FLAGS } from './set-resources';
import { runSetEnv, SET_ENV_FLAGS } from './set-env';
import { runSetServiceAccount } from './set-serviceaccount';
import { runSetSubject, SET_SUBJECT_FLAGS } from './set-subject';
import { runSetSelector, SET_SELECTOR_FLAGS } from './set-selector';
import { KUSTOMIZE_FLAG, usesFiles } from '../file-inputs';
import { changeCause, RECORD_FLAG } from '../record';

export const SET_FLAGS: FlagDef[] = [
  FILENAME_FLAG,
  KUSTOMIZE_FLAG,
  { name: 'selector', short: 'l', kind: 'string' },
  { name: 'all', kind: 'bool' },
  { name: 'local', kind: 'bool' },
  { name: 'field-manager', kind: 'string' },
  DRY_RUN_FLAG,
  OUTPUT_FLAG,
  ...TEMPLATE_FLAGS,
];

export const SET_SUBCOMMANDS: readonly string[] = ['env', 'image', 'resources', 'selector', 'serviceaccount', 'subject'];
export const SET_SUBCOMMAND_ALIASES: readonly string[] = ['sa'];

const SERVICEACCOUNT_FLAGS: FlagDef[] = [...SET_FLAGS, RECORD_FLAG];
/** Each subcommand's own table (an alias's too); only image, resources, selector and serviceaccount take `--record` (set_*.go's RecordFlags). */
export const SET_SUBCOMMAND_FLAGS: Readonly<Record<string, readonly FlagDef[]>> = {
  env: [...SET_FLAGS, ...SET_ENV_FLAGS],
  image: [...SET_FLAGS, RECORD_FLAG],
  resources: [...SET_FLAGS, ...SET_RESOURCES_FLAGS, RECORD_FLAG],
  selector: [...SET_FLAGS, ...SET_SELECTOR_FLAGS, RECORD_FLAG],
  serviceaccount: SERVICEACCOUNT_FLAGS,
  sa: SERVICEACCOUNT_FLAGS,
  subject: [...SET_FLAGS, ...SET_SUBJECT_FLAGS],
};

export function runSet(env: Env, argv: string[]): number {
  const sub = argv[0];
  if (sub === undefined || !(SET_SUBCOMMANDS.includes(sub) || SET_SUBCOMMAND_ALIASES.includes(sub))) return defaultSubCommandRun(env, argv, 'set', 'err');
  const recorded = () => {
    const f = parseFlags(argv.slice(1), [...SET_SUBCOMMAND_FLAGS[sub]!], `kubectl set ${sub}`);
    return { flags: f, cause: changeCause(env, ['set', sub], f) };
  };
  if (sub === 'serviceaccount' || sub === 'sa') {
    const r = recorded();
    return runSetServiceAccount(env, r.flags, r.cause);
  }
  if (sub === 'subject') return runSetSubject(env, parseFlags(argv.slice(1), [...SET_SUBCOMMAND_FLAGS.subject!], 'kubectl set subject'));
  if (sub === 'selector') {
    const r = recorded();
    return runSetSelector(env, r.flags, r.cause);
  }
  if (sub === 'env') return runSetEnv(env, parseFlags(argv.slice(1), [...SET_SUBCOMMAND_FLAGS.env!], 'kubectl set env'));
  if (sub === 'resources') {
    const r = recorded();
    return runSetResources(env, r.flags, r.flags.args, r.cause);
  }
  const { flags, cause } = recorded();
  const pairs = flags.args.filter((a) => a.includes('='));
  const resources = flags.args.filter((a) => !a.includes('='));
  if (pairs.length === 0) throw new CmdError(`error: at least one image update is required\nSee 'kubectl set image -h' for help and examples\n`);
  const images = pairs.map((p) => {
    const i = p.indexOf('=');
    return { name: p.slice(0, i), image: p.slice(i + 1) };
  });
  if (resources.length === 0 && !usesFiles(flags)) throw new CmdError(NO_RESOURCES);
  const dry = dryRunOf(flags);
  const targets = collectTargets(env, flags, resources);
  const errors: Failure[] = [...targets.errors];
  for (const t of targets.items) {
    // set_image.go: a name no container has is an error, the other images still go in.
    const outcome = calculatePatch(t.obj, (spec) => {
      for (const { name, image } of images) {
        const hits = [...(spec.initContainers ?? []), ...spec.containers].filter((c) => name === '*' || c.name === name);
        if (hits.length === 0) errors.push({ text: `error: unable to find container named "${name}"` });
        for (const c of hits) c.image = image;
      }
    }, cause);
    if (outcome.kind === 'no-pod-template') {
      errors.push({ text: noPodTemplateText(t.info, t.obj) });
      continue;
    }
    // No change: an empty patch, skipped without a word.
    if (outcome.kind === 'unchanged') continue;
    sendPatch(env, flags, t, outcome.modified, outcome.patch, dry, 'failed to patch image update to pod template: ', 'image updated', errors);
  }
  if (errors.length) throw new CmdError(failureText(errors));
  return 0;
}
