/** The framework Handle for one cycle: the cache's nodes in node-tree order and the listers. */
import type { KObject, Namespace, PersistentVolume, PersistentVolumeClaim, Pod, Service, StorageClass } from '../../k8s/types';
import { listCache } from '../client/informer';
import { inOrder, nodeChanges, nodeOrder } from './cache';
import type { ClusterView, PodInfo } from './framework';
import type { NodeInfo } from './nodeinfo';
import { podResources } from './resources';
import type { SchedulerState } from './state';

export function clusterView(self: SchedulerState): ClusterView {
  const c = self.cache;
  const nodes: readonly NodeInfo[] = nodeOrder(c);
  let pvs: PersistentVolume[] | undefined;
  const inf = (r: string) => self.informers[r];
  return {
    nodes,
    nodeInfo: (name) => c.nodes.get(name),
    imageNumNodes: (image) => c.imageNodes.get(image) ?? 0,
    affinityPods: () => ({ withAffinity: c.podsWithAffinity, withRequiredAntiAffinity: c.podsWithRequiredAntiAffinity }),
    nodeChanges: () => nodeChanges(c),
    affinityNodes: (required) => inOrder(nodes, (required ? c.requiredAntiAffinityNodes : c.affinityNodes).keys()),
    pvc: (ns, name) => inf('persistentvolumeclaims')?.cache.get(`${ns}/${name}`) as PersistentVolumeClaim | undefined,
    pv: (name) => inf('persistentvolumes')?.cache.get(name) as PersistentVolume | undefined,
    pvs: () => (pvs ??= inf('persistentvolumes') ? listCache<PersistentVolume>(inf('persistentvolumes')!) : []),
    storageClass: (name) => inf('storageclasses')?.cache.get(name) as StorageClass | undefined,
    namespace: (name) => inf('namespaces')?.cache.get(name) as Namespace | undefined,
    services: (ns) => {
      const svc = inf('services');
      return svc ? listCache<Service>(svc).filter((s) => s.metadata.namespace === ns) : [];
    },
    workload: (resource, ns, name) => inf(resource)?.cache.get(`${ns}/${name}`) as KObject | undefined,
  };
}

export function podInfoOf(pod: Pod, key: string): PodInfo {
  return { pod, key, namespace: pod.metadata.namespace ?? 'default', res: podResources(pod), priority: pod.spec.priority ?? 0 };
}
