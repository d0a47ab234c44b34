/**
 * kustomize's field specs: a slash-separated path into an object (sequences on the way are
 * entered element by element), for the kinds a group/version/kind selector names, created
 * where missing when `create` is set (fsslice.Filter).
 */
import type { Json, JsonMap } from './kustomization';
import { isMap, type Gvk } from './resource';

export interface FieldSpec {
  path: string;
  kind?: string;
  group?: string;
  version?: string;
  create?: boolean;
}

/** Gvk.IsSelected: every part the spec names matches. */
export function selects(fs: { kind?: string; group?: string; version?: string }, gvk: Gvk): boolean {
  return (!fs.kind || fs.kind === gvk.kind) && (!fs.group || fs.group === gvk.group) && (!fs.version || fs.version === gvk.version);
}

/** A path's segments; `\/` escapes a slash inside one (an annotation key). */
export function pathSegments(path: string): string[] {
  return path
    .split(/(?<!\\)\//)
    .map((s) => s.replace(/\\\//g, '/').replace(/\[\]$/, ''))
    .filter((s) => s !== '');
}

/** Calls `fn(map, key)` for every place the path reaches (the last field present, or creatable). */
export function visitPath(node: Json, segments: readonly string[], create: boolean, fn: (parent: JsonMap, key: string) => void): void {
  if (Array.isArray(node)) {
    for (const el of node) visitPath(el, segments, create, fn);
    return;
  }
  if (!isMap(node) || segments.length === 0) return;
  const [seg, ...rest] = segments as [string, ...string[]];
  if (rest.length === 0) {
    if (Object.hasOwn(node, seg) || create) fn(node, seg);
    return;
  }
  let child = node[seg];
  if (child === undefined || child === null) {
    if (!create) return;
    child = node[seg] = {};
  }
  visitPath(child, rest, create, fn);
}

/** Applies `fn` at every spec selecting the object's kind. */
export function applySpecs(obj: JsonMap, gvk: Gvk, specs: readonly FieldSpec[], fn: (parent: JsonMap, key: string) => void): void {
  for (const fs of specs) if (selects(fs, gvk)) visitPath(obj, pathSegments(fs.path), fs.create ?? false, fn);
}
