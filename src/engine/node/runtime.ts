/**
 * containerd as a process. Containers belong to their shims, not to containerd: restarting the
 * runtime (or the kubelet) leaves them running, so start() only re-arms their exit timers.
 * Powering the machine off is different: every process dies, and after the reboot the old
 * sandboxes are NotReady, which makes the kubelet re-create them (SandboxChanged).
 */
import type { Behaviour } from '../behaviour';
import { markComponentChanged } from '../runtime';
import { dnsEndpointsChanged } from './cluster-dns';
import { armExit, exitContainer, NET_STEP, onExitTimer } from './exits';
import { onNetStep } from './process-net';
import { preloadedImages } from './image-store';

export const runtimeBehaviour: Behaviour<'container-runtime'> = {
  start(w, self) {
    const spec = w.machineSpecs.get(self.host);
    for (const img of preloadedImages(spec?.controlPlane ?? false)) if (!self.images.has(img.ref)) self.images.set(img.ref, { ...img });
    for (const c of self.containers.values()) armExit(w, self, c);
    markComponentChanged(w, self.id);
  },
  stop(w, self) {
    if (!w.faults.has(`node/${self.host}`)) return;
    for (const c of self.containers.values()) if (c.state === 'CONTAINER_RUNNING') exitContainer(c, w.now, 255, 'Error');
    const ips = [...self.sandboxes.values()].filter((sb) => sb.state === 'SANDBOX_READY' && sb.ip !== '').map((sb) => sb.ip);
    for (const sb of self.sandboxes.values()) sb.state = 'SANDBOX_NOTREADY';
    markComponentChanged(w, self.id);
    // Until the endpoints are withdrawn, queries kube-proxy still sends here go unanswered.
    dnsEndpointsChanged(w, ips);
  },
  onTimer(w, self, name, arg) {
    if (name === 'exit' && arg !== undefined) {
      const wasRunning = self.containers.get(arg)?.state === 'CONTAINER_RUNNING';
      onExitTimer(w, self, arg);
      markComponentChanged(w, self.id);
      const c = self.containers.get(arg);
      const ip = c ? self.sandboxes.get(c.sandboxId)?.ip : undefined;
      if (wasRunning && c?.state === 'CONTAINER_EXITED' && ip) dnsEndpointsChanged(w, [ip]);
    } else if (name === NET_STEP && arg !== undefined) {
      const c = self.containers.get(arg);
      if (c && onNetStep(w, self, arg)) armExit(w, self, c);
    }
  },
};
