/**
 * Whether the drills page is open, which of its views shows, and the card a link asked for (a
 * finished lesson's "prepares you for" list, a demonstration's way back). The header button, the
 * lesson panel and the page itself act on it.
 */
import { createStore } from 'zustand/vanilla';

export const DRILL_VIEWS = ['practice', 'mock', 'progress'] as const;
export type DrillView = (typeof DRILL_VIEWS)[number];

export interface DrillsPageState {
  open: boolean;
  view: DrillView;
  /** The card to show first in Practice, whether due or not. */
  card?: string;
}

export const drillsStore = createStore<DrillsPageState>()(() => ({ open: false, view: 'practice' }));

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
