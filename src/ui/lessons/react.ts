/** React access to the lesson controller and the lessons' slice of the store. */
import { createContext, useContext } from 'react';
import { useLocale } from '../i18n/react';
import { useApp } from '../store/react';
import type { LessonsState } from './state';
import type { LessonController } from './controller';
import type { Text } from '../../lesson-runtime/schema';

export const LessonControllerContext = createContext<LessonController | null>(null);

export function useLessonController(): LessonController | null {
  return useContext(LessonControllerContext);
}

export function useLessons<T>(selector: (s: LessonsState) => T): T {
  return useApp((s) => selector(s.lessons));
}

/** Picks a lesson text in the page's language. */
export function useText(): (t: Text | undefined) => string {
  const [locale] = useLocale();
  return (t) => (t ? (locale === 'zh-CN' ? t.zh : t.en) : '');
}
