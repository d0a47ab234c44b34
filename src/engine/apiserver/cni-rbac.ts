/**
 * The RBAC objects each CNI plugin's manifest installs for its node agent, and the identity the
 * agent authenticates as (its ServiceAccount token). kindnet's and Calico's agents list and watch
 * NetworkPolicies, Pods and Namespaces to enforce policy; flannel reads only Pods and Nodes.
 */
import type { CniPlugin } from '../topology/topology';
import { serviceAccountUser, type UserInfo } from './auth';
import type { BindingSpec, ClusterRoleSpec, PolicyRule } from './rbac-policy';

const rule = (verbs: readonly string[], groups: readonly string[], resources: readonly string[]): PolicyRule => ({ verbs, groups, resources });

interface CniRbac {
  namespace: string;
  serviceAccount: string;
  role: ClusterRoleSpec;
}

const RBAC: Record<CniPlugin, CniRbac> = {
  // kind's kindnet manifest (pkg/build/nodeimage/const_cni.go).
  kindnet: {
    namespace: 'kube-system',
    serviceAccount: 'kindnet',
    role: {
      name: 'kindnet',
      rules: [rule(['list', 'watch', 'patch'], [''], ['nodes']), rule(['list', 'watch'], [''], ['pods', 'namespaces']), rule(['list', 'watch'], ['networking.k8s.io'], ['networkpolicies'])],
      bootstrap: false,
    },
  },
  // calico.yaml's calico-node role, the parts the simulated Felix uses.
  calico: {
    namespace: 'kube-system',
    serviceAccount: 'calico-node',
    role: {
      name: 'calico-node',
      rules: [
        rule(['get', 'list', 'watch'], [''], ['pods', 'nodes', 'namespaces']),
        rule(['watch', 'list', 'get'], [''], ['services', 'endpoints']),
        rule(['watch', 'list'], ['networking.k8s.io'], ['networkpolicies']),
        rule(['patch'], [''], ['nodes/status']),
      ],
      bootstrap: false,
    },
  },
  // kube-flannel.yml: flanneld reads its Node's podCIDR; it never reads NetworkPolicies.
  flannel: {
    namespace: 'kube-flannel',
    serviceAccount: 'flannel',
    role: { name: 'flannel', rules: [rule(['get'], [''], ['pods']), rule(['get', 'list', 'watch'], [''], ['nodes']), rule(['patch'], [''], ['nodes/status'])], bootstrap: false },
  },
};

export function cniRbacSpecs(plugin: CniPlugin): { role: ClusterRoleSpec; binding: BindingSpec } {
  const r = RBAC[plugin];
  return {
    role: r.role,
    binding: { name: r.role.name, roleKind: 'ClusterRole', role: r.role.name, subjects: [{ kind: 'ServiceAccount', name: r.serviceAccount, namespace: r.namespace }], bootstrap: false },
  };
}

export function cniAgentUser(plugin: CniPlugin): UserInfo {
  const r = RBAC[plugin];
  return serviceAccountUser(r.namespace, r.serviceAccount);
}
