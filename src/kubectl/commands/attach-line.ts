/**
 * The attach stream of `kubectl run -it` and `kubectl debug -it` (attach.go: `POST
 * pods/<name>/attach?stdin=true&tty=true`), as the page's terminal drives it: each request carries
 * one piece of what is typed to the container's PID 1 — the startup script the attachment learns
 * its prompt from, then a line at a time (kubectl/attach.ts). RBAC asks `create pods/attach`, as
 * for the real stream.
 */
import type { Pod } from '../../k8s/types';
import { INTERACTIVE_SHELLS, shellReply, STARTUP_SCRIPT, type ShellReply } from '../attach';
import type { Env } from '../env';
import { CmdError, fatalText, plainError } from '../errors';

/** One attach carrying `input` (and a Ctrl+C at `interruptAt`); not ok when PID 1 is no shell reading its stdin (nothing would read the line). */
export function attachLine(env: Env, pod: Pod, container: string, input: string, interruptAt?: number): ShellReply {
  const probe = input.startsWith(STARTUP_SCRIPT);
  const res = requestAttach(env, pod, { container, stdin: true, tty: true, input, ...(interruptAt !== undefined ? { interruptAt } : {}), ...(probe ? { probe } : {}), ...(env.editor ? { editor: true as const } : {}), ...(env.tty?.columns !== undefined ? { columns: env.tty.columns } : {}) });
  if (!res.ok) return { ok: false, text: fatalText(res.error), exitCode: 1 };
  const outcome = res.attach;
  if (outcome?.type === 'upgrade-failed') return { ok: false, text: plainError(`unable to upgrade connection: ${outcome.message}`).text, exitCode: 1 };
  if (!outcome?.ran) return { ok: false, text: '', exitCode: 1 };
  return shellReply(outcome.ran, false);
}

/**
 * kubectl's stdin when it is no terminal (piped input, or the headless runner's, which holds
 * nothing) sent to PID 1 in one piece, then its end of file: kubectl closes the stream's stdin at
 * EOF, and for a container with `stdinOnce` and no `tty` (stdinCloses) the runtime closes the
 * container's stdin with it (containerd's ContainerIO.Attach: `if opts.StdinOnce && !opts.Tty`).
 * A shell reading it runs what it got and exits at that end of file with its last command's
 * status — bash does, and debian's CMD is bash — which ends the container; `exit N` ends it
 * either way. Nothing happens when PID 1 reads no stdin.
 *
 * Approximate: for any other container containerd instead drops the client's output streams at
 * that EOF, ending the attach; here the stream goes on until the container ends.
 */
export function stdinCloses(spec: { stdinOnce?: boolean; tty?: boolean } | undefined): boolean {
  return spec?.stdinOnce === true && spec.tty !== true;
}

/** kubectl's stdin that is no terminal, then its end of file, sent to PID 1 (stdinCloses above). */
export function pipeToPid1(env: Env, pod: Pod, container: string, input: string, closes: boolean): void {
  const reply = attachLine(env, pod, container, input);
  if (!reply.ok) return;
  env.out.out(reply.output);
  // A command still running (`sleep infinity`) keeps the shell, and the container, past the end of file.
  if (!reply.running && (reply.shell?.ended || closes)) env.sim.exitAttachedShell(pod.metadata.namespace ?? 'default', pod.metadata.name ?? '', container, reply.exitCode & 255);
}

/**
 * The startup script sent to PID 1 with its own name (`$0`): an image's CMD may be a shell of its
 * own (debian's is bash), which draws its own prompt; `fallback` when it names no shell we know.
 */
export function startPid1(exec: (script: string) => ShellReply, fallback: string): { started: ShellReply; shell: string } {
  const started = exec(`${STARTUP_SCRIPT}; echo "shell:$0"`);
  const named = started.ok ? (/^shell:(.*)$/m.exec(started.output)?.[1] ?? '') : '';
  return { started, shell: INTERACTIVE_SHELLS.has(named) ? named : fallback };
}

/** The shell an attach's lines reach (PID 1, which keeps its state between them), as the first line's reply names it. */
export function pid1Shell(started: ShellReply): { ttyShell?: number; prompt?: string } {
  return started.ok && started.shell ? { ttyShell: started.shell.pid, ...(started.shell.prompt !== undefined ? { prompt: started.shell.prompt } : {}) } : {};
}

/**
 * The attach stream opened with no input (`kubectl attach` without a terminal to drive it): the
 * upgrade's answer — kube-apiserver's or the kubelet's refusal as kubectl prints it — or null once
 * the stream is open. RBAC asks `create pods/attach` here, as for the real stream.
 */
export function openAttach(env: Env, pod: Pod, container: string, stdin: boolean, tty: boolean): CmdError | null {
  const res = requestAttach(env, pod, { container, stdin, tty });
  if (!res.ok) return new CmdError(fatalText(res.error));
  if (res.attach?.type === 'upgrade-failed') return plainError(`unable to upgrade connection: ${res.attach.message}`);
  return null;
}

/** One `pods/<name>/attach` request; RBAC asks `create pods/attach`, as for the real stream. */
function requestAttach(env: Env, pod: Pod, attachOptions: AttachRequestOptions): ReturnType<Env['client']['raw']> {
  return env.client.raw({ verb: 'create', resource: 'pods', subresource: 'attach', namespace: pod.metadata.namespace, name: pod.metadata.name, attachOptions });
}

type AttachRequestOptions = NonNullable<Parameters<Env['client']['raw']>[0]['attachOptions']>;

/**
 * attach.go reattachMessage, once a raw-TTY session with stdin ends: how to attach again, worded
 * for an ephemeral container (FindContainerByName's path under spec.ephemeralContainers).
 */
export function reattachMessage(pod: Pod, container: string): string {
  const name = pod.metadata.name ?? '';
  const ns = pod.metadata.namespace ?? 'default';
  return (pod.spec.ephemeralContainers ?? []).some((c) => c.name === container)
    ? `Session ended, the ephemeral container will not be restarted but may be reattached using 'kubectl attach ${name} -c ${container} -n ${ns} -i -t' if it is still running\n`
    : `Session ended, resume using 'kubectl attach ${name} -c ${container} -n ${ns} -i -t' command\n`;
}
