/**
 * The kubelet's user namespace manager (pkg/kubelet/userns) for a Pod with `hostUsers: false`:
 * a range of 65536 host ids of its own, 65536-aligned, from the kubelet's range (the node's
 * kubelet user has no /etc/subuid entry, so the default: host ids from 65536 up). The runtime
 * (containerd 2.x, Linux 6.8 here: both new enough) makes the Pod's user namespace with it, and
 * every container of the Pod shares it.
 *
 * Inferred, not read from source: upstream picks a free range at random; here it is a hash of the
 * Pod's uid (stable across restarts, as upstream's record of the Pod is). The namespace's inode
 * stands for the one the kernel allocates (4026532xxx, above the initial 4026531837).
 */
import type { Pod } from '../../k8s/types';
import { fnv1a } from '../../k8s/sha256';
import type { UserNamespace } from '../images/types';

const USERNS_LENGTH = 65536;
/** 65535 ranges of 65536 from host id 65536: 2^32 ids in all. */
const RANGES = 65535;

export function podUserNamespace(pod: Pod): UserNamespace | undefined {
  if (pod.spec.hostUsers !== false) return undefined;
  const uid = pod.metadata.uid ?? '';
  return { hostId: (1 + (fnv1a(`userns:${uid}`) % (RANGES - 1))) * USERNS_LENGTH, inode: 4026532200 + (fnv1a(`userns-inode:${uid}`) % 1800) };
}
