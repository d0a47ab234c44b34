/**
 * configMapGenerator and secretGenerator as kustomize v5 builds them (api/kv, api/internal/
 * generators): env files, then literals, then files, each key once; generatorOptions merged
 * with the generator's own options; a name the content hash is appended to at the end
 * (hash.ts); `behavior: merge|replace` meeting the resource of that id (absorb).
 */
import { base64Encode } from '../../k8s/base64';
import type { FileSource } from '../types';
import { KustomizeError, type GeneratorArgs, type GeneratorOptions, type JsonMap } from './kustomization';
import { absolutePath, isWithin, joinPath } from './paths';
import { gvkOf, isMap, metaOf, nameOf, namespaceOf, newRes, type Res } from './resource';

export interface GenContext {
  files: FileSource;
  /** The kustomization's directory, relative to the working directory. */
  dir: string;
  /** Its absolute path (the loader's root). */
  root: string;
  cwd: string;
  /** The loader's RootOnly restriction. */
  restrict: boolean;
}

/** The loader's Load: a file in or below the root, or why not in its words. */
export function loadFile(ctx: GenContext, path: string): string {
  const rel = joinPath(ctx.dir, path);
  const abs = absolutePath(ctx.cwd, rel);
  const text = ctx.files.readFile(rel);
  if (text === undefined) throw new KustomizeError(`evalsymlink failure on '${abs}' : lstat ${abs}: no such file or directory`);
  if (ctx.restrict && !isWithin(ctx.root, abs)) throw new KustomizeError(`security; file '${abs}' is not in or below '${ctx.root}'`);
  return text;
}

/** removeQuotes: one pair of matching quotes around a literal's value goes. */
function removeQuotes(s: string): string {
  return s.length >= 2 && s[0] === s[s.length - 1] && (s[0] === '"' || s[0] === "'") ? s.slice(1, -1) : s;
}

/** ParseFileSource: `path` (keyed by its base name) or `key=path`. */
function parseFileSource(src: string): [string, string] {
  const n = (src.match(/=/g) ?? []).length;
  if (n === 0) return [src.slice(src.lastIndexOf('/') + 1), src];
  if (n === 1 && src.startsWith('=')) throw new KustomizeError(`missing key name for file path "${src.slice(1)}" in source "${src}"`);
  if (n === 1 && src.endsWith('=')) throw new KustomizeError(`missing file path for key name "${src.slice(0, -1)}" in source "${src}"`);
  if (n > 1) throw new KustomizeError(`source "${src}" key name or file path contains '='`);
  const [k, p] = src.split('=') as [string, string];
  return [k, p];
}

/** keyValuesFromLines: bufio lines (CR LF ends one too), blank and `#` lines skipped, a bare key empty. */
function envPairs(text: string): [string, string][] {
  const out: [string, string][] = [];
  const lines = text.replace(/^\uFEFF/, '').split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  for (const raw of lines) {
    const line = raw.replace(/\r$/, '').replace(/^\s+/, '');
    if (line === '' || line.startsWith('#')) continue;
    const i = line.indexOf('=');
    // kubectl's kustomize loads with a validator that accepts any key (`1BAD=x` is kept, as recorded).
    const key = i < 0 ? line : line.slice(0, i);
    out.push([key, i < 0 ? '' : line.slice(i + 1)]);
  }
  return out;
}

const list = (xs: readonly string[]): string => `[${xs.join(' ')}]`;

/** kv.Load's pairs: envs, literals, files. */
function pairs(ctx: GenContext, g: GeneratorArgs): [string, string][] {
  const envs = [...(g.envs ?? []), ...(g.env ? [g.env] : [])];
  const out: [string, string][] = [];
  const wrap = (what: string, fn: () => void): void => {
    try {
      fn();
    } catch (e) {
      if (e instanceof KustomizeError) throw new KustomizeError(`loading KV pairs: ${what}: ${e.text}`);
      throw e;
    }
  };
  wrap(`env source files: ${list(envs)}`, () => {
    for (const p of envs) out.push(...envPairs(loadFile(ctx, p)));
  });
  wrap(`literal sources ${list(g.literals ?? [])}`, () => {
    for (const s of g.literals ?? []) {
      const i = s.indexOf('=');
      if (i <= 0) throw new KustomizeError(`invalid literal source ${s}, expected key=value`);
      out.push([s.slice(0, i), removeQuotes(s.slice(i + 1))]);
    }
  });
  wrap(`file sources: ${list(g.files ?? [])}`, () => {
    for (const s of g.files ?? []) {
      const [k, p] = parseFileSource(s);
      out.push([k, loadFile(ctx, p)]);
    }
  });
  return out;
}

/** MergeGlobalOptionsIntoLocal. */
function mergedOptions(global: GeneratorOptions | undefined, local: GeneratorOptions | undefined): GeneratorOptions {
  return {
    labels: { ...(global?.labels ?? {}), ...(local?.labels ?? {}) },
    annotations: { ...(global?.annotations ?? {}), ...(local?.annotations ?? {}) },
    disableNameSuffixHash: (global?.disableNameSuffixHash ?? false) || (local?.disableNameSuffixHash ?? false),
    immutable: (global?.immutable ?? false) || (local?.immutable ?? false),
  };
}

function generate(ctx: GenContext, g: GeneratorArgs, kind: 'ConfigMap' | 'Secret', global: GeneratorOptions | undefined): Res {
  const name = g.name ?? '';
  const data: Record<string, string> = {};
  for (const [k, v] of pairs(ctx, g)) {
    if (Object.hasOwn(data, k)) throw new KustomizeError(`${kind.toLowerCase()} ${name} illegally repeats the key \`${k}\``);
    data[k] = kind === 'Secret' ? base64Encode(v) : v;
  }
  const opts = mergedOptions(global, g.options);
  const meta: JsonMap = { name };
  if (g.namespace) meta['namespace'] = g.namespace;
  if (Object.keys(opts.labels ?? {}).length) meta['labels'] = { ...opts.labels };
  if (Object.keys(opts.annotations ?? {}).length) meta['annotations'] = { ...opts.annotations };
  const obj: JsonMap = { apiVersion: 'v1', kind, metadata: meta };
  // A Secret always carries its data map, even empty; a ConfigMap only when it has keys.
  if (kind === 'Secret' || Object.keys(data).length > 0) obj['data'] = data;
  if (kind === 'Secret') obj['type'] = g.type || 'Opaque';
  if (opts.immutable) obj['immutable'] = true;
  const res = newRes(obj);
  res.hash = !opts.disableNameSuffixHash;
  res.behavior = g.behavior || 'create';
  return res;
}

/** The Go struct kustomize prints for the id a generator met (or missed). */
function goResId(obj: JsonMap): string {
  const g = gvkOf(obj);
  return `id resid.ResId{Gvk:resid.Gvk{Group:"${g.group}", Version:"${g.version}", Kind:"${g.kind}", isClusterScoped:false}, Name:"${nameOf(obj)}", Namespace:"${namespaceOf(obj)}"}`;
}

/** Whether `existing` is (or was, before a rename) the resource `gen` names. */
function matches(existing: Res, gen: JsonMap): boolean {
  const a = gvkOf(existing.obj);
  const b = gvkOf(gen);
  if (a.kind !== b.kind || a.group !== b.group || a.version !== b.version) return false;
  const ns = (n: string): string => n || 'default';
  const ids = [{ name: nameOf(existing.obj), namespace: namespaceOf(existing.obj) }, ...existing.prev];
  return ids.some((id) => id.name === nameOf(gen) && ns(id.namespace) === ns(namespaceOf(gen)));
}

function mergeMaps(into: JsonMap, from: JsonMap, key: string): void {
  const a = isMap(into[key]) ? (into[key] as JsonMap) : {};
  const b = isMap(from[key]) ? (from[key] as JsonMap) : {};
  const merged = { ...a, ...b };
  if (Object.keys(merged).length > 0) into[key] = merged;
}

/**
 * The resmap's AbsorbAll: a new resource is appended; one with `behavior: merge` folds its data,
 * labels and annotations into the resource of its id, `replace` takes its place; `create`
 * over an existing id, or merge/replace over none, is an error.
 */
function absorb(resources: Res[], gen: Res): void {
  const at = resources.findIndex((r) => matches(r, gen.obj));
  // A pointer's address in kustomize's message: not reproducible, so a fixed one of its shape.
  const prefix = 'merging from generator &{0xc000a4d520 <nil>}: ';
  if (at < 0) {
    if (gen.behavior !== 'create') throw new KustomizeError(`${prefix}${goResId(gen.obj)} does not exist; cannot merge or replace`);
    resources.push(gen);
    return;
  }
  if (gen.behavior === 'create') throw new KustomizeError(`${prefix}${goResId(gen.obj)} exists; behavior must be merge or replace`);
  const old = resources[at]!;
  if (gen.behavior === 'replace') {
    const meta = metaOf(gen.obj);
    meta['name'] = nameOf(old.obj);
    if (namespaceOf(old.obj)) meta['namespace'] = namespaceOf(old.obj);
    resources[at] = { ...old, obj: gen.obj, hash: gen.hash || old.hash };
    return;
  }
  mergeMaps(old.obj, gen.obj, 'data');
  mergeMaps(metaOf(old.obj), metaOf(gen.obj), 'labels');
  mergeMaps(metaOf(old.obj), metaOf(gen.obj), 'annotations');
  old.hash = old.hash || gen.hash;
}

/** configureBuiltinGenerators: the ConfigMaps, then the Secrets, each absorbed in turn. */
export function runGenerators(ctx: GenContext, k: { configMapGenerator?: GeneratorArgs[]; secretGenerator?: GeneratorArgs[]; generatorOptions?: GeneratorOptions }, resources: Res[]): void {
  for (const g of k.configMapGenerator ?? []) absorb(resources, generate(ctx, g, 'ConfigMap', k.generatorOptions));
  for (const g of k.secretGenerator ?? []) absorb(resources, generate(ctx, g, 'Secret', k.generatorOptions));
}
