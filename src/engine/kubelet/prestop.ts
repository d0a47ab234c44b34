/**
 * A container's preStop hook, as the kubelet's killContainer runs it (kuberuntime_container.go
 * executePreStopHook): before the container is signalled, for at most the grace period; what is
 * left of the grace period, never under minimumGracePeriodInSeconds (2 s), is SIGTERM's before
 * SIGKILL. The "Explore Termination Behavior for Pods And Their Endpoints" tutorial's
 * `sleep 180` under a 120 s grace period keeps nginx serving (and its endpoint `serving`,
 * `terminating`) for 120 s, then 2 s more for SIGTERM.
 *
 * An exec hook runs in the container (ExecSync) and a sleep hook waits; a failed exec is the
 * Warning FailedPreStopHook event, whose message upstream keeps to `PreStopHook failed` so that
 * no secret leaks. A hook still running at the deadline is abandoned with no event (the kubelet
 * only logs it). Approximate: an httpGet or tcpSocket hook takes no time and never fails.
 */
import type { Pod } from '../../k8s/types';
import type { World } from '../world';
import { execSync } from '../node/cri';
import type { ContainerRecord, RuntimeState } from '../node/runtime-state';
import { podEvent } from './client';
import { specContainer } from './probes';
import type { KubeletState } from './state';

/** minimumGracePeriodInSeconds. */
const MIN_GRACE_MS = 2000;

/** How long SIGTERM waits for the hook, and the grace period SIGTERM then has. */
export function preStop(w: World, self: KubeletState, rt: RuntimeState, pod: Pod, c: ContainerRecord, graceMs: number): { signalInMs: number; graceMs: number } {
  const hook = c.stopping || c.state !== 'CONTAINER_RUNNING' ? undefined : specContainer(pod, c.config.name)?.c.lifecycle?.preStop;
  if (!hook) return { signalInMs: 0, graceMs };
  let ran = 0;
  if (hook.exec) {
    const r = execSync(w, rt, c.id, hook.exec.command ?? []);
    const ended = r.ok && r.result.running !== true;
    if (!r.ok || (ended && r.result.exitCode !== 0)) podEvent(w, self, pod, 'Warning', 'FailedPreStopHook', 'PreStopHook failed', c.config.fieldPath);
    ran = r.ok ? (r.result.durationMs ?? 0) : 0;
  } else if (hook.sleep) ran = hook.sleep.seconds * 1000;
  const signalInMs = Math.min(Math.max(ran, 0), graceMs);
  return { signalInMs, graceMs: Math.max(graceMs - signalInMs, MIN_GRACE_MS) };
}
