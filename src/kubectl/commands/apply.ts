/**
 * `kubectl apply -f`: create what does not exist (with the last-applied-configuration
 * annotation), otherwise send the three-way patch — `configured`, or `unchanged` when the
 * patch is empty. Objects are applied in file order; errors are reported after all of them.
 */
import type { KObject } from '../../k8s/types';
import type { ResourceInfo } from '../../k8s/resources';
import { CmdError, failureText, isNetworkError, plainError, withSource, type ApiError, type Failure } from '../errors';
import { parseFlags, type FlagDef, type Flags } from '../flags';
import { changeCause, RECORD_FLAG, recordInto } from '../record';
import { namespaceOf, type Env } from '../env';
import { throwIfCutShort } from '../interrupt';
import type { ManifestDoc } from '../manifest';
import { failIfSchemaUnreachable, failIfUnrecognizable, KUSTOMIZE_FLAG, loadInputs, usesFiles } from '../file-inputs';
import { toJsonCompact } from '../../k8s/printers/json';
import { threeWayPatch } from '../../k8s/strategic-patch';
import { customSource } from '../../k8s/apiextensions';
import { applyPatch } from '../apply/strategic';
import { runSetLastApplied, runViewLastApplied } from './apply-last-applied';
import { runEditLastApplied } from './apply-edit-last-applied';
import { LAST_APPLIED, infoString, placeObject, stringMeta, withLastApplied } from '../apply/objects';
import { DRY_RUN_FLAG, FILENAME_FLAG, OUTPUT_FLAG, TEMPLATE_FLAGS, VALIDATE_FLAG, checkOutput, dryRunOf, printResult, withDryRun, type DryRun } from './common';

export const APPLY_FLAGS: FlagDef[] = [
  FILENAME_FLAG,
  KUSTOMIZE_FLAG,
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
  RECORD_FLAG,
  DRY_RUN_FLAG,
  OUTPUT_FLAG,
  ...TEMPLATE_FLAGS,
];

/** kubectl/pkg/cmd/apply/patcher.go: maxPatchRetry, triesBeforeBackOff, patchRetryBackOffPeriod. */
const MAX_PATCH_RETRY = 5;
const TRIES_BEFORE_BACK_OFF = 1;
const PATCH_RETRY_BACK_OFF_MS = 1000;

/** apply.go's text after a server-side apply Conflict. */
const SSA_CONFLICT_ADVICE = `Please review the fields above--they currently have other managers. Here
are the ways you can resolve this warning:
* If you intend to manage all of these fields, please re-run the apply
  command with the \`--force-conflicts\` flag.
* If you do not intend to manage all of the fields, please edit your
  manifest to remove references to the fields that should keep their
  current managers.
* You may co-own fields by updating your manifest to match the existing
  value; in this case, you'll become the manager if the other manager(s)
  stop managing the field (remove it from their configuration).
See https://kubernetes.io/docs/reference/using-api/server-side-apply/#conflicts`;

function isConflict(e: ApiError): boolean {
  return !isNetworkError(e) && e.reason === 'Conflict';
}

/** The back-off sleep: simulated time passes, and a Ctrl+C during it stops the command. */
function sleep(env: Env, ms: number): void {
  const until = env.sim.now + ms;
  env.sim.advance(ms);
  throwIfCutShort(env.sim, until);
}

function validationOn(flags: Flags): boolean {
  const v = flags.str('validate', 'strict');
  return !['false', 'ignore'].includes(v);
}

function notFound(e: ApiError): boolean {
  return !isNetworkError(e) && e.reason === 'NotFound';
}

function applyOne(env: Env, flags: Flags, doc: ManifestDoc, dry: DryRun, report: Report): Failure | undefined {
  const ns = namespaceOf(env, flags);
  const obj = placeObject(doc.info, doc.obj, ns, flags.has('namespace'));
  const { modified } = withLastApplied(obj);
  const name = stringMeta(obj, 'name');
  const live = env.client.get(doc.info, obj.metadata.namespace, name);
  if (!live.ok) {
    if (!notFound(live.error)) {
      return { api: withSource(live.error, `retrieving current configuration of:\n${infoString(doc.info, obj)}\nfrom server for:`, doc.source) };
    }
    if (dry === 'client') {
      report(doc.info, modified, withDryRun('created', dry));
      return undefined;
    }
    const res = env.client.create(doc.info, obj.metadata.namespace, modified, dry === 'server');
    if (!res.ok) return { api: withSource(res.error, 'creating', doc.source) };
    report(doc.info, res.value, withDryRun('created', dry));
    return undefined;
  }
  const originalText = live.value.metadata.annotations?.[LAST_APPLIED];
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
  // A custom resource has no Go struct: kubectl sends a JSON merge patch (client.patch), every list whole.
  const typed = !customSource(doc.info);
  let patch = threeWayPatch(original, modified as unknown as Record<string, unknown>, live.value as unknown as Record<string, unknown>, typed);
  if (Object.keys(patch).length === 0) {
    report(doc.info, live.value, withDryRun('unchanged', dry));
    return undefined;
  }
  if (dry === 'client') {
    report(doc.info, applyPatch(live.value, patch) as KObject, withDryRun('configured', dry));
    return undefined;
  }
  let res = env.client.patch(doc.info, obj.metadata.namespace, name, patch, dry === 'server');
  // Patcher.Patch: a Conflict is retried against a fresh copy up to maxPatchRetry times, sleeping
  // patchRetryBackOffPeriod before every retry after the first. A stale resourceVersion in the
  // manifest stays in every patch, so it conflicts each time.
  for (let i = 1; i <= MAX_PATCH_RETRY && !res.ok && isConflict(res.error); i++) {
    if (i > TRIES_BEFORE_BACK_OFF) sleep(env, PATCH_RETRY_BACK_OFF_MS);
    const fresh = env.client.get(doc.info, obj.metadata.namespace, name);
    if (!fresh.ok) return { api: fresh.error };
    patch = threeWayPatch(original, modified as unknown as Record<string, unknown>, fresh.value as unknown as Record<string, unknown>, typed);
    res = env.client.patch(doc.info, obj.metadata.namespace, name, patch, dry === 'server');
  }
  if (!res.ok) {
    return { api: withSource(res.error, `applying patch:\n${toJsonCompact(patch)}\nto:\n${infoString(doc.info, obj)}\nfor:`, `${doc.source}": error when patching "${doc.source}`) };
  }
  report(doc.info, res.value, withDryRun('configured', dry));
  return undefined;
}

/**
 * Server-side apply: one PATCH with the manifest as an apply configuration; the server creates
 * or merges, and owns the fields per manager (`--field-manager`, default `kubectl`).
 */
function serverSideOne(env: Env, flags: Flags, doc: ManifestDoc, dry: DryRun, report: Report): Failure | undefined {
  const obj = placeObject(doc.info, doc.obj, namespaceOf(env, flags), flags.has('namespace'));
  const name = stringMeta(obj, 'name');
  const opts = { fieldManager: flags.str('field-manager', 'kubectl'), force: flags.bool('force-conflicts') };
  const res = env.client.apply(doc.info, obj.metadata.namespace, name, obj, opts, dry !== 'none');
  if (!res.ok) {
    // The apply patch's error is returned as is; a Conflict gets the field-manager advice.
    return isConflict(res.error) ? { text: `error: ${res.error.message}\n${SSA_CONFLICT_ADVICE}` } : { api: res.error };
  }
  report(doc.info, res.value, withDryRun('serverside-applied', dry));
  return undefined;
}

/** apply's subcommands (NewCmdApply's AddCommand), each with its own flags. */
export const APPLY_SUBCOMMANDS: readonly string[] = ['edit-last-applied', 'set-last-applied', 'view-last-applied'];

export function runApply(env: Env, argv: string[]): number {
  switch (argv[0]) {
    case 'view-last-applied':
      return runViewLastApplied(env, argv.slice(1));
    case 'set-last-applied':
      return runSetLastApplied(env, argv.slice(1));
    case 'edit-last-applied':
      return runEditLastApplied(env, argv.slice(1));
  }
  const flags = parseFlags(argv, APPLY_FLAGS, 'kubectl apply');
  // ApplyFlags.ToOptions refuses arguments before it reads any other flag.
  if (flags.args.length > 0) throw plainError(`Unexpected args: [${flags.args.join(' ')}]\nSee 'kubectl apply -h' for help and examples`);
  const cause = changeCause(env, ['apply'], flags);
  checkOutput(flags, env.files);
  if (!usesFiles(flags)) throw plainError('must specify one of -f and -k');
  const dry = dryRunOf(flags);
  // ApplyOptions.Validate.
  if (flags.bool('force-conflicts') && !flags.bool('server-side')) throw plainError('--force-conflicts only works with --server-side');
  if (dry === 'client' && flags.bool('server-side')) throw plainError("--dry-run=client doesn't work with --server-side (did you mean --dry-run=server instead?)");
  const loaded = loadInputs(env, flags, validationOn(flags));
  if (validationOn(flags)) failIfSchemaUnreachable(env, flags, loaded);
  failIfUnrecognizable(env, flags, loaded);
  env.client.validateAs(flags.str('validate', 'strict'));
  if (loaded.docs.length === 0 && loaded.errors.length === 0) throw plainError('no objects passed to apply');
  const errors: Failure[] = [...loaded.errors];
  const failures: Failure[] = [];
  // shouldPrintObject: with -o (but not -o name) nothing prints per object; printObjects prints
  // them all once every apply succeeded, one object as itself and several as a v1 List.
  // A --template without -o is a go-template output (PrintFlags).
  const output = flags.str('output') || (flags.str('template') ? 'go-template' : '');
  const deferred = output !== '' && output !== 'name';
  const applied: { info: ResourceInfo; obj: KObject }[] = [];
  const report: Report = (info, obj, operation) => (deferred ? applied.push({ info, obj }) : printResult(env, flags, info, obj, operation));
  for (const loadedDoc of loaded.docs) {
    // applyOneObject records first: the cause is in the object and so in its last-applied configuration.
    const doc = cause === undefined ? loadedDoc : { ...loadedDoc, obj: { ...loadedDoc.obj, metadata: { ...loadedDoc.obj.metadata } } };
    recordInto(doc.obj, cause);
    const f = flags.bool('server-side') ? serverSideOne(env, flags, doc, dry, report) : applyOne(env, flags, doc, dry, report);
    if (f) failures.push(f);
  }
  const all = [...errors, ...failures];
  if (all.length) throw new CmdError(failureText(all));
  if (applied.length === 1) printResult(env, flags, applied[0]!.info, applied[0]!.obj, '');
  else if (applied.length > 1) {
    // OmitManagedFieldsPrinter strips the items' managedFields too.
    const items = flags.bool('show-managed-fields') ? applied.map((a) => a.obj) : applied.map((a) => withoutManagedFields(a.obj));
    printResult(env, flags, applied[0]!.info, { apiVersion: 'v1', items, kind: 'List', metadata: {} } as unknown as KObject, '');
  }
  return 0;
}

type Report = (info: ResourceInfo, obj: KObject, operation: string) => void;

function withoutManagedFields(o: KObject): KObject {
  if (o.metadata?.managedFields === undefined) return o;
  const { managedFields: _omitted, ...metadata } = o.metadata;
  return { ...o, metadata };
}

