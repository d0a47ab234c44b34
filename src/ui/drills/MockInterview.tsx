/**
 * A mock interview: a few random drills, one at a time, each against a visible countdown (the
 * learner may move on early; at zero the next question comes). Then the review: each answer beside
 * the model answer, the key points to tick, the unticked ones marked missed with the lesson steps
 * that teach them. Answers here are the interview's own; they do not touch the practice cards.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '../i18n/react';
import { RichText } from '../lessons/RichText';
import { useText } from '../lessons/react';
import { useDrills } from './context';
import { formatClock, missedPoints, pickMock, toggleIndex, type DeckCard } from './deck';
import { DemoButton } from './DemoButton';
import { LessonLinks } from './LessonLinks';
import { cardNumber } from './refs';

const COUNTS = [1, 3, 5] as const;
const SECONDS = [30, 60, 120, 180, 300] as const;

type Mock =
  | { phase: 'setup' }
  | { phase: 'running'; ids: string[]; index: number; limitMs: number; startedAt: number; answers: string[]; took: number[]; timedOut: boolean }
  | { phase: 'review'; ids: string[]; answers: string[]; took: number[]; ticked: number[][] };

type DrillCard = Extract<DeckCard, { kind: 'drill' }>;

export function MockInterview() {
  const t = useT();
  const { progress } = useDrills();
  const drills = progress.deck.filter((c): c is DrillCard => c.kind === 'drill');
  const [count, setCount] = useState<number>(3);
  const [seconds, setSeconds] = useState<number>(180);
  const [mock, setMock] = useState<Mock>({ phase: 'setup' });
  const [now, setNow] = useState(() => Date.now());
  const countId = useId();
  const secondsId = useId();

  const running = mock.phase === 'running';
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [running]);

  /** Moves past question `index` (once: a click and the clock reaching zero may both ask). */
  const advance = (index: number, timedOut: boolean): void =>
    setMock((m) => {
      if (m.phase !== 'running' || m.index !== index) return m;
      const at = Date.now();
      const took = [...m.took];
      took[index] = Math.min(m.limitMs, at - m.startedAt);
      if (index + 1 >= m.ids.length) return { phase: 'review', ids: m.ids, answers: m.answers, took, ticked: m.ids.map(() => []) };
      return { ...m, index: index + 1, startedAt: at, took, timedOut };
    });

  useEffect(() => {
    if (mock.phase === 'running' && now - mock.startedAt >= mock.limitMs) advance(mock.index, true);
  }, [now, mock]);

  const start = (): void => {
    const ids = pickMock(
      drills.map((d) => d.id),
      count,
      Math.random,
    );
    const at = Date.now();
    setNow(at);
    setMock({ phase: 'running', ids, index: 0, limitMs: seconds * 1000, startedAt: at, answers: ids.map(() => ''), took: [], timedOut: false });
  };

  if (mock.phase === 'running') {
    const card = drills.find((d) => d.id === mock.ids[mock.index])!;
    return (
      <Question
        key={mock.index}
        card={card}
        n={mock.index + 1}
        total={mock.ids.length}
        remaining={mock.limitMs - (now - mock.startedAt)}
        timedOut={mock.timedOut}
        answer={mock.answers[mock.index] ?? ''}
        onAnswer={(text) => setMock((m) => (m.phase === 'running' ? { ...m, answers: m.answers.map((a, i) => (i === m.index ? text : a)) } : m))}
        onNext={() => advance(mock.index, false)}
      />
    );
  }
  if (mock.phase === 'review') {
    return (
      <Review
        cards={mock.ids.map((id) => drills.find((d) => d.id === id)!)}
        answers={mock.answers}
        took={mock.took}
        ticked={mock.ticked}
        onTick={(q, p) => setMock((m) => (m.phase === 'review' ? { ...m, ticked: m.ticked.map((tk, i) => (i === q ? toggleIndex(tk, p) : tk)) } : m))}
        onAgain={() => setMock({ phase: 'setup' })}
      />
    );
  }
  return (
    <section className="drills-mock" data-testid="mock-setup">
      <p>{t('drills.mock.intro')}</p>
      <div className="drills-mock-setup">
        <label htmlFor={countId}>{t('drills.mock.count')}</label>
        <select id={countId} value={count} onChange={(e) => setCount(Number(e.target.value))} data-testid="mock-count">
          {COUNTS.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
        <label htmlFor={secondsId}>{t('drills.mock.duration')}</label>
        <select id={secondsId} value={seconds} onChange={(e) => setSeconds(Number(e.target.value))} data-testid="mock-duration">
          {SECONDS.map((s) => (
            <option key={s} value={s}>
              {s < 60 ? t('drills.mock.seconds', { seconds: s }) : t('drills.mock.minutes', { count: s / 60 })}
            </option>
          ))}
        </select>
        <button type="button" className="primary" onClick={start} data-testid="mock-start">
          {t('drills.mock.start')}
        </button>
      </div>
    </section>
  );
}

interface QuestionProps {
  card: DrillCard;
  n: number;
  total: number;
  remaining: number;
  timedOut: boolean;
  answer: string;
  onAnswer: (text: string) => void;
  onNext: () => void;
}

function Question({ card, n, total, remaining, timedOut, answer, onAnswer, onNext }: QuestionProps) {
  const t = useT();
  const text = useText();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="drills-mock" aria-labelledby={`${id}-q`} data-testid="mock-question" data-card={card.id} data-n={n}>
      <div className="drills-mock-bar">
        <p className="lesson-muted">{t('drills.mock.questionOf', { n, total })}</p>
        <p className={`drills-timer${remaining <= 30_000 ? ' low' : ''}`} role="timer" aria-label={t('drills.mock.timeLeft')} data-testid="mock-timer">
          {formatClock(remaining)}
        </p>
      </div>
      {timedOut && (
        <p className="notice" role="status">
          {t('drills.mock.timeUp')}
        </p>
      )}
      <h3 id={`${id}-q`} tabIndex={-1} ref={heading}>
        <span className="lesson-number">{cardNumber(card.id)}</span> {text(card.drill.question)}
      </h3>
      <p className="drills-tests">
        <strong>{t('drills.tests')}</strong> {text(card.drill.tests)}
      </p>
      <label className="drills-answer-label" htmlFor={id}>
        {t('drills.yourAnswer')}
      </label>
      <textarea id={id} className="drills-answer" rows={8} value={answer} onChange={(e) => onAnswer(e.target.value)} data-testid="mock-answer" />
      <div className="lesson-actions">
        <button type="button" className="primary" onClick={onNext} data-testid="mock-next">
          {n === total ? t('drills.mock.finish') : t('drills.mock.next')} →
        </button>
      </div>
    </section>
  );
}

interface ReviewProps {
  cards: DrillCard[];
  answers: string[];
  took: number[];
  ticked: number[][];
  onTick: (question: number, point: number) => void;
  onAgain: () => void;
}

function Review({ cards, answers, took, ticked, onTick, onAgain }: ReviewProps) {
  const t = useT();
  const text = useText();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const total = cards.reduce((n, c) => n + c.drill.points.length, 0);
  const covered = ticked.reduce((n, tk) => n + tk.length, 0);
  return (
    <section className="drills-mock" data-testid="mock-review">
      <h3 tabIndex={-1} ref={heading}>
        {t('drills.mock.review')}
      </h3>
      <p>{t('drills.mock.summary', { covered, total })}</p>
      <ol className="drills-mock-results">
        {cards.map((c, q) => {
          const mine = ticked[q] ?? [];
          const missed = missedPoints(c.drill.points.length, mine);
          return (
            <li key={c.id} className="drills-mock-result" data-testid="mock-result" data-card={c.id}>
              <h4>
                <span className="lesson-number">{cardNumber(c.id)}</span> {text(c.drill.question)}
              </h4>
              <p className="lesson-muted">{t('drills.mock.took', { time: formatClock(took[q] ?? 0) })}</p>
              <div className="drills-compare">
                <div>
                  <h5>{t('drills.mock.youSaid')}</h5>
                  <p className="drills-said" data-testid="mock-said">
                    {answers[q]?.trim() ? answers[q] : t('drills.mock.nothing')}
                  </p>
                </div>
                <div>
                  <h5>{t('drills.mock.model')}</h5>
                  <RichText text={text(c.drill.short)} />
                </div>
              </div>
              <fieldset className="drills-points">
                <legend>{t('drills.points')}</legend>
                {c.drill.points.map((p, i) => {
                  const miss = missed.includes(i);
                  return (
                    <label key={i} className={`drills-point${miss ? ' missed' : ''}`}>
                      <input type="checkbox" checked={!miss} onChange={() => onTick(q, i)} data-point={i} />
                      <RichText text={text(p)} as="span" />
                      <span className={`tag ${miss ? 'missed' : 'held'}`} data-testid={miss ? 'point-missed' : 'point-covered'}>
                        {t(miss ? 'drills.mock.missed' : 'drills.mock.covered')}
                      </span>
                    </label>
                  );
                })}
              </fieldset>
              {missed.length > 0 && (
                <div>
                  <h5>{t('drills.mock.study')}</h5>
                  <LessonLinks links={c.drill.lessons} />
                </div>
              )}
              <div className="lesson-actions">
                <DemoButton card={c} />
              </div>
            </li>
          );
        })}
      </ol>
      <button type="button" onClick={onAgain} data-testid="mock-again">
        {t('drills.mock.again')}
      </button>
    </section>
  );
}
