/**
 * The STATUS / READY / ROLES columns kubectl prints, computed from API objects exactly as
 * kubernetes/pkg/printers/internalversion/printers.go does (printPod, printNode), so the lists
 * in the UI say what `kubectl get` would say about the same object.
 *
 * This is a port, not an import: the UI may not load kubectl's runtime code (it would drag the
 * engine into the main bundle). k8s-fidelity.md §1.3, §1.6 and §2.1 are the specification.
 */
import type { ContainerStatus, Node, Pod, PodCondition } from '../../engine/api/types';

function isRestartableInit(pod: Pod, name: string): boolean {
  return pod.spec.initContainers?.some((c) => c.name === name && c.restartPolicy === 'Always') ?? false;
}

function conditionTrue(conditions: readonly PodCondition[] | undefined, type: string): boolean {
  return conditions?.some((c) => c.type === type && c.status === 'True') ?? false;
}

function terminal(phase: string | undefined): boolean {
  return phase === 'Succeeded' || phase === 'Failed';
}

export interface PodColumns {
  ready: string;
  status: string;
  restarts: number;
}

/** printPod's READY, STATUS and RESTARTS (the restart count without its "(41s ago)" suffix). */
export function podColumns(pod: Pod): PodColumns {
  const st = pod.status ?? {};
  let reason: string = st.phase ?? '';
  if (st.reason) reason = st.reason;
  if (st.conditions?.some((c) => c.type === 'PodScheduled' && c.reason === 'SchedulingGated')) reason = 'SchedulingGated';

  const total = pod.spec.containers.length + (pod.spec.initContainers?.filter((c) => c.restartPolicy === 'Always').length ?? 0);
  let ready = 0;
  let restarts = 0;
  let initializing = false;
  const inits: readonly ContainerStatus[] = st.initContainerStatuses ?? [];
  for (let i = 0; i < inits.length; i++) {
    const c = inits[i]!;
    restarts += c.restartCount;
    const term = c.state.terminated;
    if (term && term.exitCode === 0) continue;
    if (isRestartableInit(pod, c.name) && c.started) {
      if (c.ready) ready++;
      continue;
    }
    if (term) {
      if (term.reason) reason = `Init:${term.reason}`;
      else reason = term.signal ? `Init:Signal:${term.signal}` : `Init:ExitCode:${term.exitCode}`;
    } else if (c.state.waiting?.reason && c.state.waiting.reason !== 'PodInitializing') {
      reason = `Init:${c.state.waiting.reason}`;
    } else {
      reason = `Init:${i}/${pod.spec.initContainers?.length ?? 0}`;
    }
    initializing = true;
    break;
  }

  if (!initializing || conditionTrue(st.conditions, 'Initialized')) {
    restarts = inits.filter((c) => isRestartableInit(pod, c.name)).reduce((n, c) => n + c.restartCount, 0);
    let hasRunning = false;
    const main: readonly ContainerStatus[] = st.containerStatuses ?? [];
    // Last to first, so the first container's reason wins.
    for (let i = main.length - 1; i >= 0; i--) {
      const c = main[i]!;
      restarts += c.restartCount;
      const s = c.state;
      if (s.waiting?.reason) reason = s.waiting.reason;
      else if (s.terminated?.reason) reason = s.terminated.reason;
      else if (s.terminated) reason = s.terminated.signal ? `Signal:${s.terminated.signal}` : `ExitCode:${s.terminated.exitCode}`;
      else if (c.ready && s.running) {
        hasRunning = true;
        ready++;
      }
    }
    if (reason === 'Completed' && hasRunning) reason = conditionTrue(st.conditions, 'Ready') ? 'Running' : 'NotReady';
  }

  if (pod.metadata.deletionTimestamp && st.reason === 'NodeLost') reason = 'Unknown';
  else if (pod.metadata.deletionTimestamp && !terminal(st.phase)) reason = 'Terminating';

  return { ready: `${ready}/${total}`, status: reason, restarts };
}

/** printNode's STATUS: the Ready condition only, plus SchedulingDisabled when cordoned. */
export function nodeStatus(node: Node): string {
  const ready = node.status?.conditions?.find((c) => c.type === 'Ready');
  const parts = [ready === undefined ? 'Unknown' : ready.status === 'True' ? 'Ready' : 'NotReady'];
  if (node.spec.unschedulable) parts.push('SchedulingDisabled');
  return parts.join(',');
}

const ROLE_PREFIX = 'node-role.kubernetes.io/';

/** printNode's ROLES: `node-role.kubernetes.io/<role>` labels, or the legacy `kubernetes.io/role`. */
export function nodeRoles(node: Node): string {
  const roles = new Set<string>();
  for (const [k, v] of Object.entries(node.metadata.labels ?? {})) {
    if (k.startsWith(ROLE_PREFIX) && k.length > ROLE_PREFIX.length) roles.add(k.slice(ROLE_PREFIX.length));
    else if (k === 'kubernetes.io/role' && v !== '') roles.add(v);
  }
  return roles.size ? [...roles].sort().join(',') : '<none>';
}
