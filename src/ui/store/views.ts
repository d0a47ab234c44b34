/**
 * Pure projections from the object map to the rows the lists render. Components call these
 * inside useMemo keyed on the (immutable) objects map.
 */
import type { KObject, Node, Pod } from '../../k8s/types';
import { objectsOf } from './cluster';
import { nodeRoles, nodeStatus } from '../../k8s/printers/node';
import { podStatus } from '../../k8s/printers/pod';

export interface NodeRow {
  key: string;
  name: string;
  status: string;
  roles: string;
  version: string;
}

export interface PodRow {
  key: string;
  namespace: string;
  name: string;
  ready: string;
  status: string;
  restarts: number;
  node: string;
}

export function nodeRows(objects: ReadonlyMap<string, KObject>): NodeRow[] {
  return objectsOf<Node>(objects, 'nodes').map((n) => ({
    key: `nodes/${n.metadata.name ?? ''}`,
    name: n.metadata.name ?? '',
    status: nodeStatus(n),
    roles: nodeRoles(n).join(',') || '<none>',
    version: n.status?.nodeInfo?.kubeletVersion ?? '',
  }));
}

/** Pods in every namespace, user namespaces first (what a learner created matters most). */
export function podRows(objects: ReadonlyMap<string, KObject>): PodRow[] {
  const rows = objectsOf<Pod>(objects, 'pods').map((p) => {
    const c = podStatus(p);
    const namespace = p.metadata.namespace ?? 'default';
    return {
      key: `pods/${namespace}/${p.metadata.name ?? ''}`,
      namespace,
      name: p.metadata.name ?? '',
      ready: c.ready,
      status: c.status,
      restarts: c.restarts,
      node: p.spec.nodeName ?? '<none>',
    };
  });
  const system = (ns: string): number => (ns.startsWith('kube-') ? 1 : 0);
  return rows.sort((a, b) => system(a.namespace) - system(b.namespace));
}
