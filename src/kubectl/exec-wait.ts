/**
 * The wait of an exec (or attached shell line) whose command has not ended (`sleep infinity`,
 * `tail -f`): the stream stays open and kubectl keeps the terminal. It sleeps on a watch of the
 * Pod as container-stream.ts does, and is over when the container the command runs in stops or
 * is replaced (the runtime kills every process in it: the exec's status is 137, SIGKILL) or the
 * Pod is deleted; at MAX_WAIT_MS (the runner's bound on any wait) it stops without a word; a
 * Ctrl+C (the Simulation's horizon) throws `Interrupted` out of the watch.
 *
 * Approximate: what the command writes after it blocked (`tail -f` of a log that grows) is not
 * read: the process model ran it up to the point it waits, and nothing wakes it again. After the
 * wait, the remote command is not modelled further (kubectl dying of Ctrl+C leaves it running in
 * the real container).
 */
import type { KObject, Pod } from '../k8s/types';
import type { Simulation } from '../engine/index';
import { ObjectWatch } from './watch';
import { MAX_WAIT_MS } from './wait-util';

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
 * `containerID` names, when known). Throws `Interrupted` at a Ctrl+C.
 */
export function waitWhileRunning(sim: Simulation, namespace: string, name: string, container: string, containerID: string | undefined): RunningEnd {
  const current = sim.storedObject<Pod>(`pods/${namespace}/${name}`);
  const id = containerID ?? [...(current?.status?.containerStatuses ?? []), ...(current?.status?.ephemeralContainerStatuses ?? [])].find((c) => c.name === container)?.containerID;
  if (!runs(current, container, id)) return 'container-stopped';
  const watch = new ObjectWatch(sim, 'pods', { namespace, names: [name] }, current ? [current as KObject] : []);
  const deadline = sim.now + MAX_WAIT_MS;
  while (sim.now < deadline) {
    const events = watch.next(deadline - sim.now);
    for (const e of events) {
      if (e.type === 'DELETED' || !runs(e.obj as Pod, container, id)) return 'container-stopped';
    }
  }
  return 'capped';
}
