/**
 * The real worker: a module worker built by Vite from src/worker/sim.worker.ts. It is served from
 * our own origin, so the CSP needs only `worker-src 'self'` (no blob:, no inline worker).
 */
import type { WorkerFactory } from './bridge';

export const createBrowserWorker: WorkerFactory = (events) => {
  const worker = new Worker(new URL('../../worker/sim.worker.ts', import.meta.url), { type: 'module', name: 'reconcile-sim' });
  worker.addEventListener('message', (ev: MessageEvent<unknown>) => events.onMessage(ev.data));
  worker.addEventListener('error', (ev: ErrorEvent) => {
    // Handled here (restart + replay), so it must not also surface as an uncaught page error.
    ev.preventDefault();
    events.onCrash(ev.message || 'the simulation worker stopped');
  });
  worker.addEventListener('messageerror', () => events.onCrash('a message from the simulation worker could not be read'));
  return {
    post: (msg) => worker.postMessage(msg),
    terminate: () => worker.terminate(),
  };
};
