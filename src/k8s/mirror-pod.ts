/**
 * Mirror Pods (pkg/kubelet/types/pod_update.go, pkg/kubelet/pod/mirror_client.go): the copy of a
 * static Pod the kubelet publishes through kube-apiserver. Its own UID is kube-apiserver's and
 * changes each time the mirror is re-created; the static Pod's UID — the one the kubelet's Pod
 * worker, the runtime's sandbox and `kubectl describe`'s event search go by — is the manifest's
 * config hash, which the mirror carries in kubernetes.io/config.mirror.
 */
import type { Pod } from './types';

export const MIRROR_ANNOTATION = 'kubernetes.io/config.mirror';

export function isMirrorPod(pod: Pod | undefined): boolean {
  return pod?.metadata.annotations?.[MIRROR_ANNOTATION] !== undefined;
}

/**
 * The UID the node knows a Pod by: a mirror Pod's static Pod UID (the annotation, as kubectl's
 * DescribePod puts it in the event search's reference), any other Pod's own.
 */
export function nodePodUID(pod: Pod): string {
  return pod.metadata.annotations?.[MIRROR_ANNOTATION] ?? pod.metadata.uid ?? '';
}
