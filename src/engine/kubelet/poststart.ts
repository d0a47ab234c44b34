/**
 * A container's postStart hook, as the kubelet's startContainer runs it (kuberuntime_container.go,
 * step 4, after the Started event): an exec hook runs in the container (ExecSync). A hook that
 * fails is the Warning FailedPostStartHook event with lifecycle/handlers.go's message, and the
 * container is killed (Killing `FailedPostStartHook`) to be restarted as its restartPolicy says.
 *
 * Approximate: the hook takes no time here (upstream the pod worker blocks until it returns, and
 * the container is not reported running until then); a sleep, httpGet or tcpSocket hook succeeds.
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

/** Runs the hook of the container just started; a failure marks the instance to be killed. */
export function postStart(w: World, self: KubeletState, rt: RuntimeState, wk: PodWorker, pod: Pod, c: Container, containerId: string, fieldPath: string): void {
  const command = c.lifecycle?.postStart?.exec?.command;
  if (!command) return;
  const failed = execError(command, execSync(w, rt, containerId, command));
  if (!failed) return;
  podEvent(w, self, pod, 'Warning', 'FailedPostStartHook', `Exec lifecycle hook ([${command.join(' ')}]) for Container ${goQuote(c.name)} in Pod ${goQuote(formatPod(pod))} failed - error: ${failed.err}, message: ${goQuote(failed.output)}`, fieldPath);
  containerBook(wk, c.name).killFor = { containerId, reason: 'postStart' };
}
