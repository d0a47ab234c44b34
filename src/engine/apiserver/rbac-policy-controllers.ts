/**
 * controller_policy.go: kube-controller-manager runs each controller with the credentials of its
 * own ServiceAccount in kube-system (`--use-service-account-credentials`, as kubeadm sets it), and
 * the bootstrap policy gives `system:controller:<name>` to each, bound to kube-system/<name>.
 * As testdata/controller-roles.yaml records them for v1.36 (copy in testdata/bootstrappolicy).
 * Controllers that borrow another's identity have no role of their own: node-lifecycle,
 * node-ipam and taint-eviction run as node-controller.
 */
import { EVENTS, READ, bootstrapRoles, clusterBinding, rule, sa, type BindingSpec, type ClusterRoleSpec, type RuleTable } from './rbac-policy-rules';

const CONTROLLER_ROLE_RULES: RuleTable = {
  'attachdetach-controller': [
    rule('', ['persistentvolumeclaims', 'persistentvolumes'], ['list', 'watch']),
    rule('', 'nodes', READ),
    rule('', 'nodes/status', ['patch', 'update']),
    rule('', 'pods', ['list', 'watch']),
    EVENTS,
    rule('storage.k8s.io', 'volumeattachments', ['create', 'delete', 'get', 'list', 'watch']),
    rule('storage.k8s.io', 'csidrivers', READ),
    rule('storage.k8s.io', 'csinodes', READ),
  ],
  'certificate-controller': [
    rule('certificates.k8s.io', 'certificatesigningrequests', ['delete', 'get', 'list', 'watch']),
    rule('certificates.k8s.io', ['certificatesigningrequests/approval', 'certificatesigningrequests/status'], 'update'),
    rule('certificates.k8s.io', 'signers', 'approve', 'kubernetes.io/kube-apiserver-client-kubelet'),
    rule('certificates.k8s.io', 'signers', 'sign', ['kubernetes.io/kube-apiserver-client', 'kubernetes.io/kube-apiserver-client-kubelet', 'kubernetes.io/kubelet-serving', 'kubernetes.io/legacy-unknown']),
    rule('authorization.k8s.io', 'subjectaccessreviews', 'create'),
    EVENTS,
  ],
  'clusterrole-aggregation-controller': [
    rule('rbac.authorization.k8s.io', 'clusterroles', ['escalate', 'get', 'list', 'patch', 'update', 'watch']),
  ],
  'cronjob-controller': [
    rule('batch', 'cronjobs', ['get', 'list', 'update', 'watch']),
    rule('batch', 'jobs', ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch']),
    rule('batch', 'cronjobs/status', 'update'),
    rule('batch', 'cronjobs/finalizers', 'update'),
    rule('', 'pods', ['delete', 'list', 'watch']),
    EVENTS,
  ],
  'daemon-set-controller': [
    rule(['apps', 'extensions'], 'daemonsets', READ),
    rule(['apps', 'extensions'], 'daemonsets/status', 'update'),
    rule(['apps', 'extensions'], 'daemonsets/finalizers', 'update'),
    rule('', 'nodes', ['list', 'watch']),
    rule('', 'pods', ['create', 'delete', 'list', 'patch', 'watch']),
    rule('', 'pods/binding', 'create'),
    rule('apps', 'controllerrevisions', ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch']),
    EVENTS,
  ],
  'deployment-controller': [
    rule(['apps', 'extensions'], 'deployments', ['get', 'list', 'update', 'watch']),
    rule(['apps', 'extensions'], 'deployments/status', 'update'),
    rule(['apps', 'extensions'], 'deployments/finalizers', 'update'),
    rule(['apps', 'extensions'], 'replicasets', ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch']),
    rule('', 'pods', ['get', 'list', 'update', 'watch']),
    EVENTS,
  ],
  'device-taint-eviction-controller': [
    rule('', 'pods', ['delete', 'get', 'list', 'watch']),
    rule('', 'pods/status', ['patch', 'update']),
    rule('resource.k8s.io', 'resourceclaims', READ),
    rule('resource.k8s.io', 'resourceslices', READ),
    rule('resource.k8s.io', 'deviceclasses', READ),
    EVENTS,
  ],
  'disruption-controller': [
    rule(['apps', 'extensions'], 'deployments', READ),
    rule(['apps', 'extensions'], 'replicasets', READ),
    rule('', 'replicationcontrollers', READ),
    rule('policy', 'poddisruptionbudgets', READ),
    rule('apps', 'statefulsets', READ),
    rule('policy', 'poddisruptionbudgets/status', 'update'),
    rule('', 'pods/status', ['patch', 'update']),
    rule('*', '*/scale', 'get'),
    EVENTS,
  ],
  'endpoint-controller': [
    rule('', ['pods', 'services'], READ),
    rule('', 'endpoints', ['create', 'delete', 'get', 'list', 'update', 'watch']),
    rule('', 'endpoints/restricted', 'create'),
    EVENTS,
  ],
  'endpointslice-controller': [
    rule('', ['nodes', 'pods', 'services'], READ),
    rule('', 'services/finalizers', 'update'),
    rule('discovery.k8s.io', 'endpointslices', ['create', 'delete', 'get', 'list', 'update', 'watch']),
    EVENTS,
  ],
  'endpointslicemirroring-controller': [
    rule('', ['endpoints', 'services'], READ),
    rule('', 'services/finalizers', 'update'),
    rule('', 'endpoints/finalizers', 'update'),
    rule('discovery.k8s.io', 'endpointslices', ['create', 'delete', 'get', 'list', 'update', 'watch']),
    EVENTS,
  ],
  'ephemeral-volume-controller': [
    rule('', 'pods', READ),
    rule('', 'pods/finalizers', 'update'),
    rule('', 'persistentvolumeclaims', ['create', 'get', 'list', 'watch']),
    EVENTS,
  ],
  'expand-controller': [
    rule('', 'persistentvolumes', ['get', 'list', 'patch', 'update', 'watch']),
    rule('', 'persistentvolumeclaims/status', ['patch', 'update']),
    rule('', 'persistentvolumeclaims', READ),
    EVENTS,
  ],
  'generic-garbage-collector': [
    rule('*', '*', ['delete', 'get', 'list', 'patch', 'update', 'watch']),
    EVENTS,
  ],
  'horizontal-pod-autoscaler': [
    rule('autoscaling', 'horizontalpodautoscalers', READ),
    rule('autoscaling', 'horizontalpodautoscalers/status', 'update'),
    rule('*', '*/scale', ['get', 'update']),
    rule('', 'pods', ['list', 'watch']),
    rule('metrics.k8s.io', 'pods', ['list', 'watch']),
    rule('custom.metrics.k8s.io', '*', READ),
    rule('external.metrics.k8s.io', '*', READ),
    EVENTS,
  ],
  'job-controller': [
    rule('batch', 'jobs', ['get', 'list', 'patch', 'update', 'watch']),
    rule('batch', 'jobs/status', 'update'),
    rule('batch', 'jobs/finalizers', 'update'),
    rule('', 'pods', ['create', 'delete', 'list', 'patch', 'watch']),
    EVENTS,
  ],
  'legacy-service-account-token-cleaner': [
    rule('', 'configmaps', 'get', 'kube-apiserver-legacy-service-account-token-tracking'),
    rule('', 'secrets', ['delete', 'patch']),
  ],
  'namespace-controller': [
    rule('', 'namespaces', ['delete', 'get', 'list', 'watch']),
    rule('', ['namespaces/finalize', 'namespaces/status'], 'update'),
    rule('*', '*', ['delete', 'deletecollection', 'get', 'list', 'watch']),
  ],
  'node-controller': [
    rule('', 'nodes', ['delete', 'get', 'list', 'patch', 'update', 'watch']),
    rule('', 'nodes/status', ['patch', 'update']),
    rule('', 'pods/status', ['patch', 'update']),
    rule('', 'pods', ['delete', 'get', 'list', 'watch']),
    EVENTS,
  ],
  'persistent-volume-binder': [
    rule('', 'persistentvolumes', ['create', 'delete', 'get', 'list', 'update', 'watch']),
    rule('', 'persistentvolumes/status', 'update'),
    rule('', 'persistentvolumeclaims', ['get', 'list', 'update', 'watch']),
    rule('', 'persistentvolumeclaims/status', 'update'),
    rule('', 'pods', ['create', 'delete', 'get', 'list', 'watch']),
    rule('storage.k8s.io', 'storageclasses', READ),
    rule('', 'nodes', ['list', 'watch']),
    EVENTS,
    rule('', 'events', 'watch'),
  ],
  'pod-garbage-collector': [
    rule('', 'pods', ['delete', 'list', 'watch']),
    rule('', 'nodes', READ),
    rule('', 'pods/status', 'patch'),
  ],
  'pv-protection-controller': [
    rule('', 'persistentvolumes', ['get', 'list', 'update', 'watch']),
    EVENTS,
  ],
  'pvc-protection-controller': [
    rule('', 'persistentvolumeclaims', ['get', 'list', 'update', 'watch']),
    rule('', 'persistentvolumeclaims/status', 'update'),
    rule('', 'pods', READ),
    EVENTS,
  ],
  'replicaset-controller': [
    rule(['apps', 'extensions'], 'replicasets', ['get', 'list', 'update', 'watch']),
    rule(['apps', 'extensions'], 'replicasets/status', 'update'),
    rule(['apps', 'extensions'], 'replicasets/finalizers', 'update'),
    rule('', 'pods', ['create', 'delete', 'list', 'patch', 'watch']),
    EVENTS,
  ],
  'replication-controller': [
    rule('', 'replicationcontrollers', ['get', 'list', 'update', 'watch']),
    rule('', 'replicationcontrollers/status', 'update'),
    rule('', 'replicationcontrollers/finalizers', 'update'),
    rule('', 'pods', ['create', 'delete', 'list', 'patch', 'watch']),
    EVENTS,
  ],
  'resource-claim-controller': [
    rule('', 'pods', READ),
    rule('', 'pods/finalizers', 'update'),
    rule('resource.k8s.io', 'resourceclaims', ['create', 'delete', 'get', 'list', 'watch']),
    rule('resource.k8s.io', ['resourceclaims', 'resourceclaims/status'], ['patch', 'update']),
    rule('', 'pods/status', ['patch', 'update']),
    EVENTS,
    rule('resource.k8s.io', 'resourceclaims/binding', ['patch', 'update']),
  ],
  'resourcequota-controller': [
    rule('*', '*', ['list', 'watch']),
    rule('', 'resourcequotas/status', 'update'),
    EVENTS,
  ],
  'root-ca-cert-publisher': [
    rule('', 'configmaps', ['create', 'update']),
    EVENTS,
  ],
  'route-controller': [
    rule('', 'nodes', ['list', 'watch']),
    rule('', 'nodes/status', 'patch'),
    EVENTS,
  ],
  'selinux-warning-controller': [
    EVENTS,
    rule('', 'persistentvolumes', READ),
    rule('', 'persistentvolumeclaims', READ),
    rule('', 'pods', READ),
    rule('storage.k8s.io', 'csidrivers', READ),
  ],
  'service-account-controller': [
    rule('', 'serviceaccounts', 'create'),
    EVENTS,
  ],
  'service-cidrs-controller': [
    rule('networking.k8s.io', 'servicecidrs', ['get', 'list', 'patch', 'update', 'watch']),
    rule('networking.k8s.io', 'servicecidrs/finalizers', ['patch', 'update']),
    rule('networking.k8s.io', 'servicecidrs/status', ['patch', 'update']),
    rule('networking.k8s.io', 'ipaddresses', READ),
    EVENTS,
  ],
  'service-controller': [
    rule('', 'services', READ),
    rule('', 'services/status', ['patch', 'update']),
    rule('', 'nodes', ['list', 'watch']),
    EVENTS,
  ],
  'statefulset-controller': [
    rule('', 'pods', ['list', 'watch']),
    rule('apps', 'statefulsets', READ),
    rule('apps', 'statefulsets/status', 'update'),
    rule('apps', 'statefulsets/finalizers', 'update'),
    rule('', 'pods', ['create', 'delete', 'get', 'patch', 'update']),
    rule('apps', 'controllerrevisions', ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch']),
    rule('', 'persistentvolumeclaims', ['create', 'get', 'list', 'watch']),
    rule('', 'persistentvolumeclaims', ['delete', 'update']),
    rule('', 'pods/finalizers', 'update'),
    EVENTS,
  ],
  'ttl-after-finished-controller': [
    rule('batch', 'jobs', ['delete', 'get', 'list', 'watch']),
    EVENTS,
  ],
  'ttl-controller': [
    rule('', 'nodes', ['list', 'patch', 'update', 'watch']),
    EVENTS,
  ],
  'validatingadmissionpolicy-status-controller': [
    rule('admissionregistration.k8s.io', 'validatingadmissionpolicies', READ),
    rule('admissionregistration.k8s.io', 'validatingadmissionpolicies/status', ['get', 'patch', 'update']),
    EVENTS,
  ],
  'volumeattributesclass-protection-controller': [
    rule('', 'persistentvolumeclaims', READ),
    rule('', 'persistentvolumes', READ),
    rule('storage.k8s.io', 'volumeattributesclasses', ['get', 'list', 'update', 'watch']),
    EVENTS,
  ],
};

const CONTROLLER_PREFIX = 'system:controller:';

export const CONTROLLER_ROLES: readonly ClusterRoleSpec[] = bootstrapRoles(CONTROLLER_ROLE_RULES, CONTROLLER_PREFIX);

/** addControllerRole binds each role to the ServiceAccount its name ends with. */
export const CONTROLLER_ROLE_BINDINGS: readonly BindingSpec[] = Object.keys(CONTROLLER_ROLE_RULES).map((name) =>
  clusterBinding(CONTROLLER_PREFIX + name, CONTROLLER_PREFIX + name, [sa('kube-system', name)], true),
);
