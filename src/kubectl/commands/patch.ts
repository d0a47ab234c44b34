/**
 * `kubectl patch (-f FILE | TYPE NAME) -p PATCH|--patch-file FILE [--type strategic|merge|json]`
 * (kubectl/pkg/cmd/patch): the patch (JSON or YAML) goes to the apiserver as it is, with its
 * Content-Type; `patched (no change)` when the object comes back as it was.
 */
import type { KObject } from '../../k8s/types';
import type { PatchType } from '../../engine/index';
import { CmdError, failureText, plainError, type Failure } from '../errors';
import { parseFlags, type FlagDef } from '../flags';
import { changeCause, RECORD_FLAG, sendRecordPatch } from '../record';
import type { Env } from '../env';
import { looksLikeJson } from '../../k8s/manifest-stream';
import { parseGoJson } from '../../k8s/go-json';
import { yamlToJson } from '../../k8s/yaml-to-json';
import { clientPatchSyntaxError, serverPatchSyntaxError } from '../../k8s/patch-body';
import { collectTargets } from './targets';
import { DRY_RUN_FLAG, FILENAME_FLAG, NO_RESOURCES, OUTPUT_FLAG, checkOutput, dryRunOf, printResult, withDryRun } from './common';
import { deepEqual } from '../../k8s/strategic-patch';
import { applyPatch } from '../apply/strategic';
import { StrategicMergeError } from '../../k8s/strategic-merge';
import { scaleOf } from '../../k8s/scale';
import { SUBRESOURCE_COMPLETIONS, subresourceRoute, writeSubresource } from '../subresource';
import { applyJsonPatch, jsonMergePatch, jsonTypeName } from '../../k8s/json-patch';
import { KUSTOMIZE_FLAG, usesFiles } from '../file-inputs';
import { goQuote } from '../../k8s/go-quote';

const PATCH_TYPES: readonly PatchType[] = ['json', 'merge', 'strategic'];

export const PATCH_FLAGS: FlagDef[] = [
  { name: 'patch', short: 'p', kind: 'string' },
  { name: 'patch-file', kind: 'string', values: 'files' },
  { name: 'type', kind: 'string', values: PATCH_TYPES },
  FILENAME_FLAG,
  KUSTOMIZE_FLAG,
  { name: 'recursive', short: 'R', kind: 'bool' },
  { name: 'local', kind: 'bool' },
  { name: 'field-manager', kind: 'string' },
  { name: 'subresource', kind: 'string', values: SUBRESOURCE_COMPLETIONS },
  RECORD_FLAG,
  DRY_RUN_FLAG,
  OUTPUT_FLAG,
  { name: 'allow-missing-template-keys', kind: 'bool' },
  { name: 'show-managed-fields', kind: 'bool' },
  { name: 'template', kind: 'string' },
];

export function runPatch(env: Env, argv: string[]): number {
  const flags = parseFlags(argv, PATCH_FLAGS, 'kubectl patch');
  const cause = changeCause(env, ['patch'], flags);
  const dry = dryRunOf(flags);
  checkOutput(flags, env.files);
  // Validate.
  const text = flags.str('patch');
  const file = flags.str('patch-file');
  if (text !== '' && file !== '') throw plainError('cannot specify --patch and --patch-file together');
  if (text === '' && file === '') throw plainError('must specify --patch or --patch-file containing the contents of the patch');
  if (flags.bool('local')) throw plainError('--local is not supported by this simulator; patch objects on the server');
  const typeWord = flags.str('type', 'strategic');
  const type = PATCH_TYPES.find((t) => t === typeWord.toLowerCase());
  if (!type) throw plainError(`--type must be one of [${PATCH_TYPES.join(' ')}], not "${typeWord}"`);
  // Any name is sent (kubectl dropped its own list in v1.32): the server's route answers it.
  const subresource = flags.str('subresource');
  // RunPatch: the file's bytes, then yaml.ToJSON.
  let raw = text;
  if (file !== '') {
    const read = env.files.readFile(file);
    if (read === undefined) throw plainError(`unable to read patch file: open ${file}: no such file or directory`);
    raw = read;
  }
  // yaml.ToJSON: text that starts like JSON goes through as it is (a syntax error is met later,
  // patch-body.ts); anything else is one YAML document, whose error names o.Patch (quoted).
  let patch: unknown = null;
  /** encoding/json's refusal of a body that looks like JSON: met by whoever reads it first. */
  let syntax: string | undefined;
  if (looksLikeJson(raw)) {
    const read = parseGoJson(raw);
    if (read.ok) patch = read.value;
    else syntax = read.error;
  } else {
    const parsed = yamlToJson(raw);
    if (parsed.error !== undefined) throw plainError(`unable to parse ${goQuote(text)}: ${parsed.error}`);
    patch = parsed.value ?? null;
  }
  if (flags.args.length === 0 && !usesFiles(flags)) throw new CmdError(NO_RESOURCES);

  const targets = collectTargets(env, flags, flags.args);
  const errors: Failure[] = [...targets.errors];
  for (const t of targets.items) {
    const name = t.obj.metadata.name ?? '';
    let result: KObject;
    if (syntax !== undefined) {
      // getPatchedJSON fails on the client; otherwise the body reaches kube-apiserver, which refuses it.
      if (dry === 'client') {
        const said = clientPatchSyntaxError(type, syntax);
        if (type === 'strategic') throw plainError(said);
        errors.push({ text: `error: ${said}` });
      } else errors.push({ text: `Error from server (BadRequest): ${serverPatchSyntaxError(type, syntax)}` });
      continue;
    }
    if (dry === 'client') {
      // getPatchedJSON: the client applies the patch to the object it read.
      if (type === 'strategic') {
        try {
          result = applyPatch(t.obj, patch) as KObject;
        } catch (e) {
          // getPatchedJSON's error ends the visit: kubectl prints it and stops.
          if (e instanceof StrategicMergeError) throw plainError(e.message);
          throw e;
        }
      } else {
        // jsonpatch.DecodePatch then Patch.Apply, whose own words kubectl prints.
        const patched =
          type === 'merge'
            ? { ok: true as const, value: jsonMergePatch(t.obj, patch) }
            : Array.isArray(patch)
              ? applyJsonPatch(t.obj, patch)
              : { ok: false as const, detail: `json: cannot unmarshal ${jsonTypeName(patch)} into Go value of type jsonpatch.Patch` };
        if (!patched.ok) {
          errors.push({ text: patched.detail });
          continue;
        }
        result = patched.value as KObject;
      }
    } else {
      const route = subresource === '' ? undefined : subresourceRoute(env.client, t.info, t.obj.metadata.namespace, name, subresource, 'PATCH');
      if (route && !('type' in route)) {
        errors.push({ api: route });
        continue;
      }
      const res = env.client.patchAs(t.info, t.obj.metadata.namespace, name, type, patch, dry === 'server', route && writeSubresource(route));
      if (!res.ok) {
        // patch.go wraps a 415 in `<media type> is not supported by <GroupVersionKind>` (a plain error).
        if (!('network' in res.error) && res.error.code === 415) {
          const media = type === 'strategic' ? 'application/strategic-merge-patch+json' : type === 'merge' ? 'application/merge-patch+json' : 'application/json-patch+json';
          errors.push({ text: `error: ${media} is not supported by ${t.info.group}/${t.info.version}, Kind=${t.info.kind}: ${res.error.message}` });
        } else errors.push({ api: res.error });
        continue;
      }
      // A `/scale` PATCH answers the Scale; the builder's GET of it was the Scale too.
      if (route?.subresource === 'scale') {
        const scaled = scaleOf(res.value) as unknown as KObject;
        printResult(env, flags, t.info, scaled, withDryRun(deepEqual(scaleOf(t.obj), scaled) ? 'patched (no change)' : 'patched', dry));
        continue;
      }
      result = res.value;
      const changed = !deepEqual(t.obj, result);
      result = sendRecordPatch(env, t.info, result, cause) ?? result;
      printResult(env, flags, t.info, result, withDryRun(changed ? 'patched' : 'patched (no change)', dry));
      continue;
    }
    printResult(env, flags, t.info, result, withDryRun(deepEqual(t.obj, result) ? 'patched (no change)' : 'patched', dry));
  }
  if (targets.items.length === 0 && errors.length === 0) throw plainError('no objects passed to patch');
  if (errors.length) throw new CmdError(failureText(errors));
  return 0;
}
