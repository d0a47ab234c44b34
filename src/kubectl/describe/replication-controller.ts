/**
 * describeReplicationController (kubectl describe.go): a ReplicaSet's description without
 * "Controlled By", the selector printed as a label map. PodTemplates have no describer of their
 * own upstream, so they take the generic one.
 */
import type { ReplicaSet, ReplicationController } from '../../k8s/types';
import type { Client } from '../client';
import { formatLabels } from '../../k8s/printers/util';
import { DescribeWriter } from './writer';
import { annotationsMultiline, describeEvents, describePodTemplate, labelsMultiline, searchEvents, SHOW_EVENTS, type DescriberSettings } from './common';
import { podsStatus } from './workloads';

export function describeReplicationController(client: Client, rc: ReplicationController, now: number, settings: DescriberSettings = SHOW_EVENTS): string {
  const w = new DescribeWriter();
  w.write(0, `Name:\t${rc.metadata.name ?? ''}\n`);
  w.write(0, `Namespace:\t${rc.metadata.namespace ?? ''}\n`);
  w.write(0, `Selector:\t${formatLabels(rc.spec?.selector)}\n`);
  labelsMultiline(w, 'Labels', rc.metadata.labels);
  annotationsMultiline(w, 'Annotations', rc.metadata.annotations);
  w.write(0, `Replicas:\t${rc.status?.replicas ?? 0} current / ${rc.spec?.replicas ?? 0} desired\n`);
  // labels.SelectorFromSet(spec.selector): the same Pods a matchLabels selector finds.
  const asSelected = { ...rc, spec: { ...rc.spec, selector: { matchLabels: rc.spec?.selector ?? {} } } } as unknown as ReplicaSet;
  podsStatus(client, w, asSelected);
  describePodTemplate(w, rc.spec?.template);
  if (rc.status?.conditions?.length) {
    w.write(0, 'Conditions:\n  Type\tStatus\tReason\n');
    w.write(1, '----\t------\t------\n');
    for (const c of rc.status.conditions) w.write(1, `${c.type} \t${c.status}\t${c.reason ?? ''}\n`);
  }
  if (settings.showEvents) describeEvents(w, searchEvents(client, { name: rc.metadata.name ?? '', namespace: rc.metadata.namespace, kind: 'ReplicationController', uid: rc.metadata.uid }), now);
  return w.toString();
}
