/**
 * The controllers kube-controller-manager runs, in its start order (NewControllerDescriptors in
 * cmd/kube-controller-manager/app: endpointslice, podgc, namespace, serviceaccount,
 * garbagecollector, daemonset, deployment, replicaset, nodeipam, nodelifecycle, root-ca-cert-publisher,
 * taint-eviction-controller; the ones the simulation does not model are left out).
 */
import type { ControllerDef } from './framework';
import { daemonSetController } from './daemonset/controller';
import { deploymentController } from './deployment/controller';
import { endpointSliceController } from './endpointslice/controller';
import { garbageCollector } from './garbagecollector/controller';
import { namespaceController } from './namespace/controller';
import { nodeLifecycleController } from './nodelifecycle/controller';
import { nodeIpamController } from './nodeipam';
import { podGarbageCollector } from './podgc';
import { replicaSetController } from './replicaset/controller';
import { rootCaCertPublisher } from './rootcacertpublisher';
import { serviceAccountController } from './serviceaccount';
import { taintEvictionController } from './tainteviction';

export const CONTROLLERS: ControllerDef[] = [
  endpointSliceController,
  podGarbageCollector,
  namespaceController,
  serviceAccountController,
  garbageCollector,
  daemonSetController,
  deploymentController,
  replicaSetController,
  nodeIpamController,
  nodeLifecycleController,
  rootCaCertPublisher,
  taintEvictionController,
];
