/**
 * bash 5.2's `$RANDOM` (lib/sh/random.c): the Park–Miller "minimal standard" generator, x(n+1) =
 * 16807·x(n) mod (2³¹−1), each value folded to 15 bits as bash ≥ 5.1 does — `((x >> 16) ^
 * (x & 0xffff)) & 32767` — and never the same value twice in a row (get_random_number's loop).
 * `RANDOM=n` seeds it with n as a 32-bit unsigned number (0 is bash's 123459876). Recorded on
 * this machine's bash 5.2.15: `RANDOM=1; echo $RANDOM $RANDOM $RANDOM $RANDOM` prints
 * `16807 10791 19566 13983`, `RANDOM=42` starts `17772 26794 1435`, `RANDOM=0` starts
 * `20814 24386 149`. Pure: the prompt decides where an unseeded generator starts.
 */
export interface RandomState {
  seed: number;
  last: number;
}

/** The state after `RANDOM=value` (value already evaluated as bash's integer attribute does). */
export function seedRandom(value: bigint): RandomState {
  return { seed: Number(BigInt.asUintN(32, value)), last: 0 };
}

/** The next `$RANDOM` (0–32767) and the state after it. */
export function nextRandom(state: RandomState): { value: number; state: RandomState } {
  let seed = state.seed;
  let value: number;
  do {
    const x = seed === 0 ? 123459876 : seed;
    const h = Math.floor(x / 127773);
    const l = x - 127773 * h;
    const t = 16807 * l - 2836 * h;
    seed = t < 0 ? t + 0x7fffffff : t;
    value = ((seed >>> 16) ^ (seed & 0xffff)) & 32767;
  } while (value === state.last);
  return { value, state: { seed, last: value } };
}
