/**
 * Loads the narrator's sentences (sentences.ts) once. Until they are here the narrator has
 * nothing to say, which is also what it says on loading the page; `sentencesLoaded` lets a view
 * (and a test that awaited `loadSentences`) have them on its first render.
 */
import type * as SentencesModule from './sentences';

export type Sentences = typeof SentencesModule;

let loaded: Sentences | undefined;
let loading: Promise<Sentences> | undefined;

export function loadSentences(): Promise<Sentences> {
  loading ??= import('./sentences').then((m) => (loaded = m));
  return loading;
}

export function sentencesLoaded(): Sentences | undefined {
  return loaded;
}
