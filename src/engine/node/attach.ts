/**
 * The kubelet's `attach` endpoint (pkg/kubelet/server/server.go getAttach → Kubelet.GetAttach):
 * findContainer looks only at what the runtime runs, so a waiting or exited container is
 * `container <name> not found in pod <pod>_<namespace>` (the Pod's full name); then the runtime's
 * Attach (CRI) joins the container's stdio. What is typed reaches PID 1 only when it reads it: a
 * shell started with the runtime holding its stdin open (`stdin: true`, `kubectl run -it`).
 * containerd drops an attach's stdin when the container has none (ContainerIO.Attach), so any
 * other process gets no input and the attach only carries its output (the caller streams that).
 *
 * A line typed at an attached shell (`kubectl run -it`, `kubectl debug -it`) waits for the World
 * as an exec's does (exec.ts streamPace): each step reads the cluster at its moment.
 *
 * Approximate: a line typed at an attached shell arrives as its own attach request (the trace
 * shows one per line, as the browser terminal's shell shows one exec per line), run in the
 * container as that shell runs a line.
 */
import type { Pod } from '../../k8s/types';
import { trace } from '../runtime';
import type { World } from '../world';
import type { KubeletState } from '../kubelet/state';
import type { AttachOutcome, AttachRequest, KubeletResponse } from '../kubelet/server-api';
import { execSync, runtimeOf } from './cri';
import { podNetworkView } from './traffic';
import { liveMachine } from './resource-metrics';
import { hostViewFor } from '../node-shell/host-view';
import { podNetnsView } from './netns';
import { podLoopback } from './pod-loopback';
import { stdinShell } from './app';
import { readsStdinItself } from '../images/process';
import type { NetworkView } from '../images/types';
import type { WorldPace } from '../images/machine';
import type { ContainerRecord, RuntimeState } from './runtime-state';
import { isComponentMirror } from '../kubelet/static-pods';
import { streamPace, streamRun } from './exec';

export function serveAttach(w: World, self: KubeletState, req: AttachRequest): KubeletResponse {
  const pod = w.etcd.kv.get('pods')?.get(`pods/${req.namespace}/${req.pod}`) as Pod | undefined;
  const notFound: KubeletResponse = { ok: true, text: '', attach: { type: 'upgrade-failed', message: `container ${req.container} not found in pod ${req.pod}_${req.namespace}` } };
  const status = [...(pod?.status?.containerStatuses ?? []), ...(pod?.status?.initContainerStatuses ?? []), ...(pod?.status?.ephemeralContainerStatuses ?? [])].find((c) => c.name === req.container);
  if (!pod || !status?.state.running || !status.containerID) return notFound;
  const rt = runtimeOf(w, self.host);
  if (!rt) return notFound;
  const podRef = { namespace: req.namespace, name: req.pod };
  trace(w, { from: self.id, to: rt.id, kind: 'cri', detail: { service: 'RuntimeService', call: 'Attach', pod: podRef, container: req.container }, object: { kind: 'Pod', ...podRef } });
  const attached: Extract<AttachOutcome, { type: 'attached' }> = { type: 'attached', containerID: status.containerID };
  // A control-plane process is no CRI container and no shell: its attach carries output only.
  if (isComponentMirror(w, self.host, pod)) return { ok: true, text: '', attach: attached };
  const id = status.containerID.replace(/^[\w-]+:\/\//, '');
  const c = rt.containers.get(id);
  const reader = c?.process && c.state === 'CONTAINER_RUNNING' ? stdinShell(c.process) : undefined;
  const shell = reader?.[reader.length - 1];
  if (shell) attached.shell = shell;
  const { input } = req.options;
  if (input === undefined || !reader || !req.options.stdin) return { ok: true, text: '', attach: attached };
  const podIP = pod.spec.hostNetwork ? undefined : pod.status?.podIP;
  const net = { ...podNetworkView(w, self.host, req.namespace, podIP ? { pod: podRef, ip: podIP } : undefined), ...hostViewFor(w, self.host, pod, true), ...podNetnsView(w, self.host, pod), ...(c ? { loopback: podLoopback(w, rt, c) } : {}), ...liveMachine(w, self.host) };
  // A shell reads the line itself, and keeps its state for the next (images/tty-shell.ts); what it starts (`chroot /host /bin/sh`) runs it with `-c`.
  const columns = req.options.columns !== undefined ? { columns: req.options.columns } : {};
  // The learner's typed line waits for the World as an exec's does (exec.ts streamPace).
  const start = w.now;
  const pace = c && req.pace ? streamPace(w, rt, c, req.pace) : undefined;
  if (readsStdinItself(reader)) return programAttach(w, rt, id, c!, reader, net, input, req, attached, pace);
  const ran = reader.length === 1 ? execSync(w, rt, id, reader, net, input, { attached: true, shell: { argv: reader, pid: 1, ...(req.options.interruptAt !== undefined ? { interruptAt: req.options.interruptAt } : {}), ...(req.options.probe ? { probe: true } : {}) }, ...(req.options.editor ? { editor: true as const } : {}), ...columns }, true, pace) : execSync(w, rt, id, [...reader, '-c', input], net, undefined, { attached: true, ...columns }, true, pace);
  if (!ran.ok) return { ok: false, code: 500, reason: '', message: ran.error };
  // How the line went, as an exec's outcome says it (exec.ts streamRun): a TTY's output is one
  // stream, each chunk still stamped when it was written.
  const run = streamRun(ran.result, start, w.now);
  if (run.streams) run.streams = run.streams.map((c) => ({ ...c, stream: 'stdout' }));
  attached.ran = run;
  return { ok: true, text: '', attach: attached };
}

/**
 * An attach to a PID 1 that reads its stdin itself (`kubectl run -it … -- mysql -h mysql`): the
 * first input starts it there — its prompt on the container's terminal, or with no terminal the
 * piped input as its whole stdin — and later lines go to its prompt. Its exit ends the session
 * (`shell.ended`), and with it the container.
 */
function programAttach(w: World, rt: RuntimeState, id: string, c: ContainerRecord, argv: string[], net: NetworkView, input: string, req: AttachRequest, attached: Extract<AttachOutcome, { type: 'attached' }>, pace: WorldPace | undefined): KubeletResponse {
  const open = (c.process?.machine.ttyShells ?? []).some((s) => s.pid === 1);
  const columns = req.options.columns !== undefined ? { columns: req.options.columns } : {};
  const start = w.now;
  const ran = open
    ? execSync(w, rt, id, argv, net, input, { attached: true, shell: { argv, pid: 1, ...(req.options.interruptAt !== undefined ? { interruptAt: req.options.interruptAt } : {}) }, ...columns }, true, pace)
    : execSync(w, rt, id, argv, net, input, { attached: true, keepsTerminal: true, pid1Program: true, ...columns }, true, pace);
  if (!ran.ok) return { ok: false, code: 500, reason: '', message: ran.error };
  const result = ran.result;
  // The program is gone (`exit`, end of input, a failed connection): so is the session.
  if (!result.shell && !result.running) result.shell = { pid: 1, cwd: '/', ended: true };
  const run = streamRun(result, start, w.now);
  if (run.streams) run.streams = run.streams.map((x) => ({ ...x, stream: 'stdout' }));
  attached.ran = run;
  return { ok: true, text: '', attach: attached };
}
