/**
 * The RBAC objects that are not kube-apiserver's: kubeadm's (cmd/kubeadm/app/phases), the add-ons'
 * manifests, and the classroom's learner `jane`. None is labelled or auto-updated. kubeadm's let a
 * joining node read cluster-info anonymously (bootstraptoken/clusterinfo), then with its bootstrap
 * token read kubeadm-config (uploadconfig), kubelet-config (kubelet) and kube-proxy
 * (addons/proxy), look its Node up and post a CSR the approver signs (bootstraptoken/node).
 */
import { READ, clusterBinding, group, rule, sa, user, type BindingSpec, type ClusterRoleSpec, type RoleSpec, type SubjectSpec } from './rbac-policy-rules';

/** Every bootstrap token `kubeadm token create` makes is in this group. */
const BOOTSTRAP_TOKENS = group('system:bootstrappers:kubeadm:default-node-token');
const NODES = group('system:nodes');
const CSI_SA = sa('kube-system', 'csi-hostpathplugin-sa');

// Manifest rules keep the manifest's order (no builder sorts them).
const r = (verbs: readonly string[], groups: readonly string[], resources: readonly string[]): ReturnType<typeof rule> => rule(groups, resources, verbs);

export const OTHER_CLUSTER_ROLES: readonly ClusterRoleSpec[] = [
  { name: 'kubeadm:get-nodes', rules: [rule('', 'nodes', 'get')], bootstrap: false },
  // kubeadm's CoreDNS add-on.
  { name: 'system:coredns', rules: [r(['list', 'watch'], [''], ['endpoints', 'services', 'pods', 'namespaces']), r(['list', 'watch'], ['discovery.k8s.io'], ['endpointslices'])], bootstrap: false },
  // The CSI driver's deployment (csi-driver-host-path).
  {
    name: 'external-provisioner-runner',
    rules: [
      r(['get', 'list', 'watch', 'create', 'patch', 'delete'], [''], ['persistentvolumes']),
      r(['get', 'list', 'watch', 'update'], [''], ['persistentvolumeclaims']),
      r(['update', 'patch'], [''], ['persistentvolumeclaims/status', 'persistentvolumes/status']),
      r(READ, ['storage.k8s.io'], ['storageclasses']),
      r(['list', 'watch', 'create', 'update', 'patch'], [''], ['events']),
      r(READ, ['storage.k8s.io'], ['csinodes']),
      r(READ, [''], ['nodes']),
      r(READ, ['storage.k8s.io'], ['volumeattachments']),
    ],
    bootstrap: false,
  },
  {
    name: 'external-attacher-runner',
    rules: [
      r(['get', 'list', 'watch', 'patch'], [''], ['persistentvolumes']),
      r(READ, ['storage.k8s.io'], ['csinodes']),
      r(['get', 'list', 'watch', 'patch'], ['storage.k8s.io'], ['volumeattachments']),
      r(['patch'], ['storage.k8s.io'], ['volumeattachments/status']),
    ],
    bootstrap: false,
  },
];

const kubeadm = (name: string, role: string, subjects: readonly SubjectSpec[]): BindingSpec => clusterBinding(name, role, subjects, false);

export const OTHER_CLUSTER_ROLE_BINDINGS: readonly BindingSpec[] = [
  // admin.conf's group (kubeconfig phase); super-admin.conf keeps system:masters.
  kubeadm('kubeadm:cluster-admins', 'cluster-admin', [group('kubeadm:cluster-admins')]),
  kubeadm('kubeadm:get-nodes', 'kubeadm:get-nodes', [BOOTSTRAP_TOKENS]),
  kubeadm('kubeadm:kubelet-bootstrap', 'system:node-bootstrapper', [BOOTSTRAP_TOKENS]),
  kubeadm('kubeadm:node-autoapprove-bootstrap', 'system:certificates.k8s.io:certificatesigningrequests:nodeclient', [BOOTSTRAP_TOKENS]),
  kubeadm('kubeadm:node-autoapprove-certificate-rotation', 'system:certificates.k8s.io:certificatesigningrequests:selfnodeclient', [NODES]),
  kubeadm('kubeadm:node-proxier', 'system:node-proxier', [sa('kube-system', 'kube-proxy')]),
  kubeadm('system:coredns', 'system:coredns', [sa('kube-system', 'coredns')]),
  kubeadm('csi-hostpathplugin-provisioner-cluster-role', 'external-provisioner-runner', [CSI_SA]),
  kubeadm('csi-hostpathplugin-attacher-cluster-role', 'external-attacher-runner', [CSI_SA]),
];

const role = (namespace: string, name: string, rules: RoleSpec['rules']): RoleSpec => ({ name, namespace, rules, bootstrap: false });

export const OTHER_ROLES: readonly RoleSpec[] = [
  role('kube-public', 'kubeadm:bootstrap-signer-clusterinfo', [rule('', 'configmaps', 'get', 'cluster-info')]),
  role('kube-system', 'kube-proxy', [rule('', 'configmaps', 'get', 'kube-proxy')]),
  role('kube-system', 'kubeadm:kubelet-config', [rule('', 'configmaps', 'get', 'kubelet-config')]),
  role('kube-system', 'kubeadm:nodes-kubeadm-config', [rule('', 'configmaps', 'get', 'kubeadm-config')]),
  // The CSI sidecars' leader election.
  role('kube-system', 'external-provisioner-cfg', [r(['get', 'watch', 'list', 'delete', 'update', 'create'], ['coordination.k8s.io'], ['leases'])]),
];

const bind = (namespace: string, name: string, roleKind: BindingSpec['roleKind'], roleName: string, subjects: readonly SubjectSpec[]): BindingSpec => ({ name, namespace, roleKind, role: roleName, subjects, bootstrap: false });

export const OTHER_ROLE_BINDINGS: readonly BindingSpec[] = [
  bind('kube-public', 'kubeadm:bootstrap-signer-clusterinfo', 'Role', 'kubeadm:bootstrap-signer-clusterinfo', [user('system:anonymous')]),
  bind('kube-system', 'kube-proxy', 'Role', 'kube-proxy', [BOOTSTRAP_TOKENS]),
  bind('kube-system', 'kubeadm:kubelet-config', 'Role', 'kubeadm:kubelet-config', [NODES, BOOTSTRAP_TOKENS]),
  bind('kube-system', 'kubeadm:nodes-kubeadm-config', 'Role', 'kubeadm:nodes-kubeadm-config', [BOOTSTRAP_TOKENS, NODES]),
  bind('kube-system', 'csi-hostpathplugin-provisioner-role', 'Role', 'external-provisioner-cfg', [CSI_SA]),
  // The learner identity of the RBAC lessons: `kubectl --as=jane`, read-only in `default`.
  bind('default', 'jane-view', 'ClusterRole', 'view', [user('jane')]),
];
