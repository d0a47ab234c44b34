/**
 * The building blocks describe.go reuses across kinds: multi-line labels, annotations,
 * tolerations and taints, events with `(x3 over 5m)`, pod templates, containers, probes,
 * volumes and resource lists. Formats are describe.go's own, including its odd spacing.
 */
import type { Container, ContainerState, ContainerStatus, KEvent, KObject, PodTemplateSpec, Probe, Taint, Toleration, Volume } from '../../k8s/types';
import { parseTimestamp, rfc1123z } from '../../k8s/time';
import { goSlice } from '../../k8s/printers/util';
import { eventInterval } from '../../k8s/printers/event';
import type { Client } from '../client';
import { resourceInfo } from '../../k8s/resources';
import type { DescribeWriter } from './writer';
import { LAST_APPLIED } from '../apply/objects';
import { goSorted } from '../../k8s/go-sort';

/** Go's zero time in RFC1123Z, printed for unset timestamps. */
export const ZERO_TIME = 'Mon, 01 Jan 0001 00:00:00 +0000';

export function fmtTime(ts: string | null | undefined): string {
  return ts ? rfc1123z(parseTimestamp(ts)) : ZERO_TIME;
}

export function labelsMultiline(w: DescribeWriter, title: string, labels: Record<string, string> | undefined, initialIndent = '', innerIndent = '\t'): void {
  w.write(0, `${initialIndent}${title}:${innerIndent}`);
  const keys = Object.keys(labels ?? {}).sort();
  if (keys.length === 0) {
    w.line('<none>');
    return;
  }
  keys.forEach((k, i) => {
    if (i !== 0) w.write(0, `${initialIndent}${innerIndent}`);
    w.write(0, `${k}=${labels![k]}\n`);
  });
}

const MAX_ANNOTATION_LEN = 140;

export function annotationsMultiline(w: DescribeWriter, title: string, annotations: Record<string, string> | undefined): void {
  w.write(0, `${title}:\t`);
  const keys = Object.keys(annotations ?? {})
    .filter((k) => k !== LAST_APPLIED)
    .sort();
  if (keys.length === 0) {
    w.line('<none>');
    return;
  }
  keys.forEach((k, i) => {
    if (i !== 0) w.write(0, '\t');
    const value = annotations![k]!.replace(/\n$/, '');
    if (value.length + k.length + 2 > MAX_ANNOTATION_LEN || value.includes('\n')) {
      w.write(0, `${k}:\n`);
      for (const s of value.split('\n')) w.write(0, `\t  ${s.length > MAX_ANNOTATION_LEN - 2 ? `${s.slice(0, MAX_ANNOTATION_LEN - 2)}...` : s}\n`);
    } else w.write(0, `${k}: ${value}\n`);
  });
}

export function tolerationsMultiline(w: DescribeWriter, title: string, tolerations: Toleration[] | undefined, initialIndent = ''): void {
  w.write(0, `${initialIndent}${title}:\t`);
  const ts = [...(tolerations ?? [])].sort((a, b) => ((a.key ?? '') < (b.key ?? '') ? -1 : (a.key ?? '') > (b.key ?? '') ? 1 : 0));
  if (ts.length === 0) {
    w.line('<none>');
    return;
  }
  ts.forEach((t, i) => {
    if (i !== 0) w.write(0, `${initialIndent}\t`);
    let s = t.key ?? '';
    if (t.value) s += `=${t.value}`;
    if (t.effect) s += `:${t.effect}`;
    if (t.operator === 'Exists' && !t.value) s += t.key || t.effect ? ' op=Exists' : 'op=Exists';
    if (t.tolerationSeconds !== undefined && t.tolerationSeconds !== null) s += ` for ${t.tolerationSeconds}s`;
    w.write(0, `${s}\n`);
  });
}

export function taintString(t: Taint): string {
  return t.value ? `${t.key}=${t.value}:${t.effect}` : `${t.key}:${t.effect}`;
}

export function taintsMultiline(w: DescribeWriter, title: string, taints: Taint[] | undefined): void {
  w.write(0, `${title}:\t`);
  const ts = [...(taints ?? [])].sort((a, b) => {
    const ka = `${a.effect},${a.key}`;
    const kb = `${b.effect},${b.key}`;
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });
  if (ts.length === 0) {
    w.line('<none>');
    return;
  }
  ts.forEach((t, i) => {
    if (i !== 0) w.write(0, '\t');
    w.write(0, `${taintString(t)}\n`);
  });
}

/** DescriberSettings: what runDescribe decides for every object it describes. */
export interface DescriberSettings {
  /** Search for and print the object's Events (a describer prints no Events section without). */
  showEvents: boolean;
}

export const SHOW_EVENTS: DescriberSettings = { showEvents: true };

/** Events about an object, found the way searchEvents does (by involvedObject fields). */
export function searchEvents(client: Client, ref: { name: string; namespace?: string; kind?: string; uid?: string }): KEvent[] {
  const field = [
    { field: 'involvedObject.name', op: '=' as const, value: ref.name },
    { field: 'involvedObject.namespace', op: '=' as const, value: ref.namespace ?? '' },
  ];
  if (ref.kind) field.push({ field: 'involvedObject.kind', op: '=', value: ref.kind });
  if (ref.uid) field.push({ field: 'involvedObject.uid', op: '=', value: ref.uid });
  const res = client.list(resourceInfo('events')!, ref.namespace || undefined, { fieldSelector: field });
  return res.ok ? (res.value as KEvent[]) : [];
}

/** SortableEvents.Less: by lastTimestamp alone (an events.k8s.io Event has none and sorts first). */
function lastTimestamp(e: KEvent): number {
  return e.lastTimestamp ? parseTimestamp(e.lastTimestamp) : 0;
}

/** DescribeEvents (kubectl v1.35+: a container's fieldPath leads its Event's message). */
export function describeEvents(w: DescribeWriter, events: KEvent[], now: number): void {
  if (events.length === 0) {
    w.write(0, 'Events:\t<none>\n');
    return;
  }
  w.flush();
  // sort.Sort: Events of the same second come out in the order Go's pdqsort leaves them.
  const sorted = goSorted(events.map((e) => ({ e, t: lastTimestamp(e) })), (a, b) => a.t < b.t);
  w.write(0, 'Events:\n  Type\tReason\tAge\tFrom\tMessage\n');
  w.write(1, '----\t------\t----\t----\t-------\n');
  for (const { e } of sorted) {
    w.write(1, `${e.type ?? ''}\t${e.reason ?? ''}\t${eventInterval(e, now)}\t${e.source?.component || e.reportingComponent || ''}\t${describedMessage(e)}\n`);
  }
}

function describedMessage(e: KEvent): string {
  const message = (e.message ?? '').trim();
  return e.involvedObject.fieldPath ? `${e.involvedObject.fieldPath}: ${message}` : message;
}

export function controllerOf(obj: KObject): string {
  const ref = (obj.metadata.ownerReferences ?? []).find((r) => r.controller);
  return ref ? `${ref.kind}/${ref.name}` : '';
}

/** describeContainerPorts / describeContainerHostPorts: a named port says its name (kubectl v1.34+). */
function portString(c: Container, host: boolean): string {
  return (c.ports ?? []).map((p) => `${host ? (p.hostPort ?? 0) : p.containerPort}/${p.protocol ?? 'TCP'}${p.name ? ` (${p.name})` : ''}`).join(', ');
}

/** DescribeProbe. */
export function describeProbe(p: Probe): string {
  const attrs = `delay=${p.initialDelaySeconds ?? 0}s timeout=${p.timeoutSeconds ?? 0}s period=${p.periodSeconds ?? 0}s #success=${p.successThreshold ?? 0} #failure=${p.failureThreshold ?? 0}`;
  if (p.exec) return `exec ${goSlice(p.exec.command)} ${attrs}`;
  if (p.httpGet) {
    const port = String(p.httpGet.port ?? '');
    const host = p.httpGet.host ?? '';
    const hostPort = port !== '' ? (host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`) : host;
    return `http-get ${(p.httpGet.scheme ?? '').toLowerCase()}://${hostPort}${p.httpGet.path ?? ''} ${attrs}`;
  }
  if (p.tcpSocket) return `tcp-socket ${p.tcpSocket.host ?? ''}:${String(p.tcpSocket.port)} ${attrs}`;
  if (p.grpc) return `grpc <pod>:${p.grpc.port} ${p.grpc.service ?? ''} ${attrs}`;
  return `unknown ${attrs}`;
}

function describeState(w: DescribeWriter, name: string, s: ContainerState | undefined): void {
  if (s?.running) {
    w.write(2, `${name}:\tRunning\n`);
    w.write(3, `Started:\t${fmtTime(s.running.startedAt)}\n`);
  } else if (s?.waiting) {
    w.write(2, `${name}:\tWaiting\n`);
    if (s.waiting.reason) w.write(3, `Reason:\t${s.waiting.reason}\n`);
  } else if (s?.terminated) {
    const t = s.terminated;
    w.write(2, `${name}:\tTerminated\n`);
    if (t.reason) w.write(3, `Reason:\t${t.reason}\n`);
    if (t.message) w.write(3, `Message:\t${t.message}\n`);
    w.write(3, `Exit Code:\t${t.exitCode}\n`);
    if (t.signal) w.write(3, `Signal:\t${t.signal}\n`);
    w.write(3, `Started:\t${fmtTime(t.startedAt)}\n`);
    w.write(3, `Finished:\t${fmtTime(t.finishedAt)}\n`);
  } else w.write(2, `${name}:\tWaiting\n`);
}

function describeResources(w: DescribeWriter, r: Container['resources'], level: number): void {
  if (!r) return;
  const limits = Object.keys(r.limits ?? {}).sort();
  if (limits.length) w.write(level, 'Limits:\n');
  for (const k of limits) w.write(level + 1, `${k}:\t${r.limits![k]}\n`);
  const reqs = Object.keys(r.requests ?? {}).sort();
  if (reqs.length) w.write(level, 'Requests:\n');
  for (const k of reqs) w.write(level + 1, `${k}:\t${r.requests![k]}\n`);
}

/** Resolves `fieldRef` env values for a pod (EnvValueRetriever); templates have none. */
export type FieldResolver = (fieldPath: string) => string;

export function describeContainers(w: DescribeWriter, label: string, containers: Container[], statuses: ContainerStatus[] | undefined, space: string, resolve?: FieldResolver): void {
  const byName = new Map((statuses ?? []).map((s) => [s.name, s]));
  w.write(0, `${space}${label}:${containers.length === 0 ? ' <none>' : ''}\n`);
  for (const c of containers) {
    const st = statuses ? byName.get(c.name) : undefined;
    w.write(1, `${space ? ' ' : ''}${c.name}:\n`);
    if (st) w.write(2, `Container ID:\t${st.containerID ?? ''}\n`);
    w.write(2, `Image:\t${c.image ?? ''}\n`);
    if (st) w.write(2, `Image ID:\t${st.imageID ?? ''}\n`);
    const ports = portString(c, false);
    if (ports.includes(',')) w.write(2, `Ports:\t${ports}\n`);
    else w.write(2, `Port:\t${ports || '<none>'}\n`);
    const hostPorts = portString(c, true);
    if (hostPorts.includes(',')) w.write(2, `Host Ports:\t${hostPorts}\n`);
    else w.write(2, `Host Port:\t${hostPorts || '<none>'}\n`);
    seccompProfile(w, 2, 3, (c.securityContext as { seccompProfile?: SeccompProfile } | undefined)?.seccompProfile);
    if (c.command?.length) {
      w.write(2, 'Command:\n');
      for (const s of c.command.flatMap((x) => x.split('\n'))) w.write(3, `${s}\n`);
    }
    if (c.args?.length) {
      w.write(2, 'Args:\n');
      for (const s of c.args.flatMap((x) => x.split('\n'))) w.write(3, `${s}\n`);
    }
    if (st) {
      describeState(w, 'State', st.state);
      if (st.lastState?.terminated) describeState(w, 'Last State', st.lastState);
      w.write(2, `Ready:\t${st.ready ? 'True' : 'False'}\n`);
      w.write(2, `Restart Count:\t${st.restartCount ?? 0}\n`);
    }
    describeResources(w, c.resources, 2);
    if (c.livenessProbe) w.write(2, `Liveness:\t${describeProbe(c.livenessProbe)}\n`);
    if (c.readinessProbe) w.write(2, `Readiness:\t${describeProbe(c.readinessProbe)}\n`);
    if (c.startupProbe) w.write(2, `Startup:\t${describeProbe(c.startupProbe)}\n`);
    if (c.envFrom?.length) {
      // describeContainerEnvFrom, printed only when there is one.
      w.write(2, 'Environment Variables from:\n');
      for (const e of c.envFrom) {
        const ref = e.configMapRef ?? e.secretRef;
        const from = e.configMapRef ? 'ConfigMap' : e.secretRef ? 'Secret' : '';
        const name = ref?.name ?? '';
        const optional = ref?.optional === true;
        w.write(3, e.prefix ? `${name}\t${from} with prefix '${e.prefix}'\tOptional: ${optional}\n` : `${name}\t${from}\tOptional: ${optional}\n`);
      }
    }
    w.write(2, `Environment:${(c.env ?? []).length === 0 ? '\t<none>' : ''}\n`);
    for (const e of c.env ?? []) {
      if (!e.valueFrom) {
        (e.value ?? '').split('\n').forEach((s, i) => w.write(3, i === 0 ? `${e.name}:\t${s}\n` : `\t${s}\n`));
      } else if (e.valueFrom.fieldRef) {
        const v = resolve ? resolve(e.valueFrom.fieldRef.fieldPath) : '';
        w.write(3, `${e.name}:\t${v} (${e.valueFrom.fieldRef.apiVersion ?? 'v1'}:${e.valueFrom.fieldRef.fieldPath})\n`);
      }
      else if (e.valueFrom.secretKeyRef) w.write(3, `${e.name}:\t<set to the key '${e.valueFrom.secretKeyRef.key}' in secret '${e.valueFrom.secretKeyRef.name}'>\tOptional: ${e.valueFrom.secretKeyRef.optional === true}\n`);
      else if (e.valueFrom.configMapKeyRef) w.write(3, `${e.name}:\t<set to the key '${e.valueFrom.configMapKeyRef.key}' of config map '${e.valueFrom.configMapKeyRef.name}'>\tOptional: ${e.valueFrom.configMapKeyRef.optional === true}\n`);
    }
    const mounts = [...(c.volumeMounts ?? [])].sort((a, b) => (a.mountPath < b.mountPath ? -1 : a.mountPath > b.mountPath ? 1 : 0));
    w.write(2, `Mounts:${mounts.length === 0 ? '\t<none>' : ''}\n`);
    for (const m of mounts) {
      const flags = [m.readOnly ? 'ro' : 'rw', ...(m.subPath ? [`path=${JSON.stringify(m.subPath)}`] : [])];
      w.write(3, `${m.mountPath} from ${m.name} (${flags.join(',')})\n`);
    }
  }
}

export function describeVolumes(w: DescribeWriter, volumes: Volume[] | undefined, space: string): void {
  if (!volumes || volumes.length === 0) {
    w.write(0, `${space}Volumes:\t<none>\n`);
    return;
  }
  w.write(0, `${space}Volumes:\n`);
  for (const v of volumes) {
    w.write(1, `${space ? ' ' : ''}${v.name}:\n`);
    if (v.hostPath) w.write(2, `Type:\tHostPath (bare host directory volume)\n    Path:\t${v.hostPath.path}\n    HostPathType:\t${v.hostPath.type ?? ''}\n`);
    else if (v.emptyDir) w.write(2, `Type:\tEmptyDir (a temporary directory that shares a pod's lifetime)\n    Medium:\t${v.emptyDir.medium ?? ''}\n    SizeLimit:\t${v.emptyDir.sizeLimit ?? '<unset>'}\n`);
    else if (v.secret) w.write(2, `Type:\tSecret (a volume populated by a Secret)\n    SecretName:\t${v.secret.secretName}\n    Optional:\t${v.secret.optional === true}\n`);
    else if (v.configMap) w.write(2, `Type:\tConfigMap (a volume populated by a ConfigMap)\n    Name:\t${v.configMap.name}\n    Optional:\t${v.configMap.optional === true}\n`);
    else if (v.persistentVolumeClaim) w.write(2, `Type:\tPersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)\n    ClaimName:\t${v.persistentVolumeClaim.claimName}\n    ReadOnly:\t${v.persistentVolumeClaim.readOnly === true}\n`);
    else if (v.downwardAPI) {
      // printDownwardAPIVolumeSource: each item as `fieldPath -> path` or `resource -> path`.
      w.write(2, 'Type:\tDownwardAPI (a volume populated by information about the pod)\n    Items:\n');
      for (const it of v.downwardAPI.items ?? []) {
        if (it.fieldRef) w.write(3, `${it.fieldRef.fieldPath} -> ${it.path}\n`);
        if (it.resourceFieldRef) w.write(3, `${it.resourceFieldRef.resource} -> ${it.path}\n`);
      }
    } else if (v.projected) {
      w.write(2, 'Type:\tProjected (a volume that contains injected data from multiple sources)\n');
      for (const s of (v.projected.sources ?? []) as Record<string, Record<string, unknown> | undefined>[]) {
        if (s['secret']) w.write(2, `SecretName:\t${String(s['secret']['name'] ?? '')}\n    Optional:\t${s['secret']['optional'] === true}\n`);
        else if (s['downwardAPI']) w.write(2, 'DownwardAPI:\ttrue\n');
        // Since kubectl v1.33 a projected ConfigMap says Optional as its Secret does.
        else if (s['configMap']) w.write(2, `ConfigMapName:\t${String(s['configMap']['name'] ?? '')}\n    Optional:\t${s['configMap']['optional'] === true}\n`);
        else if (s['serviceAccountToken']) w.write(2, `TokenExpirationSeconds:\t${String(s['serviceAccountToken']['expirationSeconds'] ?? '')}\n`);
      }
    } else w.write(1, '<unknown>\n');
  }
}

export function describePodTemplate(w: DescribeWriter, t: PodTemplateSpec | undefined): void {
  w.write(0, 'Pod Template:\n');
  if (!t) {
    w.write(1, '<unset>');
    return;
  }
  labelsMultiline(w, '  Labels', t.metadata?.labels);
  if (Object.keys(t.metadata?.annotations ?? {}).length) annotationsMultiline(w, '  Annotations', t.metadata?.annotations);
  if (t.spec.serviceAccountName) w.write(1, `Service Account:\t${t.spec.serviceAccountName}\n`);
  if (t.spec.initContainers?.length) describeContainers(w, 'Init Containers', t.spec.initContainers, undefined, '  ');
  describeContainers(w, 'Containers', t.spec.containers ?? [], undefined, '  ');
  describeVolumes(w, t.spec.volumes, '  ');
  if (t.spec.priorityClassName) w.write(1, `Priority Class Name:\t${t.spec.priorityClassName}\n`);
  labelsMultiline(w, '  Node-Selectors', t.spec.nodeSelector);
  tolerationsMultiline(w, '  Tolerations', t.spec.tolerations);
}

export interface SeccompProfile {
  type?: string;
  localhostProfile?: string;
}

/** A Pod's (levels 0, 0) or a container's (2, 3) seccomp profile, and a Localhost profile's file. */
export function seccompProfile(w: DescribeWriter, level: number, fileLevel: number, p: SeccompProfile | undefined): void {
  if (!p) return;
  w.write(level, `SeccompProfile:\t${p.type ?? ''}\n`);
  if (p.type === 'Localhost') w.write(fileLevel, `LocalhostProfile:\t${p.localhostProfile ?? ''}\n`);
}
