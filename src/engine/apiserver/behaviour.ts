import type { Behaviour } from '../behaviour';
import { closeWatchesOf } from './watch';
import { bootstrapObjects } from './bootstrap';

/**
 * kube-apiserver has no loop of its own: it serves requests synchronously (handler.ts). When
 * it stops, every watch it served closes and the watchers' reflectors relist elsewhere.
 */
export const apiServerBehaviour: Behaviour<'kube-apiserver'> = {
  start(w, self) {
    bootstrapObjects(w, self.id);
  },
  stop(w, self) {
    closeWatchesOf(w, self.id);
  },
};
