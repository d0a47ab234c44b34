/**
 * The admission plugins that change what a learner sees, under their real names and in
 * kube-apiserver's order (NamespaceLifecycle, ServiceAccount, TaintNodesByCondition, Priority,
 * DefaultTolerationSeconds, DefaultStorageClass, RuntimeClass, DefaultIngressClass, ...; PodSecurity, which only
 * validates, between NodeRestriction and the certificate plugins). LimitRanger runs in both chains, right
 * after NamespaceLifecycle; ValidatingAdmissionPolicy follows the other validating plugins, then the admission webhooks
 * (MutatingAdmissionWebhook last of the mutating chain, ValidatingAdmissionWebhook); ResourceQuota
 * is the last, as upstream puts it after the webhooks, so nothing can refuse an object after it has been charged.
 */
import type { PersistentVolumeClaim, StorageClass } from '../../../k8s/types';
import { ClusterIPAllocator } from './cluster-ip';
import type { MutatingPlugin, ValidatingPlugin } from './types';
import { NamespaceLifecycle } from './namespace-lifecycle';
import { NodeRestriction, TaintNodesByCondition } from './node-plugins';
import { DefaultTolerationSeconds, Priority, ServiceAccount } from './pod-plugins';
import { LimitRangerMutating, LimitRangerValidating } from './limit-ranger';
import { ResourceQuotaPlugin } from './resource-quota';
import { DefaultIngressClass } from './default-ingress-class';
import { RuntimeClassMutating, RuntimeClassValidating } from './runtime-class';
import { ValidatingAdmissionPolicyPlugin } from './policy/plugin';
import { MutatingAdmissionWebhook, ValidatingAdmissionWebhook } from './webhook/plugin';
import { PodSecurity } from './pod-security';
import { CertificateApproval, CertificateSigning, CertificateSubjectRestriction } from './certificates';

const DEFAULT_CLASS_ANNOTATION = 'storageclass.kubernetes.io/is-default-class';

/** DefaultStorageClass: a claim without storageClassName gets the default class (the newest, if several). */
const DefaultStorageClass: MutatingPlugin = {
  name: 'DefaultStorageClass',
  admit(w, a) {
    if (a.info.resource !== 'persistentvolumeclaims' || a.operation !== 'CREATE' || a.subresource) return false;
    const pvc = a.obj as PersistentVolumeClaim;
    pvc.spec ??= {};
    if (pvc.spec.storageClassName !== undefined) return false;
    const defaults = [...(w.etcd.kv.get('storageclasses')?.values() ?? [])]
      .filter((sc) => (sc as StorageClass).metadata.annotations?.[DEFAULT_CLASS_ANNOTATION] === 'true')
      .sort((x, y) => (y.metadata.creationTimestamp ?? '').localeCompare(x.metadata.creationTimestamp ?? '') || (x.metadata.name ?? '').localeCompare(y.metadata.name ?? ''));
    const chosen = defaults[0];
    if (!chosen) return false;
    pvc.spec.storageClassName = chosen.metadata.name!;
    return true;
  },
};

export const MUTATING_PLUGINS: MutatingPlugin[] = [
  NamespaceLifecycle,
  LimitRangerMutating,
  ServiceAccount,
  TaintNodesByCondition,
  Priority,
  DefaultTolerationSeconds,
  DefaultStorageClass,
  RuntimeClassMutating,
  DefaultIngressClass,
  // Last of the mutating plugins, as in AllOrderedPlugins; the ClusterIP is the registry's, after admission.
  MutatingAdmissionWebhook,
  ClusterIPAllocator,
];

export const VALIDATING_PLUGINS: ValidatingPlugin[] = [
  LimitRangerValidating,
  NodeRestriction,
  // AllOrderedPlugins: after ImagePolicyWebhook, before PodNodeSelector and Priority.
  PodSecurity,
  CertificateApproval,
  CertificateSigning,
  CertificateSubjectRestriction,
  RuntimeClassValidating,
  ValidatingAdmissionPolicyPlugin,
  ValidatingAdmissionWebhook,
  ResourceQuotaPlugin,
];
