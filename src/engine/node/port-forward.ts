/**
 * The kubelet's `portForward` endpoint (pkg/kubelet/server/server.go getPortForward →
 * Kubelet.GetPortForward) and the runtime's PortForward behind it (containerd's
 * sandbox_portforward_linux.go). The upgrade finds the Pod among what the runtime runs, or says
 * `pod not found ("<name>_<namespace>")`; each connection then dials `localhost:port` inside the
 * Pod's network namespace — so a NetworkPolicy never sees it, and an app listening on the Pod's
 * IP alone would not answer (every app here listens on all addresses). Nothing listening is
 * containerd's error, wrapped by the kubelet's streaming server (portforward/httpstream.go) and
 * sent back on the stream's error channel, which kubectl prints. A stream is bound to the sandbox
 * the Pod had when it opened (the kubelet's redirect to the runtime names it), so once the Pod is
 * deleted or replaced its connections meet containerd's `failed to find sandbox "<id>" in store:
 * not found`, or `network namespace for sandbox "<id>" is closed` while the stopped sandbox is
 * still there (containerd's criService.portForward).
 */
import type { World } from '../world';
import type { KubeletState } from '../kubelet/state';
import type { KubeletResponse, PortForwardRequest } from '../kubelet/server-api';
import { markComponentChanged, trace } from '../runtime';
import { runtimeOf, settleSharers } from './cri';
import { serveRequest } from './app';
import { podNetworkView } from './traffic';

/** The CNI network namespace's path as containerd names it (`cni-` and a UUID), derived from the sandbox id. */
function netnsPath(sandboxId: string): string {
  const h = sandboxId.padEnd(32, '0');
  return `/var/run/netns/cni-${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/** The ready sandbox of a Pod on `node`, which a port-forward stream opened now is bound to. */
export function readySandbox(w: World, node: string, namespace: string, pod: string): string | undefined {
  const rt = runtimeOf(w, node);
  return rt && [...rt.sandboxes.values()].find((s) => s.podNamespace === namespace && s.podName === pod && s.state === 'SANDBOX_READY')?.id;
}

/** The upgrade (no `request`) or one connection's request on an open stream. */
export function servePortForward(w: World, self: KubeletState, req: PortForwardRequest): KubeletResponse {
  const rt = runtimeOf(w, self.host);
  const found = readySandbox(w, self.host, req.namespace, req.pod);
  if (req.request === undefined || req.port === undefined) {
    return found ? { ok: true, text: '' } : { ok: true, text: '', forward: { type: 'error', message: `pod not found (${JSON.stringify(`${req.pod}_${req.namespace}`)})` } };
  }
  // Each connection goes to the sandbox the stream was opened on (containerd's portForward):
  // gone from the runtime's store, or stopped, is containerd's error.
  const id = req.sandbox ?? found ?? '';
  const pod = { namespace: req.namespace, name: req.pod };
  if (rt) trace(w, { from: self.id, to: rt.id, kind: 'cri', detail: { service: 'RuntimeService', call: 'PortForward', pod, port: req.port }, object: { kind: 'Pod', ...pod } });
  const sandbox = rt?.sandboxes.get(id);
  const wrap = (err: string): KubeletResponse => ({ ok: true, text: '', forward: { type: 'error', message: `error forwarding port ${req.port} to pod ${id}, uid : ${err}` } });
  if (!rt || !sandbox) return wrap(`failed to find sandbox ${JSON.stringify(id)} in store: not found`);
  if (sandbox.state !== 'SANDBOX_READY' && !sandbox.hostNetwork) return wrap(`network namespace for sandbox ${JSON.stringify(id)} is closed`);
  for (const c of rt.containers.values()) {
    if (c.sandboxId !== sandbox.id || c.state !== 'CONTAINER_RUNNING' || !c.process) continue;
    // What the app asks of the cluster in turn (guestbook.php's Redis) leaves from its Pod.
    const net = sandbox.hostNetwork ? undefined : podNetworkView(w, self.host, req.namespace, { pod, ip: sandbox.ip });
    settleSharers(w, rt, c);
    const answer = serveRequest(c.process, w.now, req.port, req.request, req.request.path, '127.0.0.1', net);
    if (!answer) continue;
    markComponentChanged(w, rt.id);
    return { ok: true, text: '', forward: { type: 'answer', answer } };
  }
  const netns = sandbox.hostNetwork ? 'host' : netnsPath(sandbox.id);
  // containerd's message ends with a space (its format string does); recorded in
  // github.com/helixml/helix/pull/589 and kubernetes-sigs/kind#2953.
  const message =
    `error forwarding port ${req.port} to pod ${sandbox.id}, uid : failed to execute portforward in network namespace ${JSON.stringify(netns)}: ` +
    `failed to connect to localhost:${req.port} inside namespace ${JSON.stringify(sandbox.id)}, IPv4: dial tcp4 127.0.0.1:${req.port}: connect: connection refused IPv6 dial tcp6 [::1]:${req.port}: connect: connection refused `;
  return { ok: true, text: '', forward: { type: 'error', message } };
}
