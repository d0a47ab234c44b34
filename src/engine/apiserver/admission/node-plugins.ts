/**
 * Node-facing plugins: TaintNodesByCondition registers every new Node as not-ready (the node
 * lifecycle controller lifts the taint once the Node reports Ready), and NodeRestriction —
 * which kubeadm enables — keeps each kubelet to its own Node, its own Lease and the Pods bound
 * to it.
 */
import type { Node, Pod } from '../../../k8s/types';
import { storedObject } from '../storage';
import { admissionForbidden } from './forbidden';
import type { AdmissionAttributes, MutatingPlugin, ValidatingPlugin } from './types';
import type { StatusError } from '../status';
import type { World } from '../../world';
import { semanticEqual } from '../validation/field';

export const TaintNodesByCondition: MutatingPlugin = {
  name: 'TaintNodesByCondition',
  admit(_w, a) {
    if (a.info.resource !== 'nodes' || a.operation !== 'CREATE' || a.subresource) return false;
    const node = a.obj as Node;
    node.spec ??= {};
    const taints = node.spec.taints ?? [];
    if (taints.some((t) => t.key === 'node.kubernetes.io/not-ready' && t.effect === 'NoSchedule')) return false;
    node.spec.taints = [...taints, { key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' }];
    return true;
  },
};

function nodeIdentity(a: AdmissionAttributes): string | undefined {
  if (!a.user.groups.includes('system:nodes')) return undefined;
  return a.user.name.startsWith('system:node:') ? a.user.name.slice('system:node:'.length) : '';
}

function admitPod(w: World, a: AdmissionAttributes, node: string): StatusError | undefined {
  const pod = a.obj as Pod;
  if (a.subresource === 'status') {
    const old = a.old as Pod | undefined;
    if (!old || old.spec.nodeName !== node) return admissionForbidden(a, `node "${node}" can only update pod status for pods with spec.nodeName set to itself`);
    if (!semanticEqual(old.metadata.labels, pod.metadata.labels)) return admissionForbidden(a, `node "${node}" cannot update labels through pod status`);
    return undefined;
  }
  if (a.subresource === 'eviction' || a.subresource === 'binding') return undefined;
  switch (a.operation) {
    case 'CREATE':
      if (pod.metadata.annotations?.['kubernetes.io/config.mirror'] === undefined) {
        return admissionForbidden(a, `pod does not have "kubernetes.io/config.mirror" annotation, node "${node}" can only create mirror pods`);
      }
      if (pod.spec.nodeName !== node) return admissionForbidden(a, `node "${node}" can only create pods with spec.nodeName set to itself`);
      return undefined;
    case 'DELETE': {
      const existing = storedObject(w, 'pods', a.namespace, pod.metadata.name ?? '') as Pod | undefined;
      if (existing && existing.spec.nodeName !== node) return admissionForbidden(a, `node "${node}" can only delete pods with spec.nodeName set to itself`);
      return undefined;
    }
    default:
      return admissionForbidden(a, `unexpected operation "${a.operation}", node "${node}" can only create and delete mirror pods`);
  }
}

/**
 * Upstream runs NodeRestriction in the mutating phase, but it only ever refuses; running it
 * with the validating plugins lets it see status writes, which skip mutation here.
 */
export const NodeRestriction: ValidatingPlugin = {
  name: 'NodeRestriction',
  validate(w, a) {
    const node = nodeIdentity(a);
    if (node === undefined) return undefined;
    if (node === '') return admissionForbidden(a, `could not determine node from user "${a.user.name}"`);
    switch (a.info.resource) {
      case 'pods':
        return admitPod(w, a, node);
      case 'nodes': {
        const requested = a.obj.metadata.name ?? '';
        if (requested !== node) return admissionForbidden(a, `node "${node}" is not allowed to modify node "${requested}"`);
        if (a.operation === 'UPDATE' && a.old && !semanticEqual((a.obj as Node).spec?.taints, (a.old as Node).spec?.taints)) {
          return admissionForbidden(a, `node "${node}" is not allowed to modify taints`);
        }
        return undefined;
      }
      case 'leases':
        if (a.namespace !== 'kube-node-lease') return admissionForbidden(a, `can only access leases in the "kube-node-lease" namespace`);
        if (a.obj.metadata.name !== node) return admissionForbidden(a, 'can only access node lease with the same name as the requesting node');
        return undefined;
      default:
        return undefined;
    }
  },
};
