/**
 * The controllers kube-controller-manager runs, in its start order (NewControllerDescriptors in
 * cmd/kube-controller-manager/app: endpoint, endpointslice, replicationcontroller, podgc, resourcequota, namespace, serviceaccount,
 * garbagecollector, daemonset, job, deployment, replicaset, horizontalpodautoscaling, disruption, statefulset, cronjob, csrsigning,
 * csrapproving, csrcleaner, nodeipam, nodelifecycle,
 * persistentvolume-binder, root-ca-cert-publisher, taint-eviction-controller, ttl-after-finished, ttl, clusterrole-aggregation,
 * service-cidr, validatingadmissionpolicy-status, and
 * kubeadm's additions bootstrapsigner and tokencleaner; the ones the simulation does not model are left out).
 * Upstream starts them in a Go map's order; this fixed order keeps runs reproducible.
 */
import type { ControllerDef } from './framework';
import { clusterRoleAggregationController } from './clusterroleaggregation';
import { cronJobController } from './cronjob/controller';
import { daemonSetController } from './daemonset/controller';
import { deploymentController } from './deployment/controller';
import { disruptionController } from './disruption/controller';
import { endpointController } from './endpoint/controller';
import { endpointSliceController } from './endpointslice/controller';
import { garbageCollector } from './garbagecollector/controller';
import { horizontalPodAutoscalerController } from './podautoscaler/controller';
import { jobController } from './job/controller';
import { namespaceController } from './namespace/controller';
import { nodeLifecycleController } from './nodelifecycle/controller';
import { nodeIpamController } from './nodeipam';
import { persistentVolumeController } from './persistentvolume/controller';
import { podGarbageCollector } from './podgc';
import { replicaSetController } from './replicaset/controller';
import { replicationController } from './replication/controller';
import { resourceQuotaController } from './resourcequota/controller';
import { rootCaCertPublisher } from './rootcacertpublisher';
import { serviceAccountController } from './serviceaccount';
import { serviceAccountTokenController } from './serviceaccount-tokens';
import { statefulSetController } from './statefulset/controller';
import { taintEvictionController } from './tainteviction';
import { ttlAfterFinishedController } from './ttlafterfinished';
import { ttlController } from './ttl';
import { serviceCIDRsController } from './servicecidrs';
import { validatingAdmissionPolicyStatusController } from './validatingadmissionpolicystatus';
import { bootstrapSigner } from './bootstrap/signer';
import { tokenCleaner } from './bootstrap/tokencleaner';
import { csrSigningController } from './certificates/signer';
import { csrApprovingController } from './certificates/approver';
import { csrCleanerController } from './certificates/cleaner';

export const CONTROLLERS: ControllerDef[] = [
  endpointController,
  endpointSliceController,
  replicationController,
  podGarbageCollector,
  resourceQuotaController,
  namespaceController,
  serviceAccountController,
  serviceAccountTokenController,
  garbageCollector,
  daemonSetController,
  jobController,
  deploymentController,
  replicaSetController,
  horizontalPodAutoscalerController,
  disruptionController,
  statefulSetController,
  cronJobController,
  csrSigningController,
  csrApprovingController,
  csrCleanerController,
  nodeIpamController,
  nodeLifecycleController,
  persistentVolumeController,
  rootCaCertPublisher,
  taintEvictionController,
  ttlAfterFinishedController,
  ttlController,
  clusterRoleAggregationController,
  serviceCIDRsController,
  validatingAdmissionPolicyStatusController,
  bootstrapSigner,
  tokenCleaner,
];
