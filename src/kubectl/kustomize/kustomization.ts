/**
 * Reading a kustomization file as kustomize v5's KustTarget.Load does: the one of
 * kustomization.yaml / kustomization.yml / Kustomization in the directory, YAML converted to
 * JSON and decoded strictly into types.Kustomization (encoding/json: unknown fields refused,
 * field names matched case-insensitively, a wrong JSON type named as Go names it), the
 * deprecation warnings, the empty check and the kind/apiVersion check. Messages are the ones
 * kubectl 1.35's kustomize printed for the same files (kustomize.test.ts).
 */
import { parseDocuments } from '../manifest';
import type { FileSource } from '../types';
import { joinPath } from './paths';

export const KUSTOMIZATION_FILES = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'] as const;

export type Json = unknown;
export type JsonMap = Record<string, Json>;

export interface Label {
  pairs?: Record<string, string>;
  includeSelectors?: boolean;
  includeTemplates?: boolean;
  /** More places for the pairs (FieldSpecs: path, kind/group/version, create). */
  fields?: { path?: string; kind?: string; group?: string; version?: string; create?: boolean }[];
}
export interface Image {
  name?: string;
  newName?: string;
  newTag?: string;
  digest?: string;
  tagSuffix?: string;
}
export interface Replica {
  name?: string;
  count?: number;
}
export interface GeneratorOptions {
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  disableNameSuffixHash?: boolean;
  immutable?: boolean;
}
export interface GeneratorArgs {
  name?: string;
  namespace?: string;
  behavior?: string;
  literals?: string[];
  files?: string[];
  envs?: string[];
  env?: string;
  options?: GeneratorOptions;
  type?: string;
}
export interface PatchTarget {
  group?: string;
  version?: string;
  kind?: string;
  name?: string;
  namespace?: string;
  labelSelector?: string;
  annotationSelector?: string;
}
export interface Patch {
  path?: string;
  patch?: string;
  target?: PatchTarget;
  options?: { allowNameChange?: boolean; allowKindChange?: boolean };
}
export interface SortOptions {
  order?: string;
  legacySortOptions?: { orderFirst?: string[]; orderLast?: string[] };
}

export interface Kustomization {
  apiVersion?: string;
  kind?: string;
  namePrefix?: string;
  nameSuffix?: string;
  namespace?: string;
  commonLabels?: Record<string, string>;
  labels?: Label[];
  commonAnnotations?: Record<string, string>;
  patchesStrategicMerge?: string[];
  patchesJson6902?: Patch[];
  patches?: Patch[];
  images?: Image[];
  imageTags?: Image[];
  replicas?: Replica[];
  sortOptions?: SortOptions;
  resources?: string[];
  components?: string[];
  bases?: string[];
  configMapGenerator?: GeneratorArgs[];
  secretGenerator?: GeneratorArgs[];
  generatorOptions?: GeneratorOptions;
  [other: string]: unknown;
}

/** A Go type as encoding/json decodes into it: how a wrong JSON value is named, which fields a struct has. */
type GoType =
  | { go: 'string' | 'bool' | 'int' | 'any' }
  | { go: 'slice'; of: GoType; name: string }
  | { go: 'map'; of: GoType; name: string }
  | { go: 'struct'; name: string; fields: Record<string, GoType> };

const STR: GoType = { go: 'string' };
const BOOL: GoType = { go: 'bool' };
const INT: GoType = { go: 'int' };
const ANY: GoType = { go: 'any' };
const STRS: GoType = { go: 'slice', of: STR, name: '[]string' };
const STR_MAP: GoType = { go: 'map', of: STR, name: 'map[string]string' };
const struct = (name: string, fields: Record<string, GoType>): GoType => ({ go: 'struct', name, fields });
const slice = (of: GoType & { name?: string }, name: string): GoType => ({ go: 'slice', of, name });

const GENERATOR_OPTIONS = struct('GeneratorOptions', { labels: STR_MAP, annotations: STR_MAP, disableNameSuffixHash: BOOL, immutable: BOOL });
const GENERATOR_FIELDS: Record<string, GoType> = {
  namespace: STR,
  name: STR,
  behavior: STR,
  literals: STRS,
  files: STRS,
  envs: STRS,
  env: STR,
  options: GENERATOR_OPTIONS,
};
const PATCH = struct('Patch', {
  path: STR,
  patch: STR,
  target: struct('Selector', { group: STR, version: STR, kind: STR, name: STR, namespace: STR, labelSelector: STR, annotationSelector: STR }),
  options: struct('PatchOptions', { allowNameChange: BOOL, allowKindChange: BOOL }),
});
const FIELD_SPEC = struct('FieldSpec', { group: STR, version: STR, kind: STR, path: STR, create: BOOL });
const IMAGE = struct('Image', { name: STR, newName: STR, tagSuffix: STR, newTag: STR, digest: STR });

/** types.Kustomization's JSON fields. */
const KUSTOMIZATION: Record<string, GoType> = {
  apiVersion: STR,
  kind: STR,
  metadata: ANY,
  openapi: STR_MAP,
  namePrefix: STR,
  nameSuffix: STR,
  namespace: STR,
  commonLabels: STR_MAP,
  labels: slice(struct('Label', { pairs: STR_MAP, includeSelectors: BOOL, includeTemplates: BOOL, includeVolumeClaimTemplates: BOOL, fields: slice(FIELD_SPEC, '[]types.FieldSpec') }), '[]types.Label'),
  commonAnnotations: STR_MAP,
  patchesStrategicMerge: { go: 'slice', of: STR, name: '[]types.PatchStrategicMerge' },
  patchesJson6902: slice(PATCH, '[]types.Patch'),
  patches: slice(PATCH, '[]types.Patch'),
  images: slice(IMAGE, '[]types.Image'),
  imageTags: slice(IMAGE, '[]types.Image'),
  replacements: ANY,
  replicas: slice(struct('Replica', { name: STR, count: INT }), '[]types.Replica'),
  vars: ANY,
  sortOptions: struct('SortOptions', { order: STR, legacySortOptions: struct('LegacySortOptions', { orderFirst: STRS, orderLast: STRS }) }),
  resources: STRS,
  components: STRS,
  crds: STRS,
  bases: STRS,
  configMapGenerator: slice(struct('ConfigMapArgs', GENERATOR_FIELDS), '[]types.ConfigMapArgs'),
  secretGenerator: slice(struct('SecretArgs', { ...GENERATOR_FIELDS, type: STR }), '[]types.SecretArgs'),
  helmGlobals: ANY,
  helmCharts: ANY,
  helmChartInflationGenerator: ANY,
  generatorOptions: GENERATOR_OPTIONS,
  configurations: STRS,
  generators: STRS,
  transformers: STRS,
  validators: STRS,
  buildMetadata: STRS,
};

/** An error kustomize returns; `text` is its message as kubectl prints it after `error: `. */
export class KustomizeError extends Error {
  constructor(readonly text: string) {
    super(text);
  }
}

/** Go's %q of a string (quotes, backslashes and control characters escaped). */
export function goQuote(s: string): string {
  return JSON.stringify(s).replace(/[\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function jsonType(v: Json): string {
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'object') return 'object';
  return typeof v === 'boolean' ? 'bool' : typeof v === 'number' ? 'number' : 'string';
}

/** The JSON value decoded into `t` (keys renamed to the Go field's JSON name), or the decoder's error. */
function decode(v: Json, t: GoType, field: string): Json {
  if (v === null || v === undefined || t.go === 'any') return v;
  const mismatch = (name: string): KustomizeError =>
    new KustomizeError(`invalid Kustomization: json: cannot unmarshal ${jsonType(v)} into Go struct field ${field} of type ${name}`);
  switch (t.go) {
    case 'string':
      if (typeof v !== 'string') throw mismatch('string');
      return v;
    case 'bool':
      if (typeof v !== 'boolean') throw mismatch('bool');
      return v;
    case 'int':
      if (typeof v !== 'number' || !Number.isInteger(v)) throw mismatch('int');
      return v;
    case 'slice':
      if (!Array.isArray(v)) throw mismatch(t.name);
      return v.map((x) => decode(x, t.of, field));
    case 'map': {
      if (jsonType(v) !== 'object') throw mismatch(t.name);
      const out: JsonMap = {};
      for (const [k, x] of Object.entries(v as JsonMap)) out[k] = decode(x, t.of, field);
      return out;
    }
    case 'struct': {
      if (jsonType(v) !== 'object') throw mismatch(t.name);
      return decodeStruct(v as JsonMap, t.fields, t.name);
    }
  }
}

function decodeStruct(m: JsonMap, fields: Record<string, GoType>, structName: string): JsonMap {
  const names = Object.keys(fields);
  const out: JsonMap = {};
  for (const [key, value] of Object.entries(m)) {
    // encoding/json prefers the exact name, then any name equal under case folding.
    const name = Object.hasOwn(fields, key) ? key : names.find((n) => n.toLowerCase() === key.toLowerCase());
    if (name === undefined) throw new KustomizeError(`invalid Kustomization: json: unknown field "${key}"`);
    const decoded = decode(value, fields[name]!, `${structName}.${name}`);
    if (decoded !== null && decoded !== undefined) out[name] = decoded;
  }
  return out;
}

const EDIT_FIX = "Run 'kustomize edit fix' to update your Kustomization automatically.";
/** CheckDeprecatedFields, in its order. */
const DEPRECATED: [keyof Kustomization, string][] = [
  ['bases', `# Warning: 'bases' is deprecated. Please use 'resources' instead. ${EDIT_FIX}`],
  ['commonLabels', `# Warning: 'commonLabels' is deprecated. Please use 'labels' instead. ${EDIT_FIX}`],
  ['imageTags', `# Warning: 'imageTags' is deprecated. Please use 'images' instead. ${EDIT_FIX}`],
  ['patchesJson6902', `# Warning: 'patchesJson6902' is deprecated. Please use 'patches' instead. ${EDIT_FIX}`],
  ['patchesStrategicMerge', `# Warning: 'patchesStrategicMerge' is deprecated. Please use 'patches' instead. ${EDIT_FIX}`],
  ['vars', `# Warning: 'vars' is deprecated. Please use 'replacements' instead. [EXPERIMENTAL] ${EDIT_FIX}`],
];

export interface LoadedKustomization {
  k: Kustomization;
  /** The file's name in its directory (`kustomization.yaml`). */
  fileName: string;
}

/**
 * The kustomization in `dir` (a path relative to the working directory), its warnings written
 * through `warn` as Load writes them to stderr. `root` is the directory's absolute path.
 */
export function loadKustomization(files: FileSource, dir: string, root: string, warn: (line: string) => void): LoadedKustomization {
  const found = KUSTOMIZATION_FILES.map((name) => ({ name, text: files.readFile(joinPath(dir, name)) })).filter((f) => f.text !== undefined);
  if (found.length === 0) throw new KustomizeError(`unable to find one of 'kustomization.yaml', 'kustomization.yml' or 'Kustomization' in directory '${root}'`);
  if (found.length > 1) throw new KustomizeError(`Found multiple kustomization files under: ${root}`);
  const { name, text } = found[0]!;
  const parsed = parseDocuments(text!, name);
  if (parsed.error !== undefined && parsed.objects.length === 0) {
    throw new KustomizeError(`invalid Kustomization: ${parsed.error.replace(/^error parsing [^:]*: error converting YAML to JSON: /, '')}`);
  }
  const first = parsed.objects[0] ?? {};
  if (jsonType(first) !== 'object') throw new KustomizeError(`invalid Kustomization: json: cannot unmarshal ${jsonType(first)} into Go value of type types.Kustomization`);
  const k = decodeStruct(first as JsonMap, KUSTOMIZATION, 'Kustomization') as Kustomization;
  for (const [field, message] of DEPRECATED) if (k[field] !== undefined) warn(message);
  if (Object.keys(k).every((f) => f === 'apiVersion' || f === 'kind')) throw new KustomizeError('kustomization.yaml is empty');
  const errs: string[] = [];
  const kind = k.kind ?? '';
  if (kind !== '' && kind !== 'Kustomization' && kind !== 'Component') errs.push('kind should be Kustomization or Component');
  const required = kind === 'Component' ? 'kustomize.config.k8s.io/v1alpha1' : 'kustomize.config.k8s.io/v1beta1';
  if ((k.apiVersion ?? '') !== '' && k.apiVersion !== required) errs.push(`apiVersion for ${kind || 'Kustomization'} should be ${required}`);
  if (errs.length > 0) throw new KustomizeError(`Failed to read kustomization file under ${root}:\n${errs.join('\n')}`);
  return { k, fileName: name };
}
