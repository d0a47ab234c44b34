/**
 * The sockets a node's own processes listen on, in its host network namespace: what `ss -tlnp`
 * lists (ss.ts) and what `curl localhost:PORT` on the node reaches (node-net.ts). Each belongs to
 * a process of the node's table (processes.ts), so a socket is there exactly while `ps` shows its
 * owner, with the PID `ps` shows:
 * - systemd-resolved: 127.0.0.53%lo:53 and 127.0.0.54:53, TCP and UDP (Ubuntu's stub resolver).
 * - sshd: 0.0.0.0:22 and [::]:22, shared with systemd (Ubuntu 24.04's ssh.socket passes them on).
 * - the container runtime: its CRI streaming server on a loopback port the kernel picked
 *   (containerd's and CRI-O's stream_port "0").
 * - kubelet: healthz on 127.0.0.1:10248 (kubeadm's KubeletConfiguration healthzBindAddress) and
 *   its API on *:10250 (address 0.0.0.0: Go listens dual-stack, ss prints `*`).
 * - kube-proxy: metrics on 127.0.0.1:10249 (metricsBindAddress' default), its health server on
 *   *:10256 (healthzBindAddress 0.0.0.0:10256).
 * - on the control plane, from kubeadm's static Pod manifests: kube-apiserver *:6443,
 *   kube-controller-manager 127.0.0.1:10257 and kube-scheduler 127.0.0.1:10259 (--bind-address),
 *   etcd 127.0.0.1:2379 and NODE_IP:2379 (--listen-client-urls), NODE_IP:2380 (peers),
 *   127.0.0.1:2381 (--listen-metrics-urls=http://127.0.0.1:2381).
 *
 * Approximate: the file descriptors are plausible numbers, not measured ones; the runtime's
 * stream port is derived from the node's name; hostNetwork Pods' own apps are not listed.
 */
import type { World } from '../world';
import type { ApiServerState } from '../apiserver/state';
import type { Proc } from '../images/proc-model';

export type SocketServer =
  | { kind: 'kubelet-healthz' }
  | { kind: 'kubelet' }
  | { kind: 'kube-proxy-metrics'; startedAt: number }
  | { kind: 'kube-proxy-healthz'; startedAt: number }
  | { kind: 'kube-apiserver'; server: ApiServerState }
  | { kind: 'etcd-metrics' }
  /** kube-scheduler's and kube-controller-manager's secure port: anonymous /healthz, /livez, /readyz. */
  | { kind: 'secure-health'; component: 'kube-scheduler' | 'kube-controller-manager' }
  /** The runtime's CRI streaming server: exec/attach/port-forward URLs only. */
  | { kind: 'cri-stream' }
  /** A server that speaks no HTTP here (sshd, DNS, etcd's TLS client and peer ports). */
  | { kind: 'other' };

export interface SocketUser {
  comm: string;
  pid: number;
  fd: number;
}

export interface HostSocket {
  proto: 'tcp' | 'udp';
  /** The local address as ss prints it: `127.0.0.1`, `0.0.0.0`, `*` (dual-stack), `[::]`, `127.0.0.53%lo`. */
  addr: string;
  port: number;
  /** IPv6 socket (`*`, `[::]`): listed after the IPv4 ones. */
  v6: boolean;
  users: SocketUser[];
  server: SocketServer;
}

/** The IPv4 addresses a connection to `addr` may be dialled at, on a node whose address is `nodeIP`. */
function reachableAt(addr: string, nodeIP: string): (ip: string) => boolean {
  switch (addr) {
    case '*':
    case '0.0.0.0':
      return () => true;
    case '[::]':
      return (ip) => ip === '::1';
    default: {
      const bare = addr.replace(/%.*$/, '');
      return (ip) => ip === bare || (bare === nodeIP && ip === nodeIP);
    }
  }
}

/**
 * Whether `s` accepts a TCP connection dialled at `ip`. `fallback`: `::1` also reaches IPv4
 * loopback listeners, as curl falls back to 127.0.0.1 when ::1 refuses.
 */
export function acceptsAt(s: HostSocket, ip: string, nodeIP: string, fallback = true): boolean {
  if (s.proto !== 'tcp') return false;
  const at = reachableAt(s.addr, nodeIP);
  return at(ip) || (fallback && ip === '::1' && at('127.0.0.1'));
}

/** FNV-1a, for the runtime's stream port. */
function fnv(text: string): number {
  let h = 0x811c9dc5;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return h;
}

/** The node's listening sockets, owned by the processes of `procs` (the node's table). */
export function hostSockets(w: World, node: string, procs: readonly Proc[]): HostSocket[] {
  const nodeIP = w.machineSpecs.get(node)?.ip ?? '127.0.0.1';
  const byComm = (comm: string): Proc | undefined => procs.find((p) => p.comm === comm && p.ppid !== 0);
  const out: HostSocket[] = [];
  const add = (proto: 'tcp' | 'udp', addr: string, port: number, users: SocketUser[], server: SocketServer = { kind: 'other' }): void => {
    out.push({ proto, addr, port, v6: addr === '*' || addr.startsWith('['), users, server });
  };
  const resolved = byComm('systemd-resolve');
  if (resolved) {
    const u = (fd: number): SocketUser[] => [{ comm: resolved.comm, pid: resolved.pid, fd }];
    add('udp', '127.0.0.53%lo', 53, u(14));
    add('tcp', '127.0.0.53%lo', 53, u(15));
    add('udp', '127.0.0.54', 53, u(16));
    add('tcp', '127.0.0.54', 53, u(17));
  }
  const sshd = byComm('sshd');
  if (sshd) {
    add('tcp', '0.0.0.0', 22, [{ comm: 'sshd', pid: sshd.pid, fd: 3 }, { comm: 'systemd', pid: 1, fd: 104 }]);
    add('tcp', '[::]', 22, [{ comm: 'sshd', pid: sshd.pid, fd: 4 }, { comm: 'systemd', pid: 1, fd: 105 }]);
  }
  const runtime = byComm('containerd') ?? byComm('crio');
  if (runtime) add('tcp', '127.0.0.1', 32768 + (fnv(`${node}/stream`) % 28232), [{ comm: runtime.comm, pid: runtime.pid, fd: runtime.comm === 'crio' ? 12 : 14 }], { kind: 'cri-stream' });
  const kubelet = byComm('kubelet');
  if (kubelet) {
    add('tcp', '127.0.0.1', 10248, [{ comm: 'kubelet', pid: kubelet.pid, fd: 19 }], { kind: 'kubelet-healthz' });
    add('tcp', '*', 10250, [{ comm: 'kubelet', pid: kubelet.pid, fd: 24 }], { kind: 'kubelet' });
  }
  const proxy = byComm('kube-proxy');
  if (proxy) {
    add('tcp', '127.0.0.1', 10249, [{ comm: 'kube-proxy', pid: proxy.pid, fd: 11 }], { kind: 'kube-proxy-metrics', startedAt: proxy.startedAt });
    add('tcp', '*', 10256, [{ comm: 'kube-proxy', pid: proxy.pid, fd: 9 }], { kind: 'kube-proxy-healthz', startedAt: proxy.startedAt });
  }
  const etcd = byComm('etcd');
  if (etcd) {
    const u = (fd: number): SocketUser[] => [{ comm: 'etcd', pid: etcd.pid, fd }];
    add('tcp', '127.0.0.1', 2379, u(9));
    add('tcp', nodeIP, 2379, u(8));
    add('tcp', nodeIP, 2380, u(7));
    add('tcp', '127.0.0.1', 2381, u(12), { kind: 'etcd-metrics' });
  }
  const apiserver = byComm('kube-apiserver');
  const server = w.apiServers.map((id) => w.components.get(id) as ApiServerState | undefined).find((s) => s?.host === node && s.running);
  if (apiserver && server) add('tcp', '*', 6443, [{ comm: 'kube-apiserver', pid: apiserver.pid, fd: 3 }], { kind: 'kube-apiserver', server });
  const cm = byComm('kube-controller');
  if (cm) add('tcp', '127.0.0.1', 10257, [{ comm: cm.comm, pid: cm.pid, fd: 3 }], { kind: 'secure-health', component: 'kube-controller-manager' });
  const scheduler = byComm('kube-scheduler');
  if (scheduler) add('tcp', '127.0.0.1', 10259, [{ comm: 'kube-scheduler', pid: scheduler.pid, fd: 3 }], { kind: 'secure-health', component: 'kube-scheduler' });
  return out;
}
