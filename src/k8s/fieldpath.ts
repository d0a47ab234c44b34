/**
 * The downward API's Pod field paths (`fieldRef.fieldPath`), as the kubelet resolves them for
 * environment variables and kubectl describe shows them.
 */
import type { Pod } from './types';
import { own } from './own';

export function podFieldValue(pod: Pod, path: string, podIP = pod.status?.podIP ?? '', hostIP = pod.status?.hostIP ?? ''): string {
  const label = path.match(/^metadata\.(labels|annotations)\['(.+)'\]$/);
  if (label) return (own(label[1] === 'labels' ? pod.metadata.labels : pod.metadata.annotations, label[2]!) as string | undefined) ?? '';
  switch (path) {
    case 'metadata.name':
      return pod.metadata.name ?? '';
    case 'metadata.namespace':
      return pod.metadata.namespace ?? '';
    case 'metadata.uid':
      return pod.metadata.uid ?? '';
    case 'spec.nodeName':
      return pod.spec.nodeName ?? '';
    case 'spec.serviceAccountName':
      return pod.spec.serviceAccountName ?? '';
    case 'status.podIP':
      return podIP;
    case 'status.hostIP':
      return hostIP;
    default:
      return '';
  }
}
