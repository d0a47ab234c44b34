/**
 * `kubectl apply edit-last-applied (RESOURCE/NAME | -f FILENAME) [-o yaml|json]`
 * (kubernetes/kubectl pkg/cmd/apply/apply_edit_last_applied.go; pkg/cmd/util/editor
 * editoptions.go in ApplyEditMode). The editor machinery is `kubectl edit`'s (edit.ts): the line
 * alone opens the page's YAML editor on what upstream writes to its temporary file, and the same
 * line with the saved file as stdin finishes. What differs in this mode:
 *
 * - The file holds each object's last-applied configuration, read back from the annotation as
 *   an object, under ApplyEditMode's own header; objects without the annotation are left out,
 *   and none at all is an error.
 * - On save, each edited configuration is matched to an original by metadata.uid — which a
 *   configuration normally lacks, so every one matches the first original, as upstream's do —
 *   and an unchanged one is `skipped`; a changed one is sent as GetApplyPatch's JSON merge patch
 *   of the annotation alone (field manager kubectl-client-side-apply, or --field-manager) to
 *   the object of its name in the command's namespace, `<ref> edited`. A failed patch ends the
 *   command with its error (no reopening, unlike NormalEditMode).
 *
 * The temporary file is kubectl edit's (edit.ts): kept on the learner's machine and named where
 * the loop ends with an error after the editor returned.
 */
import type { KObject } from '../../k8s/types';
import type { ResourceInfo } from '../../k8s/resources';
import { CmdError, failureText, plainError } from '../errors';
import { parseFlags, type FlagDef, type Flags } from '../flags';
import { RECORD_FLAG, recordedCause, recordInto, warnDeprecatedFlags } from '../record';
import { namespaceOf, type Env } from '../env';
import { loadText } from '../manifest';
import { deepEqual } from '../../k8s/strategic-patch';
import { LAST_APPLIED } from '../apply/objects';
import { KUSTOMIZE_FLAG } from '../file-inputs';
import { FILENAME_FLAG, OUTPUT_FLAG, TEMPLATE_FLAGS, VALIDATE_FLAG, printResult } from './common';
import { editFormat, editTempFile, editTitle, failKeepingCopy, fetchLatest, printForEdit, readSavedFile, sameArgv, withoutManagedFields } from './edit';
import { lastAppliedPatch } from './apply-last-applied';
import { editHeader, type OpenEdit } from '../edit-file';

export const EDIT_LAST_APPLIED_FLAGS: FlagDef[] = [
  { name: 'field-manager', kind: 'string' },
  FILENAME_FLAG,
  KUSTOMIZE_FLAG,
  OUTPUT_FLAG,
  { name: 'recursive', short: 'R', kind: 'bool' },
  RECORD_FLAG,
  { name: 'show-managed-fields', kind: 'bool' },
  ...TEMPLATE_FLAGS,
  VALIDATE_FLAG,
  { name: 'windows-line-endings', kind: 'bool' },
];

/** The editor upstream falls back to without KUBE_EDITOR or EDITOR (editor.go defaultEditor). */
const DEFAULT_EDITOR = 'vi';

const NO_ANNOTATIONS = 'no last-applied-configuration annotation found on resources, to create the annotation, use command `kubectl apply set-last-applied --create-annotation`';

export function runEditLastApplied(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, EDIT_LAST_APPLIED_FLAGS, 'kubectl apply edit-last-applied');
  const format = editFormat(flags);
  const opened = env.editor?.opened();
  const open = opened?.kind === 'object' && opened.edit.mode === 'last-applied' ? opened.edit : undefined;
  if (env.stdin !== undefined && open && sameArgv(open.argv, argv)) return saved(env, flags, open, env.stdin);
  warnDeprecatedFlags(env, flags);

  const configs: { info: ResourceInfo; obj: KObject }[] = [];
  for (const live of fetchLatest(env, flags)) {
    const data = live.obj.metadata.annotations?.[LAST_APPLIED];
    if (data === undefined) continue;
    // The builder reads the annotation as a stream of its own; its first object is the configuration.
    const parsed = loadText(data, 'edited-file', false);
    if (parsed.errors.length) throw new CmdError(failureText(parsed.errors));
    const first = parsed.docs[0];
    if (first) configs.push({ info: first.info, obj: withoutManagedFields(first.obj) });
  }
  if (configs.length === 0) throw plainError(NO_ANNOTATIONS);
  if (!env.editor) throw plainError(`unable to launch the editor "${DEFAULT_EDITOR}"`);
  const text = (format === 'json' ? '' : editHeader([], 'last-applied')) + printForEdit(configs.map((c) => c.obj), format);
  const edit: OpenEdit = { argv: [...argv], originals: configs, original: text, mode: 'last-applied', file: editTempFile(env, argv, format) };
  env.editor.open({ kind: 'object', edit }, { kind: 'object', text, title: editTitle(edit) });
  return 0;
}

/** The editor returned `edited`: editoptions.go's loop body in ApplyEditMode. */
function saved(env: Env, flags: Flags, open: OpenEdit, edited: string): number {
  const editor = env.editor!;
  const fail = (error: string | CmdError): never => failKeepingCopy(env, flags, open, edited, error);
  const read = readSavedFile(env, flags, open, edited);
  if ('code' in read) return read.code;
  const cmdNs = namespaceOf(env, flags);
  for (const d of read.docs) {
    // resource.RequireNamespace: the configuration stays in the command's namespace.
    if (d.info.namespaced) {
      const ns = d.obj.metadata.namespace ?? '';
      if (ns === '') d.obj.metadata.namespace = cmdNs;
      else if (ns !== cmdNs) fail(`the namespace from the provided object "${ns}" does not match the namespace "${cmdNs}". You must pass '--namespace=${ns}' to perform this operation.`);
    }
  }
  for (const d of read.docs) {
    const edit = withoutManagedFields(d.obj);
    recordInto(edit, recordedCause(['apply', 'edit-last-applied'], flags));
    const uid = edit.metadata.uid ?? '';
    const original = open.originals.find((o) => (o.obj.metadata.uid ?? '') === uid);
    // Upstream prints the object in Go syntax (%#v); its kind and name stand in for it here.
    if (!original) fail(`no original object found for ${d.info.kind.toLowerCase()}/${edit.metadata.name ?? ''}`);
    if (deepEqual(original!.obj as never, edit as never)) {
      printResult(env, flags, d.info, edit, 'skipped');
      continue;
    }
    const name = edit.metadata.name ?? '';
    const res = env.client.patchAs(d.info, d.info.namespaced ? cmdNs : undefined, name, 'merge', lastAppliedPatch(edit));
    if (!res.ok) fail(new CmdError(failureText([{ api: res.error }])));
    printResult(env, flags, d.info, edit, 'edited');
  }
  editor.close();
  return 0;
}
