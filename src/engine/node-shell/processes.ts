/**
 * The node's process table, as `ps` in the node's PID namespace lists it: systemd as PID 1
 * (`/sbin/init` on its command line, `systemd` its comm, as on Ubuntu), journald, the container
 * runtime, the kubelet with the command line kubeadm's drop-in and kubeadm-flags.env give it (the
 * PID its journal lines carry), then per Pod sandbox containerd's shim (`containerd-shim-runc-v2
 * -namespace k8s.io -id SANDBOX -address SOCKET`, parent of the sandbox's processes), its `/pause`
 * and each running container's processes (proc-container.ts) under it. What a `hostPID: true`
 * container (`kubectl debug node/…`) sees, and the node shell's own `ps`: a container is just
 * processes on the node.
 *
 * Approximate: PIDs other than 1 and the kubelet's are illustrative (in start order); there are
 * no kernel threads, udev, cron or dbus; sshd runs from boot (Ubuntu 24.04 starts it on the
 * first connection to ssh.socket) and the ssh session's own `sshd: root@pts/0` is not listed; a static Pod's command line is its mirror Pod's
 * (the manifest as the kubelet last read it); under CRI-O there is no conmon per container (only the sandboxes' pause processes).
 */
import { agentId } from '../core/ids';
import { kubeletPid } from '../kubelet/journal';
import { processTable } from '../node/app';
import { factsOf } from '../node/runtime-impl';
import { baseFacts } from '../node/machine-facts';
import { pauseProc, proc, type Proc } from '../images/proc-model';
import type { Pod } from '../../k8s/types';
import type { World } from '../world';
import { staticContainers } from './static-containers';

/** Renumbers one container's processes from `next` on, its PID 1 a child of `parent`. */
function adopt(procs: Proc[], parent: number, next: () => number): Proc[] {
  const map = new Map<number, number>();
  for (const p of procs) map.set(p.pid, next());
  return procs.map((p) => ({ ...p, pid: map.get(p.pid)!, ppid: p.ppid === 0 ? parent : (map.get(p.ppid) ?? parent) }));
}

/**
 * A static Pod's command line as its manifest gives it (the mirror Pod carries the manifest's
 * spec): `ps aux | grep kube-apiserver` shows the flags the component runs with.
 */
function staticCommand(w: World, podName: string): string | undefined {
  const pod = w.etcd.kv.get('pods')?.get(`pods/kube-system/${podName}`) as Pod | undefined;
  const c = pod?.spec.containers[0];
  const argv = [...(c?.command ?? []), ...(c?.args ?? [])];
  return argv.length ? argv.join(' ') : undefined;
}

/** `except`: a container whose own processes its `ps` lists itself (a hostPID container's). */
export function hostProcesses(w: World, node: string, except?: string): Proc[] {
  const rt = w.components.get(agentId('container-runtime', node));
  const runtime = rt?.kind === 'container-runtime' ? rt : undefined;
  // The daemons started with the machine (machine-facts.ts: it booted before the cluster's first moment).
  const boot = baseFacts(w, node, runtime)?.bootedAt ?? 0;
  const out: Proc[] = [
    proc({ pid: 1, ppid: 0, uid: 0, user: 'root', comm: 'systemd', args: '/sbin/init', startedAt: boot, stat: 'Ss' }),
    proc({ pid: 321, ppid: 1, uid: 0, user: 'root', comm: 'systemd-journal', args: '/usr/lib/systemd/systemd-journald', startedAt: boot, stat: 'Ss', vszKb: 50232, rssKb: 16896 }),
    // Ubuntu's stub resolver (user systemd-resolve, which ps's 8-column USER cuts to `systemd+`)
    // and sshd, which holds the ssh.socket listeners systemd passed it (host-sockets.ts).
    proc({ pid: 389, ppid: 1, uid: 991, user: 'systemd-resolve', comm: 'systemd-resolve', args: '/usr/lib/systemd/systemd-resolved', startedAt: boot, stat: 'Ss', vszKb: 21584, rssKb: 12928 }),
  ];
  const facts = factsOf(runtime);
  if (runtime?.running) out.push(proc({ pid: 412, ppid: 1, uid: 0, user: 'root', comm: facts.process, args: `/usr/bin/${facts.process}`, startedAt: boot, stat: 'Ssl' }));
  out.push(proc({ pid: 418, ppid: 1, uid: 0, user: 'root', comm: 'sshd', args: 'sshd: /usr/sbin/sshd -D [listener] 0 of 10-100 startups', titled: true, startedAt: boot, stat: 'Ss', vszKb: 12020, rssKb: 7936 }));
  const kubelet = w.components.get(agentId('kubelet', node));
  if (kubelet?.kind === 'kubelet' && kubelet.running) {
    out.push(proc({ pid: kubeletPid(w, kubelet), ppid: 1, uid: 0, user: 'root', comm: 'kubelet', args: `/usr/bin/kubelet --bootstrap-kubeconfig=/etc/kubernetes/bootstrap-kubelet.conf --kubeconfig=/etc/kubernetes/kubelet.conf --config=/var/lib/kubelet/config.yaml --container-runtime-endpoint=unix://${facts.socket}`, startedAt: boot, stat: 'Ssl' }));
  }
  let pid = 1500;
  const next = (): number => (pid += 1);
  const shim = (id: string, at: number): number => {
    const p = (pid += 7);
    if (facts.process === 'containerd') out.push(proc({ pid: p, ppid: 1, uid: 0, user: 'root', comm: 'containerd-shim', args: `/usr/bin/containerd-shim-runc-v2 -namespace k8s.io -id ${id} -address ${facts.socket}`, startedAt: at, stat: 'Sl' }));
    return p;
  };
  for (const s of staticContainers(w, node)) {
    if (!s.running) continue;
    const parent = shim(s.sandboxId, s.podCreatedAt);
    out.push(pauseProc(next(), parent, s.podCreatedAt));
    out.push(proc({ pid: next(), ppid: parent, uid: 0, user: 'root', comm: s.kind.slice(0, 15), args: staticCommand(w, s.podName) ?? s.kind, startedAt: s.startedAt, stat: 'Ssl' }));
  }
  if (!runtime?.running) return out;
  for (const sb of runtime.sandboxes.values()) {
    if (sb.state !== 'SANDBOX_READY') continue;
    const parent = shim(sb.id, sb.createdAt);
    out.push(pauseProc(next(), parent, sb.createdAt));
    for (const c of runtime.containers.values()) {
      if (c.sandboxId !== sb.id || c.id === except || c.state !== 'CONTAINER_RUNNING' || !c.process) continue;
      pid += 4;
      out.push(...adopt(processTable(c.process, w.now), parent, next));
    }
  }
  return out;
}
