/**
 * `kubectl exec -it POD -- sh` over the WebSocket stream: the container shell of the browser
 * terminal (src/kubectl/attach.ts), driven by the raw keystrokes kubectl sends on stdin while
 * its terminal is in raw mode (keystrokes.ts): each line typed is one exec request to the shell
 * the container keeps (attach.ts's runShellLine, engine/images/tty-shell.ts). `exit` or Ctrl+D
 * on an empty line ends the stream with the shell's status.
 */
import type { WebSocket } from 'ws';
import type { ExecOptions, KubeconfigUser } from '../../engine/index';
import type { Pod } from '../../k8s/types';
import { attachment, promptOf, STARTUP_SCRIPT, type Attachment, type ShellReply } from '../../kubectl/attach';
import type { Invocation, ServedCluster } from '../cluster';
import { ERROR, readShellInput, send, STDOUT } from './keystrokes';

export interface TtyTarget {
  cluster: ServedCluster;
  namespace: string;
  name: string;
  options: ExecOptions;
  user: KubeconfigUser;
  invocation: Invocation | undefined;
}

function end(ws: WebSocket, exitCode: number, message?: string): void {
  const status =
    message !== undefined
      ? { metadata: {}, status: 'Failure', message, reason: 'InternalError' }
      : exitCode === 0
        ? { metadata: {}, status: 'Success' }
        : { metadata: {}, status: 'Failure', message: `command terminated with non-zero exit code: exit code ${exitCode}`, reason: 'NonZeroExitCode', details: { causes: [{ reason: 'ExitCode', message: String(exitCode) }] } };
  send(ws, ERROR, JSON.stringify(status));
  ws.close(1000);
}

/** Starts the shell (one exec of the startup script) and reads keystrokes until it ends. */
export function attachTty(ws: WebSocket, t: TtyTarget): void {
  const { cluster } = t;
  const pod = cluster.sim.objects('pods').find((p) => p.metadata.namespace === t.namespace && p.metadata.name === t.name) as Pod | undefined;
  const container = t.options.container ?? pod?.spec.containers[0]?.name ?? '';
  const shell = t.options.command[0] ?? 'sh';
  const exec = (script: string, ttyShell?: number): ShellReply => {
    const r = cluster.request({ verb: 'create', resource: 'pods', subresource: 'exec', namespace: t.namespace, name: t.name, execOptions: { container, command: [shell], stdin: script, tty: true, ...(ttyShell !== undefined ? { ttyShell } : {}) } }, t.user, t.invocation);
    if (!r.ok) return { ok: false, text: r.error.message, exitCode: 1 };
    const outcome = r.exec;
    if (!outcome) return { ok: true, exitCode: 0, output: '' };
    if (outcome.type === 'upgrade-failed') return { ok: false, text: outcome.message, exitCode: 1 };
    // Approximate: a line that still runs (`sleep infinity`) does not hold a live stream; the prompt comes back (137).
    return { ok: true, exitCode: outcome.type === 'running' ? 137 : outcome.exitCode, output: outcome.output, ...(outcome.shell ? { shell: outcome.shell } : {}) };
  };
  const started = pod ? exec(STARTUP_SCRIPT) : { ok: false as const, text: `pods "${t.name}" not found`, exitCode: 1 };
  if (!pod || !started.ok) return end(ws, 1, started.ok ? '' : started.text);
  if (started.exitCode !== 0) return end(ws, started.exitCode);
  const a: Attachment = attachment({ pod, container, shell, exec, ...(started.shell ? { ttyShell: started.shell.pid, ...(started.shell.prompt !== undefined ? { prompt: started.shell.prompt } : {}) } : {}) }, started.output);
  send(ws, STDOUT, promptOf(a));
  readShellInput({ ws, sim: cluster.sim, attachment: a, tty: true, end: (code) => end(ws, code) });
}
