/**
 * Versions a built-in resource is served at besides the one the resource table names (its
 * storage version): kube-apiserver serves one storage through every version of the group,
 * converting a request's object to the storage version on the way in and the stored object to
 * the request's version on the way out. Today that is autoscaling/v1 HorizontalPodAutoscaler
 * (pkg/registry/autoscaling/rest/storage_autoscaling.go installs v2 and v1; the storage version
 * is v2, pkg/apis/autoscaling/install), and events.k8s.io/v1 Event, served from core/v1's store
 * in a group of its own (pkg/registry/events/rest/storage_events.go).
 */
import { hpaFromV1, hpaToV1 } from './autoscaling-v1';
import { eventFromV1, eventToV1 } from './events-v1';
import { apiVersionOf, resourceInfo, type ResourceInfo } from './resources';
import type { KObject } from './types';

interface Conversion {
  /** The storage's group (the resource table's). */
  group: string;
  resource: string;
  version: string;
  /** The group the version is served in, when it is not the storage's own (events.k8s.io). */
  servedGroup?: string;
  /** Stored (storage version) → served version. */
  out(stored: KObject): KObject;
  /** Served version → storage version. */
  in(served: KObject): KObject;
}

const CONVERSIONS: readonly Conversion[] = [
  { group: 'autoscaling', resource: 'horizontalpodautoscalers', version: 'v1', out: hpaToV1, in: hpaFromV1 },
  { group: '', resource: 'events', version: 'v1', servedGroup: 'events.k8s.io', out: eventToV1, in: eventFromV1 },
];

function servedGroupOf(c: Conversion): string {
  return c.servedGroup ?? c.group;
}

/** The conversion serving `info`'s resource at `group`/`version` (`info.group` unless said). */
function conversionOf(info: ResourceInfo, version: string, group = info.group): Conversion | undefined {
  return CONVERSIONS.find((c) => servedGroupOf(c) === group && c.resource === info.resource && c.version === version);
}

/** A copy of the table's entry naming the version (and group) a conversion serves it at. */
function view(info: ResourceInfo, c: Conversion): ResourceInfo {
  return c.servedGroup === undefined ? { ...info, version: c.version } : { ...info, group: c.servedGroup, version: c.version };
}

/** The other versions a resource is served at, in discovery's order (after the preferred one); some in another group. */
export function otherVersions(info: ResourceInfo): ResourceInfo[] {
  return CONVERSIONS.filter((c) => c.group === info.group && c.resource === info.resource).map((c) => view(info, c));
}

/** The resources served in a group other than their storage's (events.k8s.io's events), in the table's order. */
export function crossGroupViews(table: readonly ResourceInfo[]): ResourceInfo[] {
  return table.flatMap((r) => otherVersions(r).filter((v) => v.group !== r.group));
}

/**
 * The resource as served at `version` of `group` (its own unless said): the table's entry
 * itself, or a copy naming the other version (and group) when the resource is served there;
 * undefined when it is not.
 */
export function atVersion(info: ResourceInfo, version: string, group = info.group): ResourceInfo | undefined {
  if (version === info.version && group === info.group) return info;
  const c = conversionOf(info, version, group);
  return c && c.group === info.group ? view(info, c) : undefined;
}

/**
 * What a request names besides the resource to reach a converted view: its version, and its
 * group when that is not the storage's. Empty for the table's own entry.
 */
export function servedTarget(info: ResourceInfo): { version?: string; group?: string } {
  const c = conversionOf(info, info.version);
  if (!c) return {};
  return c.servedGroup === undefined ? { version: info.version } : { version: info.version, group: info.group };
}

/**
 * A stored object as `info`'s version shows it (unchanged at the storage version, for another
 * kind, or when it already is at `info`'s version).
 */
export function toServed(info: ResourceInfo, stored: KObject): KObject {
  const c = conversionOf(info, info.version);
  return c && stored.kind === info.kind && stored.apiVersion !== apiVersionOf(info) ? c.out(stored) : stored;
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
