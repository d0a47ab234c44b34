/**
 * The controllers kube-controller-manager runs, in its start order (NewControllerDescriptors in
 * cmd/kube-controller-manager/app: endpoint, endpointslice, podgc, namespace, serviceaccount,
 * garbagecollector, daemonset, job, deployment, replicaset, disruption, cronjob, nodeipam, nodelifecycle,
 * persistentvolume-binder, root-ca-cert-publisher, taint-eviction-controller, ttl-after-finished, clusterrole-aggregation; the ones the simulation does not model are left out).
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
import { jobController } from './job/controller';
import { namespaceController } from './namespace/controller';
import { nodeLifecycleController } from './nodelifecycle/controller';
import { nodeIpamController } from './nodeipam';
import { persistentVolumeController } from './persistentvolume/controller';
import { podGarbageCollector } from './podgc';
import { replicaSetController } from './replicaset/controller';
import { rootCaCertPublisher } from './rootcacertpublisher';
import { serviceAccountController } from './serviceaccount';
import { taintEvictionController } from './tainteviction';
import { ttlAfterFinishedController } from './ttlafterfinished';

export const CONTROLLERS: ControllerDef[] = [
  endpointController,
  endpointSliceController,
  podGarbageCollector,
  namespaceController,
  serviceAccountController,
  garbageCollector,
  daemonSetController,
  jobController,
  deploymentController,
  replicaSetController,
  disruptionController,
  cronJobController,
  nodeIpamController,
  nodeLifecycleController,
  persistentVolumeController,
  rootCaCertPublisher,
  taintEvictionController,
  ttlAfterFinishedController,
  clusterRoleAggregationController,
];
