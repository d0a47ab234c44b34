/**
 * policy.go's ClusterRoles() and ClusterRoleBindings(): the roles kube-apiserver's
 * `rbac/bootstrap-roles` hook keeps in every cluster, as testdata/cluster-roles.yaml and
 * cluster-role-bindings.yaml record them (checked by rbac-policy.test.ts against the copies in
 * testdata/bootstrappolicy). Roles for APIs the simulation does not serve are kept: a role is
 * only data, and `kubectl get clusterroles` lists them all.
 */
import { EVENTS, READ, clusterBinding, group, rule, sa, urls, user, type BindingSpec, type ClusterRoleSpec, type PolicyRule, type RuleTable } from './rbac-policy-rules';

/**
 * NodeRules(): what the Node authorizer allows a kubelet (its graph restrictions are not
 * modelled; NodeRestriction admission narrows writes to the node's own objects). The
 * `system:node` ClusterRole holds the same rules and is bound to nobody.
 */
export const NODE_RULES: readonly PolicyRule[] = [
  rule('authentication.k8s.io', 'tokenreviews', 'create'),
  rule('authorization.k8s.io', ['localsubjectaccessreviews', 'subjectaccessreviews'], 'create'),
  rule('', 'services', READ),
  rule('', 'nodes', ['create', 'get', 'list', 'watch']),
  rule('', 'nodes/status', ['patch', 'update']),
  rule('', 'nodes', ['patch', 'update']),
  rule('', 'events', ['create', 'patch', 'update']),
  rule('', 'pods', READ),
  rule('', 'pods', ['create', 'delete']),
  rule('', 'pods/status', ['patch', 'update']),
  rule('', 'pods/eviction', 'create'),
  rule('', ['configmaps', 'secrets'], READ),
  rule('', ['persistentvolumeclaims', 'persistentvolumes'], 'get'),
  rule('', 'endpoints', 'get'),
  rule('certificates.k8s.io', 'certificatesigningrequests', ['create', 'get', 'list', 'watch']),
  rule('coordination.k8s.io', 'leases', ['create', 'delete', 'get', 'patch', 'update']),
  rule('storage.k8s.io', 'volumeattachments', 'get'),
  rule('', 'serviceaccounts/token', 'create'),
  rule('', 'persistentvolumeclaims/status', ['get', 'patch', 'update']),
  rule('storage.k8s.io', 'csidrivers', READ),
  rule('storage.k8s.io', 'csinodes', ['create', 'delete', 'get', 'patch', 'update']),
  rule('node.k8s.io', 'runtimeclasses', READ),
];

const WRITE = ['create', 'delete', 'deletecollection', 'patch', 'update'];
const READ_WRITE = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];
const CERTIFICATES = 'certificates.k8s.io';

/** By name, as cluster-roles.yaml lists them; admin, edit and view are filled by aggregation. */
const CLUSTER_ROLE_RULES: RuleTable = {
  admin: [],
  'cluster-admin': [rule('*', '*', '*'), urls('*', '*')],
  edit: [],
  'system:aggregate-to-admin': [
    rule('authorization.k8s.io', 'localsubjectaccessreviews', 'create'),
    rule('rbac.authorization.k8s.io', ['rolebindings', 'roles'], READ_WRITE),
  ],
  'system:aggregate-to-edit': [
    rule('', ['pods/attach', 'pods/exec', 'pods/portforward', 'pods/proxy', 'secrets', 'services/proxy'], READ),
    rule('', 'serviceaccounts', 'impersonate'),
    rule('', ['pods', 'pods/attach', 'pods/exec', 'pods/portforward', 'pods/proxy'], WRITE),
    rule('', 'pods/eviction', 'create'),
    rule('', ['configmaps', 'events', 'persistentvolumeclaims', 'replicationcontrollers', 'replicationcontrollers/scale', 'secrets', 'serviceaccounts', 'services', 'services/proxy'], WRITE),
    rule('', 'serviceaccounts/token', 'create'),
    rule('apps', ['daemonsets', 'deployments', 'deployments/rollback', 'deployments/scale', 'replicasets', 'replicasets/scale', 'statefulsets', 'statefulsets/scale'], WRITE),
    rule('autoscaling', 'horizontalpodautoscalers', WRITE),
    rule('batch', ['cronjobs', 'jobs'], WRITE),
    rule('extensions', ['daemonsets', 'deployments', 'deployments/rollback', 'deployments/scale', 'ingresses', 'networkpolicies', 'replicasets', 'replicasets/scale', 'replicationcontrollers/scale'], WRITE),
    rule('policy', 'poddisruptionbudgets', WRITE),
    rule('networking.k8s.io', ['ingresses', 'networkpolicies'], WRITE),
    // Namespaced leader election moved off ConfigMaps (kubernetes#111472).
    rule('coordination.k8s.io', 'leases', READ_WRITE),
  ],
  'system:aggregate-to-view': [
    rule('', ['configmaps', 'endpoints', 'persistentvolumeclaims', 'persistentvolumeclaims/status', 'pods', 'replicationcontrollers', 'replicationcontrollers/scale', 'serviceaccounts', 'services', 'services/status'], READ),
    rule('', ['bindings', 'events', 'limitranges', 'namespaces/status', 'pods/log', 'pods/status', 'replicationcontrollers/status', 'resourcequotas', 'resourcequotas/status'], READ),
    rule('', 'namespaces', READ),
    rule('discovery.k8s.io', 'endpointslices', READ),
    rule('apps', ['controllerrevisions', 'daemonsets', 'daemonsets/status', 'deployments', 'deployments/scale', 'deployments/status', 'replicasets', 'replicasets/scale', 'replicasets/status', 'statefulsets', 'statefulsets/scale', 'statefulsets/status'], READ),
    rule('autoscaling', ['horizontalpodautoscalers', 'horizontalpodautoscalers/status'], READ),
    rule('batch', ['cronjobs', 'cronjobs/status', 'jobs', 'jobs/status'], READ),
    rule('extensions', ['daemonsets', 'daemonsets/status', 'deployments', 'deployments/scale', 'deployments/status', 'ingresses', 'ingresses/status', 'networkpolicies', 'replicasets', 'replicasets/scale', 'replicasets/status', 'replicationcontrollers/scale'], READ),
    rule('policy', ['poddisruptionbudgets', 'poddisruptionbudgets/status'], READ),
    rule('networking.k8s.io', ['ingresses', 'ingresses/status', 'networkpolicies'], READ),
  ],
  'system:auth-delegator': [rule('authentication.k8s.io', 'tokenreviews', 'create'), rule('authorization.k8s.io', 'subjectaccessreviews', 'create')],
  'system:basic-user': [
    rule('authorization.k8s.io', ['selfsubjectaccessreviews', 'selfsubjectrulesreviews'], 'create'),
    rule('authentication.k8s.io', 'selfsubjectreviews', 'create'),
  ],
  // The CSR approver's and kubelets' roles: kubeadm binds the first two to bootstrap tokens and nodes.
  'system:certificates.k8s.io:certificatesigningrequests:nodeclient': [rule(CERTIFICATES, 'certificatesigningrequests/nodeclient', 'create')],
  'system:certificates.k8s.io:certificatesigningrequests:selfnodeclient': [rule(CERTIFICATES, 'certificatesigningrequests/selfnodeclient', 'create')],
  'system:certificates.k8s.io:kube-apiserver-client-approver': [rule(CERTIFICATES, 'signers', 'approve', 'kubernetes.io/kube-apiserver-client')],
  'system:certificates.k8s.io:kube-apiserver-client-kubelet-approver': [rule(CERTIFICATES, 'signers', 'approve', 'kubernetes.io/kube-apiserver-client-kubelet')],
  'system:certificates.k8s.io:kubelet-serving-approver': [rule(CERTIFICATES, 'signers', 'approve', 'kubernetes.io/kubelet-serving')],
  'system:certificates.k8s.io:legacy-unknown-approver': [rule(CERTIFICATES, 'signers', 'approve', 'kubernetes.io/legacy-unknown')],
  'system:discovery': [urls(['/api', '/api/*', '/apis', '/apis/*', '/healthz', '/livez', '/openapi', '/openapi/*', '/readyz', '/version', '/version/'], 'get')],
  'system:heapster': [rule('', ['events', 'namespaces', 'nodes', 'pods'], READ), rule('extensions', 'deployments', READ)],
  'system:kube-aggregator': [rule('', ['endpoints', 'services'], READ)],
  'system:kube-controller-manager': [
    EVENTS,
    rule('coordination.k8s.io', 'leases', 'create'),
    rule('coordination.k8s.io', 'leases', ['get', 'update'], 'kube-controller-manager'),
    rule('', ['secrets', 'serviceaccounts'], 'create'),
    rule('', 'secrets', 'delete'),
    rule('', ['configmaps', 'namespaces', 'secrets', 'serviceaccounts'], 'get'),
    rule('', ['secrets', 'serviceaccounts'], 'update'),
    rule('authentication.k8s.io', 'tokenreviews', 'create'),
    rule('authorization.k8s.io', 'subjectaccessreviews', 'create'),
    // Every shared informer.
    rule('*', '*', ['list', 'watch']),
    rule('', 'serviceaccounts/token', 'create'),
  ],
  'system:kube-dns': [rule('', ['endpoints', 'services'], ['list', 'watch'])],
  'system:kube-scheduler': [
    EVENTS,
    rule('coordination.k8s.io', 'leases', 'create'),
    rule('coordination.k8s.io', 'leases', ['get', 'update'], 'kube-scheduler'),
    rule('', 'nodes', READ),
    rule('', 'pods', ['delete', 'get', 'list', 'watch']),
    rule('', ['bindings', 'pods/binding'], 'create'),
    rule('', 'pods/status', ['patch', 'update']),
    rule('', ['replicationcontrollers', 'services'], READ),
    rule(['apps', 'extensions'], 'replicasets', READ),
    rule('apps', 'statefulsets', READ),
    rule('policy', 'poddisruptionbudgets', READ),
    rule('', ['persistentvolumeclaims', 'persistentvolumes'], READ),
    rule('authentication.k8s.io', 'tokenreviews', 'create'),
    rule('authorization.k8s.io', 'subjectaccessreviews', 'create'),
    rule('storage.k8s.io', 'csinodes', READ),
    rule('', 'namespaces', READ),
    rule('storage.k8s.io', 'csidrivers', READ),
    rule('storage.k8s.io', 'csistoragecapacities', READ),
  ],
  'system:kubelet-api-admin': [rule('', 'nodes', READ), rule('', 'nodes', 'proxy'), rule('', ['nodes/log', 'nodes/metrics', 'nodes/proxy', 'nodes/stats'], '*')],
  'system:monitoring': [urls(['/healthz', '/healthz/*', '/livez', '/livez/*', '/metrics', '/metrics/slis', '/readyz', '/readyz/*'], 'get')],
  'system:node': NODE_RULES,
  'system:node-bootstrapper': [rule(CERTIFICATES, 'certificatesigningrequests', ['create', 'get', 'list', 'watch'])],
  'system:node-problem-detector': [rule('', 'nodes', 'get'), rule('', 'nodes/status', 'patch'), EVENTS],
  'system:node-proxier': [rule('', ['endpoints', 'services'], ['list', 'watch']), rule('', 'nodes', READ), EVENTS, rule('discovery.k8s.io', 'endpointslices', ['list', 'watch'])],
  'system:persistent-volume-provisioner': [
    rule('', 'persistentvolumes', ['create', 'delete', 'get', 'list', 'watch']),
    rule('', 'persistentvolumeclaims', ['get', 'list', 'update', 'watch']),
    rule('storage.k8s.io', 'storageclasses', READ),
    rule('', 'events', 'watch'),
    EVENTS,
  ],
  'system:public-info-viewer': [urls(['/healthz', '/livez', '/readyz', '/version', '/version/'], 'get')],
  'system:service-account-issuer-discovery': [urls(['/.well-known/openid-configuration', '/openid/v1/jwks'], 'get')],
  'system:volume-scheduler': [
    rule('', 'persistentvolumes', ['get', 'list', 'patch', 'update', 'watch']),
    rule('storage.k8s.io', 'storageclasses', READ),
    rule('', 'persistentvolumeclaims', ['get', 'list', 'patch', 'update', 'watch']),
  ],
  view: [],
};

const aggregateTo = (to: string): Record<string, string> => ({ [`rbac.authorization.k8s.io/aggregate-to-${to}`]: 'true' });

/** view is gathered into edit and edit into admin by the same labels the aggregate-to-* parts carry. */
const LABELS: Readonly<Record<string, Record<string, string>>> = {
  edit: aggregateTo('admin'),
  view: aggregateTo('edit'),
  'system:aggregate-to-admin': aggregateTo('admin'),
  'system:aggregate-to-edit': aggregateTo('edit'),
  'system:aggregate-to-view': aggregateTo('view'),
};
const AGGREGATED = new Set(['admin', 'edit', 'view']);

export const UPSTREAM_CLUSTER_ROLES: readonly ClusterRoleSpec[] = Object.entries(CLUSTER_ROLE_RULES).map(([name, rules]) => ({
  name,
  rules,
  bootstrap: true,
  ...(LABELS[name] ? { labels: LABELS[name] } : {}),
  ...(AGGREGATED.has(name) ? { aggregateFrom: name } : {}),
}));

export const UPSTREAM_CLUSTER_ROLE_BINDINGS: readonly BindingSpec[] = [
  clusterBinding('cluster-admin', 'cluster-admin', [group('system:masters')], true),
  clusterBinding('system:basic-user', 'system:basic-user', [group('system:authenticated')], true),
  clusterBinding('system:discovery', 'system:discovery', [group('system:authenticated')], true),
  clusterBinding('system:kube-controller-manager', 'system:kube-controller-manager', [user('system:kube-controller-manager')], true),
  clusterBinding('system:kube-dns', 'system:kube-dns', [sa('kube-system', 'kube-dns')], true),
  clusterBinding('system:kube-scheduler', 'system:kube-scheduler', [user('system:kube-scheduler')], true),
  clusterBinding('system:monitoring', 'system:monitoring', [group('system:monitoring')], true),
  // Kept without subjects since the Node authorizer took over.
  clusterBinding('system:node', 'system:node', [], true),
  clusterBinding('system:node-proxier', 'system:node-proxier', [user('system:kube-proxy')], true),
  clusterBinding('system:public-info-viewer', 'system:public-info-viewer', [group('system:authenticated'), group('system:unauthenticated')], true),
  clusterBinding('system:service-account-issuer-discovery', 'system:service-account-issuer-discovery', [group('system:serviceaccounts')], true),
  clusterBinding('system:volume-scheduler', 'system:volume-scheduler', [user('system:kube-scheduler')], true),
];
