import { readdirSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import type { FileSource } from '../kubectl/types';

/** Real files, with relative paths resolved against `base` (the script's folder). */
export function diskFiles(base: string): FileSource {
  const abs = (p: string): string => (isAbsolute(p) ? p : join(base, p));
  return {
    readFile(p) {
      try {
        return readFileSync(abs(p), 'utf8');
      } catch {
        return undefined;
      }
    },
    listDir(p) {
      try {
        if (!statSync(abs(p)).isDirectory()) return undefined;
        return readdirSync(abs(p))
          .sort()
          .map((f) => {
            const full = join(abs(p), f);
            return isAbsolute(p) ? full : relative(base, full);
          });
      } catch {
        return undefined;
      }
    },
  };
}
