/**
 * The narration panel's frame (its title, and what it says before the first step): on screen at
 * first paint. The sentences themselves (narration.ts) load with the narrator's code
 * (src/ui/narration/sentences.ts) just after.
 */
import type { Translations } from '../plural';

export const en = {
  'narration.title': 'Narration',
  'narration.empty': 'Step or play to read here what each message means.',
} as const;

export const zh: Translations<typeof en> = {
  'narration.title': '旁白',
  'narration.empty': '单步前进或播放，这里会说明每条消息的含义。',
};
