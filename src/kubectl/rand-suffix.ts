/**
 * utilrand.String(5) as kubectl draws it (debug's container and copy names, create deployment's
 * sanitized container names), from kubectl's own generator: seeded by what the command works on
 * and the moment it runs (FNV-1a into xorshift32), so a run replays to the same names and the
 * engine's PRNG is never touched.
 */
import { fnv1a } from '../k8s/sha256';

/** k8s.io/apimachinery/pkg/util/rand's alphabet (no vowels, no look-alikes). */
const ALPHANUMS = 'bcdfghjklmnpqrstvwxz2456789';

export function randomSuffixes(seed: string): () => string {
  let x = fnv1a(seed) || 1;
  return () => {
    let out = '';
    for (let i = 0; i < 5; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      x >>>= 0;
      out += ALPHANUMS[x % ALPHANUMS.length];
    }
    return out;
  };
}

/**
 * os.CreateTemp's name in /tmp: `prefix`, a random uint32 in decimal (Go's runtime fastrand, so
 * one to ten digits), `suffix`. From kubectl's own generator as above: the same seed, the same name.
 */
export function tempFileName(seed: string, prefix: string, suffix: string): string {
  let x = fnv1a(seed) || 1;
  x ^= x << 13;
  x ^= x >>> 17;
  x ^= x << 5;
  return `/tmp/${prefix}${x >>> 0}${suffix}`;
}
