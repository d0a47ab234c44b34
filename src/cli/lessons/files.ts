/**
 * Lessons on disk: `lessons/<NN-slug>/lesson.yaml` and the files beside it (manifests the lesson
 * applies by name), read for the headless checker and the tests.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const LESSONS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'lessons');

export interface LessonSource {
  /** The lesson folder's name (must equal the lesson's id). */
  folder: string;
  path: string;
  text: string;
  /** The other files of the folder by name, for `kubectl apply -f <name>`. */
  files: Record<string, string>;
}

export function readLessonFolder(dir: string): LessonSource {
  const path = join(dir, 'lesson.yaml');
  const files: Record<string, string> = {};
  for (const f of readdirSync(dir).sort()) {
    if (f === 'lesson.yaml' || !statSync(join(dir, f)).isFile()) continue;
    files[f] = readFileSync(join(dir, f), 'utf8');
  }
  return { folder: basename(dir), path, text: readFileSync(path, 'utf8'), files };
}

/** Every lesson folder under `root`, in order. */
export function lessonFolders(root = LESSONS_DIR): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((d) => /^\d\d-/.test(d) && existsSync(join(root, d, 'lesson.yaml')))
    .sort()
    .map((d) => join(root, d));
}
