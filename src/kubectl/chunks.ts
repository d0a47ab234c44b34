/**
 * Every data chunk kubectl loads lazily (lazy-chunk.ts), in one call for those that start or
 * await them all: the worker once the cluster is ready, the headless runner and the transcript
 * tests before their first command.
 */
import { loadApiDocs } from './explain/load';
import { loadKubectlHelp } from './help/load';

export async function loadKubectlChunks(): Promise<void> {
  await Promise.all([loadApiDocs(), loadKubectlHelp()]);
}
