/**
 * kustomize's built-in transformers that a kustomization's fields configure, each as its filter
 * does it (api/filters): namespace, namePrefix/nameSuffix, labels/commonLabels,
 * commonAnnotations, images and replicas. The engine of reference rewriting is nameref.ts.
 */
import type { FieldSpec } from './fieldspec';
import { applySpecs, selects } from './fieldspec';
import { KustomizeError, type Image, type Json, type JsonMap, type Kustomization, type Replica } from './kustomization';
import { clusterScoped, gvkOf, isMap, metaOf, nameOf, storePrevious, type Res } from './resource';
import { COMMON_ANNOTATIONS, COMMON_LABELS, REPLICAS, TEMPLATE_LABELS } from './specs';

/** The namespace filter: metadata.namespace of namespaced objects, a v1 Namespace's own name, `default` role binding subjects. */
function setNamespace(r: Res, ns: string): void {
  const gvk = gvkOf(r.obj);
  if (gvk.kind === 'Namespace' && r.obj['apiVersion'] === 'v1') {
    storePrevious(r);
    metaOf(r.obj)['name'] = ns;
    return;
  }
  if (!clusterScoped(gvk.kind)) {
    storePrevious(r);
    metaOf(r.obj)['namespace'] = ns;
  }
  if (gvk.kind === 'RoleBinding' || gvk.kind === 'ClusterRoleBinding') {
    const subjects = r.obj['subjects'];
    // setSubjectsNamedDefault: only a subject named `default` moves with the namespace here; the
    // name reference transformer moves the subjects that name a ServiceAccount it built.
    if (Array.isArray(subjects)) for (const s of subjects) if (isMap(s) && s['name'] === 'default') s['namespace'] = ns;
  }
}

/** PrefixTransformer/SuffixTransformer skip these kinds. */
const UNRENAMED = new Set(['CustomResourceDefinition', 'APIService', 'Namespace']);

function rename(r: Res, prefix: string, suffix: string): void {
  const gvk = gvkOf(r.obj);
  if (UNRENAMED.has(gvk.kind) && (gvk.kind !== 'APIService' || gvk.group === 'apiregistration.k8s.io')) return;
  storePrevious(r);
  metaOf(r.obj)['name'] = `${prefix}${nameOf(r.obj)}${suffix}`;
  if (prefix) r.prefixes.push(prefix);
  if (suffix) r.suffixes.push(suffix);
}

/** Sets each pair into the map at every spec's field (creating it where the spec says). */
function addPairs(r: Res, pairs: Record<string, string>, specs: readonly FieldSpec[]): void {
  applySpecs(r.obj, gvkOf(r.obj), specs, (parent, key) => {
    const cur = parent[key];
    const map: JsonMap = isMap(cur) ? cur : {};
    for (const [k, v] of Object.entries(pairs)) map[k] = v;
    parent[key] = map;
  });
}

/** image.IsImageMatched: the name, then an optional tag, then an optional digest. */
function imageMatches(value: string, name: string): boolean {
  let pattern: RegExp;
  try {
    pattern = new RegExp(`^${name}(:[a-zA-Z0-9_.{}-]*)?(@[a-zA-Z0-9]+([.+_-][a-zA-Z0-9]+)*:[a-zA-Z0-9_.{}-]*)?$`);
  } catch {
    return false;
  }
  return pattern.test(value);
}

/** image.Split: name, tag and digest, a registry's port not taken for a tag. */
export function splitImage(image: string): [name: string, tag: string, digest: string] {
  const slash = image.indexOf('/');
  const offset = slash > 0 ? slash : 0;
  const search = image.slice(offset);
  let id = search.indexOf('@');
  let ic = search.indexOf(':');
  if (ic < 0 && id < 0) return [image, '', ''];
  if (id >= 0 && (id < ic || ic < 0)) {
    id += offset;
    return [image.slice(0, id), '', image.slice(id + 1)];
  }
  if (id >= 0 && ic >= 0) {
    id += offset;
    ic += offset;
    return [image.slice(0, ic), image.slice(ic + 1, id), image.slice(id + 1)];
  }
  ic += offset;
  return [image.slice(0, ic), image.slice(ic + 1), ''];
}

function newImage(value: string, img: Image): string {
  let [name, tag, digest] = splitImage(value);
  if (img.newName) name = img.newName;
  if (img.newTag && img.digest) [tag, digest] = [img.newTag, img.digest];
  else if (img.newTag) [tag, digest] = [img.newTag, ''];
  else if (img.digest) [tag, digest] = ['', img.digest];
  else if (img.tagSuffix) [tag, digest] = [tag + img.tagSuffix, ''];
  return `${name}${tag ? `:${tag}` : ''}${digest ? `@${digest}` : ''}`;
}

/** imagetag.LegacyFilter: every `containers` and `initContainers` list anywhere in the object. */
function setImages(node: Json, img: Image): void {
  if (Array.isArray(node)) {
    for (const el of node) setImages(el, img);
    return;
  }
  if (!isMap(node)) return;
  for (const [key, value] of Object.entries(node)) {
    setImages(value, img);
    if ((key === 'containers' || key === 'initContainers') && Array.isArray(value)) {
      for (const c of value) {
        const image = isMap(c) ? c['image'] : undefined;
        if (typeof image === 'string' && imageMatches(image, img.name ?? '')) c['image'] = newImage(image, img);
      }
    }
  }
}

function setReplicas(resources: Res[], rep: Replica): void {
  let found = false;
  for (const fs of REPLICAS) {
    for (const r of resources) {
      // GetMatchingResourcesByAnyId: the current name or any earlier one.
      const names = [nameOf(r.obj), ...r.prev.map((p) => p.name)];
      if (!selects(fs, gvkOf(r.obj)) || !names.includes(rep.name ?? '')) continue;
      found = true;
      applySpecs(r.obj, gvkOf(r.obj), [fs], (parent, key) => {
        parent[key] = rep.count ?? 0;
      });
    }
  }
  if (!found) {
    throw new KustomizeError(
      `resource with name ${rep.name ?? ''} does not match a config with the following GVK [Deployment.[noVer].[noGrp] StatefulSet.[noVer].[noGrp] ReplicaSet.[noVer].[noGrp] ReplicationController.[noVer].[noGrp]]`,
    );
  }
}

/** The kustomization's built-in transformers after its patches, in configureBuiltinTransformers' order. */
export function transform(resources: Res[], k: Kustomization): void {
  if (k.namespace) for (const r of resources) setNamespace(r, k.namespace);
  if (k.namePrefix) for (const r of resources) rename(r, k.namePrefix, '');
  if (k.nameSuffix) for (const r of resources) rename(r, '', k.nameSuffix);
  for (const label of k.labels ?? []) {
    const own = (label.fields ?? []).map((f) => ({ ...f, path: f.path ?? '' }));
    const specs = [...own, ...(label.includeSelectors ? COMMON_LABELS : label.includeTemplates ? TEMPLATE_LABELS : [{ path: 'metadata/labels', create: true }])];
    for (const r of resources) addPairs(r, label.pairs ?? {}, specs);
  }
  if (k.commonLabels) for (const r of resources) addPairs(r, k.commonLabels, COMMON_LABELS);
  if (k.commonAnnotations) for (const r of resources) addPairs(r, k.commonAnnotations, COMMON_ANNOTATIONS);
}

/** The transformers after the JSON 6902 patches: replicas, then images. */
export function transformLate(resources: Res[], k: Kustomization): void {
  for (const rep of k.replicas ?? []) setReplicas(resources, rep);
  for (const img of [...(k.images ?? []), ...(k.imageTags ?? [])]) {
    for (const r of resources) if (gvkOf(r.obj).kind !== 'CustomResourceDefinition') setImages(r.obj, img);
  }
}
