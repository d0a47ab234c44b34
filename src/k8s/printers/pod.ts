/**
 * The pod row of `kubectl get pods` (printers.go printPod, v1.34): READY counts sidecars,
 * STATUS walks init containers then app containers last-to-first, RESTARTS carries the time
 * of the latest restart. Ported rule for rule — see k8s-fidelity.md §2.1.
 */
import type { ContainerStatus, Pod } from '../types';
import { parseTimestamp } from '../time';
import { since } from './util';

export interface PodRow {
  ready: string;
  status: string;
  restarts: string;
}

/** READY, STATUS and the restart count, which need no clock (the diagram and lists use these). */
export interface PodStatusColumns {
  ready: string;
  status: string;
  restarts: number;
  /** finishedAt of the latest restart the count includes, for RESTARTS' "(41s ago)". */
  lastRestart: string | undefined;
}

function conditionTrue(pod: Pod, type: string): boolean {
  return (pod.status?.conditions ?? []).some((c) => c.type === type && c.status === 'True');
}

function later(a: string | undefined, b: string | undefined): string | undefined {
  if (!b) return a;
  if (!a) return b;
  return parseTimestamp(b) > parseTimestamp(a) ? b : a;
}

export function podRow(pod: Pod, now: number): PodRow {
  const c = podStatus(pod);
  const restarts = c.restarts !== 0 && c.lastRestart ? `${c.restarts} (${since(c.lastRestart, now)} ago)` : String(c.restarts);
  return { ready: c.ready, status: c.status, restarts };
}

export function podStatus(pod: Pod): PodStatusColumns {
  const status = pod.status ?? {};
  let restarts = 0;
  let sidecarRestarts = 0;
  let totalContainers = pod.spec?.containers?.length ?? 0;
  let readyContainers = 0;
  let lastRestart: string | undefined;
  let lastSidecarRestart: string | undefined;
  const phase = status.phase ?? '';
  let reason: string = phase;
  if (status.reason) reason = status.reason;
  for (const c of status.conditions ?? []) if (c.type === 'PodScheduled' && c.reason === 'SchedulingGated') reason = 'SchedulingGated';

  const initSpecs = new Map((pod.spec?.initContainers ?? []).map((c) => [c.name, c]));
  for (const c of pod.spec?.initContainers ?? []) if (c.restartPolicy === 'Always') totalContainers++;

  let initializing = false;
  const inits: ContainerStatus[] = status.initContainerStatuses ?? [];
  for (let i = 0; i < inits.length; i++) {
    const c = inits[i]!;
    restarts += c.restartCount ?? 0;
    if (c.lastState?.terminated) lastRestart = later(lastRestart, c.lastState.terminated.finishedAt);
    const sidecar = initSpecs.get(c.name)?.restartPolicy === 'Always';
    if (sidecar) {
      sidecarRestarts += c.restartCount ?? 0;
      if (c.lastState?.terminated) lastSidecarRestart = later(lastSidecarRestart, c.lastState.terminated.finishedAt);
    }
    const term = c.state?.terminated;
    if (term && term.exitCode === 0) continue;
    if (sidecar && c.started) {
      if (c.ready) readyContainers++;
      continue;
    }
    if (term) {
      if (!term.reason) reason = term.signal ? `Init:Signal:${term.signal}` : `Init:ExitCode:${term.exitCode}`;
      else reason = `Init:${term.reason}`;
    } else if (c.state?.waiting?.reason && c.state.waiting.reason !== 'PodInitializing') {
      reason = `Init:${c.state.waiting.reason}`;
    } else {
      reason = `Init:${i}/${pod.spec?.initContainers?.length ?? 0}`;
    }
    initializing = true;
    break;
  }

  if (!initializing || conditionTrue(pod, 'Initialized')) {
    restarts = sidecarRestarts;
    lastRestart = lastSidecarRestart;
    let hasRunning = false;
    const cs = status.containerStatuses ?? [];
    for (let i = cs.length - 1; i >= 0; i--) {
      const c = cs[i]!;
      restarts += c.restartCount ?? 0;
      if (c.lastState?.terminated) lastRestart = later(lastRestart, c.lastState.terminated.finishedAt);
      const term = c.state?.terminated;
      if (c.state?.waiting?.reason) reason = c.state.waiting.reason;
      else if (term?.reason) reason = term.reason;
      else if (term) reason = term.signal ? `Signal:${term.signal}` : `ExitCode:${term.exitCode}`;
      else if (c.ready && c.state?.running) {
        hasRunning = true;
        readyContainers++;
      }
    }
    if (reason === 'Completed' && hasRunning) reason = conditionTrue(pod, 'Ready') ? 'Running' : 'NotReady';
  }

  if (pod.metadata.deletionTimestamp && status.reason === 'NodeLost') reason = 'Unknown';
  else if (pod.metadata.deletionTimestamp && phase !== 'Succeeded' && phase !== 'Failed') reason = 'Terminating';

  return { ready: `${readyContainers}/${totalContainers}`, status: reason, restarts, lastRestart };
}
