/**
 * `kubectl apply view-last-applied` and `kubectl apply set-last-applied` (kubernetes/kubectl
 * pkg/cmd/apply/apply_view_last_applied.go, apply_set_last_applied.go): reading and rewriting
 * the `kubectl.kubernetes.io/last-applied-configuration` annotation `kubectl apply` keeps
 * (apply/objects.ts writes it). edit-last-applied lives in apply-edit-last-applied.ts.
 */
import type { KObject } from '../../k8s/types';
import type { ResourceInfo } from '../../k8s/resources';
import { CmdError, failureText, isNetworkError, plainError, usageError, withSource, type Failure } from '../errors';
import { parseFlags, type FlagDef } from '../flags';
import { namespaceOf, type Env } from '../env';
import { failIfUnrecognizable, KUSTOMIZE_FLAG, loadInputs, usesFiles } from '../file-inputs';
import { toJsonCompact } from '../../k8s/printers/json';
import { toYaml } from '../../k8s/printers/yaml';
import { goJsonIndent, goJsonSyntaxError } from '../../k8s/go-json';
import { deepEqual } from '../../k8s/strategic-patch';
import { parseDocuments } from '../manifest';
import { LAST_APPLIED, infoString, placeObject, stringMeta } from '../apply/objects';
import { collectTargets } from './targets';
import { DRY_RUN_FLAG, FILENAME_FLAG, NO_RESOURCES, OUTPUT_FLAG, TEMPLATE_FLAGS, checkOutput, dryRunOf, printResult, withDryRun } from './common';

export const VIEW_LAST_APPLIED_FLAGS: FlagDef[] = [
  { name: 'all', kind: 'bool' },
  FILENAME_FLAG,
  KUSTOMIZE_FLAG,
  // Its own output flag: only yaml (the default) and json, checked when it prints.
  { name: 'output', short: 'o', kind: 'string', values: ['json', 'yaml'] },
  { name: 'recursive', short: 'R', kind: 'bool' },
  { name: 'selector', short: 'l', kind: 'string' },
];

export const SET_LAST_APPLIED_FLAGS: FlagDef[] = [
  { name: 'create-annotation', kind: 'bool' },
  DRY_RUN_FLAG,
  FILENAME_FLAG,
  OUTPUT_FLAG,
  { name: 'show-managed-fields', kind: 'bool' },
  ...TEMPLATE_FLAGS,
];

/**
 * GetApplyPatch's encodeToJSON: the unstructured encoder's sorted, compact JSON and its final
 * newline (apimachinery's yaml.ToJSON passes JSON through untouched), the same text apply writes.
 */
export function applyPatchConfig(obj: KObject): string {
  return `${toJsonCompact(obj)}\n`;
}

/** GetApplyPatch's merge patch: the object's JSON as its own last-applied configuration. */
export function lastAppliedPatch(obj: KObject): Record<string, unknown> {
  return { metadata: { annotations: { [LAST_APPLIED]: applyPatchConfig(obj) } } };
}

/**
 * `kubectl apply view-last-applied (TYPE [NAME | -l label] | TYPE/NAME | -f FILENAME) [-o yaml|json]`:
 * Complete visits the objects (the first error ends it) and collects each annotation; an object
 * named on the command line without one is skipped silently (AddSourceToErr with no source
 * returns the nil error it was handed), one read from a file fails. Run prints each
 * configuration in turn, with no separator between them.
 */
export function runViewLastApplied(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, VIEW_LAST_APPLIED_FLAGS, 'kubectl apply view-last-applied');
  if (flags.args.length === 0 && !usesFiles(flags)) {
    // The builder's visitorResult: a selector (--all is the everything selector) needs a type.
    if (flags.str('selector') !== '' || flags.bool('all')) throw plainError('at least one resource must be specified to use a selector');
    throw new CmdError(NO_RESOURCES);
  }
  const targets = collectTargets(env, flags, flags.args);
  if (targets.errors.length) throw new CmdError(failureText([targets.errors[0]!]));
  const configs: string[] = [];
  for (const t of targets.items) {
    const config = t.obj.metadata.annotations?.[LAST_APPLIED];
    if (config !== undefined) configs.push(config);
    // fmt.Errorf("error when %s %q: %v", …) of a nil error: its message ends in `<nil>`.
    else if (t.source) throw plainError(`error when no last-applied-configuration annotation found on resource: ${stringMeta(t.obj, 'name')}\n "${t.source}": <nil>`);
  }
  const output = flags.str('output', 'yaml');
  for (const config of configs) {
    if (output === 'json') {
      const indented = goJsonIndent(config, '  ');
      if (!indented.ok) throw plainError(indented.error);
      env.out.out(indented.text);
    } else if (output === 'yaml') {
      env.out.out(jsonToYaml(config));
    } else {
      throw usageError(`Unexpected -o output mode: ${output}, the flag 'output' must be one of yaml|json`, 'kubectl apply view-last-applied');
    }
  }
  return 0;
}

/**
 * yaml.JSONToYAML: the text read as YAML (JSON is YAML) and written as kubectl writes YAML. A
 * hand-made annotation that is not even YAML fails with the simulator's YAML reader's message
 * (inferred: go-yaml's own wording is not modelled).
 */
function jsonToYaml(config: string): string {
  if (goJsonSyntaxError(config) === undefined) return toYaml(JSON.parse(config));
  const parsed = parseDocuments(config, 'last-applied-configuration');
  if (parsed.error !== undefined) throw plainError(parsed.error);
  return toYaml(parsed.objects[0] ?? null);
}

/** StripComments on both sides: the configurations compared as the JSON they hold. */
function sameConfig(live: string | undefined, config: string): boolean {
  if (live === undefined) return false;
  const parsed = parseDocuments(live, 'last-applied-configuration');
  if (parsed.error !== undefined) return false;
  return deepEqual((parsed.objects[0] ?? null) as never, JSON.parse(config) as never);
}

/**
 * `kubectl apply set-last-applied -f FILENAME [--create-annotation] [--dry-run=…] [-o …]`:
 * Validate visits every object of the files — its configuration is the file's object as the
 * builder read it (namespace filled in), which must exist on the server and, without
 * --create-annotation, carry the annotation already; an unchanged one is `no changes required`.
 * The first error ends the command before anything is sent. Run then sends each change as a
 * JSON merge patch of the annotation alone (no field manager: the server names kubectl's user
 * agent), printing `configured`; a client dry run prints the live object as it was fetched.
 */
export function runSetLastApplied(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, SET_LAST_APPLIED_FLAGS, 'kubectl apply set-last-applied');
  const dry = dryRunOf(flags);
  checkOutput(flags, env.files);
  if (!usesFiles(flags)) throw new CmdError(NO_RESOURCES);
  const loaded = loadInputs(env, flags, false);
  if (loaded.errors.length) throw new CmdError(failureText([loaded.errors[0]!]));
  failIfUnrecognizable(env, flags, loaded);
  const ns = namespaceOf(env, flags);
  const changes: { info: ResourceInfo; live: KObject; patch: Record<string, unknown> }[] = [];
  for (const doc of loaded.docs) {
    const obj = placeObject(doc.info, doc.obj, ns, flags.has('namespace'));
    const config = applyPatchConfig(obj);
    const name = stringMeta(obj, 'name');
    const live = env.client.getNamed(doc.info, obj.metadata.namespace, name);
    if (!live.ok) {
      const e = live.error;
      const failure: Failure = !isNetworkError(e) && e.reason === 'NotFound' ? { api: e } : { api: withSource(e, `retrieving current configuration of:\n${infoString(doc.info, obj)}\nfrom server for:`, doc.source) };
      throw new CmdError(failureText([failure]));
    }
    const original = live.value.metadata.annotations?.[LAST_APPLIED];
    if (original === undefined && !flags.bool('create-annotation')) {
      throw plainError(`no last-applied-configuration annotation found on resource: ${name}, to create the annotation, run the command with --create-annotation`);
    }
    if (sameConfig(original, config)) env.out.out(`set-last-applied ${name}: no changes required.\n`);
    else changes.push({ info: doc.info, live: live.value, patch: lastAppliedPatch(obj) });
  }
  env.client.fieldManager = undefined;
  for (const c of changes) {
    let shown = c.live;
    if (dry !== 'client') {
      const res = env.client.patchAs(c.info, c.live.metadata.namespace, c.live.metadata.name ?? '', 'merge', c.patch, dry === 'server');
      if (!res.ok) throw new CmdError(failureText([{ api: res.error }]));
      shown = res.value;
    }
    printResult(env, flags, c.info, shown, withDryRun('configured', dry));
  }
  return 0;
}
