/** Whether the page is phone-sized (one view at a time, in tabs). */
import { useSyncExternalStore } from 'react';

export const NARROW_QUERY = '(max-width: 760px)';

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const m = window.matchMedia(NARROW_QUERY);
  m.addEventListener('change', onChange);
  return () => m.removeEventListener('change', onChange);
}

export function useNarrow(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(NARROW_QUERY).matches : false),
    () => false,
  );
}
