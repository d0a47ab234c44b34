/** The kubelet's per-container bookkeeping of a Pod worker, created on first use. */
import type { ContainerBook, PodWorker } from './state';

export function containerBook(wk: PodWorker, name: string): ContainerBook {
  let book = wk.containers.get(name);
  if (!book) wk.containers.set(name, (book = { probes: [] }));
  return book;
}
