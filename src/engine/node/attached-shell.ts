/**
 * A terminal attached to a container's PID 1 (`kubectl run -it … -- sh`, CRI Attach): what the
 * shell there reads is what the learner types.
 */
import type { Pod } from '../../k8s/types';
import { exitStdinShell } from '../images/process';
import type { World } from '../world';
import { runtimeOf } from './cri';
import { armExit } from './exits';

/**
 * `exit N` typed at a terminal attached to a container whose PID 1 is an interactive shell
 * (`kubectl run -it … -- sh`): that shell is the container's process, so the container ends with
 * N, the runtime records the exit and the kubelet restarts or completes it by restartPolicy.
 * False when the container is not running such a shell.
 */
export function exitAttachedShell(w: World, namespace: string, podName: string, container: string, exitCode: number): boolean {
  const pod = w.etcd.kv.get('pods')?.get(`pods/${namespace}/${podName}`) as Pod | undefined;
  const id = [...(pod?.status?.containerStatuses ?? []), ...(pod?.status?.ephemeralContainerStatuses ?? [])].find((c) => c.name === container)?.containerID?.replace(/^containerd:\/\//, '');
  const rt = pod?.spec.nodeName ? runtimeOf(w, pod.spec.nodeName) : undefined;
  const c = id === undefined ? undefined : rt?.containers.get(id);
  if (!rt || !c?.process || c.state !== 'CONTAINER_RUNNING') return false;
  if (!exitStdinShell(c.process, w.now, exitCode & 255)) return false;
  armExit(w, rt, c);
  return true;
}
