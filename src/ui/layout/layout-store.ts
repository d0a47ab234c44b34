/**
 * The page's layout choices that several components act on: which dock tab is open (a keyboard
 * shortcut, a lesson or "show in inspector" opens one) and which view a phone shows. Remembered
 * per user where storage allows.
 */
import { createStore } from 'zustand/vanilla';
import { readChoice, writeChoice } from './remembered';

export const DOCK_TABS = ['terminal', 'editor', 'inspector', 'events', 'traffic', 'lists'] as const;
export type DockTab = (typeof DOCK_TABS)[number];

export const PHONE_VIEWS = ['stage', 'story', 'terminal', 'tools'] as const;
export type PhoneView = (typeof PHONE_VIEWS)[number];

export interface LayoutState {
  dock: DockTab;
  phone: PhoneView;
  /** The instructor console, open beside the diagram in place of the story column. */
  instructor: boolean;
  /** A fresh page (no run from a link, no lesson resuming): the terminal greets the learner. */
  greet: boolean;
  /**
   * The object something asked the inspector to show (a Pod clicked on the diagram), by storage
   * key; `seq` grows with every ask, so asking for the same object again selects it again.
   */
  inspect?: { key: string; seq: number };
}

const DOCK_KEY = 'reconcile.dock';

function initialDock(): DockTab {
  const saved = typeof window === 'undefined' ? undefined : readChoice(DOCK_KEY);
  return (DOCK_TABS as readonly string[]).includes(saved ?? '') ? (saved as DockTab) : 'terminal';
}

export const layoutStore = createStore<LayoutState>()(() => ({ dock: initialDock(), phone: 'stage', instructor: false, greet: false }));

export function toggleInstructor(): void {
  const open = !layoutStore.getState().instructor;
  layoutStore.setState(open ? { instructor: true, phone: 'story' } : { instructor: false });
}

/** Opens a dock tab (and, on a phone, the view that holds the dock's tools). */
export function openDock(tab: DockTab): void {
  writeChoice(DOCK_KEY, tab);
  layoutStore.setState({ dock: tab, phone: tab === 'terminal' ? 'terminal' : layoutStore.getState().phone === 'terminal' ? 'terminal' : 'tools' });
}

/** Opens the inspector with one object selected (its tree opened down to it). */
export function inspectObject(key: string): void {
  layoutStore.setState({ inspect: { key, seq: (layoutStore.getState().inspect?.seq ?? 0) + 1 } });
  openDock('inspector');
}

export function showPhoneView(view: PhoneView): void {
  layoutStore.setState({ phone: view });
}
