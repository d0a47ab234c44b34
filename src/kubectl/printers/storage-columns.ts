/**
 * printers.go's printVolumeAttachment (NAME ATTACHER PV NODE ATTACHED AGE: the source's PV name
 * or nothing for an inline volume), printCSIStorageCapacity (NAME STORAGECLASSNAME CAPACITY, no
 * age; `<unset>` without a capacity) and printVolumeAttributesClass (NAME DRIVERNAME AGE).
 */
import { since } from '../../k8s/printers/util';
import type { CSIStorageCapacity, VolumeAttachment, VolumeAttributesClass } from '../../k8s/storage-objects';
import type { TableDef } from './columns';

export const STORAGE_TABLES: Record<string, TableDef> = {
  volumeattachments: {
    columns: [{ name: 'NAME' }, { name: 'ATTACHER' }, { name: 'PV' }, { name: 'NODE' }, { name: 'ATTACHED' }, { name: 'AGE' }],
    cells: (o, now) => {
      const va = o as VolumeAttachment;
      return [o.metadata.name ?? '', va.spec?.attacher ?? '', va.spec?.source?.persistentVolumeName ?? '', va.spec?.nodeName ?? '', String(va.status?.attached ?? false), since(o.metadata.creationTimestamp, now)];
    },
  },
  csistoragecapacities: {
    columns: [{ name: 'NAME' }, { name: 'STORAGECLASSNAME' }, { name: 'CAPACITY' }],
    cells: (o) => {
      const c = o as CSIStorageCapacity;
      return [o.metadata.name ?? '', c.storageClassName ?? '', c.capacity === undefined || c.capacity === null ? '<unset>' : String(c.capacity)];
    },
  },
  volumeattributesclasses: {
    columns: [{ name: 'NAME' }, { name: 'DRIVERNAME' }, { name: 'AGE' }],
    cells: (o, now) => [o.metadata.name ?? '', (o as VolumeAttributesClass).driverName ?? '', since(o.metadata.creationTimestamp, now)],
  },
};
