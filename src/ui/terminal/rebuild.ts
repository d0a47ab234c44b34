/**
 * Which command lines rebuild the cluster: `sim topology <shape> [flags]`, read as the Session
 * reads a line (a `#` comment is not code; in a pipeline the first stage is the command). The
 * header's dial shows one that is running as busy; one the learner types under a running lesson
 * waits for "Leave the lesson?" first (Terminal.tsx), as the dial does.
 */
import { stripComment } from '../../k8s/shell-comment';
import type { CommandTable } from '../../protocol/messages';

export interface Rebuild {
  /** The worker count asked for with `--nodes`, if any. */
  nodes?: number;
}

const NODES = /^--nodes(?:=(\d+))?$/;

/**
 * The rebuild a line asks for, if it is a `sim topology` line. Given the worker's command table,
 * only a line that names one of its topologies counts: `sim topology` alone, or with a shape the
 * simulator does not have, only prints kubectl's usage error — no reason to leave a lesson.
 */
export function rebuildOf(line: string, commands?: CommandTable): Rebuild | undefined {
  // A here-document's body is data, not code; only its first line is the command.
  const code = stripComment(line.split('\n')[0] ?? '');
  const words = (code.split('|')[0] ?? '').trim().split(/\s+/);
  if (words[0] !== 'sim' || words[1] !== 'topology') return undefined;
  const args = words.slice(2);
  const shapes = commands?.sim.commands['topology']?.subcommands;
  if (shapes && !args.some((a) => shapes.includes(a))) return undefined;
  for (let i = 0; i < args.length; i++) {
    const m = NODES.exec(args[i]!);
    if (!m) continue;
    const n = Number(m[1] ?? args[i + 1]);
    return Number.isInteger(n) ? { nodes: n } : {};
  }
  return {};
}
