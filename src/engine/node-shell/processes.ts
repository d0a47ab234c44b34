/**
 * The node's process table, as `ps` in the node's PID namespace lists it: init, the container
 * runtime, the kubelet (the PID its journal lines carry), the static Pods' processes, then each
 * running sandbox's pause process and its containers' processes. What a `hostPID: true` container
 * (`kubectl debug node/…`) sees, and the node shell's own `ps`: the kubelet is a process on the
 * host like any other.
 *
 * Approximate: PIDs other than 1 and the kubelet's are illustrative (in start order), a static
 * Pod's process is shown by its binary's name only, and there are no kernel threads or shims.
 */
import { agentId } from '../core/ids';
import { kubeletPid } from '../kubelet/journal';
import { processTable } from '../node/app';
import { factsOf } from '../node/runtime-impl';
import type { World } from '../world';
import { staticContainers } from './static-containers';

/** `except`: a container whose own processes its `ps` lists itself (a hostPID container's). */
export function hostProcesses(w: World, node: string, except?: string): [number, string][] {
  const out: [number, string][] = [[1, '/sbin/init']];
  const rt = w.components.get(agentId('container-runtime', node));
  const runtime = rt?.kind === 'container-runtime' ? rt : undefined;
  const facts = factsOf(runtime);
  if (runtime?.running) out.push([412, `/usr/bin/${facts.process}`]);
  const kubelet = w.components.get(agentId('kubelet', node));
  if (kubelet?.kind === 'kubelet' && kubelet.running) {
    out.push([kubeletPid(w, kubelet), `/usr/bin/kubelet --bootstrap-kubeconfig=/etc/kubernetes/bootstrap-kubelet.conf --kubeconfig=/etc/kubernetes/kubelet.conf --config=/var/lib/kubelet/config.yaml --container-runtime-endpoint=unix://${facts.socket}`]);
  }
  let pid = 1500;
  for (const s of staticContainers(w, node)) if (s.running) out.push([(pid += 7), s.kind]);
  if (!runtime?.running) return out;
  for (const sb of runtime.sandboxes.values()) {
    if (sb.state !== 'SANDBOX_READY') continue;
    out.push([(pid += 11), '/pause']);
    for (const c of runtime.containers.values()) {
      if (c.sandboxId !== sb.id || c.id === except || c.state !== 'CONTAINER_RUNNING' || !c.process) continue;
      for (const [, cmd] of processTable(c.process, w.now)) out.push([(pid += 5), cmd]);
    }
  }
  return out;
}
