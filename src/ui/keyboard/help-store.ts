/**
 * Whether the shortcut help is open. Its own tiny store (not the app store, which the lead owns):
 * the `?` key, the help button and the dialog live in different parts of the page and share it.
 * One per page, like the page's single keyboard listener.
 */
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

interface HelpState {
  open: boolean;
}

export const helpStore = createStore<HelpState>()(() => ({ open: false }));

export function openHelp(): void {
  helpStore.setState({ open: true });
}

export function closeHelp(): void {
  helpStore.setState({ open: false });
}

export function useHelpOpen(): boolean {
  return useStore(helpStore, (s) => s.open);
}
