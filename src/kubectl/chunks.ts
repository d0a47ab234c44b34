/**
 * Every data chunk kubectl loads lazily (lazy-chunk.ts), in one call for those that start or
 * await them all: the worker once the cluster is ready, the headless runner and the transcript
 * tests before their first command. The worker also holds a line that would print a chunk's data
 * until the chunks are in (worker/chunk-gate.ts), so a learner never sees the stand-in text.
 */
import { apiDocs, loadApiDocs } from './explain/load';
import { kubectlHelp, loadKubectlHelp } from './help/load';

export async function loadKubectlChunks(): Promise<void> {
  await Promise.all([loadApiDocs(), loadKubectlHelp()]);
}

export function kubectlChunksLoaded(): boolean {
  return kubectlHelp() !== undefined && apiDocs() !== undefined;
}

/** The words that make kubectl read a chunk: the help texts and completion scripts, explain's descriptions. */
const CHUNK_WORDS = new Set(['completion', 'help', '--help', '-h', 'options', 'explain']);

/**
 * Whether a typed line may read a chunk: any word of it is one of CHUNK_WORDS (shell punctuation
 * splits words too, so `source <(kubectl completion bash)` counts). Generous on purpose: a line
 * held that did not need it only waits for a download that was under way anyway.
 */
export function lineReadsChunks(line: string): boolean {
  return line.split(/[\s;|&()<>'"`]+/).some((w) => CHUNK_WORDS.has(w) || w.startsWith('--help='));
}
