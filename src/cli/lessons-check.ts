/**
 * `npm run lessons:check [-- <lesson folder or file>…] [--topology basic|ha] [--transcript]`:
 * validates every lesson against the schema, then proves each one headless on the real engine
 * (src/cli/lessons/check.ts). Writes lessons/lesson.schema.json when it is out of date. Exit code
 * 1 if any lesson has a problem.
 */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { formatErrors, loadLesson } from '../lesson-runtime/load';
import { checkLesson } from './lessons/check';
import { LESSONS_DIR, lessonFolders, readLessonFolder } from './lessons/files';
import { drillJsonSchema, lessonJsonSchema, misconceptionJsonSchema } from './lessons/schema-file';
import { checkDemo, INTERVIEW_DIR, linkProblems, readInterview } from './lessons/drills';
import type { Lesson } from '../lesson-runtime/schema';
import { readSyllabus } from './lessons/bundle';
import { coverage, withCoverage } from './lessons/coverage';

const args = process.argv.slice(2);
const showTranscript = args.includes('--transcript');
const topoAt = args.indexOf('--topology');
const topology = topoAt >= 0 ? (args[topoAt + 1] as 'basic' | 'ha') : undefined;
const targets = args.filter((a, i) => !a.startsWith('--') && !(topoAt >= 0 && i === topoAt + 1));

function refresh(path: string, text: string): void {
  if (existsSync(path) && readFileSync(path, 'utf8') === text) return;
  writeFileSync(path, text);
  console.log(`wrote ${path}`);
}
refresh(join(LESSONS_DIR, 'lesson.schema.json'), lessonJsonSchema());
if (existsSync(INTERVIEW_DIR)) {
  refresh(join(INTERVIEW_DIR, 'drill.schema.json'), drillJsonSchema());
  refresh(join(INTERVIEW_DIR, 'misconception.schema.json'), misconceptionJsonSchema());
}
const proven: Lesson[] = [];

const missing = targets.filter((t) => !existsSync(t));
if (missing.length) {
  for (const t of missing) console.error(`error: ${t}: no such lesson folder or file (give a path such as lessons/04-the-scheduler)`);
  process.exit(1);
}
const folders = targets.length ? targets.map((t) => resolve(statSync(t).isDirectory() ? t : dirname(t))) : lessonFolders();
let failed = 0;
for (const dir of folders) {
  const src = readLessonFolder(dir);
  const loaded = loadLesson(src.text);
  if (!loaded.ok) {
    failed++;
    console.log(`✗ ${src.folder}\n${formatErrors(src.path, loaded.errors)}`);
    continue;
  }
  const lesson = loaded.value;
  proven.push(lesson);
  const problems: string[] = [];
  if (lesson.id !== src.folder) problems.push(`the id ${lesson.id} differs from the folder name ${src.folder}`);
  const report = await checkLesson(lesson, src.files, topology ? { topology } : {});
  problems.push(...report.problems);
  if (problems.length) {
    failed++;
    console.log(`✗ ${lesson.id}\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  } else console.log(`✓ ${lesson.id} (${report.steps} steps, ${report.predicts} predictions proven)`);
  if (showTranscript || problems.length) console.log(report.transcript.replace(/^/gm, '    '));
}
console.log(`${folders.length - failed} of ${folders.length} lessons proven`);

// The syllabus coverage table in docs/lessons.md (only when checking every lesson).
let uncovered = 0;
if (!targets.length) {
  const cov = coverage(proven, readSyllabus());
  const docPath = join(LESSONS_DIR, '..', 'docs', 'lessons.md');
  if (existsSync(docPath)) refresh(docPath, withCoverage(readFileSync(docPath, 'utf8'), cov.markdown));
  for (const item of cov.uncovered) console.log(`✗ no lesson teaches ${item}`);
  uncovered = cov.uncovered.length;
}

// Drills and misconception cards: only when checking everything (links need every lesson).
let drillFailures = 0;
if (!targets.length) {
  const iv = readInterview();
  for (const p of iv.problems) {
    drillFailures++;
    console.log(`✗ ${p}`);
  }
  for (const card of [...iv.drills, ...iv.cards]) {
    const problems = linkProblems(card, proven);
    const demo = await checkDemo(card, iv.files);
    problems.push(...demo.problems);
    if (problems.length) {
      drillFailures++;
      console.log(`✗ ${card.id}\n${problems.map((p) => `  - ${p}`).join('\n')}`);
      console.log(demo.transcript.replace(/^/gm, '    '));
    } else console.log(`✓ ${card.id} (demonstration proven)`);
  }
  const total = iv.drills.length + iv.cards.length + iv.problems.length;
  if (total) console.log(`${total - drillFailures} of ${total} drills and misconception cards proven`);
}
process.exitCode = failed || drillFailures || uncovered ? 1 : 0;
