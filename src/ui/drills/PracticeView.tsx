/**
 * Today's practice: the due queue beside the card being answered. A card stays on screen after
 * grading (with when it comes back) until the learner moves on; any card can be opened from the
 * full list, due or not, and a link into the page (a lesson's "prepares you for") opens at its card.
 */
import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { dueQueue, NEW_PER_DAY, State, type Grade } from '../../lesson-runtime/srs';
import { ProgressStore } from '../../lesson-runtime/progress';
import { useT } from '../i18n/react';
import { useText } from '../lessons/react';
import { useDates, useDeckState, useDrills } from './context';
import type { DeckCard } from './deck';
import { drillsStore, updateCardSession } from './drills-store';
import { DrillView } from './DrillView';
import { MisconceptionView } from './MisconceptionView';
import { ScheduleTag } from './CardHeading';
import { cardNumber, resolveDrillRef } from './refs';

export function PracticeView() {
  const t = useT();
  const dates = useDates();
  const { progress } = useDrills();
  const deck = progress.deck;
  const records = useDeckState((s) => s.records);
  const reviews = useDeckState((s) => s.reviews);
  const asked = useStore(drillsStore, (s) => s.card);
  const [current, setCurrent] = useState<string | undefined>();
  // Kept in the page's store, not here: a demonstration closes the page, and the learner comes
  // back to the card revealed and graded as they left it.
  const session = useStore(drillsStore, (s) => s.sessions);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // A link asked for a card (now, or while the page was already open).
  useEffect(() => {
    const c = asked ? resolveDrillRef(asked, deck) : undefined;
    if (c) setCurrent(c.id);
  }, [asked, deck]);

  const now = Date.now();
  const queue = dueQueue(deck, records, reviews, now);
  const today = [...queue.due, ...queue.fresh];
  const shownId = current ?? today[0];
  const shown = deck.find((c) => c.id === shownId);

  // Typed answers are written before another card replaces this one; the new card's heading takes
  // focus — and so does the card a link opened the page at (a demonstration's way back): on a
  // phone the card sits below the queue, and focus scrolls it into view.
  useEffect(() => {
    if (moved.current || asked !== undefined) heading.current?.focus();
    moved.current = true;
    return () => void progress.flush();
  }, [shownId, progress]);

  const update = updateCardSession;
  const grade = async (id: string, g: Grade): Promise<void> => {
    const at = Date.now();
    // Pin the card first: grading takes it out of today's queue, and it stays on screen with its result.
    setCurrent(id);
    const r = await progress.grade(id, g);
    update(id, { graded: { rating: g, due: r.due, at } });
    void ProgressStore.requestPersistence();
  };
  const next = (): void => {
    drillsStore.setState({ card: undefined });
    setCurrent(undefined);
  };
  const open = (id: string): void => setCurrent(id);

  return (
    <div className="drills-practice">
      <nav className="drills-queue" aria-label={t('drills.queue.label')}>
        <h3>
          {t('drills.queue.title')} <span className="tag">{today.length}</span>
        </h3>
        {today.length === 0 ? (
          <p className="lesson-muted">{t('drills.queue.empty')}</p>
        ) : (
          <ol className="drills-list" data-testid="drills-queue">
            {today.map((id) => (
              <QueueItem key={id} card={deck.find((c) => c.id === id)!} current={id === shownId} onOpen={open} />
            ))}
          </ol>
        )}
        <p className="lesson-muted drills-small">{t('drills.queue.newLimit', { count: NEW_PER_DAY })}</p>
        <details className="drills-all">
          <summary>{t('drills.queue.all', { count: deck.length })}</summary>
          <ol className="drills-list" data-testid="drills-all">
            {deck.map((c) => (
              <QueueItem key={c.id} card={c} current={c.id === shownId} onOpen={open} />
            ))}
          </ol>
        </details>
      </nav>
      <div className="drills-current">
        {shown ? (
          shown.kind === 'drill' ? (
            <DrillView
              key={shown.id}
              card={shown}
              revealed={session[shown.id]?.revealed === true}
              graded={session[shown.id]?.graded}
              headingRef={heading}
              onReveal={() => update(shown.id, { revealed: true })}
              onGrade={(g) => void grade(shown.id, g)}
              onNext={next}
            />
          ) : (
            <MisconceptionView
              key={shown.id}
              card={shown}
              judged={session[shown.id]?.judged}
              graded={session[shown.id]?.graded}
              headingRef={heading}
              onJudge={(saidTrue) => update(shown.id, { judged: saidTrue })}
              onGrade={(g) => void grade(shown.id, g)}
              onNext={next}
            />
          )
        ) : (
          <Done next={nextDue(deck, progress.record.bind(progress))} dates={dates} now={now} />
        )}
      </div>
    </div>
  );
}

function QueueItem({ card, current, onOpen }: { card: DeckCard; current: boolean; onOpen: (id: string) => void }) {
  const text = useText();
  const label = card.kind === 'drill' ? text(card.drill.question) : text(card.card.statement);
  return (
    <li>
      <button type="button" className="drills-item" aria-current={current ? 'true' : undefined} onClick={() => onOpen(card.id)} data-card={card.id}>
        <span className="lesson-number">{cardNumber(card.id)}</span>
        <span className="drills-item-text">{label}</span>
        <ScheduleTag id={card.id} />
      </button>
    </li>
  );
}

/** The earliest review still ahead, if any card has been met. */
function nextDue(deck: readonly DeckCard[], record: (id: string) => { state: number; due: number }): number | undefined {
  const dues = deck.map((c) => record(c.id)).filter((r) => r.state !== State.New).map((r) => r.due);
  return dues.length ? Math.min(...dues) : undefined;
}

function Done({ next, dates, now }: { next: number | undefined; dates: ReturnType<typeof useDates>; now: number }) {
  const t = useT();
  return (
    <div className="drills-done" data-testid="drills-done">
      <h3>{t('drills.done.title')}</h3>
      {next !== undefined && <p>{t('drills.done.next', { when: dates.when(next, now), date: dates.date(next) })}</p>}
      <p className="lesson-muted">{t('drills.done.more')}</p>
    </div>
  );
}
