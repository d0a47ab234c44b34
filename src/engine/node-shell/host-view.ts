/**
 * The node as a container on it reaches it (images/types.ts HostView): the node's files, which a
 * hostPath mount shows (`/host` in `kubectl debug node/…`'s Pod), and the node's own /bin/sh,
 * which `chroot /host` runs. The same files and programs `sim ssh` uses (host-fs.ts, node-machine.ts): one
 * node, not a copy, with what either shell wrote. Built for one exec or attach; the files are
 * read when first asked for.
 */
import type { PersistentVolume, PersistentVolumeClaim, Pod } from '../../k8s/types';
import type { BaseFs } from '../images/fs';
import type { HostView } from '../images/types';
import { peekObject, type World } from '../world';
import { nodeView } from './host-fs';
import { nodeHas, runHostCommand, type HostCaller } from './node-machine';

export function hostView(w: World, node: string, caller?: HostCaller): HostView {
  let files: BaseFs | undefined;
  const fs = (): BaseFs => (files ??= nodeView(w, node));
  return {
    root: { file: (p) => fs().file(p), isDir: (p) => fs().isDir(p), list: (p) => fs().list(p) },
    run: (argv, env, stdin, at, pace) => runHostCommand(w, node, argv, env, stdin, at, caller, pace && { to: (t) => pace.to(t) }),
    has: (program) => nodeHas(w, node, program),
  };
}

/** Whether `claim` (in `namespace`) is bound to a hostPath PersistentVolume: its data is a node directory. */
function hostPathClaim(w: World, namespace: string, claim: string): boolean {
  const pvc = peekObject(w, 'persistentvolumeclaims', `persistentvolumeclaims/${namespace}/${claim}`) as PersistentVolumeClaim | undefined;
  const pvName = pvc?.spec.volumeName;
  const pv = pvName ? (peekObject(w, 'persistentvolumes', `persistentvolumes/${pvName}`) as PersistentVolume | undefined) : undefined;
  return pv?.spec.hostPath !== undefined;
}

/** The view for an exec or attach into `pod` (`tty`: on a terminal), when it mounts any of the node's directories. */
export function hostViewFor(w: World, node: string, pod: Pod, tty = false): { host?: HostView } {
  const ns = pod.metadata.namespace ?? 'default';
  const mountsHost = (pod.spec.volumes ?? []).some((v) => v.hostPath || (v.persistentVolumeClaim && hostPathClaim(w, ns, v.persistentVolumeClaim.claimName)));
  return mountsHost ? { host: hostView(w, node, { podUid: pod.metadata.uid ?? '', tty }) } : {};
}
