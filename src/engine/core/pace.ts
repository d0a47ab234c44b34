/**
 * The cluster's time lent to a learner's command line that runs inside the cluster: a node's
 * shell line (`sim ssh`) or a container's exec or attached line. The line's interpreter waits
 * for it before each of its steps (images/machine.ts WorldPace), so every step reads the World
 * at its own moment. The Simulation makes one per line (Simulation.paceFor) and bounds it.
 */

/**
 * How long a line that does not end holds the cluster's time when its caller sets no bound: the
 * runner's bound on a wait (kubectl/wait-util.ts MAX_WAIT_MS, which kubectl's waits share).
 */
export const LINE_LIMIT_MS = 15 * 60_000;

/**
 * The Simulation's clock, run by a line: `to(t)` runs the cluster until `t`, or as far as it may
 * go — a Ctrl+C's horizon, the line's bound, or the first moment `until()` holds (checked after
 * each message: the container an exec runs in has stopped) — and returns where its clock stopped.
 */
export interface ClusterPace {
  to(t: number, until?: () => boolean): number;
}
