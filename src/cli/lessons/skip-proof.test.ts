import { describe, expect, it } from 'vitest';
import { Session } from '../../kubectl/session';
import { loadLesson } from '../../lesson-runtime/load';
import { playThrough } from '../../lesson-runtime/step-actions';
import { LESSONS_DIR, readLessonFolder } from './files';
import { SessionDriver } from './session-driver';
import { skipProblems } from './skip-proof';

const source = readLessonFolder(`${LESSONS_DIR}/02-apply-to-running`);
const parsed = loadLesson(source.text);
if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
const lesson = parsed.value;

async function walk() {
  const d = new SessionDriver(new Session({ seed: lesson.seed, topology: lesson.topology, files: source.files }));
  const records = await playThrough(d, lesson.steps, { from: 0, to: lesson.steps.length - 1 }, {});
  return { transcript: d.transcript, records };
}

describe('the skip proof of lessons:check', () => {
  it('accepts steps played to the same cluster, and names the first line or step that differs', async () => {
    const w = await walk();
    expect(await skipProblems(lesson, source.files, lesson.topology, w)).toEqual([]);

    const line = w.transcript.findIndex((e) => e.output !== '');
    const changed = w.transcript.map((e, i) => (i === line ? { ...e, output: `${e.output}!` } : e));
    expect(await skipProblems(lesson, source.files, lesson.topology, { ...w, transcript: changed })).toEqual([
      `a link to step ${lesson.steps.at(-1)!.id} plays "${w.transcript[line]!.line}" differently from the walk (walked: "${w.transcript[line]!.line}")`,
    ]);

    const first = lesson.steps[0]!.id;
    const moved = { ...w.records, [first]: { ...w.records[first]!, end: { seq: 0, t: 0 } } };
    const [problem] = await skipProblems(lesson, source.files, lesson.topology, { ...w, records: moved });
    expect(problem).toMatch(new RegExp(`^step ${first}: played for a link it runs from seq \\d+, \\d+ ms to seq \\d+, \\d+ ms, walked from seq \\d+, \\d+ ms to seq 0, 0 ms$`));
  }, 60_000);
});
