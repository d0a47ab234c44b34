/**
 * API discovery built from the kinds the engine serves (src/k8s/resources.ts): legacy discovery
 * (`/api`, `/apis`, `/api/v1`, `/apis/<g>/<v>`: APIVersions, APIGroupList, APIResourceList) and
 * aggregated discovery (`apidiscovery.k8s.io/v2` APIGroupDiscoveryList), which kubectl asks for
 * first. Both describe the same table, so `kubectl api-resources` against the served cluster
 * lists what our own port prints. Each takes the custom resources served now (established CRDs).
 * Shared: kube-apiserver's non-resource GETs (`kubectl get --raw /apis`), `kubectl api-versions`
 * and `reconcile serve` (which adds the aggregated form's content negotiation) answer from here.
 */
import { RESOURCES, REVIEW_RESOURCES, type ResourceInfo } from './resources';
import { customSource } from './apiextensions';
import { crossGroupViews, otherVersions } from './served-versions';

/** The table, the review APIs, then the stores served in a group of their own too (events.k8s.io). */
const SERVED: readonly ResourceInfo[] = [...RESOURCES, ...REVIEW_RESOURCES, ...crossGroupViews(RESOURCES)];

/**
 * Every subresource the resource table names is served (`pods/eviction` included, so `kubectl
 * drain` evicts), in name order: APIInstaller.Install registers a group's storage paths sorted
 * (`pods`, `pods/binding`, `pods/ephemeralcontainers`, … `pods/status`), and discovery lists them
 * in that order.
 */
const SORTED_SUBRESOURCES = new WeakMap<ResourceInfo, readonly string[]>();
function subresourcesOf(info: ResourceInfo): readonly string[] {
  let subs = SORTED_SUBRESOURCES.get(info);
  if (!subs) SORTED_SUBRESOURCES.set(info, (subs = [...info.subresources].sort()));
  return subs;
}

/** A built-in resource's categories, or those its CRD names. */
export function categoriesOf(info: ResourceInfo): readonly string[] {
  return info.categories ?? customSource(info)?.categories ?? [];
}

/** The built-in table plus the custom resources the cluster serves now (its established CRDs). */
function served(custom: readonly ResourceInfo[]): readonly ResourceInfo[] {
  return custom.length ? [...SERVED, ...custom] : SERVED;
}

/** Groups in the order kube-apiserver lists them: core first, then as the resource table has them. */
function groups(custom: readonly ResourceInfo[]): string[] {
  const out: string[] = [];
  for (const r of served(custom)) if (!out.includes(r.group)) out.push(r.group);
  return out;
}

/** The resources served at group/version: the table's own, and those served there too by conversion (autoscaling/v1 HPAs). */
function inGroupVersion(group: string, version: string, custom: readonly ResourceInfo[]): ResourceInfo[] {
  return served(custom)
    .filter((r) => r.group === group)
    .flatMap((r) => [r, ...otherVersions(r)])
    .filter((r) => r.group === group && r.version === version);
}

/** A group's versions, the preferred (the table's) first, then the converted ones: `autoscaling` is v2, v1. */
function versionsOf(group: string, custom: readonly ResourceInfo[]): string[] {
  const out: string[] = [];
  for (const r of served(custom)) if (r.group === group && !out.includes(r.version)) out.push(r.version);
  for (const r of served(custom)) if (r.group === group) for (const o of otherVersions(r)) if (o.group === group && !out.includes(o.version)) out.push(o.version);
  return out;
}

/** Every served group/version, groups in discovery's order, each group's preferred version first. */
export function servedGroupVersions(custom: readonly ResourceInfo[] = []): { group: string; version: string }[] {
  return groups(custom).flatMap((group) => versionsOf(group, custom).map((version) => ({ group, version })));
}

export function servesGroupVersion(group: string, version: string, custom: readonly ResourceInfo[] = []): boolean {
  return inGroupVersion(group, version, custom).length > 0;
}

interface SubresourceShape {
  responseKind: { group: string; version: string; kind: string };
  verbs: string[];
}

/** Each proxy's NewConnectOptions kind: pods, services and nodes have their own. */
const PROXY_OPTIONS: Record<string, string> = { pods: 'PodProxyOptions', services: 'ServiceProxyOptions', nodes: 'NodeProxyOptions' };

/** Each subresource's kind and verbs, as the registry's REST storage declares them. */
function subresourceShape(info: ResourceInfo, sub: string): SubresourceShape {
  const self = { group: info.group, version: info.version, kind: info.kind };
  switch (sub) {
    case 'scale':
      return { responseKind: { group: 'autoscaling', version: 'v1', kind: 'Scale' }, verbs: ['get', 'patch', 'update'] };
    case 'binding':
      return { responseKind: { group: '', version: 'v1', kind: 'Binding' }, verbs: ['create'] };
    case 'eviction':
      return { responseKind: { group: 'policy', version: 'v1', kind: 'Eviction' }, verbs: ['create'] };
    case 'token':
      return { responseKind: { group: 'authentication.k8s.io', version: 'v1', kind: 'TokenRequest' }, verbs: ['create'] };
    case 'log':
      return { responseKind: self, verbs: ['get'] };
    // Connecters: the kind is their options' (NewConnectOptions), the verbs their ConnectMethods' (GET, POST; proxy every method).
    case 'exec':
      return { responseKind: { group: '', version: 'v1', kind: 'PodExecOptions' }, verbs: ['create', 'get'] };
    case 'attach':
      return { responseKind: { group: '', version: 'v1', kind: 'PodAttachOptions' }, verbs: ['create', 'get'] };
    case 'portforward':
      return { responseKind: { group: '', version: 'v1', kind: 'PodPortForwardOptions' }, verbs: ['create', 'get'] };
    case 'proxy':
      return { responseKind: { group: '', version: 'v1', kind: PROXY_OPTIONS[info.resource] ?? 'PodProxyOptions' }, verbs: ['create', 'delete', 'get', 'patch', 'update'] };
    // FinalizeREST is an Updater only.
    case 'finalize':
      return { responseKind: self, verbs: ['update'] };
    default:
      return { responseKind: self, verbs: ['get', 'patch', 'update'] };
  }
}

/**
 * The verbs a subresource's path is served for (`pods/binding`: create; `namespaces/finalize`:
 * update): discovery lists them, and a request with any other method finds no handler (405).
 */
/** Served by a Connecter (a handler reaching past the store: the kubelet, the Pod's or Service's app), not a store. */
export function isConnecter(sub: string | undefined): boolean {
  return sub === 'exec' || sub === 'attach' || sub === 'portforward' || sub === 'proxy';
}

export function subresourceVerbs(info: ResourceInfo, sub: string): readonly string[] {
  return subresourceShape(info, sub).verbs;
}

export function apiVersions(serverAddress: string): object {
  return { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress }] };
}

function groupEntry(group: string, custom: readonly ResourceInfo[]): object {
  const versions = versionsOf(group, custom).map((version) => ({ groupVersion: `${group}/${version}`, version }));
  return { name: group, versions, preferredVersion: versions[0]! };
}

export function apiGroupList(custom: readonly ResourceInfo[] = []): object {
  return { kind: 'APIGroupList', apiVersion: 'v1', groups: groups(custom).filter((g) => g !== '').map((g) => groupEntry(g, custom)) };
}

export function apiGroup(group: string, custom: readonly ResourceInfo[] = []): object | undefined {
  if (group === '' || !groups(custom).includes(group)) return undefined;
  return { kind: 'APIGroup', apiVersion: 'v1', ...groupEntry(group, custom) };
}

export function apiResourceList(group: string, version: string, custom: readonly ResourceInfo[] = []): object | undefined {
  const infos = inGroupVersion(group, version, custom);
  if (!infos.length) return undefined;
  const resources: object[] = [];
  for (const r of infos) {
    const categories = categoriesOf(r);
    resources.push({ name: r.resource, singularName: r.singular, namespaced: r.namespaced, kind: r.kind, verbs: [...r.verbs], ...(r.shortNames.length ? { shortNames: [...r.shortNames] } : {}), ...(categories.length ? { categories: [...categories] } : {}) });
    for (const sub of subresourcesOf(r)) {
      const shape = subresourceShape(r, sub);
      const kind = shape.responseKind;
      resources.push({ name: `${r.resource}/${sub}`, singularName: '', namespaced: r.namespaced, ...(kind.group !== r.group || kind.version !== r.version ? { group: kind.group, version: kind.version } : {}), kind: kind.kind, verbs: shape.verbs });
    }
  }
  return { kind: 'APIResourceList', apiVersion: 'v1', groupVersion: group ? `${group}/${version}` : version, resources };
}

/** `/api` (the core group only) or `/apis` (every other group) as an APIGroupDiscoveryList. */
export function aggregatedDiscovery(legacy: boolean, custom: readonly ResourceInfo[] = []): object {
  const items = groups(custom)
    .filter((g) => (legacy ? g === '' : g !== ''))
    .map((group) => {
      const versions = versionsOf(group, custom).map((version) => ({ version, resources: aggregatedResources(group, version, custom), freshness: 'Current' }));
      return { metadata: { name: group, creationTimestamp: null }, versions };
    });
  return { kind: 'APIGroupDiscoveryList', apiVersion: 'apidiscovery.k8s.io/v2', metadata: {}, items };
}

/** One version's resources in the aggregated document (APIResourceDiscovery). */
function aggregatedResources(group: string, version: string, custom: readonly ResourceInfo[]): object[] {
  return inGroupVersion(group, version, custom).map((r) => ({
    resource: r.resource,
    responseKind: { group: r.group, version: r.version, kind: r.kind },
    scope: r.namespaced ? 'Namespaced' : 'Cluster',
    singularResource: r.singular,
    verbs: [...r.verbs],
    ...(r.shortNames.length ? { shortNames: [...r.shortNames] } : {}),
    ...(categoriesOf(r).length ? { categories: [...categoriesOf(r)] } : {}),
    ...(subresourcesOf(r).length ? { subresources: subresourcesOf(r).map((sub) => ({ subresource: sub, ...subresourceShape(r, sub) })) } : {}),
  }));
}
