/**
 * Presenter mode: large type, a high-contrast theme and answers hidden, for projecting in class.
 * It is the class `presenter` on <html> (presenter.css does the rest), remembered in
 * localStorage. Storage is optional, as for the locale: a refused storage only forgets.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { KeyValueStorage } from '../i18n/locale';
import './presenter.css';

export const PRESENTER_STORAGE_KEY = 'reconcile.presenter';
export const PRESENTER_CLASS = 'presenter';
/** The audience window: always presenter-styled, and view-only. */
export const AUDIENCE_CLASS = 'audience';

/** What presenter mode changes on the page (document.documentElement in the browser). */
export interface ClassTarget {
  classList: { toggle(name: string, force?: boolean): boolean };
}

export function readPresenterMode(storage: KeyValueStorage | undefined): boolean {
  try {
    return storage?.getItem(PRESENTER_STORAGE_KEY) === 'on';
  } catch {
    return false;
  }
}

export function writePresenterMode(storage: KeyValueStorage | undefined, on: boolean): void {
  try {
    storage?.setItem(PRESENTER_STORAGE_KEY, on ? 'on' : 'off');
  } catch {
    // Not remembered, but still switched.
  }
}

export interface PresenterMode {
  store: StoreApi<{ on: boolean }>;
  set(on: boolean): void;
  toggle(): void;
}

/** Reads the remembered choice and applies it to `root` at once (before the first paint of the app). */
export function createPresenterMode(storage: KeyValueStorage | undefined, root: ClassTarget | undefined): PresenterMode {
  const store = createStore<{ on: boolean }>()(() => ({ on: readPresenterMode(storage) }));
  root?.classList.toggle(PRESENTER_CLASS, store.getState().on);
  const set = (on: boolean): void => {
    store.setState({ on });
    root?.classList.toggle(PRESENTER_CLASS, on);
    writePresenterMode(storage, on);
  };
  return { store, set, toggle: () => set(!store.getState().on) };
}

function browserStorage(): KeyValueStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

let pageMode: PresenterMode | undefined;

/** The page's presenter mode (one per document). */
export function pagePresenterMode(): PresenterMode {
  pageMode ??= createPresenterMode(browserStorage(), typeof document === 'undefined' ? undefined : document.documentElement);
  return pageMode;
}
