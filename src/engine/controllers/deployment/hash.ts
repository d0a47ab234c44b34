/**
 * pod-template-hash (pkg/controller/controller_utils.go ComputeHash): FNV-1a 32-bit over the
 * PodTemplateSpec, plus collisionCount as 8 little-endian bytes when set, printed as a decimal
 * uint32 and mapped through rand.SafeEncodeString. Upstream hashes a spew dump of the Go struct;
 * the simulation hashes a canonical JSON of the same template, so the values differ from a real
 * cluster's but have the same shape: up to 10 characters, all from `4 5 6 7 8 9 b c d f`.
 */
import { utf8Bytes } from '../../../k8s/utf8';
import type { PodTemplateSpec } from '../../../k8s/types';
import { ALPHANUMS } from '../../core/rng';
import { canonicalJson } from '../util/equal';

export function fnv1a32(bytes: Iterable<number>, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (const b of bytes) {
    h ^= b & 0xff;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}


/** rand.SafeEncodeString: each character c becomes alphanums[c % 27]. */
export function safeEncodeString(s: string): string {
  let out = '';
  for (const ch of s) out += ALPHANUMS[ch.codePointAt(0)! % ALPHANUMS.length];
  return out;
}

export function computeHash(template: PodTemplateSpec, collisionCount?: number): string {
  const bytes = utf8Bytes(canonicalJson(template));
  if (collisionCount !== undefined) {
    const n = collisionCount >>> 0;
    bytes.push(n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff, 0, 0, 0, 0);
  }
  return safeEncodeString(String(fnv1a32(bytes)));
}
