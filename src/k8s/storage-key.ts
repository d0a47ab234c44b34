/**
 * etcd's key for an object under kube-apiserver's /registry prefix, without the prefix: the engine's
 * storage and list index key objects by it, and the page's store keeps the same keys.
 */
export function storageKey(resource: string, namespace: string | undefined, name: string): string {
  return namespace ? `${resource}/${namespace}/${name}` : `${resource}/${name}`;
}
