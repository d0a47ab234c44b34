/**
 * The shape every fuzz suite shares, so `npm test` (a few runs, a fixed seed) and `npm run fuzz`
 * (many runs, any seed, failures saved) drive the same properties. A case is plain JSON data, so
 * a shrunk failure written to a file replays exactly.
 */
import type fc from 'fast-check';
import { Session } from '../../kubectl/session';
import type { TopologyName } from '../../engine/index';

export type SuiteId = 'a' | 'b' | 'c';

export interface FuzzSuite<T> {
  id: SuiteId;
  /** What it feeds and what must hold, for the runner's output. */
  title: string;
  arbitrary: fc.Arbitrary<T>;
  /** Throws (an assertion) when the invariant does not hold for `input`. */
  check(input: T): void;
  /** Runs `npm test` makes with its fixed seed: bounded by the whole suite's test time. */
  testRuns: number;
}

const booted = new Map<string, Session>();

/**
 * A fresh Session on a booted cluster. Booting is the expensive part and is the same for a seed
 * and topology, so each is booted once and every case gets its own copy of it.
 */
export function freshSession(topology: TopologyName = 'basic', seed = 1): Session {
  const key = `${topology}/${seed}`;
  let base = booted.get(key);
  if (!base) booted.set(key, (base = new Session({ topology, seed })));
  return base.fork();
}

/** All the text a command wrote, both streams in order. */
export const textOf = (r: { output: { text: string }[] }): string => r.output.map((c) => c.text).join('');
