/**
 * A kustomization's patches (PatchTransformer, and the legacy patchesStrategicMerge and
 * patchesJson6902): a strategic merge patch goes to the resource it names, or to every
 * resource its `target` selects; a JSON 6902 patch (a list of operations, as YAML or JSON)
 * needs a target. The merge and the operations are the repo's own (src/k8s), the ones
 * kube-apiserver's patch handler uses.
 */
import { applyJsonPatch } from '../../k8s/json-patch';
import { matches as labelsMatch, parseSelector } from '../../k8s/labels';
import { strategicMerge, StrategicMergeError } from '../../k8s/strategic-merge';
import { toYaml } from '../../k8s/printers/yaml';
import { parseDocuments } from '../manifest';
import { loadFile, type GenContext } from './generators';
import { goQuote, KustomizeError, type Json, type JsonMap, type Kustomization, type Patch, type PatchTarget } from './kustomization';
import { gvkOf, idString, isMap, metaOf, nameOf, namespaceOf, type Res } from './resource';

interface LoadedPatch {
  text: string;
  /** `[path: "x.yaml"]` / `[patch: "…"]`, as messages name it. */
  source: string;
}

/** configureBuiltinPlugin's wrapping of a plugin's Config error: the plugin's config as YAML. */
function configuring<T>(plugin: string, config: JsonMap, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof KustomizeError) throw new KustomizeError(`trouble configuring builtin ${plugin} with config: \`\n${toYaml(config)}\`: ${e.text}`);
    throw e;
  }
}

/** PatchTransformerPlugin.Config: the inline patch (trimmed) or the file's text. */
function loadPatch(ctx: GenContext, p: Patch): LoadedPatch {
  const inline = (p.patch ?? '').trim();
  if (inline === '' && !p.path) throw new KustomizeError(`must specify one of patch and path in\n${toYaml(p)}`);
  if (inline !== '' && p.path) throw new KustomizeError(`patch and path can't be set at the same time\n${toYaml(p)}`);
  if (inline !== '') return { text: inline, source: `[patch: ${goQuote(inline)}]` };
  try {
    return { text: loadFile(ctx, p.path!), source: `[path: ${goQuote(p.path!)}]` };
  } catch (e) {
    if (e instanceof KustomizeError) throw new KustomizeError(`failed to get the patch file from path(${p.path!}): ${e.text}`);
    throw e;
  }
}

/** The patch as strategic merge documents, or as JSON 6902 operations (jsonPatchFromBytes). */
function decodePatch(patch: LoadedPatch): { sm: JsonMap[] } | { ops: Json[] } {
  const docs = parseDocuments(patch.text, 'patch', '1.2');
  const sm = docs.error === undefined && docs.objects.length > 0 && docs.objects.every(isMap) ? (docs.objects as JsonMap[]) : undefined;
  if (sm) return { sm };
  const first = docs.error === undefined ? docs.objects[0] : undefined;
  if (Array.isArray(first) && first.every(isMap)) return { ops: first };
  throw new KustomizeError(`unable to parse SM or JSON patch from ${patch.source}`);
}

function anyName(r: Res): string[] {
  return [nameOf(r.obj), ...r.prev.map((p) => p.name)];
}

/**
 * regexp/syntax's words for the commonest mistakes (an unclosed `[` or `(`: Go quotes the
 * pattern from the offending bracket on, as recorded); any other names the whole pattern.
 */
function goRegexpError(pattern: string, jsMessage: string): string {
  if (/Unterminated character class/.test(jsMessage)) return `error parsing regexp: missing closing ]: \`${pattern.slice(pattern.lastIndexOf('['))}\``;
  if (/Unterminated group/.test(jsMessage)) return `error parsing regexp: missing closing ): \`${pattern}\``;
  return `error parsing regexp: invalid pattern: \`${pattern}\``;
}

/** ResMap.Select: the target's gvk, name and namespace (as regular expressions), labels and annotations. */
function select(resources: Res[], t: PatchTarget): Res[] {
  const re = (s: string | undefined): RegExp | undefined => {
    if (!s) return undefined;
    const pattern = `^(?:${s})$`;
    try {
      return new RegExp(pattern);
    } catch (e) {
      throw new KustomizeError(goRegexpError(pattern, e instanceof Error ? e.message : ''));
    }
  };
  const name = re(t.name);
  const ns = re(t.namespace);
  const labels = t.labelSelector ? parseSelector(t.labelSelector) : undefined;
  const annotations = t.annotationSelector ? parseSelector(t.annotationSelector) : undefined;
  const asStrings = (v: Json): Record<string, string> => (isMap(v) ? (v as Record<string, string>) : {});
  return resources.filter((r) => {
    const g = gvkOf(r.obj);
    if ((t.group && t.group !== g.group) || (t.version && t.version !== g.version) || (t.kind && t.kind !== g.kind)) return false;
    if (name && !anyName(r).some((n) => name.test(n))) return false;
    const namespaces = [namespaceOf(r.obj), ...r.prev.map((p) => p.namespace)].map((n) => n || 'default');
    if (ns && !namespaces.some((n) => ns.test(n))) return false;
    const meta = metaOf(r.obj);
    // A selector that does not parse selects nothing (the resource is left alone, as recorded).
    if (labels && (!labels.ok || !labelsMatch(labels.selector, asStrings(meta['labels'])))) return false;
    if (annotations && (!annotations.ok || !labelsMatch(annotations.selector, asStrings(meta['annotations'])))) return false;
    return true;
  });
}

function merge(r: Res, patch: JsonMap): JsonMap | undefined {
  // The patch names its target; merged into another it keeps that one's name and kind.
  const p: JsonMap = { ...patch, apiVersion: r.obj['apiVersion'], kind: r.obj['kind'] };
  const pm = isMap(patch['metadata']) ? { ...patch['metadata'] } : {};
  pm['name'] = nameOf(r.obj);
  if (namespaceOf(r.obj)) pm['namespace'] = namespaceOf(r.obj);
  else delete pm['namespace'];
  p['metadata'] = pm;
  if (patch['$patch'] === 'delete') return undefined;
  try {
    return strategicMerge(JSON.parse(JSON.stringify(r.obj)) as Json, p) as JsonMap;
  } catch (e) {
    if (e instanceof StrategicMergeError) throw new KustomizeError(e.message);
    throw e;
  }
}

function applySm(resources: Res[], targets: Res[], patch: JsonMap): void {
  for (const r of targets) {
    const merged = merge(r, patch);
    if (merged === undefined) resources.splice(resources.indexOf(r), 1);
    else r.obj = merged;
  }
}

/** The resource a strategic merge patch without a target names (GetById of its original id). */
function byId(resources: Res[], patch: JsonMap): Res {
  const g = gvkOf(patch);
  const found = resources.filter((r) => {
    const rg = gvkOf(r.obj);
    const ns = (n: string): string => n || 'default';
    return rg.kind === g.kind && rg.group === g.group && rg.version === g.version && anyName(r).includes(nameOf(patch)) && ns(namespaceOf(r.obj)) === ns(namespaceOf(patch));
  });
  const id = idString(patch);
  if (found.length === 0) throw new KustomizeError(`no matches for Id ${id}; failed to find unique target for patch ${id}`);
  return found[0]!;
}

/** One `patches` entry (PatchTransformer). */
function applyPatch(ctx: GenContext, resources: Res[], p: Patch): void {
  const { loaded, decoded } = configuring('PatchTransformer', p as JsonMap, () => {
    const loaded = loadPatch(ctx, p);
    return { loaded, decoded: decodePatch(loaded) };
  });
  if ('sm' in decoded) {
    if (p.target) {
      if (decoded.sm.length > 1) throw new KustomizeError(`Multiple Strategic-Merge Patches in one \`patches\` entry is not allowed to set \`patches.target\` field: ${loaded.source}`);
      applySm(resources, select(resources, p.target), decoded.sm[0]!);
      return;
    }
    for (const patch of decoded.sm) {
      let target: Res;
      try {
        target = byId(resources, patch);
      } catch (e) {
        if (e instanceof KustomizeError) throw new KustomizeError(`no resource matches strategic merge patch "${idString(patch)}": ${e.text}`);
        throw e;
      }
      applySm(resources, [target], patch);
    }
    return;
  }
  if (!p.target) throw new KustomizeError(`must specify a target for JSON patch ${loaded.source}`);
  applyOps(select(resources, p.target), decoded.ops);
}

function applyOps(targets: Res[], ops: Json[]): void {
  for (const r of targets) {
    const result = applyJsonPatch(r.obj, ops);
    if (!result.ok) throw new KustomizeError(result.detail);
    r.obj = result.value as JsonMap;
  }
}

/**
 * PatchStrategicMergeTransformer: every entry is tried as inline patch content first, then as
 * a file (loadFromPaths); all are loaded before any is applied.
 */
function applyStrategicMergePatches(ctx: GenContext, resources: Res[], entries: string[]): void {
  const patches = configuring('PatchStrategicMergeTransformer', { paths: entries }, () =>
    entries.flatMap((entry) => {
      const inline = parseDocuments(entry, 'patch', '1.2');
      if (inline.error === undefined && inline.objects.length > 0 && inline.objects.every(isMap)) return inline.objects as JsonMap[];
      const file = parseDocuments(loadFile(ctx, entry), entry, '1.2');
      if (file.error !== undefined) throw new KustomizeError(file.error);
      return file.objects.filter(isMap);
    }),
  );
  for (const patch of patches) applySm(resources, [byId(resources, patch)], patch);
}

/** PatchJson6902Transformer: the legacy field's operations, from `path` or inline. */
function applyLegacyJsonPatch(ctx: GenContext, resources: Res[], p: Patch): void {
  const config: JsonMap = { ...(p.target ? { target: p.target } : {}), ...(p.path ? { path: p.path } : {}), ...(p.patch ? { jsonOp: p.patch } : {}) };
  const ops = configuring('PatchJson6902Transformer', config, () => {
    const text = p.path ? loadFile(ctx, p.path) : (p.patch ?? '');
    const decoded = decodePatch({ text, source: p.path ? `[path: ${goQuote(p.path)}]` : `[patch: ${goQuote(text)}]` });
    if (!('ops' in decoded)) throw new KustomizeError('unable to parse JSON patch');
    return decoded.ops;
  });
  // Without a target kustomize v5.7.1 panics (a nil pointer in PatchJson6902Transformer.Config).
  if (p.target) applyOps(select(resources, p.target), ops);
}

/** PatchStrategicMergeTransformer, then PatchTransformer. */
export function applyPatches(ctx: GenContext, resources: Res[], k: Kustomization): void {
  if (k.patchesStrategicMerge?.length) applyStrategicMergePatches(ctx, resources, k.patchesStrategicMerge);
  for (const p of k.patches ?? []) applyPatch(ctx, resources, p);
}

/** PatchJson6902Transformer: the legacy field, after the namespace, name and label transformers. */
export function applyJson6902Patches(ctx: GenContext, resources: Res[], k: Kustomization): void {
  for (const p of k.patchesJson6902 ?? []) applyLegacyJsonPatch(ctx, resources, p);
}
