/**
 * NamespaceLifecycle: nothing is created in a namespace that does not exist or is Terminating,
 * and the namespaces kube-apiserver depends on (default, kube-system, kube-public) cannot be
 * deleted. Events are not exempt: a terminating namespace refuses them too.
 */
import type { Namespace } from '../../../k8s/types';
import type { World } from '../../world';
import { storedObject } from '../storage';
import { admissionForbidden } from './forbidden';
import type { MutatingPlugin } from './types';

const IMMORTAL = new Set(['default', 'kube-system', 'kube-public']);

export const NamespaceLifecycle: MutatingPlugin = {
  name: 'NamespaceLifecycle',
  admit(w: World, a) {
    if (a.operation === 'DELETE' && a.info.resource === 'namespaces' && IMMORTAL.has(a.obj.metadata.name ?? '')) {
      return admissionForbidden(a, 'this namespace may not be deleted');
    }
    if (!a.info.namespaced || a.operation !== 'CREATE') return false;
    const ns = a.namespace ?? a.obj.metadata.namespace ?? 'default';
    const nsObj = storedObject(w, 'namespaces', undefined, ns) as Namespace | undefined;
    if (!nsObj) return { code: 404, reason: 'NotFound', message: `namespaces "${ns}" not found`, details: { name: ns, kind: 'namespaces' } };
    if (nsObj.status?.phase === 'Terminating') {
      const e = admissionForbidden(a, `unable to create new content in namespace ${ns} because it is being terminated`);
      const causes = [{ type: 'NamespaceTerminating', field: 'metadata.namespace', message: `namespace ${ns} is being terminated` }];
      return { ...e, details: { ...e.details, causes } };
    }
    return false;
  },
};
