/**
 * Versions a built-in resource is served at besides the one the resource table names (its
 * storage version): kube-apiserver serves one storage through every version of the group,
 * converting a request's object to the storage version on the way in and the stored object to
 * the request's version on the way out. Today that is autoscaling/v1 HorizontalPodAutoscaler
 * (pkg/registry/autoscaling/rest/storage_autoscaling.go installs v2 and v1; the storage version
 * is v2, pkg/apis/autoscaling/install).
 */
import { hpaFromV1, hpaToV1 } from './autoscaling-v1';
import { resourceInfo, type ResourceInfo } from './resources';
import type { KObject } from './types';

interface Conversion {
  group: string;
  resource: string;
  version: string;
  /** Stored (storage version) → served version. */
  out(stored: KObject): KObject;
  /** Served version → storage version. */
  in(served: KObject): KObject;
}

const CONVERSIONS: readonly Conversion[] = [{ group: 'autoscaling', resource: 'horizontalpodautoscalers', version: 'v1', out: hpaToV1, in: hpaFromV1 }];

function conversionOf(info: ResourceInfo, version: string): Conversion | undefined {
  return CONVERSIONS.find((c) => c.group === info.group && c.resource === info.resource && c.version === version);
}

/** The other versions a resource is served at, in discovery's order (after the preferred one). */
export function otherVersions(info: ResourceInfo): ResourceInfo[] {
  return CONVERSIONS.filter((c) => c.group === info.group && c.resource === info.resource).map((c) => ({ ...info, version: c.version }));
}

/**
 * The resource as served at `version`: the table's entry itself, or a copy naming the other
 * version when the resource is served there; undefined when it is not.
 */
export function atVersion(info: ResourceInfo, version: string): ResourceInfo | undefined {
  if (version === info.version) return info;
  return conversionOf(info, version) ? { ...info, version } : undefined;
}

/** A stored object as `info`'s version shows it (unchanged at the storage version or for another kind). */
export function toServed(info: ResourceInfo, stored: KObject): KObject {
  const c = conversionOf(info, info.version);
  return c && stored.kind === info.kind ? c.out(stored) : stored;
}

/** An object sent at `info`'s version, converted to the storage version. */
export function toStorage(info: ResourceInfo, served: KObject): KObject {
  const c = conversionOf(info, info.version);
  return c ? c.in(served) : served;
}

/**
 * The resource at its storage version: what kube-apiserver's printers and kubectl's describers
 * read whatever version a request named (they never see the v1 round trip's reordering).
 */
export function atStorageVersion(info: ResourceInfo): ResourceInfo {
  return isConverted(info) ? (resourceInfo(info.resource) ?? info) : info;
}

/** Whether `info` names a version that is converted (not the storage version). */
export function isConverted(info: ResourceInfo): boolean {
  return conversionOf(info, info.version) !== undefined;
}
