/** etcd's key for an object under kube-apiserver's /registry prefix, without the prefix (a leaf, so list-index.ts and storage.ts can both use it). */
export function storageKey(resource: string, namespace: string | undefined, name: string): string {
  return namespace ? `${resource}/${namespace}/${name}` : `${resource}/${name}`;
}
