/** `T+12.345s`: simulated time since the cluster's epoch, as the trace and the runner print it. */
export function timeLabel(at: number): string {
  return `T+${(at / 1000).toFixed(3)}s`;
}
