/**
 * The etcd keys kube-apiserver stores objects under: `/registry/<prefix>/<namespace>/<name>`.
 * The prefix is the resource's plural, except the few SpecialDefaultResourcePrefixes of
 * pkg/kubeapiserver/default_storage_factory_builder.go (nodes are `minions`, Services
 * `services/specs`, …), and the resources of the aggregated apiservers, whose storage prefixes
 * carry their group (`apiextensions.k8s.io/customresourcedefinitions`, a custom resource's
 * `<group>/<plural>`).
 */
import type { World } from '../world';
import { customResources } from '../apiextensions/served';

const SPECIAL_PREFIXES: Readonly<Record<string, string>> = {
  replicationcontrollers: 'controllers',
  endpoints: 'services/endpoints',
  nodes: 'minions',
  services: 'services/specs',
  ingresses: 'ingress',
  customresourcedefinitions: 'apiextensions.k8s.io/customresourcedefinitions',
  apiservices: 'apiregistration.k8s.io/apiservices',
};

export interface RegistryEntry {
  /** `/registry/minions/node-1` */
  key: string;
  /** The simulation's bucket and storage key (`nodes`, `nodes/node-1`). */
  resource: string;
  storageKey: string;
}

/** Every stored object's etcd key, in etcd's byte order (a range answers in that order). */
export function registryEntries(w: World): RegistryEntry[] {
  const groups = new Map(customResources(w).map((r) => [r.resource, r.group]));
  const out: RegistryEntry[] = [];
  for (const [resource, bucket] of w.etcd.kv) {
    const group = groups.get(resource);
    const prefix = SPECIAL_PREFIXES[resource] ?? (group ? `${group}/${resource}` : resource);
    for (const storageKey of bucket.keys()) out.push({ key: `/registry/${prefix}${storageKey.slice(resource.length)}`, resource, storageKey });
  }
  return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
