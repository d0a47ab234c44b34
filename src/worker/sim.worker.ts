/**
 * Web Worker entry: wires the SimHost to postMessage. Everything testable lives in host.ts.
 */
import { isToWorker, type FromWorker } from '../protocol/messages';
import { createSimHost } from './host';

declare const self: DedicatedWorkerGlobalScope;

const host = createSimHost((msg: FromWorker) => self.postMessage(msg));

self.addEventListener('message', (ev: MessageEvent<unknown>) => {
  if (isToWorker(ev.data)) host.handle(ev.data);
  else self.postMessage({ type: 'error', epoch: -1, message: 'malformed message to the simulation worker', fatal: false } satisfies FromWorker);
});
