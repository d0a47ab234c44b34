/**
 * React access to the app store. Selectors passed to useApp must return stable references
 * (a slice of state, not a freshly built array); derive lists with useMemo in the component.
 */
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { AppState, AppStore } from './store';

export const AppStoreContext = createContext<AppStore | null>(null);

export function useAppStore(): AppStore {
  const store = useContext(AppStoreContext);
  if (!store) throw new Error('useApp needs an <AppStoreContext.Provider>');
  return store;
}

export function useApp<T>(selector: (s: AppState) => T): T {
  return useStore(useAppStore(), selector);
}
