/** describeStatefulSet and describeVolumeClaimTemplates (describe.go). */
import type { PersistentVolumeClaim, StatefulSet } from '../../k8s/types';
import type { Client } from '../client';
import { selectorString } from '../../k8s/printers/util';
import { DescribeWriter } from './writer';
import { annotationsMultiline, describeEvents, describePodTemplate, fmtTime, labelsMultiline, searchEvents, SHOW_EVENTS, type DescriberSettings } from './common';
import { podsStatus } from './workloads';

/** storageutil.GetPersistentVolumeClaimClass: the beta annotation wins over spec.storageClassName. */
function claimClass(pvc: PersistentVolumeClaim): string {
  return pvc.metadata.annotations?.['volume.beta.kubernetes.io/storage-class'] ?? pvc.spec?.storageClassName ?? '';
}

function describeVolumeClaimTemplates(w: DescribeWriter, templates: PersistentVolumeClaim[] | undefined): void {
  if (!templates?.length) {
    w.write(0, 'Volume Claims:\t<none>\n');
    return;
  }
  w.write(0, 'Volume Claims:\n');
  for (const pvc of templates) {
    w.write(1, `Name:\t${pvc.metadata.name ?? ''}\n`);
    w.write(1, `StorageClass:\t${claimClass(pvc)}\n`);
    labelsMultiline(w, 'Labels', pvc.metadata.labels, '  ');
    labelsMultiline(w, 'Annotations', pvc.metadata.annotations, '  ');
    w.write(1, `Capacity:\t${pvc.spec?.resources?.requests?.['storage'] ?? '<default>'}\n`);
    // Go's %s of a []PersistentVolumeAccessMode.
    w.write(1, `Access Modes:\t[${(pvc.spec?.accessModes ?? []).join(' ')}]\n`);
  }
}

export function describeStatefulSet(client: Client, sts: StatefulSet, now: number, settings: DescriberSettings = SHOW_EVENTS): string {
  const w = new DescribeWriter();
  w.write(0, `Name:\t${sts.metadata.name ?? ''}\n`);
  w.write(0, `Namespace:\t${sts.metadata.namespace ?? ''}\n`);
  w.write(0, `CreationTimestamp:\t${fmtTime(sts.metadata.creationTimestamp)}\n`);
  w.write(0, `Selector:\t${selectorString(sts.spec?.selector)}\n`);
  labelsMultiline(w, 'Labels', sts.metadata.labels);
  annotationsMultiline(w, 'Annotations', sts.metadata.annotations);
  w.write(0, `Replicas:\t${sts.spec?.replicas ?? 0} desired | ${sts.status?.replicas ?? 0} total\n`);
  w.write(0, `Update Strategy:\t${sts.spec?.updateStrategy?.type ?? ''}\n`);
  const ru = sts.spec?.updateStrategy?.rollingUpdate;
  if (ru?.partition !== undefined) {
    w.write(1, `Partition:\t${ru.partition}\n`);
    if (ru.maxUnavailable !== undefined) w.write(1, `MaxUnavailable:\t${String(ru.maxUnavailable)}\n`);
  }
  podsStatus(client, w, sts);
  describePodTemplate(w, sts.spec?.template);
  describeVolumeClaimTemplates(w, sts.spec?.volumeClaimTemplates);
  if (settings.showEvents) describeEvents(w, searchEvents(client, { name: sts.metadata.name ?? '', namespace: sts.metadata.namespace, kind: 'StatefulSet', uid: sts.metadata.uid }), now);
  return w.toString();
}
