/**
 * What `sim trace` prints for the records scale mode counted instead of keeping: one line saying
 * so, then their exact counts by kind, from → to, most frequent first. Per-machine processes
 * (`kubelet/node-17`, `kube-proxy/node-17`, …) are summed as `kubelet/*` with how many there were,
 * so a 5,000-node cluster prints a screenful rather than one line per process.
 */
import type { TraceAggregate, TraceKind } from '../../engine/index';

/** `kubelet/node-2` → `kubelet/*`; control-plane ids (`kube-apiserver-1`) stay as they are. */
function group(id: string): string {
  const i = id.indexOf('/');
  return i < 0 ? id : `${id.slice(0, i)}/*`;
}

function fmt(n: number): string {
  return n.toLocaleString('en-US');
}

export function aggregateLines(agg: TraceAggregate, keep: (kind: TraceKind) => boolean): string {
  const rows = new Map<string, { kind: TraceKind; from: string; to: string; count: number; froms: Set<string>; tos: Set<string> }>();
  for (const c of agg.counts) {
    if (!keep(c.kind)) continue;
    const from = group(c.from);
    const to = group(c.to);
    const key = `${c.kind} ${from} ${to}`;
    let row = rows.get(key);
    if (!row) rows.set(key, (row = { kind: c.kind, from, to, count: 0, froms: new Set(), tos: new Set() }));
    row.count += c.count;
    row.froms.add(c.from);
    row.tos.add(c.to);
  }
  const sorted = [...rows.values()].sort((a, b) => b.count - a.count || (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0) || (a.from < b.from ? -1 : a.from > b.from ? 1 : 0) || (a.to < b.to ? -1 : a.to > b.to ? 1 : 0));
  const width = fmt(sorted[0]?.count ?? 0).length;
  const lines = sorted.map((r) => {
    // How many processes a `…/*` stands for (once when both ends are the same kind of process).
    const sides = r.from === r.to ? [r.froms.size] : [r.from.endsWith('/*') ? r.froms.size : 0, r.to.endsWith('/*') ? r.tos.size : 0].filter((n) => n > 0);
    const note = r.from.endsWith('/*') || r.to.endsWith('/*') ? ` (${sides.map(fmt).join(' -> ')} processes)` : '';
    return `  ${fmt(r.count).padStart(width)} ${r.kind} ${r.from} -> ${r.to}${note}\n`;
  });
  const head = `sim trace: ${fmt(agg.records)} older records (seq ${fmt(agg.firstSeq)}–${fmt(agg.lastSeq)}) were aggregated (scale mode keeps the newest ${fmt(agg.window)}); their counts:\n`;
  return head + lines.join('');
}
