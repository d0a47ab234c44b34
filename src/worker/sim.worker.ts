/**
 * Web Worker entry: wires the SimHost to postMessage. Everything testable lives in host.ts.
 */
import { kubectlChunksLoaded, lineReadsChunks, loadKubectlChunks } from '../kubectl/chunks';
import { isToWorker, type FromWorker } from '../protocol/messages';
import { createSimHost } from './host';
import { gateOnChunks } from './chunk-gate';

declare const self: DedicatedWorkerGlobalScope;

/** Scale-mode diffs: one per display frame, so the page folds one budget's worth per frame (outbox.ts). */
const FRAME_MS = 16;

const simHost = createSimHost(
  (msg: FromWorker) => {
    self.postMessage(msg);
    // explain's descriptions and the commands' help are chunks of their own: fetched once the cluster is up, off its boot.
    if (msg.type === 'ready') void loadKubectlChunks();
  },
  undefined,
  { frameMs: FRAME_MS, now: () => performance.now(), later: (fn) => void setTimeout(fn, FRAME_MS) },
);
const host = gateOnChunks(simHost, { loaded: kubectlChunksLoaded, load: loadKubectlChunks, readBy: lineReadsChunks });

self.addEventListener('message', (ev: MessageEvent<unknown>) => {
  if (isToWorker(ev.data)) host.handle(ev.data);
  else self.postMessage({ type: 'error', epoch: -1, message: 'malformed message to the simulation worker', fatal: false } satisfies FromWorker);
});
