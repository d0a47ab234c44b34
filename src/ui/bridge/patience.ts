/**
 * How much longer than the hang watchdog's usual patience an input may run silently. Rebuilding
 * the cluster (`sim topology … --nodes N`, the scale dial) boots a new Simulation inside one
 * command, and a boot reports no progress: at 1,000 nodes it is ~10 s of CPU on a quiet machine
 * (docs/performance.md), linear in nodes, and a busy classroom laptop or CI runner can be several
 * times slower. Mistaking that boot for a hang would restart the worker, which replays the same
 * boot and gives up.
 */
import type { LogEntry } from '../../protocol/messages';

/** Extra silence allowed per worker node being booted (~6× the measured boot cost per node). */
export const BOOT_PATIENCE_MS_PER_NODE = 60;

const REBUILD = /^\s*sim\s+topology\b/;
const NODES = /--nodes[=\s]+(\d+)/;

/** Extra patience for a command line: a rebuild's boot, by its node count (3 when it names none). */
export function linePatience(line: string): number {
  if (!REBUILD.test(line)) return 0;
  const nodes = Number(NODES.exec(line)?.[1] ?? 3);
  return Number.isFinite(nodes) ? nodes * BOOT_PATIENCE_MS_PER_NODE : 0;
}

/** The same for a logged input (a replay runs them one after another). */
export function entryPatience(e: LogEntry): number {
  return e.type === 'command' ? linePatience(e.line) : 0;
}
