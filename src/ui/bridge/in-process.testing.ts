/**
 * Test support: the real simulation host run in-process behind a WorkerPort, with messages
 * structured-cloned and delivered asynchronously, as postMessage would; and a served cluster's
 * host for an attached page (src/serve/attach/host.ts), its messages as JSON text, as the
 * WebSocket carries them.
 */
import type { FromWorker, ToWorker } from '../../protocol/messages';
import { attachHost, type AttachOptions } from '../../serve/attach/host';
import type { ServedCluster } from '../../serve/cluster';
import { createSimHost, type Budgets } from '../../worker/host';
import type { WorkerEvents, WorkerFactory } from './bridge';

export interface FakeWorker {
  events: WorkerEvents;
  received: ToWorker[];
  terminated: boolean;
}

export interface PortOptions {
  /** Drop this message from the worker instead of delivering it. */
  drop?: (m: FromWorker) => boolean;
  /** Never answer (a hung worker). */
  hang?: (m: ToWorker) => boolean;
  /** The outbox's budgets (the real ones unless given). */
  budgets?: Budgets;
}

export function inProcess(opts: PortOptions = {}) {
  const workers: FakeWorker[] = [];
  const factory: WorkerFactory = (events) => {
    const w: FakeWorker = { events, received: [], terminated: false };
    workers.push(w);
    let hung = false;
    const host = createSimHost(
      (m) => {
        const copy = structuredClone(m);
        queueMicrotask(() => {
          if (!w.terminated && !opts.drop?.(copy)) events.onMessage(copy);
        });
      },
      undefined,
      undefined,
      opts.budgets,
    );
    return {
      post(msg) {
        const copy = structuredClone(msg);
        w.received.push(copy);
        queueMicrotask(() => {
          if (w.terminated || hung) return;
          if (opts.hang?.(copy)) hung = true;
          else host.handle(copy);
        });
      },
      terminate() {
        w.terminated = true;
      },
    };
  };
  return { factory, workers };
}

export const settle = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

/** Pages attached to `cluster` (each port a connection of its own), as `reconcile serve --open` attaches them. */
export function attachedInProcess(cluster: ServedCluster, opts: AttachOptions & Pick<PortOptions, 'drop'> = {}) {
  const workers: FakeWorker[] = [];
  const factory: WorkerFactory = (events) => {
    const w: FakeWorker = { events, received: [], terminated: false };
    workers.push(w);
    const host = attachHost(
      cluster,
      (m) => {
        const copy = JSON.parse(JSON.stringify(m)) as FromWorker;
        queueMicrotask(() => {
          if (!w.terminated && !opts.drop?.(copy)) events.onMessage(copy);
        });
      },
      opts,
    );
    return {
      post(msg) {
        const copy = JSON.parse(JSON.stringify(msg)) as ToWorker;
        w.received.push(copy);
        queueMicrotask(() => {
          if (!w.terminated) host.handle(copy);
        });
      },
      terminate() {
        w.terminated = true;
        host.close();
      },
    };
  };
  return { factory, workers };
}
