/**
 * The kubelet's runAsNonRoot check (pkg/kubelet/kuberuntime security_context_others.go
 * verifyRunAsNonRoot), which generateContainerConfig runs after the container's options
 * (environment, mounts) and before CreateContainer: a container whose effective securityContext
 * says runAsNonRoot must not run as uid 0, and the kubelet can only tell from a numeric user.
 * The image's user is what CRI ImageStatus reports (getImageUser: its Uid, else its Username,
 * else root). A refusal is a CreateContainerConfigError (pod-worker.ts records it: the `Failed`
 * Event `Error: <message>`, the Waiting state, the retry). Windows' branch is not modelled.
 * Approximate: an image the catalog does not list (a generic one) has no configured user, so it
 * counts as root here whatever its real config says.
 */
import type { Container, Pod } from '../../k8s/types';
import { imageDefinition, resolveImage } from '../images/catalog';
import { criImageUser } from '../images/image-user';

const MAX_INT32 = 2147483647;

/** format.Pod: `name_namespace(uid)`, which the messages quote with Go's %q. */
function formatPod(pod: Pod): string {
  return `${pod.metadata.name ?? ''}_${pod.metadata.namespace ?? ''}(${pod.metadata.uid ?? ''})`;
}

/** securitycontext.DetermineEffectiveSecurityContext's two fields: the container's over the Pod's. */
function effective(pod: Pod, c: Container): { runAsNonRoot: boolean | undefined; runAsUser: number | undefined } {
  const podSc = pod.spec.securityContext as Record<string, unknown> | undefined;
  const sc = c.securityContext;
  const pick = (field: string): unknown => (sc?.[field] !== undefined && sc[field] !== null ? sc[field] : podSc?.[field]);
  const nonRoot = pick('runAsNonRoot');
  const user = pick('runAsUser');
  return { runAsNonRoot: typeof nonRoot === 'boolean' ? nonRoot : undefined, runAsUser: typeof user === 'number' ? user : undefined };
}

/** verifyRunAsNonRoot: the error message, or undefined when the container may be created. */
export function runAsNonRootError(pod: Pod, c: Container): string | undefined {
  const sc = effective(pod, c);
  if (sc.runAsNonRoot !== true) return undefined;
  const at = `(pod: ${JSON.stringify(formatPod(pod))}, container: ${c.name})`;
  if (sc.runAsUser !== undefined) return sc.runAsUser === 0 ? `container's runAsUser breaks non-root policy ${at}` : undefined;
  // getImageUser: ImageStatus's Uid, else its Username; neither set is root.
  const user = criImageUser(imageDefinition(resolveImage(c.image ?? '').ref).image.user) ?? { uid: 0 };
  if ('username' in user) return `container has runAsNonRoot and image has non-numeric user (${user.username}), cannot verify user is non-root ${at}`;
  if (user.uid === 0) return `container has runAsNonRoot and image will run as root ${at}`;
  if (user.uid > MAX_INT32) {
    return `container has runAsNonRoot and image has an invalid user id (${user.uid}). (Must be 1-(${MAX_INT32})): must be between 0 and ${MAX_INT32}, inclusive ${at}`;
  }
  return undefined;
}
