/**
 * printers.go's printReplicationController (the ReplicaSet's columns; the selector is a label map,
 * printed with labels.FormatLabels) and printPodTemplate (no AGE column: the template's Pod labels
 * stand in its place).
 */
import type { PodTemplate, ReplicationController } from '../../k8s/types';
import { formatLabels, since } from '../../k8s/printers/util';
import type { TableDef } from './columns';

/** layoutContainerCells. */
function containerCells(spec: { containers?: { name: string; image?: string }[] } | undefined): [string, string] {
  const cs = spec?.containers ?? [];
  return [cs.map((c) => c.name).join(','), cs.map((c) => c.image ?? '').join(',')];
}

const replicationControllers: TableDef = {
  columns: [{ name: 'NAME' }, { name: 'DESIRED' }, { name: 'CURRENT' }, { name: 'READY' }, { name: 'AGE' }, { name: 'CONTAINERS', wide: true }, { name: 'IMAGES', wide: true }, { name: 'SELECTOR', wide: true }],
  cells(o, now) {
    const rc = o as ReplicationController;
    const [names, images] = containerCells(rc.spec?.template?.spec);
    const s = rc.status;
    return [o.metadata.name ?? '', String(rc.spec?.replicas ?? 0), String(s?.replicas ?? 0), String(s?.readyReplicas ?? 0), since(o.metadata.creationTimestamp, now), names, images, formatLabels(rc.spec?.selector)];
  },
};

const podTemplates: TableDef = {
  columns: [{ name: 'NAME' }, { name: 'CONTAINERS' }, { name: 'IMAGES' }, { name: 'POD LABELS' }],
  cells(o) {
    const t = (o as PodTemplate).template;
    const [names, images] = containerCells(t?.spec);
    return [o.metadata.name ?? '', names, images, formatLabels(t?.metadata?.labels)];
  },
};

export const CORE_WORKLOAD_TABLES: Record<string, TableDef> = { replicationcontrollers: replicationControllers, podtemplates: podTemplates };
