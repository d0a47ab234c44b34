/**
 * Which language the UI speaks: the learner's explicit choice (remembered in localStorage), else
 * the browser's preferred languages, else English. Storage is optional: private modes and
 * sandboxed frames may refuse it, and the UI must still work.
 */
import { createStore } from 'zustand/vanilla';
import { LOCALES, type Locale } from './catalog';

export const LOCALE_STORAGE_KEY = 'reconcile.locale';

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function isLocale(s: string | null | undefined): s is Locale {
  return s !== null && s !== undefined && (LOCALES as readonly string[]).includes(s);
}

/** Maps browser language tags to a supported locale: any Chinese tag → zh-CN (the only Chinese we have). */
export function localeFromLanguages(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const lower = tag.toLowerCase();
    if (lower === 'en' || lower.startsWith('en-')) return 'en';
    if (lower === 'zh' || lower.startsWith('zh-')) return 'zh-CN';
  }
  return 'en';
}

export function initialLocale(storage: KeyValueStorage | undefined, languages: readonly string[]): Locale {
  let saved: string | null;
  try {
    saved = storage?.getItem(LOCALE_STORAGE_KEY) ?? null;
  } catch {
    saved = null;
  }
  return isLocale(saved) ? saved : localeFromLanguages(languages);
}

export function createLocaleStore(storage: KeyValueStorage | undefined, languages: readonly string[]) {
  const store = createStore<{ locale: Locale }>()(() => ({ locale: initialLocale(storage, languages) }));
  const setLocale = (locale: Locale): void => {
    store.setState({ locale });
    try {
      storage?.setItem(LOCALE_STORAGE_KEY, locale);
    } catch {
      // Not remembered, but still switched.
    }
  };
  return { store, setLocale };
}

export type LocaleStore = ReturnType<typeof createLocaleStore>;
