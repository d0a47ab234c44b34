/**
 * The names the cloud-provider framework (k8s.io/cloud-provider) puts on objects: the taint a
 * kubelet started with `--cloud-provider=external` registers its Node with, the finalizer the
 * service controller guards a load balancer with, and the cloud's Node labels.
 */
export const UNINITIALIZED_TAINT = 'node.cloudprovider.kubernetes.io/uninitialized';

/** servicehelper.LoadBalancerCleanupFinalizer. */
export const LB_CLEANUP_FINALIZER = 'service.kubernetes.io/load-balancer-cleanup';

/** A Node excluded from load balancers' backends (kubeadm labels its control-plane machines so). */
export const EXCLUDE_FROM_LB_LABEL = 'node.kubernetes.io/exclude-from-external-load-balancers';

export const INSTANCE_TYPE_LABEL = 'node.kubernetes.io/instance-type';
export const REGION_LABEL = 'topology.kubernetes.io/region';
export const ZONE_LABEL = 'topology.kubernetes.io/zone';
