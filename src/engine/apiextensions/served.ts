/**
 * Which resources this apiserver serves right now: the built-in table plus one row per
 * established CustomResourceDefinition, read from the watch cache (our etcd keyspace) on each
 * lookup, as the apiextensions-apiserver's crdHandler reads its CRD lister. Built-in names are
 * found first, so only a name the table lacks costs a walk over the CRDs.
 */
import { crdResourceInfo, isEstablished, type CustomResourceDefinition, type CustomResourceSource } from '../../k8s/apiextensions';
import { resourceForKind, resourceInfo, type ResourceInfo } from '../../k8s/resources';
import type { World } from '../world';

export const CRDS = 'customresourcedefinitions';

export type CustomResourceInfo = ResourceInfo & { custom: CustomResourceSource };

/** Every stored CRD, in key (name) order. */
export function storedCrds(w: World): CustomResourceDefinition[] {
  const b = w.etcd.kv.get(CRDS);
  if (!b || b.size === 0) return [];
  return [...b.values()].map((o) => o as CustomResourceDefinition).sort((a, b) => ((a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : 1));
}

/** The custom resources being served: every established CRD's storage version. */
export function customResources(w: World): CustomResourceInfo[] {
  return storedCrds(w)
    .filter(isEstablished)
    .map(crdResourceInfo);
}

/** The resource a request names (`pods`, `crontabs`), built-in or custom; undefined: 404. */
export function servedResource(w: World, resource: string): ResourceInfo | undefined {
  const builtin = resourceInfo(resource);
  if (builtin) return builtin;
  for (const info of customResources(w)) if (info.resource === resource) return info;
  return undefined;
}

/** The CRD that serves `info`, when it is a custom resource. */
export function crdOf(w: World, info: ResourceInfo): CustomResourceDefinition | undefined {
  const name = (info as Partial<CustomResourceInfo>).custom?.crd;
  return name ? (w.etcd.kv.get(CRDS)?.get(`${CRDS}/${name}`) as CustomResourceDefinition | undefined) : undefined;
}

/**
 * Whether an informer's resource is a custom one: anything the built-in table lacks. Its CRD may
 * be gone already (the DELETED events of its objects arrive after the CRD's own removal).
 */
export function isCustomResource(resource: string): boolean {
  return resourceInfo(resource) === undefined;
}

/** The resource of an ownerReference's kind at its apiVersion, built-in or custom. */
export function servedKind(w: World, kind: string, apiVersion: string): ResourceInfo | undefined {
  const builtin = resourceForKind(kind);
  if (builtin) return builtin;
  return customResources(w).find((r) => r.kind === kind && `${r.group}/${r.version}` === apiVersion);
}
