/**
 * The stand-in inode numbers `stat` and `ls -i` print: the same for a path every time (FNV-1a of
 * the path, seven digits), and a hard link's the same as the file it shares its inode with (the
 * busybox image's applets, BaseMeta.inode). Real numbers depend on the overlay's backing
 * filesystem; what a learner can rely on is that they agree between the two tools.
 */
import { resolveLinks, written } from './fs';
import type { ToolEnv } from './tool-types';

function hashed(full: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < full.length; i++) h = Math.imul(h ^ full.charCodeAt(i), 0x01000193) >>> 0;
  return 1_000_000 + (h % 8_000_000);
}

/** The inode of the file at `full` whose ls/stat type is `type` ('-' a regular file: its links are followed). */
export function inodeOf(env: ToolEnv, type: 'd' | '-' | 'l' | 'c', full: string): number {
  if (type !== '-') return hashed(full);
  const at = resolveLinks(env.fs, env.base, full);
  return hashed((written(env.fs, env.base, at) ? undefined : env.base.meta?.(at)?.inode) ?? at);
}
