/**
 * Reading `-f` manifests: files, directories (their .json/.yaml/.yml files, sorted), `-` for
 * stdin; multi-document YAML and `kind: List`. YAML is read as go-yaml v2 reads it (YAML 1.1
 * booleans, no timestamp or sexagesimal typing) and errors are rephrased in go-yaml's words.
 * Input is untrusted (a learner can paste anything), so size, nesting depth and alias
 * expansion are bounded before and during parsing.
 */
import { parseAllDocuments, visit, type Document } from 'yaml';
import type { KObject } from '../k8s/types';
import type { ResourceInfo } from '../k8s/resources';
import { infoForKind } from './discovery';
import type { FileSource } from './types';
import { plainError, type Failure } from './errors';
import { roughDepth } from '../k8s/yaml-depth';
import { goYamlError } from '../k8s/go-yaml-errors';
import { pushAll } from '../k8s/arrays';
import { isUrl } from './url-visitor';

export const MAX_MANIFEST_BYTES = 1024 * 1024;
export const MAX_DEPTH = 64;
const MAX_ALIASES = 100;

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

/** Nesting depth, counted no further than past `limit` (so a cyclic value ends too). */
function depthOf(v: unknown, limit = MAX_DEPTH): number {
  let max = 0;
  const stack: [unknown, number][] = [[v, 0]];
  while (stack.length) {
    const [x, d] = stack.pop()!;
    if (x === null || typeof x !== 'object') continue;
    max = Math.max(max, d + 1);
    if (max > limit) return max;
    for (const c of Object.values(x as object)) stack.push([c, d + 1]);
  }
  return max;
}

/**
 * The anchor of an alias that sits inside the node it names (`metadata: &m {labels: *m}`), which
 * would decode to a value containing itself; go-yaml v2 refuses it.
 */
function selfContainingAnchor(doc: Document.Parsed): string | undefined {
  let found: string | undefined;
  visit(doc, {
    Alias(_key, node, path) {
      const target = node.resolve(doc);
      if (target && path.includes(target)) {
        found = node.source;
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return found;
}

/**
 * Line breaks as go-yaml v2 reads them: CR LF, a lone CR (classic Mac), NEL, U+2028 and U+2029
 * all end a line. A JSON document (kubectl's decoder sniffs a leading `{`) keeps U+2028, U+2029
 * and NEL, which JSON allows inside strings; a raw CR can only be whitespace there.
 */
export function normaliseLineBreaks(text: string): string {
  const crlf = text.replace(/\r\n?/g, '\n');
  return /^[\s\uFEFF]*\{/.test(crlf) ? crlf : crlf.replace(/[\u0085\u2028\u2029]/g, '\n');
}

/** go-yaml v3 still reads `0755` as an octal integer, as YAML 1.1 did, where YAML 1.2's core schema reads 755. */
const GO_YAML_V3_OCTAL = {
  identify: (v: unknown): boolean => typeof v === 'number',
  default: true,
  tag: 'tag:yaml.org,2002:int',
  test: /^0[0-7]+$/,
  resolve: (s: string): number => parseInt(s, 8),
};

/**
 * A lone `.` (`-.`, `._`): YAML 1.1's float pattern takes it, but go-yaml v2 keeps a plain
 * scalar strconv.ParseFloat refuses as a string (`resources: [.]` names a directory).
 */
const GO_YAML_V2_DOT = {
  identify: (): boolean => false,
  default: true,
  tag: 'tag:yaml.org,2002:str',
  test: /^[-+]?_*\._*$/,
  resolve: (s: string): string => s,
};

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
  for (const raw of lines) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
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
  if (roughDepth(raw) > MAX_DEPTH) return { objects: [], error: `${prefix}yaml: exceeded max depth of ${MAX_DEPTH}` };
  const split = yamlReaderDocuments(raw);
  const objects: unknown[] = [];
  for (const chunk of split.docs) {
    const err = goYamlError(chunk);
    if (err) return { objects, error: prefix + err };
    // yaml.Unmarshal decodes a document's first YAML document only (a `...` ends it).
    const doc = parseAllDocuments(normaliseLineBreaks(chunk.startsWith('\uFEFF') ? chunk.slice(1) : chunk), {
      version,
      uniqueKeys: false,
      // go-yaml v2 leaves timestamps and base-60 numbers as strings when decoding into interface{}.
      // The first tag whose test matches wins, so these go before the schema's own int and float.
      customTags: (tags) => [
        ...(version === '1.2' ? [GO_YAML_V3_OCTAL] : [GO_YAML_V2_DOT]),
        ...tags.filter((t) => !(typeof t === 'object' && (t.tag === 'tag:yaml.org,2002:timestamp' || ('format' in t && t.format === 'TIME')))),
      ],
    });
    const first = Array.isArray(doc) ? doc[0] : undefined;
    if (!first) continue;
    const recursive = selfContainingAnchor(first);
    if (recursive !== undefined) return { objects, error: `${prefix}yaml: anchor '${recursive}' value contains itself` };
    let js: unknown;
    try {
      js = first.toJS({ maxAliasCount: MAX_ALIASES });
    } catch {
      return { objects, error: `${prefix}yaml: document contains excessive aliasing` };
    }
    if (js === null || js === undefined) continue;
    if (depthOf(js) > MAX_DEPTH) return { objects, error: `${prefix}yaml: exceeded max depth of ${MAX_DEPTH}` };
    objects.push(js);
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
