/**
 * Seeded PRNG (sfc32). Its whole state is four 32-bit words kept inside the World, so a snapshot
 * restores the exact random future and replays are byte-identical.
 */
export interface RngState {
  a: number;
  b: number;
  c: number;
  d: number;
}

export function seedRng(seed: number): RngState {
  // splitmix32 spreads a small integer seed over the 128-bit state.
  let s = seed >>> 0;
  const next = (): number => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  const st = { a: next(), b: next(), c: next(), d: next() };
  for (let i = 0; i < 12; i++) nextUint32(st);
  return st;
}

export function nextUint32(st: RngState): number {
  const t = (((st.a + st.b) >>> 0) + st.d) >>> 0;
  st.d = (st.d + 1) >>> 0;
  st.a = st.b ^ (st.b >>> 9);
  st.b = (st.c + (st.c << 3)) >>> 0;
  st.c = ((st.c << 21) | (st.c >>> 11)) >>> 0;
  st.c = (st.c + t) >>> 0;
  return t;
}

/** A float in [0, 1). */
export function nextFloat(st: RngState): number {
  return nextUint32(st) / 4294967296;
}

/** An integer in [min, max] inclusive. */
export function nextInt(st: RngState, min: number, max: number): number {
  return min + Math.floor(nextFloat(st) * (max - min + 1));
}

/** apimachinery's util/rand alphabet: no vowels, no 0/1/3, so generated names never spell words. */
export const ALPHANUMS = 'bcdfghjklmnpqrstvwxz2456789';

/** `n` characters drawn from `alphabet` (apimachinery's generateName alphabet unless told otherwise). */
export function randomString(st: RngState, n: number, alphabet: string = ALPHANUMS): string {
  const out = new Array<string>(n);
  for (let i = 0; i < n; i++) out[i] = alphabet[nextUint32(st) % alphabet.length]!;
  return out.join('');
}

const HEX = '0123456789abcdef';

/**
 * An RFC 4122 version-4 UUID, as apimachinery's uuid.New() produces. Joined from an array, not
 * appended a character at a time: `+=` leaves a rope of ~40 string pieces (810 bytes against 96
 * flat), and every stored object and Event keeps its uid.
 */
export function uuidV4(st: RngState): string {
  const s: string[] = [];
  for (let i = 0; i < 32; i++) {
    let v = nextUint32(st) & 15;
    if (i === 12) v = 4;
    if (i === 16) v = (v & 3) | 8;
    s.push(HEX[v]!);
    if (i === 7 || i === 11 || i === 15 || i === 19) s.push('-');
  }
  return s.join('');
}
