/**
 * The drills' words the page shows before the drills page is opened (the header's button, a
 * finished lesson's way back to its card); the drills page's own (drills.ts) load with it.
 */
import type { Translations } from '../plural';

export const en = {
  'drills.button': 'Drills',
  'drills.buttonHint': 'Interview questions and misconceptions, with spaced repetition',
  'drills.backToCard': 'Back to the card',
} as const;

export const zh: Translations<typeof en> = {
  'drills.button': '面试练习',
  'drills.buttonHint': '面试题与常见误区，按间隔重复安排复习',
  'drills.backToCard': '回到这张卡片',
};
