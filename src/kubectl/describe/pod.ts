/** describePod (describe.go), field for field. */
import { podFieldValue } from '../../k8s/fieldpath';
import type { Pod } from '../../k8s/types';
import { nodePodUID } from '../../k8s/mirror-pod';
import { milli } from '../../k8s/quantity';
import type { Client } from '../client';
import { since } from '../../k8s/printers/util';
import { DescribeWriter } from './writer';
import { annotationsMultiline, controllerOf, describeContainers, describeEvents, describeVolumes, fmtTime, labelsMultiline, searchEvents, seccompProfile, tolerationsMultiline, type SeccompProfile, SHOW_EVENTS, type DescriberSettings } from './common';

/** qos.GetPodQOS: BestEffort without any cpu/memory request or limit; Guaranteed when limits equal requests everywhere. */
export function podQOS(pod: Pod): string {
  const requests = new Map<string, number>();
  const limits = new Map<string, number>();
  let guaranteed = true;
  for (const c of [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? [])]) {
    for (const [name, q] of Object.entries(c.resources?.requests ?? {})) {
      if ((name !== 'cpu' && name !== 'memory') || milli(q) <= 0) continue;
      requests.set(name, (requests.get(name) ?? 0) + milli(q));
    }
    const found = new Set<string>();
    for (const [name, q] of Object.entries(c.resources?.limits ?? {})) {
      if ((name !== 'cpu' && name !== 'memory') || milli(q) <= 0) continue;
      found.add(name);
      limits.set(name, (limits.get(name) ?? 0) + milli(q));
    }
    if (!found.has('cpu') || !found.has('memory')) guaranteed = false;
  }
  if (requests.size === 0 && limits.size === 0) return 'BestEffort';
  if (guaranteed) for (const [name, r] of requests) if (limits.get(name) !== r) guaranteed = false;
  return guaranteed && requests.size === limits.size ? 'Guaranteed' : 'Burstable';
}

export function describePod(client: Client, pod: Pod, now: number, settings: DescriberSettings = SHOW_EVENTS): string {
  const w = new DescribeWriter();
  const st = pod.status ?? {};
  w.write(0, `Name:\t${pod.metadata.name ?? ''}\n`);
  w.write(0, `Namespace:\t${pod.metadata.namespace ?? ''}\n`);
  if (pod.spec.priority !== undefined) w.write(0, `Priority:\t${pod.spec.priority}\n`);
  if (pod.spec.priorityClassName) w.write(0, `Priority Class Name:\t${pod.spec.priorityClassName}\n`);
  if (pod.spec.runtimeClassName) w.write(0, `Runtime Class Name:\t${pod.spec.runtimeClassName}\n`);
  if (pod.spec.serviceAccountName) w.write(0, `Service Account:\t${pod.spec.serviceAccountName}\n`);
  w.write(0, pod.spec.nodeName ? `Node:\t${pod.spec.nodeName}/${st.hostIP ?? ''}\n` : 'Node:\t<none>\n');
  if (st.startTime) w.write(0, `Start Time:\t${fmtTime(st.startTime)}\n`);
  labelsMultiline(w, 'Labels', pod.metadata.labels);
  annotationsMultiline(w, 'Annotations', pod.metadata.annotations);
  if (pod.metadata.deletionTimestamp && st.phase !== 'Failed' && st.phase !== 'Succeeded') {
    w.write(0, `Status:\tTerminating (lasts ${since(pod.metadata.deletionTimestamp, now)})\n`);
    w.write(0, `Termination Grace Period:\t${pod.metadata.deletionGracePeriodSeconds ?? 0}s\n`);
  } else w.write(0, `Status:\t${st.phase ?? ''}\n`);
  if (st.reason) w.write(0, `Reason:\t${st.reason}\n`);
  if (st.message) w.write(0, `Message:\t${st.message}\n`);
  seccompProfile(w, 0, 0, (pod.spec.securityContext as { seccompProfile?: SeccompProfile } | undefined)?.seccompProfile);
  w.write(0, `IP:\t${st.podIP ?? ''}\n`);
  if (!st.podIPs?.length) w.write(0, 'IPs:\t<none>\n');
  else {
    w.write(0, 'IPs:\n');
    for (const ip of st.podIPs) w.write(1, `IP:\t${ip.ip}\n`);
  }
  const ctl = controllerOf(pod);
  if (ctl) w.write(0, `Controlled By:\t${ctl}\n`);
  if (st.nominatedNodeName) w.write(0, `NominatedNodeName:\t${st.nominatedNodeName}\n`);
  const resolve = (path: string): string => podFieldValue(pod, path);
  if (pod.spec.initContainers?.length) describeContainers(w, 'Init Containers', pod.spec.initContainers, st.initContainerStatuses ?? [], '', resolve);
  describeContainers(w, 'Containers', pod.spec.containers ?? [], st.containerStatuses ?? [], '', resolve);
  if (pod.spec.ephemeralContainers?.length) describeContainers(w, 'Ephemeral Containers', pod.spec.ephemeralContainers, st.ephemeralContainerStatuses ?? [], '', resolve);
  if (pod.spec.readinessGates?.length) {
    w.write(0, 'Readiness Gates:\n  Type\tStatus\n');
    for (const g of pod.spec.readinessGates) {
      const c = (st.conditions ?? []).find((x) => x.type === g.conditionType);
      w.write(1, `${g.conditionType} \t${c ? c.status : '<none>'} \n`);
    }
  }
  if (st.conditions?.length) {
    w.write(0, 'Conditions:\n  Type\tStatus\n');
    for (const c of st.conditions) w.write(1, `${c.type} \t${c.status} \n`);
  }
  describeVolumes(w, pod.spec.volumes, '');
  w.write(0, `QoS Class:\t${podQOS(pod)}\n`);
  labelsMultiline(w, 'Node-Selectors', pod.spec.nodeSelector);
  tolerationsMultiline(w, 'Tolerations', pod.spec.tolerations);
  const tscs = [...(pod.spec.topologySpreadConstraints ?? [])].sort((a, b) => (a.topologyKey < b.topologyKey ? -1 : a.topologyKey > b.topologyKey ? 1 : 0));
  if (tscs.length) {
    w.write(0, 'Topology Spread Constraints:\t');
    tscs.forEach((t, i) => {
      if (i !== 0) w.write(0, '\t');
      w.write(0, `${t.topologyKey}:${t.whenUnsatisfiable} when max skew ${t.maxSkew} is exceeded\n`);
    });
  }
  // A mirror Pod's events are its static Pod's: DescribePod searches by the config.mirror UID.
  if (settings.showEvents) describeEvents(w, searchEvents(client, { name: pod.metadata.name ?? '', namespace: pod.metadata.namespace, uid: nodePodUID(pod) }), now);
  return w.toString();
}
