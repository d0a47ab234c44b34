/**
 * The RBAC policy a kubeadm cluster starts with, as data: the bootstrap ClusterRoles and
 * ClusterRoleBindings kube-apiserver creates (plugin/pkg/auth/authorizer/rbac/bootstrappolicy,
 * policy.go and controller_policy.go) for the components the simulation runs plus the
 * user-facing roles, kubeadm's and the add-ons' objects, and the classroom's learner `jane`.
 * rbac-bootstrap.ts turns it into objects. Roles keep upstream's rules; rules for APIs the
 * simulation does not serve are kept where upstream has them, since a role is only data.
 */
import type { SubjectKind } from '../../k8s/rbac';

export interface PolicyRule {
  verbs: readonly string[];
  /** API groups; '*' for all. */
  groups: readonly string[];
  /** resource or resource/subresource; '*' for all, '*\/scale' for a subresource of all. */
  resources: readonly string[];
  /** When set, the rule applies to these object names only (never to list/watch/create). */
  resourceNames?: readonly string[];
}

export interface NonResourceRule {
  verbs: readonly string[];
  nonResourceURLs: readonly string[];
}

export type AnyRule = PolicyRule | NonResourceRule;

export interface ClusterRoleSpec {
  name: string;
  rules: readonly AnyRule[];
  /** Extra labels (the aggregate-to-* ones); bootstrap roles also get the bootstrapping label. */
  labels?: Readonly<Record<string, string>>;
  /** `rbac.authorization.k8s.io/aggregate-to-<x>` label the aggregationRule selects. */
  aggregateFrom?: string;
  /** Created by kube-apiserver's bootstrap policy (labelled and auto-updated). */
  bootstrap: boolean;
}

export interface SubjectSpec {
  kind: SubjectKind;
  name: string;
  namespace?: string;
}

export interface BindingSpec {
  name: string;
  /** A RoleBinding's namespace; absent for ClusterRoleBindings. */
  namespace?: string;
  roleKind: 'ClusterRole' | 'Role';
  role: string;
  subjects: readonly SubjectSpec[];
  bootstrap: boolean;
}

export interface RoleSpec {
  name: string;
  namespace: string;
  rules: readonly PolicyRule[];
}

const READ = ['get', 'list', 'watch'];
const WRITE = ['create', 'update', 'patch', 'delete', 'deletecollection'];
const READ_WRITE = [...READ, ...WRITE];
const READ_UPDATE = ['get', 'list', 'watch', 'update', 'patch'];
const rule = (verbs: readonly string[], groups: readonly string[], resources: readonly string[], resourceNames?: readonly string[]): PolicyRule =>
  resourceNames ? { verbs, groups, resources, resourceNames } : { verbs, groups, resources };
const urls = (verbs: readonly string[], nonResourceURLs: readonly string[]): NonResourceRule => ({ verbs, nonResourceURLs });
const events = rule(['create', 'update', 'patch'], ['', 'events.k8s.io'], ['events']);

/** controller_policy.go: each controller's `system:controller:<name>` ClusterRole. */
export const CONTROLLER_ROLES: Record<string, PolicyRule[]> = {
  'clusterrole-aggregation-controller': [rule(['escalate', 'get', 'list', 'watch', 'update', 'patch'], ['rbac.authorization.k8s.io'], ['clusterroles'])],
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
  'disruption-controller': [
    rule(READ, ['extensions', 'apps'], ['deployments']),
    rule(READ, ['apps', 'extensions'], ['replicasets']),
    rule(READ, [''], ['replicationcontrollers']),
    rule(READ, ['policy'], ['poddisruptionbudgets']),
    rule(READ, ['apps'], ['statefulsets']),
    rule(['update'], ['policy'], ['poddisruptionbudgets/status']),
    rule(['get'], ['*'], ['*/scale']),
    rule(['patch', 'update'], [''], ['pods/status']),
    events,
  ],
  'resourcequota-controller': [
    // Quota counts anything, so it may list and watch everything.
    rule(['list', 'watch'], ['*'], ['*']),
    rule(['update'], [''], ['resourcequotas/status']),
    events,
  ],
  'horizontal-pod-autoscaler': [
    rule(['get', 'list', 'watch'], ['autoscaling'], ['horizontalpodautoscalers']),
    rule(['update'], ['autoscaling'], ['horizontalpodautoscalers/status']),
    rule(['get', 'update'], ['*'], ['*/scale']),
    rule(['list'], [''], ['pods']),
    rule(['list'], ['metrics.k8s.io'], ['pods']),
    rule(['get', 'list'], ['custom.metrics.k8s.io'], ['*']),
    rule(['get', 'list'], ['external.metrics.k8s.io'], ['*']),
    events,
  ],
  'replicaset-controller': [
    rule(['get', 'list', 'watch', 'update'], ['apps', 'extensions'], ['replicasets']),
    rule(['update'], ['apps', 'extensions'], ['replicasets/status', 'replicasets/finalizers']),
    rule(['list', 'watch', 'patch', 'create', 'delete'], [''], ['pods']),
    events,
  ],
  'endpoint-controller': [
    rule(READ, [''], ['services', 'pods']),
    rule(['get', 'list', 'create', 'update', 'delete'], [''], ['endpoints']),
    rule(['create'], [''], ['endpoints/restricted']),
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
  'job-controller': [
    rule(['get', 'list', 'watch', 'update', 'patch'], ['batch'], ['jobs']),
    rule(['update'], ['batch'], ['jobs/status']),
    rule(['update'], ['batch'], ['jobs/finalizers']),
    rule(['list', 'watch', 'create', 'delete', 'patch'], [''], ['pods']),
    events,
  ],
  'cronjob-controller': [
    rule(['get', 'list', 'watch', 'update'], ['batch'], ['cronjobs']),
    rule(['get', 'list', 'watch', 'create', 'update', 'delete', 'patch'], ['batch'], ['jobs']),
    rule(['update'], ['batch'], ['cronjobs/status']),
    rule(['update'], ['batch'], ['cronjobs/finalizers']),
    rule(['list', 'delete'], [''], ['pods']),
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
  'ttl-after-finished-controller': [rule(['get', 'list', 'watch', 'delete'], ['batch'], ['jobs']), events],
  // Last, so the RBAC stream draws the uids of the roles above as before.
  'statefulset-controller': [
    rule(['list', 'watch'], [''], ['pods']),
    rule(READ, ['apps'], ['statefulsets']),
    rule(['update'], ['apps'], ['statefulsets/status']),
    rule(['update'], ['apps'], ['statefulsets/finalizers']),
    rule(['get', 'create', 'delete', 'update', 'patch'], [''], ['pods']),
    rule(['get', 'create', 'delete', 'update', 'patch', 'list', 'watch'], ['apps'], ['controllerrevisions']),
    rule(['get', 'create'], [''], ['persistentvolumeclaims']),
    events,
    rule(['update', 'delete'], [''], ['persistentvolumeclaims']),
  ],
};

/**
 * NodeRules(): what the Node authorizer allows a kubelet (its graph restrictions are not
 * modelled); NodeRestriction admission narrows writes to the node's own objects. The
 * `system:node` ClusterRole holds the same rules and is bound to nobody, as upstream.
 */
export const NODE_RULES: readonly PolicyRule[] = [
  rule(['create'], ['authentication.k8s.io'], ['tokenreviews']),
  rule(['create'], ['authorization.k8s.io'], ['subjectaccessreviews', 'localsubjectaccessreviews']),
  rule(READ, [''], ['services']),
  rule(['create', 'get', 'list', 'watch'], [''], ['nodes']),
  rule(['update', 'patch'], [''], ['nodes/status']),
  rule(['update', 'patch'], [''], ['nodes']),
  rule(['create', 'update', 'patch'], [''], ['events']),
  rule(READ, [''], ['pods']),
  rule(['create', 'delete'], [''], ['pods']),
  rule(['update', 'patch'], [''], ['pods/status']),
  rule(['create'], [''], ['pods/eviction']),
  rule(READ, [''], ['secrets', 'configmaps']),
  rule(['get'], [''], ['persistentvolumeclaims', 'persistentvolumes']),
  rule(['get'], [''], ['endpoints']),
  rule(['get', 'create', 'update', 'patch', 'delete'], ['coordination.k8s.io'], ['leases']),
  rule(['get'], ['storage.k8s.io'], ['volumeattachments']),
  rule(['create'], [''], ['serviceaccounts/token']),
  rule(['get', 'update', 'patch'], [''], ['persistentvolumeclaims/status']),
  rule(['get', 'watch', 'list'], ['storage.k8s.io'], ['csidrivers']),
  rule(['get', 'create', 'update', 'patch', 'delete'], ['storage.k8s.io'], ['csinodes']),
  rule(READ, ['node.k8s.io'], ['runtimeclasses']),
];

const aggregate = (to: string): Record<string, string> => ({ [`rbac.authorization.k8s.io/aggregate-to-${to}`]: 'true' });

const bootstrapRole = (name: string, rules: readonly AnyRule[], extra: Partial<ClusterRoleSpec> = {}): ClusterRoleSpec => ({ name, rules, bootstrap: true, ...extra });

/** policy.go's ClusterRoles(), limited to what the simulated cluster uses and shows. */
const BOOTSTRAP_CLUSTER_ROLES: ClusterRoleSpec[] = [
  bootstrapRole('cluster-admin', [rule(['*'], ['*'], ['*']), urls(['*'], ['*'])]),
  bootstrapRole('system:discovery', [urls(['get'], ['/api', '/api/*', '/apis', '/apis/*', '/healthz', '/livez', '/openapi', '/openapi/*', '/readyz', '/version', '/version/'])]),
  bootstrapRole('system:basic-user', [
    rule(['create'], ['authorization.k8s.io'], ['selfsubjectaccessreviews', 'selfsubjectrulesreviews']),
    rule(['create'], ['authentication.k8s.io'], ['selfsubjectreviews']),
  ]),
  bootstrapRole('system:public-info-viewer', [urls(['get'], ['/healthz', '/livez', '/readyz', '/version', '/version/'])]),
  bootstrapRole('admin', [], { aggregateFrom: 'admin' }),
  bootstrapRole('edit', [], { aggregateFrom: 'edit', labels: aggregate('admin') }),
  bootstrapRole('view', [], { aggregateFrom: 'view', labels: aggregate('edit') }),
  bootstrapRole(
    'system:aggregate-to-admin',
    [rule(['create'], ['authorization.k8s.io'], ['localsubjectaccessreviews']), rule(READ_WRITE, ['rbac.authorization.k8s.io'], ['roles', 'rolebindings'])],
    { labels: aggregate('admin') },
  ),
  bootstrapRole(
    'system:aggregate-to-edit',
    [
      rule(READ, [''], ['pods/attach', 'pods/proxy', 'pods/exec', 'pods/portforward', 'secrets', 'services/proxy']),
      rule(['impersonate'], [''], ['serviceaccounts']),
      rule(WRITE, [''], ['pods', 'pods/attach', 'pods/proxy', 'pods/exec', 'pods/portforward']),
      rule(['create'], [''], ['pods/eviction']),
      rule(WRITE, [''], ['replicationcontrollers', 'replicationcontrollers/scale', 'serviceaccounts', 'services', 'services/proxy', 'persistentvolumeclaims', 'configmaps', 'secrets', 'events']),
      rule(['create'], [''], ['serviceaccounts/token']),
      rule(WRITE, ['apps'], ['statefulsets', 'statefulsets/scale', 'daemonsets', 'deployments', 'deployments/scale', 'deployments/rollback', 'replicasets', 'replicasets/scale']),
      rule(WRITE, ['autoscaling'], ['horizontalpodautoscalers']),
      rule(WRITE, ['batch'], ['jobs', 'cronjobs']),
      rule(WRITE, ['extensions'], ['daemonsets', 'deployments', 'deployments/scale', 'deployments/rollback', 'ingresses', 'replicasets', 'replicasets/scale', 'replicationcontrollers/scale', 'networkpolicies']),
      rule(WRITE, ['policy'], ['poddisruptionbudgets']),
      rule(WRITE, ['networking.k8s.io'], ['networkpolicies', 'ingresses']),
      // Namespaced leader election moved off ConfigMaps (kubernetes#111472).
      rule(READ_WRITE, ['coordination.k8s.io'], ['leases']),
    ],
    { labels: aggregate('edit') },
  ),
  bootstrapRole(
    'system:aggregate-to-view',
    [
      rule(READ, [''], ['pods', 'replicationcontrollers', 'replicationcontrollers/scale', 'serviceaccounts', 'services', 'services/status', 'endpoints', 'persistentvolumeclaims', 'persistentvolumeclaims/status', 'configmaps']),
      rule(READ, [''], ['limitranges', 'resourcequotas', 'bindings', 'events', 'pods/status', 'resourcequotas/status', 'namespaces/status', 'replicationcontrollers/status', 'pods/log']),
      rule(READ, [''], ['namespaces']),
      rule(READ, ['discovery.k8s.io'], ['endpointslices']),
      rule(READ, ['apps'], ['controllerrevisions', 'statefulsets', 'statefulsets/status', 'statefulsets/scale', 'daemonsets', 'daemonsets/status', 'deployments', 'deployments/status', 'deployments/scale', 'replicasets', 'replicasets/status', 'replicasets/scale']),
      rule(READ, ['autoscaling'], ['horizontalpodautoscalers', 'horizontalpodautoscalers/status']),
      rule(READ, ['batch'], ['jobs', 'cronjobs', 'cronjobs/status', 'jobs/status']),
      rule(READ, ['extensions'], ['daemonsets', 'daemonsets/status', 'deployments', 'deployments/scale', 'deployments/status', 'ingresses', 'ingresses/status', 'replicasets', 'replicasets/scale', 'replicasets/status', 'replicationcontrollers/scale', 'networkpolicies']),
      rule(READ, ['policy'], ['poddisruptionbudgets', 'poddisruptionbudgets/status']),
      rule(READ, ['networking.k8s.io'], ['networkpolicies', 'ingresses', 'ingresses/status']),
    ],
    { labels: aggregate('view') },
  ),
  bootstrapRole('system:node', NODE_RULES),
  bootstrapRole('system:node-proxier', [
    rule(['list', 'watch'], [''], ['services', 'endpoints']),
    rule(READ, [''], ['nodes']),
    events,
    rule(['list', 'watch'], ['discovery.k8s.io'], ['endpointslices']),
  ]),
  bootstrapRole('system:kube-controller-manager', [
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
  ]),
  bootstrapRole('system:kube-scheduler', [
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
  ]),
  bootstrapRole('system:volume-scheduler', [
    rule(READ_UPDATE, [''], ['persistentvolumes']),
    rule(READ, ['storage.k8s.io'], ['storageclasses']),
    rule(READ_UPDATE, [''], ['persistentvolumeclaims']),
  ]),
  bootstrapRole('system:kube-dns', [rule(['list', 'watch'], [''], ['endpoints', 'services'])]),
  bootstrapRole('system:auth-delegator', [rule(['create'], ['authentication.k8s.io'], ['tokenreviews']), rule(['create'], ['authorization.k8s.io'], ['subjectaccessreviews'])]),
  ...Object.entries(CONTROLLER_ROLES).map(([name, rules]) => bootstrapRole(`system:controller:${name}`, rules)),
];

/** Not kube-apiserver's: kubeadm's CoreDNS add-on and the CSI driver's deployment (csi-driver-host-path). */
const ADDON_CLUSTER_ROLES: ClusterRoleSpec[] = [
  {
    name: 'system:coredns',
    rules: [rule(['list', 'watch'], [''], ['endpoints', 'services', 'pods', 'namespaces']), rule(['list', 'watch'], ['discovery.k8s.io'], ['endpointslices'])],
    bootstrap: false,
  },
  {
    name: 'external-provisioner-runner',
    rules: [
      rule(['get', 'list', 'watch', 'create', 'patch', 'delete'], [''], ['persistentvolumes']),
      rule(['get', 'list', 'watch', 'update'], [''], ['persistentvolumeclaims']),
      rule(['update', 'patch'], [''], ['persistentvolumeclaims/status', 'persistentvolumes/status']),
      rule(READ, ['storage.k8s.io'], ['storageclasses']),
      rule(['list', 'watch', 'create', 'update', 'patch'], [''], ['events']),
      rule(READ, ['storage.k8s.io'], ['csinodes']),
      rule(READ, [''], ['nodes']),
      rule(READ, ['storage.k8s.io'], ['volumeattachments']),
    ],
    bootstrap: false,
  },
  {
    name: 'external-attacher-runner',
    rules: [
      rule(['get', 'list', 'watch', 'patch'], [''], ['persistentvolumes']),
      rule(READ, ['storage.k8s.io'], ['csinodes']),
      rule(['get', 'list', 'watch', 'patch'], ['storage.k8s.io'], ['volumeattachments']),
      rule(['patch'], ['storage.k8s.io'], ['volumeattachments/status']),
    ],
    bootstrap: false,
  },
];

export const CLUSTER_ROLES: readonly ClusterRoleSpec[] = [...BOOTSTRAP_CLUSTER_ROLES, ...ADDON_CLUSTER_ROLES];

const sa = (namespace: string, name: string): SubjectSpec => ({ kind: 'ServiceAccount', name, namespace });
const user = (name: string): SubjectSpec => ({ kind: 'User', name });
const group = (name: string): SubjectSpec => ({ kind: 'Group', name });
const clusterBinding = (name: string, role: string, subjects: readonly SubjectSpec[], bootstrap = true): BindingSpec => ({ name, roleKind: 'ClusterRole', role, subjects, bootstrap });

export const CLUSTER_ROLE_BINDINGS: readonly BindingSpec[] = [
  clusterBinding('cluster-admin', 'cluster-admin', [group('system:masters')]),
  clusterBinding('system:discovery', 'system:discovery', [group('system:authenticated')]),
  clusterBinding('system:basic-user', 'system:basic-user', [group('system:authenticated')]),
  clusterBinding('system:public-info-viewer', 'system:public-info-viewer', [group('system:authenticated'), group('system:unauthenticated')]),
  clusterBinding('system:node-proxier', 'system:node-proxier', [user('system:kube-proxy')]),
  clusterBinding('system:kube-controller-manager', 'system:kube-controller-manager', [user('system:kube-controller-manager')]),
  clusterBinding('system:kube-dns', 'system:kube-dns', [sa('kube-system', 'kube-dns')]),
  clusterBinding('system:kube-scheduler', 'system:kube-scheduler', [user('system:kube-scheduler')]),
  clusterBinding('system:volume-scheduler', 'system:volume-scheduler', [user('system:kube-scheduler')]),
  // Kept without subjects since the Node authorizer took over (policy.go).
  clusterBinding('system:node', 'system:node', []),
  ...Object.keys(CONTROLLER_ROLES).map((name) => clusterBinding(`system:controller:${name}`, `system:controller:${name}`, [sa('kube-system', name)])),
  // kubeadm's: its admin kubeconfig's group, and kube-proxy's ServiceAccount.
  clusterBinding('kubeadm:cluster-admins', 'cluster-admin', [group('kubeadm:cluster-admins')], false),
  clusterBinding('kubeadm:node-proxier', 'system:node-proxier', [sa('kube-system', 'kube-proxy')], false),
  clusterBinding('system:coredns', 'system:coredns', [sa('kube-system', 'coredns')], false),
  clusterBinding('csi-hostpathplugin-provisioner-cluster-role', 'external-provisioner-runner', [sa('kube-system', 'csi-hostpathplugin-sa')], false),
  clusterBinding('csi-hostpathplugin-attacher-cluster-role', 'external-attacher-runner', [sa('kube-system', 'csi-hostpathplugin-sa')], false),
];

export const ROLES: readonly RoleSpec[] = [
  // The CSI sidecars' leader election.
  { name: 'external-provisioner-cfg', namespace: 'kube-system', rules: [rule(['get', 'watch', 'list', 'delete', 'update', 'create'], ['coordination.k8s.io'], ['leases'])] },
];

export const ROLE_BINDINGS: readonly BindingSpec[] = [
  { name: 'csi-hostpathplugin-provisioner-role', namespace: 'kube-system', roleKind: 'Role', role: 'external-provisioner-cfg', subjects: [sa('kube-system', 'csi-hostpathplugin-sa')], bootstrap: false },
  // The learner identity of the RBAC lessons: `kubectl --as=jane`, read-only in `default`.
  { name: 'jane-view', namespace: 'default', roleKind: 'ClusterRole', role: 'view', subjects: [user('jane')], bootstrap: false },
];
