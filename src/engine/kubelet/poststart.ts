/**
 * A container's postStart hook, as the kubelet's startContainer runs it (kuberuntime_container.go,
 * step 4, after the Started event): an exec hook runs in the container (ExecSync). A hook that
 * fails is the Warning FailedPostStartHook event with lifecycle/handlers.go's message, and the
 * container is killed (Killing `FailedPostStartHook`) to be restarted as its restartPolicy says.
 *
 * Until the hook returns the Pod worker does nothing else (upstream's startContainer blocks in
 * it), and the instance is not reported: the container stays ContainerCreating (pod-status.ts).
 *
 * Approximate: the hook's command runs to its end when the container starts (its effects are
 * there at once, its event comes when it returns); a hook that never returns is taken as
 * returning at once, where upstream's Pod would stay ContainerCreating; a sleep, httpGet or
 * tcpSocket hook succeeds at once.
 */
import type { Container, Pod } from '../../k8s/types';
import { goQuote } from '../../k8s/go-quote';
import type { World } from '../world';
import { execSync } from '../node/cri';
import type { RuntimeState } from '../node/runtime-state';
import { formatPod, podEvent } from './client';
import { containerBook } from './container-book';
import type { KubeletState, PodWorker } from './state';

/** The exec hook's error, as remote_runtime.go's ExecSync makes it (utilexec.CodeExitError) or the runtime's own. */
function execError(command: string[], r: ReturnType<typeof execSync>): { err: string; output: string } | undefined {
  if (!r.ok) return { err: r.error, output: '' };
  if (r.result.exitCode === 0 || r.result.running) return undefined;
  if (r.result.notStarted) return { err: `rpc error: code = Unknown desc = ${r.result.output.trimEnd()}`, output: '' };
  const stderr = (r.result.streams ?? []).filter((s) => s.stream === 'stderr').map((s) => s.text).join('');
  return { err: `command '${command.join(' ')}' exited with ${r.result.exitCode}: ${stderr}`, output: r.result.output };
}

/** What the hook did: how long it ran, and its FailedPostStartHook message if it failed. */
export interface HookRun {
  durationMs: number;
  failure?: string;
}

/** Runs the exec hook of the container just started (the sleep, httpGet and tcpSocket kinds succeed at once). */
export function runPostStart(w: World, rt: RuntimeState, pod: Pod, c: Container, containerId: string): HookRun | undefined {
  const command = c.lifecycle?.postStart?.exec?.command;
  if (!command) return undefined;
  const r = execSync(w, rt, containerId, command);
  // A hook that never returns is taken as returning at once (see the header).
  const durationMs = r.ok && !r.result.running && Number.isFinite(r.result.durationMs) ? (r.result.durationMs ?? 0) : 0;
  const failed = execError(command, r);
  if (!failed) return { durationMs };
  return { durationMs, failure: `Exec lifecycle hook ([${command.join(' ')}]) for Container ${goQuote(c.name)} in Pod ${goQuote(formatPod(pod))} failed - error: ${failed.err}, message: ${goQuote(failed.output)}` };
}

/** The hook returned: a failure is its event, and the instance is to be killed. */
export function finishPostStart(w: World, self: KubeletState, wk: PodWorker, pod: Pod, container: string, containerId: string, failure: string | undefined, fieldPath: string): void {
  const book = containerBook(wk, container);
  if (book.postStartOf === containerId) delete book.postStartOf;
  if (failure === undefined) return;
  podEvent(w, self, pod, 'Warning', 'FailedPostStartHook', failure, fieldPath);
  book.killFor = { containerId, reason: 'postStart' };
}
