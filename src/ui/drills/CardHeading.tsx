/** A card's kind, topic and schedule above its question (or statement). */
import type { ReactNode, RefObject } from 'react';
import { endOfDay, State } from '../../lesson-runtime/srs';
import { useT } from '../i18n/react';
import { TOPIC_LABEL, useDates, useDeckState, useDrills } from './context';
import type { DeckCard } from './deck';
import { cardNumber } from './refs';

export function CardHeading({ card, id, headingRef, children }: { card: DeckCard; id: string; headingRef: RefObject<HTMLHeadingElement | null>; children: ReactNode }) {
  const t = useT();
  return (
    <header className="drills-card-head">
      <p className="drills-kicker">
        <span>{t(card.kind === 'drill' ? 'drills.kind.drill' : 'drills.kind.card')}</span>
        <span aria-hidden="true"> · </span>
        <span>{t(TOPIC_LABEL[card.topic])}</span>
        <span aria-hidden="true"> · </span>
        <ScheduleTag id={card.id} />
      </p>
      <h3 id={id} tabIndex={-1} ref={headingRef}>
        <span className="lesson-number">{cardNumber(card.id)}</span> {children}
      </h3>
    </header>
  );
}

/** New, due, or when it comes back. */
export function ScheduleTag({ id }: { id: string }) {
  const t = useT();
  const dates = useDates();
  const { progress } = useDrills();
  useDeckState((s) => s.records[id]);
  const r = progress.record(id);
  const now = Date.now();
  const [label, cls] = r.state === State.New ? [t('drills.state.new'), 'new'] : r.due <= endOfDay(now) ? [t('drills.state.due'), 'due'] : [t('drills.state.later', { when: dates.when(r.due, now) }), 'later'];
  return <span className={`tag drills-state ${cls}`}>{label}</span>;
}
