/**
 * `kubectl run -i` / `--attach` / `--rm` (run.go Run, handleAttachPod, waitForPod; attach.go
 * Run): wait until the Pod runs and is Ready (or has already finished), print what it logged
 * before the attach, then stream its output until the container ends; with `--restart=Never` or
 * `OnFailure` wait for the Pod to complete and exit with its container's code; `--rm` deletes
 * the Pod last, whatever happened (run.go defers it).
 *
 * In the page's terminal, `-it` with a shell (`kubectl run -it --rm debug --image=busybox -- sh`)
 * attaches the terminal to that shell, as `kubectl exec -it` does (attach.ts: each typed line
 * reaches the container's PID 1 as one pods/attach, attach-line.ts); `exit` ends that shell — the container's PID 1, so the container exits and
 * its restartPolicy decides what follows — and `--rm` then deletes the Pod.
 *
 * Approximate: the attach stream is the container's log read as `kubectl logs -f` reads it
 * (container-stream.ts; kubectl reads the process's stdout directly, and both carry the same
 * lines). Without a terminal (the headless runner, piped input) kubectl's stdin reaches PID 1 and
 * then its end of file (attach-line.ts pipeToPid1): a shell there — debian's CMD, bash, included —
 * runs what it got and exits, so the Pod completes.
 */
import type { KObject, Pod } from '../../k8s/types';
import { resourceInfo } from '../../k8s/resources';
import { CmdError, fatalText, plainError } from '../errors';
import type { Env } from '../env';
import { attachment, INTERACTIVE_SHELLS } from '../attach';
import { MAX_WAIT_MS, watchUntil } from '../wait-util';
import { readLog, type LogStream } from './logs-stream';
import { followStreams } from './container-stream';
import { programAttachment, viSaveOver } from './exec';
import { attachLine, pid1Shell, pipeToPid1, reattachMessage, startPid1, stdinCloses } from './attach-line';
import type { CommandResult, OutputChunk } from '../types';

const PODS = resourceInfo('pods')!;

export interface AttachedRun {
  tty: boolean;
  quiet: boolean;
  remove: boolean;
  /** `--restart`, as the Pod got it. */
  restart: string;
  leaveStdinOpen: boolean;
  /** `--pod-running-timeout`, ms. */
  timeoutMs: number;
  /** The container's command line as given after `--` (empty: the image's own). */
  argv: string[];
}

export const SESSION_NOTICE = "All commands and output from this session will be recorded in container logs, including credentials and sensitive information passed through the command prompt.\nIf you don't see a command prompt, try pressing enter.\n";

type Condition = (pod: Pod | undefined) => 'done' | 'completed' | 'wait';

/** The conditions' answer to a DELETED event: errors.NewNotFound(pods, ""), an API status error. */
function podGone(): CmdError {
  return new CmdError(fatalText({ code: 404, reason: 'NotFound', message: 'pods "" not found' }));
}

/** podRunningAndReady: Running with Ready True; a finished Pod ends the wait as ErrPodCompleted. */
const runningAndReady: Condition = (pod) => {
  if (!pod) throw podGone();
  const phase = pod.status?.phase;
  if (phase === 'Succeeded' || phase === 'Failed') return 'completed';
  if (phase === 'Running' && (pod.status?.conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True')) return 'done';
  return 'wait';
};

function completed(restart: string): Condition {
  return (pod) => {
    if (!pod) throw podGone();
    const phase = pod.status?.phase;
    // OnFailure restarts a failed container, so only success ends that wait.
    return phase === 'Succeeded' || (phase === 'Failed' && restart !== 'OnFailure') ? 'done' : 'wait';
  };
}

/** waitForPod (watchtools.UntilWithSync): the Pod as the condition last saw it, or the timeout. */
function waitForPod(env: Env, ns: string, name: string, timeoutMs: number, cond: Condition): { pod: Pod; state: 'done' | 'completed' } {
  let pod = env.sim.storedObject<Pod>(`pods/${ns}/${name}`);
  let state = cond(pod);
  if (state !== 'wait') return { pod: pod!, state };
  const met = watchUntil(env, 'pods', { namespace: ns, names: [name] }, pod ? [pod as KObject] : [], Math.min(timeoutMs, MAX_WAIT_MS), (e) => {
    pod = e.type === 'DELETED' ? undefined : (e.obj as Pod);
    state = cond(pod);
    return state !== 'wait';
  });
  if (!met || state === 'wait') throw plainError('timed out waiting for the condition');
  return { pod: pod!, state };
}

/** removeCreatedObjects: DeleteOptions with IgnoreNotFound and no wait, printed as `kubectl delete` prints. */
export function removePod(env: Env, ns: string, name: string): void {
  const res = env.client.delete(PODS, ns, name);
  if (res.ok) env.out.out(`pod "${name}" deleted from ${ns} namespace\n`);
  else if ('network' in res.error || res.error.reason !== 'NotFound') throw new CmdError(fatalText(res.error));
}

/** The exit of a waited-for Pod, as run.go turns its phase into kubectl's status. */
function exitOf(pod: Pod): number {
  const ref = `${pod.metadata.namespace ?? ''}/${pod.metadata.name ?? ''}`;
  switch (pod.status?.phase) {
    case 'Succeeded':
      return 0;
    case 'Failed': {
      const term = pod.status.containerStatuses?.[0]?.state?.terminated;
      if (!term || term.exitCode === 0) throw plainError(`pod ${ref} failed with unknown exit code`);
      // uexec.CodeExitError: checkErr prints its text as it is and exits with the container's code.
      throw new CmdError(`pod ${ref} terminated (${term.reason ?? ''})\n${term.message ?? ''}${term.message?.endsWith('\n') ? '' : term.message ? '\n' : ''}`, term.exitCode);
    }
    default:
      throw plainError(`pod ${ref} left in phase ${pod.status?.phase ?? ''}`);
  }
}

/**
 * The end of the attach once the shell (the container's PID 1) ran `exit N`: the container ends
 * with N, attach.go prints how to reattach (every raw-TTY attach since v1.36), and with
 * --restart=Never/OnFailure run.go waits for the Pod to complete and exits with its status.
 */
function endSession(env: Env, pod: Pod, container: string, o: AttachedRun, code: number): CommandResult {
  const ns = pod.metadata.namespace ?? 'default';
  const name = pod.metadata.name ?? '';
  env.sim.exitAttachedShell(ns, name, container, code);
  const output: OutputChunk[] = [{ stream: 'stdout', text: reattachMessage(pod, container) }];
  const waitForExitCode = !o.leaveStdinOpen && (o.restart === 'Never' || o.restart === 'OnFailure');
  if (!waitForExitCode) return { output, exitCode: 0 };
  try {
    return { output, exitCode: exitOf(waitForPod(env, ns, name, o.timeoutMs, completed(o.restart)).pod) };
  } catch (e) {
    if (!(e instanceof CmdError)) throw e;
    return { output: [...output, { stream: 'stderr', text: e.text }], exitCode: e.exitCode };
  }
}

/**
 * Attaches the page's terminal to a PID 1 that reads it itself (`-- mysql -h mysql`): the first
 * attach starts it and shows what it printed, then its prompt has the terminal until it exits.
 * False when PID 1 reads no terminal; a program that ended at once (a failed connection) ends
 * the container with its status, and run.go's wait follows.
 */
function attachProgram(env: Env, pod: Pod, o: AttachedRun): boolean {
  const container = pod.spec.containers[0]!.name;
  const started = attachLine(env, pod, container, '');
  if (!started.ok || !started.shell) return false;
  env.out.out(started.output);
  if (started.durationMs) env.sim.advance(started.durationMs);
  if (started.shell.ended) {
    env.sim.exitAttachedShell(pod.metadata.namespace ?? 'default', pod.metadata.name ?? '', container, started.exitCode & 255);
    return false;
  }
  const exec = (line: string, _pid?: number, interruptAt?: number) => attachLine(env, pod, container, line, interruptAt);
  const endPid1 = (code: number): CommandResult => endSession(env, pod, container, o, code);
  env.tty!.attach({ ...programAttachment(pod, container, 1, started.shell.prompt ?? '', exec), endPid1, ...(o.remove ? { removeOnDetach: true } : {}) });
  return true;
}

/** Attaches the page's terminal to the Pod's shell; `exit` ends it, then --rm deletes the Pod. */
function attachTerminal(env: Env, pod: Pod, shell: string, o: AttachedRun): boolean {
  if (env.tty && o.tty && o.argv.length > 0 && !INTERACTIVE_SHELLS.has(shell)) return attachProgram(env, pod, o);
  if (!env.tty || !o.tty || !INTERACTIVE_SHELLS.has(shell)) return false;
  const container = pod.spec.containers[0]!.name;
  const exec = (script: string, _pid?: number, interruptAt?: number) => attachLine(env, pod, container, script, interruptAt);
  // With no command the image's CMD runs: debian's is bash, which `$0` names.
  const { started, shell: pid1 } = startPid1(exec, shell);
  if (!started.ok) return false;
  const endPid1 = (code: number): CommandResult => endSession(env, pod, container, o, code);
  // Ctrl+P Ctrl+Q: the session ends, the shell (and with --restart=Always its container) goes on.
  // Approximate: with --restart=Never/OnFailure run.go would then wait for the Pod to complete.
  const ns = pod.metadata.namespace ?? 'default';
  const detach = (): CommandResult => ({ output: [{ stream: 'stdout', text: `Session ended, resume using 'kubectl attach ${pod.metadata.name ?? ''} -c ${container} -n ${ns} -i -t' command\n` }], exitCode: 0 });
  env.tty.attach({ ...attachment({ pod, container, shell: pid1, exec, ...pid1Shell(started) }, started.output), endPid1, detach, ...(o.remove ? { removeOnDetach: true } : {}), ...viSaveOver(env, pod, container) });
  return true;
}

/** run.go's attach branch for the Pod just created; returns kubectl's exit code. */
export function runAttached(env: Env, created: Pod, o: AttachedRun): number {
  const ns = created.metadata.namespace ?? 'default';
  const name = created.metadata.name ?? '';
  let detachLater = false;
  try {
    const { pod, state } = waitForPod(env, ns, name, o.timeoutMs, runningAndReady);
    const stream: LogStream = { pod, container: pod.spec.containers[0]!.name, prefix: '' };
    if (state === 'completed') env.out.out(readLog(env, stream, {}));
    else {
      env.out.out(readLog(env, stream, {}));
      const attachedAt = env.sim.now;
      if (o.tty && !env.tty && !o.quiet) env.out.err('Unable to use a TTY - input is not a terminal or the right kind of file\n');
      if (!o.quiet) env.out.err(SESSION_NOTICE);
      if (attachTerminal(env, pod, o.argv[0] ?? 'sh', o)) {
        detachLater = true;
        return 0;
      }
      // kubectl's stdin is no terminal (the runner's, or piped): PID 1 gets what it holds, then its end.
      const spec = pod.spec.containers[0]!;
      if (spec.stdin && (env.stdin !== undefined || !env.tty)) pipeToPid1(env, pod, spec.name, env.stdin ?? '', stdinCloses(spec));
      // From the read above: what the container writes while the input reaches it is the stream's too.
      followStreams(env, [stream], { timeoutMs: 0, from: attachedAt });
    }
    const waitForExitCode = !o.leaveStdinOpen && (o.restart === 'Never' || o.restart === 'OnFailure');
    if (!waitForExitCode) return 0;
    return exitOf(waitForPod(env, ns, name, o.timeoutMs, completed(o.restart)).pod);
  } finally {
    if (o.remove && !detachLater) removePod(env, ns, name);
  }
}
