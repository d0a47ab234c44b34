/**
 * What the ReplicaSet controller's code is run over (NewBaseController's arguments upstream): the
 * ReplicaSet itself, or the ReplicationController through the conversion adapter of
 * pkg/controller/replication (replication/conversion.ts). One sync, two kinds: only the resource
 * written, the controller reference's GVK and the shape of the stored object differ.
 */
import type { KObject, ReplicaSet, ReplicaSetStatus } from '../../../k8s/types';

export interface ReplicaKind {
  /** Where the objects live: the informer, the status writes, adoption's uncached GET. */
  resource: string;
  /** The GVK Pods' controller references name. */
  apiVersion: string;
  kind: string;
  /** The stored object as the sync reads it (convertRCtoRS). */
  read(o: KObject): ReplicaSet;
  /** The object a status write sends (convertRStoRC): its stored shape with `status`. */
  write(rs: ReplicaSet, status: ReplicaSetStatus): KObject;
  /**
   * controllerFeatures.EnableStatusTerminatingReplicas: the ReplicaSet controller counts Pods being
   * deleted in status; the replication manager does not (core/v1's status has no such field).
   */
  terminatingReplicas: boolean;
}

export const REPLICA_SET_KIND: ReplicaKind = {
  resource: 'replicasets',
  apiVersion: 'apps/v1',
  kind: 'ReplicaSet',
  read: (o) => o as ReplicaSet,
  write: (rs, status) => ({ ...rs, status }) as KObject,
  terminatingReplicas: true,
};
