/**
 * SetDefaults_* for the kinds the simulation models (k8s.io/kubernetes pkg/apis/<group>/v1/defaults.go).
 * Returns true when anything was filled in.
 */
import type { Container, Deployment, KObject, PodSpec, Probe, ReplicaSet, Service } from '../../api/types';
import type { ResourceInfo } from '../../api/resources';

function setIfAbsent<T extends object, K extends keyof T>(o: T, k: K, v: T[K]): boolean {
  if (o[k] === undefined) {
    o[k] = v;
    return true;
  }
  return false;
}

function imageTag(image: string): string | undefined {
  const afterSlash = image.slice(image.lastIndexOf('/') + 1);
  if (afterSlash.includes('@')) return '@digest';
  const i = afterSlash.indexOf(':');
  return i < 0 ? undefined : afterSlash.slice(i + 1);
}

function defaultProbe(p: Probe | undefined): boolean {
  if (!p) return false;
  let c = false;
  c = setIfAbsent(p, 'timeoutSeconds', 1) || c;
  c = setIfAbsent(p, 'periodSeconds', 10) || c;
  c = setIfAbsent(p, 'successThreshold', 1) || c;
  c = setIfAbsent(p, 'failureThreshold', 3) || c;
  if (p.httpGet) {
    c = setIfAbsent(p.httpGet, 'path', '/') || c;
    c = setIfAbsent(p.httpGet, 'scheme', 'HTTP') || c;
  }
  return c;
}

function defaultContainer(ct: Container): boolean {
  let c = false;
  if (ct.image !== undefined && ct.imagePullPolicy === undefined) {
    const tag = imageTag(ct.image);
    ct.imagePullPolicy = tag === undefined || tag === 'latest' ? 'Always' : 'IfNotPresent';
    c = true;
  }
  c = setIfAbsent(ct, 'terminationMessagePath', '/dev/termination-log') || c;
  c = setIfAbsent(ct, 'terminationMessagePolicy', 'File') || c;
  for (const p of ct.ports ?? []) c = setIfAbsent(p, 'protocol', 'TCP') || c;
  if (ct.resources === undefined) {
    ct.resources = {};
    c = true;
  }
  // Limits without requests: the request defaults to the limit.
  const lim = ct.resources.limits;
  if (lim) {
    for (const [k, v] of Object.entries(lim)) {
      ct.resources.requests ??= {};
      if (ct.resources.requests[k] === undefined) {
        ct.resources.requests[k] = v;
        c = true;
      }
    }
  }
  c = defaultProbe(ct.livenessProbe) || c;
  c = defaultProbe(ct.readinessProbe) || c;
  c = defaultProbe(ct.startupProbe) || c;
  return c;
}

export function defaultPodSpec(spec: PodSpec): boolean {
  let c = false;
  c = setIfAbsent(spec, 'restartPolicy', 'Always') || c;
  c = setIfAbsent(spec, 'terminationGracePeriodSeconds', 30) || c;
  c = setIfAbsent(spec, 'dnsPolicy', 'ClusterFirst') || c;
  c = setIfAbsent(spec, 'securityContext', {}) || c;
  c = setIfAbsent(spec, 'schedulerName', 'default-scheduler') || c;
  for (const ct of spec.containers ?? []) c = defaultContainer(ct) || c;
  for (const ct of spec.initContainers ?? []) c = defaultContainer(ct) || c;
  for (const v of spec.volumes ?? []) {
    if (v.configMap) c = setIfAbsent(v.configMap, 'defaultMode', 420) || c;
    if (v.secret) c = setIfAbsent(v.secret, 'defaultMode', 420) || c;
  }
  return c;
}

export function applyDefaults(info: ResourceInfo, obj: KObject): boolean {
  switch (info.resource) {
    case 'pods':
      return defaultPodSpec((obj as KObject & { spec: PodSpec }).spec ?? ((obj as KObject & { spec: PodSpec }).spec = { containers: [] }));
    case 'deployments': {
      const d = obj as Deployment;
      if (!d.spec) return false;
      let c = setIfAbsent(d.spec, 'replicas', 1);
      d.spec.strategy ??= {};
      c = setIfAbsent(d.spec.strategy, 'type', 'RollingUpdate') || c;
      if (d.spec.strategy.type === 'RollingUpdate') {
        d.spec.strategy.rollingUpdate ??= {};
        c = setIfAbsent(d.spec.strategy.rollingUpdate, 'maxUnavailable', '25%') || c;
        c = setIfAbsent(d.spec.strategy.rollingUpdate, 'maxSurge', '25%') || c;
      }
      c = setIfAbsent(d.spec, 'revisionHistoryLimit', 10) || c;
      c = setIfAbsent(d.spec, 'progressDeadlineSeconds', 600) || c;
      if (d.spec.template?.spec) c = defaultPodSpec(d.spec.template.spec) || c;
      return c;
    }
    case 'replicasets': {
      const rs = obj as ReplicaSet;
      if (!rs.spec) return false;
      let c = setIfAbsent(rs.spec, 'replicas', 1);
      if (rs.spec.template?.spec) c = defaultPodSpec(rs.spec.template.spec) || c;
      return c;
    }
    case 'services': {
      const s = obj as Service;
      if (!s.spec) return false;
      let c = setIfAbsent(s.spec, 'type', 'ClusterIP');
      c = setIfAbsent(s.spec, 'sessionAffinity', 'None') || c;
      c = setIfAbsent(s.spec, 'internalTrafficPolicy', 'Cluster') || c;
      for (const p of s.spec.ports ?? []) {
        c = setIfAbsent(p, 'protocol', 'TCP') || c;
        c = setIfAbsent(p, 'targetPort', p.port) || c;
      }
      return c;
    }
    default:
      return false;
  }
}
