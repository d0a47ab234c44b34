/**
 * The strategic-merge patch metadata of the fields this simulator serves: the `patchStrategy`
 * and `patchMergeKey` tags of k8s.io/api's types.go. kube-apiserver's patch handler and
 * kubectl's apply, edit and set patches must agree on them, so there is one table.
 *
 * Fields are known by name (upstream walks the Go struct instead); a name that two structs use
 * differently is pinned to its struct by the parent field's name.
 */

/** A field's tags, as strategicpatch's LookupPatchMetadata reads them. */
export interface PatchMeta {
  /** patchStrategy merge on a list of maps: items are matched by this key. */
  readonly mergeKey?: string;
  /** patchStrategy merge on a list of scalars: the list is merged as a set. */
  readonly scalarSet?: boolean;
  /**
   * patchStrategy retainKeys: the map (for a list, each item) keeps only the keys a patch's
   * `$retainKeys` names, so switching a one-of (a strategy type, a volume source) drops the
   * fields of the old choice that the manifest never set.
   */
  readonly retainKeys?: boolean;
  /** The name of the field holding the struct, where the name alone is ambiguous. */
  readonly parent?: string;
}

const MERGE_KEYS: ReadonlyMap<string, string> = new Map([
  ['containers', 'name'],
  ['initContainers', 'name'],
  ['ephemeralContainers', 'name'],
  ['volumes', 'name'],
  ['env', 'name'],
  ['volumeMounts', 'mountPath'],
  ['ports', 'containerPort'],
  ['conditions', 'type'],
  ['podIPs', 'ip'],
  ['hostIPs', 'ip'],
]);

/** The tags beyond a plain merge key. */
const OTHER_META: ReadonlyMap<string, PatchMeta> = new Map<string, PatchMeta>([
  // apps/v1 DeploymentSpec.Strategy `patchStrategy:"retainKeys"` (DaemonSet's and StatefulSet's
  // updateStrategy carry no such tag).
  ['strategy', { retainKeys: true, parent: 'spec' }],
  // core/v1 PodSpec.Volumes `patchStrategy:"merge,retainKeys" patchMergeKey:"name"`. PodSpec's
  // resourceClaims and PodStatus's resourceClaimStatuses are tagged so too; nothing here serves them.
  ['volumes', { mergeKey: 'name', retainKeys: true }],
  // meta/v1 ObjectMeta.Finalizers `patchStrategy:"merge"` (a Namespace's spec.finalizers,
  // NamespaceSpec.Finalizers, has no tag: it is replaced).
  ['finalizers', { scalarSet: true, parent: 'metadata' }],
  // core/v1 NodeSpec.PodCIDRs `patchStrategy:"merge"`.
  ['podCIDRs', { scalarSet: true, parent: 'spec' }],
]);

/** The merge key of the list field `field` (a manifest's word: `constructor` has none). */
export function mergeKeyOf(field: string): string | undefined {
  return MERGE_KEYS.get(field);
}

const NONE: PatchMeta = {};

/** Built once: the kubelet's status diff looks up every key it walks. */
const META: ReadonlyMap<string, PatchMeta> = new Map<string, PatchMeta>([...[...MERGE_KEYS].map(([field, mergeKey]): [string, PatchMeta] => [field, { mergeKey }]), ...OTHER_META]);

/** The tags of `field` inside the map that the field `parent` holds (`''` at the top). */
export function patchMetaOf(field: string, parent: string): PatchMeta {
  const meta = META.get(field);
  if (meta === undefined || (meta.parent !== undefined && meta.parent !== parent)) return NONE;
  return meta;
}
