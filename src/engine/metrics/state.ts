/**
 * Traffic driven into Services (`sim load`) and the CPU it costs the containers behind them.
 * Type-only leaf (see ARCHITECTURE.md): the values are made in load.ts, lazily, so a run that
 * never loads anything has no `w.traffic` at all.
 */

/** Requests per second sent to one Service. */
export interface ServiceLoad {
  rps: number;
  since: number;
}

/**
 * A container's cumulative CPU (nanocore-seconds, cAdvisor's usageCoreNanoSeconds) at `at`,
 * and the request rate it serves from then on. A new checkpoint is written whenever that rate
 * changes, so usage at any later moment is the last checkpoint plus a constant rate.
 */
export interface CpuCheckpoint {
  at: number;
  nanos: number;
  rps: number;
}

export interface TrafficState {
  /** `namespace/name` of a Service → its load. */
  loads: Record<string, ServiceLoad>;
  /** Container id → its checkpoints, oldest first (trimmed to the last few minutes). */
  cpu: Record<string, CpuCheckpoint[]>;
}
