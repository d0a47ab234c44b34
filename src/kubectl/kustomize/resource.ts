/**
 * A resource as kustomize's accumulator holds it: the object, and the ids it had before
 * transformers renamed or moved it (the name reference transformer finds referrals by them).
 */
import { resourceForKind } from '../../k8s/resources';
import type { Json, JsonMap } from './kustomization';

export interface Gvk {
  group: string;
  version: string;
  kind: string;
}

export interface Res {
  obj: JsonMap;
  /** Names and namespaces it had before each rename, oldest first (resource.PrevIds). */
  prev: { name: string; namespace: string }[];
  /** The prefixes and suffixes added to its name, innermost first (for telling same-named referrals apart). */
  prefixes: string[];
  suffixes: string[];
  /** A generated ConfigMap or Secret whose name gets the content hash at the end. */
  hash?: boolean;
  /** The generator's behavior, for a generated resource meeting one of the same id. */
  behavior?: string;
}

export function isMap(v: Json): v is JsonMap {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

export function gvkOf(obj: JsonMap): Gvk {
  const apiVersion = typeof obj['apiVersion'] === 'string' ? obj['apiVersion'] : '';
  const slash = apiVersion.indexOf('/');
  return {
    group: slash < 0 ? '' : apiVersion.slice(0, slash),
    version: slash < 0 ? apiVersion : apiVersion.slice(slash + 1),
    kind: typeof obj['kind'] === 'string' ? obj['kind'] : '',
  };
}

export function metaOf(obj: JsonMap): JsonMap {
  if (!isMap(obj['metadata'])) obj['metadata'] = {};
  return obj['metadata'] as JsonMap;
}

export function nameOf(obj: JsonMap): string {
  const n = isMap(obj['metadata']) ? obj['metadata']['name'] : undefined;
  return typeof n === 'string' ? n : '';
}

export function namespaceOf(obj: JsonMap): string {
  const n = isMap(obj['metadata']) ? obj['metadata']['namespace'] : undefined;
  return typeof n === 'string' ? n : '';
}

/** Gvk.String(): `ConfigMap.v1.[noGrp]`. */
export function gvkString(g: Gvk): string {
  return [g.kind || '[noKind]', g.version || '[noVer]', g.group || '[noGrp]'].join('.');
}

/** ResId.String(): `ConfigMap.v1.[noGrp]/plain.[noNs]`. */
export function idString(obj: JsonMap): string {
  return `${gvkString(gvkOf(obj))}/${nameOf(obj)}.${namespaceOf(obj) || '[noNs]'}`;
}

/** Two resources kustomize would count as one id (namespace `default` and none are the same). */
export function sameId(a: JsonMap, b: JsonMap): boolean {
  const ga = gvkOf(a);
  const gb = gvkOf(b);
  const ns = (o: JsonMap): string => namespaceOf(o) || 'default';
  return ga.group === gb.group && ga.version === gb.version && ga.kind === gb.kind && nameOf(a) === nameOf(b) && ns(a) === ns(b);
}

export function newRes(obj: JsonMap): Res {
  return { obj, prev: [], prefixes: [], suffixes: [] };
}

/** Records the current name before a transformer changes it. */
export function storePrevious(r: Res): void {
  r.prev.push({ name: nameOf(r.obj), namespace: namespaceOf(r.obj) });
}

/** kyaml's IsClusterScoped: the kinds its built-in schema knows as cluster-scoped; any other is namespaced. */
export function clusterScoped(kind: string): boolean {
  const info = resourceForKind(kind);
  return info !== undefined && !info.namespaced;
}
