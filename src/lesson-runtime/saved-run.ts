/**
 * Whether a run in a link is the learner's own saved run, caught at another moment: the same
 * seed and topology, and one command log a prefix of the other (the address bar is rewritten
 * every half second and saved progress when a step moves, so either may be ahead).
 */
import type { SavedRun } from './progress';

/** The later of two moments of one run, or undefined when they are different runs. */
export function laterOfOneRun(a: SavedRun, b: SavedRun): SavedRun | undefined {
  if (a.seed !== b.seed || a.topology !== b.topology) return undefined;
  const [short, long] = a.log.length <= b.log.length ? [a, b] : [b, a];
  for (let i = 0; i < short.log.length; i++) if (JSON.stringify(short.log[i]) !== JSON.stringify(long.log[i])) return undefined;
  return long;
}
