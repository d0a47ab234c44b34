/** What every part of the open drills page shares: the cards and the learner's progress on them. */
import { createContext, useContext, useMemo } from 'react';
import { useStore } from 'zustand';
import type { Topic } from '../../lesson-runtime/drill-schema';
import { Rating, type Grade } from '../../lesson-runtime/srs';
import type { MessageKey } from '../i18n/catalog';
import { useLocale } from '../i18n/react';
import type { DrillBundle } from './bundle';
import { relativeDue } from './deck';
import type { DeckProgress, DeckProgressState } from './deck-progress';

export interface DrillsContextValue {
  bundle: DrillBundle;
  progress: DeckProgress;
}

export const DrillsContext = createContext<DrillsContextValue | null>(null);

export function useDrills(): DrillsContextValue {
  const v = useContext(DrillsContext);
  if (!v) throw new Error('useDrills needs the drills page');
  return v;
}

export function useDeckState<T>(selector: (s: DeckProgressState) => T): T {
  return useStore(useDrills().progress.store, selector);
}

export const TOPIC_LABEL: Record<Topic, MessageKey> = {
  architecture: 'drills.topic.architecture',
  'control-plane': 'drills.topic.control-plane',
  node: 'drills.topic.node',
  'declarative-api': 'drills.topic.declarative-api',
  ha: 'drills.topic.ha',
  'self-healing': 'drills.topic.self-healing',
  operations: 'drills.topic.operations',
};

export const GRADE_LABEL: Record<Grade, MessageKey> = {
  [Rating.Again]: 'drills.grade.again',
  [Rating.Hard]: 'drills.grade.hard',
  [Rating.Good]: 'drills.grade.good',
  [Rating.Easy]: 'drills.grade.easy',
};

/** Due dates in the learner's language: "tomorrow", "in 3 days", "Sat, Jan 18". */
export function useDates(): { when: (due: number, now: number) => string; date: (at: number) => string } {
  const [locale] = useLocale();
  return useMemo(() => {
    const rel = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    const day = new Intl.DateTimeFormat(locale, { weekday: 'short', month: 'short', day: 'numeric' });
    return {
      when: (due, now) => {
        const r = relativeDue(due, now);
        return rel.format(r.value, r.unit);
      },
      date: (at) => day.format(at),
    };
  }, [locale]);
}
