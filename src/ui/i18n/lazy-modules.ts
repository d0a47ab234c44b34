/**
 * The message modules loaded with their feature rather than with the page (catalog.ts
 * LazyModules). Only the features themselves and tests import this list: importing it from the
 * page's entry would put every string back into the first paint's JavaScript.
 */
import * as drills from './messages/drills';
import * as instructor from './messages/instructor';
import * as narration from './messages/narration';
import * as nodeGrid from './messages/node-grid';
import * as sequenceRates from './messages/sequence-rates';
import { addMessages } from './catalog';

export const LAZY_MODULES = [instructor, drills, nodeGrid, sequenceRates, narration] as const;

/** Every lazy module's strings, at once (tests, and anything rendering those features outside their chunks). */
export function addAllMessages(): void {
  for (const m of LAZY_MODULES) addMessages(m);
}
