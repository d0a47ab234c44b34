/**
 * Registers the service worker the build generates (vite-plugin-pwa): offline use after the first
 * visit, and the update prompt when a new version waits. Loaded by the composition root with a
 * dynamic import, and only in the built app, so neither this nor workbox-window weighs on the
 * entry, and `npm run dev` never registers a worker.
 */
/// <reference types="vite-plugin-pwa/vanillajs" />
import { registerSW } from 'virtual:pwa-register';
import { offerUpdate } from './update';

export function registerServiceWorker(): void {
  const activate = registerSW({
    onNeedRefresh: () => offerUpdate(() => void activate()),
  });
}
