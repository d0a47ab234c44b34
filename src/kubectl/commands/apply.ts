/**
 * `kubectl apply -f`: create what does not exist (with the last-applied-configuration
 * annotation), otherwise send the three-way patch — `configured`, or `unchanged` when the
 * patch is empty. Objects are applied in file order; errors are reported after all of them.
 */
import type { KObject } from '../../k8s/types';
import { CmdError, failureText, isNetworkError, plainError, withSource, type ApiError, type Failure } from '../errors';
import { parseFlags, type FlagDef, type Flags } from '../flags';
import { namespaceOf, type Env } from '../env';
import { loadManifests, type ManifestDoc } from '../manifest';
import { toJsonCompact } from '../../k8s/printers/json';
import { applyPatch, threeWayPatch } from '../apply/strategic';
import { LAST_APPLIED, infoString, placeObject, withLastApplied } from '../apply/objects';
import { DRY_RUN_FLAG, FILENAME_FLAG, OUTPUT_FLAG, VALIDATE_FLAG, dryRunOf, printResult, withDryRun, type DryRun } from './common';

export const APPLY_FLAGS: FlagDef[] = [
  FILENAME_FLAG,
  { name: 'recursive', short: 'R', kind: 'bool' },
  VALIDATE_FLAG,
  { name: 'server-side', kind: 'bool' },
  { name: 'force-conflicts', kind: 'bool' },
  { name: 'field-manager', kind: 'string' },
  { name: 'prune', kind: 'bool' },
  { name: 'selector', short: 'l', kind: 'string' },
  { name: 'overwrite', kind: 'bool' },
  { name: 'force', kind: 'bool' },
  { name: 'wait', kind: 'bool' },
  { name: 'record', kind: 'bool' },
  DRY_RUN_FLAG,
  OUTPUT_FLAG,
];

function validationOn(flags: Flags): boolean {
  const v = flags.str('validate', 'strict');
  return !['false', 'ignore'].includes(v);
}

function notFound(e: ApiError): boolean {
  return !isNetworkError(e) && e.reason === 'NotFound';
}

function applyOne(env: Env, flags: Flags, doc: ManifestDoc, dry: DryRun): Failure | undefined {
  const ns = namespaceOf(flags);
  const obj = placeObject(doc.info, doc.obj, ns, flags.has('namespace'));
  const { modified } = withLastApplied(obj);
  const name = obj.metadata.name ?? '';
  const live = env.client.get(doc.info, obj.metadata.namespace, name);
  if (!live.ok) {
    if (!notFound(live.error)) {
      return { api: withSource(live.error, `retrieving current configuration of:\n${infoString(doc.info, obj)}\nfrom server for:`, doc.source) };
    }
    if (dry === 'client') {
      printResult(env, flags, doc.info, modified, withDryRun('created', dry));
      return undefined;
    }
    const res = env.client.create(doc.info, obj.metadata.namespace, modified, dry === 'server');
    if (!res.ok) return { api: withSource(res.error, 'creating', doc.source) };
    printResult(env, flags, doc.info, res.value, withDryRun('created', dry));
    return undefined;
  }
  const current = live.value;
  const originalText = current.metadata.annotations?.[LAST_APPLIED];
  if (originalText === undefined) {
    env.out.err(
      `Warning: resource ${doc.info.resource}/${name} is missing the ${LAST_APPLIED} annotation which is required by kubectl apply. kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. The missing annotation will be patched automatically.\n`,
    );
  }
  let original: unknown;
  try {
    original = originalText ? JSON.parse(originalText) : undefined;
  } catch {
    original = undefined;
  }
  const patch = threeWayPatch(original, modified as unknown as Record<string, unknown>, current as unknown as Record<string, unknown>);
  if (Object.keys(patch).length === 0) {
    printResult(env, flags, doc.info, current, withDryRun('unchanged', dry));
    return undefined;
  }
  if (dry === 'client') {
    printResult(env, flags, doc.info, applyPatch(current, patch) as KObject, withDryRun('configured', dry));
    return undefined;
  }
  const res = env.client.patch(doc.info, obj.metadata.namespace, name, patch, dry === 'server');
  if (!res.ok) {
    return { api: withSource(res.error, `applying patch:\n${toJsonCompact(patch)}\nto:\n${infoString(doc.info, obj)}\nfor:`, `${doc.source}": error when patching "${doc.source}`) };
  }
  printResult(env, flags, doc.info, res.value, withDryRun('configured', dry));
  return undefined;
}

/** Server-side apply, simplified: create, or replace the fields the manifest sets. */
function serverSideOne(env: Env, flags: Flags, doc: ManifestDoc, dry: DryRun): Failure | undefined {
  const obj = placeObject(doc.info, doc.obj, namespaceOf(flags), flags.has('namespace'));
  const name = obj.metadata.name ?? '';
  const live = env.client.get(doc.info, obj.metadata.namespace, name);
  const res = !live.ok && notFound(live.error) ? env.client.create(doc.info, obj.metadata.namespace, obj, dry !== 'none') : env.client.patch(doc.info, obj.metadata.namespace, name, obj as unknown as Record<string, unknown>, dry !== 'none');
  if (!res.ok) return { api: withSource(res.error, 'applying', doc.source) };
  printResult(env, flags, doc.info, res.value, withDryRun('serverside-applied', dry));
  return undefined;
}

export function runApply(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, APPLY_FLAGS, 'kubectl apply');
  const filenames = flags.list('filename');
  if (filenames.length === 0) throw plainError('must specify one of -f and -k');
  if (flags.args.length > 0) throw plainError(`Unexpected args: [${flags.args.join(' ')}]\nSee 'kubectl apply -h' for help and examples`);
  const dry = dryRunOf(flags);
  const loaded = loadManifests(env.files, env.stdin, filenames, validationOn(flags));
  if (loaded.docs.length === 0 && loaded.errors.length === 0) throw plainError('no objects passed to apply');
  const errors: Failure[] = [...loaded.errors];
  const failures: Failure[] = [];
  for (const doc of loaded.docs) {
    const f = flags.bool('server-side') ? serverSideOne(env, flags, doc, dry) : applyOne(env, flags, doc, dry);
    if (f) failures.push(f);
  }
  const all = [...errors, ...failures];
  if (all.length) throw new CmdError(failureText(all));
  return 0;
}

