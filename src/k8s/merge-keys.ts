/**
 * The strategic-merge patch metadata of the fields this simulator serves: the `patchStrategy`
 * and `patchMergeKey` tags of k8s.io/api's types.go (v0.36), meta/v1's ObjectMeta and
 * kube-aggregator's APIService. kube-apiserver's patch handler and kubectl's apply, edit and set
 * patches must agree on them, so there is one table.
 *
 * Fields are known by name (upstream walks the Go struct instead); a name that two structs use
 * differently is pinned to its struct by the parent field's name (for a list's items, the list's
 * name), and where even that is ambiguous by the object's kind. Only tagged fields are listed:
 * any other list is atomic (replaced whole) and any other map is merged key by key.
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
  /** patchStrategy replace on a map: a patch's value is the whole new map, never merged in. */
  readonly replace?: boolean;
  /** The name of the field holding the struct, where the name alone is ambiguous. */
  readonly parent?: string;
  /** The object's kind, where the field and its parent are not enough. */
  readonly kind?: string;
}

const CONTAINER_LISTS = ['containers', 'initContainers', 'ephemeralContainers'];

/** Each field's tags, the first entry whose parent and kind fit winning. */
const TAGS: ReadonlyMap<string, readonly PatchMeta[]> = new Map<string, readonly PatchMeta[]>([
  // core/v1 PodSpec.
  ['containers', [{ mergeKey: 'name' }]],
  ['initContainers', [{ mergeKey: 'name' }]],
  ['ephemeralContainers', [{ mergeKey: 'name' }]],
  ['volumes', [{ mergeKey: 'name', retainKeys: true }]],
  ['imagePullSecrets', [{ mergeKey: 'name', parent: 'spec' }]], // ServiceAccount's (top level) has no tag
  ['hostAliases', [{ mergeKey: 'ip' }]],
  ['topologySpreadConstraints', [{ mergeKey: 'topologyKey' }]], // listMapKey adds whenUnsatisfiable; the patch tag does not
  ['schedulingGates', [{ mergeKey: 'name' }]],
  ['resourceClaims', [{ mergeKey: 'name', retainKeys: true, parent: 'spec' }]], // a container's resources.claims has no tag
  // core/v1 Container (and EphemeralContainerCommon) and ContainerStatus.
  ['env', [{ mergeKey: 'name' }]],
  ['volumeMounts', [{ mergeKey: 'mountPath' }]],
  ['volumeDevices', [{ mergeKey: 'devicePath' }]],
  ['allocatedResourcesStatus', [{ mergeKey: 'name' }]],
  // ContainerPort by containerPort, ServiceSpec's ServicePort by port; EndpointSubset's,
  // EndpointSlice's and NetworkPolicy's ports have no tag.
  ['ports', [...CONTAINER_LISTS.map((parent) => ({ mergeKey: 'containerPort', parent })), { mergeKey: 'port', parent: 'spec', kind: 'Service' }]],
  // core/v1 PodStatus.
  ['podIPs', [{ mergeKey: 'ip' }]],
  ['hostIPs', [{ mergeKey: 'ip' }]],
  ['resourceClaimStatuses', [{ mergeKey: 'name', retainKeys: true }]],
  // Every served status's conditions, and ComponentStatus's (top level), merge by type; a
  // CustomResourceDefinition's are untagged (apiextensions' types.go); EndpointSlice's endpoint
  // conditions are a map.
  ['conditions', [{ kind: 'CustomResourceDefinition' }, { mergeKey: 'type' }]],
  // core/v1 NodeStatus.Addresses; EndpointSubset's addresses have no tag.
  ['addresses', [{ mergeKey: 'type', parent: 'status' }]],
  // core/v1 ServiceAccount.Secrets.
  ['secrets', [{ mergeKey: 'name', parent: '' }]],
  // core/v1 NodeSpec.PodCIDRs `patchStrategy:"merge"`.
  ['podCIDRs', [{ scalarSet: true, parent: 'spec' }]],
  // meta/v1 ObjectMeta: a Namespace's spec.finalizers (NamespaceSpec.Finalizers) has no tag.
  ['ownerReferences', [{ mergeKey: 'uid', parent: 'metadata' }]],
  ['finalizers', [{ scalarSet: true, parent: 'metadata' }]],
  // apps/v1 DeploymentSpec.Strategy (DaemonSet's and StatefulSet's updateStrategy have no tag).
  ['strategy', [{ retainKeys: true, parent: 'spec' }]],
  // admissionregistration/v1: the webhook configurations' webhooks, and the matchConditions of a
  // webhook and of a ValidatingAdmissionPolicy's spec.
  ['webhooks', [{ mergeKey: 'name', parent: '' }]],
  ['matchConditions', [{ mergeKey: 'name' }]],
  // policy/v1 PodDisruptionBudgetSpec.Selector; every other selector merges.
  ['selector', [{ replace: true, parent: 'spec', kind: 'PodDisruptionBudget' }]],
]);

const NONE: PatchMeta = {};

/**
 * The tags of `field` inside the map that the field `parent` holds (`''` at the top) of an
 * object of kind `kind` (`''` when unknown: kind-pinned tags do not apply).
 */
export function patchMetaOf(field: string, parent: string, kind = ''): PatchMeta {
  const metas = TAGS.get(field);
  if (metas === undefined) return NONE;
  for (const m of metas) {
    if ((m.parent === undefined || m.parent === parent) && (m.kind === undefined || m.kind === kind)) return m;
  }
  return NONE;
}
