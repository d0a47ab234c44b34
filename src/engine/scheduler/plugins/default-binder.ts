/** DefaultBinder: POST pods/<name>/binding, the only way a Pod gets its spec.nodeName. */
import type { Binding, Pod } from '../../../k8s/types';
import type { ApiRequest } from '../../apiserver/handler';

export const NAME = 'DefaultBinder';

export function bindingRequest(pod: Pod, node: string): Omit<ApiRequest, 'user' | 'from'> {
  const namespace = pod.metadata.namespace ?? 'default';
  const name = pod.metadata.name ?? '';
  const body: Binding = {
    apiVersion: 'v1',
    kind: 'Binding',
    metadata: { name, namespace },
    target: { apiVersion: 'v1', kind: 'Node', name: node },
  };
  return { verb: 'create', resource: 'pods', subresource: 'binding', namespace, name, body };
}
