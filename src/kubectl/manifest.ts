/**
 * Reading `-f` manifests: files, directories (their .json/.yaml/.yml files, sorted), `-` for
 * stdin; multi-document YAML, concatenated JSON and `kind: List`. A stream is JSON or YAML as
 * apimachinery's YAMLOrJSONDecoder guesses (k8s/manifest-stream.ts), errors in encoding/json's or
 * go-yaml's words. Input is untrusted (a learner can paste anything), so size, nesting depth and
 * alias expansion are bounded before and during parsing.
 */
import type { KObject } from '../k8s/types';
import type { ResourceInfo } from '../k8s/resources';
import { infoForKind } from './discovery';
import type { FileSource } from './types';
import { plainError, type Failure } from './errors';
import { MAX_DEPTH, yamlToJson } from '../k8s/yaml-to-json';
import { decodeManifestStream, yamlReaderDocuments, type StreamValue } from '../k8s/manifest-stream';
import { goJsonMarshalDecoded } from '../k8s/go-json';
import { pushAll } from '../k8s/arrays';
import { isUrl } from './url-visitor';

export const MAX_MANIFEST_BYTES = 1024 * 1024;
export { MAX_DEPTH };

export interface ManifestDoc {
  /** The file as kubectl names it in messages (`x.yaml`, `STDIN`). */
  source: string;
  obj: KObject;
  info: ResourceInfo;
}

export interface LoadResult {
  docs: ManifestDoc[];
  errors: Failure[];
}

/**
 * Parses one file's text into plain objects; stops at the first broken document, whose error
 * go-yaml-errors.ts words as go-yaml v2 does. `version` '1.2' reads as go-yaml v3 does
 * (kustomize's kyaml: `yes` stays a string).
 */
export function parseDocuments(raw: string, source: string, version: '1.1' | '1.2' = '1.1'): { objects: unknown[]; error?: string } {
  if (raw.length > MAX_MANIFEST_BYTES) return { objects: [], error: `error reading ${source}: the manifest is larger than 1 MiB` };
  const prefix = `error parsing ${source}: error converting YAML to JSON: `;
  const split = yamlReaderDocuments(raw);
  const objects: unknown[] = [];
  for (const { text: chunk } of split.docs) {
    const { value, error } = yamlToJson(chunk, version);
    if (error) return { objects, error: prefix + error };
    if (value !== null && value !== undefined) objects.push(value);
  }
  if (split.error) return { objects, error: `error parsing ${source}: ${split.error.message}` };
  return { objects };
}

function validationError(source: string, missing: string[]): Failure {
  const data = missing.length === 1 ? missing[0]! : `[${missing.join(', ')}]`;
  return { text: `error validating "${source}": error validating data: ${data}; if you choose to ignore these errors, turn validation off with --validate=false` };
}

/** The type encoding/json names when a value cannot go into an object. */
function jsonTypeOf(v: unknown): string {
  return Array.isArray(v) ? 'array' : typeof v === 'boolean' ? 'bool' : typeof v === 'number' ? 'number' : 'string';
}

/**
 * Maps one decoded value to its API resource, or explains why it cannot be. `json` is the text
 * kubectl quotes back: the value as written when it was read as JSON, else sigs.k8s.io/yaml's
 * json.Marshal of it (keys sorted).
 */
function toDoc({ value: raw, json }: Pick<StreamValue, 'value' | 'json'>, source: string, validate: boolean): ManifestDoc | Failure {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    // The schema check's getObjectKind, or the unstructured decoder's json.Unmarshal into its detector struct.
    if (validate) return validationError(source, ['invalid object to validate']);
    return { text: `unable to decode "${source}": json: cannot unmarshal ${jsonTypeOf(raw)} into Go value of type unstructured.detector` };
  }
  const obj = raw as Record<string, unknown>;
  const apiVersion = typeof obj['apiVersion'] === 'string' ? obj['apiVersion'] : '';
  const kind = typeof obj['kind'] === 'string' ? obj['kind'] : '';
  const missing = [...(apiVersion ? [] : ['apiVersion not set']), ...(kind ? [] : ['kind not set'])];
  if (missing.length > 0 && validate) return validationError(source, missing);
  if (!kind) return { text: `unable to decode "${source}": Object 'Kind' is missing in '${json ?? goJsonMarshalDecoded(obj)}'` };
  const info = infoForKind(kind, apiVersion);
  const gv = info ? (info.group ? `${info.group}/${info.version}` : info.version) : '';
  const meta = (obj['metadata'] ?? {}) as { name?: string; namespace?: string };
  if (!info || gv !== apiVersion) {
    return {
      text: `resource mapping not found for name: "${meta.name ?? ''}" namespace: "${meta.namespace ?? ''}" from "${source}": no matches for kind "${kind}" in version "${apiVersion}"\nensure CRDs are installed first`,
    };
  }
  if (typeof obj['metadata'] !== 'object' || obj['metadata'] === null) obj['metadata'] = {};
  return { source, obj: obj as unknown as KObject, info };
}

/** A List's items, each its own value (kubectl quotes an item back as json.Marshal writes it). */
function expandLists(values: Pick<StreamValue, 'value' | 'json'>[]): Pick<StreamValue, 'value' | 'json'>[] {
  const out: Pick<StreamValue, 'value' | 'json'>[] = [];
  for (const v of values) {
    const rec = v.value as Record<string, unknown> | null;
    if (rec && typeof rec === 'object' && typeof rec['kind'] === 'string' && rec['kind'].endsWith('List') && Array.isArray(rec['items'])) pushAll(out, expandLists(rec['items'].map((value: unknown) => ({ value }))));
    else out.push(v);
  }
  return out;
}

/** The files a `-f` value names: itself, or a directory's manifest files. */
function expandPath(files: FileSource, path: string): { path: string; text: string }[] {
  if (path === '-') return [];
  const text = files.readFile(path);
  if (text !== undefined) return [{ path, text }];
  const listed = files.listDir(path);
  if (listed === undefined) throw plainError(`the path "${path}" does not exist`);
  return listed
    .filter((p) => /\.(json|ya?ml)$/.test(p))
    .sort()
    .map((p) => ({ path: p, text: files.readFile(p) ?? '' }));
}

/**
 * Loads every `-f` argument in order. Paths that do not exist abort the whole command; an
 * `http(s)://` value is read with `readUrl` (url-visitor.ts), which throws kubectl's error.
 * Approximate: a URL is read before any object is sent (kubectl reads it as its turn comes).
 */
export function loadManifests(files: FileSource, stdin: string | undefined, filenames: string[], validate = true, readUrl?: (url: string) => string): LoadResult {
  const inputs: { path: string; text: string }[] = [];
  for (const f of filenames) {
    if (f === '-') inputs.push({ path: 'STDIN', text: stdin ?? '' });
    else if (readUrl && isUrl(f)) inputs.push({ path: f, text: readUrl(f) });
    else pushAll(inputs, expandPath(files, f));
  }
  const result: LoadResult = { docs: [], errors: [] };
  for (const { path, text } of inputs) {
    const one = loadText(text, path, validate);
    pushAll(result.docs, one.docs);
    pushAll(result.errors, one.errors);
  }
  return result;
}

/**
 * One text as the builder's stream visitor reads it (`source` names it in messages), Lists
 * flattened: JSON or YAML as YAMLOrJSONDecoder guesses (k8s/manifest-stream.ts).
 */
export function loadText(text: string, source: string, validate = true): LoadResult {
  const result: LoadResult = { docs: [], errors: [] };
  if (text.length > MAX_MANIFEST_BYTES) return { docs: [], errors: [{ text: `error reading ${source}: the manifest is larger than 1 MiB` }] };
  const { values, error } = decodeManifestStream(text);
  for (const v of expandLists(values)) {
    const d = toDoc(v, source, validate);
    if ('info' in d) result.docs.push(d);
    else result.errors.push(d);
  }
  if (error) result.errors.push({ text: `error parsing ${source}: ${error.message}` });
  return result;
}
