/**
 * Built-in lessons for the browser, prepared at build time: every `lessons/<id>/lesson.yaml` is
 * validated (the build fails on an invalid lesson, naming the line) and turned into JSON with the
 * files beside it, so the page needs neither the YAML parser nor the schema to show the catalog.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { BundledLesson, Syllabus } from '../../lesson-runtime/catalog';
import { formatErrors, loadLesson } from '../../lesson-runtime/load';
import { LESSONS_DIR, lessonFolders, readLessonFolder } from './files';

export function readLessons(root = LESSONS_DIR): BundledLesson[] {
  const lessons: BundledLesson[] = [];
  const problems: string[] = [];
  for (const dir of lessonFolders(root)) {
    const src = readLessonFolder(dir);
    const r = loadLesson(src.text);
    if (!r.ok) problems.push(formatErrors(src.path, r.errors));
    else if (r.value.id !== src.folder) problems.push(`${src.path}: the id ${r.value.id} differs from the folder name ${src.folder}`);
    else lessons.push({ lesson: r.value, files: src.files });
  }
  if (problems.length) throw new Error(`invalid lessons:\n${problems.join('\n')}`);
  return lessons;
}

export function readSyllabus(root = LESSONS_DIR): Syllabus {
  return parse(readFileSync(join(root, 'syllabus.yaml'), 'utf8')) as Syllabus;
}

export { readInterview } from './interview-files';
