/**
 * The wait of an exec (or attached shell line) whose command has not ended (`sleep infinity`,
 * `tail -f`): the stream stays open and kubectl keeps the terminal. It sleeps on a watch of the
 * Pod as container-stream.ts does, and is over when the container the command runs in stops or
 * is replaced (the runtime kills every process in it: the exec's status is 137, SIGKILL) or the
 * Pod is deleted; at MAX_WAIT_MS (the runner's bound on any wait) it stops without a word; a
 * Ctrl+C (the Simulation's horizon) throws `Interrupted` out of the watch.
 *
 * What the command wrote is shown at the moments it wrote it (timed-output.ts); a `tail -f`
 * that follows a file is read on each time the wait wakes — on a change of the Pod, or every
 * READ_EVERY_MS as `logs -f` does (images/follow.ts).
 *
 * The command ran with the cluster's time up to the point it waits (`tail -f`, `read`, a busy
 * loop) or to the runner's bound (a loop that sleeps); only a `tail -f`'s file wakes it again.
 * Approximate: after the wait, the remote command is not modelled further (kubectl dying of
 * Ctrl+C leaves it running in the real container).
 */
import type { KObject, Pod } from '../k8s/types';
import type { Simulation } from '../engine/index';
import { ObjectWatch } from './watch';
import { MAX_WAIT_MS } from './wait-util';
import { READ_EVERY_MS } from './commands/container-stream';

/**
 * Reads on the file the command's `tail -f` follows (timed-output.ts followReader), as the wait
 * wakes; `close` at its end.
 */
export type FollowRead = (close: boolean) => void;

/** How the wait ended: the command's container stopped (or its Pod went), or the runner's bound. */
export type RunningEnd = 'container-stopped' | 'capped';

/** The status of the container the command runs in, while it is the one `containerID` names and runs. */
function runs(pod: Pod | undefined, container: string, containerID: string | undefined): boolean {
  const all = [...(pod?.status?.containerStatuses ?? []), ...(pod?.status?.initContainerStatuses ?? []), ...(pod?.status?.ephemeralContainerStatuses ?? [])];
  const st = all.find((c) => c.name === container);
  return st?.state.running !== undefined && (containerID === undefined || st.containerID === containerID);
}

/**
 * Waits while the command keeps running in `container` of `namespace`/`name` (the instance
 * `containerID` names, when known). Throws `Interrupted` at a Ctrl+C. `startedAt`: when the
 * command began, if the cluster's time already passed with it (the kubelet's answer came as far
 * into it as the World went): the bound counts from there, so a loop the World ran to the bound
 * is over at once.
 */
export function waitWhileRunning(sim: Simulation, namespace: string, name: string, container: string, containerID: string | undefined, follow?: FollowRead, startedAt?: number): RunningEnd {
  const current = sim.storedObject<Pod>(`pods/${namespace}/${name}`);
  const id = containerID ?? [...(current?.status?.containerStatuses ?? []), ...(current?.status?.ephemeralContainerStatuses ?? [])].find((c) => c.name === container)?.containerID;
  if (!runs(current, container, id)) return 'container-stopped';
  const watch = new ObjectWatch(sim, 'pods', { namespace, names: [name] }, current ? [current as KObject] : []);
  const deadline = (startedAt ?? sim.now) + MAX_WAIT_MS;
  try {
    while (sim.now < deadline) {
      const events = watch.next(Math.min(deadline - sim.now, follow ? READ_EVERY_MS : Infinity));
      // Read before the end is seen: what the file gained while the container still ran.
      follow?.(false);
      for (const e of events) {
        if (e.type === 'DELETED' || !runs(e.obj as Pod, container, id)) return 'container-stopped';
      }
    }
    return 'capped';
  } finally {
    // Over (a Ctrl+C included): what it printed up to now, and the follow is closed.
    follow?.(true);
  }
}
