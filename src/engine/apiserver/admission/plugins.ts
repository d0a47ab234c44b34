/**
 * The default-enabled admission plugins that change what a learner sees, under their real
 * names and in kube-apiserver's order.
 */
import { nextInt, randomString } from '../../core/rng';
import type { PersistentVolumeClaim, Pod, Service, StorageClass } from '../../api/types';
import type { World } from '../../world';
import { storedObject } from '../storage';
import type { MutatingPlugin, ValidatingPlugin } from './index';

const NamespaceLifecycle: MutatingPlugin = {
  name: 'NamespaceLifecycle',
  admit(w, a) {
    if (!a.info.namespaced || a.operation !== 'CREATE' || a.info.resource === 'events') return false;
    const ns = a.obj.metadata.namespace ?? 'default';
    const nsObj = storedObject(w, 'namespaces', undefined, ns);
    if (!nsObj) return { code: 404, reason: 'NotFound', message: `namespaces "${ns}" not found`, details: { name: ns, kind: 'namespaces' } };
    if (nsObj.metadata.deletionTimestamp) {
      return {
        code: 403,
        reason: 'Forbidden',
        message: `${a.info.resource} "${a.obj.metadata.name ?? a.obj.metadata.generateName ?? ''}" is forbidden: unable to create new content in namespace ${ns} because it is being terminated`,
      };
    }
    return false;
  },
};

/** Mounts the ServiceAccount token as the projected `kube-api-access-<5>` volume. */
const ServiceAccount: MutatingPlugin = {
  name: 'ServiceAccount',
  admit(w, a) {
    if (a.info.resource !== 'pods' || a.operation !== 'CREATE') return false;
    const pod = a.obj as Pod;
    pod.spec.serviceAccountName ??= pod.spec.serviceAccount ?? 'default';
    pod.spec.serviceAccount = pod.spec.serviceAccountName;
    if ((pod.spec.volumes ?? []).some((v) => v.name.startsWith('kube-api-access-'))) return true;
    const vol = `kube-api-access-${randomString(w.rng, 5)}`;
    pod.spec.volumes = [
      ...(pod.spec.volumes ?? []),
      {
        name: vol,
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
    for (const c of [...(pod.spec.initContainers ?? []), ...pod.spec.containers]) {
      c.volumeMounts = [...(c.volumeMounts ?? []), { name: vol, readOnly: true, mountPath: '/var/run/secrets/kubernetes.io/serviceaccount' }];
    }
    return true;
  },
};

const Priority: MutatingPlugin = {
  name: 'Priority',
  admit(_w, a) {
    if (a.info.resource !== 'pods' || a.operation !== 'CREATE') return false;
    const pod = a.obj as Pod;
    if (pod.spec.priority !== undefined) return false;
    pod.spec.priority = 0;
    pod.spec.preemptionPolicy ??= 'PreemptLowerPriority';
    pod.spec.enableServiceLinks ??= true;
    return true;
  },
};

/** Every Pod tolerates not-ready/unreachable for 300s: the 5-minute wait before eviction. */
const DefaultTolerationSeconds: MutatingPlugin = {
  name: 'DefaultTolerationSeconds',
  admit(w, a) {
    if (a.info.resource !== 'pods' || a.operation !== 'CREATE') return false;
    const pod = a.obj as Pod;
    const tol = pod.spec.tolerations ?? [];
    let changed = false;
    for (const key of ['node.kubernetes.io/not-ready', 'node.kubernetes.io/unreachable']) {
      if (tol.some((t) => (t.key === key || (t.key === undefined && t.operator === 'Exists')) && (t.effect === undefined || t.effect === 'NoExecute'))) continue;
      tol.push({ key, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: w.timings.defaultTolerationSeconds });
      changed = true;
    }
    pod.spec.tolerations = tol;
    return changed;
  },
};

const DefaultStorageClass: MutatingPlugin = {
  name: 'DefaultStorageClass',
  admit(w, a) {
    if (a.info.resource !== 'persistentvolumeclaims' || a.operation !== 'CREATE') return false;
    const pvc = a.obj as PersistentVolumeClaim;
    if (pvc.spec.storageClassName !== undefined) return false;
    for (const sc of w.etcd.kv.get('storageclasses')?.values() ?? []) {
      if ((sc as StorageClass).metadata.annotations?.['storageclass.kubernetes.io/is-default-class'] === 'true') {
        pvc.spec.storageClassName = sc.metadata.name!;
        return true;
      }
    }
    return false;
  },
};

/** ClusterIP allocation happens in the Service registry; it sits here so the trace shows it. */
const ServiceIPAllocator: MutatingPlugin = {
  name: 'ClusterIPAllocator',
  admit(w, a) {
    if (a.info.resource !== 'services' || a.operation !== 'CREATE') return false;
    const svc = a.obj as Service;
    if (svc.spec.type === 'ExternalName' || svc.spec.clusterIP === 'None') return false;
    if (!svc.spec.clusterIP) {
      // The allocator draws at random from the service CIDR 10.96.0.0/12; .1 is the API's own.
      const used = new Set([...(w.etcd.kv.get('services')?.values() ?? [])].map((s) => (s as Service).spec.clusterIP));
      let ip = svc.metadata.name === 'kubernetes' && svc.metadata.namespace === 'default' ? '10.96.0.1' : '';
      while (ip === '' || used.has(ip)) ip = `10.${96 + nextInt(w.rng, 0, 15)}.${nextInt(w.rng, 0, 255)}.${nextInt(w.rng, 2, 254)}`;
      svc.spec.clusterIP = ip;
    }
    svc.spec.clusterIPs = [svc.spec.clusterIP];
    svc.spec.ipFamilies ??= ['IPv4'];
    svc.spec.ipFamilyPolicy ??= 'SingleStack';
    if (svc.spec.type === 'NodePort' || svc.spec.type === 'LoadBalancer') {
      for (const p of svc.spec.ports ?? []) p.nodePort ??= nextInt(w.rng, 30000, 32767);
    }
    return true;
  },
};

export const MUTATING_PLUGINS: MutatingPlugin[] = [NamespaceLifecycle, ServiceAccount, Priority, DefaultTolerationSeconds, DefaultStorageClass, ServiceIPAllocator];

export const VALIDATING_PLUGINS: ValidatingPlugin[] = [];

