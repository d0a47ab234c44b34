/**
 * The RBAC objects a kubeadm cluster starts with, as data: the bootstrap ClusterRoles the
 * simulated components use (plugin/pkg/auth/authorizer/rbac/bootstrappolicy), kubeadm's
 * bindings, and one learner identity. Roles keep upstream's rules; only the resources the
 * simulation serves matter, so rules for absent APIs (batch, policy, ...) are left out.
 */
export interface PolicyRule {
  verbs: readonly string[];
  /** API groups; '*' for all. */
  groups: readonly string[];
  /** resource or resource/subresource; '*' for all, '*\/scale' for a subresource of all. */
  resources: readonly string[];
  /** When set, the rule applies to these object names only (never to list/watch/create). */
  resourceNames?: readonly string[];
}

export interface Binding {
  /** A user name (`jane`, `system:serviceaccount:kube-system:deployment-controller`) or group. */
  subject: string;
  role: string;
  /** A RoleBinding's namespace; absent for ClusterRoleBindings. */
  namespace?: string;
}

const READ = ['get', 'list', 'watch'];
const READ_UPDATE = ['get', 'list', 'watch', 'update', 'patch'];
const rule = (verbs: readonly string[], groups: readonly string[], resources: readonly string[], resourceNames?: readonly string[]): PolicyRule =>
  resourceNames ? { verbs, groups, resources, resourceNames } : { verbs, groups, resources };
const events = rule(['create', 'update', 'patch'], ['', 'events.k8s.io'], ['events']);

const CONTROLLER_ROLES: Record<string, PolicyRule[]> = {
  'deployment-controller': [
    // Upstream grants update only; the simulated controller persists the revision annotation by patch.
    rule(['get', 'list', 'watch', 'update', 'patch'], ['extensions', 'apps'], ['deployments']),
    rule(['update'], ['extensions', 'apps'], ['deployments/status', 'deployments/finalizers']),
    rule(['get', 'list', 'watch', 'create', 'update', 'patch', 'delete'], ['apps', 'extensions'], ['replicasets']),
    rule(['get', 'list', 'watch', 'update'], [''], ['pods']),
    events,
  ],
  'daemon-set-controller': [
    rule(['get', 'list', 'watch'], ['extensions', 'apps'], ['daemonsets']),
    rule(['update'], ['extensions', 'apps'], ['daemonsets/status', 'daemonsets/finalizers']),
    rule(['list', 'watch'], [''], ['nodes']),
    rule(['list', 'watch', 'create', 'delete', 'patch'], [''], ['pods']),
    rule(['create'], [''], ['pods/binding']),
    rule(['get', 'list', 'watch', 'create', 'delete', 'update', 'patch'], ['apps'], ['controllerrevisions']),
    events,
  ],
  'replicaset-controller': [
    rule(['get', 'list', 'watch', 'update'], ['apps', 'extensions'], ['replicasets']),
    rule(['update'], ['apps', 'extensions'], ['replicasets/status', 'replicasets/finalizers']),
    rule(['list', 'watch', 'patch', 'create', 'delete'], [''], ['pods']),
    events,
  ],
  'endpointslice-controller': [
    rule(READ, [''], ['services', 'pods', 'nodes']),
    rule(['update'], [''], ['services/finalizers']),
    rule(['get', 'list', 'watch', 'create', 'update', 'delete'], ['discovery.k8s.io'], ['endpointslices']),
    events,
  ],
  'generic-garbage-collector': [rule(['get', 'list', 'watch', 'patch', 'update', 'delete'], ['*'], ['*']), events],
  'namespace-controller': [
    rule(['get', 'list', 'watch', 'delete'], [''], ['namespaces']),
    rule(['update'], [''], ['namespaces/finalize', 'namespaces/status']),
    rule(['get', 'list', 'watch', 'delete', 'deletecollection'], ['*'], ['*']),
  ],
  'node-controller': [
    rule(['get', 'list', 'watch', 'update', 'delete', 'patch'], [''], ['nodes']),
    rule(['patch', 'update'], [''], ['nodes/status', 'pods/status']),
    rule(['list', 'watch', 'get', 'delete'], [''], ['pods']),
    events,
  ],
  'pod-garbage-collector': [rule(['list', 'watch', 'delete'], [''], ['pods']), rule(READ, [''], ['nodes']), rule(['patch'], [''], ['pods/status'])],
  'taint-eviction-controller': [rule(['patch', 'update'], [''], ['pods/status']), rule(['list', 'watch', 'get', 'delete'], [''], ['pods']), events],
  'service-account-controller': [rule(['create'], [''], ['serviceaccounts']), events],
  'root-ca-cert-publisher': [rule(['create', 'update'], [''], ['configmaps']), events],
  'persistent-volume-binder': [
    rule(['get', 'list', 'watch', 'update', 'create', 'delete'], [''], ['persistentvolumes']),
    rule(['update'], [''], ['persistentvolumes/status', 'persistentvolumeclaims/status']),
    rule(['get', 'list', 'watch', 'update'], [''], ['persistentvolumeclaims']),
    rule(['list', 'watch', 'get', 'create', 'delete'], [''], ['pods']),
    rule(READ, ['storage.k8s.io'], ['storageclasses']),
    rule(['list', 'watch'], [''], ['nodes']),
    events,
  ],
  'pvc-protection-controller': [rule(['get', 'list', 'watch', 'update'], [''], ['persistentvolumeclaims']), rule(READ, [''], ['pods']), events],
  'pv-protection-controller': [rule(['get', 'list', 'watch', 'update'], [''], ['persistentvolumes']), events],
  'service-controller': [rule(READ, [''], ['services']), rule(['patch', 'update'], [''], ['services/status']), rule(['list', 'watch'], [''], ['nodes']), events],
  'ttl-controller': [rule(['update', 'patch', 'list', 'watch'], [''], ['nodes']), events],
};

export const CLUSTER_ROLES: Record<string, PolicyRule[]> = {
  'cluster-admin': [rule(['*'], ['*'], ['*'])],
  'system:kube-scheduler': [
    events,
    rule(['create'], ['coordination.k8s.io'], ['leases']),
    rule(['get', 'update'], ['coordination.k8s.io'], ['leases'], ['kube-scheduler']),
    rule(READ, [''], ['nodes']),
    rule(['get', 'list', 'watch', 'delete'], [''], ['pods']),
    rule(['create'], [''], ['pods/binding', 'bindings']),
    rule(['patch', 'update'], [''], ['pods/status']),
    rule(READ, [''], ['services', 'replicationcontrollers']),
    rule(READ, ['apps', 'extensions'], ['replicasets']),
    rule(READ, ['apps'], ['statefulsets']),
    rule(READ, ['policy'], ['poddisruptionbudgets']),
    rule(READ, [''], ['persistentvolumeclaims', 'persistentvolumes']),
    rule(['create'], ['authentication.k8s.io'], ['tokenreviews']),
    rule(['create'], ['authorization.k8s.io'], ['subjectaccessreviews']),
    rule(READ, ['storage.k8s.io'], ['csinodes', 'csidrivers', 'csistoragecapacities']),
    rule(READ, [''], ['namespaces']),
  ],
  'system:volume-scheduler': [
    rule(READ_UPDATE, [''], ['persistentvolumes']),
    rule(READ, ['storage.k8s.io'], ['storageclasses']),
    rule(READ_UPDATE, [''], ['persistentvolumeclaims']),
  ],
  'system:kube-controller-manager': [
    events,
    rule(['create'], ['coordination.k8s.io'], ['leases']),
    rule(['get', 'update'], ['coordination.k8s.io'], ['leases'], ['kube-controller-manager']),
    rule(['create'], [''], ['secrets', 'serviceaccounts']),
    rule(['delete'], [''], ['secrets']),
    rule(['get'], [''], ['configmaps', 'namespaces', 'secrets', 'serviceaccounts']),
    rule(['update'], [''], ['secrets', 'serviceaccounts']),
    rule(['create'], ['authentication.k8s.io'], ['tokenreviews']),
    rule(['create'], ['authorization.k8s.io'], ['subjectaccessreviews']),
    // Every shared informer.
    rule(['list', 'watch'], ['*'], ['*']),
    rule(['create'], [''], ['serviceaccounts/token']),
  ],
  'system:node-proxier': [
    rule(['list', 'watch'], [''], ['services', 'endpoints']),
    rule(READ, [''], ['nodes']),
    events,
    rule(['list', 'watch'], ['discovery.k8s.io'], ['endpointslices']),
  ],
  // NodeRules(): what the Node authorizer allows a kubelet (graph restrictions are not modelled);
  // NodeRestriction admission narrows writes to the node's own objects.
  'system:node': [
    rule(['create'], ['authentication.k8s.io'], ['tokenreviews']),
    rule(['create'], ['authorization.k8s.io'], ['subjectaccessreviews', 'localsubjectaccessreviews']),
    rule(READ, [''], ['services']),
    rule(['create', 'get', 'list', 'watch'], [''], ['nodes']),
    rule(['update', 'patch'], [''], ['nodes/status', 'nodes']),
    rule(['create', 'update', 'patch'], [''], ['events']),
    rule(READ, [''], ['pods']),
    rule(['create', 'delete'], [''], ['pods']),
    rule(['update', 'patch'], [''], ['pods/status']),
    rule(['create'], [''], ['pods/eviction']),
    rule(READ, [''], ['secrets', 'configmaps']),
    rule(['get'], [''], ['persistentvolumeclaims', 'persistentvolumes', 'endpoints']),
    rule(['get', 'create', 'update', 'patch', 'delete'], ['coordination.k8s.io'], ['leases']),
    rule(['get'], ['storage.k8s.io'], ['volumeattachments']),
    rule(['create'], [''], ['serviceaccounts/token']),
    rule(['get', 'update', 'patch'], [''], ['persistentvolumeclaims/status']),
    rule(['get', 'watch', 'list'], ['storage.k8s.io'], ['csidrivers']),
    rule(['get', 'create', 'update', 'patch', 'delete'], ['storage.k8s.io'], ['csinodes']),
    rule(READ, ['node.k8s.io'], ['runtimeclasses']),
  ],
  // csi-driver-host-path's external-provisioner + external-attacher roles.
  'csi-hostpathplugin': [
    rule(['get', 'list', 'watch', 'create', 'patch', 'delete'], [''], ['persistentvolumes']),
    rule(['get', 'list', 'watch', 'update'], [''], ['persistentvolumeclaims']),
    rule(['update', 'patch'], [''], ['persistentvolumeclaims/status', 'persistentvolumes/status']),
    rule(READ, ['storage.k8s.io'], ['storageclasses', 'csinodes', 'volumeattachments']),
    rule(['patch'], ['storage.k8s.io'], ['volumeattachments', 'volumeattachments/status']),
    rule(READ, [''], ['nodes']),
    rule(['list', 'watch', 'create', 'update', 'patch'], [''], ['events']),
    rule(['get', 'watch', 'list', 'delete', 'update', 'create'], ['coordination.k8s.io'], ['leases']),
  ],
  // Bound to every authenticated user: asking the server what one may do, and who one is.
  'system:basic-user': [
    rule(['create'], ['authentication.k8s.io'], ['selfsubjectreviews']),
    rule(['create'], ['authorization.k8s.io'], ['selfsubjectaccessreviews', 'selfsubjectrulesreviews']),
  ],
  view: [
    rule(
      READ,
      [''],
      [
        'configmaps',
        'endpoints',
        'persistentvolumeclaims',
        'persistentvolumeclaims/status',
        'pods',
        'replicationcontrollers',
        'replicationcontrollers/scale',
        'serviceaccounts',
        'services',
        'services/status',
        'bindings',
        'events',
        'limitranges',
        'namespaces/status',
        'pods/log',
        'pods/status',
        'replicationcontrollers/status',
        'resourcequotas',
        'resourcequotas/status',
        'namespaces',
      ],
    ),
    rule(READ, ['discovery.k8s.io'], ['endpointslices']),
    rule(
      READ,
      ['apps'],
      [
        'controllerrevisions',
        'daemonsets',
        'daemonsets/status',
        'deployments',
        'deployments/scale',
        'deployments/status',
        'replicasets',
        'replicasets/scale',
        'replicasets/status',
        'statefulsets',
        'statefulsets/scale',
        'statefulsets/status',
      ],
    ),
    rule(READ, ['autoscaling'], ['horizontalpodautoscalers', 'horizontalpodautoscalers/status']),
    rule(READ, ['batch'], ['cronjobs', 'cronjobs/status', 'jobs', 'jobs/status']),
    rule(READ, ['policy'], ['poddisruptionbudgets', 'poddisruptionbudgets/status']),
    rule(READ, ['networking.k8s.io'], ['ingresses', 'ingresses/status', 'networkpolicies']),
  ],
  ...Object.fromEntries(Object.entries(CONTROLLER_ROLES).map(([name, rules]) => [`system:controller:${name}`, rules])),
};

const sa = (ns: string, name: string): string => `system:serviceaccount:${ns}:${name}`;

export const BINDINGS: Binding[] = [
  { subject: 'system:masters', role: 'cluster-admin' },
  { subject: 'kubeadm:cluster-admins', role: 'cluster-admin' },
  { subject: 'system:authenticated', role: 'system:basic-user' },
  { subject: 'system:kube-scheduler', role: 'system:kube-scheduler' },
  { subject: 'system:kube-scheduler', role: 'system:volume-scheduler' },
  { subject: 'system:kube-controller-manager', role: 'system:kube-controller-manager' },
  { subject: sa('kube-system', 'kube-proxy'), role: 'system:node-proxier' },
  { subject: 'system:nodes', role: 'system:node' },
  { subject: sa('kube-system', 'csi-hostpathplugin-sa'), role: 'csi-hostpathplugin' },
  ...Object.keys(CONTROLLER_ROLES).map((name) => ({ subject: sa('kube-system', name), role: `system:controller:${name}` })),
  // KCM runs the node IPAM controller with the node-controller's credentials.
  { subject: sa('kube-system', 'node-ipam-controller'), role: 'system:controller:node-controller' },
  // The learner identity of the RBAC lessons: `kubectl --as=jane`, read-only in `default`.
  { subject: 'jane', role: 'view', namespace: 'default' },
];
