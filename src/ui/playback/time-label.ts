/**
 * `T+12.345s`: simulated seconds since the cluster was handed over (`bootedAt`: boot finished),
 * exactly as `sim trace` and `sim why` print it (src/kubectl/sim/trace.ts), so a time read on the
 * page is the time the runner prints for the same record. Boot's own moments read `T-…`.
 */
export function timeLabel(at: number, bootedAt: number): string {
  const s = (at - bootedAt) / 1000;
  return s < 0 ? `T-${(-s).toFixed(3)}s` : `T+${s.toFixed(3)}s`;
}
