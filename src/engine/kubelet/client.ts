/**
 * The kubelet's API identity (`system:node:<name>`), its requests and its EventRecorder. Events
 * about the Node use kubelet's nodeRef, whose UID is the node's name (that is what real kubelets
 * send), and land in the `default` namespace.
 */
import type { KObject, Pod } from '../../k8s/types';
import type { ApiRequest, ApiResponse } from '../apiserver/handler';
import { nodeUser } from '../apiserver/auth';
import { request, type ClientIdentity } from '../client/client';
import { recordEvent } from '../client/events';
import type { World } from '../world';
import type { KubeletState } from './state';

export function who(self: KubeletState): ClientIdentity {
  return { user: nodeUser(self.host), actor: self.id };
}

export function api(w: World, self: KubeletState, req: Omit<ApiRequest, 'user' | 'from'>): ApiResponse {
  return request(w, self, who(self), req);
}

export function nodeRef(self: KubeletState): KObject {
  return { apiVersion: 'v1', kind: 'Node', metadata: { name: self.host, uid: self.host } };
}

export function nodeEvent(w: World, self: KubeletState, type: 'Normal' | 'Warning', reason: string, message: string): void {
  recordEvent(w, self, who(self), nodeRef(self), { type, reason, message, component: 'kubelet', host: self.host });
}

export function podEvent(w: World, self: KubeletState, pod: Pod, type: 'Normal' | 'Warning', reason: string, message: string, fieldPath?: string): void {
  recordEvent(w, self, who(self), pod, { type, reason, message, component: 'kubelet', host: self.host, ...(fieldPath ? { fieldPath } : {}) });
}

/** kubelet's format.Pod: `name_namespace(uid)`. */
export function formatPod(pod: Pod): string {
  return `${pod.metadata.name}_${pod.metadata.namespace}(${pod.metadata.uid})`;
}
