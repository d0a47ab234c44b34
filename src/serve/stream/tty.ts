/**
 * `kubectl exec -it POD -- sh` over the WebSocket stream: the container shell of the browser
 * terminal (src/kubectl/attach.ts), driven by the raw keystrokes kubectl sends on stdin while
 * its terminal is in raw mode. This side is the terminal's line discipline: it echoes what is
 * typed, edits the line (Backspace, Ctrl+C, Ctrl+U), and on Enter runs the line as one exec of
 * the shell (attach.ts's runShellLine), then prints the shell's prompt. `exit` or Ctrl+D on an
 * empty line ends the stream with the shell's status.
 */
import type { WebSocket } from 'ws';
import type { ExecOptions, KubeconfigUser } from '../../engine/index';
import type { Pod } from '../../k8s/types';
import { attachment, promptOf, runShellLine, STARTUP_SCRIPT, type Attachment, type ShellReply } from '../../kubectl/attach';
import type { Invocation, ServedCluster } from '../cluster';

export interface TtyTarget {
  cluster: ServedCluster;
  namespace: string;
  name: string;
  options: ExecOptions;
  user: KubeconfigUser;
  invocation: Invocation | undefined;
}

const STDOUT = 1;
const ERROR = 3;

/** A TTY's output: the line discipline turns `\n` into `\r\n`. */
const crlf = (s: string): string => s.replace(/\r?\n/g, '\r\n');

function send(ws: WebSocket, channel: number, text: string): void {
  if (text !== '') ws.send(Buffer.concat([Buffer.from([channel]), Buffer.from(text, 'utf8')]));
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
  const exec = (script: string): ShellReply => {
    const r = cluster.request({ verb: 'create', resource: 'pods', subresource: 'exec', namespace: t.namespace, name: t.name, execOptions: { container, command: [shell], stdin: script, tty: true } }, t.user, t.invocation);
    if (!r.ok) return { ok: false, text: r.error.message, exitCode: 1 };
    const outcome = r.exec;
    if (!outcome) return { ok: true, exitCode: 0, output: '' };
    if (outcome.type === 'upgrade-failed') return { ok: false, text: outcome.message, exitCode: 1 };
    return { ok: true, exitCode: outcome.exitCode, output: outcome.output };
  };
  const started = pod ? exec(STARTUP_SCRIPT) : { ok: false as const, text: `pods "${t.name}" not found`, exitCode: 1 };
  if (!pod || !started.ok) return end(ws, 1, started.ok ? '' : started.text);
  if (started.exitCode !== 0) return end(ws, started.exitCode);
  const a: Attachment = attachment({ pod, container, shell, exec }, started.output);
  send(ws, STDOUT, promptOf(a));

  let line = '';
  let closed = false;
  const enter = (): void => {
    send(ws, STDOUT, '\r\n');
    const typed = line;
    line = '';
    if (typed.trim() === '') return send(ws, STDOUT, promptOf(a));
    const out = runShellLine(cluster.sim, a, typed);
    // stderr chunks are kubectl's own lines (`command terminated with exit code N`): the real
    // kubectl prints them from the Status this stream ends with.
    for (const chunk of out.result.output) if (chunk.stream === 'stdout') send(ws, STDOUT, crlf(chunk.text));
    if (out.detached) {
      closed = true;
      return end(ws, out.result.exitCode);
    }
    send(ws, STDOUT, promptOf(a));
  };
  ws.on('message', (data: Buffer) => {
    if (closed || data.length === 0 || data[0] !== 0) return;
    for (const ch of data.subarray(1).toString('utf8')) {
      if (closed) return;
      if (ch === '\r' || ch === '\n') enter();
      else if (ch === '\x7f' || ch === '\b') {
        if (line.length > 0) {
          line = line.slice(0, -1);
          send(ws, STDOUT, '\b \b');
        }
      } else if (ch === '\x03') {
        line = '';
        send(ws, STDOUT, `^C\r\n${promptOf(a)}`);
      } else if (ch === '\x15') {
        send(ws, STDOUT, '\b \b'.repeat(line.length));
        line = '';
      } else if (ch === '\x04') {
        if (line === '') {
          closed = true;
          send(ws, STDOUT, '\r\n');
          return end(ws, a.lastStatus);
        }
      } else if (ch >= ' ' || ch === '\t') {
        line += ch;
        send(ws, STDOUT, ch);
      }
    }
  });
}
