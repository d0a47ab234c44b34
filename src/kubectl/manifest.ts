/**
 * Reading `-f` manifests: files, directories (their .json/.yaml/.yml files, sorted), `-` for
 * stdin; multi-document YAML and `kind: List`. Each document is decoded as sigs.k8s.io/yaml
 * decodes it (k8s/yaml-to-json.ts), errors in go-yaml's words. Input is untrusted (a learner can
 * paste anything), so size, nesting depth and alias expansion are bounded before and during
 * parsing.
 */
import type { KObject } from '../k8s/types';
import type { ResourceInfo } from '../k8s/resources';
import { infoForKind } from './discovery';
import type { FileSource } from './types';
import { plainError, type Failure } from './errors';
import { MAX_DEPTH, yamlToJson } from '../k8s/yaml-to-json';
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
 * apimachinery's YAMLReader (pkg/util/yaml/decoder.go): the documents of a `-f` stream, split at
 * lines starting `---` that carry nothing else but a comment. Its LineReader drops each line's
 * `\n` or `\r\n` and writes `\n`, and a separator read while no document has begun stays in the
 * next document, which is why go-yaml's line numbers count from a document's first line (or its
 * `---`, for the first document or after an empty one).
 */
export function yamlReaderDocuments(text: string): { docs: string[]; error?: string } {
  const docs: string[] = [];
  let buffer = '';
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  for (const [i, raw] of lines.entries()) {
    // bufio's ReadLine drops `\r\n` or `\n`; a last line without either keeps a trailing CR.
    const line = raw.endsWith('\r') && (i < lines.length - 1 || text.endsWith('\n')) ? raw.slice(0, -1) : raw;
    if (line.startsWith('---')) {
      const trimmed = line.slice(3).trim();
      if (trimmed.length > 0 && !trimmed.startsWith('#')) return { docs, error: `invalid Yaml document separator: ${trimmed}` };
      if (buffer.length > 0) {
        docs.push(buffer);
        buffer = '';
        continue;
      }
    }
    buffer += `${line}\n`;
  }
  if (buffer.length > 0) docs.push(buffer);
  return { docs };
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
  for (const chunk of split.docs) {
    const { value, error } = yamlToJson(chunk, version);
    if (error) return { objects, error: prefix + error };
    if (value !== null && value !== undefined) objects.push(value);
  }
  if (split.error) return { objects, error: `error parsing ${source}: ${split.error}` };
  return { objects };
}

function validationError(source: string, missing: string[]): Failure {
  const data = missing.length === 1 ? missing[0]! : `[${missing.join(', ')}]`;
  return { text: `error validating "${source}": error validating data: ${data}; if you choose to ignore these errors, turn validation off with --validate=false` };
}

/** Maps one decoded object to its API resource, or explains why it cannot be. */
function toDoc(raw: unknown, source: string, validate: boolean): ManifestDoc | Failure {
  const obj = (raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
  const apiVersion = typeof obj['apiVersion'] === 'string' ? obj['apiVersion'] : '';
  const kind = typeof obj['kind'] === 'string' ? obj['kind'] : '';
  const missing = [...(apiVersion ? [] : ['apiVersion not set']), ...(kind ? [] : ['kind not set'])];
  if (missing.length > 0 && validate) return validationError(source, missing);
  if (!kind) return { text: `unable to decode "${source}": Object 'Kind' is missing in '${JSON.stringify(obj)}'` };
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

function expandLists(objects: unknown[]): unknown[] {
  const out: unknown[] = [];
  for (const o of objects) {
    const rec = o as Record<string, unknown> | null;
    if (rec && typeof rec === 'object' && typeof rec['kind'] === 'string' && rec['kind'].endsWith('List') && Array.isArray(rec['items'])) pushAll(out, expandLists(rec['items']));
    else out.push(o);
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

/** One text as the builder's stream visitor reads it (`source` names it in messages), Lists flattened. */
export function loadText(text: string, source: string, validate = true): LoadResult {
  const result: LoadResult = { docs: [], errors: [] };
  const { objects, error } = parseDocuments(text, source);
  for (const raw of expandLists(objects)) {
    const d = toDoc(raw, source, validate);
    if ('info' in d) result.docs.push(d);
    else result.errors.push(d);
  }
  if (error) result.errors.push({ text: error });
  return result;
}
