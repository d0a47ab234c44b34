/**
 * The kubelet's `exec` endpoint (pkg/kubelet/server/server.go getExec → GetExec): it finds the
 * running container (findContainer looks only at what the runtime runs, so a waiting or exited
 * container is `container not found`), asks the runtime for an exec over CRI, and the command runs
 * in the container's process model at this simulated time. kube-apiserver reaches it through its
 * proxy (apiserver/kubelet-proxy.ts), having already resolved the Pod, its node and the container.
 */
import type { Pod } from '../../k8s/types';
import { trace } from '../runtime';
import type { World } from '../world';
import type { KubeletState } from '../kubelet/state';
import type { ExecRequest, KubeletResponse } from '../kubelet/server-api';
import { execSync, runtimeOf } from './cri';
import { podNetworkView } from './traffic';
import { execInContainer } from './app';
import { isMirrorPod } from '../kubelet/static-pods';
import { staticPodProcess } from '../kubelet/static-pod-exec';

const SHELLS = new Set(['sh', 'bash', 'ash', '/bin/sh', '/bin/bash', '/bin/ash', '/usr/bin/bash']);

/**
 * What the process runs. A shell given piped input reads it as its script (`kubectl exec -i pod
 * -- sh < script`); other commands get no stdin stream in this model.
 */
function argvOf(req: ExecRequest): string[] {
  const { command, stdin } = req.options;
  if (stdin !== undefined && command.length === 1 && SHELLS.has(command[0]!)) return [command[0]!, '-c', stdin];
  return command;
}

export function serveExec(w: World, self: KubeletState, req: ExecRequest): KubeletResponse {
  const pod = w.etcd.kv.get('pods')?.get(`pods/${req.namespace}/${req.pod}`) as Pod | undefined;
  const notFound: KubeletResponse = { ok: true, text: '', exec: { type: 'upgrade-failed', message: `container not found (${JSON.stringify(req.container)})` } };
  const status = [...(pod?.status?.containerStatuses ?? []), ...(pod?.status?.initContainerStatuses ?? []), ...(pod?.status?.ephemeralContainerStatuses ?? [])].find((c) => c.name === req.container);
  if (!pod || !status?.state.running || !status.containerID) return notFound;
  const rt = runtimeOf(w, self.host);
  if (!rt) return notFound;
  const id = status.containerID.replace(/^containerd:\/\//, '');
  const podRef = { namespace: req.namespace, name: req.pod };
  trace(w, { from: self.id, to: rt.id, kind: 'cri', detail: { service: 'RuntimeService', call: 'Exec', pod: podRef, container: req.container, command: req.options.command }, object: { kind: 'Pod', ...podRef } });
  if (isMirrorPod(pod)) {
    // A control-plane process is not a CRI container: the exec runs in its image (static-pod-exec.ts).
    const st = staticPodProcess(w, self, pod, req.container);
    if (!st) return notFound;
    const result = execInContainer(st.process, w.now, argvOf(req), { ...podNetworkView(w, self.host, req.namespace), ...st.extra });
    return { ok: true, text: '', exec: { type: 'exited', exitCode: result.exitCode, output: result.output } };
  }
  const podIP = pod.spec?.hostNetwork ? undefined : pod.status?.podIP;
  const ran = execSync(w, rt, id, argvOf(req), podNetworkView(w, self.host, req.namespace, podIP ? { pod: podRef, ip: podIP } : undefined));
  if (!ran.ok) return { ok: false, code: 500, reason: '', message: ran.error };
  return { ok: true, text: '', exec: { type: 'exited', exitCode: ran.result.exitCode, output: ran.result.output } };
}
