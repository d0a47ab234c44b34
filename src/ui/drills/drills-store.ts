/**
 * Whether the drills page is open, which of its views shows, and the card a link asked for (a
 * finished lesson's "prepares you for" list, a demonstration's way back). The header button, the
 * lesson panel and the page itself act on it.
 *
 * It also holds what happened to each card in this visit (answer revealed, misconception judged,
 * graded): the page closes while a card's demonstration plays on the stage, and the learner comes
 * back to the card as they left it. Answers and ticked points are saved progress (ProgressStore);
 * this is not, and a reload starts it afresh.
 */
import { createStore } from 'zustand/vanilla';
import type { Grade } from '../../lesson-runtime/srs';

export const DRILL_VIEWS = ['practice', 'mock', 'progress'] as const;
export type DrillView = (typeof DRILL_VIEWS)[number];

export interface Graded {
  rating: Grade;
  due: number;
  at: number;
}

export interface CardSession {
  revealed?: boolean;
  /** A misconception card's first judgement (true: "the statement is true"). */
  judged?: boolean;
  graded?: Graded;
}

export interface DrillsPageState {
  open: boolean;
  view: DrillView;
  /** The card to show first in Practice, whether due or not. */
  card?: string;
  /** Per card id, what the learner did with it since the page loaded. */
  sessions: Record<string, CardSession>;
}

export const drillsStore = createStore<DrillsPageState>()(() => ({ open: false, view: 'practice', sessions: {} }));

export function updateCardSession(id: string, patch: CardSession): void {
  drillsStore.setState((s) => ({ sessions: { ...s.sessions, [id]: { ...s.sessions[id], ...patch } } }));
}

/** Opens the page; with a card id (or a lesson's reference such as `q03`), at that card. */
export function openDrills(card?: string): void {
  drillsStore.setState(card ? { open: true, view: 'practice', card } : { open: true });
}

export function closeDrills(): void {
  drillsStore.setState({ open: false, card: undefined });
}

export function showDrillView(view: DrillView): void {
  drillsStore.setState({ view });
}
