/**
 * Which presenter an audience window follows. A presenter's id lives in sessionStorage (it
 * survives reloads and topology switches of that tab); the audience window it opens is named
 * after it, and window.name survives the audience's own reloads. A second Reconcile tab in the
 * same browser therefore never steers someone else's projector.
 */
import type { KeyValueStorage } from '../i18n/locale';

export const PRESENTER_ID_KEY = 'reconcile.presenter-id';
const WINDOW_PREFIX = 'reconcile-audience-';

function randomId(): string {
  const bytes = new Uint8Array(8);
  // getRandomValues (unlike randomUUID) also works on plain-http classroom servers.
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function presenterId(storage: KeyValueStorage | undefined): string {
  try {
    const saved = storage?.getItem(PRESENTER_ID_KEY);
    if (saved && /^[0-9a-f]{16}$/.test(saved)) return saved;
    const id = randomId();
    storage?.setItem(PRESENTER_ID_KEY, id);
    return id;
  } catch {
    return randomId();
  }
}

let pageId: string | undefined;

/** This tab's presenter id (stable for the page's lifetime even without storage). */
export function pagePresenterId(): string {
  if (pageId === undefined) {
    let storage: KeyValueStorage | undefined;
    try {
      storage = window.sessionStorage;
    } catch {
      storage = undefined;
    }
    pageId = presenterId(storage);
  }
  return pageId;
}

export function audienceWindowName(id: string): string {
  return `${WINDOW_PREFIX}${id}`;
}

/** The presenter an audience window was opened by, from its window.name. */
export function presenterOfWindow(name: string): string | undefined {
  return name.startsWith(WINDOW_PREFIX) ? name.slice(WINDOW_PREFIX.length) || undefined : undefined;
}
