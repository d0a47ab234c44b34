/**
 * Image sizes derived from a name, for images whose real manifest sizes we do not have (no
 * registry is reachable from here): a stable size within [minMiB, maxMiB) from an FNV-1a hash of
 * the name, and an unpacked size 2.3–2.9 × that. Approximate by construction; catalog.ts uses it
 * for images it synthesises and catalog-data.ts for listed images whose size nobody published.
 */
import { fnv1a } from '../../k8s/sha256';

const MiB = 1024 * 1024;

export function sizesFromName(name: string, minMiB: number, maxMiB: number): { sizeBytes: number; unpackedBytes: number } {
  const h = fnv1a(name);
  const sizeBytes = Math.round(minMiB * MiB + (h % ((maxMiB - minMiB) * MiB)));
  return { sizeBytes, unpackedBytes: Math.round(sizeBytes * (2.3 + (h % 7) / 10)) };
}
