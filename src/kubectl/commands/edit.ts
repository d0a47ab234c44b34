/**
 * `kubectl edit (TYPE/NAME | TYPE [NAME...]) [-o yaml|json] [--output-patch] [--subresource=NAME]`
 * (kubectl pkg/cmd/edit, pkg/cmd/util/editor/editoptions.go, NormalEditMode). Upstream writes the
 * objects to a temporary file, waits for $EDITOR, and reads the file back; here the loop is cut at
 * the editor, in two commands of the session's log:
 *
 * 1. The line alone, in a terminal that is a TTY (the page's): kubectl GETs the objects and opens
 *    the page's YAML editor on the file upstream would write (header, then the object or a v1
 *    List; managedFields left out), printing nothing. The session holds the edit open (OpenEdit)
 *    — so replaying the log reopens it exactly — with the objects as they were fetched.
 * 2. The same line with the saved file as stdin: what editoptions.go does once the editor
 *    returns — unchanged: `Edit cancelled, no changes made.`; empty: `... saved file was empty.`;
 *    otherwise the two-way strategic merge patch from each original to its edit (a JSON merge
 *    patch for a custom resource), sent with field manager kubectl-edit, `<ref> edited`. A server
 *    Invalid error reopens the editor with the reasons at the top, as upstream's loop does.
 *
 * Without a TTY (the runner, lessons' checks) there is no editor to launch: upstream's error when
 * `vi` cannot be started. `--record` writes its change cause into each edited object (so an
 * otherwise unchanged object is patched too). Each launch of the editor has its temporary file's
 * name (OpenEdit.file); where upstream's loop ends leaving the changes in that file, the file is
 * written to the learner's machine with the edited text (CRLF line endings with
 * `--windows-line-endings`) and named as upstream names it (preservedFile, the `replace -f` hint,
 * the deleted resources' note). Not modelled: `-f`, `--save-config`.
 */
import type { KObject } from '../../k8s/types';
import type { ResourceInfo } from '../../k8s/resources';
import { objectRef, parseResourceArgs } from '../builder';
import { CmdError, failureText, isNetworkError, plainError, type ApiError, type Failure } from '../errors';
import { parseFlags, type FlagDef, type Flags } from '../flags';
import { RECORD_FLAG, recordedCause, recordInto, warnDeprecatedFlags } from '../record';
import { namespaceOf, type Env } from '../env';
import { loadText, parseDocuments, type ManifestDoc } from '../manifest';
import { failIfUnrecognizable, loadInputs, usesFiles } from '../file-inputs';
import { placeObject, stringMeta } from '../apply/objects';
import { getSubresource } from './get-subresource';
import { SUBRESOURCE_COMPLETIONS, subresourceRoute, writeSubresource } from '../subresource';
import { pushAll } from '../../k8s/arrays';
import type { Res } from '../client';
import { toYaml } from '../../k8s/printers/yaml';
import { toKyaml } from '../../k8s/printers/kyaml';
import { noCompatiblePrinter } from '../printers/generic';
import { toJsonCompact, toJsonIndent } from '../../k8s/printers/json';
import { deepEqual, threeWayPatch } from '../../k8s/strategic-patch';
import { customSource } from '../../k8s/apiextensions';
import { NO_RESOURCES, OUTPUT_FLAG, VALIDATE_FLAG, printResult } from './common';
import { editHeader, hasLines, manualStrip, sameContent, type EditorHost, type EditReason, type OpenEdit } from '../edit-file';
import { tempFileName } from '../rand-suffix';

export const EDIT_FLAGS: FlagDef[] = [
  { name: 'allow-missing-template-keys', kind: 'bool' },
  { name: 'field-manager', kind: 'string' },
  { name: 'filename', short: 'f', kind: 'strings', values: 'files' },
  { name: 'kustomize', short: 'k', kind: 'string' },
  OUTPUT_FLAG,
  { name: 'output-patch', kind: 'bool' },
  { name: 'recursive', short: 'R', kind: 'bool' },
  { name: 'save-config', kind: 'bool' },
  RECORD_FLAG,
  { name: 'show-managed-fields', kind: 'bool' },
  { name: 'subresource', kind: 'string', values: SUBRESOURCE_COMPLETIONS },
  { name: 'template', kind: 'string' },
  VALIDATE_FLAG,
  { name: 'windows-line-endings', kind: 'bool' },
];

/** The editor upstream falls back to without KUBE_EDITOR or EDITOR (editor.go defaultEditor). */
const DEFAULT_EDITOR = 'vi';

export function runEdit(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, EDIT_FLAGS, 'kubectl edit');
  const format = editFormat(flags);
  if (flags.list('filename').length > 0 || flags.str('kustomize') !== '') throw plainError('edit -f is not available in this simulator; name the object instead (kubectl edit TYPE/NAME)');
  const opened = env.editor?.opened();
  const open = opened?.kind === 'object' && opened.edit.mode === undefined ? opened.edit : undefined;
  // The saved file's half continues the invocation that opened the editor: its notices were printed then.
  if (env.stdin !== undefined && open && sameArgv(open.argv, argv)) return saved(env, flags, open, env.stdin);
  warnDeprecatedFlags(env, flags);

  const originals = fetchLatest(env, flags);
  // NormalEditMode's Run: an edit needs something to edit.
  if (originals.length === 0) throw plainError('edit cancelled, no objects found');
  if (!env.editor) throw plainError(`unable to launch the editor "${DEFAULT_EDITOR}"`);
  const text = (format === 'json' ? '' : editHeader()) + printForEdit(originals.map((o) => o.obj), format);
  const edit: OpenEdit = { argv: [...argv], originals, original: text, file: editTempFile(env, argv, format) };
  env.editor.open({ kind: 'object', edit }, { kind: 'object', text, title: editTitle(edit) });
  return 0;
}

/**
 * editPrinterOptions: the file is YAML unless `-o json` (which also drops the header) or `-o
 * kyaml`; its print flags are JSONYamlPrintFlags alone, so any other `-o` (even `name`, which
 * the result's printer would take) fails before the editor opens (recorded from kubectl v1.35.2).
 */
export function editFormat(flags: Flags): EditFormat {
  const o = flags.str('output');
  if (o === '') return 'yaml';
  if (o === 'json' || o === 'yaml' || o === 'kyaml') return o;
  throw noCompatiblePrinter(o, ['json', 'kyaml', 'yaml']);
}

export function sameArgv(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * The builder editoptions.go's Complete makes: FilenameParam and ResourceTypeOrNameArgs(true, …)
 * with Latest() — every named object, all of a type in the namespace, or the live copy of each
 * object in the files — ContinueOnError, so every error is reported at once.
 */
export function fetchLatest(env: Env, flags: Flags): { info: ResourceInfo; obj: KObject }[] {
  const ns = namespaceOf(env, flags);
  const found: { info: ResourceInfo; obj: KObject }[] = [];
  const errors: Failure[] = [];
  if (usesFiles(flags)) {
    const loaded = loadInputs(env, flags);
    if (loaded.errors.length) throw new CmdError(failureText(loaded.errors));
    failIfUnrecognizable(env, flags, loaded);
    for (const d of loaded.docs) {
      const placed = placeObject(d.info, d.obj, ns, flags.has('namespace'));
      const r = env.client.getNamed(d.info, placed.metadata.namespace, stringMeta(placed, 'name'));
      if (r.ok) found.push({ info: d.info, obj: withoutManagedFields(r.value) });
      else errors.push({ api: r.error });
    }
  }
  if (flags.args.length === 0 && !usesFiles(flags)) throw new CmdError(NO_RESOURCES);
  const sub = flags.str('subresource');
  const groups = flags.args.length ? parseResourceArgs(flags.args) : [];
  if (sub && groups.some((g) => g.names.length === 0)) throw plainError('subresource cannot be used when bulk resources are specified');
  for (const g of groups) {
    if (sub) {
      const got = getSubresource(env, g.info, ns, g.names, sub, false);
      for (const obj of got.fetched.objs) found.push({ info: g.info, obj: withoutManagedFields(obj) });
      pushAll(errors, got.errors);
      continue;
    }
    if (g.names.length === 0) {
      const r = env.client.list(g.info, ns);
      if (r.ok) for (const obj of r.value) found.push({ info: g.info, obj: withoutManagedFields(obj) });
      else errors.push({ api: r.error });
      continue;
    }
    for (const name of g.names) {
      const r = env.client.getNamed(g.info, ns, name);
      if (r.ok) found.push({ info: g.info, obj: withoutManagedFields(r.value) });
      else errors.push({ api: r.error });
    }
  }
  if (errors.length) throw new CmdError(failureText(errors));
  return found;
}

export function withoutManagedFields(o: KObject): KObject {
  if (o.metadata.managedFields === undefined) return o;
  const { managedFields: _omitted, ...metadata } = o.metadata;
  return { ...o, metadata };
}

export type EditFormat = 'yaml' | 'json' | 'kyaml';

/**
 * LaunchTempFile's file for an editor opened by `argv` now: `kubectl-edit-` (filepath.Base of
 * os.Args[0]), `.json` for `-o json`, else `.yaml` (editPrinterOptions.ext).
 */
export function editTempFile(env: Env, argv: readonly string[], format: EditFormat): string {
  return tempFileName(`${argv.join('\0')}/${env.sim.now}`, 'kubectl-edit-', format === 'json' ? '.json' : '.yaml');
}

/**
 * preservedFile: the loop ends with the changes left in this launch's file, which the learner's
 * machine now holds as the editor saved it (with `--windows-line-endings`, as upstream's CRLF
 * writer and an editor that keeps them leave it).
 */
export function keepEditedFile(env: Env, flags: Flags, open: OpenEdit, edited: string): void {
  env.workstation?.writeFile(open.file, flags.bool('windows-line-endings') ? edited.replace(/\r?\n/g, '\r\n') : edited, env.sim.now);
}

/** preservedFile with its message, then the error: the editor closes and the copy is named. */
export function failKeepingCopy(env: Env, flags: Flags, open: OpenEdit, edited: string, error: string | CmdError): never {
  env.editor?.close();
  keepEditedFile(env, flags, open, edited);
  env.out.err(`A copy of your changes has been stored to ${JSON.stringify(open.file)}\n`);
  throw typeof error === 'string' ? plainError(error) : error;
}

/** One object as itself, several as the v1 List editoptions.go builds (its metadata empty). */
export function printForEdit(objs: KObject[], format: EditFormat): string {
  const data: unknown = objs.length === 1 ? objs[0] : { apiVersion: 'v1', items: objs, kind: 'List', metadata: {} };
  return format === 'json' ? toJsonIndent(data) : format === 'kyaml' ? toKyaml(data) : toYaml(data);
}

/**
 * The loop's schema check, first after the editor returns (unless `--validate=false|ignore`):
 * ParamVerifyingSchema.ValidateBytes parses StripComments(edited), so a file that is not YAML,
 * or holds nothing (every line a comment: `invalid object to validate`), fails here — before the
 * empty-file and syntax-error checks, which it leaves to `--validate=false`. The failure is an
 * Invalid error on the first original: `error: <resource> "<name>" is invalid` now, and the
 * editor reopens with the reason (recorded from kubectl v1.35.2). The YAML message is the
 * simulator's parser's, which does not always word an error as go-yaml does.
 */
export function validationFailure(env: Env, flags: Flags, open: OpenEdit, edited: string): EditReason | undefined {
  if (['false', 'ignore'].includes(flags.str('validate', 'strict'))) return undefined;
  const parsed = parseDocuments(edited, 'edited-file');
  // StripComments falls back to ManualStrip when the file is not YAML: the error's line counts from there.
  const syntax = parsed.error === undefined ? undefined : (parseDocuments(manualStrip(edited), 'edited-file').error ?? parsed.error);
  const error = syntax !== undefined ? syntax.replace(/^error parsing edited-file: error converting YAML to JSON: /, '') : parsed.objects[0] == null ? 'invalid object to validate' : undefined;
  const first = open.originals[0];
  if (error === undefined || !first) return undefined;
  const what = `${resourceString(first.info)} "${first.obj.metadata.name ?? ''}"`;
  env.out.err(`error: ${what} is invalid\n`);
  return { head: `${what} was not valid`, other: [`<nil>: Invalid value: "The edited file failed validation": ${error}`] };
}

/** The loop reopens the editor, on a new temporary file: the header with `reasons`, then the saved file without its comments. */
export function reopenEditor(editor: EditorHost, open: OpenEdit, edited: string, reasons: EditReason[]): number {
  const file = tempFileName(open.file, 'kubectl-edit-', open.file.slice(open.file.lastIndexOf('.')));
  editor.open({ kind: 'object', edit: { ...open, edited, file } }, { kind: 'object', text: editHeader(reasons, open.mode) + manualStrip(edited), title: editTitle(open) });
  return 0;
}

/**
 * The loop body after LaunchTempFile as both edit modes run it up to their patches: the retry
 * short-circuit, the schema check, the unchanged and empty files, the builder's reading of the
 * file. Either the objects read from it, or the exit code where the loop ended or reopened.
 */
export function readSavedFile(env: Env, flags: Flags, open: OpenEdit, edited: string): { docs: ManifestDoc[] } | { code: number } {
  const editor = env.editor!;
  // Retrying after an error and nothing changed since: short-circuit.
  if (open.edited !== undefined && sameContent(open.edited, edited)) failKeepingCopy(env, flags, open, edited, 'Edit cancelled, no valid changes were saved.');
  const invalid = validationFailure(env, flags, open, edited);
  if (invalid) return { code: reopenEditor(editor, open, edited, [invalid]) };
  if (sameContent(open.original, edited)) {
    editor.close();
    env.out.err('Edit cancelled, no changes made.\n');
    return { code: 0 };
  }
  if (!hasLines(edited)) {
    editor.close();
    env.out.err('Edit cancelled, saved file was empty.\n');
    return { code: 0 };
  }
  const parsed = loadText(edited, 'edited-file', false);
  if (parsed.errors.length > 0) return { code: reopenEditor(editor, open, edited, [{ head: `The edited file had a syntax error: ${failureText(parsed.errors).replace(/^error: /, '').replace(/\n$/, '')}`, other: [] }]) };
  return { docs: parsed.docs };
}

/** The editor returned `edited`: editoptions.go's loop body after LaunchTempFile, in NormalEditMode. */
function saved(env: Env, flags: Flags, open: OpenEdit, edited: string): number {
  const editor = env.editor!;
  const read = readSavedFile(env, flags, open, edited);
  if ('code' in read) return read.code;
  const reopen = (reasons: EditReason[]): number => reopenEditor(editor, open, edited, reasons);
  const cmdNs = namespaceOf(env, flags);
  const reasons: EditReason[] = [];
  let retryable = 0;
  let notFound = 0;
  for (const d of read.docs) {
    // resource.RequireNamespace: the edit stays in the namespace it was opened in.
    if (d.info.namespaced) {
      const ns = d.obj.metadata.namespace ?? '';
      if (ns === '') d.obj.metadata.namespace = cmdNs;
      else if (ns !== cmdNs) return failKeepingCopy(env, flags, open, edited, `the namespace from the provided object "${ns}" does not match the namespace "${cmdNs}". You must pass '--namespace=${ns}' to perform this operation.`);
    }
    const original = open.originals.find((o) => o.obj.metadata.uid === d.obj.metadata.uid);
    if (!original) return failKeepingCopy(env, flags, open, edited, `no original object found for ${d.info.kind.toLowerCase()}/${d.obj.metadata.name ?? ''}`);
    // restoreManagedFields: both sides carry the server's managedFields, so they never differ.
    const edit = withoutManagedFields(d.obj);
    // visitAnnotation: --record's cause goes into every edited object before the comparison.
    recordInto(edit, recordedCause(['edit'], flags));
    if (deepEqual(original.obj as never, edit as never)) {
      printResult(env, flags, original.info, original.obj, 'skipped');
      continue;
    }
    // A custom resource's edit is a JSON merge patch (jsonpatch.CreateMergePatch), lists whole.
    const patch = threeWayPatch(original.obj as never, edit as never, original.obj as never, !customSource(original.info));
    const meta = patch['metadata'] as Record<string, unknown> | undefined;
    if ('apiVersion' in patch || 'kind' in patch || (meta !== undefined && 'name' in meta)) return failKeepingCopy(env, flags, open, edited, 'At least one of apiVersion, kind and name was changed');
    if (flags.bool('output-patch')) env.out.out(`Patch: ${toJsonCompact(patch)}\n`);
    const name = original.obj.metadata.name ?? '';
    const sub = flags.str('subresource');
    // The GET that opened the editor already routed this subresource; a PATCH route may still be missing.
    const route = sub === '' ? undefined : subresourceRoute(env.client, original.info, original.obj.metadata.namespace, name, sub, 'PATCH');
    const res: Res<KObject> = route && !('type' in route) ? { ok: false, error: route } : env.client.patch(original.info, original.obj.metadata.namespace, name, patch, false, route && writeSubresource(route));
    if (res.ok) {
      printResult(env, flags, original.info, res.value, 'edited');
      continue;
    }
    // editResults.addError
    const what = `${resourceString(original.info)} "${name}"`;
    const kind = errorKind(res.error);
    if (kind === 'invalid') {
      reasons.push({ head: `${what} was not valid`, other: causesOf(res.error) });
      env.out.err(`error: ${what} is invalid\n`);
    } else if (kind === 'not-found') {
      notFound++;
      env.out.err(`error: ${what} could not be found on the server\n`);
    } else {
      retryable++;
      env.out.err(`error: ${what} could not be patched: ${res.error.message}\n`);
    }
  }
  // The file stays, and the way back to it is named (cmdutil.ErrExit: no message of its own).
  if (retryable > 0 || notFound > 0) {
    editor.close();
    keepEditedFile(env, flags, open, edited);
    env.out.err(retryable > 0 ? `You can run \`kubectl replace -f ${open.file}\` to try this update again.\n` : `The edits you made on deleted resources have been saved to ${JSON.stringify(open.file)}\n`);
    return 1;
  }
  if (reasons.length > 0) return reopen(reasons);
  editor.close();
  return 0;
}

export function editTitle(open: OpenEdit): string {
  return open.originals.map((o) => objectRef(o.info, o.obj.metadata.name ?? '')).join(', ');
}

/** `deployments.apps`: the resource and its group, as addError names it. */
export function resourceString(info: ResourceInfo): string {
  return info.group ? `${info.resource}.${info.group}` : info.resource;
}

function errorKind(e: ApiError): 'invalid' | 'not-found' | 'other' {
  if (isNetworkError(e)) return 'other';
  if (e.reason === 'Invalid') return 'invalid';
  return e.reason === 'NotFound' ? 'not-found' : 'other';
}

function causesOf(e: ApiError): string[] {
  if (isNetworkError(e)) return [];
  return (e.details?.causes ?? []).map((c) => `${c.field}: ${c.message}`);
}
