/**
 * The strategic-merge patch keys of the list fields this simulator serves (the `patchMergeKey`
 * tags in k8s.io/api's types.go): kube-apiserver's patch handler and kubectl's three-way apply
 * patch must agree on them, so there is one table.
 */
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

/** The merge key of the list field `field` (a manifest's word: `constructor` has none). */
export function mergeKeyOf(field: string): string | undefined {
  return MERGE_KEYS.get(field);
}
