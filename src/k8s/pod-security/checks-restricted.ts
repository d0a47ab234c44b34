/**
 * The Restricted checks of the Pod Security Standards (k8s.io/pod-security-admission/policy
 * check_*.go at v0.36.2), messages word for word. Windows Pods (spec.os.name=windows) are spared
 * the Linux-only checks from policy v1.25.
 */
import { ALLOWED, containersPhrase, forbid, procMount_1_0, validSeccomp, type CheckPod } from './checks-baseline';
import { inUserNamespace, isWindows, joinQuote, pluralize, sortedSet, visitContainers } from './view';

export const allowPrivilegeEscalation_1_8: CheckPod = (_meta, spec) => {
  const bad: string[] = [];
  visitContainers(spec, (c) => {
    if (c.securityContext?.allowPrivilegeEscalation !== false) bad.push(c.name);
  });
  return bad.length ? forbid('allowPrivilegeEscalation != false', `${containersPhrase(bad)} must set securityContext.allowPrivilegeEscalation=false`) : ALLOWED;
};

export const allowPrivilegeEscalation_1_25: CheckPod = (meta, spec) => (isWindows(spec) ? ALLOWED : allowPrivilegeEscalation_1_8(meta, spec));

export const capabilitiesRestricted_1_22: CheckPod = (_meta, spec) => {
  const missingDropAll: string[] = [];
  const adding: string[] = [];
  const caps: string[] = [];
  visitContainers(spec, (c) => {
    const capabilities = c.securityContext?.capabilities;
    if (!capabilities) {
      missingDropAll.push(c.name);
      return;
    }
    if (!(capabilities.drop ?? []).includes('ALL')) missingDropAll.push(c.name);
    const extra = (capabilities.add ?? []).filter((x) => x !== 'NET_BIND_SERVICE');
    if (extra.length) {
      adding.push(c.name);
      caps.push(...extra);
    }
  });
  const details: string[] = [];
  if (missingDropAll.length) details.push(`${containersPhrase(missingDropAll)} must set securityContext.capabilities.drop=["ALL"]`);
  if (adding.length) details.push(`${containersPhrase(adding)} must not include ${joinQuote(sortedSet(caps))} in securityContext.capabilities.add`);
  return details.length ? forbid('unrestricted capabilities', details.join('; ')) : ALLOWED;
};

export const capabilitiesRestricted_1_25: CheckPod = (meta, spec) => (isWindows(spec) ? ALLOWED : capabilitiesRestricted_1_22(meta, spec));

/** procMount_restricted (v1.35): the v1.0 rule, with no exception for user namespaces. */
export const procMountRestricted_1_35: CheckPod = procMount_1_0;

/** Inline volume sources the restricted level allows. */
const ALLOWED_VOLUME_SOURCES = new Set(['configMap', 'csi', 'downwardAPI', 'emptyDir', 'ephemeral', 'image', 'persistentVolumeClaim', 'projected', 'secret']);

/** The restricted sources, in the order upstream's switch names them. */
const RESTRICTED_VOLUME_SOURCES = [
  'hostPath', 'gcePersistentDisk', 'awsElasticBlockStore', 'gitRepo', 'nfs', 'iscsi', 'glusterfs', 'rbd', 'flexVolume', 'cinder', 'cephfs',
  'flocker', 'fc', 'azureFile', 'vsphereVolume', 'quobyte', 'azureDisk', 'photonPersistentDisk', 'portworxVolume', 'scaleIO', 'storageos',
];

export const restrictedVolumes_1_0: CheckPod = (_meta, spec) => {
  const bad: string[] = [];
  const types: string[] = [];
  for (const v of spec.volumes ?? []) {
    const set = (k: string): boolean => v[k] != null;
    if ([...ALLOWED_VOLUME_SOURCES].some(set)) continue;
    bad.push(v.name);
    types.push(RESTRICTED_VOLUME_SOURCES.find(set) ?? 'unknown');
  }
  if (!bad.length) return ALLOWED;
  const distinct = sortedSet(types);
  return forbid(
    'restricted volume types',
    `${pluralize('volume', 'volumes', bad.length)} ${joinQuote(bad)} ${pluralize('uses', 'use', bad.length)} ${pluralize('restricted volume type', 'restricted volume types', distinct.length)} ${joinQuote(distinct)}`,
  );
};

export const runAsNonRoot_1_0: CheckPod = (_meta, spec) => {
  const setters: string[] = [];
  const podValue = spec.securityContext?.runAsNonRoot;
  if (podValue === false) setters.push('pod');
  const podNonRoot = podValue === true;
  const explicit: string[] = [];
  const implicit: string[] = [];
  visitContainers(spec, (c) => {
    const v = c.securityContext?.runAsNonRoot;
    if (v != null) {
      if (!v) explicit.push(c.name);
    } else if (!podNonRoot) implicit.push(c.name);
  });
  if (explicit.length) setters.push(containersPhrase(explicit));
  if (setters.length) return forbid('runAsNonRoot != true', `${setters.join(' and ')} must not set securityContext.runAsNonRoot=false`);
  if (implicit.length) return forbid('runAsNonRoot != true', `pod or ${containersPhrase(implicit)} must set securityContext.runAsNonRoot=true`);
  return ALLOWED;
};

export const runAsNonRoot_1_35: CheckPod = (meta, spec) => (inUserNamespace(spec) ? ALLOWED : runAsNonRoot_1_0(meta, spec));

export const runAsUser_1_23: CheckPod = (_meta, spec) => {
  const setters: string[] = [];
  if (spec.securityContext?.runAsUser === 0) setters.push('pod');
  const bad: string[] = [];
  visitContainers(spec, (c) => {
    if (c.securityContext?.runAsUser === 0) bad.push(c.name);
  });
  if (bad.length) setters.push(containersPhrase(bad));
  return setters.length ? forbid('runAsUser=0', `${setters.join(' and ')} must not set runAsUser=0`) : ALLOWED;
};

export const runAsUser_1_35: CheckPod = (meta, spec) => (inUserNamespace(spec) ? ALLOWED : runAsUser_1_23(meta, spec));

export const seccompProfileRestricted_1_19: CheckPod = (_meta, spec) => {
  const setters: string[] = [];
  const values: string[] = [];
  let podSet = false;
  const podProfile = spec.securityContext?.seccompProfile;
  if (podProfile) {
    if (!validSeccomp(podProfile.type)) {
      setters.push('pod');
      values.push(podProfile.type ?? '');
    } else podSet = true;
  }
  const explicit: string[] = [];
  const implicit: string[] = [];
  visitContainers(spec, (c) => {
    const p = c.securityContext?.seccompProfile;
    if (p) {
      if (!validSeccomp(p.type)) {
        explicit.push(c.name);
        values.push(p.type ?? '');
      }
    } else if (!podSet) implicit.push(c.name);
  });
  if (explicit.length) setters.push(containersPhrase(explicit));
  if (setters.length) return forbid('seccompProfile', `${setters.join(' and ')} must not set securityContext.seccompProfile.type to ${joinQuote(sortedSet(values))}`);
  if (implicit.length) return forbid('seccompProfile', `pod or ${containersPhrase(implicit)} must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost"`);
  return ALLOWED;
};

export const seccompProfileRestricted_1_25: CheckPod = (meta, spec) => (isWindows(spec) ? ALLOWED : seccompProfileRestricted_1_19(meta, spec));
