/**
 * kube-controller-manager's `replicationcontroller` controller (pkg/controller/replication):
 * upstream's ReplicationManager is the ReplicaSet controller's NewBaseController run over
 * ReplicationControllers through a conversion adapter, so here it is the same sync
 * (replicaset/controller.ts) with the RC's ReplicaKind. It runs as the `replication-controller`
 * ServiceAccount, records its events from `replication-controller`, names its Pods
 * `<rc>-<5 chars>` and reads Pods from the manager's one shared Pod informer.
 */
import type { KObject, ReplicaSet, ReplicaSetStatus, ReplicationController, ReplicationControllerStatus } from '../../../k8s/types';
import { componentId } from '../../core/ids';
import type { ControllerDef } from '../framework';
import { newReplicaController } from '../replicaset/controller';
import type { ReplicaKind } from '../replicaset/kind';

/** convertRCtoRS: the label map becomes matchLabels; everything else is read as it is. */
function read(o: KObject): ReplicaSet {
  const rc = o as ReplicationController;
  return { ...rc, spec: { ...rc.spec, selector: { matchLabels: rc.spec?.selector ?? {} } } } as unknown as ReplicaSet;
}

/** convertRStoRC: the selector back to a map, and a status core/v1 can hold. */
function write(rs: ReplicaSet, status: ReplicaSetStatus): KObject {
  const { terminatingReplicas: _dropped, ...rcStatus } = status;
  const rc: ReplicationController = { ...(rs as unknown as ReplicationController), spec: { ...rs.spec, selector: rs.spec.selector.matchLabels }, status: rcStatus as ReplicationControllerStatus };
  return rc;
}

export const REPLICATION_CONTROLLER_KIND: ReplicaKind = {
  resource: 'replicationcontrollers',
  apiVersion: 'v1',
  kind: 'ReplicationController',
  read,
  write,
  terminatingReplicas: false,
};

export const replicationController: ControllerDef = newReplicaController('replicationcontroller', componentId('replication-controller'), REPLICATION_CONTROLLER_KIND);
