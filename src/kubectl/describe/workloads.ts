/** describeDeployment, describeReplicaSet and describeDaemonSet (describe.go), plus the deployment's ReplicaSet lookup. */
import type { DaemonSet, Deployment, KObject, Pod, PodTemplateSpec, ReplicaSet, StatefulSet } from '../../k8s/types';
import { resourceInfo } from '../../k8s/resources';
import { fromLabelSelector } from '../../k8s/labels';
import type { Client } from '../client';
import { formatLabelSelector } from '../../k8s/labels';
import { deepEqual } from '../../k8s/strategic-patch';
import { formatLabels, selectorString } from '../../k8s/printers/util';
import { DescribeWriter } from './writer';
import { annotationsMultiline, controllerOf, describeEvents, describePodTemplate, fmtTime, labelsMultiline, searchEvents, SHOW_EVENTS, type DescriberSettings } from './common';

function ownedBy(o: KObject, uid: string | undefined): boolean {
  return (o.metadata.ownerReferences ?? []).some((r) => r.controller && r.uid === uid);
}

function withoutHash(t: PodTemplateSpec | undefined): unknown {
  const c = structuredClone(t ?? { spec: { containers: [] } });
  if (c.metadata?.labels) {
    delete c.metadata.labels['pod-template-hash'];
  }
  return c;
}

/** deploymentutil.EqualIgnoreHash. */
export function equalIgnoreHash(a: PodTemplateSpec | undefined, b: PodTemplateSpec | undefined): boolean {
  return deepEqual(withoutHash(a), withoutHash(b));
}

/** The deployment's ReplicaSets: the one whose template matches (new) and every other it owns (old). */
export function replicaSetsOf(client: Client, d: Deployment): { all: ReplicaSet[]; old: ReplicaSet[]; current: ReplicaSet | undefined } {
  const res = client.list(resourceInfo('replicasets')!, d.metadata.namespace, { labelSelector: fromLabelSelector(d.spec?.selector) });
  const all = (res.ok ? res.value : []).filter((rs) => ownedBy(rs, d.metadata.uid)) as ReplicaSet[];
  const byAge = [...all].sort((a, b) => ((a.metadata.creationTimestamp ?? '') < (b.metadata.creationTimestamp ?? '') ? -1 : 1));
  const current = byAge.find((rs) => equalIgnoreHash(rs.spec.template, d.spec.template));
  return { all, old: all.filter((rs) => rs !== current), current };
}

function rsList(rss: ReplicaSet[]): string {
  const s = rss.map((rs) => `${rs.metadata.name} (${rs.status?.replicas ?? 0}/${rs.spec.replicas ?? 0} replicas created)`).join(', ');
  return s || '<none>';
}

export function describeDeployment(client: Client, d: Deployment, now: number, settings: DescriberSettings = SHOW_EVENTS): string {
  const w = new DescribeWriter();
  const s = d.status ?? {};
  w.write(0, `Name:\t${d.metadata.name ?? ''}\n`);
  w.write(0, `Namespace:\t${d.metadata.namespace ?? ''}\n`);
  w.write(0, `CreationTimestamp:\t${fmtTime(d.metadata.creationTimestamp)}\n`);
  labelsMultiline(w, 'Labels', d.metadata.labels);
  annotationsMultiline(w, 'Annotations', d.metadata.annotations);
  w.write(0, `Selector:\t${selectorString(d.spec?.selector)}\n`);
  w.write(0, `Replicas:\t${d.spec?.replicas ?? 0} desired | ${s.updatedReplicas ?? 0} updated | ${s.replicas ?? 0} total | ${s.availableReplicas ?? 0} available | ${s.unavailableReplicas ?? 0} unavailable\n`);
  w.write(0, `StrategyType:\t${d.spec?.strategy?.type ?? ''}\n`);
  w.write(0, `MinReadySeconds:\t${d.spec?.minReadySeconds ?? 0}\n`);
  const ru = d.spec?.strategy?.rollingUpdate;
  if (ru) w.write(0, `RollingUpdateStrategy:\t${String(ru.maxUnavailable ?? '')} max unavailable, ${String(ru.maxSurge ?? '')} max surge\n`);
  describePodTemplate(w, d.spec?.template);
  if (s.conditions?.length) {
    w.write(0, 'Conditions:\n  Type\tStatus\tReason\n');
    w.write(1, '----\t------\t------\n');
    for (const c of s.conditions) w.write(1, `${c.type} \t${c.status}\t${c.reason ?? ''}\n`);
  }
  const { old, current } = replicaSetsOf(client, d);
  if (old.length > 0 || current) {
    w.write(0, `OldReplicaSets:\t${rsList(old)}\n`);
    w.write(0, `NewReplicaSet:\t${rsList(current ? [current] : [])}\n`);
  }
  if (settings.showEvents) describeEvents(w, searchEvents(client, { name: d.metadata.name ?? '', namespace: d.metadata.namespace, kind: 'Deployment', uid: d.metadata.uid }), now);
  return w.toString();
}

export function describeReplicaSet(client: Client, rs: ReplicaSet, now: number, settings: DescriberSettings = SHOW_EVENTS): string {
  const w = new DescribeWriter();
  w.write(0, `Name:\t${rs.metadata.name ?? ''}\n`);
  w.write(0, `Namespace:\t${rs.metadata.namespace ?? ''}\n`);
  w.write(0, `Selector:\t${formatLabelSelector(rs.spec?.selector)}\n`);
  labelsMultiline(w, 'Labels', rs.metadata.labels);
  annotationsMultiline(w, 'Annotations', rs.metadata.annotations);
  const ctl = controllerOf(rs);
  if (ctl) w.write(0, `Controlled By:\t${ctl}\n`);
  w.write(0, `Replicas:\t${rs.status?.replicas ?? 0} current / ${rs.spec?.replicas ?? 0} desired\n`);
  podsStatus(client, w, rs);
  describePodTemplate(w, rs.spec?.template);
  if (rs.status?.conditions?.length) {
    w.write(0, 'Conditions:\n  Type\tStatus\tReason\n');
    w.write(1, '----\t------\t------\n');
    for (const c of rs.status.conditions) w.write(1, `${c.type} \t${c.status}\t${c.reason ?? ''}\n`);
  }
  if (settings.showEvents) describeEvents(w, searchEvents(client, { name: rs.metadata.name ?? '', namespace: rs.metadata.namespace, kind: 'ReplicaSet', uid: rs.metadata.uid }), now);
  return w.toString();
}

/** The `Pods Status:` line: phases of the Pods the workload controls. */
export function podsStatus(client: Client, w: DescribeWriter, owner: ReplicaSet | DaemonSet | StatefulSet): void {
  w.write(0, 'Pods Status:\t');
  const pods = client.list(resourceInfo('pods')!, owner.metadata.namespace, { labelSelector: fromLabelSelector(owner.spec?.selector) });
  if (!pods.ok) {
    w.write(0, `error in fetching pods: ${pods.error.message}\n`);
    return;
  }
  const counts = { Running: 0, Pending: 0, Succeeded: 0, Failed: 0 };
  for (const p of pods.value as Pod[]) {
    if (!ownedBy(p, owner.metadata.uid)) continue;
    const phase = p.status?.phase;
    if (phase && phase in counts) counts[phase as keyof typeof counts]++;
  }
  w.write(0, `${counts.Running} Running / ${counts.Pending} Waiting / ${counts.Succeeded} Succeeded / ${counts.Failed} Failed\n`);
}

export function describeDaemonSet(client: Client, ds: DaemonSet, now: number, settings: DescriberSettings = SHOW_EVENTS): string {
  const w = new DescribeWriter();
  const s = ds.status;
  w.write(0, `Name:\t${ds.metadata.name ?? ''}\n`);
  w.write(0, `Namespace:\t${ds.metadata.namespace ?? ''}\n`);
  w.write(0, `Selector:\t${formatLabelSelector(ds.spec?.selector)}\n`);
  w.write(0, `Node-Selector:\t${formatLabels(ds.spec?.template?.spec?.nodeSelector)}\n`);
  labelsMultiline(w, 'Labels', ds.metadata.labels);
  annotationsMultiline(w, 'Annotations', ds.metadata.annotations);
  w.write(0, `Desired Number of Nodes Scheduled: ${s?.desiredNumberScheduled ?? 0}\n`);
  w.write(0, `Current Number of Nodes Scheduled: ${s?.currentNumberScheduled ?? 0}\n`);
  w.write(0, `Number of Nodes Scheduled with Up-to-date Pods: ${s?.updatedNumberScheduled ?? 0}\n`);
  w.write(0, `Number of Nodes Scheduled with Available Pods: ${s?.numberAvailable ?? 0}\n`);
  w.write(0, `Number of Nodes Misscheduled: ${s?.numberMisscheduled ?? 0}\n`);
  podsStatus(client, w, ds);
  describePodTemplate(w, ds.spec?.template);
  if (settings.showEvents) describeEvents(w, searchEvents(client, { name: ds.metadata.name ?? '', namespace: ds.metadata.namespace, kind: 'DaemonSet', uid: ds.metadata.uid }), now);
  return w.toString();
}
