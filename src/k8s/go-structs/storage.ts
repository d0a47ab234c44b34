/**
 * storage.k8s.io/v1 field schemas (strict decoding) of VolumeAttachment, CSIStorageCapacity and
 * VolumeAttributesClass, as k8s.io/api v0.36's storage/v1 types.go declares them. The last two
 * keep their fields beside metadata, with no spec.
 */
import type { StructSchema } from './core';

const TYPE_META = { apiVersion: 'string?', kind: 'string?' };

export const STORAGE_STRUCTS: Record<string, StructSchema> = {
  VolumeAttachment: { go: 'v1.VolumeAttachment', fields: { ...TYPE_META, metadata: 'ObjectMeta', spec: 'VolumeAttachmentSpec', status: 'any' } },
  VolumeAttachmentSpec: { go: 'v1.VolumeAttachmentSpec', fields: { attacher: 'string', source: 'VolumeAttachmentSource', nodeName: 'string' } },
  VolumeAttachmentSource: { go: 'v1.VolumeAttachmentSource', fields: { persistentVolumeName: '*string', inlineVolumeSpec: 'PersistentVolumeSpec' } },
  CSIStorageCapacity: {
    go: 'v1.CSIStorageCapacity',
    fields: { ...TYPE_META, metadata: 'ObjectMeta', nodeTopology: 'LabelSelector', storageClassName: 'string', capacity: '*qty', maximumVolumeSize: '*qty' },
  },
  VolumeAttributesClass: { go: 'v1.VolumeAttributesClass', fields: { ...TYPE_META, metadata: 'ObjectMeta', driverName: 'string', parameters: 'map:string' } },
};
