/**
 * React access to the locale: `useT()` returns a translate function bound to the current locale.
 */
import { createContext, useCallback, useContext } from 'react';
import { useStore } from 'zustand';
import { translate, type Locale, type MessageKey } from './catalog';
import type { LocaleStore } from './locale';

export const LocaleContext = createContext<LocaleStore | null>(null);

function useLocaleStore(): LocaleStore {
  const s = useContext(LocaleContext);
  if (!s) throw new Error('useLocale needs a <LocaleContext.Provider>');
  return s;
}

export function useLocale(): [Locale, (l: Locale) => void] {
  const s = useLocaleStore();
  return [useStore(s.store, (x) => x.locale), s.setLocale];
}

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

export function useT(): Translate {
  const [locale] = useLocale();
  return useCallback<Translate>((key, params) => translate(locale, key, params), [locale]);
}
