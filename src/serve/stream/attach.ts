/**
 * `pods/attach` over the WebSocket remotecommand protocol, on the same channels as exec: `kubectl
 * attach`, and the attach `kubectl run -it` and `kubectl debug -it` make once their container
 * runs. The opening attach goes through the engine's kube-apiserver and kubelet (RBAC `create
 * pods/attach`, AttachLocation, the kubelet's findContainer, CRI Attach) before the handshake, so
 * a refusal is an HTTP answer that kubectl's SPDY retry gets too (exec.ts). Then:
 * - PID 1 is a shell reading the attached stdin (`kubectl run -it … -- sh`): the lines typed run
 *   there (keystrokes.ts), each one attach carrying the line; `exit N` or Ctrl+D at an empty line
 *   ends that shell, the container's process, so the container exits with N. Nothing is printed
 *   on attaching (the prompt was printed before), except that ash and bash redraw their prompt on
 *   the resize kubectl sends as it attaches (SIGWINCH), dash does not.
 * - Any other process (nginx): input reaches nothing, as containerd drops an attach's stdin for a
 *   container without one; what the process writes from now on is streamed on stdout.
 * The stream ends with a Success status once the attached process is gone (the container stopped
 * or restarted, the Pod deleted), as the kubelet's ends when the process's output closes; or
 * when kubectl goes away (Ctrl+C, its detach keys).
 */
import type { WebSocket } from 'ws';
import type { AttachOptions, AttachOutcome, KubeconfigUser } from '../../engine/index';
import type { Pod } from '../../k8s/types';
import { attachment, promptOf, STARTUP_SCRIPT, type Attachment, type ShellReply } from '../../kubectl/attach';
import type { Invocation, ServedCluster } from '../cluster';
import { unreachable } from '../status';
import type { Refusal } from './exec';
import { ERROR, readShellInput, RESIZE, send, STDOUT, type ShellSession } from './keystrokes';

export interface AttachTarget {
  cluster: ServedCluster;
  namespace: string;
  name: string;
  options: AttachOptions;
  user: KubeconfigUser;
  invocation: Invocation | undefined;
}

/** The opening attach refused, or what to run on the stream once upgraded. */
export type Opened = { type: 'refused'; refusal: Refusal } | { type: 'opened'; stream: (ws: WebSocket) => void };

type Attached = Extract<AttachOutcome, { type: 'attached' }>;

function attach(t: AttachTarget, input: string | undefined): { ok: true; outcome: Attached } | { ok: false; refusal: Refusal } {
  const r = t.cluster.request({ verb: 'create', resource: 'pods', subresource: 'attach', namespace: t.namespace, name: t.name, attachOptions: { ...t.options, ...(input !== undefined ? { input } : {}) } }, t.user, t.invocation);
  if (!r.ok) return { ok: false, refusal: { status: 'network' in r.error ? unreachable(r.error) : r.error } };
  const outcome = r.attach;
  if (!outcome || outcome.type === 'upgrade-failed') return { ok: false, refusal: { text: outcome?.message ?? 'the kubelet did not answer the attach', code: 500 } };
  return { ok: true, outcome };
}

/** The attached process is gone: the Pod deleted, or the container no longer the running one attached to. */
function gone(pod: Pod | undefined, container: string, containerID: string): boolean {
  const status = [...(pod?.status?.containerStatuses ?? []), ...(pod?.status?.initContainerStatuses ?? []), ...(pod?.status?.ephemeralContainerStatuses ?? [])].find((c) => c.name === container);
  return status?.state.running === undefined || status.containerID !== containerID;
}

export function openAttach(t: AttachTarget): Opened {
  // A shell learns what its prompt shows from the opening attach (kubectl/attach.ts's startup script).
  const first = attach(t, t.options.stdin ? STARTUP_SCRIPT : undefined);
  if (!first.ok) return { type: 'refused', refusal: first.refusal };
  const { sim } = t.cluster;
  const pod = sim.storedObject<Pod>(`pods/${t.namespace}/${t.name}`);
  const container = t.options.container ?? pod?.spec.containers[0]?.name ?? '';
  const { outcome } = first;
  const shell = t.options.stdin && pod && outcome.shell !== undefined && outcome.ran ? attachment({ pod, container, shell: outcome.shell, exec: (script) => lineReply(t, script), ...(outcome.ran.shell ? { ttyShell: outcome.ran.shell.pid, ...(outcome.ran.shell.prompt !== undefined ? { prompt: outcome.ran.shell.prompt } : {}) } : {}) }, outcome.ran.output) : undefined;
  return { type: 'opened', stream: (ws) => stream(ws, t, container, outcome.containerID, shell) };
}

/** One typed line's run in the attached shell, as the attachment's exec answers it. */
function lineReply(t: AttachTarget, script: string): ShellReply {
  const r = attach(t, script);
  if (!r.ok) return { ok: false, text: 'status' in r.refusal ? r.refusal.status.message : r.refusal.text, exitCode: 1 };
  const ran = r.outcome.ran;
  // Approximate: a line that still runs (`sleep infinity`) does not hold a live stream; the prompt comes back (137).
  return ran ? { ok: true, exitCode: ran.type === 'running' ? 137 : ran.exitCode, output: ran.output, ...(ran.shell ? { shell: ran.shell } : {}) } : { ok: true, exitCode: 0, output: '' };
}

function stream(ws: WebSocket, t: AttachTarget, container: string, containerID: string, shell: Attachment | undefined): void {
  const { cluster } = t;
  const { sim, feed } = cluster;
  const key = `pods/${t.namespace}/${t.name}`;
  let over = false;
  let session: ShellSession | undefined;
  let offDiffs = (): void => undefined;
  const stop = (): void => {
    over = true;
    offCommits();
    offDiffs();
    session?.stop();
  };
  const end = (): void => {
    if (over) return;
    stop();
    send(ws, ERROR, JSON.stringify({ metadata: {}, status: 'Success' }));
    ws.close(1000);
  };
  let readOutput = (_final: boolean): void => undefined;
  const offCommits = feed.subscribe((entries) => {
    if (entries.some((e) => e.key === key && gone(e.object as Pod | undefined, container, containerID))) {
      readOutput(true);
      end();
    }
  });
  ws.on('close', stop);

  if (shell) {
    if (t.options.tty && shell.dialect !== 'dash') {
      let redrawn = false;
      ws.on('message', (data: Buffer) => {
        if (redrawn || over || data[0] !== RESIZE) return;
        redrawn = true;
        send(ws, STDOUT, promptOf(shell));
      });
    }
    session = readShellInput({
      ws,
      sim,
      attachment: shell,
      tty: t.options.tty === true,
      end: (code) => {
        // The shell is the container's process: its end is the container's.
        sim.exitAttachedShell(t.namespace, t.name, container, code);
        feed.pump();
        end();
      },
    });
    return;
  }

  // Any other process: its output from now on, read as simulated time passes (logs.ts reads the same way).
  const options = { container };
  let seen = sim.followLog(t.namespace, t.name, options) ?? '';
  let readAt = sim.now;
  readOutput = (final: boolean): void => {
    // Lines appear only as simulated time passes; the last read, as the process goes, takes what is left.
    if (!final && sim.now === readAt) return;
    readAt = sim.now;
    const next = sim.followLog(t.namespace, t.name, options);
    if (next === undefined) return;
    if (next.length > seen.length && next.startsWith(seen)) send(ws, STDOUT, next.slice(seen.length));
    seen = next;
  };
  offDiffs = feed.subscribeDiffs(() => {
    if (!over) readOutput(false);
  });
}
