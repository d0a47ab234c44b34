/**
 * Vitest setup: every lazily loaded feature's strings, as if its chunk had loaded
 * (lazy-modules.ts), and the narrator's sentences, so a static render narrates at once.
 */
import { loadSentences } from '../narration/load-sentences';
import { addAllMessages } from './lazy-modules';

addAllMessages();
await loadSentences();
