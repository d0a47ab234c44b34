/**
 * Whether the learner asked the system for reduced motion, following changes live. Our own
 * because the diagram must know it before the animation library (a lazy chunk) has loaded.
 */
import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  if (typeof matchMedia !== 'function') return () => undefined;
  const mq = matchMedia(QUERY);
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
}

const current = (): boolean => typeof matchMedia === 'function' && matchMedia(QUERY).matches;

export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, current, () => false);
}
