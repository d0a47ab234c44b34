/**
 * The app's update, as the page sees it: a new version has been installed by the service worker
 * and waits for the learner (registerType 'prompt'), so code never changes under a running lesson.
 * `apply` activates the waiting version; the page then reloads, its run kept in the address and
 * its lesson progress saved on the way out.
 */
import { createStore } from 'zustand/vanilla';

export interface UpdateState {
  /** Present while a new version waits and the learner has not put it off. */
  apply: (() => void) | undefined;
}

export const updateStore = createStore<UpdateState>(() => ({ apply: undefined }));

/** A new version is waiting; `apply` switches to it. */
export function offerUpdate(apply: () => void): void {
  updateStore.setState({ apply });
}

/** "Later": the prompt goes away until the next page load, and the waiting version with it. */
export function dismissUpdate(): void {
  updateStore.setState({ apply: undefined });
}
