/** A card's links to the lesson steps that teach it: each opens that lesson (the page closes). */
import { useEffect, useState } from 'react';
import { useT } from '../i18n/react';
import { useLessonController, useLessons, useText } from '../lessons/react';
import { useDrills } from './context';
import { closeDrills } from './drills-store';
import { parseLessonLink } from './refs';

export function LessonLinks({ links }: { links: readonly string[] }) {
  const t = useT();
  const text = useText();
  const ctl = useLessonController();
  const { progress } = useDrills();
  const catalog = useLessons((s) => s.catalog);
  const steps = useStepNumbers(links);
  const open = async (lesson: string, step: string | undefined): Promise<void> => {
    await progress.flush();
    closeDrills();
    await ctl?.start(lesson, step ? { stepId: step } : {});
  };
  return (
    <ul className="drills-links">
      {links.map((link) => {
        const { lesson, step } = parseLessonLink(link);
        const entry = catalog.find((l) => l.id === lesson);
        const n = steps[link];
        return (
          <li key={link}>
            <button type="button" className="link" data-link={link} onClick={() => void open(lesson, step)}>
              <span className="lesson-number">{lesson.slice(0, 2)}</span> {entry ? text(entry.title) : lesson}
              {n !== undefined && <> — {t('drills.lessonStep', { step: n })}</>}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** The 1-based number of each linked step (lessons load on demand; until then, none). */
function useStepNumbers(links: readonly string[]): Record<string, number> {
  const ctl = useLessonController();
  const [numbers, setNumbers] = useState<Record<string, number>>({});
  const key = links.join(' ');
  useEffect(() => {
    if (!ctl) return;
    let live = true;
    const wanted = key.split(' ').map((link) => ({ link, ...parseLessonLink(link) }));
    void Promise.all(
      wanted.map(async ({ link, lesson, step }) => {
        if (!step) return [];
        const l = await ctl.lesson(lesson).catch(() => undefined);
        const i = l?.lesson.steps.findIndex((s) => s.id === step) ?? -1;
        return i >= 0 ? [[link, i + 1] as const] : [];
      }),
    ).then((found) => live && setNumbers(Object.fromEntries(found.flat())));
    return () => {
      live = false;
    };
  }, [ctl, key]);
  return numbers;
}
