/**
 * `--overrides` and `--override-type` of kubectl run and kubectl expose (cmdutil.Overrider): the
 * generated object, encoded as its typed JSON, is patched by the inline fragment — an RFC 7386
 * merge patch by default, a strategic merge or an RFC 6902 patch on request — and decoded back
 * through kubectl's scheme as runtime.Decode does: the kind must be registered for its
 * apiVersion, the first type error is the command's error, unknown fields are dropped without a
 * word, and every Quantity comes back canonical (`0.5` → `500m`). Each failure is kubectl's own
 * line: the patch libraries' words (`Invalid JSON Patch`, `invalid JSON document`, evanphx's
 * `testing value /spec/dnsPolicy failed: test failed`) or the decoder's.
 */
import type { KObject } from '../../k8s/types';
import { apiVersionOf, resourceForKind, type ResourceInfo } from '../../k8s/resources';
import { otherVersions } from '../../k8s/served-versions';
import { decode } from '../../k8s/go-structs/decode';
import { parseGoJson } from '../../k8s/go-json';
import { applyJsonPatch, jsonMergePatch, jsonTypeName } from '../../k8s/json-patch';
import { StrategicMergeError, strategicMerge } from '../../k8s/strategic-merge';
import { plainError } from '../errors';
import type { FlagDef, Flags } from '../flags';

const OVERRIDE_TYPES = ['json', 'merge', 'strategic'] as const;

export const OVERRIDE_FLAGS: FlagDef[] = [
  { name: 'overrides', kind: 'string' },
  { name: 'override-type', kind: 'string', values: OVERRIDE_TYPES },
];

type Json = unknown;
const isObject = (v: Json): v is Record<string, Json> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** jsonpatch.MergePatch (v4): a fragment that is no JSON object is ErrBadJSONPatch, an array the new document. */
function mergeOverride(target: Json, fragment: string): Json {
  const parsed = parseGoJson(fragment);
  if (!parsed.ok || (!isObject(parsed.value) && !Array.isArray(parsed.value))) throw plainError('Invalid JSON Patch');
  return Array.isArray(parsed.value) ? parsed.value : jsonMergePatch(target, parsed.value);
}

/** strategicpatch.StrategicMergePatch: a fragment that is no JSON object (null is empty) is ErrBadJSONDoc. */
function strategicOverride(target: Json, fragment: string, kind: string): Json {
  const parsed = parseGoJson(fragment);
  if (!parsed.ok || (parsed.value !== null && !isObject(parsed.value))) throw plainError('invalid JSON document');
  try {
    return structuredClone(strategicMerge(target, parsed.value ?? {}, { kind }));
  } catch (e) {
    if (e instanceof StrategicMergeError) throw plainError(e.message);
    throw e;
  }
}

/** jsonpatch.DecodePatch (json.Unmarshal into a []Operation), then Patch.Apply. */
function jsonOverride(target: Json, fragment: string): Json {
  const parsed = parseGoJson(fragment);
  if (!parsed.ok) throw plainError(parsed.error);
  const ops = parsed.value;
  if (ops !== null && !Array.isArray(ops)) throw plainError(`json: cannot unmarshal ${jsonTypeName(ops)} into Go value of type jsonpatch.Patch`);
  const bad = (ops ?? []).find((op) => op !== null && !isObject(op));
  if (bad !== undefined) throw plainError(`json: cannot unmarshal ${jsonTypeName(bad)} into Go value of type jsonpatch.Operation`);
  const r = applyJsonPatch(target, ops ?? []);
  if (!r.ok) throw plainError(r.detail);
  return r.value;
}

/** The scheme's type for a kind at an apiVersion (kubectl's scheme registers every built-in version served here). */
function registered(kind: string, apiVersion: string): ResourceInfo | undefined {
  const info = resourceForKind(kind);
  if (!info) return undefined;
  return [info, ...otherVersions(info)].find((v) => apiVersionOf(v) === apiVersion);
}

/** Go's json.Marshal of the merged document: its top-level keys sorted (a Go map); nested objects keep the typed order. */
function marshalMerged(v: Json): string {
  if (!isObject(v)) return JSON.stringify(v);
  return `{${Object.keys(v)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${JSON.stringify(v[k])}`)
    .join(',')}}`;
}

/** runtime.Decode with kubectl's codec: TypeMeta first, then the typed struct. */
function decodeTyped(patched: Json): KObject {
  if (!isObject(patched)) {
    throw plainError(
      `couldn't get version/kind; json parse error: json: cannot unmarshal ${jsonTypeName(patched)} into Go value of type struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }`,
    );
  }
  for (const field of ['apiVersion', 'kind'] as const) {
    const v = patched[field];
    if (v !== undefined && v !== null && typeof v !== 'string') {
      throw plainError(`couldn't get version/kind; json parse error: json: cannot unmarshal ${jsonTypeName(v)} into Go struct field .${field} of type string`);
    }
  }
  const kind = (patched['kind'] as string | null | undefined) ?? '';
  const apiVersion = (patched['apiVersion'] as string | null | undefined) ?? '';
  if (kind === '') throw plainError(`Object 'Kind' is missing in '${marshalMerged(patched)}'`);
  if (apiVersion === '') throw plainError(`Object 'apiVersion' is missing in '${marshalMerged(patched)}'`);
  const info = registered(kind, apiVersion);
  if (!info) throw plainError(`no kind "${kind}" is registered for version "${apiVersion}" in scheme "pkg/scheme/scheme.go:28"`);
  const obj = structuredClone(patched) as KObject;
  const out = decode(info, obj, true, true);
  if (out.typeError) throw plainError(out.typeError);
  return obj;
}

/**
 * The generated object with `--overrides` applied, or the object itself when there are none.
 * `typed` is the generator's typed encoding (Go field order), which the patch is applied to.
 */
export function applyOverrides(flags: Flags, obj: KObject, typed: (o: KObject) => KObject): KObject {
  const fragment = flags.str('overrides');
  if (fragment === '') return obj;
  const type = flags.str('override-type') || 'merge';
  const target = typed(obj) as Json;
  let patched: Json;
  switch (type) {
    case 'merge':
      patched = mergeOverride(target, fragment);
      break;
    case 'strategic':
      patched = strategicOverride(target, fragment, obj.kind);
      break;
    case 'json':
      patched = jsonOverride(target, fragment);
      break;
    default:
      throw plainError(`invalid override type: ${type}`);
  }
  return decodeTyped(patched);
}
