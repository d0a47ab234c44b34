/**
 * kubectl's help texts, completion scripts and explain's descriptions arrive on chunks of their
 * own after the cluster is ready (kubectl/chunks.ts), and kubectl runs synchronously, printing a
 * stand-in until they are in. The gate keeps the page from ever seeing that stand-in: a command
 * whose line may read a chunk, arriving before the chunks, waits for them, and every message after
 * it waits behind it, so the page's requests are still handled one by one in the order sent
 * (each ack after the one before). Should the load fail, the held messages run as they are.
 */
import type { ToWorker } from '../protocol/messages';
import type { SimHost } from './host';

export interface Chunks {
  loaded(): boolean;
  load(): Promise<void>;
  /** Whether a command line may read a chunk. */
  readBy(line: string): boolean;
}

export function gateOnChunks(host: SimHost, chunks: Chunks): SimHost {
  /** Messages held while the chunks load, in arrival order; undefined when none are held. */
  let held: ToWorker[] | undefined;
  let failed = false;
  const release = (): void => {
    const queue = held ?? [];
    held = undefined;
    for (const msg of queue) handle(msg);
  };
  function handle(msg: ToWorker): void {
    if (held) {
      held.push(msg);
      return;
    }
    if (msg.type === 'command' && !failed && !chunks.loaded() && chunks.readBy(msg.line)) {
      held = [msg];
      chunks.load().then(release, () => {
        failed = true;
        release();
      });
      return;
    }
    host.handle(msg);
  }
  return { handle };
}
