/**
 * The narrator's sentences — the code that words each trace record (log.ts, narrate.ts and what
 * they use) and its strings in both languages — as one lazily loaded chunk: the page paints
 * without them and AriaNarrator loads them at once (load-sentences.ts).
 */
import * as narrationMessages from '../i18n/messages/narration';
import { addMessages } from '../i18n/catalog';

addMessages(narrationMessages);

export { narrationLog } from './log';
