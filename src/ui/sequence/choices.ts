/**
 * The objects the sequence view can follow: Deployments, ReplicaSets and Pods in the store,
 * user namespaces first (what a learner created matters most). Pure; memoised on the objects map.
 */
import type { KObject } from '../../k8s/types';
import type { TraceObject } from '../../engine/core/trace';
import { objectsOf } from '../store/cluster';

export interface ObjectChoice {
  /** `Kind/namespace/name`: the <option> value. */
  value: string;
  /** `deployment/go-api (default)`, in kubectl's `kind/name` spelling. */
  label: string;
  object: TraceObject;
}

const FOLLOWABLE: ReadonlyArray<readonly [resource: string, kind: string]> = [
  ['deployments', 'Deployment'],
  ['replicasets', 'ReplicaSet'],
  ['pods', 'Pod'],
];

export function objectChoices(objects: ReadonlyMap<string, KObject>): ObjectChoice[] {
  const out: ObjectChoice[] = [];
  for (const [resource, kind] of FOLLOWABLE) {
    for (const o of objectsOf(objects, resource)) {
      const name = o.metadata.name ?? '';
      const namespace = o.metadata.namespace ?? 'default';
      out.push({ value: `${kind}/${namespace}/${name}`, label: `${kind.toLowerCase()}/${name} (${namespace})`, object: { kind, namespace, name } });
    }
  }
  const system = (c: ObjectChoice): number => (c.object.namespace?.startsWith('kube-') ? 1 : 0);
  return out.sort((a, b) => system(a) - system(b));
}
