/**
 * kubectl's discovery of the server's resources, per invocation: the built-in table plus the
 * custom resources the apiserver serves when the command starts (a real kubectl reads them from
 * `/apis` and caches them; every line here is a fresh invocation, so it always sees the latest).
 * The Session's runKubectl sets it before a command runs, and the RESTMapper-like lookups below
 * (builder.ts, manifest.ts, the printers) read it; commands run synchronously, one at a time.
 */
import { apiVersionOf, resolveResource, resourceForKind, RESOURCES, REVIEW_RESOURCES, type ResourceInfo } from '../k8s/resources';
import { atVersion, crossGroupViews, otherVersions } from '../k8s/served-versions';

/** Core Events as events.k8s.io serves them: resolved only by their group, `ev` and `events` being core's first. */
const CROSS_GROUP: readonly ResourceInfo[] = crossGroupViews(RESOURCES);

let custom: readonly ResourceInfo[] = [];

/** The custom resources served at the start of this invocation. */
export function useDiscovery(served: readonly ResourceInfo[]): void {
  custom = served;
}

export function customResourceInfos(): readonly ResourceInfo[] {
  return custom;
}

let warn: (text: string) => void = () => {};

/** Where this invocation's client-side warnings go (the Client's `Warning:` lines). */
export function useWarnings(fn: (text: string) => void): void {
  warn = fn;
}

/**
 * client-go's shortcutExpander: a short name that other resources also carry resolves to the
 * first in discovery's order, and each other one is named in a warning (a full resource or
 * singular name is no shortcut and warns of nothing).
 */
function warnAmbiguousShortName(typed: string, chosen: ResourceInfo): void {
  const t = typed.toLowerCase();
  if (t.includes('.') || !chosen.shortNames.includes(t)) return;
  const listed = listedResources();
  if (listed.some((r) => r.resource === t || r.singular === t)) return;
  const warned = new Set<string>([`${chosen.resource}.${chosen.group}`]);
  for (const r of listed) {
    const key = `${r.resource}.${r.group}`;
    if (!r.shortNames.includes(t) || warned.has(key)) continue;
    warned.add(key);
    warn(`short name ${JSON.stringify(t)} could also match lower priority resource ${r.group ? key : r.resource}`);
  }
}

/** Every resource discovery lists: built-in first, then the custom ones. */
export function discoveredResources(): readonly ResourceInfo[] {
  return custom.length ? [...RESOURCES, ...custom] : RESOURCES;
}

/**
 * What `kubectl api-resources` lists: discovery's resources with the review APIs (create-only
 * SelfSubject*Reviews) after the built-in ones, where kube-apiserver's discovery (and
 * src/serve/discovery.ts) has them, then the built-in stores served in another group too
 * (events.k8s.io), then the custom ones.
 */
export function listedResources(): readonly ResourceInfo[] {
  return [...RESOURCES, ...REVIEW_RESOURCES, ...CROSS_GROUP, ...custom];
}

/** `crontab`, `crontabs`, `ct`, `crontabs.stable.example.com` → the resource, as the RESTMapper resolves it. */
export function resolveTyped(typed: string): ResourceInfo | undefined {
  // `horizontalpodautoscalers.v1.autoscaling`: a fully specified resource.version.group names that
  // version (ResourceOrKind's ParseResourceArg), served by conversion when it is not the table's.
  // A short name loses the version: client-go's shortcutExpander.expandResourceShortcut returns
  // only the long form's group and resource, so `hpa.v1.autoscaling` is the preferred version (v2).
  const [head, version, ...group] = typed.toLowerCase().split('.');
  if (version !== undefined && group.length && /^v\d+((alpha|beta)\d+)?$/.test(version) && version !== 'v1' && version !== 'v1beta1') {
    const info = resolveResource(`${head}.${group.join('.')}`, custom);
    return info && (isLongForm(info, head!) ? atVersion(info, version) : info);
  }
  // The core group wins a name both serve (`ev`, `events`), as discovery lists it first.
  const info = resolveResource(typed, custom) ?? resolveResource(typed, CROSS_GROUP);
  if (info) warnAmbiguousShortName(typed, info);
  return info && version === 'v1' && group.length && isLongForm(info, head!) ? (atVersion(info, 'v1') ?? info) : info;
}

function isLongForm(info: ResourceInfo, typed: string): boolean {
  return typed === info.resource || typed === info.singular;
}

/** The resource of a manifest's kind at its apiVersion; a custom kind must match its group and version. */
export function infoForKind(kind: string, apiVersion?: string): ResourceInfo | undefined {
  const builtin = resourceForKind(kind);
  if (builtin && (apiVersion === undefined || apiVersionOf(builtin) === apiVersion)) return builtin;
  // Another version the built-in kind is served at (an autoscaling/v1 HorizontalPodAutoscaler manifest).
  const other = builtin && apiVersion !== undefined ? otherVersions(builtin).find((v) => apiVersionOf(v) === apiVersion) : undefined;
  if (other) return other;
  const own = custom.find((r) => r.kind === kind && (apiVersion === undefined || apiVersionOf(r) === apiVersion));
  // The create-only reviews discovery lists too (`kubectl create -f` of a SubjectAccessReview).
  return own ?? builtin ?? REVIEW_RESOURCES.find((r) => r.kind === kind && (apiVersion === undefined || apiVersionOf(r) === apiVersion));
}

let aggregated: readonly ResourceInfo[] = [];

/** The resources served by aggregation (an Available APIService: metrics.k8s.io) at the start of this invocation. */
export function useAggregatedDiscovery(served: readonly ResourceInfo[]): void {
  aggregated = served;
}

export function aggregatedResourceInfos(): readonly ResourceInfo[] {
  return aggregated;
}
