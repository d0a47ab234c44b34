/**
 * What a cloud provider's install manifest creates for cloud-controller-manager
 * (k8s.io/cloud-provider's sample cloud-controller-manager.yaml), only in a cluster built with
 * `--cloud-provider`: the kube-system/cloud-controller-manager ServiceAccount, the
 * `system:cloud-controller-manager` ClusterRole and its binding to that ServiceAccount.
 */
import type { KObject } from '../../k8s/types';
import { RBAC_API_VERSION, RBAC_GROUP } from '../../k8s/rbac';

const rule = (apiGroups: string[], resources: string[], verbs: string[]): { apiGroups: string[]; resources: string[]; verbs: string[] } => ({ apiGroups, resources, verbs });

export const CLOUD_CONTROLLER_MANAGER_ROLE = 'system:cloud-controller-manager';

export function cloudControllerManagerObjects(): { resource: string; obj: KObject }[] {
  return [
    { resource: 'serviceaccounts', obj: { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'cloud-controller-manager', namespace: 'kube-system' } } },
    {
      resource: 'clusterroles',
      obj: {
        apiVersion: RBAC_API_VERSION,
        kind: 'ClusterRole',
        metadata: { name: CLOUD_CONTROLLER_MANAGER_ROLE },
        rules: [
          rule([''], ['events'], ['create', 'patch', 'update']),
          rule([''], ['nodes'], ['*']),
          rule([''], ['nodes/status'], ['patch']),
          rule([''], ['services'], ['get', 'list', 'patch', 'update', 'watch']),
          rule([''], ['services/status'], ['list', 'patch', 'update', 'watch']),
          rule([''], ['serviceaccounts'], ['create', 'get', 'list', 'watch', 'update']),
          rule([''], ['persistentvolumes'], ['get', 'list', 'update', 'watch']),
          rule([''], ['endpoints'], ['create', 'get', 'list', 'watch', 'update']),
          rule([''], ['secrets'], ['get', 'list', 'watch']),
          rule(['coordination.k8s.io'], ['leases'], ['create', 'get', 'list', 'watch', 'update']),
        ],
      } as KObject,
    },
    {
      resource: 'clusterrolebindings',
      obj: {
        apiVersion: RBAC_API_VERSION,
        kind: 'ClusterRoleBinding',
        metadata: { name: CLOUD_CONTROLLER_MANAGER_ROLE },
        roleRef: { apiGroup: RBAC_GROUP, kind: 'ClusterRole', name: CLOUD_CONTROLLER_MANAGER_ROLE },
        subjects: [{ kind: 'ServiceAccount', name: 'cloud-controller-manager', namespace: 'kube-system' }],
      } as KObject,
    },
  ];
}
