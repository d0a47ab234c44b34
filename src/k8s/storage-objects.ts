/**
 * storage.k8s.io/v1 objects that no component of the simulated cluster writes: its CSI driver
 * (csi-driver-host-path) needs no attacher, so the attach/detach controller creates no
 * VolumeAttachment; it does not track capacity (`storageCapacity: false`), so there is no
 * CSIStorageCapacity; and no VolumeAttributesClass ships with it. They are served and validated
 * so that a learner may list, create and read them as on a real cluster.
 */
import type { KObject, LabelSelector, PersistentVolume } from './types';

/** What the external attacher reports: whether ControllerPublishVolume succeeded. */
export interface VolumeError {
  time?: string;
  message?: string;
  errorCode?: number;
}

export interface VolumeAttachment extends KObject {
  kind: 'VolumeAttachment';
  spec: {
    attacher: string;
    source: { persistentVolumeName?: string; inlineVolumeSpec?: PersistentVolume['spec'] };
    nodeName: string;
  };
  status?: { attached: boolean; attachmentMetadata?: Record<string, string>; attachError?: VolumeError; detachError?: VolumeError };
}

/** Capacity a CSI driver reports for a StorageClass in one topology segment (namespaced). */
export interface CSIStorageCapacity extends KObject {
  kind: 'CSIStorageCapacity';
  nodeTopology?: LabelSelector;
  storageClassName: string;
  capacity?: string | null;
  maximumVolumeSize?: string;
}

/** Mutable volume attributes (IOPS, throughput) a claim may name in volumeAttributesClassName. */
export interface VolumeAttributesClass extends KObject {
  kind: 'VolumeAttributesClass';
  driverName: string;
  parameters?: Record<string, string>;
}
