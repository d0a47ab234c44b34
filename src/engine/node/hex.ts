/**
 * Hex identifiers the container runtime hands out (64-hex container and sandbox ids, image
 * config digests). Random ones come from the world's PRNG; derived ones are a stable hash of a
 * string, so the same image always reports the same id on every node and every run.
 */
import { nextUint32, type RngState } from '../core/rng';

const HEX = '0123456789abcdef';

/** Joined from an array: appending a character at a time leaves a 64-piece rope per id. */
export function randomHex(st: RngState, n: number): string {
  const s = new Array<string>(n);
  for (let i = 0; i < n; i++) s[i] = HEX[nextUint32(st) & 15]!;
  return s.join('');
}

/** FNV-1a, re-seeded per 8-hex block, stretched to `n` hex digits. */
export function hashHex(text: string, n = 64): string {
  let out = '';
  for (let block = 0; out.length < n; block++) {
    let h = (0x811c9dc5 ^ Math.imul(block + 1, 0x9e3779b9)) >>> 0;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    out += h.toString(16).padStart(8, '0');
  }
  return out.slice(0, n);
}
