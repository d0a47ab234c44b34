/**
 * The mutating plugins every Pod passes: ServiceAccount (token volume), Priority (resolves
 * priorityClassName) and DefaultTolerationSeconds (the 300 s not-ready/unreachable tolerations).
 */
import { randomString } from '../../core/rng';
import type { Container, Pod, PriorityClass, ServiceAccount as ServiceAccountObj } from '../../../k8s/types';
import type { World } from '../../world';
import { storedObject } from '../storage';
import { admissionForbidden } from './forbidden';
import type { MutatingPlugin } from './types';
import { defaultPriority, resolvePriorityClass, type ResolvedPriority } from './priority-classes';

const TOKEN_MOUNT_PATH = '/var/run/secrets/kubernetes.io/serviceaccount';

function mountToken(w: World, pod: Pod): void {
  // Admission runs before validation: a volume may still have no name (`volumes: [{}]`).
  const existing = (pod.spec.volumes ?? []).find((v) => (v.name ?? '').startsWith('kube-api-access-'));
  const volName = existing?.name ?? `kube-api-access-${randomString(w.rng, 5)}`;
  let needsVolume = false;
  const mount = (c: Container): void => {
    if ((c.volumeMounts ?? []).some((m) => m.mountPath === TOKEN_MOUNT_PATH)) return;
    c.volumeMounts = [...(c.volumeMounts ?? []), { name: volName, readOnly: true, mountPath: TOKEN_MOUNT_PATH }];
    needsVolume = true;
  };
  (pod.spec.initContainers ?? []).forEach(mount);
  (pod.spec.containers ?? []).forEach(mount);
  if (existing || !needsVolume) return;
  pod.spec.volumes = [
    ...(pod.spec.volumes ?? []),
    {
      name: volName,
      projected: {
        defaultMode: 420,
        sources: [
          { serviceAccountToken: { expirationSeconds: 3607, path: 'token' } },
          { configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
          { downwardAPI: { items: [{ fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' }, path: 'namespace' }] } },
        ],
      },
    },
  ];
}

/**
 * ServiceAccount: defaults serviceAccountName and mounts its token as the projected
 * `kube-api-access-<5>` volume; a Pod with no imagePullSecrets gets the ServiceAccount's. A named
 * ServiceAccount must exist. The `default` one is
 * waived while the namespace has none at all: the serviceaccount controller creates it within
 * milliseconds of the namespace, a window the simulation does not stage.
 */
export const ServiceAccount: MutatingPlugin = {
  name: 'ServiceAccount',
  admit(w, a) {
    if (a.info.resource !== 'pods' || a.operation !== 'CREATE' || a.subresource) return false;
    const pod = a.obj as Pod;
    if (pod.metadata.annotations?.['kubernetes.io/config.mirror'] !== undefined) return false;
    const ns = a.namespace ?? 'default';
    const saName = pod.spec.serviceAccountName || pod.spec.serviceAccount || 'default';
    pod.spec.serviceAccountName = saName;
    pod.spec.serviceAccount = saName;
    const sa = storedObject(w, 'serviceaccounts', ns, saName) as ServiceAccountObj | undefined;
    const anyInNamespace = [...(w.etcd.kv.get('serviceaccounts')?.values() ?? [])].some((o) => o.metadata.namespace === ns);
    if (!sa && (saName !== 'default' || anyInNamespace)) {
      return admissionForbidden(a, `error looking up service account ${ns}/${saName}: serviceaccount "${saName}" not found`);
    }
    const podAutomount = (pod.spec as { automountServiceAccountToken?: boolean }).automountServiceAccountToken;
    const automount = podAutomount ?? sa?.automountServiceAccountToken ?? true;
    if (automount) mountToken(w, pod);
    // admitPod: a Pod naming no pull secrets gets its ServiceAccount's.
    const pullSecrets = sa?.imagePullSecrets ?? [];
    if (!pod.spec.imagePullSecrets?.length && pullSecrets.length) pod.spec.imagePullSecrets = pullSecrets.map((r) => ({ name: r.name }));
    return true;
  },
};

/**
 * Priority: resolves spec.priority from priorityClassName (or the globalDefault class), refuses
 * a hand-set priority that disagrees, keeps it on update, and allows one default class only.
 */
export const Priority: MutatingPlugin = {
  name: 'Priority',
  admit(w, a) {
    if (a.info.resource === 'priorityclasses') {
      const pc = a.obj as PriorityClass;
      if (a.operation === 'DELETE' || !pc.globalDefault) return false;
      const other = [...(w.etcd.kv.get('priorityclasses')?.values() ?? [])].find((o) => (o as PriorityClass).globalDefault && o.metadata.name !== pc.metadata.name);
      return other ? admissionForbidden(a, `PriorityClass ${other.metadata.name} is already marked as default. Only one default can exist`) : false;
    }
    if (a.info.resource !== 'pods' || a.subresource) return false;
    const pod = a.obj as Pod;
    if (a.operation === 'UPDATE' && a.old) {
      const old = a.old as Pod;
      if (old.spec.priority !== undefined) pod.spec.priority = old.spec.priority;
      if (old.spec.preemptionPolicy !== undefined) pod.spec.preemptionPolicy = old.spec.preemptionPolicy;
      return false;
    }
    if (a.operation !== 'CREATE') return false;
    let resolved: ResolvedPriority;
    if (pod.spec.priorityClassName) {
      const found = resolvePriorityClass(w, pod.spec.priorityClassName);
      if (!found) return admissionForbidden(a, `no PriorityClass with name ${pod.spec.priorityClassName} was found`);
      resolved = found;
    } else {
      resolved = defaultPriority(w);
      if (resolved.name) pod.spec.priorityClassName = resolved.name;
    }
    if (pod.spec.priority !== undefined && pod.spec.priority !== resolved.value) {
      return admissionForbidden(
        a,
        `the integer value of priority (${pod.spec.priority}) must not be provided in pod spec; priority admission controller computed ${resolved.value} from the given PriorityClass name`,
      );
    }
    pod.spec.priority = resolved.value;
    if (pod.spec.preemptionPolicy !== undefined && pod.spec.preemptionPolicy !== resolved.preemptionPolicy) {
      return admissionForbidden(
        a,
        `the string value of PreemptionPolicy (${pod.spec.preemptionPolicy}) must not be provided in pod spec; priority admission controller computed ${resolved.preemptionPolicy} from the given PriorityClass name`,
      );
    }
    pod.spec.preemptionPolicy = resolved.preemptionPolicy;
    return true;
  },
};

/** Every Pod tolerates not-ready/unreachable for 300s: the 5-minute wait before eviction. */
export const DefaultTolerationSeconds: MutatingPlugin = {
  name: 'DefaultTolerationSeconds',
  admit(w, a) {
    if (a.info.resource !== 'pods' || a.subresource || (a.operation !== 'CREATE' && a.operation !== 'UPDATE')) return false;
    const pod = a.obj as Pod;
    const tol = pod.spec.tolerations ?? [];
    let changed = false;
    for (const key of ['node.kubernetes.io/not-ready', 'node.kubernetes.io/unreachable']) {
      if (tol.some((t) => (t.key === key || !t.key) && (t.effect === 'NoExecute' || !t.effect))) continue;
      tol.push({ key, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: w.timings.defaultTolerationSeconds });
      changed = true;
    }
    if (tol.length) pod.spec.tolerations = tol;
    return changed;
  },
};
